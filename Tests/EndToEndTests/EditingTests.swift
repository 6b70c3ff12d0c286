import Foundation
import XCTest

/// A new user's edits, made with the programs people reach for (the sqlite3 shell with its
/// defaults, Python's sqlite3 module, sqlite-utils, Datasette), on a fresh `moonshot import`:
/// every answer stays right with no extra step, with foreign keys off (those programs' default)
/// as with them on. After each edit both full-text indexes pass SQLite's thorough check and
/// `edited_rows` names what changed.
final class EditingTests: BinaryTestCase {
    /// Each client, with foreign keys off (its default) and on.
    private static let clients: [EditClient] = [
        EditClient(program: .shell, foreignKeys: false), EditClient(program: .shell, foreignKeys: true),
        EditClient(program: .python, foreignKeys: false), EditClient(program: .python, foreignKeys: true),
    ]

    override func setUpWithError() throws {
        try super.setUpWithError()
        try freshImport()
    }

    // MARK: The shell and Python

    func testAnEditedDescriptionIsFoundByEverySearch() throws {
        for client in Self.clients {
            try freshImport()
            try edit("UPDATE missions SET description = description || ' Breakfast was zanzibar marmalade.' WHERE id = 11", with: client)
            XCTAssertEqual(try searchHits("zanzibar"), ["mission 11"], "\(client)")
            XCTAssertEqual(try searchHits("tranquility"), ["mission 11"], "\(client): the rest of the text is still found")
            try assertIndexesAreSound("\(client)")
            XCTAssertEqual(try editedRows(), ["missions 11"], "\(client)")
            guard client.program == .shell, !client.foreignKeys else { continue }
            // What other programs' search finds: the same index.
            let sqliteUtils = try run(try clientTool("sqlite-utils"), ["search", databasePath, "missions", "zanzibar"])
            XCTAssertEqual(sqliteUtils.status, 0, sqliteUtils.stderr)
            XCTAssertEqual(try ids(sqliteUtils.stdout), [11])
            let datasette = try run(try clientTool("datasette"), [databasePath, "--get", "/moonshot/missions.json?_search=zanzibar&_shape=array"])
            XCTAssertEqual(datasette.status, 0, datasette.stderr)
            XCTAssertEqual(try ids(datasette.stdout), [11])
        }
    }

    func testADeletedAstronautIsGoneAndANewOneGetsANumberOfTheirOwn() throws {
        for client in Self.clients {
            try freshImport()
            try edit(
                """
                DELETE FROM astronauts WHERE id = 'schmitt';
                INSERT INTO astronauts (id, name, description) VALUES ('newbie', 'Nora Newbie', 'A pilot who keeps a quokka.');
                """, with: client)
            let schmitt = try moonshot("astronaut", "Harrison Schmitt")
            XCTAssertEqual(schmitt.status, 1, "\(client): no such astronaut any more: \(schmitt.stdout)")
            XCTAssertEqual(schmitt.stdout, "", "\(client)")
            XCTAssertFalse(schmitt.stderr.contains("Nora") || schmitt.stderr.contains("newbie"), "\(client): \(schmitt.stderr)")
            let flights = try moonshot("flights", "schmitt")
            XCTAssertEqual(flights.status, 1, "\(client): \(flights.stdout)")
            XCTAssertFalse(flights.stdout.contains("Nora") || flights.stderr.contains("Nora"), "\(client): \(flights.stderr)")
            let nora = try jsonObject("astronaut", "Nora")
            XCTAssertEqual(nora["astronaut_id"] as? String, "newbie", "\(client)")
            XCTAssertEqual(nora["astronaut_name"] as? String, "Nora Newbie", "\(client)")
            XCTAssertEqual(try searchHits("geologist").filter { $0.hasPrefix("astronaut") }, [], "\(client): her text does not say geologist")
            XCTAssertEqual(try searchHits("quokka"), ["astronaut newbie"], "\(client)")
            // Schmitt was number 32, the last; a number is never given to another astronaut.
            XCTAssertEqual(try sqlite3("SELECT number FROM astronauts WHERE id = 'newbie'"), "33\n", "\(client)")
            XCTAssertEqual(try crewIDs(17), ["cernan", "evans"], "\(client): his crew row went with him")
            try assertIndexesAreSound("\(client)")
            XCTAssertEqual(try editedRows(), ["astronauts 32", "astronauts 33", "crew 17/3"], "\(client)")
        }
    }

