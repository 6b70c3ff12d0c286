import Questions

/// The words a user reads for each field of an answer: its table heading and its label.
extension Field {
    /// The heading of a table column: "LAUNCH DATE".
    var heading: String { spelled { _ in true } }

    /// The label of a `Label: value` line: "Launch date".
    var label: String { spelled { $0 == 0 } }

    /// Spaces for underscores, the letters at offsets `upper` picks capitalised; bytewise, as every name is ASCII.
    private func spelled(upper: (Int) -> Bool) -> String {
        let bytes = rawValue.utf8.enumerated().map { offset, byte in
            byte == UInt8(ascii: "_") ? UInt8(ascii: " ") : upper(offset) && (0x61...0x7A).contains(byte) ? byte - 0x20 : byte
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What the field holds: the manual's OUTPUT FIELDS and the table in docs/commands.md.
    var meaning: String {
        switch self {
        case .missionID: "The mission's number: 11 for Apollo 11."
        case .missionName:
            "The mission's name: Apollo 11 (for a crew row whose mission is not in the missions table: null or "
                + "empty, and a table says so)."
        case .badge: "The name of the mission's badge picture in the Moonshot app: apollo11."
        case .launchDate:
            "The launch date: YYYY-MM-DD in JSON and CSV (null or empty when there is none, as for Apollo 1), "
                + "Jul 16, 1969 or N/A in tables."
        case .commanderID: "The mission's commander's astronaut id (null or empty when the crew has none): armstrong."
        case .commanderName:
            "The name of the mission's commander (null or empty when the crew has none, or when the commander is not in the"
                + " astronauts table, which a table says)."
        case .crewSize: "How many astronauts the mission's crew list names."
        case .crewNames:
            "The mission's crew in crew-list order ('missions --crew'): in JSON an array of objects with astronaut_id and astronaut_name "
                + "(null when not in the astronauts table); in tables and CSV the names between semicolons, for reading, not for splitting "
                + "(a name may hold one; in CSV a missing name is empty): Neil A. Armstrong; Michael Collins; Edwin E. Aldrin Jr."
        case .crew: "A mission's crew members, in crew-list order (JSON only; CSV repeats the mission on each member's line)."
        case .position: "The place in the mission's crew list: 1 for the first."
        case .astronautID: "The astronaut's id, as the source's crew lists name them: armstrong."
        case .astronautName:
            "The astronaut's full name: Neil A. Armstrong (for a crew row whose astronaut is not in the astronauts table: "
                + "null or empty, and a table says so)."
        case .role: "The role as the source writes it: Command module pilot."
        case .canonicalRole:
            "The role in title case, spelt one way: Command Module Pilot (Apollo 1's Command Pilot is Commander)."
                + " Tables show this one."
        case .missionCount: "How many missions the astronaut was assigned to, as crew rows: Apollo 1 counts, though it never launched."
        case .firstFlight:
            "The first mission the astronaut launched on: Apollo 8 (null or empty, N/A in tables, for one who "
                + "never launched)."
        case .firstFlightDate:
            "The launch date of the astronaut's first flight, as launch_date (null or empty, N/A in tables, for "
                + "one who never launched)."
        case .lastFlight:
            "The last mission the astronaut launched on: Apollo 13 (the first again for one flight; null or empty, N/A in "
                + "tables, for one who never launched)."
        case .lastFlightDate: "The launch date of the astronaut's last flight, as first_flight_date."
        case .careerYears:
            "The last flight's calendar year less the first's: 2 for Dec 1968 to Apr 1970 (not whole years between), 0 for "
                + "one flight (null or empty, N/A in tables, for one who never launched). Flights are the database's missions: "
                + "the built-in data has Apollo's only, so Lovell's Gemini flights do not count."
        case .flights: "An astronaut's missions, in launch order (JSON only; CSV repeats the astronaut on each mission's line)."
        case .crewmates:
            "The astronauts who flew with an astronaut, most shared missions first (JSON only; CSV repeats the "
                + "astronaut on each crewmate's line)."
        case .crewmateID: "The id of an astronaut who flew with the one asked about: haise."
        case .crewmateName: "That astronaut's full name (null or empty when not in the astronauts table, and a table says so)."
        case .sharedMissionCount: "How many missions the two flew together."
        case .sharedMissions:
            "The missions the two flew together, in launch order: in JSON an array of objects with mission_id and mission_name "
                + "(null when not in the missions table); in tables and CSV the names between commas, for reading, not for splitting "
                + "(in CSV a missing name is empty): Apollo 8, Apollo 13."
        case .crewmateRole:
            "The other astronaut's role on the mission, as canonical_role ('crewmates --with', where "
                + "canonical_role is the first one's)."
        case .kind: "What a search hit is: mission or astronaut."
        case .snippet: "The words of a search hit's text around what matched, each matched word with an asterisk on either side, on one line."
        case .description: "The mission's or astronaut's description, from Wikipedia (CC BY-SA 3.0)."
        }
    }
}
