import Foundation
import XCTest

/// `moonshot check` and `moonshot check --repair`, on databases broken as people break them:
/// with the sqlite3 shell (foreign keys off, triggers dropped) and sqlite-utils.
final class CheckCommandTests: ApolloDatabaseTestCase {
    private var database: String { folder.appendingPathComponent("moonshot.db").path }

    /// Every row of every table a repair must keep, as the sqlite3 shell prints them.
    private func everyRow() throws -> String {
        try ["missions", "astronauts", "crew", "imports", "edited_rows"].map {
            try sqlite3("SELECT * FROM \($0) ORDER BY 1, 2")
        }.joined(separator: "--\n")
    }

    /// The database file's bytes and modification time.
    private func fileState() throws -> (Data, Date?) {
        (
            try Data(contentsOf: URL(fileURLWithPath: database)),
            try FileManager.default.attributesOfItem(atPath: database)[.modificationDate] as? Date
        )
    }

    private func checkJSON(_ arguments: String...) throws -> (status: Int32, object: [String: Any]) {
        let result = try moonshot(["check"] + arguments + ["--format", "json"])
        XCTAssertEqual(result.stderr, "")
        return (result.status, try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any])
    }

    func testAFreshImportIsSound() throws {
        let table = try moonshot("check")
        XCTAssertEqual(table.status, 0, table.stdout + table.stderr)
        XCTAssertTrue(table.stdout.hasPrefix("./moonshot.db is sound: no problems found.\n"), table.stdout)
        XCTAssertTrue(table.stdout.contains("\nChanges:     none, the data is as imported\n"), table.stdout)
        XCTAssertTrue(table.stdout.contains("from the built-in Apollo dataset"), table.stdout)
        let json = try checkJSON()
        XCTAssertEqual(json.status, 0)
        XCTAssertEqual(json.object["sound"] as? Bool, true)
        XCTAssertEqual((json.object["problems"] as? [Any])?.count, 0)
        XCTAssertEqual((json.object["repaired"] as? [Any])?.count, 0)
        let information = json.object["information"] as? [String: Any]
        XCTAssertEqual(information?["application_id"] as? Int, 0x4D4F_4F4E)
        XCTAssertEqual(information?["schema_version"] as? Int, 6)
        XCTAssertTrue(information?["edits_since_import"] is NSNull)
        XCTAssertEqual((information?["last_import"] as? [String: Any])?["missions_source"] as? String, "embedded:missions.json")
    }

    func testADescriptionChangedBehindADroppedTriggerIsFoundAndRepaired() throws {
        _ = try sqlite3("DROP TRIGGER missions_au; UPDATE missions SET description = description || ' zanzibar marmalade' WHERE id = 11")
        XCTAssertEqual(try moonshot("search", "zanzibar").stdout.contains("Apollo 11"), false, "the index is stale")
        let checked = try moonshot("check")
        XCTAssertEqual(checked.status, 1, checked.stderr)
        XCTAssertTrue(checked.stdout.contains("Problem: trigger missions_au is missing\n"), checked.stdout)
        XCTAssertTrue(checked.stdout.contains("Problem: full-text index missions_fts does not hold exactly the text of missions\n"), checked.stdout)
        // In the words of moonshot metadata and the site's footer (DataEdits.summary).
        XCTAssertNotNil(
            checked.stdout.range(
                of: #"\nChanges: +1 mission changed since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC"#,
                options: .regularExpression), checked.stdout)
        let json = try checkJSON()
        XCTAssertEqual(json.object["sound"] as? Bool, false)
        XCTAssertEqual(Set((json.object["problems"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }), ["schema", "full-text-index"])

        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stdout + repaired.stderr)
        XCTAssertTrue(repaired.stdout.contains("  created trigger missions_au as schema.sql makes it\n"), repaired.stdout)
        XCTAssertTrue(repaired.stdout.contains("  rebuilt full-text index missions_fts from its table\n"), repaired.stdout)
        XCTAssertTrue(repaired.stdout.contains("./moonshot.db is sound: no problems found."), repaired.stdout)
        XCTAssertTrue(try moonshot("search", "zanzibar").stdout.contains("Apollo 11"), "the index has the new word")
        XCTAssertEqual(
            try sqlite3(
                "INSERT INTO missions_fts (missions_fts, rank) VALUES ('integrity-check', 1); "
                    + "INSERT INTO astronauts_fts (astronauts_fts, rank) VALUES ('integrity-check', 1)"), "")
        XCTAssertEqual(try moonshot("check").status, 0)
        _ = try sqlite3("UPDATE missions SET description = 'quokka' WHERE id = 12")
        XCTAssertTrue(try moonshot("search", "quokka").stdout.contains("Apollo 12"), "the trigger made again keeps the index")
    }

    func testATableSqliteUtilsTransformedIsRebuiltWithEveryRow() throws {
        let sqliteUtils = try tool("sqlite-utils", install: "pip install 'sqlite-utils==4.2'")
        _ = try sqlite3("INSERT INTO astronauts (id, name, description) VALUES ('newbie', 'Nora Newbie', 'New.'); DELETE FROM astronauts WHERE id = 'newbie'")
        let before = try everyRow()
        let transformed = try run(sqliteUtils, ["transform", database, "missions", "--type", "launch_date", "text"])
        XCTAssertEqual(transformed.status, 0, transformed.stderr)
        XCTAssertEqual(try run(sqliteUtils, ["transform", database, "astronauts", "--type", "name", "text"]).status, 0)
        XCTAssertEqual(try run(sqliteUtils, ["create-index", database, "missions", "launch_date"]).status, 0)

        let question = try moonshot("crew", "11")
        XCTAssertEqual(question.status, 1)
        XCTAssertTrue(
            question.stderr.contains("'moonshot check' says what differs and what puts it right ('moonshot check --repair', which keeps every row"),
            question.stderr)
        let checked = try moonshot("check")
        XCTAssertEqual(checked.status, 1, checked.stderr)
        XCTAssertTrue(
            checked.stdout.contains(
                "Problem: table missions is defined otherwise than in schema.sql\n"
                    + "Fix:     'moonshot check --repair' rebuilds it as schema.sql makes it, keeping its rows."), checked.stdout)
        for trigger in ["missions_ai", "missions_ad", "missions_au", "missions_after_insert", "missions_after_update", "missions_after_delete"] {
            XCTAssertTrue(checked.stdout.contains("Problem: trigger \(trigger) is missing\n"), trigger)
        }
        XCTAssertTrue(checked.stdout.contains("Other objects: index idx_missions_launch_date (not schema.sql's; left alone)"), checked.stdout)

        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stdout + repaired.stderr)
        XCTAssertTrue(repaired.stdout.contains("  rebuilt table missions as schema.sql makes it, keeping its 12 rows\n"), repaired.stdout)
        XCTAssertTrue(repaired.stdout.contains("  rebuilt table astronauts as schema.sql makes it, keeping its 32 rows\n"), repaired.stdout)
        XCTAssertEqual(
            try everyRow().replacingOccurrences(of: #"edited_rows\|made whole again\|[^\n]*\n"#, with: "", options: .regularExpression),
            before, "every row kept, and the astronauts' numbers never reused")
        XCTAssertEqual(
            try sqlite3("SELECT count(*) FROM edited_rows WHERE table_name = 'edited_rows'"), "1\n",
            "the triggers that note changes were missing: from when the record is whole again is noted")
        XCTAssertEqual(
            try sqlite3("SELECT name FROM sqlite_schema WHERE name = 'idx_missions_launch_date'"), "idx_missions_launch_date\n",
            "another program's index is made again")
        XCTAssertEqual(try moonshot("crew", "11").status, 0, "questions are answered again")
        XCTAssertEqual(try moonshot("check").status, 0)
    }

    func testAFullTextIndexSqliteUtilsDisabledAndAMissingTableAreMadeAgain() throws {
        let sqliteUtils = try tool("sqlite-utils", install: "pip install 'sqlite-utils==4.2'")
        XCTAssertEqual(try run(sqliteUtils, ["disable-fts", database, "missions"]).status, 0)
        _ = try sqlite3("DROP TABLE edited_rows")
        let checked = try moonshot("check")
        XCTAssertEqual(checked.status, 1)
        XCTAssertTrue(checked.stdout.contains("Problem: table missions_fts is missing\n"), checked.stdout)
        XCTAssertFalse(checked.stdout.contains("missions_fts_data"), "the index's own tables go without saying: \(checked.stdout)")
        XCTAssertTrue(
            checked.stdout.contains(
                "Problem: table edited_rows is missing\n"
                    + "Fix:     'moonshot check --repair' creates it, empty, as schema.sql makes it."), checked.stdout)
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stdout + repaired.stderr)
        XCTAssertTrue(repaired.stdout.contains("  created table edited_rows as schema.sql makes it (empty)\n"), repaired.stdout)
        XCTAssertTrue(repaired.stdout.contains("  rebuilt full-text index missions_fts from its table\n"), repaired.stdout)
        XCTAssertTrue(try moonshot("search", "oxygen", "tank").stdout.contains("Apollo 13"))
    }

    func testARepairThatWouldLoseDataChangesNothing() throws {
        let sqliteUtils = try tool("sqlite-utils", install: "pip install 'sqlite-utils==4.2'")
        // sqlite-utils will not drop a column an index is on, and says to drop the index first.
        _ = try sqlite3("DROP INDEX missions_by_launch_date")
        XCTAssertEqual(try run(sqliteUtils, ["transform", database, "missions", "--drop", "launch_date"]).status, 0)
        _ = try sqlite3("ALTER TABLE missions ADD COLUMN launch_date TEXT; UPDATE missions SET launch_date = 'July 1969' WHERE id = 11")
        var before = try fileState().0
        let badRow = try moonshot("check", "--repair")
        XCTAssertEqual(badRow.status, 1)
        XCTAssertTrue(
            badRow.stderr.hasPrefix("Error: the row of missions where id = 11 breaks a rule of schema.sql's table (CHECK constraint failed"),
            badRow.stderr)
        XCTAssertTrue(badRow.stderr.contains("so missions could not be rebuilt and moonshot.db was not changed"), badRow.stderr)
        XCTAssertEqual(try fileState().0, before)

        _ = try sqlite3("UPDATE missions SET launch_date = '1969-07-16' WHERE id = 11; ALTER TABLE astronauts ADD COLUMN notes TEXT")
        before = try fileState().0
        let extraColumn = try moonshot("check", "--repair")
        XCTAssertEqual(extraColumn.status, 1)
        XCTAssertTrue(
            extraColumn.stderr.hasPrefix(
                "Error: table astronauts has columns schema.sql does not make (notes): "
                    + "rebuilding it would lose what they hold, so moonshot.db was not changed\n"), extraColumn.stderr)
        XCTAssertEqual(try fileState().0, before)
    }

    func testCrewRowsThatPointNowhereAreNamedAndKept() throws {
        _ = try sqlite3("DROP TRIGGER astronauts_after_delete; DELETE FROM astronauts WHERE id = 'collins'")
        let checked = try moonshot("check")
        XCTAssertEqual(checked.status, 1, checked.stderr)
        XCTAssertTrue(
            checked.stdout.contains(
                "Problem: crew row 11/2 names collins: not in the astronauts table\n"
                    + "Fix:     Add astronaut collins to astronauts, or delete the row: "
                    + "DELETE FROM crew WHERE mission_id = 11 AND position = 2;\n"), checked.stdout)
        XCTAssertTrue(checked.stdout.hasPrefix("./moonshot.db has 2 problems:\n"), "the trigger, and the one row of collins: \(checked.stdout)")

        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 1, "a row that points nowhere stays: \(repaired.stdout)")
        XCTAssertTrue(repaired.stdout.contains("  created trigger astronauts_after_delete as schema.sql makes it\n"), repaired.stdout)
        XCTAssertTrue(repaired.stdout.contains("Problem: crew row 11/2 names collins: not in the astronauts table"), repaired.stdout)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM crew"), "36\n", "no row deleted")

        _ = try sqlite3("DELETE FROM crew WHERE mission_id = 11 AND position = 2;")
        XCTAssertEqual(try moonshot("check").status, 0, "the DELETE given puts it right")
    }

    func testADerivedValueThatDisagreesIsSetByItsRule() throws {
        _ = try sqlite3("DROP TRIGGER missions_after_update; UPDATE missions SET name = 'Apollo Eleven' WHERE id = 11")
        let checked = try moonshot("check")
        XCTAssertEqual(checked.status, 1, checked.stderr)
        XCTAssertTrue(
            checked.stdout.contains("Problem: mission 11: missions.name is \"Apollo Eleven\", where its rule gives \"Apollo 11\"\n"),
            checked.stdout)
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stdout)
        XCTAssertTrue(repaired.stdout.contains("  set the derived columns of 1 row by their rules\n"), repaired.stdout)
        XCTAssertEqual(try sqlite3("SELECT name FROM missions WHERE id = 11"), "Apollo 11\n")
    }

    func testASecondRepairChangesNothing() throws {
        _ = try sqlite3(
            "DROP TRIGGER missions_au; DROP TRIGGER crew_after_update; DROP INDEX crew_by_astronaut; DROP VIEW mission_overview; "
                + "CREATE VIEW mission_overview AS SELECT 1; UPDATE crew SET canonical_role = 'boss' WHERE mission_id = 13 AND position = 1; "
                + "UPDATE missions SET description = 'changed' WHERE id = 7")
        XCTAssertEqual(try moonshot("check", "--repair").status, 0)
        let data = try everyRow()
        let file = try fileState()
        let again = try moonshot("check", "--repair")
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.stdout.hasPrefix("Nothing in ./moonshot.db needed repairing.\n\n./moonshot.db is sound"), again.stdout)
        XCTAssertEqual((try checkJSON("--repair").object["repaired"] as? [Any])?.count, 0)
        XCTAssertEqual(try everyRow(), data)
        XCTAssertEqual(try fileState().0, file.0, "not a byte changed")
    }

    func testCheckNeverChangesTheFile() throws {
        _ = try sqlite3(
            "DROP TRIGGER missions_au; UPDATE missions SET description = 'changed' WHERE id = 11; "
                + "DROP TRIGGER astronauts_after_delete; DELETE FROM astronauts WHERE id = 'collins'; DROP VIEW crew_roster")
        // A write would show in the modification time, set an hour back (its resolution is a second at worst).
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: database)
        let before = try fileState()
        XCTAssertEqual(try moonshot("check").status, 1)
        XCTAssertEqual(try checkJSON().status, 1)
        let after = try fileState()
        XCTAssertEqual(after.0, before.0)
        XCTAssertEqual(after.1, before.1)
        XCTAssertEqual(try files(startingWith: "moonshot.db"), ["moonshot.db"], "no journal either")
    }

    func testADatabaseThatIsNotMoonshotsIsRefused() throws {
        _ = try sqlite3("CREATE TABLE notes (text); INSERT INTO notes VALUES ('mine')", database: "other.db")
        let before = try Data(contentsOf: folder.appendingPathComponent("other.db"))
        let checked = try moonshot("check", "--db", "other.db")
        XCTAssertEqual(checked.status, 1)
        XCTAssertEqual(checked.stdout, "")
        XCTAssertTrue(checked.stderr.hasPrefix("Error: ./other.db is not a moonshot database\n"), checked.stderr)
        let repaired = try moonshot("check", "--repair", "--db", "other.db")
        XCTAssertEqual(repaired.status, 1)
        XCTAssertTrue(repaired.stderr.hasPrefix("Error: other.db exists but is not a moonshot database; it was left as it is\n"), repaired.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("other.db")), before)
    }

    func testARepairWaitsForALockAsLongAsItsWaitAndChangesNothing() throws {
        _ = try sqlite3("DROP TRIGGER missions_au")
        let before = try everyRow()
        let writer = try startSQLiteSession()
        XCTAssertEqual(writer.send("BEGIN IMMEDIATE;\nSELECT count(*) FROM missions;\n"), "12\n")
        let result = try moonshot(within: 60, "check", "--repair", "--wait", "2")
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stderr.contains("Waiting for another program's lock on moonshot.db (up to 2 seconds in all)..."), result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "moonshot.db is locked by another program, and the repair waited for it 2 seconds in all; "
                    + "moonshot.db was not changed"), result.stderr)
        XCTAssertEqual(try writer.finish("COMMIT;\n"), "")
        XCTAssertEqual(try everyRow(), before)
        XCTAssertTrue(try moonshot("check").stdout.contains("Problem: trigger missions_au is missing"), "still as it was")
    }

    func testOptionsAndHelp() throws {
        let help = try moonshot("check", "--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--repair") && help.stdout.contains("--wait") && help.stdout.contains("\"sound\""), help.stdout)
        let csv = try moonshot("check", "--format", "csv")
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertEqual(csv.stdout, "kind,problem,fix\r\n", "the problems alone, none here")
        XCTAssertEqual(try moonshot("check", "--wait", "2").status, 64, "--wait is for --repair")
    }
}
