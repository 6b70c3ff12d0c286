import Foundation
import XCTest

/// The question-answering commands, run through the built binary on an imported database.
final class QueryCommandTests: ApolloDatabaseTestCase {
    // MARK: --show-sql

    func testShowSQLPrintsWhatSqlite3CanRun() throws {
        let result = try moonshot("commander", "apollo13", "--show-sql")
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("James A. Lovell Jr."), result.stdout)
        let statement = try XCTUnwrap(result.stderr.split(separator: "\n").first { $0.hasPrefix("SELECT") }, result.stderr)
        XCTAssertTrue(try sqlite3(String(statement)).contains("lovell"), String(statement))
    }

    // MARK: Errors

    func testMissingDatabaseIsExplainedAndNotCreated() throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent("moonshot.db"))
        for command in Self.questions + [["shell"]] {
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
        XCTAssertTrue(ambiguous.stderr.contains("\"James\" could be any of 3 astronauts"), ambiguous.stderr)
        XCTAssertEqual(ambiguous.stdout, "")
    }

    /// An id that is another astronaut's full name is a tie, as any other, whichever the case.
    func testAnIdAndANameOfTwoAstronautsAreBothListed() throws {
        XCTAssertEqual(try sqlite3("INSERT INTO astronauts (id, name, description) VALUES ('neil a. armstrong', 'Someone Else', 'x')"), "")
        for words in [["astronaut", "Neil", "A.", "Armstrong"], ["flights", "neil a. armstrong"]] {
            let result = try moonshot(words)
            XCTAssertEqual(result.status, 1, "\(words): \(result.stdout)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(
                result.stderr,
                """
                Error: "\(words.dropFirst().joined(separator: " "))" could be any of 2 astronauts:
                  neil a. armstrong  Someone Else
                  armstrong          Neil A. Armstrong
                Give the id, or more of the name.

                """)
        }
        XCTAssertTrue(try moonshot("astronaut", "armstrong").stdout.contains("Neil A. Armstrong"))
        XCTAssertTrue(try moonshot("astronaut", "Someone Else").stdout.contains("neil a. armstrong"))
    }

    /// A negative id, which the import and the table accept, is asked about as it is listed.
    func testAMissionWithANegativeIdIsFoundByItsNameAndNumber() throws {
        let missions = """
            [{"id": -5, "crew": [{"name": "grissom", "role": "Command Pilot"}], "description": "A test."}]
            """
        try Data(missions.utf8).write(to: folder.appendingPathComponent("negative.json"))
        let imported = try moonshot("import", "--missions", "negative.json", "--astronauts", Self.apolloAstronauts, "--db", "n.db")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        // And one inserted later, as any client may.
        XCTAssertEqual(try sqlite3("INSERT INTO missions (id, description) VALUES (-7, 'Later.')", database: "n.db"), "")
        let listed = try moonshot("missions", "--db", "n.db", "--format", "csv")
        XCTAssertEqual(
            listed.stdout.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",").dropFirst().first }, ["Apollo -7", "Apollo -5"])
        let questions = [["mission", "--", "-5"], ["mission", "Apollo -5"], ["mission", "apollo-5"], ["commander", "Apollo -5"], ["crew", "--", "-5"]]
        for words in questions {
            let result = try moonshot([words[0], "--db", "n.db", "--format", "csv"] + words.dropFirst())
            XCTAssertEqual(result.status, 0, "\(words): \(result.stderr)")
            XCTAssertTrue(result.stdout.split(whereSeparator: \.isNewline).dropFirst().first?.hasPrefix("-5,Apollo -5,") == true, "\(words): \(result.stdout)")
        }
        let later = try moonshot("mission", "--db", "n.db", "--", "-7")
        XCTAssertEqual(later.status, 0, later.stderr)
        XCTAssertTrue(later.stdout.contains("Apollo -7"), later.stdout)
        let missing = try moonshot("mission", "--db", "n.db", "--", "-6")
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("Error: no mission matches \"-6\" in n.db\nDid you mean: Apollo -5"), missing.stderr)
    }

    /// Every write is refused in moonshot's words before SQLite runs it, including those on tables
    /// whose triggers an untrusted schema would refuse first in SQLite's words.
    func testSQLRefusesEveryWrite() throws {
        let before = try Data(contentsOf: folder.appendingPathComponent("moonshot.db"))
        let writes = [
            "DELETE FROM crew", "DROP TABLE missions", "INSERT INTO astronauts (id, name, description) VALUES ('x', 'X', 'x')",
            "UPDATE missions SET description = 'x' WHERE id = 11", "INSERT INTO missions (id, description) VALUES (99, 'x')",
            "WITH n AS (SELECT 1) DELETE FROM astronauts", "REPLACE INTO crew SELECT * FROM crew", "VACUUM",
            "PRAGMA user_version = 9", "PRAGMA journal_mode = WAL", "CREATE TEMP TABLE t (x)", "CREATE VIEW v AS SELECT 1",
            "ALTER TABLE crew ADD COLUMN x", "CREATE INDEX i ON crew (role)", "REINDEX", "ANALYZE",
            // Writes SQLite refuses before it asks who may: its own tables, its reserved names.
            "DELETE FROM missions_fts_data", "DELETE FROM sqlite_master", "CREATE TABLE sqlite_x (a)",
            "INSERT INTO missions_fts (missions_fts) VALUES ('rebuild')",
        ]
        let refusal =
            "Error: refused: 'moonshot sql' only runs statements that read; this one would write\n"
            + "Change the database with sqlite3 or any SQLite client; 'moonshot check' then says what an edit broke.\n"
        for statement in writes {
            let result = try moonshot("sql", statement)
            XCTAssertEqual(result.status, 1, statement)
            XCTAssertEqual(result.stderr, refusal, statement)
        }
        for outside in ["VACUUM INTO 'copy.db'", "/* sneaky */ vacuum into 'copy2.db'", "ATTACH 'other.db' AS other", "SELECT load_extension('libx')"] {
            let result = try moonshot("sql", outside)
            XCTAssertEqual(result.status, 1, outside)
            XCTAssertTrue(result.stderr.hasPrefix("Error: refused: "), "\(outside): \(result.stderr)")
        }
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("moonshot.db")), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["moonshot.db"])
    }

    /// Reading a virtual table (full-text search, json_each(), a pragma function) makes SQLite
    /// report an update of its schema table to the authorizer: a read all the same.
    func testSQLReadsVirtualTables() throws {
        let reads = [
            ("SELECT rowid FROM missions_fts WHERE missions_fts MATCH 'oxygen tank' ORDER BY rowid", "rowid\n-----\n13\n"),
            ("SELECT count(*) FROM json_each('[1, 2]')", "count(*)\n--------\n2\n"),
            ("SELECT count(*) > 3 FROM pragma_table_info('missions')", "count(*) > 3\n------------\n1\n"),
            ("SELECT count(*) FROM astronauts_fts('name : lovell')", "count(*)\n--------\n1\n"),
        ]
        for (statement, answer) in reads {
            let result = try moonshot("sql", statement)
            XCTAssertEqual(result.status, 0, "\(statement): \(result.stderr)")
            XCTAssertEqual(result.stdout, answer, statement)
        }
    }

    func testSQLFollowsSQLitesAdviceForUntrustedStatements() throws {
        // Functions that reach outside the database: fts3_tokenizer hands out and takes native pointers.
        for statement in [
            "SELECT fts3_tokenizer('simple')", "SELECT fts3_tokenizer('mine', x'0000000000000000')",
            "SELECT load_extension('libx')",
        ] {
            let result = try moonshot("sql", statement)
            XCTAssertEqual(result.status, 1, statement)
            XCTAssertTrue(result.stderr.hasPrefix("Error: refused: not authorized to use function"), "\(statement): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", statement)
        }
        // Each limit, with a message that names it.
        let long = try moonshot("sql", "SELECT '" + String(repeating: "x", count: 100_001) + "'")
        XCTAssertTrue(long.stderr.hasPrefix("Error: the statement is longer than 100000 bytes"), long.stderr)
        let big = try moonshot("sql", "SELECT length(zeroblob(40000000))")
        XCTAssertTrue(big.stderr.hasPrefix("Error: a value would be larger than 32 MiB"), big.stderr)
        // SQLite 3.40's printf() returns NULL where its result would be too long; moonshot's says so.
        let printf = try moonshot("sql", "SELECT printf('%.*c', 1e9, 'x')")
        XCTAssertTrue(printf.stderr.hasPrefix("Error: a value would be larger than 32 MiB"), printf.stderr)
        XCTAssertEqual(printf.stdout, "")
        let blobs = Array(repeating: "zeroblob(30000000)", count: 20).joined(separator: ", ")
        let memory = try moonshot("sql", "SELECT count(*) FROM (SELECT \(blobs))")
        XCTAssertTrue(memory.stderr.hasPrefix("Error: the query needs more than 512 MiB of memory"), memory.stderr)
        let parameter = try moonshot("sql", "SELECT * FROM missions WHERE id = ?")
        XCTAssertTrue(parameter.stderr.hasPrefix("Error: the statement has 1 parameter"), parameter.stderr)
        for result in [long, big, printf, memory, parameter] { XCTAssertEqual(result.status, 1, result.stderr) }
        // The schema is not trusted, yet every view of moonshot's reads as before.
        let views = try moonshot("sql", "SELECT (SELECT count(*) FROM crew_roster), (SELECT count(*) FROM mission_commanders)", "--format", "csv")
        XCTAssertEqual(views.stdout.split(separator: "\r\n").last, "36,12", views.stderr)
    }

    func testSQLGivesEveryColumnItsOwnJSONKey() throws {
        let result = try moonshot("sql", "SELECT 1 AS a, 2 AS a, 3 AS a_2, 4 AS a", "--format", "json")
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Int]])
        XCTAssertEqual(rows, [["a": 1, "a_3": 2, "a_2": 3, "a_4": 4]])
        let keys = result.stdout.split(separator: "\n").filter { $0.contains(":") }.map { $0.split(separator: ":")[0] }
        XCTAssertEqual(keys.count, 4)
        XCTAssertEqual(Set(keys).count, 4, "no key printed twice: \(result.stdout)")
    }

    func testSQLStopsARunawayQuery() throws {
        let start = Date()
        let result = try moonshot(
            "sql", "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n",
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

    func testSearchFindsOtherFormsOfWordsAndTheStartOfTheLastOne() throws {
        // What each search should find, worked out here from the words of every name and
        // description: those for which `wanted` holds for some word.
        let rows = try wordsOfEveryRow()
        let cases: [(text: String, wanted: (String) -> Bool)] = [
            ("lov", { $0.hasPrefix("lov") }),
            ("apoll", { $0.hasPrefix("apoll") }),
            ("rovers", { ["rover", "rovers"].contains($0) }),
            ("landed", { ["land", "lands", "landed", "landing", "landings"].contains($0) }),
        ]
        for (text, wanted) in cases {
            let expected = Set(rows.filter { $0.words.contains(where: wanted) }.map(\.key))
            XCTAssertEqual(Set(try searchHits(text)), expected, text)
            XCTAssertFalse(expected.isEmpty, text)
        }
        XCTAssertTrue(try moonshot("search", "lov").stdout.contains("James A. Lovell Jr."))
        let lovell = try moonshot("astronaut", "lov")
        XCTAssertEqual(lovell.status, 0, lovell.stderr)
        XCTAssertTrue(lovell.stdout.contains("James A. Lovell Jr."), "a lookup takes the start of a name too: \(lovell.stdout)")
    }

    func testALastWordEndingInADigitIsMatchedWhole() throws {
        // What each search should find, worked out here: the rows that hold every word whole
        // (Apollo's text has no other forms of these), punctuation after the last aside.
        let rows = try wordsOfEveryRow()
        let cases: [(text: String, words: [String])] = [
            ("apollo 1", ["apollo", "1"]), ("Apollo 1.", ["apollo", "1"]), ("1969", ["1969"]), ("17", ["17"]),
            ("o2", ["o2"]), ("moon 19", ["moon", "19"]),
        ]
        for (text, words) in cases {
            let expected = Set(rows.filter { row in words.allSatisfy(row.words.contains) }.map(\.key))
            XCTAssertEqual(Set(try searchHits(text)), expected, text)
        }
        XCTAssertEqual(try searchHits("apollo 1").first, "mission:1", "Apollo 1 first")
        XCTAssertFalse(try searchHits("1969").isEmpty)
        // A lookup takes a number whole too: "12" is not the start of a name's "1234".
        XCTAssertEqual(try sqlite3("INSERT INTO astronauts (id, name, description) VALUES ('a1234', 'Agent 1234', 'A test.')"), "")
        let part = try moonshot("astronaut", "12")
        XCTAssertEqual(part.status, 1, part.stdout)
        XCTAssertTrue(part.stderr.contains("no astronaut matches \"12\""), part.stderr)
        let whole = try moonshot("astronaut", "1234", "--format", "json")
        XCTAssertTrue(whole.stdout.contains("\"astronaut_id\": \"a1234\""), whole.stdout + whole.stderr)
        XCTAssertEqual(whole.stderr, "")
    }

    /// The key ("mission:11", "astronaut:lovell") and the words, lower case, of every mission's
    /// and astronaut's name and description, read with `moonshot sql`.
    private func wordsOfEveryRow() throws -> [(key: String, words: [String])] {
        let rows =
            try JSONSerialization.jsonObject(
                with: Data(
                    try moonshot(
                        "sql",
                        "SELECT 'mission:' || id AS key, name, description FROM missions UNION ALL SELECT 'astronaut:' || id, name, description FROM astronauts",
                        "--format", "json"
                    ).stdout.utf8)) as! [[String: String]]
        return rows.map { row in
            (row["key"]!, (row["name"]! + " " + row["description"]!).lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
        }
    }

    /// The keys of what `moonshot search text` finds, in its order.
    private func searchHits(_ text: String) throws -> [String] {
        let result = try moonshot("search", text, "--limit", "1000", "--format", "json")
        XCTAssertEqual(result.status, 0, "\(text): \(result.stderr)")
        let hits = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
        return hits.map { hit in "\(hit["kind"]!):" + ((hit["mission_id"] as? Int).map { String($0) } ?? (hit["astronaut_id"] as? String ?? "")) }
    }

    func testAWholeNameIsTakenBeforeLongerNamesThatStartWithIt() throws {
        XCTAssertEqual(try sqlite3("INSERT INTO astronauts (id, name, description) VALUES ('r9', 'Ronaldo Nazario', 'A footballer.')"), "")
        for (text, id) in [("Ronald", "evans"), ("ronald e", "evans"), ("Ronaldo", "r9")] {
            let result = try moonshot("astronaut", text, "--format", "json")
            XCTAssertEqual(result.status, 0, "\(text): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("\"astronaut_id\": \"\(id)\""), "\(text): \(result.stdout)")
            XCTAssertEqual(result.stderr, "", "\(text): found by name, not guessed")
        }
        // Found by the start of a word only: a guess, which stderr notes as the others.
        let started = try moonshot("astronaut", "RONALDO NAZ", "--format", "json")
        XCTAssertTrue(started.stdout.contains("\"astronaut_id\": \"r9\""), started.stdout + started.stderr)
        XCTAssertEqual(started.stderr, "RONALDO NAZ: taking Ronaldo Nazario (r9)\n")
        // Only where no name holds the words whole is the last one the start of a name.
        let both = try moonshot("astronaut", "Ron")
        XCTAssertEqual(both.status, 1)
        XCTAssertTrue(both.stderr.contains("\"Ron\" could be any of 2 astronauts:\n  evans  Ronald E. Evans\n  r9     Ronaldo Nazario\n"), both.stderr)
    }

    func testANameFoundByTheStartOfAWordIsNotedAsAGuess() throws {
        for (text, taken) in [
            ("lov", "James A. Lovell Jr. (lovell)"), ("arm", "Neil A. Armstrong (armstrong)"), ("ald", "Edwin E. Aldrin Jr. (aldrin)"),
        ] {
            let result = try moonshot("astronaut", text, "--format", "json")
            XCTAssertEqual(result.status, 0, "\(text): \(result.stderr)")
            XCTAssertEqual(result.stderr, "\(text): taking \(taken)\n", text)
            XCTAssertTrue(result.stdout.hasPrefix("{"), "the answer stays clean JSON: \(result.stdout)")
        }
        let named = try moonshot("astronaut", "lovell")
        XCTAssertEqual(named.stderr, "", "a whole name is no guess")
    }

    func testAGuessTakesTheLastWordAsTheStartOfOneToo() throws {
        // No name holds both words, so the index guesses: "lov" is Lovell's name begun, which
        // outweighs the "Jim" in Irwin's ("James Benson "Jim" Irwin").
        let result = try moonshot("astronaut", "jim lov")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Astronaut id:      lovell\n"), result.stdout)
        XCTAssertTrue(result.stderr.contains("jim lov: taking James A. Lovell Jr. (lovell)"), result.stderr)
        XCTAssertTrue(try moonshot("astronaut", "jim lovell").stdout.hasPrefix("Astronaut id:      lovell\n"))
        XCTAssertTrue(try moonshot("astronaut", "jim irw").stdout.hasPrefix("Astronaut id:      irwin\n"))
    }

    func testSQLEdgeCases() throws {
        let empty = try moonshot("sql", "  ;")
        XCTAssertEqual(empty.status, 64)
        XCTAssertTrue(empty.stderr.hasPrefix("Error: The statement is empty"), empty.stderr)
        for statement in ["select 1;  delete from missions", "select 1; " + String(repeating: "x", count: 3000)] {
            let result = try moonshot("sql", statement)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertEqual(
                result.stderr,
                "Error: 'moonshot sql' runs one statement at a time, and this text holds more than one\n"
                    + "Give each statement to a 'moonshot sql' of its own.\n")
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
        // A table prints every row too, as they come, in the widths its first rows set.
        let table = try moonshot(["sql", sql + " UNION ALL SELECT printf('%.40c', '7')"], environment: ["COLUMNS": "80"])
        XCTAssertEqual(table.status, 0)
        XCTAssertEqual(table.stderr, "")
        let lines = table.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2 + count + 3, "a heading, a rule and every row, the long last one wrapped")
        XCTAssertEqual(lines.last, "77777777")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 16 }, "the widths the first rows set, with room to grow")
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
        let closed = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" missions >&-", Self.binary.path])
        XCTAssertEqual(closed.status, 1)
        XCTAssertTrue(closed.stderr.hasPrefix("Error: cannot write the output: Bad file descriptor"), closed.stderr)
    }

    /// The exit status of an import tells what became of the database: when the summary cannot
    /// be printed, the import has still happened.
    func testAnImportWhoseSummaryCannotBePrintedSucceedsAndSaysSo() throws {
        for redirection in ["> /dev/full", ">&-"] {
            let result = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" import \(redirection)", Self.binary.path])
            XCTAssertEqual(result.status, 0, "\(redirection): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.hasPrefix(
                    "Warning: the import succeeded (moonshot.db holds the new content), "
                        + "but its summary could not be printed: cannot write the output"), result.stderr)
        }
        // A pipe whose reader has gone (`moonshot import | true`): SIGPIPE would end the import
        // after its commit, with a status that says it failed.
        let script =
            "import os, subprocess, sys\nr, w = os.pipe()\nos.close(r)\n"
            + "p = subprocess.run([sys.argv[1], 'import'], stdout=w, stderr=subprocess.PIPE)\n"
            + "sys.stdout.write(str(p.returncode) + '\\n' + p.stderr.decode())\n"
        let closedPipe = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, Self.binary.path])
        XCTAssertTrue(
            closedPipe.stdout.hasPrefix(
                "0\nWarning: the import succeeded (moonshot.db holds the new content), "
                    + "but its summary could not be printed: cannot write the output: Broken pipe"), closedPipe.stdout)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM imports; SELECT count(*) FROM missions"), "4\n12\n")
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
        XCTAssertTrue(result.stderr.contains("\"Astro\" could be any of more than 10 astronauts:"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").filter { $0.hasPrefix("  astronaut") }.count, 10)
    }

    func testLongProblemListsEndWithACount() throws {
        let many = (0..<150).map { "{\"id\": \($0), \"crew\": [{\"name\": \"nobody\", \"role\": \"Pilot\"}], \"description\": \"x\"}" }
        try Data(("[\n" + many.joined(separator: ",\n") + "\n]").utf8).write(to: folder.appendingPathComponent("bad.json"))
        let result = try moonshot("import", "--missions", "bad.json", "--astronauts", Self.apolloAstronauts, "--check")
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
        XCTAssertEqual(try moonshot(["shell"], input: "PRAGMA trusted_schema;\n").stdout, "0\n", "the schema untrusted")
    }

    func testShellWithoutSqlite3SaysHowToGetIt() throws {
        let result = try moonshot(["shell"], environment: ["PATH": folder.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("the sqlite3 shell is not installed"), result.stderr)
    }
}
