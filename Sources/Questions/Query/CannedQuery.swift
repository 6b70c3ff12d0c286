import Dataset
import Store

/// A question written once as SQL with named parameters: a `moonshot` command runs it, `moonshot metadata` offers it to
/// Datasette, and anyone can run it in `sqlite3` after `.param set :mission_id 11`.
package struct CannedQuery: Equatable, Sendable {
    /// Its name in Datasette: never a table's or view's name, which a canned query would hide there.
    package let name: String
    package let command: String
    /// The command asking it for one value: "moonshot crew 11".
    package let example: String
    package let title: String
    /// What it answers, and what its parameters take.
    package let description: String
    package let sql: String
    /// The names of its parameters (without the colon), in the order a form should ask.
    package let parameters: [String]
    /// Whether its answers quote the descriptions (Wikipedia's text, CC BY-SA 3.0).
    package var showsDescriptions = false

    /// Every canned question, in the order `moonshot --help` lists their commands.
    package static let all: [CannedQuery] = [missionList, crew, commander, astronautList, career, flights, crewmates, sharedMissions, search]

    package static let crew = CannedQuery(
        name: "crew_of_mission", command: "crew", example: "moonshot crew 11", title: "Crew of a mission",
        description: "Who flew on a mission, in crew-list order. mission_id is the mission's number: 11 for Apollo 11.",
        sql: """
            SELECT \(crewColumns) FROM crew_roster
            WHERE mission_id = :mission_id
            ORDER BY position
            """,
        parameters: ["mission_id"])

    package static let commander = CannedQuery(
        name: "commander_of_mission", command: "commander", example: "moonshot commander 13", title: "Commander of a mission",
        description: "Who commanded a mission (Apollo 1's Command Pilot counts). mission_id is the mission's number: 13 for Apollo 13.",
        sql: """
            SELECT \(crewColumns) FROM crew_roster
            WHERE mission_id = :mission_id AND canonical_role = 'Commander'
            ORDER BY position
            """,
        parameters: ["mission_id"])

    package static let flights = CannedQuery(
        name: "flights_of_astronaut", command: "flights", example: "moonshot flights lovell", title: "Missions an astronaut flew",
        description: "Every mission an astronaut flew, with the role, in launch order. astronaut_id is the astronaut's id: lovell.",
        sql: flightsSQL(), parameters: ["astronaut_id"])

    /// The SQL of `flights`, plus a `crewmate_role` column by `crewmateRole` and the conditions `also` (`AND ...`).
    static func flightsSQL(crewmateRole: String? = nil, also: String = "") -> String {
        """
        SELECT \(crewColumns)\(crewmateRole.map { ",\n       \($0) AS crewmate_role" } ?? "") FROM crew_roster
        WHERE astronaut_id = :astronaut_id\(also.isEmpty ? "" : "\n  " + also)
        ORDER BY \(launchOrder)
        """
    }

    /// Most words in the name first, then by bm25. The words are read in SQL so that Datasette's form and the command agree: each word quoted so none
    /// is an FTS operator, punctuation inside one making it a phrase (`o2-tank` finds "O2 tank"); stems and prefixes as `searchRule` says.
    package static let search = CannedQuery(
        name: "search_names_and_descriptions", command: "search", example: "moonshot search oxygen tank",
        title: "Search missions and astronauts",
        description: "Missions and astronauts \(searchRule), best matches first. words: one or more words, such as: oxygen tank.",
        sql: """
            \(searchExpression)
            SELECT kind, mission_id, mission_name, astronaut_id, astronaut_name, snippet FROM (
                SELECT 'mission' AS kind, m.id AS mission_id, m.name AS mission_name,
                       NULL AS astronaut_id, NULL AS astronaut_name,
                       snippet(missions_fts, \(snippetArguments)) AS snippet,
                       highlight(missions_fts, 0, char(1), '') AS marked_name,
                       bm25(missions_fts, 10.0, 1.0) AS rank
                FROM missions_fts JOIN missions AS m ON m.id = missions_fts.rowid
                WHERE missions_fts MATCH (SELECT expression FROM query)
                UNION ALL
                SELECT 'astronaut', NULL, NULL, a.id, a.name,
                       snippet(astronauts_fts, \(snippetArguments)),
                       highlight(astronauts_fts, 0, char(1), ''),
                       bm25(astronauts_fts, 10.0, 1.0)
                FROM astronauts_fts JOIN astronauts AS a ON a.number = astronauts_fts.rowid
                WHERE astronauts_fts MATCH (SELECT expression FROM query)
            )
            -- Words found in the name count first (scores of the two indexes are not comparable).
            ORDER BY length(marked_name) - length(replace(marked_name, char(1), '')) DESC, rank, kind DESC,
                     mission_id, astronaut_id
            """,
        parameters: ["words"], showsDescriptions: true)

    /// What `search` finds, after "Missions and astronauts " in its description and `moonshot search --help`.
    package static let searchRule =
        "whose name or description contains every word given, ignoring case and accents; other forms of a word match too "
        + "(rovers finds rover), and the last word also matches the start of a word (lov finds Lovell), "
        + "unless it ends in a digit (apollo 1, o2 and 1969 match whole)"

    /// The CTEs opening `search`: `typed`, `:words` as searched for, and `query`, its FTS5 expression (`o2-tank Apollo's lov` gives
    /// `"o2-tank" "Apollo" "lov"*`). Written once, so the command matches its hits again on current text with the very expression searched for.
    static let searchExpression = #"""
        WITH typed (words) AS (
            SELECT trim(replace(replace(replace(replace(
                       replace(replace(replace(coalesce(:words, ''), char(9), ' '), char(10), ' '), char(13), ' ') || ' ',
                       '''s ', ' '), '''S ', ' '), '’s ', ' '), '’S ', ' '))
        ),
        query (expression) AS (
            -- The last word also matches the start of a word, unless it ends in a digit (numbers
            -- match whole): what is left without the white space and punctuation at the end ends
            -- in 0 to 9.
            SELECT '"' || replace(replace(words, '"', '""'), ' ', '" "') || '"'
                   || CASE WHEN rtrim(words, \#(sqlLiteral(.text(SearchWords.numberEnd)))) GLOB '*[0-9]' THEN '' ELSE '*' END
            FROM typed
        )
        """#

    /// FTS5's `snippet()` arguments after the table for `search`'s hits: any column, matches
    /// marked `*like this*`, "..." where text is left out, at most 16 tokens.
    static let snippetArguments = "-1, '*', '*', '...', 16"

    /// The order missions are flown in, for rows with `launch_date` and `mission_id`: those
    /// never launched (or missing from the missions table) first, then by date and number.
    static let launchOrder = "launch_date IS NOT NULL, launch_date, mission_id"

    package static let crewColumns = "mission_id, mission_name, launch_date, position, astronaut_id, astronaut_name, role, canonical_role"
}