    func testADeletedAstronautLeavesNoCrewRowsBehind() throws {
        for client in Self.clients {
            try freshImport()
            try edit("DELETE FROM astronauts WHERE id = 'collins'", with: client)
            XCTAssertEqual(try crewIDs(11), ["armstrong", "aldrin"], "\(client)")
            let missions = try moonshot("missions", "--format", "json")
            XCTAssertEqual(missions.status, 0, missions.stderr)
            let eleven = try (JSONSerialization.jsonObject(with: Data(missions.stdout.utf8)) as? [[String: Any]])?.first { $0["mission_id"] as? Int == 11 }
            XCTAssertEqual(eleven?["crew_size"] as? Int, 2, "\(client): the count agrees with the list")
            XCTAssertEqual(try sqlite3("SELECT count(*) FROM crew WHERE astronaut_id NOT IN (SELECT id FROM astronauts)"), "0\n")
            try assertIndexesAreSound("\(client)")
            XCTAssertEqual(try editedRows(), ["astronauts 17", "crew 11/2"], "\(client)")
        }
    }

    func testAChangedKeyCarriesOverToTheCrewRows() throws {
        for client in Self.clients {
            try freshImport()
            try edit("UPDATE astronauts SET id = 'narmstrong' WHERE id = 'armstrong'", with: client)
            let commander = try jsonObject("commander", "11")["crew"] as? [[String: Any]]
            XCTAssertEqual(commander?.map { "\($0["astronaut_name"] ?? "") (\($0["astronaut_id"] ?? ""))" }, ["Neil A. Armstrong (narmstrong)"], "\(client)")
            XCTAssertEqual(try jsonObject("flights", "narmstrong")["flights"].map { ($0 as? [[String: Any]])?.count }, 1, "\(client)")
            XCTAssertEqual(try editedRows(), ["astronauts 16", "crew 11/1"], "\(client)")
            // A mission's new number carries over too, and its name and badge follow it.
            try edit("UPDATE missions SET id = 18 WHERE id = 17", with: client)
            XCTAssertEqual(try crewIDs(18), ["cernan", "evans", "schmitt"], "\(client)")
            XCTAssertEqual(
                try sqlite3("SELECT name, badge FROM missions WHERE id = 18; SELECT count(*) FROM crew WHERE mission_id = 17"),
                "Apollo 18|apollo18\n0\n", "\(client)")
            XCTAssertEqual(try missionsIndexed(as: "Apollo 18"), "18\n", "\(client)")
            try assertIndexesAreSound("\(client)")
            XCTAssertEqual(
                try editedRows(),
                [
                    "astronauts 16", "crew 11/1", "crew 17/1", "crew 17/2", "crew 17/3", "crew 18/1", "crew 18/2",
                    "crew 18/3", "missions 17", "missions 18",
                ], "\(client)")
        }
    }

    func testAMissionAndACrewAddedWithTheSourcesFieldsGetTheirDerivedValues() throws {
        for client in Self.clients {
            try freshImport()
            try edit(
                """
                INSERT INTO missions (id, launch_date, description) VALUES (18, '1973-02-14', 'A flight to the crater Copernicus, never flown.');
                INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (18, 1, 'young', 'commander');
                INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (18, 2, 'duke', '  command'||char(9)||'module   PILOT ');
                """, with: client)
            let mission = try jsonObject("mission", "18")
            XCTAssertEqual(mission["mission_name"] as? String, "Apollo 18", "\(client)")
            XCTAssertEqual(mission["badge"] as? String, "apollo18", "\(client)")
            XCTAssertEqual((mission["crew"] as? [[String: Any]])?.map { $0["canonical_role"] as? String }, ["Commander", "Command Module Pilot"], "\(client)")
            let commander = try jsonObject("commander", "Apollo 18")["crew"] as? [[String: Any]]
            XCTAssertEqual(commander?.map { $0["astronaut_id"] as? String }, ["young"], "\(client): 'commander' is a commander")
            XCTAssertEqual(try searchHits("copernicus"), ["mission 18"], "\(client)")
            XCTAssertEqual(try editedRows(), ["crew 18/1", "crew 18/2", "missions 18"], "\(client)")
            // Changing the role changes its title.
            try edit("UPDATE crew SET role = 'Lunar module pilot' WHERE mission_id = 18 AND position = 1", with: client)
            XCTAssertEqual(try jsonObject("commander", "18")["crew"].map { ($0 as? [[String: Any]])?.count }, 0, "\(client)")
            XCTAssertEqual(try sqlite3("SELECT canonical_role FROM crew WHERE mission_id = 18 AND position = 1"), "Lunar Module Pilot\n", "\(client)")
            try assertIndexesAreSound("\(client)")
            XCTAssertEqual(try editedRows(), ["crew 18/1", "crew 18/2", "missions 18"], "\(client)")
        }
    }

