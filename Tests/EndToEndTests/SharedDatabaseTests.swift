import Foundation
import XCTest

/// The database is shared: sqlite3 sessions write to it (in WAL mode too), crash in the middle,
/// or keep it locked; other programs' files sit where moonshot is told to write; links point
/// at it. An import changes a database only through SQLite and its locks, and only one that
/// moonshot made.
final class SharedDatabaseTests: BinaryTestCase {
    // MARK: Other writers

    func testAWALDatabaseWithReadersAndWritersLiveAndCrashedStaysSound() throws {
        let dataset = try SyntheticDataset.write(missions: 1_500, astronauts: 300, to: folder)
        XCTAssertEqual(try moonshot("import").status, 0)
        XCTAssertEqual(try sqlite3("PRAGMA journal_mode = WAL"), "wal\n")
        // A reader in a transaction; a session that committed an edit and stays open; and one
        // that died half way through a transaction that had already written to the WAL file.
        let reader = try startSQLiteSession()
        XCTAssertEqual(reader.send("BEGIN;\nSELECT count(*) FROM missions;\n"), "12\n")
        let open = try startSQLiteSession()
        XCTAssertEqual(open.send("UPDATE missions SET description = 'edited' WHERE id = 11;\nSELECT changes();\n"), "1\n")
        let crashed = try startSQLiteSession()
        XCTAssertEqual(
            crashed.send("PRAGMA cache_size = 1;\nBEGIN;\nDELETE FROM crew;\nUPDATE astronauts SET name = 'half';\nSELECT 'written';\n"),
            "written\n")
        crashed.kill()

        // In WAL mode the reader does not hold the import back (told to replace the edit).
        let result = try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts, "--force")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            try reader.finish("SELECT count(*) FROM missions;\nCOMMIT;\nSELECT count(*) FROM missions;\n"), "12\n1500\n",
            "old content inside the reader's transaction, new content after it")
        XCTAssertEqual(try open.finish("SELECT count(*) FROM missions;\n"), "1500\n", "the open session sees the new content")
        XCTAssertEqual(try sqlite3("PRAGMA integrity_check"), "ok\n")
        XCTAssertEqual(try sqlite3("PRAGMA journal_mode"), "wal\n", "the user's journal mode is kept")
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM missions; SELECT count(*) FROM astronauts WHERE name = 'half'"), "1500\n0\n")
        XCTAssertEqual(try moonshot("import").status, 0, "and it is still a moonshot database")
        XCTAssertEqual(try sqlite3("PRAGMA integrity_check; SELECT count(*) FROM missions"), "ok\n12\n")
    }

    func testAWriterHoldingTheLockIsWaitedForAndItsChangeIsNotLost() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        let writer = try startSQLiteSession()
        XCTAssertEqual(writer.send("BEGIN IMMEDIATE;\nUPDATE missions SET description = 'before the import' WHERE id = 11;\nSELECT changes();\n"), "1\n")
        let importing = try start(["import", "--force"])
        waitUntilItOpensTheDatabase(importing)
        XCTAssertEqual(
            try writer.finish("COMMIT;\nSELECT description FROM missions WHERE id = 11;\n"), "before the import\n",
            "the writer commits: its change is in the past of the content the import replaces (as --force says)")
        waitForExit(importing)
        XCTAssertEqual(importing.terminationStatus, 0)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM imports; SELECT description = 'before the import' FROM missions WHERE id = 11"), "2\n0\n")
    }

    func testAWriterThatComesDuringTheImportWaitsAndCommitsAfterIt() throws {
        let dataset = try SyntheticDataset.write(missions: 6_000, astronauts: 600, to: folder)
        XCTAssertEqual(try moonshot("import").status, 0)
        let importing = try start(["import", "--missions", dataset.missions, "--astronauts", dataset.astronauts])
        // Once the journal exists the import holds the write lock.
        waitUntil("the import writes") { exists("moonshot.db-journal") }
        // A sqlite3 writer that waits for locks as long as it takes, and notes what it saw.
        let writer = try run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "sqlite3", "-bail", "-cmd", ".timeout 60000", "moonshot.db",
                """
                BEGIN IMMEDIATE;
                SELECT count(*) FROM missions;
                UPDATE missions SET description = 'written by sqlite3' WHERE id = 1;
                COMMIT;
                """,
            ])
        waitForExit(importing)
        XCTAssertEqual(importing.terminationStatus, 0)
        XCTAssertEqual(writer.status, 0, writer.stderr)
        XCTAssertEqual(writer.stdout, "6000\n", "the writer waited for the import, and then saw its content")
        XCTAssertEqual(
            try sqlite3("SELECT description FROM missions WHERE id = 1"), "written by sqlite3\n",
            "the writer's change, made after the import, stays")
        XCTAssertEqual(try sqlite3("PRAGMA integrity_check; SELECT count(*) FROM imports"), "ok\n2\n")
    }

    func testAHotJournalIsRolledBackBeforeTheDatabaseIsJudged() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        let writer = try startSQLiteSession()
        XCTAssertEqual(writer.send("PRAGMA cache_size = 1;\nBEGIN;\nDELETE FROM crew;\nDROP TABLE imports;\nSELECT 'done';\n"), "done\n")
        writer.kill()
        XCTAssertEqual(try files(startingWith: "moonshot.db"), ["moonshot.db", "moonshot.db-journal"])
        let result = try moonshot("import")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("(the same input as the previous import)"), result.stdout)
        XCTAssertEqual(try sqlite3("PRAGMA integrity_check; SELECT count(*) FROM imports"), "ok\n2\n")
    }

    // MARK: Whose database

    func testADatabaseMoonshotDidNotMakeIsLeftAsItIs() throws {
        // Tables of the same names and schema version 1, but another program's.
        let lookalike = try run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "sqlite3", "other.db",
                """
                CREATE TABLE missions (id INTEGER PRIMARY KEY, title TEXT);
                CREATE TABLE astronauts (id TEXT PRIMARY KEY, name TEXT);
                CREATE TABLE crew (mission_id INTEGER, astronaut_id TEXT);
                CREATE TABLE imports (id INTEGER PRIMARY KEY, note TEXT);
                INSERT INTO missions VALUES (1, 'mine');
                PRAGMA user_version = 1;
                """,
            ])
        XCTAssertEqual(lookalike.status, 0, lookalike.stderr)
        // moonshot's own layout, but marked as another application's.
        XCTAssertEqual(try moonshot("import", "--db", "marked.db").status, 0)
        XCTAssertEqual(try sqlite3("PRAGMA application_id = 42", database: "marked.db"), "")
        // An empty file another program has marked as its own.
        XCTAssertEqual(try sqlite3("PRAGMA application_id = 42", database: "claimed.db"), "")
        let question = try moonshot("missions", "--db", "claimed.db")
        XCTAssertTrue(question.stderr.contains("is not a moonshot database"), question.stderr)
        for name in ["other.db", "marked.db", "claimed.db"] {
            let before = try Data(contentsOf: folder.appendingPathComponent(name))
            let result = try moonshot("import", "--db", name)
            XCTAssertEqual(result.status, 1)
            XCTAssertTrue(result.stderr.contains("\(name) exists but is not a moonshot database; it was left as it is"), result.stderr)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent(name)), before, name)
        }
    }

    func testADatabaseOfAnEarlierMoonshotIsRecognisedAndMarked() throws {
        // What a moonshot from before the mark made: the first layout, no application id.
        XCTAssertEqual(try sqlite3(EarlierLayouts.version1(applicationID: 0)), "")
        // Its layout noted no changes, and its content differs from the new: replaced only when told.
        XCTAssertEqual(try moonshot("import").status, 1)
        let result = try moonshot("import", "--force")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            try sqlite3("PRAGMA application_id; PRAGMA user_version; SELECT count(*) FROM imports"),
            "\(0x4D4F_4F4E)\n6\n2\n", "marked, in the new layout, with its history")
    }

    func testAQuestionToADatabaseOfAnOlderLayoutSaysHowToUpdateIt() throws {
        XCTAssertEqual(try sqlite3(EarlierLayouts.version1()), "")
        try assertOlderLayoutIsRefusedThenUpgraded(
            from: 1, questions: [["crew", "11"], ["search", "moon"], ["astronauts"], ["metadata"]],
            lastMissionsFile: "'data/my missions.json'")
        XCTAssertEqual(
            try sqlite3("SELECT count(*) FROM imports; SELECT missions_source FROM imports WHERE id = 1"),
            "2\ndata/my missions.json\n", "the history is kept")
        XCTAssertEqual(try moonshot("commander", "11").stdout.contains("Neil A. Armstrong"), true)
    }

    func testAVersion2DatabaseIsAnOlderLayoutThatTheImportUpgradesKeepingItsHistory() throws {
        // Version 2 had no triggers: an edit by another program left its indexes behind.
        XCTAssertEqual(try sqlite3(EarlierLayouts.version2()), "")
        try assertOlderLayoutIsRefusedThenUpgraded(
            from: 2, questions: [["crew", "11"], ["search", "moon"], ["missions"]],
            lastMissionsFile: "'data/v2 missions.json'")
        XCTAssertEqual(
            try sqlite3("SELECT count(*) FROM imports; SELECT missions_source FROM imports WHERE id = 2"),
            "3\ndata/v2 missions.json\n", "the history is kept")
        let triggers = try moonshot("schema").stdout.components(separatedBy: "\nCREATE TRIGGER ").count - 1
        XCTAssertGreaterThan(triggers, 0)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'"), "\(triggers)\n", "the upgraded database has the triggers")
        // And keeps itself right: an edit in the shell is found.
        XCTAssertEqual(try sqlite3("UPDATE missions SET description = description || ' Zanzibar.' WHERE id = 11"), "")
        let found = try moonshot("search", "zanzibar", "--format", "csv")
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssertTrue(
            found.stdout.hasPrefix("kind,mission_id,mission_name,astronaut_id,astronaut_name,snippet\r\nmission,11,Apollo 11,,,"),
            found.stdout)
    }

    func testAVersion3DatabaseIsUpgradedByAnImportThatKnowsItsChanges() throws {
        // Version 3 noted changes as later versions do; only its full-text indexes did not stem words.
        XCTAssertEqual(try sqlite3(EarlierLayouts.version3()), "")
        try assertQuestionsSayToRepairInPlace(questions: [["crew", "11"], ["search", "moon"], ["check"]])
        // As imported: nothing to lose, so the import upgrades it without being told to.
        let upgraded = try moonshot("import")
        XCTAssertEqual(upgraded.status, 0, upgraded.stderr)
        XCTAssertTrue(upgraded.stdout.hasSuffix("(replaced the previous content; now in the layout of schema version 6, was 3)\n"), upgraded.stdout)
        XCTAssertEqual(try sqlite3("PRAGMA user_version; SELECT count(*) FROM imports"), "6\n3\n", "the history is kept")
        // The new layout stems words: Apollo 15's text says "rover".
        let rovers = try moonshot("search", "rovers", "--format", "csv")
        XCTAssertEqual(rovers.status, 0, rovers.stderr)
        XCTAssertTrue(rovers.stdout.contains("\r\nmission,15,Apollo 15,,,"), rovers.stdout)

        // Changed since its import: the import names the changes it noted, as for the current layout.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("moonshot.db"))
        XCTAssertEqual(try sqlite3(EarlierLayouts.version3()), "")
        XCTAssertEqual(try sqlite3("UPDATE missions SET description = description || ' Zanzibar.' WHERE id = 11"), "")
        let refused = try moonshot("import")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(
            refused.stderr.hasPrefix("Error: ./moonshot.db was changed since its last import (1 mission changed since "), refused.stderr)
        XCTAssertEqual(try sqlite3("PRAGMA user_version"), "3\n", "nothing changed")
        let forced = try moonshot("import", "--force")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(try sqlite3("PRAGMA user_version; SELECT count(*) FROM edited_rows"), "6\n0\n")
    }

    func testAnEditedVersion3DatabaseMovesToTheNewLayoutInPlaceKeepingItsChanges() throws {
        XCTAssertEqual(try sqlite3(EarlierLayouts.version3()), "")
        XCTAssertEqual(try sqlite3("UPDATE missions SET description = description || ' Zanzibar.' WHERE id = 11"), "")
        let noted = try sqlite3("SELECT table_name, row_key, first_edited_at FROM edited_rows")
        XCTAssertTrue(noted.hasPrefix("missions|11|"), noted)
        // Every message about the old layout says what moves it on: the questions, check, and
        // the import (which would replace the changes).
        try assertQuestionsSayToRepairInPlace(questions: [["astronaut", "armstrong"], ["check"], ["metadata"]])
        let refused = try moonshot("import")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(
            refused.stderr.contains(
                "; ./moonshot.db was not changed.\n"
                    + "To keep the changes and the record of them, moving ./moonshot.db to the new layout in place without importing:\n"
                    + "  moonshot check --repair\n"), refused.stderr)

        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stderr)
        XCTAssertTrue(
            repaired.stdout.contains("  moved it to the layout of schema version 6 (was 3), keeping its rows and its record of changes\n"),
            repaired.stdout)
        XCTAssertTrue(repaired.stdout.contains("./moonshot.db is sound: no problems found.\n"), repaired.stdout)
        XCTAssertTrue(repaired.stdout.contains("Changes:     1 mission changed since "), repaired.stdout)
        XCTAssertEqual(try sqlite3("PRAGMA user_version; SELECT count(*) FROM imports"), "6\n2\n", "the history is kept")
        XCTAssertEqual(try sqlite3("SELECT table_name, row_key, first_edited_at FROM edited_rows"), noted, "the record of changes is kept")
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM sqlite_schema WHERE name = 'missions_by_launch_date'"), "1\n")
        XCTAssertTrue(try moonshot("schema").stdout.contains("tokenize=\"porter unicode61 remove_diacritics 2\""))
        // The changed text is searched by stems and prefixes: it says "landing" and "walk".
        for (words, hit) in [("landed", "mission,11,Apollo 11,,,"), ("zanz", "mission,11,Apollo 11,,,"), ("walks", "astronaut,,,armstrong,")] {
            let found = try moonshot("search", words, "--format", "csv")
            XCTAssertEqual(found.status, 0, found.stderr)
            XCTAssertTrue(found.stdout.contains("\r\n" + hit), "\(words): \(found.stdout)")
        }
        XCTAssertEqual(try moonshot("check", "--repair").stdout.hasPrefix("Nothing in ./moonshot.db needed repairing.\n"), true)
        // Still changed since its import: the import says so as before, now in the new layout.
        let again = try moonshot("import")
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.hasPrefix("Error: ./moonshot.db was changed since its last import (1 mission changed since "), again.stderr)
        XCTAssertFalse(again.stderr.contains("check --repair"), again.stderr)
    }

    /// Version 4 lacked only the index of astronauts' names: the repair adds it in place, keeping
    /// the rows and the record of changes, and an import of one as imported upgrades it.
    func testAVersion4DatabaseGainsTheIndexOfNamesInPlaceOrByAnImport() throws {
        XCTAssertEqual(try sqlite3(EarlierLayouts.version4()), "")
        XCTAssertEqual(try sqlite3("UPDATE astronauts SET description = description || ' Zanzibar.' WHERE id = 'armstrong'"), "")
        let noted = try sqlite3("SELECT table_name, row_key, first_edited_at FROM edited_rows")
        XCTAssertTrue(noted.hasPrefix("astronauts|1|"), noted)
        try assertQuestionsSayToRepairInPlace(version: 4, questions: [["flights", "armstrong"], ["check"]])

        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stderr)
        XCTAssertTrue(repaired.stdout.contains("  created index astronauts_by_name as schema.sql makes it\n"), repaired.stdout)
        XCTAssertTrue(
            repaired.stdout.contains("  moved it to the layout of schema version 6 (was 4), keeping its rows and its record of changes\n"),
            repaired.stdout)
        XCTAssertTrue(repaired.stdout.contains("./moonshot.db is sound: no problems found.\n"), repaired.stdout)
        XCTAssertEqual(try sqlite3("PRAGMA user_version; SELECT count(*) FROM imports"), "6\n2\n", "the history is kept")
        XCTAssertEqual(try sqlite3("SELECT table_name, row_key, first_edited_at FROM edited_rows"), noted, "the record of changes is kept")
        // The index finds an id that is another astronaut's full name.
        XCTAssertEqual(try sqlite3("INSERT INTO astronauts (id, name, description) VALUES ('x', 'ARMSTRONG', 'x')"), "")
        let tie = try moonshot("flights", "armstrong")
        XCTAssertEqual(tie.status, 1, tie.stdout)
        XCTAssertTrue(tie.stderr.hasPrefix("Error: \"armstrong\" could be any of 2 astronauts:\n"), tie.stderr)

        // As imported: nothing to lose, so the import upgrades it without being told to.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("moonshot.db"))
        XCTAssertEqual(try sqlite3(EarlierLayouts.version4()), "")
        let upgraded = try moonshot("import")
        XCTAssertEqual(upgraded.status, 0, upgraded.stderr)
        XCTAssertTrue(upgraded.stdout.hasSuffix("(replaced the previous content; now in the layout of schema version 6, was 4)\n"), upgraded.stdout)
        XCTAssertEqual(try sqlite3("PRAGMA user_version; SELECT count(*) FROM imports"), "6\n3\n", "the history is kept")
        XCTAssertEqual(try moonshot("check").status, 0)

        // In version 4 the index's name was free: a table of one's own of that name is kept.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("moonshot.db"))
        XCTAssertEqual(try sqlite3(EarlierLayouts.version4()), "")
        XCTAssertEqual(try sqlite3("CREATE TABLE astronauts_by_name (astronaut, nickname); INSERT INTO astronauts_by_name VALUES ('aldrin', 'Buzz')"), "")
        for words in [["import"], ["import", "--force"], ["check", "--repair"]] {
            let refused = try moonshot(words)
            XCTAssertEqual(refused.status, 1, "\(words): \(refused.stdout)")
            XCTAssertTrue(
                refused.stderr.contains("has a table named astronauts_by_name where schema.sql makes an index; it may hold another program's rows"),
                "\(words): \(refused.stderr)")
            XCTAssertEqual(try sqlite3("SELECT nickname FROM astronauts_by_name; PRAGMA user_version"), "Buzz\n4\n", "\(words)")
        }

        // A view of one's own of that name is not dropped either: the import says why, and what to do.
        XCTAssertEqual(try sqlite3("DROP TABLE astronauts_by_name; CREATE VIEW astronauts_by_name AS SELECT name FROM astronauts"), "")
        let refused = try moonshot("import")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(
            refused.stderr.hasPrefix(
                "Error: view astronauts_by_name, which another program made, cannot be made again after the import "
                    + "(schema.sql now makes an index of that name), so moonshot.db was not changed\n"
                    + "Drop it (DROP VIEW \"astronauts_by_name\"), run 'moonshot import' again, and make it anew under another name."), refused.stderr)
    }

    /// Version 5 refused partial upserts and had crew rows without rowids and astronauts keyed by
    /// number: the repair moves it in place, keeping the rows, the record of changes and another
    /// program's trigger, dropping its own retired one; an import of one as imported does too.
    func testAVersion5DatabaseMovesToVersion6InPlaceOrByAnImport() throws {
        XCTAssertEqual(try sqlite3(EarlierLayouts.version5()), "")
        XCTAssertEqual(try sqlite3("UPDATE astronauts SET description = description || ' Zanzibar.' WHERE id = 'armstrong'"), "")
        XCTAssertEqual(try sqlite3("CREATE TRIGGER mine AFTER UPDATE ON crew BEGIN SELECT 1; END"), "")
        let noted = try sqlite3("SELECT table_name, row_key, first_edited_at FROM edited_rows")
        let rows = try sqlite3("SELECT * FROM missions; SELECT number, id, name, description FROM astronauts; SELECT * FROM crew; SELECT * FROM imports")
        try assertQuestionsSayToRepairInPlace(version: 5, questions: [["crew", "11"], ["check"]])

        let repaired = try moonshot("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stderr)
        XCTAssertTrue(repaired.stdout.contains("  dropped trigger crew_before_insert, which schema version 6 no longer has\n"), repaired.stdout)
        XCTAssertTrue(repaired.stdout.contains("  rebuilt table crew as schema.sql makes it, keeping its 1 row\n"), repaired.stdout)
        XCTAssertTrue(
            repaired.stdout.contains("  moved it to the layout of schema version 6 (was 5), keeping its rows and its record of changes\n"),
            repaired.stdout)
        XCTAssertTrue(repaired.stdout.contains("./moonshot.db is sound: no problems found.\n"), repaired.stdout)
        XCTAssertFalse(repaired.stdout.contains("may not all be noted"), repaired.stdout)
        XCTAssertEqual(try sqlite3("PRAGMA user_version"), "6\n")
        XCTAssertEqual(
            try sqlite3("SELECT * FROM missions; SELECT number, id, name, description FROM astronauts; SELECT * FROM crew; SELECT * FROM imports"), rows,
            "every row kept")
        XCTAssertEqual(try sqlite3("SELECT table_name, row_key, first_edited_at FROM edited_rows"), noted, "the record of changes is kept")
        XCTAssertEqual(try sqlite3("SELECT name FROM sqlite_schema WHERE name IN ('mine', 'crew_before_insert')"), "mine\n")
        // Now a partial upsert of a crew row works.
        XCTAssertEqual(try sqlite3("INSERT INTO crew (mission_id, position, role) VALUES (11, 1, 'boss') ON CONFLICT DO UPDATE SET role = excluded.role"), "")
        XCTAssertEqual(try sqlite3("SELECT astronaut_id, canonical_role FROM crew WHERE mission_id = 11 AND position = 1"), "armstrong|Boss\n")

        // As imported: the import moves it without being told to.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("moonshot.db"))
        XCTAssertEqual(try sqlite3(EarlierLayouts.version5()), "")
        XCTAssertEqual(try sqlite3("CREATE TRIGGER mine AFTER UPDATE ON crew BEGIN SELECT 1; END"), "")
        let upgraded = try moonshot("import")
        XCTAssertEqual(upgraded.status, 0, upgraded.stderr)
        XCTAssertTrue(upgraded.stdout.contains("now in the layout of schema version 6, was 5"), upgraded.stdout)
        XCTAssertEqual(try sqlite3("SELECT name FROM sqlite_schema WHERE name IN ('mine', 'crew_before_insert')"), "mine\n")
        XCTAssertEqual(try moonshot("check").status, 0)
    }

    /// In a version-5 database, a trigger that notes changes is whole as version 5 made it; one
    /// someone changed leaves changes unnoted, so an import refuses to replace them and the
    /// repair says they may not all be noted.
    func testAVersion5DatabaseWithAChangedNotingTriggerKeepsItsEdits() throws {
        // missions_after_update is the same in version 6; astronauts_after_update is not.
        for trigger in ["missions_after_update AFTER UPDATE ON missions", "astronauts_after_update AFTER UPDATE ON astronauts"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("moonshot.db"))
            XCTAssertEqual(try sqlite3(EarlierLayouts.version5()), "")
            let name = String(trigger.prefix { $0 != " " })
            XCTAssertEqual(try sqlite3("DROP TRIGGER \(name); CREATE TRIGGER \(trigger) BEGIN SELECT 1; END"), "")
            XCTAssertEqual(
                try sqlite3("UPDATE missions SET launch_date = '1969-07-17' WHERE id = 11; UPDATE astronauts SET name = 'N. A.' WHERE id = 'armstrong'"), "")
            let imported = try moonshot("import")
            XCTAssertEqual(imported.status, 1, "\(name): " + imported.stdout)
            XCTAssertEqual(
                try sqlite3("SELECT launch_date FROM missions WHERE id = 11; SELECT name FROM astronauts WHERE id = 'armstrong'"), "1969-07-17\nN. A.\n")
            let repaired = try moonshot("check", "--repair")
            XCTAssertEqual(repaired.status, 0, repaired.stderr)
            XCTAssertTrue(repaired.stdout.contains("may not all be noted"), "\(name): " + repaired.stdout)
        }
    }

    /// Expects each of `questions` to refuse the database of schema `version` (3 unless told),
    /// saying how to move it to the new layout in place.
    private func assertQuestionsSayToRepairInPlace(
        version: Int = 3, questions: [[String]], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for question in questions {
            let result = try moonshot(question)
            XCTAssertEqual(result.status, 1, "\(question)", file: file, line: line)
            XCTAssertEqual(result.stdout, "", "\(question): no answer from the old layout", file: file, line: line)
            XCTAssertEqual(
                result.stderr,
                "Error: ./moonshot.db has the layout of an older moonshot (schema version \(version); this one reads 6)\n"
                    + "Move it to the new layout in place, keeping its data, its import history and its record of changes:\n"
                    + "  moonshot check --repair\n", "\(question)", file: file, line: line)
        }
    }

    /// Expects each of `questions` to refuse the database of schema `version`, saying how to
    /// import it again from the files its last import read.
    private func assertQuestionsSayToImportAgain(
        version: Int, questions: [[String]], lastMissionsFile: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for question in questions {
            let result = try moonshot(question)
            XCTAssertEqual(result.status, 1, "\(question)", file: file, line: line)
            XCTAssertEqual(result.stdout, "", "\(question): no answer from the old layout", file: file, line: line)
            XCTAssertTrue(
                result.stderr.contains("./moonshot.db has the layout of an older moonshot (schema version \(version); this one reads 6)"),
                result.stderr, file: file, line: line)
            XCTAssertTrue(
                result.stderr.hasSuffix(
                    "(its import history is kept), from the files its last import read:\n"
                        + "  moonshot import --missions \(lastMissionsFile) --astronauts data/astronauts.json\n"),
                result.stderr, file: file, line: line)
        }
    }

    /// Expects each of `questions` to refuse the database of schema `version`, saying how to
    /// import it again from the files its last import read, and `moonshot import` to bring it
    /// to the current layout.
    private func assertOlderLayoutIsRefusedThenUpgraded(
        from version: Int, questions: [[String]], lastMissionsFile: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try assertQuestionsSayToImportAgain(version: version, questions: questions, lastMissionsFile: lastMissionsFile, file: file, line: line)
        // Its layout noted no changes, and its content differs from the new: the import says so,
        // and changes nothing; the content can still be exported.
        let refused = try moonshot("import")
        XCTAssertEqual(refused.status, 1, file: file, line: line)
        XCTAssertTrue(
            refused.stderr.hasPrefix(
                "Error: ./moonshot.db has the layout of schema version \(version), which did not note changes, "
                    + "so moonshot cannot tell whether it was changed since its last import"), refused.stderr,
            file: file, line: line)
        XCTAssertEqual(try sqlite3("PRAGMA user_version"), "\(version)\n", file: file, line: line)
        let exported = try moonshot("export", "--missions", "old-m.json", "--astronauts", "old-a.json")
        XCTAssertEqual(exported.status, 0, exported.stderr, file: file, line: line)
        XCTAssertTrue(
            try String(contentsOf: folder.appendingPathComponent("old-m.json"), encoding: .utf8)
                .contains("The first crewed landing on the Moon."), file: file, line: line)
        let result = try moonshot("import", "--force")
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertTrue(
            result.stdout.hasSuffix("(replaced the previous content; now in the layout of schema version 6, was \(version))\n"),
            result.stdout, file: file, line: line)
        XCTAssertEqual(try sqlite3("PRAGMA user_version"), "6\n", file: file, line: line)
    }

    func testAnImportsTableChangedByHandStartsANewHistory() throws {
        for change in ["DROP TABLE imports", "ALTER TABLE imports DROP COLUMN crew_count"] {
            XCTAssertEqual(try moonshot("import").status, 0)
            XCTAssertEqual(try sqlite3(change), "")
            let result = try moonshot("import")
            XCTAssertEqual(result.status, 0, "\(change): \(result.stderr)")
            XCTAssertEqual(try sqlite3("SELECT count(*) FROM imports"), "1\n", change)
        }
    }

    func testADamagedDatabaseIsExplainedAndLeftForTheUserToMoveAway() throws {
        let dataset = try SyntheticDataset.write(missions: 1_500, astronauts: 300, to: folder)
        XCTAssertEqual(try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts).status, 0)
        XCTAssertEqual(truncate(folder.appendingPathComponent("moonshot.db").path, 400_000), 0)
        let damaged = try Data(contentsOf: folder.appendingPathComponent("moonshot.db"))
        for command in [["missions"], ["import"]] {
            let result = try moonshot(command)
            XCTAssertEqual(result.status, 1, "\(command)")
            XCTAssertTrue(result.stderr.contains("moonshot.db is damaged"), "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("moonshot.db.damaged) and run 'moonshot import' again"), "\(command): \(result.stderr)")
        }
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("moonshot.db")), damaged, "left as it is")
        // Following the advice works.
        XCTAssertEqual(rename(folder.appendingPathComponent("moonshot.db").path, folder.appendingPathComponent("moonshot.db.damaged").path), 0)
        XCTAssertEqual(try moonshot("import").status, 0)
    }

    func testDamageFoundOnlyByAQuestionInAFullTextIndexIsTheRepairsToMend() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        // The same garbage every run (random bytes are now and then read without complaint).
        _ = try sqlite3("UPDATE missions_fts_data SET block = CAST(replace(hex(zeroblob(length(block))), '00', 'FF') AS BLOB) WHERE id > 10")
        let result = try moonshot("search", "lunar")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "Error: a full-text index of ./moonshot.db is out of step with its table, or cannot be read as it is; the tables' rows are as they were\n"),
            result.stderr)
        XCTAssertFalse(result.stderr.contains("SELECT"), "no SQL: \(result.stderr)")
        // The advice works: the index holds nothing but what its table gives it.
        XCTAssertEqual(try moonshot("check", "--repair").status, 0)
        XCTAssertEqual(try moonshot("search", "lunar").status, 0)
    }

    // MARK: Links

    func testThroughASymbolicLinkTheFileKeepsItsOwnerAndTheLinkStays() throws {
        try XCTSkipUnless(
            getuid() == 0 || ProcessInfo.processInfo.environment["CI"] != nil,
            "giving the database to another user needs root (run the tests as root, as CI does)")
        let real = folder.appendingPathComponent("real.db").path
        XCTAssertEqual(try moonshot("import", "--db", real).status, 0)
        XCTAssertEqual(chown(real, 65534, 65534), 0, "chown needs root")
        XCTAssertEqual(symlink("real.db", folder.appendingPathComponent("link.db").path), 0)
        XCTAssertEqual(try moonshot("import", "--db", "link.db").status, 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: real)
        XCTAssertEqual(attributes[.ownerAccountID] as? Int, 65534, "the owner is kept")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.db").path), "real.db")
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM imports", database: "real.db"), "2\n")

        // A link to a file that does not exist yet: the file is made where it points.
        XCTAssertEqual(symlink("target.db", folder.appendingPathComponent("dangling.db").path), 0)
        XCTAssertEqual(try moonshot("import", "--db", "dangling.db").status, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("dangling.db").path), "target.db")
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM missions", database: "target.db"), "12\n")
    }
}
