import Foundation
import XCTest

/// sqlite-utils' everyday writes on every table, and Datasette's links between them, run for
/// real on a fresh import: a partial upsert changes just the columns it gives (and a new row
/// still needs what the data needs), `transform` works on every table and one `check --repair`
/// brings back what it dropped, and each crew row's links lead to its mission and astronaut.
final class EcosystemToolsTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        let imported = try moonshot("import")
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }

    // MARK: sqlite-utils upsert

    func testAPartialUpsertChangesJustTheColumnsItGivesOnEveryTable() throws {
        let before = try rows("SELECT * FROM missions WHERE id = 12; SELECT * FROM astronauts WHERE id = 'armstrong'; SELECT * FROM crew WHERE mission_id = 11")
        try upsert(#"{"id": 12, "launch_date": "1969-11-15"}"#, into: "missions", keys: ["id"])
        try upsert(#"{"id": "armstrong", "name": "Neil Alden Armstrong"}"#, into: "astronauts", keys: ["id"])
        try upsert(#"{"mission_id": 11, "position": 1, "role": "commander"}"#, into: "crew", keys: ["mission_id", "position"])
        let after = try rows("SELECT * FROM missions WHERE id = 12; SELECT * FROM astronauts WHERE id = 'armstrong'; SELECT * FROM crew WHERE mission_id = 11")
        let changed = zip(before, after).filter { $0 != $1 }
        XCTAssertEqual(changed.map(\.1.first), ["12", "armstrong", "11"], "one row of each table changed")
        XCTAssertEqual(try sqlite3("SELECT launch_date, name, length(description) > 100 FROM missions WHERE id = 12"), "1969-11-15|Apollo 12|1\n")
        XCTAssertEqual(try sqlite3("SELECT number, name, length(description) > 100 FROM astronauts WHERE id = 'armstrong'"), "16|Neil Alden Armstrong|1\n")
        XCTAssertEqual(
            try sqlite3("SELECT astronaut_id, role, canonical_role FROM crew WHERE mission_id = 11 AND position = 1"), "armstrong|commander|Commander\n")
        for (question, expected) in [(["flights", "armstrong"], "Neil Alden Armstrong"), (["mission", "12"], "Nov 15, 1969")] {
            let answer = try moonshot(question)
            XCTAssertEqual(answer.status, 0, answer.stderr)
            XCTAssertTrue(answer.stdout.contains(expected), "\(question): \(answer.stdout)")
        }
        XCTAssertEqual(try moonshot("check").status, 0)
        XCTAssertEqual(try editedRows(), ["astronauts 16", "crew 11/1", "missions 12"])
    }

    func testANewRowStillNeedsWhatTheDataNeedsAndNothingChanges() throws {
        let digest = try contentDigest()
        let refusals: [(String, String, [String], String)] = [
            (#"{"id": 40, "launch_date": "1975-01-01"}"#, "missions", ["id"], "missions.description: a new mission needs a description"),
            (#"{"id": "newbie", "name": "New Bie"}"#, "astronauts", ["id"], "astronauts: a new astronaut needs a name and a description"),
            (#"{"id": "newbie", "description": "Flew."}"#, "astronauts", ["id"], "astronauts: a new astronaut needs a name and a description"),
            (#"{"mission_id": 11, "position": 4, "role": "Passenger"}"#, "crew", ["mission_id", "position"], "crew.astronaut_id names no astronaut"),
            (#"{"mission_id": 11, "position": 4, "astronaut_id": "lovell"}"#, "crew", ["mission_id", "position"], "crew.role: a new crew row needs a role"),
        ]
        for (record, table, keys, message) in refusals {
            let result = try run(try clientTool("sqlite-utils"), ["upsert", databasePath, table, "-"] + keys.flatMap { ["--pk", $0] }, input: record)
            XCTAssertEqual(result.status, 1, "\(record): \(result.stdout)")
            XCTAssertTrue(result.stderr.contains(message), "\(record): \(result.stderr)")
        }
        // An existing row's name or role cannot be emptied either.
        XCTAssertTrue(try sqlite3Failure("UPDATE astronauts SET name = '' WHERE id = 'aldrin'").contains("astronauts.name: an astronaut needs a name"))
        XCTAssertTrue(try sqlite3Failure("UPDATE crew SET role = '' WHERE mission_id = 11").contains("crew.role: a crew row needs a role"))
        XCTAssertEqual(try contentDigest(), digest)
        XCTAssertEqual(try editedRows(), [])
    }

    func testANewAstronautGetsTheNextNumberNeverOneGivenSinceTheImport() throws {
        XCTAssertEqual(try sqlite3("DELETE FROM astronauts WHERE number = 32; SELECT max(number) FROM astronauts"), "31\n")
        try upsert(#"{"id": "newbie", "name": "New Bie", "description": "A zanzibar pilot."}"#, into: "astronauts", keys: ["id"])
        XCTAssertEqual(try sqlite3("SELECT number FROM astronauts WHERE id = 'newbie'"), "33\n", "the 32 of the astronaut deleted is not given again")
        let found = try moonshot("search", "zanzibar", "--format", "csv")
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssertTrue(found.stdout.contains("newbie"), found.stdout)
        try assertIndexesAreSound("a new astronaut")
        XCTAssertEqual(try moonshot("check").status, 0)
        // RETURNING gives what was inserted: the number is filled in just after.
        XCTAssertEqual(try sqlite3("INSERT INTO astronauts (id, name, description) VALUES ('other', 'O', 'O') RETURNING number"), "0\n")
        XCTAssertEqual(try sqlite3("SELECT number FROM astronauts WHERE id = 'other'"), "34\n")
    }

    // MARK: sqlite-utils transform

    func testTransformWorksOnEveryTableAndOneRepairBringsBackWhatItDropped() throws {
        let digest = try contentDigest()
        let transforms: [[String]] = [
            ["crew", "--type", "position", "integer"], ["missions", "--type", "id", "integer"],
            ["astronauts", "--type", "number", "integer"], ["edited_rows", "--type", "row_key", "text"], ["imports", "--type", "id", "integer"],
        ]
        for arguments in transforms {
            let result = try run(try clientTool("sqlite-utils"), ["transform", databasePath] + arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", "\(arguments)")
        }
        XCTAssertEqual(try moonshot("check").status, 1, "the transforms dropped the triggers")
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stderr)
        XCTAssertTrue(repaired.stdout.contains("is sound: no problems found."), repaired.stdout)
        XCTAssertEqual(try contentDigest(), digest, "every row kept")
        // The triggers are back: an edit is noted and searchable again.
        XCTAssertEqual(try sqlite3("UPDATE crew SET role = 'Zanzibar Pilot' WHERE mission_id = 11 AND position = 2"), "")
        XCTAssertEqual(try sqlite3("SELECT canonical_role FROM crew WHERE mission_id = 11 AND position = 2"), "Zanzibar Pilot\n")
        XCTAssertTrue(try editedRows().contains("crew 11/2"))
    }

    /// Rows written while a transform had dropped the triggers may break the rules they hold:
    /// `check` names each with the statement that puts it right, and the repair changes none.
    func testRowsWrittenWhileTheTriggersWereGoneAreNamedNotChanged() throws {
        for arguments in [["astronauts", "--type", "number", "integer"], ["crew", "--type", "position", "integer"]] {
            XCTAssertEqual(try run(try clientTool("sqlite-utils"), ["transform", databasePath] + arguments).status, 0, "\(arguments)")
        }
        XCTAssertEqual(
            try sqlite3(
                "INSERT INTO astronauts (id, description) VALUES ('zz', 'Zanzibar'); INSERT INTO crew (mission_id, position, astronaut_id) VALUES (11, 4, 'zz')"
            ),
            "")
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 1, repaired.stdout)
        for problem in [
            "Problem: astronaut zz has no name, which every astronaut needs\nFix:     Give them one: UPDATE astronauts SET name = '...' WHERE id = 'zz';\n",
            "Problem: astronaut zz has number 0, which no astronaut keeps (the full-text index's key)\n",
            "Problem: crew row 11/4 has no role, which every crew row needs\nFix:     Give it one: UPDATE crew SET role = '...' WHERE mission_id = 11 AND position = 4;\n",
        ] {
            XCTAssertTrue(repaired.stdout.contains(problem), repaired.stdout)
        }
        XCTAssertEqual(
            try sqlite3("SELECT name, number FROM astronauts WHERE id = 'zz'; SELECT role FROM crew WHERE mission_id = 11 AND position = 4"), "|0\n\n")
        // The fixes the report gives, run as given, leave the database sound.
        let fixes = repaired.stdout.split(separator: "\n").filter { $0.hasPrefix("Fix:") }.map { line in
            String(line[line.range(of: "UPDATE")!.lowerBound...]).replacingOccurrences(of: "'...'", with: "'Zed'")
        }
        XCTAssertEqual(fixes.count, 3)
        XCTAssertEqual(try sqlite3(fixes.joined(separator: " ")), "")
        XCTAssertEqual(try moonshot("check").status, 0)
        let found = try moonshot("search", "zanzibar", "--format", "csv")
        XCTAssertTrue(found.stdout.contains("astronaut,,,zz,Zed,*Zanzibar*"), "found by the index: \(found.stdout)\(found.stderr)")
    }

    // MARK: Datasette

    func testEveryCrewRowLinksToAMissionAndAnAstronautDatasetteFinds() throws {
        try writeMetadata()
        let crewPage = try datasette("/moonshot/crew?_size=max")
        // Datasette links a foreign key to the row of that primary key: the links name every
        // astronaut and mission by its key, and the pages of two are there.
        let astronautLinks = Set(links(in: crewPage, to: "/moonshot/astronauts/"))
        let missionLinks = Set(links(in: crewPage, to: "/moonshot/missions/"))
        XCTAssertEqual(astronautLinks, Set(try sqlite3("SELECT '/moonshot/astronauts/' || id FROM astronauts").split(separator: "\n").map(String.init)))
        XCTAssertEqual(missionLinks, Set(try sqlite3("SELECT '/moonshot/missions/' || id FROM missions").split(separator: "\n").map(String.init)))
        XCTAssertTrue(try datasette("/moonshot/missions/13").contains("Apollo 13"))
        // An astronaut's page counts and links their crew rows.
        let lovell = try datasette("/moonshot/astronauts/lovell")
        XCTAssertTrue(lovell.contains("James A. Lovell"), lovell)
        XCTAssertTrue(lovell.contains(#"<a href="/moonshot/crew?astronaut_id=lovell">"#), lovell)
        let flights = try sqlite3("SELECT count(*) FROM crew WHERE astronaut_id = 'lovell'").trimmingCharacters(in: .newlines)
        XCTAssertEqual(flights, "2")
        XCTAssertNotNil(lovell.range(of: #"2 rows</a>\s*from astronaut_id in crew"#, options: .regularExpression), lovell)
        // Search through the index's key, as the metadata tells Datasette.
        let found = try datasette("/moonshot/astronauts.json?_search=geologist&_shape=array")
        let ids = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(found.utf8)) as? [[String: Any]]).compactMap { $0["id"] as? String }
        XCTAssertEqual(ids, ["schmitt"])
    }

    func testDatasetteSearchesAstronautsByTheIndexsKeyAfterTheRowidsMoved() throws {
        // A rowid is not an astronaut's number: an edit (or VACUUM) may move them apart.
        XCTAssertEqual(
            try sqlite3("UPDATE astronauts SET rowid = rowid + 100 WHERE id = 'schmitt'; SELECT rowid <> number FROM astronauts WHERE id = 'schmitt'"), "1\n")
        try writeMetadata()
        let found = try datasette("/moonshot/astronauts.json?_search=geologist&_shape=array")
        let ids = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(found.utf8)) as? [[String: Any]]).compactMap { $0["id"] as? String }
        XCTAssertEqual(ids, ["schmitt"])
        // The export keeps the astronauts in the order of their numbers, the source's.
        let first = try sqlite3("UPDATE astronauts SET rowid = rowid + 100 WHERE number = 1; SELECT id FROM astronauts WHERE number = 1")
        let exported = try moonshot("export", "--missions", "m.json", "--astronauts", "a.json")
        XCTAssertEqual(exported.status, 0, exported.stderr)
        let text = try String(contentsOf: folder.appendingPathComponent("a.json"), encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("{\n  \"\(first.trimmingCharacters(in: .newlines))\": {"), String(text.prefix(80)))
    }

    // MARK: Helpers

    private func upsert(_ record: String, into table: String, keys: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try run(try clientTool("sqlite-utils"), ["upsert", databasePath, table, "-"] + keys.flatMap { ["--pk", $0] }, input: record)
        XCTAssertEqual(result.status, 0, "\(record): \(result.stderr)", file: file, line: line)
    }

    /// The rows the statements select, each as its values.
    private func rows(_ sql: String) throws -> [[String]] {
        try sqlite3(sql).split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
    }

    /// What the sqlite3 shell says on stderr for `sql`, which is to fail.
    private func sqlite3Failure(_ sql: String) throws -> String {
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", "-bail", databasePath, sql])
        XCTAssertNotEqual(result.status, 0, sql)
        return result.stderr
    }

    private func writeMetadata() throws {
        let result = try moonshot("metadata")
        XCTAssertEqual(result.status, 0, result.stderr)
        try result.stdout.write(to: folder.appendingPathComponent("metadata.json"), atomically: true, encoding: .utf8)
    }

    /// What Datasette serves at `path` for the database and its metadata (no server: `--get`).
    private func datasette(_ path: String) throws -> String {
        let arguments = [databasePath, "--get", path, "--metadata", folder.appendingPathComponent("metadata.json").path]
        let result = try run(try clientTool("datasette"), arguments)
        XCTAssertEqual(result.status, 0, "\(path): \(result.stderr)")
        return result.stdout
    }

    /// The targets of the page's links that start with `prefix`, in order.
    private func links(in page: String, to prefix: String) -> [String] {
        page.components(separatedBy: "href=\"").dropFirst().compactMap { rest in
            let target = String(rest.prefix { $0 != "\"" })
            return target.hasPrefix(prefix) ? target : nil
        }
    }
}
