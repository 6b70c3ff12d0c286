/// The questions `moonshot` answers. Each runs SQL a person could run in `sqlite3` too.
extension MoonshotDatabase {
    static let crewColumns = "mission_id, mission, launch_date, position, astronaut_id, astronaut, role, canonical_role"

    /// Every mission in number order, with launch date, commander and crew size.
    public func missions() throws -> [MissionSummary] {
        try query("SELECT mission_id, mission, launch_date, commander, crew_size FROM mission_overview ORDER BY mission_id") {
            MissionSummary(id: try $0.integer(0), displayName: try $0.string(1), launchDate: $0.launchDate(2),
                           commander: $0.text(3), crewSize: try $0.int(4))
        }
    }

    /// The crew of mission `id` in the source's order.
    public func crew(ofMission id: Int64) throws -> [CrewAssignment] {
        try query("SELECT \(Self.crewColumns) FROM crew_roster WHERE mission_id = ? ORDER BY position",
                  [.integer(id)], Self.crewAssignment)
    }

    /// The commander(s) of mission `id`: usually exactly one.
    public func commanders(ofMission id: Int64) throws -> [CrewAssignment] {
        try query("SELECT \(Self.crewColumns) FROM crew_roster WHERE mission_id = ? AND canonical_role = ? ORDER BY position",
                  [.integer(id), .text(CrewRole.commander)], Self.crewAssignment)
    }

    /// Mission `id` with its crew; nil when there is no such mission.
    public func mission(_ id: Int64) throws -> MissionDetail? {
        let crew = try crew(ofMission: id)
        return try query("SELECT id, display_name, badge_image, launch_date, description FROM missions WHERE id = ?", [.integer(id)]) {
            MissionDetail(id: try $0.integer(0), displayName: try $0.string(1), badgeImage: try $0.string(2),
                          launchDate: $0.launchDate(3), description: try $0.string(4), crew: crew)
        }.first
    }

    /// Every astronaut by name, with the number of missions flown.
    public func astronauts() throws -> [AstronautSummary] {
        try query("""
            SELECT a.id, a.name, count(c.mission_id) AS missions
            FROM astronauts AS a LEFT JOIN crew AS c ON c.astronaut_id = a.id
            GROUP BY a.id ORDER BY a.name, a.id
            """) {
            AstronautSummary(id: try $0.string(0), name: try $0.string(1), missionCount: try $0.int(2))
        }
    }

    /// The missions astronaut `id` flew, in launch order (unlaunched ones first).
    public func flights(ofAstronaut id: String) throws -> [CrewAssignment] {
        try query("""
            SELECT \(Self.crewColumns) FROM crew_roster WHERE astronaut_id = ?
            ORDER BY launch_date IS NOT NULL, launch_date, mission_id
            """, [.text(id)], Self.crewAssignment)
    }

    /// Astronaut `id` with the missions flown; nil when there is no such astronaut.
    public func astronaut(_ id: String) throws -> AstronautDetail? {
        let flights = try flights(ofAstronaut: id)
        return try query("SELECT id, name, description FROM astronauts WHERE id = ?", [.text(id)]) {
            AstronautDetail(id: try $0.string(0), name: try $0.string(1), description: try $0.string(2), flights: flights)
        }.first
    }

    /// Missions and astronauts whose text contains every word of `text`: those with the most
    /// words in their name first, then by relevance.
    /// The text is taken as plain words: FTS operators and punctuation have no effect.
    public func search(_ text: String, limit: Int = 20) throws -> [SearchHit] {
        let words = SearchWords(text)
        guard !words.isEmpty else {
            throw MoonshotError("nothing to search for in \(quoted(text))", hint: "Give one or more words, such as: moonshot search \"lunar rover\"")
        }
        return try query("""
            SELECT kind, key, title, snippet FROM (
                SELECT 'mission' AS kind, CAST(m.id AS TEXT) AS key, m.display_name AS title,
                       snippet(missions_search, -1, '*', '*', '...', 16) AS snippet,
                       highlight(missions_search, 0, char(1), '') AS marked_title,
                       bm25(missions_search, 10.0, 1.0) AS rank
                FROM missions_search JOIN missions AS m ON m.id = missions_search.rowid
                WHERE missions_search MATCH ?1
                UNION ALL
                SELECT 'astronaut', a.id, a.name,
                       snippet(astronauts_search, -1, '*', '*', '...', 16),
                       highlight(astronauts_search, 0, char(1), ''),
                       bm25(astronauts_search, 10.0, 1.0)
                FROM astronauts_search JOIN astronauts AS a ON a.rowid = astronauts_search.rowid
                WHERE astronauts_search MATCH ?1
            )
            -- Words found in the name count first (scores of the two indexes are not comparable).
            ORDER BY length(marked_title) - length(replace(marked_title, char(1), '')) DESC, rank, kind DESC, key
            LIMIT ?2
            """, [.text(words.matchExpression), .integer(Int64(limit))]) {
            SearchHit(kind: SearchHit.Kind(rawValue: try $0.string(0)) ?? .mission, key: try $0.string(1),
                      title: try $0.string(2), snippet: (try $0.string(3)).split(whereSeparator: \.isNewline).joined(separator: " "))
        }
    }

    static func crewAssignment(_ row: Statement) throws -> CrewAssignment {
        CrewAssignment(missionID: try row.integer(0), missionName: try row.string(1), launchDate: row.launchDate(2),
                       position: try row.int(3), astronautID: try row.string(4), astronautName: try row.string(5),
                       role: try row.string(6), canonicalRole: try row.string(7))
    }
}

/// A user's search text as plain words, and the FTS5 expression that matches them all.
struct SearchWords {
    let words: [String]

    /// Splits on anything but letters and digits; a possessive "'s" is dropped.
    init(_ text: String) {
        var words: [String] = []
        for chunk in text.split(whereSeparator: { $0.isWhitespace }) {
            var chunk = Substring(chunk)
            for suffix in ["'s", "’s", "'S", "’S"] where chunk.hasSuffix(suffix) {
                chunk = chunk.dropLast(2)
            }
            words += chunk.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        }
        self.words = words
    }

    var isEmpty: Bool { words.isEmpty }

    /// Every word as a quoted FTS5 string, so none is read as an operator: `"o2" "tank"`.
    var matchExpression: String {
        words.map { "\"" + $0.replacingAll("\"", with: "\"\"") + "\"" }.joined(separator: " ")
    }

    /// The same, limited to column `column`: `name : ("neil" "armstrong")`.
    func matchExpression(inColumn column: String) -> String {
        "\(column) : (\(matchExpression))"
    }
}
