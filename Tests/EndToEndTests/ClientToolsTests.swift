import Foundation
import XCTest

/// The database opened by the programs people reach for, run for real: sqlite-utils, Datasette
/// and Python's sqlite3 module. `.ci/run` installs them (pinned); on a machine without them
/// the tests are skipped, saying how to install them, except in CI, where that is a failure.
final class ClientToolsTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        let result = try moonshot("import")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    // MARK: sqlite-utils

    func testSqliteUtilsSearchesBothTables() throws {
        let answers = try sqliteUtilsSearches([("missions", "oxygen tank"), ("astronauts", "geologist")])
        XCTAssertEqual(answers[0].map { $0["name"] as? String }, ["Apollo 13"])
        let geologists = answers[1].compactMap { $0["id"] as? String }
        XCTAssertTrue(geologists.contains("schmitt"), "\(geologists)")
    }

    func testSqliteUtilsFindsOtherFormsOfWordsAndTheStartOfOne() throws {
        let answers = try sqliteUtilsSearches([("astronauts", "lov*"), ("missions", "rovers"), ("missions", "landed")])
        XCTAssertTrue(answers[0].contains { $0["id"] as? String == "lovell" })
        XCTAssertEqual(answers[1].map { $0["name"] as? String }, ["Apollo 15"])
        XCTAssertTrue(answers[2].count > 5)
    }

    func testRebuildingTheIndexesWithSqliteUtilsKeepsEverySearchAnswer() throws {
        let before = try searchAnswers()
        let rebuilt = try run(try tool("sqlite-utils"), ["rebuild-fts", database])
        XCTAssertEqual(rebuilt.status, 0, rebuilt.stderr)
        XCTAssertEqual(try searchAnswers(), before)
        XCTAssertEqual(
            try sqlite3(
                """
                INSERT INTO missions_fts (missions_fts, rank) VALUES ('integrity-check', 1);
                INSERT INTO astronauts_fts (astronauts_fts, rank) VALUES ('integrity-check', 1);
                """), "")
        // What sqlite-utils finds is what moonshot finds, given the last word as a prefix.
        var found: [String: Int] = [:]
        let searches = ["lunar rover", "navy", "moon", "gemini", "apollo program", "test pilot", "lov", "rovers"].flatMap { words in
            [("missions", "mission"), ("astronauts", "astronaut")].map { (words: words, table: $0.0, kind: $0.1) }
        }
        let answers = try sqliteUtilsSearches(searches.map { ($0.table, $0.words + "*") })
        for ((words, table, kind), answer) in zip(searches, answers) {
            let theirs = Set(answer.map { "\($0["id"]!)" })
            let ours = Set(try moonshotSearch(words).filter { $0["kind"] as? String == kind }.map { "\($0[kind + "_id"]!)" })
            XCTAssertEqual(theirs, ours, "\(table): \(words)")
            found[table, default: 0] += ours.count
        }
        XCTAssertGreaterThan(found["missions"] ?? 0, 5)
        XCTAssertGreaterThan(found["astronauts"] ?? 0, 5)
    }

    func testVacuumKeepsEverySearchAnswer() throws {
        // Gaps in the keys are what VACUUM may close in a table without an INTEGER PRIMARY KEY.
        XCTAssertEqual(
            try sqlite3(
                """
                PRAGMA foreign_keys = ON;
                DELETE FROM astronauts WHERE id IN ('armstrong', 'white');
                INSERT INTO astronauts_fts (astronauts_fts) VALUES ('rebuild');
                """), "")
        let before = try searchAnswers()
        XCTAssertTrue(before.contains("aldrin"), "searches find astronauts")
        XCTAssertEqual(try sqlite3("VACUUM"), "")
        XCTAssertEqual(try searchAnswers(), before, "after VACUUM")
        let vacuumed = try run(try tool("sqlite-utils"), ["vacuum", database])
        XCTAssertEqual(vacuumed.status, 0, vacuumed.stderr)
        XCTAssertEqual(try searchAnswers(), before, "after sqlite-utils vacuum")
    }

    // MARK: Datasette

    func testDatasetteOffersSearchOnMissionsAndAstronauts() throws {
        try writeMetadata()
        let pages = try datasette([
            "/moonshot/missions", "/moonshot/missions.json?_search=oxygen+tank&_shape=array",
            "/moonshot/astronauts.json?_search=geologist&_shape=array",
        ])
        XCTAssertTrue(pages[0].contains(#"name="_search""#), "the missions page has a search box")
        let found = try rows(pages[1])
        XCTAssertEqual(found.map { $0["name"] as? String }, ["Apollo 13"])
        let geologists = try rows(pages[2]).compactMap { $0["id"] as? String }
        XCTAssertTrue(geologists.contains("schmitt"), "\(geologists)")
    }

    func testDatasetteFindsOtherFormsOfWordsAndTheStartOfTheLastOne() throws {
        try writeMetadata()
        let searches = ["lov", "rovers", "apoll", "apollo+1"]
        let pages = try datasette(
            ["/moonshot/missions.json?_search=rovers&_shape=array", "/moonshot/astronauts.json?_search=lov*&_searchmode=raw&_shape=array"]
                + searches.map { "/moonshot/search_names_and_descriptions.json?_shape=array&_size=max&words=" + $0 })
        XCTAssertEqual(try rows(pages[0]).map { $0["name"] as? String }, ["Apollo 15"])
        let lov = try rows(pages[1]).compactMap { $0["id"] as? String }
        XCTAssertTrue(lov.contains("lovell"), "\(lov)")
        let found = { (words: String) in
            try self.rows(pages[2 + searches.firstIndex(of: words)!])
                .map { "\($0["mission_name"] as? String ?? $0["astronaut_id"] as? String ?? "")" }
        }
        XCTAssertEqual(try found("lov").first, "lovell")
        XCTAssertEqual(try found("rovers"), ["Apollo 15"])
        XCTAssertTrue(try found("apoll").contains("Apollo 11"))
        // A last word that ends in a digit is matched whole: what FTS5 finds for the words as they are.
        let exact = try sqlite3(
            """
            SELECT name FROM missions_fts WHERE missions_fts MATCH '"apollo" "1"'
            UNION ALL SELECT rowid FROM astronauts_fts WHERE astronauts_fts MATCH '"apollo" "1"';
            """)
        let apollo1 = try found("apollo+1")
        XCTAssertEqual(apollo1.first, "Apollo 1")
        XCTAssertEqual(apollo1.count, exact.split(separator: "\n").count, "\(apollo1) against\n\(exact)")
    }

    func testDatasetteShowsNamesForMissionsAndAstronautsInCrew() throws {
        try writeMetadata()
        let rows = try datasetteRows("/moonshot/crew.json?_labels=on&_shape=array&_size=max")
        XCTAssertEqual(rows.count, 36)
        let names = try moonshotJSON(["sql", "SELECT mission_id, mission_name, astronaut_id, astronaut_name FROM crew_roster"])
        XCTAssertEqual(rows.map { label($0["mission_id"]) }, names.map { $0["mission_name"] as? String })
        XCTAssertEqual(rows.map { label($0["astronaut_id"]) }, names.map { $0["astronaut_name"] as? String })
        XCTAssertEqual(rows.first.map { label($0["astronaut_id"]) }, "Virgil I. \"Gus\" Grissom")
    }

    func testDatasetteCannedQueriesGiveTheCommandsAnswers() throws {
        try writeMetadata()
        // Typed as people type: possessives, a tab, quotes, operators, punctuation.
        let searches = [
            "oxygen tank", "lunar rover", "navy", "moon", "Lovell's", "moon\trubella", "oxygen\ttank", "\"Apollo 13\"",
            "moon AND NOT", "o2-tank", "O'Sullivan's", "  lunar   module  ",
        ]
        let pages = try datasette(
            [
                "/moonshot/crew_of_mission.json?mission_id=13&_shape=array", "/moonshot/commander_of_mission.json?mission_id=1&_shape=array",
                "/moonshot/flights_of_astronaut.json?astronaut_id=lovell&_shape=array",
            ]
                + searches.map { words in
                    var query = URLComponents()
                    query.queryItems = [
                        URLQueryItem(name: "words", value: words), URLQueryItem(name: "_shape", value: "array"),
                        URLQueryItem(name: "_size", value: "max"),
                    ]
                    return "/moonshot/search_names_and_descriptions.json?" + (query.percentEncodedQuery ?? "")
                })
        let crew = try rows(pages[0])
        // The same field names and values as the command's.
        let ourCrew = try members(["crew", "13"], "crew")
        for field in ["position", "astronaut_id", "astronaut_name", "role", "canonical_role"] {
            XCTAssertEqual(crew.map { "\($0[field] ?? "none")" }, ourCrew.map { "\($0[field] ?? "none")" }, field)
        }
        XCTAssertEqual(crew.map { $0["astronaut_id"] as? String }, ["lovell", "swigert", "haise"])
        let commander = try rows(pages[1])
        XCTAssertEqual(commander.map { $0["astronaut_id"] as? String }, ["grissom"])
        XCTAssertEqual(
            commander.map { $0["astronaut_name"] as? String },
            try members(["commander", "1"], "crew").map { $0["astronaut_name"] as? String })
        let flights = try rows(pages[2])
        XCTAssertEqual(flights.map { $0["mission_id"] as? Int }, try members(["flights", "lovell"], "flights").map { $0["mission_id"] as? Int })
        XCTAssertEqual(flights.map { $0["mission_id"] as? Int }, [8, 13])
        var found = 0
        for (words, page) in zip(searches, pages.dropFirst(3)) {
            let theirs = try rows(page)
            let ours = try moonshotSearch(words, limit: 1000)
            // moonshot shows a snippet on one line.
            let oneLine = { (text: Any?) in (text as? String ?? "").split(whereSeparator: \.isNewline).joined(separator: " ") }
            let fields = ["kind", "mission_id", "mission_name", "astronaut_id", "astronaut_name"]
            XCTAssertEqual(
                theirs.map { row in fields.map { "\(row[$0] ?? "none")" }.joined(separator: ":") + oneLine(row["snippet"]) },
                ours.map { row in fields.map { "\(row[$0] ?? "none")" }.joined(separator: ":") + oneLine(row["snippet"]) }, words)
            found += ours.count
        }
        XCTAssertGreaterThan(found, 50)
        XCTAssertEqual(try moonshotSearch("Lovell's").first?["astronaut_id"] as? String, "lovell")
    }

    /// The new questions' parameters as Datasette's forms send them: text.
    func testDatasetteCannedQueriesTakeTheirParametersAsText() throws {
        try writeMetadata()
        let span = "/moonshot/missions_by_launch_year.json?_shape=array&from_year=&to_year=1968&include_undated="
        let cases = [
            ("1", [1, 7, 8]), ("yes", [1, 7, 8]), ("True", [1, 7, 8]), ("TRUE", [1, 7, 8]), ("", [7, 8]), ("0", [7, 8]), ("no", [7, 8]),
        ]
        let together = "/moonshot/missions_flown_together.json?_shape=array&astronaut_id=lovell&crewmate_id="
        let pages = try datasette(cases.map { span + $0.0 } + [together + "haise", together + "lovell"])
        for ((undated, expected), page) in zip(cases, pages) {
            XCTAssertEqual(try rows(page).map { $0["mission_id"] as? Int }, expected, undated)
        }
        XCTAssertEqual(try rows(pages[cases.count]).map { $0["mission_id"] as? Int }, [13])
        XCTAssertEqual(try rows(pages[cases.count + 1]).count, 0, "one astronaut twice flew nothing together, as the command refuses it")
    }

    func testDatasetteHidesTheIndexTablesAndShowsTheDescriptions() throws {
        try writeMetadata()
        let pages = try datasette([
            "/moonshot.json", "/moonshot/crew", "/", "/moonshot/missions", "/moonshot/search_names_and_descriptions?words=moon",
        ])
        let database = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(pages[0].utf8)) as? [String: Any], pages[0])
        let tables = try XCTUnwrap(database["tables"] as? [[String: Any]])
        let visible = tables.filter { $0["hidden"] as? Bool == false }.compactMap { $0["name"] as? String }.sorted()
        // edited_rows is data a reader may want (what changed since the import).
        XCTAssertEqual(visible, ["astronauts", "crew", "edited_rows", "imports", "missions"])
        let page = pages[1]
        XCTAssertTrue(
            page.contains("one row per entry of a mission&#39;s crew list")
                || page.contains("one row per entry of a mission's crew list"), "the table's description is shown")
        let index = pages[2]
        XCTAssertTrue(index.contains("https://unlicense.org/"), "the licence is linked")
        XCTAssertTrue(index.contains("Apollo missions and astronauts"))
        let missions = pages[3]
        XCTAssertTrue(missions.contains("https://creativecommons.org/licenses/by-sa/3.0/"), "Wikipedia's licence on its text")
        XCTAssertTrue(
            missions.contains("The mission&#39;s name, &#34;Apollo 11&#34;: filled in from id (leave it out).")
                || missions.contains("The mission's name, \"Apollo 11\": filled in from id (leave it out)."),
            "column descriptions from schema.sql")
        let search = pages[4]
        XCTAssertTrue(search.contains("https://creativecommons.org/licenses/by-sa/3.0/"), "snippets of Wikipedia's text")
    }

    func testTheMetadataSaysTheDataChangedAfterTheImportAndStillCreditsItsSources() throws {
        let imported = try sqlite3("SELECT imported_at, tool_version FROM imports ORDER BY id DESC LIMIT 1")
            .trimmingCharacters(in: .newlines).split(separator: "|").map(String.init)
        let freshText = try moonshot("metadata").stdout
        let fresh = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(freshText.utf8)) as? [String: Any], freshText)
        let freshDescription = try XCTUnwrap(fresh["description"] as? String)
        XCTAssertTrue(freshDescription.contains(" Imported on \(readable(imported[0])) by moonshot \(imported[1]). Search "), freshDescription)
        XCTAssertFalse(freshDescription.contains("changed"), freshDescription)

        // Through the sqlite3 shell with its defaults (foreign keys off): a mission's
        // description, and an astronaut deleted with their crew row.
        _ = try sqlite3("UPDATE missions SET description = description || ' x' WHERE id = 11; DELETE FROM astronauts WHERE id = 'schmitt';")
        let since = try sqlite3("SELECT min(first_edited_at) FROM edited_rows").trimmingCharacters(in: .newlines)
        try writeMetadata()
        let edited = try metadataObject()
        let description = try XCTUnwrap(edited["description"] as? String)
        XCTAssertTrue(
            description.contains(
                " Imported on \(readable(imported[0])) by moonshot \(imported[1]); "
                    + "1 mission, 1 astronaut and 1 crew row changed since \(readable(since)). Search "), description)
        // The text is still mostly Wikipedia's and the dataset's: the credits stay.
        XCTAssertTrue(description.contains("The descriptions are text from Wikipedia, by its authors, under CC BY-SA 3.0."), description)
        for key in ["title", "license", "license_url", "source", "source_url"] {
            XCTAssertEqual(edited[key] as? String, fresh[key] as? String, key)
        }
        // Datasette takes it, and shows it.
        let pages = try datasette(["/", "/moonshot/missions", "/moonshot/edited_rows"])
        XCTAssertTrue(pages[0].contains("1 mission, 1 astronaut and 1 crew row changed since \(readable(since))"), pages[0])
        XCTAssertTrue(pages[1].contains("https://creativecommons.org/licenses/by-sa/3.0/"))
        XCTAssertTrue(
            pages[2].contains("The rows changed since the last import, by any program"),
            "edited_rows is described")

        // Imported again (--force: the import refuses to replace edits), the edits are gone:
        // the metadata is as after the first import.
        XCTAssertEqual(try moonshot("import", "--force").status, 0)
        let reimported = try sqlite3("SELECT imported_at FROM imports ORDER BY id DESC LIMIT 1").trimmingCharacters(in: .newlines)
        XCTAssertEqual(
            try moonshot("metadata").stdout,
            freshText.replacingOccurrences(of: readable(imported[0]), with: readable(reimported)))
    }

    // MARK: Python

    func testPythonSeesEveryColumnAndCleanForeignKeys() throws {
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            cursor = db.execute("SELECT * FROM missions WHERE id = 11")
            print([column[0] for column in cursor.description], cursor.fetchone()[:3])
            print([row[1] for row in db.execute("PRAGMA table_info(missions)")])
            print(db.execute("PRAGMA foreign_key_check").fetchall(), db.execute("PRAGMA integrity_check").fetchall())
            """
        let result = try run(try tool("python3"), ["-c", script, database])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            ['id', 'name', 'badge', 'launch_date', 'description'] (11, 'Apollo 11', 'apollo11')
            ['id', 'name', 'badge', 'launch_date', 'description']
            [] [('ok',)]

            """)
    }

    func testTheShellFindsNoForeignKeyWithoutAnIndex() throws {
        XCTAssertEqual(try sqlite3(".lint fkey-indexes"), "")
    }

    // MARK: Helpers

    private var database: String { folder.appendingPathComponent("moonshot.db").path }

    /// The program `name` on the PATH. Without it the test is skipped with how to install it,
    /// or fails in CI, which installs it.
    private func tool(_ name: String) throws -> URL {
        let install = ["sqlite-utils": "pip install 'sqlite-utils==4.2'", "datasette": "pip install 'datasette==0.65.5'"][name]
        return try tool(name, install: install ?? "install \(name)")
    }

    /// What `sqlite-utils search DATABASE TABLE WORDS` finds, for each of `searches`.
    private func sqliteUtilsSearches(_ searches: [(table: String, words: String)]) throws -> [[[String: Any]]] {
        let results = try runMany("sqlite-utils", searches.map { ["search", database, $0.table, $0.words] })
        return try zip(searches, results).map { search, result in
            XCTAssertEqual(result.status, 0, "\(search): \(result.stderr)")
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], result.stdout)
        }
    }

    static let runManyTool = packageRoot.appendingPathComponent("Tests/tools/run_many.py").path

    /// Runs the Python program `name` (datasette, sqlite-utils) with each of `argumentLists`, as
    /// its command does, in one Python process (Tests/tools/run_many.py): starting Python and
    /// importing the program took most of the time of each run of the command.
    private func runMany(_ name: String, _ argumentLists: [[String]]) throws -> [Result] {
        _ = try tool(name)
        let input = String(decoding: try JSONSerialization.data(withJSONObject: argumentLists), as: UTF8.self)
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", Self.runManyTool, name], input: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        let runs = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], result.stdout)
        XCTAssertEqual(runs.count, argumentLists.count)
        return runs.map { run in
            Result(status: Int32(run["status"] as? Int ?? -1), stdout: run["stdout"] as? String ?? "", stderr: run["stderr"] as? String ?? "")
        }
    }

    /// What `moonshot metadata` prints, as an object.
    private func metadataObject() throws -> [String: Any] {
        let result = try moonshot("metadata")
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
    }

    /// "2026-11-25T10:47:00Z" as moonshot writes it for people.
    private func readable(_ timestamp: String) -> String {
        timestamp.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
    }

    private func writeMetadata() throws {
        let result = try moonshot("metadata")
        XCTAssertEqual(result.status, 0, result.stderr)
        try result.stdout.write(to: folder.appendingPathComponent("metadata.json"), atomically: true, encoding: .utf8)
    }

    /// What Datasette serves at `path` for the database and its metadata (no server: `--get`).
    private func datasette(_ path: String) throws -> String {
        var arguments = [database, "--get", path]
        if exists("metadata.json") { arguments += ["--metadata", folder.appendingPathComponent("metadata.json").path] }
        let result = try run(try tool("datasette"), arguments)
        XCTAssertEqual(result.status, 0, "\(path): \(result.stderr)")
        return result.stdout
    }

    /// What Datasette serves at each of `paths`, as `datasette(_:)` gives one, from one Python process.
    private func datasette(_ paths: [String]) throws -> [String] {
        var arguments = ["--get"]
        if exists("metadata.json") { arguments = ["--metadata", folder.appendingPathComponent("metadata.json").path, "--get"] }
        let results = try runMany("datasette", paths.map { [database] + arguments + [$0] })
        return zip(paths, results).map { path, result in
            XCTAssertEqual(result.status, 0, "\(path): \(result.stderr)")
            return result.stdout
        }
    }

    private func datasetteRows(_ path: String) throws -> [[String: Any]] {
        try rows(try datasette(path))
    }

    /// The rows of a JSON page of Datasette's (`_shape=array`).
    private func rows(_ text: String) throws -> [[String: Any]] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], text)
    }

    private func label(_ value: Any?) -> String? { (value as? [String: Any])?["label"] as? String }

    private func moonshotJSON(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try moonshot(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], result.stdout)
    }

    /// The list `key` of the JSON object a command prints: the crew of `crew 13`.
    private func members(_ arguments: [String], _ key: String) throws -> [[String: Any]] {
        let result = try moonshot(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
        return try XCTUnwrap(object[key] as? [[String: Any]], result.stdout)
    }

    private func moonshotSearch(_ words: String, limit: Int = 1000) throws -> [[String: Any]] {
        try moonshotJSON(["search", words, "--limit", String(limit)])
    }

    /// Every answer of `moonshot search` for a spread of words, as text to compare.
    private func searchAnswers() throws -> String {
        var answers = ""
        for words in ["apollo", "moon", "lunar rover", "navy", "armstrong", "aldrin", "lovell", "geologist", "the", "1969", "gemini"] {
            let result = try moonshot("search", words, "--limit", "1000", "--format", "csv")
            answers += words + "\n" + (result.status == 0 ? result.stdout : result.stderr)
        }
        return answers
    }
}
