import Foundation
import XCTest

/// `moonshot check --repair` on databases made hostile on purpose: it runs no other program's
/// trigger, writes nothing into a damaged file, says when changes may have gone unnoted, and
/// gives advice for a changed column that keeps what the column holds.
final class CheckRepairSafetyTests: ApolloDatabaseTestCase {
    private var database: String { folder.appendingPathComponent("moonshot.db").path }

    func testAnotherProgramsTriggerDoesNotRunDuringARepairAndIsKept() throws {
        _ = try sqlite3(
            """
            CREATE TRIGGER evil AFTER UPDATE ON missions BEGIN DELETE FROM astronauts; END;
            DROP TRIGGER missions_after_insert; DROP TRIGGER crew_after_insert;
            INSERT INTO missions (id, description) VALUES (30, 'x');
            INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (30, 1, 'young', 'boss');
            """)
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stdout + repaired.stderr)
        XCTAssertEqual(
            try sqlite3("SELECT count(*) FROM astronauts; SELECT count(*) FROM crew"), "32\n37\n",
            "the derived values were set without running the other program's trigger")
        XCTAssertEqual(try sqlite3("SELECT name, canonical_role FROM missions, crew WHERE id = 30 AND mission_id = 30"), "Apollo 30|Boss\n")
        XCTAssertEqual(try sqlite3("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name = 'evil'"), "evil\n", "and it is kept")
    }

    func testADamagedFileIsNotRepaired() throws {
        _ = try sqlite3(
            """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_schema SET rootpage = CASE name WHEN 'missions' THEN 7 ELSE 2 END WHERE name IN ('missions', 'imports');
            """)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 1)
        XCTAssertTrue(repaired.stderr.contains("is damaged (SQLite's check:"), repaired.stderr)
        XCTAssertTrue(repaired.stderr.contains("so the repair left it as it is"), repaired.stderr)
        XCTAssertTrue(repaired.stderr.contains(".recover"), repaired.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before, "not a byte written")
    }

    func testChangesMadeWhileTheirRecordWasBrokenAreSaidToBeUnknown() throws {
        let python = try tool("sqlite-utils", install: "pip install sqlite-utils==4.2")
        _ = try run(python, ["transform", database, "astronauts", "--column-order", "name"])
        _ = try sqlite3("UPDATE astronauts SET description = 'zanzibar' WHERE id = 'collins'; DROP TABLE edited_rows")
        XCTAssertEqual(try moonshot("check", "--repair").status, 0)
        let checked = try moonshot("check")
        XCTAssertEqual(checked.status, 0, checked.stdout)
        XCTAssertNotNil(
            checked.stdout.range(
                of: #"Changes: +changes made before \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC may not all be noted"#,
                options: .regularExpression), checked.stdout)
        let metadata = try moonshot("metadata")
        XCTAssertTrue(metadata.stdout.contains("may not all be noted"), metadata.stdout)
        // Changes made afterwards are noted again, with the caveat kept.
        _ = try sqlite3("UPDATE missions SET description = description || ' x' WHERE id = 11")
        let again = try moonshot("check").stdout
        XCTAssertNotNil(
            again.range(
                of: #"Changes: +1 mission changed since .* UTC; changes made before .* may not all be noted"#,
                options: .regularExpression), again)
        // A new import (told to replace the changes) starts a whole record.
        XCTAssertEqual(try moonshot("import").status, 1, "an import would replace the changes")
        XCTAssertEqual(try moonshot("import", "--force").status, 0)
        XCTAssertTrue(try moonshot("check").stdout.contains("Changes:     none, the data is as imported"))
    }

    func testARenamedColumnIsAdvisedToBeCopiedBackNotDropped() throws {
        let utils = try tool("sqlite-utils", install: "pip install sqlite-utils==4.2")
        // launch_date is named by schema.sql's views, so RENAME COLUMN back would be refused.
        _ = try run(utils, ["transform", database, "missions", "--rename", "launch_date", "launched"])
        let checked = try moonshot("check")
        XCTAssertEqual(checked.status, 1)
        XCTAssertTrue(checked.stdout.contains("It has columns schema.sql does not make (launched) and lacks launch_date."), checked.stdout)
        let advice =
            #"ALTER TABLE "missions" ADD COLUMN "launch_date" TEXT; UPDATE "missions" SET "launch_date" = "launched"; "#
            + #"DROP INDEX "missions_by_launch_date"; ALTER TABLE "missions" DROP COLUMN "launched";"#
        XCTAssertTrue(checked.stdout.contains(advice), checked.stdout)
        let refused = try moonshot("check", "--repair")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains(advice), refused.stderr)
        XCTAssertEqual(try sqlite3(advice), "", "the advice runs as written")
        XCTAssertEqual(try moonshot("check", "--repair").status, 0)
        XCTAssertTrue(try moonshot("mission", "11").stdout.contains("Jul 16, 1969"))
        XCTAssertEqual(
            try sqlite3("SELECT name FROM pragma_index_xinfo('missions_by_launch_date') WHERE key"), "launch_date\n",
            "the repair made the index the advice dropped again")
        let inYear = try moonshot("missions", "--year", "1969", "--format", "csv")
        XCTAssertTrue(inYear.stdout.contains("\n11,Apollo 11,1969-07-16,"), inYear.stdout + inYear.stderr)
    }

    func testAnotherProgramsTriggerOnAViewTheRepairMakesAgainIsKept() throws {
        _ = try sqlite3(
            """
            DROP VIEW mission_commanders;
            CREATE VIEW mission_commanders AS SELECT mission_id, mission_name, launch_date, astronaut_id, astronaut_name, role
                FROM crew_roster WHERE canonical_role = 'Commander' ORDER BY mission_id;
            CREATE TABLE notes (x);
            CREATE TRIGGER my_notes INSTEAD OF UPDATE ON mission_commanders BEGIN INSERT INTO notes VALUES (new.astronaut_name); END;
            """)
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stdout + repaired.stderr)
        XCTAssertTrue(repaired.stdout.contains("made view mission_commanders again"), repaired.stdout)
        XCTAssertEqual(try sqlite3("SELECT name FROM sqlite_schema WHERE name = 'my_notes'"), "my_notes\n")
    }

    func testAKeyIsNeverTakenOverFromAnotherRow() throws {
        let before = try sqlite3("SELECT * FROM astronauts; SELECT * FROM crew; SELECT * FROM missions")
        for statement in [
            "UPDATE OR REPLACE astronauts SET id = 'aldrin' WHERE id = 'armstrong'",
            "UPDATE OR REPLACE astronauts SET number = 2 WHERE id = 'armstrong'",
            "UPDATE OR REPLACE missions SET id = 12 WHERE id = 11",
            "PRAGMA foreign_keys = ON; UPDATE OR REPLACE missions SET id = 12 WHERE id = 11",
        ] {
            let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", database, statement])
            XCTAssertNotEqual(result.status, 0, statement)
            XCTAssertTrue(result.stderr.contains("another") && result.stderr.contains("has that"), "\(statement): \(result.stderr)")
        }
        XCTAssertEqual(try sqlite3("SELECT * FROM astronauts; SELECT * FROM crew; SELECT * FROM missions"), before, "nothing changed")
        // A key nobody has is taken as before, the crew rows following it.
        XCTAssertEqual(
            try sqlite3(
                "UPDATE OR REPLACE astronauts SET id = 'narmstrong' WHERE id = 'armstrong'; SELECT astronaut_id FROM crew WHERE mission_id = 11 AND position = 1"
            ),
            "narmstrong\n")
        XCTAssertEqual(try sqlite3("INSERT INTO astronauts_fts (astronauts_fts, rank) VALUES ('integrity-check', 1); SELECT 'ok'"), "ok\n")
        XCTAssertEqual(try moonshot("check").status, 0)
    }
}
