import Foundation
import XCTest

/// `check --repair` changes only what it can prove right: what it cannot (a view where a table
/// belongs, a table that may be one renamed, a table without its keys, another program's table
/// with an index's name) it refuses, changing not a byte, with the steps that work, and `check`
/// advises the same. A sound database is not written at all; a full-text index that disagrees
/// with its table is said to be the repair's to rebuild, by every command.
final class CheckRepairRefusalTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertEqual(try moonshot("import").status, 0)
    }

    private var database: String { folder.appendingPathComponent("moonshot.db").path }

    /// Runs the repair, which must refuse without changing a byte; returns its stderr.
    private func assertRefused(_ message: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 1, repaired.stdout + repaired.stderr, file: file, line: line)
        XCTAssertTrue(repaired.stderr.contains(message), repaired.stderr, file: file, line: line)
        XCTAssertFalse(repaired.stderr.contains("SQLite failed"), repaired.stderr, file: file, line: line)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before, "not a byte written", file: file, line: line)
        return repaired.stderr
    }

    func testAViewInATablesPlaceIsRefusedNotReplacedByAnEmptyTable() throws {
        _ = try sqlite3("ALTER TABLE crew RENAME TO crew_old; CREATE VIEW crew AS SELECT * FROM crew_old;")
        let refusal = try assertRefused("has a view named crew where schema.sql's table crew belongs, and table crew_old may hold its rows")
        let steps =
            #"DROP VIEW "crew"); then if crew_old is crew under another name, rename it back (PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON; ALTER TABLE "crew_old" RENAME TO "crew";)"#
        XCTAssertTrue(refusal.contains(steps), refusal)
        let checked = try moonshot("check")
        XCTAssertTrue(checked.stdout.contains("table crew is a view instead"), checked.stdout)
        XCTAssertTrue(checked.stdout.contains(steps), "check advises the same steps: \(checked.stdout)")
        // The steps it gives work.
        _ = try sqlite3(#"DROP VIEW "crew"; PRAGMA legacy_alter_table = ON; ALTER TABLE "crew_old" RENAME TO "crew";"#)
        XCTAssertEqual(try moonshot("check", "--repair").status, 0)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM crew"), "36\n")
    }

    func testAViewInPlaceOfARenamedTableIsRefusedInLegacyModeToo() throws {
        _ = try sqlite3("PRAGMA legacy_alter_table = ON; ALTER TABLE missions RENAME TO m_old; CREATE VIEW missions AS SELECT * FROM m_old;")
        _ = try assertRefused("has a view named missions where schema.sql's table missions belongs, and table m_old may hold its rows")
        // The steps work though schema.sql's views name the missing table.
        _ = try sqlite3(#"DROP VIEW "missions"; PRAGMA legacy_alter_table = ON; ALTER TABLE "m_old" RENAME TO "missions";"#)
        XCTAssertEqual(try moonshot("check", "--repair").status, 0)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM missions"), "12\n")
    }

    func testACopyOfADroppedTableIsNotHiddenByAnEmptyOne() throws {
        _ = try sqlite3("PRAGMA legacy_alter_table = ON; CREATE TABLE bak AS SELECT id, launch_date, description FROM missions; DROP TABLE missions")
        let refusal = try assertRefused("table missions is missing from moonshot.db, and table bak may hold its rows")
        // Either way on works: here, the table is not missions, and an empty one is made for the repair.
        XCTAssertTrue(refusal.contains(#"make an empty missions for the repair to rebuild (CREATE TABLE "missions" ("id" INTEGER);)"#), refusal)
        _ = try sqlite3(#"CREATE TABLE "missions" ("id" INTEGER);"#)
        let repaired = try moonshot("check", "--repair")
        XCTAssertTrue(repaired.stdout.contains("rebuilt table missions as schema.sql makes it, keeping its 0 rows"), repaired.stdout)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM bak"), "12\n")
    }

    func testAVirtualTableInATablesPlaceIsCopiedNotHidden() throws {
        _ = try sqlite3(
            """
            PRAGMA legacy_alter_table = ON; CREATE TABLE keep AS SELECT * FROM missions; DROP TABLE missions;
            CREATE VIRTUAL TABLE missions USING fts5(id, name, badge, launch_date, description);
            INSERT INTO missions SELECT * FROM keep; DROP TABLE keep;
            """)
        let refusal = try assertRefused("has a virtual table named missions where schema.sql's table missions belongs")
        XCTAssertTrue(
            refusal.contains(
                #"PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON; ALTER TABLE "missions" RENAME TO "missions_virtual_table"; CREATE TABLE "missions" AS SELECT * FROM "missions_virtual_table";"#
            ), refusal)
        _ = try sqlite3(
            #"PRAGMA legacy_alter_table = ON; ALTER TABLE "missions" RENAME TO "missions_virtual_table"; CREATE TABLE "missions" AS SELECT * FROM "missions_virtual_table";"#
        )
        let repaired = try moonshot("check", "--repair")
        XCTAssertTrue(repaired.stdout.contains("rebuilt table missions as schema.sql makes it, keeping its 12 rows"), repaired.stdout + repaired.stderr)
        XCTAssertEqual(try sqlite3("SELECT launch_date FROM missions WHERE id = 11"), "1969-07-16\n")
    }

    func testARenamedTableIsRefusedInMoonshotsWords() throws {
        _ = try sqlite3("ALTER TABLE missions RENAME TO m_x")
        let refusal = try assertRefused("table missions is missing from moonshot.db, and table m_x may hold its rows")
        XCTAssertTrue(refusal.contains(#"ALTER TABLE "m_x" RENAME TO "missions";"#), refusal)
    }

    func testAMissingTableWithNothingLikeItIsMadeEmpty() throws {
        _ = try sqlite3("DROP TABLE crew; CREATE TABLE notes (id INTEGER, description TEXT)")
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stdout + repaired.stderr)
        XCTAssertTrue(repaired.stdout.contains("created table crew as schema.sql makes it (empty)"), repaired.stdout)
    }

    func testATableWithoutItsKeyColumnIsRefusedNotGivenNewKeys() throws {
        _ = try sqlite3(
            """
            PRAGMA legacy_alter_table = ON;
            CREATE TABLE m2 AS SELECT name, badge, launch_date, description FROM missions ORDER BY id DESC;
            DROP TABLE missions; ALTER TABLE m2 RENAME TO missions;
            """)
        let refusal = try assertRefused("table missions has no column id, which tells its rows apart")
        XCTAssertTrue(refusal.contains(#"ALTER TABLE "missions" ADD COLUMN "id" INTEGER"#), refusal)
        let checked = try moonshot("check").stdout
        XCTAssertTrue(checked.contains(#"Fix:     Put the column back with each row's own value (ALTER TABLE "missions" ADD COLUMN "id" INTEGER"#), checked)
    }

    func testARenamedKeyColumnIsAdvisedAStepThatWorks() throws {
        let utils = try tool("sqlite-utils", install: "pip install sqlite-utils==4.2")
        _ = try run(utils, ["transform", database, "missions", "--rename", "id", "mission_number"])
        let refusal = try assertRefused("table missions has no column id")
        let step =
            #"PRAGMA legacy_alter_table = ON; CREATE TABLE "missions_fixed" AS SELECT "mission_number" AS "id", "name", "badge", "launch_date", "description" FROM "missions"; DROP TABLE "missions"; ALTER TABLE "missions_fixed" RENAME TO "missions";"#
        XCTAssertTrue(refusal.contains(step), refusal)
        // It works from a client that turns foreign keys on, as GUI clients do.
        _ = try sqlite3("PRAGMA foreign_keys = ON; " + step)
        XCTAssertEqual(try moonshot("check", "--repair").status, 0)
        XCTAssertEqual(try sqlite3("SELECT launch_date FROM missions WHERE id = 11; SELECT count(*) FROM crew"), "1969-07-16\n36\n")
    }

    func testAKeyThatWouldChangeIsRefusedNamingItsRow() throws {
        _ = try sqlite3(
            """
            PRAGMA legacy_alter_table = ON; CREATE TABLE m2 AS SELECT * FROM missions; DROP TABLE missions;
            ALTER TABLE m2 RENAME TO missions; INSERT INTO missions (id, name, badge, description) VALUES (NULL, '', '', 'd');
            """)
        _ = try assertRefused("the row of missions where id = NULL would not keep its key")
    }

    func testAnAstronautWithoutANumberIsRefusedNamingItsRow() throws {
        _ = try sqlite3(
            """
            PRAGMA legacy_alter_table = ON; CREATE TABLE a2 AS SELECT * FROM astronauts; DROP TABLE astronauts;
            ALTER TABLE a2 RENAME TO astronauts; INSERT INTO astronauts (id, name, description) VALUES ('new1', 'New One', 'd');
            """)
        _ = try assertRefused(
            "the row of astronauts where id = 'new1', number = NULL breaks a rule of schema.sql's table (NOT NULL constraint failed: astronauts.number)")
    }

    func testAnAstronautsTableWithoutNumbersIsNotRenumbered() throws {
        _ = try sqlite3(
            """
            PRAGMA legacy_alter_table = ON;
            CREATE TABLE a2 AS SELECT id, name, description FROM astronauts ORDER BY id;
            DROP TABLE astronauts; ALTER TABLE a2 RENAME TO astronauts;
            """)
        _ = try assertRefused("table astronauts has no column number")
    }

    func testKeysRetypedWithoutLossAreKept() throws {
        // What `sqlite-utils transform --type id text` leaves: the same ids, as text.
        _ = try sqlite3(
            """
            PRAGMA legacy_alter_table = ON; PRAGMA foreign_keys = OFF;
            CREATE TABLE m2 (id TEXT, name TEXT, badge TEXT, launch_date TEXT, description TEXT);
            INSERT INTO m2 SELECT id, name, badge, launch_date, description FROM missions ORDER BY random();
            DROP TABLE missions; ALTER TABLE m2 RENAME TO missions;
            """)
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stdout + repaired.stderr)
        XCTAssertTrue(repaired.stdout.contains("rebuilt table missions as schema.sql makes it, keeping its 12 rows"), repaired.stdout)
        XCTAssertEqual(try sqlite3("SELECT launch_date FROM missions WHERE id = 11"), "1969-07-16\n")
    }

    func testAnotherProgramsTableWithAnIndexLikeNameIsNeverDropped() throws {
        let utils = try tool("sqlite-utils", install: "pip install sqlite-utils==4.2")
        _ = try sqlite3("CREATE TABLE missions_fts_content (a); INSERT INTO missions_fts_content VALUES ('mine')")
        _ = try run(utils, ["disable-fts", database, "missions"])
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stdout + repaired.stderr)
        XCTAssertEqual(try sqlite3("SELECT a FROM missions_fts_content"), "mine\n", "FTS5 makes no _content table for an index over a table")
    }

    func testATableInPlaceOfAnIndexsOwnTableIsRefused() throws {
        _ = try sqlite3("DROP TABLE missions_fts; CREATE TABLE missions_fts_data (a); INSERT INTO missions_fts_data VALUES ('mine')")
        let refusal = try assertRefused("has a table named missions_fts_data, which FTS5 did not make")
        XCTAssertTrue(refusal.contains(#"ALTER TABLE "missions_fts_data" RENAME TO"#), refusal)
        let checked = try moonshot("check").stdout
        XCTAssertTrue(checked.contains(#"Fix:     Rename it (ALTER TABLE "missions_fts_data" RENAME TO ...)"#), checked)
    }

    func testAnIndexsOwnTablesEmptiedOrDroppedAreMadeAgain() throws {
        for damage in ["DELETE FROM missions_fts_data", "DROP TABLE missions_fts_config", "DROP TABLE missions_fts; CREATE VIEW missions_fts AS SELECT 1"] {
            XCTAssertEqual(try moonshot("import", "--force").status, 0)
            _ = try sqlite3(damage)
            let repaired = try moonshot("check", "--repair")
            XCTAssertEqual(repaired.status, 0, "\(damage): \(repaired.stdout)\(repaired.stderr)")
            XCTAssertEqual(try moonshot("search", "armstrong").status, 0, damage)
        }
    }

    func testAViewWithATriggersNameDoesNotHideTheMissingTrigger() throws {
        _ = try sqlite3("DROP TRIGGER missions_ai; CREATE VIEW missions_ai AS SELECT 1")
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stdout + repaired.stderr)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name = 'missions_ai'"), "1\n")
    }

    func testASoundDatabaseWaitsForAnotherWritersLockInsteadOfFailing() throws {
        // FTS5's check is a write: the look at a sound database waits for the write lock like any writer.
        let session = try startSQLiteSession()
        XCTAssertEqual(session.send("BEGIN IMMEDIATE; UPDATE imports SET tool_version = tool_version; SELECT 'locked';\n"), "locked\n")
        let started = Date()
        let waiting = try start(["check", "--repair", "--wait", "20"])
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertTrue(waiting.isRunning, "it waits for the lock")
        _ = try session.finish("COMMIT;\n")
        waitForExit(waiting)
        XCTAssertEqual(waiting.terminationStatus, 0)
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 1.4)
    }

    func testAnotherProgramsTriggerOnAnIndexsOwnTableDoesNotRunDuringARepair() throws {
        // FTS5 writes its tables when the transaction commits: the trigger must not be back by then.
        _ = try sqlite3(
            "CREATE TRIGGER mine AFTER INSERT ON missions_fts_data BEGIN DELETE FROM crew WHERE mission_id = 11; END; DELETE FROM missions_fts_data")
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stdout + repaired.stderr)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM crew; SELECT count(*) FROM sqlite_schema WHERE name = 'mine'"), "36\n1\n")
    }

    func testARowThatBreaksARuleIsNotCalledDamageAndCheckNamesIt() throws {
        _ = try sqlite3("PRAGMA ignore_check_constraints = ON; UPDATE missions SET launch_date = 'someday' WHERE id = 17; DROP INDEX crew_by_astronaut")
        let checked = try moonshot("check").stdout
        XCTAssertTrue(checked.contains("Problem: SQLite's integrity check: CHECK constraint failed in missions"), checked)
        XCTAssertFalse(checked.contains("Move it away"), checked)
        XCTAssertTrue(try moonshot("check", "--repair").stdout.contains("created index crew_by_astronaut"), "the rest is repaired")
        _ = try sqlite3(
            """
            UPDATE missions SET launch_date = '1972-12-07' WHERE id = 17;
            PRAGMA legacy_alter_table = ON; CREATE TABLE m2 AS SELECT * FROM missions; DROP TABLE missions; ALTER TABLE m2 RENAME TO missions;
            UPDATE missions SET description = x'00ff' WHERE id = 11;
            """)
        let advice = try moonshot("check").stdout
        XCTAssertTrue(advice.contains("The repair would rebuild it, but the row of missions where id = 11 breaks a rule of schema.sql's table"), advice)
        _ = try assertRefused("the row of missions where id = 11 breaks a rule of schema.sql's table")
    }

    func testAnAstronautNumberOnceGivenIsNotGivenAgainAfterARepair() throws {
        _ = try sqlite3(
            """
            DELETE FROM astronauts WHERE number = 32;
            PRAGMA legacy_alter_table = ON; CREATE TABLE a2 AS SELECT * FROM astronauts; DROP TABLE astronauts; ALTER TABLE a2 RENAME TO astronauts;
            """)
        XCTAssertEqual(try moonshot("check", "--repair").status, 0)
        XCTAssertEqual(
            try sqlite3("INSERT INTO astronauts (id, name, description) VALUES ('z', 'Z', 'z'); SELECT number FROM astronauts WHERE id = 'z'"), "33\n")
    }
}
