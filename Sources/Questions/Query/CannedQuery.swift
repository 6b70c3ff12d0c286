import Dataset
import Store

/// A question written once, as SQL with named parameters: a `moonshot` command runs it,
/// `moonshot metadata` offers it to Datasette as a canned query, and anyone can run it in
/// `sqlite3` after `.param set :mission_id 11`.
package struct CannedQuery: Equatable, Sendable {
    /// The query's name in Datasette ("crew_of_mission"): never a table's or view's name,
    /// which a canned query would hide there.
    package let name: String
    /// The `moonshot` command that asks it: "crew".
    package let command: String
    /// The command asking it for one value: "moonshot crew 11".
    package let example: String
    /// A heading for the query: "Crew of a mission".
    package let title: String
    /// What it answers, and what its parameters take.
    package let description: String
    /// The SQL, with `:name` parameters.
    package let sql: String
    /// The names of its parameters (without the colon), in the order a form should ask.
    package let parameters: [String]
    /// Whether its answers quote the descriptions (Wikipedia's text, CC BY-SA 3.0).
    package var showsDescriptions = false

    /// Every canned question, in the order `moonshot --help` lists their commands.
    package static let all: [CannedQuery] = [missionList, crew, commander, astronautList, career, flights, crewmates, sharedMissions, search]

    /// The crew of mission `:mission_id`, in the source's order.
    package static let crew = CannedQuery(
        name: "crew_of_mission", command: "crew", example: "moonshot crew 11", title: "Crew of a mission",
        description: "Who flew on a mission, in crew-list order. mission_id is the mission's number: 11 for Apollo 11.",
        sql: """
            SELECT \(crewColumns) FROM crew_roster
            WHERE mission_id = :mission_id
            ORDER BY position
            """,
        parameters: ["mission_id"])

    /// The commander of mission `:mission_id` (Apollo 1's "Command Pilot" included).
    package static let commander = CannedQuery(
        name: "commander_of_mission", command: "commander", example: "moonshot commander 13", title: "Commander of a mission",
        description: "Who commanded a mission (Apollo 1's Command Pilot counts). mission_id is the mission's number: 13 for Apollo 13.",
        sql: """
            SELECT \(crewColumns) FROM crew_roster
            WHERE mission_id = :mission_id AND canonical_role = '\(CrewRole.commander)'
            ORDER BY position
            """,
        parameters: ["mission_id"])

    /// The missions astronaut `:astronaut_id` flew, in launch order (unlaunched ones first).
    package static let flights = CannedQuery(
        name: "flights_of_astronaut", command: "flights", example: "moonshot flights lovell", title: "Missions an astronaut flew",
        description: "Every mission an astronaut flew, with the role, in launch order. astronaut_id is the astronaut's id: lovell.",
        sql: flightsSQL(), parameters: ["astronaut_id"])

    /// The SQL of `flights`; with the column `crewmate_role` read by `crewmateRole`, and the
    /// conditions `also` added (`AND ...`).
    static func flightsSQL(crewmateRole: String? = nil, also: String = "") -> String {
        """
        SELECT \(crewColumns)\(crewmateRole.map { ",\n       \($0) AS crewmate_role" } ?? "") FROM crew_roster
        WHERE astronaut_id = :astronaut_id\(also.isEmpty ? "" : "\n  " + also)
        ORDER BY \(launchOrder)
        """
    }

    /// Missions and astronauts whose name or description holds every word of `:words`: those
    /// with the most of the words in their name first, then by relevance (bm25). The text is
    /// read as plain words here, in SQL, so that Datasette's form and the command agree: white
    /// space separates words, a possessive 's is dropped, and each word is quoted (a `"` in it
    /// doubled) so that none is read as a full-text operator; punctuation inside a word makes
    /// it a phrase (`o2-tank` finds "O2 tank"). Words match in their other forms (the indexes
    /// stem them: `rovers` finds "rover"), and the last word also as the start of a word (`lov`
    /// finds "Lovell"), as the site's search box matches them too.
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

    /// What `search` finds, as its description and `moonshot search --help` say it: "Missions
    /// and astronauts " and this.
    package static let searchRule =
        "whose name or description contains every word given, ignoring case and accents; other forms of a word match too "
        + "(rovers finds rover), and the last word also matches the start of a word (lov finds Lovell), "
        + "unless it ends in a digit (apollo 1, o2 and 1969 match whole)"

    /// The opening of `search`: the CTEs `typed`, the text of `:words` as it is searched for
    /// (white space made spaces, a possessive 's dropped), and `query`, the FTS5 expression made
    /// of it (`o2-tank Apollo's lov` gives `"o2-tank" "Apollo" "lov"*`). The last word is a
    /// prefix unless it ends in a digit, `SearchWords.numberEnd` after it aside (`Apollo 13.`
    /// gives `"Apollo" "13."`), as `SearchWords.lastIsPrefix` and site.js decide too. Written once, so
    /// that the command matches its hits again on their current text with the very expression
    /// the query searched for (see `search(_:limit:)`).
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
