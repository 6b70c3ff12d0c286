import Foundation
import XCTest

// What a re-import keeps of the user's that only looks like moonshot's, and the words of a
// refusal, found in review.
extension ReimportTests {
    // A table of one's own that has the name of schema version 1's full-text index (or of one
    // of its own tables) is not moonshot's in a later layout: it is kept, not dropped unsaid.
    func testATableNamedLikeAnEarlierLayoutsSearchIndexIsKept() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE missions_search (query TEXT); INSERT INTO missions_search VALUES ('lunar rover');
                CREATE TABLE astronauts_search_data (x); INSERT INTO astronauts_search_data VALUES (1);
                """), "")
        let result = try moonshot("import")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.hasSuffix("(the same input as the previous import; kept table missions_search, table astronauts_search_data)\n"),
            result.stdout)
        XCTAssertEqual(try sqlite3("SELECT query FROM missions_search; SELECT x FROM astronauts_search_data"), "lunar rover\n1\n")
    }
}

extension ReimportTests {
    // A column of one's own added to one of moonshot's tables in an older layout stands in the
    // way of the upgrade as it does in the current one: what it holds is not lost unsaid.
    func testAColumnOfOnesOwnInAnOlderLayoutStandsInTheWay() throws {
        XCTAssertEqual(try sqlite3(EarlierLayouts.version2()), "")
        XCTAssertEqual(try sqlite3("ALTER TABLE missions ADD COLUMN notes TEXT; UPDATE missions SET notes = 'precious' WHERE id = 11"), "")
        // The same content, so that only the column is in the way.
        let exported = try moonshot("export", "--missions", "m.json", "--astronauts", "a.json")
        XCTAssertEqual(exported.status, 0, exported.stderr)
        let refused = try moonshot("import", "--missions", "m.json", "--astronauts", "a.json")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("\n  column missions.notes: schema.sql does not make it, and what it holds would be lost\n"), refused.stderr)
        XCTAssertEqual(try sqlite3("PRAGMA user_version; SELECT notes FROM missions"), "2\nprecious\n", "nothing changed")
        let forced = try moonshot("import", "--missions", "m.json", "--astronauts", "a.json", "--force")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(
            forced.stdout.hasSuffix("(replaced the previous content; now in the layout of schema version 6, was 2; dropped column missions.notes)\n"),
            forced.stdout)
    }
}

extension ReimportTests {
    // The refusal ends with the one command that goes ahead anyway, saying what it does: drop
    // what stands in the way, replace the changes, or both.
    func testARefusalSaysWhatForceWouldDo() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        XCTAssertEqual(try sqlite3("ALTER TABLE missions ADD COLUMN notes TEXT"), "")
        let inTheWay = try moonshot("import")
        XCTAssertEqual(inTheWay.status, 1, inTheWay.stdout)
        XCTAssertEqual(
            inTheWay.stderr,
            """
            Error: this import would break what another program added to ./moonshot.db; ./moonshot.db was not changed:
              column missions.notes: schema.sql does not make it, and what it holds would be lost
            To keep them, copy what they hold elsewhere, or change them so that they fit the new data.
            To drop it anyway:
              moonshot import --force