    func testDerivedValuesSetToEmptyAreFilledInAgainAndTheIndexFollows() throws {
        for client in Self.clients {
            try freshImport()
            try edit(
                """
                UPDATE missions SET name = '' WHERE id = 11;
                UPDATE missions SET badge = '' WHERE id = 12;
                UPDATE crew SET canonical_role = '' WHERE mission_id = 13;
                """, with: client)
            XCTAssertEqual(
                try sqlite3("SELECT name, badge FROM missions WHERE id IN (11, 12) ORDER BY id; SELECT canonical_role FROM crew WHERE mission_id = 13"),
                "Apollo 11|apollo11\nApollo 12|apollo12\nCommander\nCommand Module Pilot\nLunar Module Pilot\n", "\(client)")
            try assertIndexesAreSound("\(client)")
            XCTAssertEqual(try missionsIndexed(as: "Apollo 11"), "11\n", "\(client)")
        }
    }

    func testWhatWouldBreakAnAnswerIsRefusedSayingWhy() throws {
        let refused = [
            ("INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (11, 4, 'nobody', 'Pilot')", "crew.astronaut_id names no astronaut"),
            ("INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (19, 1, 'young', 'Pilot')", "crew.mission_id names no mission"),
            ("UPDATE crew SET astronaut_id = 'nobody' WHERE mission_id = 11 AND position = 2", "crew.astronaut_id names no astronaut"),
            ("UPDATE missions SET name = 'Apollo 12' WHERE id = 11", "missions.name and missions.badge follow from id"),
            ("INSERT INTO missions (id, name, description) VALUES (18, 'Skylab', 'x')", "missions.name and missions.badge follow from id"),
            ("UPDATE crew SET canonical_role = 'Pilot' WHERE mission_id = 11 AND position = 1", "crew.canonical_role follows from role"),
            (
                "INSERT INTO crew (mission_id, position, astronaut_id, role, canonical_role) VALUES (11, 4, 'young', 'commander', 'Captain')",
                "crew.canonical_role follows from role"
            ),
        ]
        for client in Self.clients {
            try freshImport()
            let before = try contentDigest()
            for (sql, message) in refused {
                let result = try editResult(sql, with: client)
                XCTAssertNotEqual(result.status, 0, "\(client): \(sql)")
                XCTAssertTrue(result.stderr.contains(message), "\(client): \(sql): \(result.stderr)")
            }
            XCTAssertEqual(try contentDigest(), before, "\(client): nothing changed")
            XCTAssertEqual(try editedRows(), [], "\(client)")
            try assertIndexesAreSound("\(client)")
        }
    }

    // MARK: sqlite-utils

    func testSqliteUtilsUpsertOfTheSourcesFieldsIsSearchable() throws {
        try pipe(
            #"{"id": 13, "description": "Houston, we have had a zanzibar problem."}"#,
            to: ["upsert", databasePath, "missions", "-", "--pk", "id"])
        try pipe(
            #"{"id": 18, "launch_date": "1973-02-14", "description": "A marmalade mission."}"#,
            to: ["upsert", databasePath, "missions", "-", "--pk", "id"])
        XCTAssertEqual(try searchHits("zanzibar"), ["mission 13"])
        XCTAssertEqual(try searchHits("oxygen tank"), [], "the old text is gone from the index")
        XCTAssertEqual(
            try sqlite3("SELECT name, badge, launch_date FROM missions WHERE id IN (13, 18) ORDER BY id"),
            "Apollo 13|apollo13|1970-04-11\nApollo 18|apollo18|1973-02-14\n")
        XCTAssertEqual(try crewIDs(13), ["lovell", "swigert", "haise"])
        try assertIndexesAreSound("upsert")
        XCTAssertEqual(try editedRows(), ["missions 13", "missions 18"])
    }

    func testSqliteUtilsInsertReplaceKeepsTheIndexRight() throws {
        try pipe(
            #"{"id": 12, "launch_date": "1969-11-14", "description": "Struck by zanzibar lightning twice."}"#,
            to: ["insert", databasePath, "missions", "-", "--pk", "id", "--replace"])
        XCTAssertEqual(try searchHits("zanzibar"), ["mission 12"])
        XCTAssertEqual(try missionsIndexed(as: "Apollo 12"), "12\n", "its name is indexed once, as it was")
        XCTAssertEqual(try sqlite3("SELECT name, badge FROM missions WHERE id = 12"), "Apollo 12|apollo12\n")
        // sqlite-utils turns recursive triggers on, so the row replaced is deleted as a DELETE
        // would be, crew rows and all (docs/database.md says so); the list and the count agree.
        XCTAssertEqual(try crewIDs(12), [])
        let missions = try moonshot("missions", "--format", "json")
        let twelve = try (JSONSerialization.jsonObject(with: Data(missions.stdout.utf8)) as? [[String: Any]])?.first { $0["mission_id"] as? Int == 12 }
        XCTAssertEqual(twelve?["crew_size"] as? Int, try crewIDs(12).count)
        try assertIndexesAreSound("insert --replace")
        XCTAssertTrue(try editedRows().contains("missions 12"))
    }

