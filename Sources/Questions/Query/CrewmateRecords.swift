import Dataset

/// An astronaut's first and last launched missions: part of `moonshot astronaut lovell`.
package struct Career: Equatable, Sendable {
    package let firstFlight: String
    package let firstFlightDate: LaunchDate?
    /// "Apollo 13"; the first again for one flight.
    package let lastFlight: String
    package let lastFlightDate: LaunchDate?
    /// The years from the first launch to the last: 2 for 1968 to 1970.
    package let years: Int
}

/// One line of `moonshot crewmates lovell`: an astronaut who flew with the one asked about.
package struct CrewmateSummary: Equatable, Sendable, FieldRecord {
    package let id: String
    /// The crewmate's name, or nil when the astronauts table has no such astronaut.
    package let name: String?
    package let sharedMissionCount: Int
    /// Those missions in launch order (one missing from the missions table as such).
    package let sharedMissions: [MissionReference]
    package var sharedMissionsMissing: Int { sharedMissions.count { !$0.isInTable } }

    /// The crewmate's crew rows listed here: all of them when the crewmate is missing, and those of missing missions.
    package var crewRowsPointingNowhere: CrewRowsPointingNowhere {
        CrewRowsPointingNowhere(withoutAstronaut: name == nil ? sharedMissionCount : 0, withoutMission: sharedMissionsMissing)
    }
}

extension RecordField<CrewmateSummary> {
    static var crewmateID: Self { Self(.crewmateID, \.id) }
    static var crewmateName: Self { Self(.crewmateName) { record in record.name.map { .text($0) } ?? .missing(.astronaut(id: record.id)) } }
    static var sharedMissionCount: Self { Self(.sharedMissionCount, \.sharedMissionCount) }
    static var sharedMissions: Self { Self(.sharedMissions, list: \.sharedMissions, id: .missionID, name: .missionName, separator: ", ") }
}

/// Two astronauts asked about together: `moonshot crewmates armstrong --with aldrin`.
package struct CrewmatePair: Equatable, Sendable, FieldRecord {
    package let astronaut: AstronautReference
    package let crewmate: AstronautReference

    package init(_ astronaut: AstronautReference, _ crewmate: AstronautReference) {
        (self.astronaut, self.crewmate) = (astronaut, crewmate)
    }
}

extension RecordField<CrewmatePair> {
    static var astronautID: Self { Self(.astronautID) { .text($0.astronaut.id) } }
    static var astronautName: Self { Self(.astronautName) { RecordField<AstronautReference>.astronautName.value($0.astronaut) } }
    static var crewmateID: Self { Self(.crewmateID) { .text($0.crewmate.id) } }
    static var crewmateName: Self { Self(.crewmateName) { RecordField<AstronautReference>.astronautName.value($0.crewmate) } }
}

/// One line of `moonshot crewmates armstrong --with aldrin`: the first astronaut's flight, and the other's role.
package struct SharedFlight: Equatable, Sendable, FieldRecord {
    package let flight: CrewAssignment
    /// The other astronaut's canonical role on the mission.
    package let crewmateRole: String

    package var crewRowsPointingNowhere: CrewRowsPointingNowhere { flight.crewRowsPointingNowhere }
}

extension RecordField<SharedFlight> {
    static var crewmateRole: Self { Self(.crewmateRole, \.crewmateRole) }
}
