import Foundation
import XCTest

// What a hostile review of the import that keeps the schema in place found: each is held here.
extension ReimportTests {
    // A key without a column list means the parent's primary key, which a layout's move changes
    // (astronauts were keyed by number before version 6): it is compared as it will mean.
    func testAKeyIntoAnOlderLayoutsPrimaryKeyIsComparedAsItWillMean() throws {
        XCTAssertEqual(try sqlite3(EarlierLayouts.version2()), "")
        XCTAssertEqual(try sqlite3("CREATE TABLE fans (id INTEGER PRIMARY KEY, astronaut INTEGER REFERENCES astronauts); INSERT INTO fans VALUES (1, 1)"), "")
        XCTAssertEqual(try moonshot("export", "--missions", "m.json", "--astronauts", "a.json").status, 0)
        let before = try bytes()
        let refused = try moonshot("import", "--missions", "m.json", "--astronauts", "a.json")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("\n  table fans: 1 row would refer to astronauts that the new data does not have\n"), refused.stderr)
        XCTAssertEqual(try bytes(), before)
    }

    // A virtual table where moonshot's table belongs holds rows of its own: never dropped.
    func testAVirtualTableInATablesPlaceIsRefusedEvenWithForce() throws {
        try freshImport()
        XCTAssertEqual(
            try sqlite3(
                """
                ALTER TABLE missions RENAME TO missions_real; CREATE VIRTUAL TABLE missions USING fts5(title, body);
                INSERT INTO missions VALUES ('my note', 'only copy');
                """), "")
        let before = try bytes()
        for arguments in [["import"], ["import", "--force"]] {
            let refused = try moonshot(arguments)
            XCTAssertEqual(refused.status, 1, refused.stdout)
            XCTAssertTrue(refused.stderr.contains("has a virtual table named missions where schema.sql's table missions belongs"), refused.stderr)
            // An import fills the table from its input: the virtual table's rows are kept only under another name.
            XCTAssertTrue(
                refused.stderr.hasSuffix(
                    "\nRename it to keep its rows (PRAGMA legacy_alter_table = ON; ALTER TABLE \"missions\" RENAME TO \"missions_virtual_table\";), "
                        + "and run 'moonshot \(arguments.joined(separator: " "))' again.\n"), refused.stderr)
            XCTAssertEqual(try bytes(), before)
        }
    }

    // A generated column of one's own is a column like another: named, and dropped only with --force.
    func testAGeneratedColumnAddedToMoonshotsTableStandsInTheWay() throws {
        try freshImport()
        XCTAssertEqual(try sqlite3("ALTER TABLE missions ADD COLUMN twice INTEGER GENERATED ALWAYS AS (id * 2) VIRTUAL"), "")
        let refused = try moonshot("import")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("\n  column missions.twice: schema.sql does not make it"), refused.stderr)
        let forced = try moonshot("import", "--force")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(forced.stdout.contains("; dropped column missions.twice)"), forced.stdout)
    }

    // A column another program's trigger uses cannot go without breaking it: SQLite's refusal
    // stands even with --force. An index on a column is dropped with it, and named.
    func testAColumnInUseIsRefusedEvenWithForceAndAnIndexOnOneGoesWithIt() throws {
        try freshImport()
        XCTAssertEqual(
            try sqlite3(
                """
                ALTER TABLE missions ADD COLUMN notes TEXT; CREATE TABLE log (x);
                CREATE TRIGGER log_notes AFTER UPDATE ON missions BEGIN INSERT INTO log VALUES (new.notes); END;
                """), "")
        let before = try bytes()
        let forced = try moonshot("import", "--force")
        XCTAssertEqual(forced.status, 1, forced.stdout)
        XCTAssertTrue(
            forced.stderr.contains("\n  column missions.notes: schema.sql does not make it, and it cannot be dropped (error in trigger log_notes"),
            forced.stderr)
        XCTAssertFalse(forced.stderr.contains("--force"), "--force does not help: \(forced.stderr)")
        XCTAssertEqual(try bytes(), before)
        XCTAssertEqual(try sqlite3("DROP TRIGGER log_notes; CREATE VIEW my_notes AS SELECT id, notes FROM missions"), "")
        let beforeView = try bytes()
        let byView = try moonshot("import", "--force")
        XCTAssertEqual(byView.status, 1, byView.stdout)
        XCTAssertTrue(byView.stderr.contains("it cannot be dropped (error in view my_notes"), byView.stderr)
        XCTAssertEqual(try bytes(), beforeView, "unchanged")
        XCTAssertEqual(try sqlite3("DROP VIEW my_notes; CREATE UNIQUE INDEX one_note ON missions (notes)"), "")
        let dropped = try moonshot("import", "--force")
        XCTAssertEqual(dropped.status, 0, dropped.stderr)
        XCTAssertTrue(dropped.stdout.contains("; dropped column missions.notes, index one_note;"), dropped.stdout)
        XCTAssertEqual(try sqlite3("UPDATE missions SET description = 'Edited.' WHERE id = 11; SELECT count(*) FROM edited_rows"), "1\n")
    }

    // A row is counted once however many of its keys point nowhere; a key SQLite cannot check
    // (into a column that is not a key, or is not there) never held, and is no obstacle.
    func testRowsAreCountedOnceAndKeysThatNeverHeldAreNoObstacle() throws {
        try freshImport()
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE legs (id INTEGER PRIMARY KEY, from_m INTEGER REFERENCES missions (id), to_m INTEGER REFERENCES missions (id));
                INSERT INTO legs VALUES (1, 11, 11);
                CREATE TABLE loose (role TEXT REFERENCES crew (role), m INTEGER REFERENCES missions (nosuch));
                INSERT INTO loose VALUES ('Pilot', 11);
                """), "")
        let dataset = try writeSmallDataset()
        let refused = try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts)
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("\n  table legs: 1 row would refer to missions that the new data does not have\n"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("loose"), refused.stderr)
    }

    // A UNIQUE index of one's own on the import history is made again after the import's own
    // row: one the new row breaks is named, and dropped only with --force.
    func testAUniqueIndexOnTheImportHistoryIsNamedNotASQLiteError() throws {
        try freshImport()
        XCTAssertEqual(try sqlite3("CREATE UNIQUE INDEX one_per_source ON imports (missions_sha256)"), "")
        let refused = try moonshot("import")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(
            refused.stderr.contains("\n  index one_per_source: cannot be made again on the new data (UNIQUE constraint failed: imports.missions_sha256)\n"),
            refused.stderr)
        let forced = try moonshot("import", "--force")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(forced.stdout.contains("; dropped index one_per_source)"), forced.stdout)
    }

    // No trigger runs during an import, another program's included: deleting and inserting every
    // row is not an edit. Their triggers fire again afterwards.
    func testNoTriggerOfAnotherProgramRunsDuringAnImport() throws {
        try freshImport()
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE log (what TEXT);
                CREATE TRIGGER on_insert AFTER INSERT ON missions BEGIN INSERT INTO log VALUES ('insert'); END;
                CREATE TRIGGER on_delete AFTER DELETE ON crew BEGIN INSERT INTO log VALUES ('delete'); END;
                CREATE TRIGGER on_update AFTER UPDATE ON astronauts BEGIN INSERT INTO log VALUES ('update'); END;
                """), "")
        let dataset = try writeSmallDataset()
        let imported = try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM log; DELETE FROM crew; SELECT what FROM log"), "0\ndelete\ndelete\n")
    }

    // A table of one's own where schema.sql makes a view or a full-text index's own table may
    // hold rows: never dropped, even with --force.
    func testATableWhereSchemaSQLMakesAViewIsRefusedEvenWithForce() throws {
        try freshImport()
        XCTAssertEqual(try sqlite3("DROP VIEW crew_roster; CREATE TABLE crew_roster (mine TEXT); INSERT INTO crew_roster VALUES ('kept')"), "")
        let before = try bytes()
        for arguments in [["import"], ["import", "--force"]] {
            let refused = try moonshot(arguments)
            XCTAssertEqual(refused.status, 1, refused.stdout)
            XCTAssertTrue(refused.stderr.hasPrefix("Error: moonshot.db has a table named crew_roster where schema.sql makes a view;"), refused.stderr)
            XCTAssertTrue(refused.stderr.hasSuffix("and run 'moonshot \(arguments.joined(separator: " "))' again.\n"), refused.stderr)
            XCTAssertEqual(try bytes(), before)
        }
    }

    // Changes, a column and rows in the way at once: each said, and the one command that goes
    // ahead says all three things it does.
    func testARefusalOfThreeKindsSaysEachAndWhatForceDoes() throws {
        try freshImport()
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE visits (mission_id INTEGER REFERENCES missions (id)); ALTER TABLE missions ADD COLUMN notes TEXT;
                INSERT INTO missions (id, description) VALUES (99, 'Added.'); INSERT INTO visits VALUES (99);
                """), "")
        let refused = try moonshot("import")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("\n  column missions.notes: schema.sql does not make it"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("\n  table visits: 1 row would refer to missions that the new data does not have\n"), refused.stderr)
        XCTAssertTrue(
            refused.stderr.hasSuffix("To replace the changes, drop it and leave those rows as they are anyway:\n  moonshot import --force\n"),
            refused.stderr)
    }

    // An edit of schema.sql's own view or index is put back, and said; an index of one's own under its
    // name, on one's own table, goes and is named so.
    func testSchemaSQLsObjectsThatAnEditChangedAreMadeAgainAndNamed() throws {
        try freshImport()
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE notes (x); DROP INDEX missions_by_launch_date; CREATE INDEX missions_by_launch_date ON notes (x);
                DROP VIEW mission_commanders; CREATE VIEW mission_commanders AS SELECT 1 AS one;
                DROP INDEX crew_by_astronaut; CREATE VIEW crew_by_astronaut AS SELECT 2 AS two;
                """), "")
        let imported = try moonshot("import")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(
            imported.stdout.hasSuffix(
                "(the same input as the previous import; dropped view crew_by_astronaut, index missions_by_launch_date; "
                    + "made view mission_commanders again as schema.sql makes it; kept table notes)\n"), imported.stdout)
        XCTAssertEqual(try moonshot("check").status, 0)
        let again = try moonshot("import")
        XCTAssertTrue(again.stdout.hasSuffix("(the same input as the previous import; kept table notes)\n"), again.stdout)
    }

    // What goes along with an object the import drops or makes again, a trigger on a view or an index
    // on a changed full-text index's own table, is named too.
    func testWhatGoesWithWhatTheImportDropsIsNamed() throws {
        try freshImport()
        XCTAssertEqual(
            try sqlite3(
                """
                DROP INDEX crew_by_astronaut; CREATE VIEW crew_by_astronaut AS SELECT astronaut_id FROM crew;
                CREATE TRIGGER my_insert INSTEAD OF INSERT ON crew_by_astronaut BEGIN SELECT 1; END;
                DROP TABLE missions_fts; CREATE VIRTUAL TABLE missions_fts USING fts5(name, description, content='missions', content_rowid='id');
                INSERT INTO missions_fts (missions_fts) VALUES ('rebuild'); CREATE INDEX my_sizes ON missions_fts_docsize (sz);
                """), "")
        let imported = try moonshot("import")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(
            imported.stdout.hasSuffix(
                "(the same input as the previous import; dropped view crew_by_astronaut, trigger my_insert, index my_sizes; "
                    + "made table missions_fts again as schema.sql makes it)\n"), imported.stdout)
    }

    // A full-text index's own table that another program made again is refused as the repair refuses
    // it, in the import's words, with the command as it was given.
    func testAFullTextIndexsChangedOwnTableIsRefusedAsByTheRepair() throws {
        try freshImport()
        XCTAssertEqual(try sqlite3("DROP TABLE missions_fts_docsize; CREATE TABLE missions_fts_docsize (id INTEGER PRIMARY KEY, sz BLOB, mine)"), "")
        let before = try bytes()
        for arguments in [["import"], ["import", "--force"]] {
            let refused = try moonshot(arguments)
            XCTAssertEqual(refused.status, 1, refused.stdout)
            XCTAssertEqual(
                refused.stderr,
                "Error: moonshot.db has a table named missions_fts_docsize, which FTS5 did not make, where full-text index missions_fts keeps a "
                    + "table of its own; it may hold another program's rows, so moonshot.db was not changed\n"
                    + "Rename it (ALTER TABLE \"missions_fts_docsize\" RENAME TO ...), and run 'moonshot \(arguments.joined(separator: " "))' again.\n")
            XCTAssertEqual(try bytes(), before)
        }
    }

    // A column renamed by sqlite-utils breaks schema.sql's own views, and SQLite's DROP COLUMN then
    // refuses: the import says so and points to `moonshot check`, whose steps then let it through.
    func testAColumnThatSqliteUtilsRenamedPointsToCheckWhoseStepsWork() throws {
        let sqliteUtils = try tool("sqlite-utils", install: "pip install 'sqlite-utils==4.2'")
        try freshImport()
        XCTAssertEqual(try run(sqliteUtils, ["transform", "moonshot.db", "crew", "--rename", "role", "role_x"]).status, 0)
        let before = try bytes()
        for arguments in [["import"], ["import", "--force"]] {
            let refused = try moonshot(arguments)
            XCTAssertEqual(refused.status, 1, refused.stdout)
            XCTAssertTrue(
                refused.stderr.contains(
                    "\n  column crew.role_x: schema.sql does not make it, and it cannot be dropped while an edit has broken schema.sql's own "
                        + "view or trigger (error in view crew_roster: no such column: c.role); 'moonshot check' says what puts that right\n"),
                refused.stderr)
            XCTAssertFalse(refused.stderr.contains("--force"), refused.stderr)
            XCTAssertEqual(try bytes(), before)
        }
        let checked = try moonshot("check")
        let steps = #"ALTER TABLE "crew" ADD COLUMN "role" TEXT; UPDATE "crew" SET "role" = "role_x"; ALTER TABLE "crew" DROP COLUMN "role_x";"#
        XCTAssertTrue(checked.stdout.contains("If role_x is schema.sql's role renamed, copy it back (\(steps))"), checked.stdout)
        XCTAssertEqual(try sqlite3(steps), "")
        let imported = try moonshot("import")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(try moonshot("check").status, 0)
    }

    // A trigger may bear the name of a full-text index's own table (triggers' names are apart) and
    // is kept; a view or index may not, and is named as what it is, with steps that work on it.
    func testObjectsUnderTheNamesOfAFullTextIndexsOwnTables() throws {
        try freshImport()
        XCTAssertEqual(
            try sqlite3("DROP TABLE missions_fts; CREATE TABLE t (a); CREATE TRIGGER missions_fts_data AFTER INSERT ON t BEGIN SELECT 1; END"), "")
        let imported = try moonshot("import", "--force")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(
            imported.stdout.hasSuffix("made table missions_fts again as schema.sql makes it; kept table t, trigger missions_fts_data)\n"),
            imported.stdout)
        XCTAssertEqual(try sqlite3("DROP TABLE missions_fts; CREATE VIEW missions_fts_config AS SELECT 1 AS one"), "")
        let before = try bytes()
        for (arguments, command) in [(["import", "--force"], "moonshot import --force"), (["check", "--repair"], "moonshot check --repair")] {
            let refused = try moonshot(arguments)
            XCTAssertTrue(
                refused.stderr.hasSuffix(
                    "has a view named missions_fts_config where full-text index missions_fts keeps a table of its own, so moonshot.db was not changed\n"
                        + "Keep its statement if you need it (sqlite3 moonshot.db '.schema missions_fts_config'), "
                        + "drop it (DROP VIEW \"missions_fts_config\"), and run '\(command)' again.\n"), refused.stderr)
            XCTAssertEqual(try bytes(), before)
        }
        XCTAssertEqual(try sqlite3("DROP VIEW missions_fts_config"), "")
        XCTAssertEqual(try moonshot("check", "--repair").status, 0)
    }

    // A full-text index's own table that an edit dropped is named by its index; an index of one's
    // own under schema.sql's name in other letter case is named as dropped.
    func testAMissingOwnTableAndANameInOtherCaseAreNamed() throws {
        try freshImport()
        XCTAssertEqual(
            try sqlite3(
                "DROP TABLE missions_fts_docsize; CREATE TABLE notes (d); DROP INDEX missions_by_launch_date; CREATE INDEX MISSIONS_BY_LAUNCH_DATE ON notes (d)"
            ),
            "")
        let imported = try moonshot("import", "--force")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(
            imported.stdout.hasSuffix(
                "dropped index missions_by_launch_date; made table missions_fts again as schema.sql makes it; kept table notes)\n"), imported.stdout)
        XCTAssertEqual(try moonshot("check").status, 0)
    }
}
