import Foundation
import XCTest

/// The question-answering commands, run through the built binary on an imported database.
final class QueryCommandTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        let result = try moonshot("import")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// Every canned query with an argument that exists.
    let commands: [[String]] = [
        ["missions"], ["mission", "11"], ["crew", "Apollo 13"], ["commander", "13"], ["astronauts"],
        ["astronaut", "armstrong"], ["flights", "James Lovell"], ["search", "lunar rover"],
        ["sql", "SELECT id, name, launch_date FROM missions"],
    ]

    // MARK: Formats

    func testEveryCommandPrintsValidJSONAndCSV() throws {
        for command in commands {
            let json = try moonshot(command + ["--format", "json"])
            XCTAssertEqual(json.status, 0, "\(command): \(json.stderr)")
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)), "\(command)")

            let csv = try moonshot(command + ["--format", "csv"])
            XCTAssertEqual(csv.status, 0, "\(command): \(csv.stderr)")
            let table = try XCTUnwrap(parseCSV(csv.stdout), "\(command): \(csv.stdout)")
            XCTAssertGreaterThan(table.count, 1, "\(command): a header and at least one row")
            XCTAssertTrue(table.allSatisfy { $0.count == table[0].count }, "\(command): every row has the header's width")

            let text = try moonshot(command)
            XCTAssertEqual(text.status, 0, "\(command): \(text.stderr)")
            XCTAssertFalse(text.stdout.isEmpty, "\(command)")
        }
    }

    func testCSVRoundTripsTheSameValuesAsJSON() throws {
        let json = try JSONSerialization.jsonObject(with: Data(try moonshot("missions", "--format", "json").stdout.utf8)) as! [[String: Any]]
        let csv = try XCTUnwrap(parseCSV(try moonshot("missions", "--format", "csv").stdout))
        XCTAssertEqual(csv[0], ["id", "displayName", "launchDate", "commander", "crewSize"])
        XCTAssertEqual(csv.count - 1, json.count)
        for (row, object) in zip(csv.dropFirst(), json) {
            XCTAssertEqual(row[0], String(object["id"] as! Int))
            XCTAssertEqual(row[1], object["displayName"] as? String)
            XCTAssertEqual(row[2], (object["launchDate"] as? String) ?? "")
            XCTAssertEqual(row[3], object["commander"] as? String)
        }
        // A description full of quotes, commas and paragraph breaks survives CSV intact.
        let mission = try XCTUnwrap(parseCSV(try moonshot("mission", "1", "--format", "csv").stdout))
        let reference = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.packageRoot.appendingPathComponent("Resources/missions.json"))) as! [[String: Any]]
        XCTAssertEqual(mission[1].last, reference[0]["description"] as? String)
    }

    func testJSONUsesTheSourceFieldNames() throws {
        let mission = try jsonObject("mission", "Apollo XI")
        XCTAssertEqual(mission["id"] as? Int, 11)
        XCTAssertEqual(mission["launchDate"] as? String, "1969-07-16")
        XCTAssertEqual(mission["displayName"] as? String, "Apollo 11")
        XCTAssertEqual(mission["image"] as? String, "apollo11")
        let crew = mission["crew"] as! [[String: Any]]
        XCTAssertEqual(crew.map { $0["name"] as! String }, ["armstrong", "collins", "aldrin"])
        XCTAssertEqual(crew.first?["role"] as? String, "Commander")
        XCTAssertTrue((mission["description"] as! String).hasPrefix("Apollo 11 was"))

        let apollo1 = try jsonObject("mission", "1")
        XCTAssertTrue(apollo1["launchDate"] is NSNull, "no launch date is null in JSON")

        let commander = try jsonObject("commander", "13")
        XCTAssertEqual((commander["crew"] as! [[String: Any]]).map { $0["name"] as! String }, ["lovell"])
        let flights = try jsonObject("flights", "James Lovell")
        XCTAssertEqual((flights["missions"] as! [[String: Any]]).map { $0["id"] as! Int }, [8, 13])
    }

    func testEmptyResultsAreValidInEveryFormat() throws {
        let sql = ["sql", "SELECT id FROM missions WHERE id < 0"]
        XCTAssertEqual(try moonshot(sql + ["--format", "json"]).stdout, "[]\n")
        XCTAssertEqual(try moonshot(sql + ["--format", "csv"]).stdout, "id\r\n")
        XCTAssertEqual(try moonshot(["search", "zzzzqqq", "--format", "json"]).stdout, "[]\n")
        XCTAssertEqual(try moonshot(["search", "zzzzqqq"]).stdout, "(none)\n")
    }

    func testTablesForPeople() throws {
        let missions = try moonshot("missions", environment: ["COLUMNS": "100"]).stdout
        let lines = missions.split(separator: "\n")
        XCTAssertTrue(lines[0].hasPrefix("MISSION"), missions)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Apollo 1 ") && $0.contains("N/A") && $0.contains("Grissom") }, missions)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Apollo 11 ") && $0.contains("Jul 16, 1969") }, missions)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 100 }, missions)

        let mission = try moonshot("mission", "11", environment: ["COLUMNS": "60"]).stdout
        XCTAssertTrue(mission.contains("Launch date: Jul 16, 1969"), mission)
        XCTAssertTrue(mission.split(separator: "\n").allSatisfy { $0.count <= 60 }, "long text is wrapped: \(mission)")

        let narrow = try moonshot("missions", environment: ["COLUMNS": "24"]).stdout
        XCTAssertTrue(narrow.contains("Mission:     Apollo 13\n"), "stacked layout: \(narrow)")
        XCTAssertFalse(narrow.contains("MISSION "), narrow)
    }

    func testShowSQLPrintsWhatSqlite3CanRun() throws {
        let result = try moonshot("commander", "apollo13", "--show-sql")
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("James A. Lovell Jr."), result.stdout)
        let statement = try XCTUnwrap(result.stderr.split(separator: "\n").first { $0.hasPrefix("SELECT") }, result.stderr)
        XCTAssertTrue(try sqlite3(String(statement)).contains("lovell"), String(statement))
    }

    func testGlobalOptionsBeforeTheCommand() throws {
        let result = try moonshot("--format", "json", "--db", "moonshot.db", "commander", "11")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)))
    }

    // MARK: Errors

    func testMissingDatabaseIsExplainedAndNotCreated() throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent("moonshot.db"))
        for command in commands + [["shell"]] {
            let result = try moonshot(command)
            XCTAssertEqual(result.status, 1, "\(command)")
            XCTAssertEqual(result.stderr, "Error: no database at ./moonshot.db; run 'moonshot import' first\n", "\(command)")
            XCTAssertEqual(result.stdout, "")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testNotAMoonshotDatabase() throws {
        try Data("not a database".utf8).write(to: folder.appendingPathComponent("other.db"))
        let result = try moonshot("missions", "--db", "other.db")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("Error: ./other.db is not a moonshot database\n"), result.stderr)
    }

    func testUnknownAndAmbiguousNames() throws {
        let mission = try moonshot("crew", "Apollo 19")
        XCTAssertEqual(mission.status, 1)
        XCTAssertTrue(mission.stderr.contains("no mission matches \"Apollo 19\""), mission.stderr)
        XCTAssertTrue(mission.stderr.contains("Did you mean: Apollo 1"), mission.stderr)

        let astronaut = try moonshot("flights", "Niel Amstrong")
        XCTAssertEqual(astronaut.status, 1)
        XCTAssertTrue(astronaut.stderr.contains("Did you mean: Neil A. Armstrong (armstrong)"), astronaut.stderr)

        let ambiguous = try moonshot("astronaut", "James")
        XCTAssertEqual(ambiguous.status, 1)
        XCTAssertTrue(ambiguous.stderr.contains("\"James\" matches 3 astronauts"), ambiguous.stderr)
        XCTAssertEqual(ambiguous.stdout, "")
    }

    func testSQLRefusesEveryWrite() throws {
        let before = try Data(contentsOf: folder.appendingPathComponent("moonshot.db"))
        let writes = [
            "DELETE FROM crew", "DROP TABLE missions", "INSERT INTO astronauts VALUES ('x', 'X', 'x')",
            "VACUUM", "VACUUM INTO 'copy.db'", "ATTACH 'other.db' AS other", "PRAGMA user_version = 9",
            "PRAGMA journal_mode = WAL", "SELECT load_extension('libx')", "CREATE TEMP TABLE t (x)",
            "/* sneaky */ vacuum into 'copy2.db'", "REINDEX", "ANALYZE",
        ]
        for statement in writes {
            let result = try moonshot("sql", statement)
            XCTAssertEqual(result.status, 1, statement)
            XCTAssertTrue(result.stderr.hasPrefix("Error: "), "\(statement): \(result.stderr)")
        }
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("moonshot.db")), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["moonshot.db"])
    }

    func testSQLStopsARunawayQuery() throws {
        let start = Date()
        let result = try moonshot("sql", "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n",
                                  "--timeout", "0.3")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("stopped after 0.3 seconds"), result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testSearchTakesAnyTextAsWords() throws {
        for text in ["O2-tank", "Apollo 13's", "\"quoted\"", "AND", "lunar OR", "*"] {
            let result = try moonshot("search", text)
            XCTAssertNotEqual(result.status, 64, text)
            XCTAssertFalse(result.stderr.contains("fts5"), "\(text): \(result.stderr)")
        }
        XCTAssertEqual(try moonshot("search", "O2-tank").status, 0)
    }

    func testUsageErrors() throws {
        for arguments in [["crew"], ["flights"], ["missions", "--format", "xml"], ["missions", "extra"], ["search", "x", "--limit", "0"]] {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: "), result.stderr)
            XCTAssertTrue(result.stderr.contains("\nUsage: moonshot "), result.stderr)
        }
    }

    func testEveryCommandHasHelp() throws {
        let root = try moonshot("--help").stdout
        for name in ["import", "missions", "mission", "crew", "commander", "astronauts", "astronaut", "flights", "search", "sql", "shell", "schema"] {
            XCTAssertTrue(root.contains("\n  \(name) "), "listed: \(name)")
            let help = try moonshot(name, "--help")
            XCTAssertEqual(help.status, 0, name)
            XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: "), name)
            XCTAssertTrue(help.stdout.contains("\nUSAGE: moonshot \(name)"), name)
        }
    }

    func testOptionsThatDoNotApplyAreRefused() throws {
        for arguments in [["import", "--format", "json"], ["schema", "--db", "x.db"], ["shell", "--format", "csv"], ["import", "--show-sql"]] {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("does not apply to"), result.stderr)
        }
        XCTAssertEqual(try moonshot("--show-sql", "commander", "11").status, 0, "--show-sql is global for questions")
        let empty = try moonshot("missions", "--db", "")
        XCTAssertEqual(empty.status, 64)
        XCTAssertTrue(empty.stderr.hasPrefix("Error: The option '--db' needs a file path"), empty.stderr)
    }

    func testSearchTakesSeveralWordsWithoutQuotes() throws {
        let quoted = try moonshot("search", "lunar rover", "--format", "json")
        let unquoted = try moonshot("search", "lunar", "rover", "--format", "json")
        XCTAssertEqual(unquoted.status, 0, unquoted.stderr)
        XCTAssertEqual(unquoted.stdout, quoted.stdout)
        let table = try moonshot("search", "moon", environment: ["COLUMNS": "120"]).stdout
        XCTAssertFalse(table.contains("\n\n"), "snippets stay on their rows: \(table)")
    }

    func testSQLEdgeCases() throws {
        let empty = try moonshot("sql", "  ;")
        XCTAssertEqual(empty.status, 64)
        XCTAssertTrue(empty.stderr.hasPrefix("Error: The statement is empty"), empty.stderr)
        for statement in ["select 1;  delete from missions", "select 1; " + String(repeating: "x", count: 3000)] {
            let result = try moonshot("sql", statement)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("only one statement"), result.stderr)
        }
        XCTAssertEqual(try moonshot("sql", "select 1; -- done").stdout, "1\n-\n1\n")
        let header = try moonshot("sql", "SELECT 'a,b' AS Mixed, x'00ff' AS b, NULL AS n").stdout
        XCTAssertTrue(header.hasPrefix("Mixed  b        n\n"), "column names as written: \(header)")
        XCTAssertTrue(header.contains("X'00FF'  NULL"), header)
    }

    func testSQLStreamsLargeResults() throws {
        let count = 30_000
        let sql = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT \(count)) SELECT x FROM n"
        let csv = try moonshot("sql", sql, "--format", "csv")
        XCTAssertEqual(csv.status, 0)
        XCTAssertEqual(csv.stdout.split(separator: "\r\n").count, count + 1)
        let json = try JSONSerialization.jsonObject(with: Data(try moonshot("sql", sql, "--format", "json").stdout.utf8)) as! [[String: Int]]
        XCTAssertEqual(json.count, count)
        XCTAssertEqual(json.last?["x"], count)
        let table = try moonshot("sql", sql)
        XCTAssertEqual(table.status, 0)
        XCTAssertTrue(table.stderr.contains("Showing the first 10000 rows"), table.stderr)
    }

    func testABusyDatabaseIsReportedAfterTheTimeout() throws {
        // Another process writes to the database and keeps its lock.
        let holder = try startSQLiteSession()
        XCTAssertEqual(holder.send("BEGIN EXCLUSIVE;\nSELECT 'locked';\n"), "locked\n")
        let started = Date()
        let result = try moonshot("missions")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("is busy"), result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "the wait is bounded")
        _ = try holder.finish("ROLLBACK;\n")
        XCTAssertEqual(try moonshot("missions").status, 0)
    }

    func testOutputThatCannotBeWrittenIsAnError() throws {
        let result = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" missions > /dev/full", Self.binary.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("Error: cannot write the output"), result.stderr)
    }

    func testBadOptionValues() throws {
        for arguments in [["sql", "SELECT 1", "--timeout", "0"], ["sql", "SELECT 1", "--timeout", "abc"],
                          ["sql", "SELECT 1", "--timeout", "1e7"], ["search", "moon", "--limit", "abc"]] {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: The value "), result.stderr)
        }
    }

    func testPagesSayWhenThereIsNothingToList() throws {
        try Data(#"[{"id": 1, "crew": [], "description": "Never flew."}]"#.utf8).write(to: folder.appendingPathComponent("m.json"))
        XCTAssertEqual(try moonshot("import", "--missions", "m.json", "--db", "empty-crew.db").status, 0)
        let mission = try moonshot("mission", "1", "--db", "empty-crew.db")
        XCTAssertEqual(mission.stdout, "Apollo 1\nBadge:       apollo1\nLaunch date: N/A\n\nNo crew listed.\n\nNever flew.\n")
        let astronaut = try moonshot("astronaut", "armstrong", "--db", "empty-crew.db")
        XCTAssertTrue(astronaut.stdout.hasPrefix("Neil A. Armstrong (armstrong)\n\nNo missions listed.\n\n"), astronaut.stdout)
    }

    func testSQLErrorsAreWorded() throws {
        let syntax = try moonshot("sql", "SELEC 1")
        XCTAssertEqual(syntax.status, 1)
        XCTAssertTrue(syntax.stderr.hasPrefix("Error: SQL error: near \"SELEC\": syntax error"), syntax.stderr)
        let runtime = try moonshot("sql", "SELECT abs(-9223372036854775808)")
        XCTAssertEqual(runtime.status, 1)
        XCTAssertTrue(runtime.stderr.hasPrefix("Error: SQL error: integer overflow\nCheck the statement"), runtime.stderr)
        let write = try moonshot("sql", "DELETE FROM crew")
        XCTAssertTrue(write.stderr.hasPrefix("Error: refused: 'moonshot sql' only runs statements that read"), write.stderr)
        let attach = try moonshot("sql", "ATTACH 'x.db' AS x")
        XCTAssertTrue(attach.stderr.hasPrefix("Error: refused: not authorized"), attach.stderr)
    }

    func testManyMatchesAreCappedInTheList() throws {
        let dataset = try SyntheticDataset.write(missions: 20, astronauts: 40, to: folder)
        XCTAssertEqual(try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts, "--db", "s.db").status, 0)
        let result = try moonshot("flights", "Astro", "--db", "s.db")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("\"Astro\" matches more than 10 astronauts:"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").filter { $0.hasPrefix("  astronaut") }.count, 10)
    }

    func testLongProblemListsEndWithACount() throws {
        let many = (0..<150).map { "{\"id\": \($0), \"crew\": [{\"name\": \"nobody\", \"role\": \"Pilot\"}], \"description\": \"x\"}" }
        try Data(("[\n" + many.joined(separator: ",\n") + "\n]").utf8).write(to: folder.appendingPathComponent("bad.json"))
        let result = try moonshot("import", "--missions", "bad.json", "--check")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("Error: The check found 150 problems.\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("\n  ... and 50 more.\n"), result.stderr)
    }

    // MARK: shell

    func testShellOpensSqlite3ReadOnly() throws {
        let result = try moonshot(["shell"], input: "SELECT count(*) FROM missions;\nDELETE FROM crew;\n")
        XCTAssertTrue(result.stdout.contains("12"), result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("readonly"), result.stderr)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM crew"), "36\n")
    }

    func testShellWithoutSqlite3SaysHowToGetIt() throws {
        let result = try moonshot(["shell"], environment: ["PATH": folder.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("the sqlite3 shell is not installed"), result.stderr)
    }

    // MARK: Helpers

    private func jsonObject(_ arguments: String...) throws -> [String: Any] {
        let result = try moonshot(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    }

    /// A strict RFC 4180 reader: CRLF records, quoted fields with doubled quotes. Nil when malformed.
    private func parseCSV(_ text: String) -> [[String]]? {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var characters = Array(text.unicodeScalars)[...]
        var quoted = false, fieldStarted = false
        while let scalar = characters.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if characters.first == "\"" { characters.removeFirst(); field.unicodeScalars.append("\"") } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                guard !fieldStarted else { return nil }
                quoted = true
                fieldStarted = true
            } else if scalar == "," {
                record.append(field); field = ""; fieldStarted = false
            } else if scalar == "\r" {
                guard characters.popFirst() == "\n" else { return nil }
                record.append(field); records.append(record)
                record = []; field = ""; fieldStarted = false
            } else if scalar == "\n" {
                return nil
            } else {
                field.unicodeScalars.append(scalar)
                fieldStarted = true
            }
        }
        guard !quoted, record.isEmpty, field.isEmpty else { return nil }
        return records
    }
}