            """)
        XCTAssertEqual(try sqlite3("UPDATE missions SET description = 'Edited.' WHERE id = 11"), "")
        let both = try moonshot("import")
        XCTAssertEqual(both.status, 1, both.stdout)
        XCTAssertTrue(both.stderr.hasSuffix("To replace the changes and drop it anyway:\n  moonshot import --force\n"), both.stderr)
        XCTAssertEqual(try sqlite3("ALTER TABLE missions DROP COLUMN notes"), "")
        let edits = try moonshot("import")
        XCTAssertEqual(edits.status, 1, edits.stdout)
        XCTAssertTrue(edits.stderr.hasSuffix("To replace the changes anyway:\n  moonshot import --force\n"), edits.stderr)
        XCTAssertEqual(try sqlite3("SELECT description FROM missions WHERE id = 11"), "Edited.\n", "nothing changed")
    }
}

extension ReimportTests {
    // Names other programs chose are shown on one line, quoted unless they are plain words, their
    // control characters escaped, in the summary and in a refusal alike; a virtual table's own tables are not named. Rows of
    // theirs that pointed nowhere before an import do not stand in its way.
    func testOtherProgramsNamesAreShownOnOneLineVisibleAndQuoted() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE "notes\nforged line" (mission_id INTEGER REFERENCES missions (id));
                CREATE VIRTUAL TABLE "r\u{1B}[2J" USING rtree(id, a, b);
                """), "")
        XCTAssertEqual(try sqlite3(#"CREATE TABLE "a, dropped view crew_roster" (x); CREATE TABLE "crew_roster " (y)"#), "")
        let kept = try moonshot("import")
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertTrue(
            kept.stdout.hasSuffix(
                #"(the same input as the previous import; kept table "notes\nforged line", table "r\u001B[2J", "#
                    + #"table "a, dropped view crew_roster", table "crew_roster ")"# + "\n"), kept.stdout)
        // A row that points nowhere already is not the import's doing: the import goes ahead.
        XCTAssertEqual(try sqlite3("INSERT INTO \"notes\nforged line\" VALUES (99)"), "")
        XCTAssertEqual(try moonshot("import").status, 0)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM \"notes\nforged line\""), "1\n")
        // One the import would leave pointing nowhere (mission 99 is not in the built-in data) is.
        XCTAssertEqual(try sqlite3("INSERT INTO missions (id, description) VALUES (99, 'Added.')"), "")
        let refused = try moonshot("import")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(
            refused.stderr.contains(#"\#n  table "notes\nforged line": 1 row would refer to missions that the new data does not have\#n"#),
            refused.stderr)
    }
}

extension ReimportTests {
    // A table of one's own that refers to astronauts by number (or to crew rows by position)
    // would come to name other astronauts when the import numbers them by their places in the
    // files: it stands in the way. One that refers to them by id does not.
    func testReferencesByNumberThatWouldNameOtherAstronautsStandInTheWay() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE by_number (n INTEGER REFERENCES astronauts (number), note TEXT);
                CREATE TABLE by_id (astronaut TEXT REFERENCES astronauts (id), note TEXT);
                CREATE TABLE by_position (mission INTEGER, position INTEGER, FOREIGN KEY (mission, position) REFERENCES crew);
                INSERT INTO by_number SELECT number, 'this is ' || name FROM astronauts WHERE id = 'roosa';
                INSERT INTO by_id VALUES ('roosa', 'by id');
                INSERT INTO by_position VALUES (13, 2);
                """), "")
        XCTAssertEqual(try moonshot("import").status, 0, "the same data: every reference names the same row")
        // Aldrin deleted: those after him move up one place in the exported files.
        XCTAssertEqual(try sqlite3("DELETE FROM astronauts WHERE id = 'aldrin'; DELETE FROM crew WHERE mission_id = 13 AND position = 1"), "")
        XCTAssertEqual(try moonshot("export", "--missions", "m.json", "--astronauts", "a.json").status, 0)
        let refused = try moonshot("import", "--missions", "m.json", "--astronauts", "a.json")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(
            refused.stderr.contains(
                "\n  table by_number: 1 row would refer to other astronauts than now, since the import numbers "
                    + "astronauts by their places in astronauts.json\n"), refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains(
                "\n  table by_position: 1 row would refer to other crew rows than now, since the import numbers "
                    + "crew positions by their places in each crew list\n"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("by_id"), refused.stderr)
        let forced = try moonshot("import", "--missions", "m.json", "--astronauts", "a.json", "--force")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(
            forced.stdout.contains(
                "; left 1 row of table by_number referring to other astronauts than before, 1 row of table by_position referring to "
                    + "other crew rows than before; kept table by_number, table by_id, table by_position)"), forced.stdout)
        XCTAssertEqual(try sqlite3("SELECT note FROM by_number; SELECT count(*) FROM by_position"), "this is Stuart A. Roosa\n1\n", "left as they were")
    }

    // --force leaves another program's rows that would point nowhere as they are, with their
    // table's index and trigger, and says which it left.
    func testForceLeavesAnotherProgramsRowsAndTheirTablesObjects() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE my_notes (mission_id INTEGER REFERENCES missions (id), note TEXT);
                CREATE INDEX my_notes_by_mission ON my_notes (mission_id);
                CREATE TRIGGER my_notes_noted AFTER INSERT ON my_notes BEGIN SELECT 1; END;
                INSERT INTO missions (id, description) VALUES (99, 'Added.');
                INSERT INTO my_notes VALUES (99, 'about the added mission');
                """), "")
        let forced = try moonshot("import", "--force")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(
            forced.stdout.hasSuffix(
                "; left 1 row of table my_notes referring to missions that the new data does not have; kept table my_notes, "
                    + "index my_notes_by_mission, trigger my_notes_noted)\n"), forced.stdout)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM sqlite_schema WHERE tbl_name = 'my_notes'; SELECT * FROM my_notes"), "3\n99|about the added mission\n")
    }
}