    func testSqliteUtilsConvertKeepsSearchRight() throws {
        let before = try searchHits("lunar rover")
        XCTAssertFalse(before.isEmpty)
        let converted = try run(try clientTool("sqlite-utils"), ["convert", databasePath, "missions", "description", "value.upper()"])
        XCTAssertEqual(converted.status, 0, converted.stderr)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM missions WHERE description <> upper(description)"), "0\n")
        XCTAssertEqual(try searchHits("lunar rover"), before, "case is ignored, and the index follows the new text")
        try assertIndexesAreSound("convert")
        XCTAssertEqual(try editedRows().count, 12, "every mission changed")
    }

    // MARK: Helpers

    /// Runs sqlite-utils with `input` on its standard input, and expects it to succeed.
    private func pipe(_ input: String, to arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try run(try clientTool("sqlite-utils"), arguments, input: input)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
    }

    private func ids(_ json: String) throws -> [Int] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]], json).compactMap { $0["id"] as? Int }
    }

    /// The astronaut ids `crew mission` lists, in order.
    private func crewIDs(_ mission: Int) throws -> [String] {
        (try jsonObject("crew", String(mission))["crew"] as? [[String: Any]] ?? []).compactMap { $0["astronaut_id"] as? String }
    }

    /// The numbers of the missions the full-text index holds under the name `name`, one a line.
    private func missionsIndexed(as name: String) throws -> String {
        try sqlite3("SELECT rowid FROM missions_fts WHERE missions_fts MATCH 'name:\"\(name)\"' ORDER BY rowid")
    }

    /// What `moonshot search words` finds, as "mission 11" or "astronaut lovell", sorted.
    private func searchHits(_ words: String) throws -> [String] {
        let result = try moonshot("search", words, "--limit", "1000", "--format", "json")
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], result.stdout)
        return rows.map { row in
            let kind = row["kind"] as? String ?? "?"
            return "\(kind) \(row[kind + "_id"] ?? "?")"
        }.sorted()
    }
}

/// A program that edits the database, as a user runs it.
struct EditClient: CustomStringConvertible {
    enum Program { case shell, python }
    let program: Program
    /// Whether it turns foreign keys on first (neither program does by default).
    let foreignKeys: Bool

    var description: String { "\(program == .shell ? "sqlite3 shell" : "Python sqlite3"), foreign keys \(foreignKeys ? "on" : "off")" }
}

extension BinaryTestCase {
    var databasePath: String { folder.appendingPathComponent("moonshot.db").path }

    /// Replaces the test's database with a fresh import of the Apollo data.
    func freshImport() throws {
        for name in try files(startingWith: "moonshot.db") { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        let result = try moonshot("import")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// Runs the SQL script `sql` on the test's database with `client`, and expects it to succeed.
    func edit(_ sql: String, with client: EditClient, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try editResult(sql, with: client)
        XCTAssertEqual(result.status, 0, "\(client): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stderr, "", "\(client)", file: file, line: line)
    }

    /// Runs the SQL script `sql` on the test's database with `client`: the sqlite3 shell fed it
    /// on standard input (stopping at the first error), or Python's `executescript`.
    func editResult(_ sql: String, with client: EditClient) throws -> Result {
        let pragma = client.foreignKeys ? "PRAGMA foreign_keys = ON;\n" : ""
        switch client.program {
        case .shell:
            return try run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", "-bail", databasePath], input: pragma + sql + ";\n")
        case .python:
            let script = """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                db.executescript(sys.stdin.read())
                db.commit()
                """
            return try run(try tool("python3", install: "apt-get install python3"), ["-c", script, databasePath], input: pragma + sql + ";\n")
        }
    }

    /// Fails unless both full-text indexes agree with their tables, by SQLite's thorough check
    /// (the form with rank = 1, which compares the index with the table's text).
    func assertIndexesAreSound(_ context: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "sqlite3", "-bail", databasePath,
                """
                INSERT INTO missions_fts (missions_fts, rank) VALUES ('integrity-check', 1);
                INSERT INTO astronauts_fts (astronauts_fts, rank) VALUES ('integrity-check', 1);
                """,
            ])
        XCTAssertEqual(result.status, 0, "\(context): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stderr, "", context, file: file, line: line)
    }

    /// The rows `edited_rows` notes as changed since the import, as "missions 11", sorted.
    func editedRows() throws -> [String] {
        try sqlite3("SELECT table_name || ' ' || row_key FROM edited_rows ORDER BY 1").split(separator: "\n").map(String.init)
    }

    /// sqlite-utils or Datasette from the PATH (as `.ci/run` installs them, pinned).
    func clientTool(_ name: String) throws -> URL {
        let install = ["sqlite-utils": "pip install 'sqlite-utils==4.2'", "datasette": "pip install 'datasette==0.65.5'"][name]
        return try tool(name, install: install ?? "install \(name)")
    }
}
