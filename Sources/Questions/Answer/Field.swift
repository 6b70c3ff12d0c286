/// A named piece of an answer, the only names every command and format uses: JSON keys and CSV headers are the
/// `rawValue`, table headings the same in capitals. They are the database's column names where it has the concept.
package enum Field: String, CaseIterable, Sendable {
    case missionID = "mission_id"
    case missionName = "mission_name"
    case badge
    case launchDate = "launch_date"
    case commanderID = "commander_id"
    case commanderName = "commander_name"
    case crewSize = "crew_size"
    case crewNames = "crew_names"
    case crew
    case position
    case astronautID = "astronaut_id"
    case astronautName = "astronaut_name"
    case role
    case canonicalRole = "canonical_role"
    case missionCount = "mission_count"
    case firstFlight = "first_flight"
    case firstFlightDate = "first_flight_date"
    case lastFlight = "last_flight"
    case lastFlightDate = "last_flight_date"
    case careerYears = "career_years"
    case flights
    case crewmates
    case crewmateID = "crewmate_id"
    case crewmateName = "crewmate_name"
    case sharedMissionCount = "shared_mission_count"
    case sharedMissions = "shared_missions"
    case crewmateRole = "crewmate_role"
    case kind
    case snippet
    case description
}