extension ReimportTests {
    // What rows of one's own refer to by number is compared a value at a time: the memory an
    // import needs does not grow with the table (a million rows here, 125 MiB when each was kept).
    func testReferencesByNumberAreComparedInMemoryThatDoesNotGrowWithTheTable() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE notes_by_number (n INTEGER REFERENCES astronauts (number), note TEXT);
                WITH RECURSIVE i(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM i WHERE i < 1000000)
                INSERT INTO notes_by_number SELECT 1 + i % 32, 'a note' FROM i;
                """), "")
        let imported = try moonshotMeasuringMemory(["import"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertLessThan(imported.peakMiB, 80, "peak memory for a million rows referring to astronauts by number")
    }
}

extension ReimportTests {
    // SQLite names triggers apart from tables and views: a table or view of one's own named
    // like one of moonshot's triggers, and a trigger named like one of its tables, are kept.
    func testObjectsNamedLikeMoonshotsObjectsOfAnotherKindAreKept() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE missions_ai (note TEXT);
                INSERT INTO missions_ai VALUES ('mine');
                CREATE TRIGGER Crew AFTER INSERT ON missions_ai BEGIN SELECT 1; END;
                CREATE VIEW crew_after_update AS SELECT note FROM missions_ai;
                """), "")
        let kept = try moonshot("import")
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertTrue(
            kept.stdout.hasSuffix("(the same input as the previous import; kept table missions_ai, trigger Crew, view crew_after_update)\n"),
            kept.stdout)
        XCTAssertEqual(try sqlite3("SELECT note FROM crew_after_update"), "mine\n")
        XCTAssertEqual(try sqlite3("SELECT type, name FROM sqlite_schema WHERE name IN ('Crew', 'crew') ORDER BY type"), "table|crew\ntrigger|Crew\n")
        // The questions take them for what they are: another program's.
        let crew = try moonshot("crew", "11")
        XCTAssertEqual(crew.status, 0, crew.stderr)
    }
}

extension ReimportTests {
    // In a table without row ids, a row the import leaves pointing nowhere is found by its key,
    // even when another row that pointed nowhere before now points somewhere (their numbers agree).
    func testARowWithoutARowIDThatTheImportLeavesPointingNowhereStandsInTheWay() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        XCTAssertEqual(try sqlite3("INSERT INTO missions (id, description) VALUES (99, 'Ninety-nine.')"), "")
        XCTAssertEqual(try moonshot("export", "--missions", "m1.json", "--astronauts", "a1.json").status, 0)
        XCTAssertEqual(try sqlite3("DELETE FROM missions WHERE id = 99; INSERT INTO missions (id, description) VALUES (98, 'Ninety-eight.')"), "")
        XCTAssertEqual(try moonshot("export", "--missions", "m2.json", "--astronauts", "a2.json").status, 0)
        XCTAssertEqual(try moonshot("--db", "other.db", "import", "--missions", "m1.json", "--astronauts", "a1.json").status, 0)
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE w (k TEXT PRIMARY KEY, m INTEGER REFERENCES missions (id)) WITHOUT ROWID;
                INSERT INTO w VALUES ('A', 98), ('B', 99);
                """, database: "other.db"), "")
        let refused = try moonshot("--db", "other.db", "import", "--missions", "m2.json", "--astronauts", "a2.json")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("\n  table w: 1 row would refer to missions that the new data does not have\n"), refused.stderr)
    }
}

extension ReimportTests {
    // The import runs with foreign keys off: a table of one's own whose rows cascade from
    // missions keeps every row across a re-import that brings the same missions back.
    func testRowsThatCascadeFromMissionsSurviveAReimport() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE flown (mission_id INTEGER REFERENCES missions (id) ON DELETE CASCADE, note TEXT);
                INSERT INTO flown SELECT id, 'flown' FROM missions;
                """), "")
        let again = try moonshot("import")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM flown; PRAGMA foreign_key_check"), "12\n")
    }
}
