/// A named piece of an answer. Every command and every format uses these names and only
/// these: JSON keys and CSV headers are the `rawValue`, table headings the same words in
/// capitals ("LAUNCH DATE"). They are the database's column names where it has the concept.
package enum Field: String, CaseIterable, Sendable {
    case missionID = "mission_id"
    case missionName = "mission_name"
    case badge
    case launchDate = "launch_date"
    case commanderID = "commander_id"
    case commanderName = "commander_name"
    case crewSize = "crew_size"
    case crew
    case position
    case astronautID = "astronaut_id"
    case astronautName = "astronaut_name"
    case role
    case canonicalRole = "canonical_role"
    case missionCount = "mission_count"
    case flights
    case kind
    case snippet
    case description

    /// What the field holds, as the README's "Output fields" table says it.
    package var meaning: String {
        switch self {
        case .missionID: "The mission's number: 11 for Apollo 11."
        case .missionName: "The mission's name: Apollo 11 (for a crew row whose mission is not in the missions table: null or empty, and a table says so)."
        case .badge: "The name of the mission's badge picture in the Moonshot app: apollo11."
        case .launchDate: "The launch date: YYYY-MM-DD in JSON and CSV (null or empty when there is none, as for Apollo 1), Jul 16, 1969 or N/A in tables."
        case .commanderID: "The mission's commander's astronaut id (null or empty when the crew has none): armstrong."
        case .commanderName:
            "The name of the mission's commander (null or empty when the crew has none, or when the commander is not in the astronauts table, which a table says)."
        case .crewSize: "How many astronauts the mission's crew list names."
        case .crew: "A mission's crew members, in crew-list order (JSON only; CSV repeats the mission on each member's line)."
        case .position: "The place in the mission's crew list: 1 for the first."
        case .astronautID: "The astronaut's id, as the source's crew lists name them: armstrong."
        case .astronautName:
            "The astronaut's full name: Neil A. Armstrong (for a crew row whose astronaut is not in the astronauts table: null or empty, and a table says so)."
        case .role: "The role as the source writes it: Command module pilot."
        case .canonicalRole: "The role in title case, spelt one way: Command Module Pilot (Apollo 1's Command Pilot is Commander). Tables show this one."
        case .missionCount: "How many missions the astronaut flew."
        case .flights: "An astronaut's missions, in launch order (JSON only; CSV repeats the astronaut on each mission's line)."
        case .kind: "What a search hit is: mission or astronaut."
        case .snippet: "The words of a search hit's text that matched, marked *like this*, on one line."
        case .description: "The mission's or astronaut's description, from Wikipedia (CC BY-SA 3.0)."
        }
    }

    /// The heading of a table column: "LAUNCH DATE".
    package var heading: String { rawValue.replacingAll("_", with: " ").uppercased() }

    /// The label of a `Label: value` line: "Launch date".
    package var label: String {
        let words = rawValue.replacingAll("_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
