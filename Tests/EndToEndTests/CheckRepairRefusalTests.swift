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
        let refusal = try assertRefused("has a view named crew where schema.sql's table crew belongs, and table crew_old may be crew renamed")
        XCTAssertTrue(refusal.contains(#"DROP VIEW "crew"); if crew_old is crew, rename it back (ALTER TABLE "crew_old" RENAME TO "crew")"#), refusal)
        let checked = try moonshot("check")
        XCTAssertTrue(checked.stdout.contains("table crew is a view instead"), checked.stdout)
        XCTAssertTrue(checked.stdout.contains(#"ALTER TABLE "crew_old" RENAME TO "crew""#), "check advises the same steps: \(checked.stdout)")
        // The steps it gives work.
        _ = try sqlite3(#"DROP VIEW "crew"; ALTER TABLE "crew_old" RENAME TO "crew";"#)
        XCTAssertEqual(try moonshot("check", "--repair").status, 0)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM crew"), "36\n")
    }

    func testAViewInPlaceOfARenamedTableIsRefusedInLegacyModeToo() throws {
        _ = try sqlite3("PRAGMA legacy_alter_table = ON; ALTER TABLE missions RENAME TO m_old; CREATE VIEW missions AS SELECT * FROM m_old;")
        _ = try assertRefused("has a view named missions where schema.sql's table missions belongs, and table m_old may be missions renamed")
    }

    func testARenamedTableIsRefusedInMoonshotsWords() throws {
        _ = try sqlite3("ALTER TABLE missions RENAME TO m_x")
        let refusal = try assertRefused("table missions is missing from moonshot.db, and table m_x may be missions renamed")
        XCTAssertTrue(refusal.contains(#"ALTER TABLE "m_x" RENAME TO "missions""#), refusal)
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
        XCTAssertTrue(try moonshot("check").stdout.contains("has no column id") == false, "check's fix is the refusal's hint")
        XCTAssertTrue(try moonshot("check").stdout.contains(#"ALTER TABLE "missions" ADD COLUMN "id" INTEGER"#))
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
        XCTAssertTrue(try moonshot("check").stdout.contains("which FTS5 did not make") == false)
        XCTAssertTrue(try moonshot("check").stdout.contains(#"Rename it (ALTER TABLE "missions_fts_data" RENAME TO ...)"#))
    }

    func testASoundDatabaseWithAnotherProgramsTriggerIsNotWritten() throws {
        _ = try sqlite3("CREATE TRIGGER mine AFTER UPDATE ON missions BEGIN SELECT 1; END")
        let url = URL(fileURLWithPath: database)
        let before = try Data(contentsOf: url)
        let modified = try FileManager.default.attributesOfItem(atPath: database)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0)
        XCTAssertTrue(repaired.stdout.hasPrefix("Nothing in ./moonshot.db needed repairing."), repaired.stdout)
        XCTAssertEqual(try Data(contentsOf: url), before)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: database)[.modificationDate] as? Date, modified)
    }

    func testABrokenIndexConfigIsTheRepairsToMendByEveryCommand() throws {
        _ = try sqlite3("DELETE FROM missions_fts_config")
        let searched = try moonshot("search", "armstrong")
        XCTAssertEqual(searched.status, 1)
        XCTAssertTrue(searched.stderr.contains("a full-text index of ./moonshot.db is damaged or out of step with its table"), searched.stderr)
        XCTAssertTrue(searched.stderr.contains("Run 'moonshot check --repair', which rebuilds the index"), searched.stderr)
        XCTAssertTrue(try moonshot("check").stdout.contains("'moonshot check --repair' rebuilds it from missions."))
        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stdout + repaired.stderr)
        XCTAssertEqual(try moonshot("search", "armstrong").status, 0)
    }

    func testAWriteIntoAnIndexIsNotCalledADamagedFile() throws {
        _ = try sqlite3("UPDATE missions SET description = 'Edited by hand' WHERE id = 12")
        _ = try sqlite3("INSERT INTO missions_fts (rowid, name, description) VALUES (11, 'Apollo 11', 'zebra zebra')")
        let searched = try moonshot("search", "armstrong")
        XCTAssertEqual(searched.status, 1)
        XCTAssertFalse(searched.stderr.contains("Move it away"), "advice that keeps the edits: \(searched.stderr)")
        XCTAssertTrue(searched.stderr.contains("moonshot check --repair"), searched.stderr)
        XCTAssertEqual(try moonshot("check", "--repair").status, 0)
        XCTAssertEqual(try sqlite3("SELECT description FROM missions WHERE id = 12"), "Edited by hand\n", "the edit is kept")
        XCTAssertEqual(try moonshot("search", "armstrong").status, 0)
    }
}
