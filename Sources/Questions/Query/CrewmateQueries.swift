import SQLite

/// The questions about whom an astronaut flew with, and when (see `CannedQuery.crewmates`).
extension MoonshotDatabase {
    /// Everyone who flew with astronaut `id`, with the missions they shared, most shared first.
    package func crewmates(ofAstronaut id: String) throws -> [CrewmateSummary] {
        try query(.crewmates, ["astronaut_id": .text(id)]) {
            CrewmateSummary(
                id: try $0.notNullText(0), name: $0.text(1), sharedMissionCount: try $0.notNullInt(2), sharedMissions: try $0.missionList(3))
        }
    }

    /// The missions astronauts `id` and `crewmateID` flew together: the first's crew rows with the other's role.
    package func missionsFlownTogether(_ id: String, _ crewmateID: String) throws -> [SharedFlight] {
        try query(.sharedMissions, ["astronaut_id": .text(id), "crewmate_id": .text(crewmateID)]) {
            SharedFlight(flight: try Self.crewAssignment($0), crewmateRole: try $0.notNullText(8))
        }
    }

    /// The first and last launched missions astronaut `id` flew; nil when none launched.
    package func career(ofAstronaut id: String) throws -> Career? {
        try query(.career, ["astronaut_id": .text(id)]) {
            Career(
                firstFlight: try $0.notNullText(0), firstFlightDate: $0.launchDate(1), lastFlight: try $0.notNullText(2),
                lastFlightDate: $0.launchDate(3), years: try $0.notNullInt(4))
        }.first
    }
}
