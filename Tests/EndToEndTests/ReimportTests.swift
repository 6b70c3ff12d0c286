import Foundation
import TestSupport
import XCTest

/// A re-import over a database people have used: changes made since the last import (with the
/// sqlite3 shell) are never replaced without `--force`, and what other programs added (tables,
/// views, indexes, triggers, columns) is kept, or named when it stands in the way. A refusal
/// leaves the database file byte for byte as it was.
final class ReimportTests: BinaryTestCase {
    /// Edits across the three tables: two missions, one astronaut (added: number 33) and two
    /// crew rows (13/3 deleted, 12/1 changed).
    private static let edits = """
        UPDATE missions SET description = 'Edited: a flight of zanzibar marmalade.' WHERE id = 11;
        UPDATE missions SET launch_date = '1969-11-15' WHERE id = 12;
        INSERT INTO astronauts (id, name, description) VALUES ('newbie', 'Nora Newbie', 'A pilot who keeps a quokka.');
        DELETE FROM crew WHERE mission_id = 13 AND position = 3;
        UPDATE crew SET role = 'commander' WHERE mission_id = 12 AND position = 1;
        """
    private static let editedRowsAfterEdits = ["astronauts 33", "crew 12/1", "crew 13/3", "missions 11", "missions 12"]

    // MARK: Changes since the last import

    func testAnUneditedDatabaseIsImportedAgainWithoutForce() throws {
        try freshImport()
        try assertImportsAgainWithoutForce()
    }

    func testAnEditIsRefusedSayingWhatChangedAndTheWaysOnAndTheDatabaseIsUnchanged() throws {
        // A database path and input files that need quoting in a shell.
        let database = "my moonshot.db"
        let missions = folder.appendingPathComponent("apollo missions.json").path
        let astronauts = folder.appendingPathComponent("apollo astronauts.json").path
        try FileManager.default.copyItem(atPath: Self.packageRoot.appendingPathComponent("Resources/missions.json").path, toPath: missions)
        try FileManager.default.copyItem(atPath: Self.apolloAstronauts, toPath: astronauts)
        XCTAssertEqual(try moonshot("import", "--db", database, "--missions", missions, "--astronauts", astronauts).status, 0)
        XCTAssertEqual(try sqlite3(Self.edits, database: database), "")
        XCTAssertEqual(try editedRows(database), Self.editedRowsAfterEdits)
        let since = try firstEditTime(database)
        let before = try bytes(database)

        for (inputs, repeated) in [
            ([String](), ""),
            (
                ["--missions", missions, "--astronauts", astronauts],
                " --missions '\(missions)' --astronauts '\(astronauts)'"
            ),
        ] {
            let result = try moonshot(["import", "--db", database] + inputs)
            XCTAssertEqual(result.status, 1, result.stdout)
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(
                result.stderr,
                """
                Error: ./my moonshot.db was changed since its last import (2 missions, 1 astronaut and 2 crew rows changed since \(since)), \
                and this import would replace those changes; ./my moonshot.db was not changed.
                To keep the changes, write the data out as the app's files, and import those (edited further if you like):
                  moonshot export --db 'my moonshot.db' --missions missions.json --astronauts astronauts.json
                To replace the changes anyway:
                  moonshot import --db 'my moonshot.db'\(repeated) --force

                """)
            XCTAssertEqual(try bytes(database), before, "the database file is byte for byte as it was")
            XCTAssertEqual(try editedRows(database), Self.editedRowsAfterEdits, "the record of the changes is kept")
            XCTAssertEqual(try files(startingWith: database), [database], "no journal left behind")
        }
    }

    func testTheSuggestedExportDoesNotWriteOverTheFilesTheImportWasToRead() throws {
        try freshImport()
        XCTAssertEqual(try sqlite3(Self.edits), "")
        // New data, in files of the names the export would otherwise suggest.
        let dataset = try writeSmallDataset()
        try FileManager.default.moveItem(atPath: dataset.missions, toPath: folder.appendingPathComponent("missions.json").path)
        try FileManager.default.moveItem(atPath: dataset.astronauts, toPath: folder.appendingPathComponent("astronauts.json").path)
        let newData = try ["missions.json", "astronauts.json"].map(bytes)
        let refused = try moonshot("import", "--missions", "missions.json", "--astronauts", "./astronauts.json")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(
            refused.stderr.contains("\n  moonshot export --missions edited-missions.json --astronauts edited-astronauts.json\n"),
            refused.stderr)
        XCTAssertTrue(
            refused.stderr.hasSuffix("\n  moonshot import --missions missions.json --astronauts ./astronauts.json --force\n"),
            refused.stderr)
        // Following the advice keeps both the edits and the new data.
        XCTAssertEqual(try moonshot("export", "--missions", "edited-missions.json", "--astronauts", "edited-astronauts.json").status, 0)
        XCTAssertEqual(try ["missions.json", "astronauts.json"].map(bytes), newData)
        XCTAssertTrue(try String(decoding: bytes("edited-missions.json"), as: UTF8.self).contains("zanzibar marmalade"))
    }

    func testTheExportedFilesImportWithoutForceAndKeepTheEdits() throws {
        try freshImport()
        XCTAssertEqual(try sqlite3(Self.edits), "")
        let exported = try moonshot("export", "--missions", "m.json", "--astronauts", "a.json")
        XCTAssertEqual(exported.status, 0, exported.stderr)
        let result = try moonshot("import", "--missions", "m.json", "--astronauts", "a.json")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "Imported 12 missions, 33 astronauts, 35 crew assignments into moonshot.db (replaced the previous content)\n")
        XCTAssertEqual(try editedRows(), [], "the edits are now the imported content")
        XCTAssertEqual(
            try sqlite3(
                """
                SELECT description FROM missions WHERE id = 11;
                SELECT launch_date FROM missions WHERE id = 12;
                SELECT name FROM astronauts WHERE id = 'newbie';
                SELECT count(*) FROM crew WHERE mission_id = 13;
                SELECT role FROM crew WHERE mission_id = 12 AND position = 1;
                """), "Edited: a flight of zanzibar marmalade.\n1969-11-15\nNora Newbie\n2\ncommander\n")
        // They are the last import's input now: the built-in data replaces them without --force.
        let builtIn = try moonshot("import")
        XCTAssertEqual(builtIn.status, 0, builtIn.stderr)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM astronauts"), "32\n")
    }

    func testForceReplacesTheEditsAndSaysSo() throws {
        try freshImport()
        let original = try sqlite3("SELECT description FROM missions WHERE id = 11")
        XCTAssertEqual(try sqlite3(Self.edits), "")
        let since = try firstEditTime()
        let result = try moonshot("import", "--force")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            "Imported 12 missions, 32 astronauts, 36 crew assignments into moonshot.db (the same input as the previous import; "
                + "replaced the changes: 2 missions, 1 astronaut and 2 crew rows changed since \(since))\n")
        XCTAssertEqual(try editedRows(), [])
        XCTAssertEqual(try sqlite3("SELECT description FROM missions WHERE id = 11"), original)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM astronauts; SELECT count(*) FROM crew"), "32\n36\n")
    }

    func testAChangeSetBackIsNotedButTheImportGoesAhead() throws {
        try freshImport()
        XCTAssertEqual(
            try sqlite3(
                """
                UPDATE missions SET description = description || ' for a moment' WHERE id = 11;
                UPDATE missions SET description = substr(description, 1, length(description) - length(' for a moment')) WHERE id = 11;
                UPDATE crew SET role = role WHERE mission_id = 11;
                """), "")
        XCTAssertEqual(try editedRows(), ["crew 11/1", "crew 11/2", "crew 11/3", "missions 11"])
        let result = try moonshot("import")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout, "Imported 12 missions, 32 astronauts, 36 crew assignments into moonshot.db (the same input as the previous import)\n",
            "nothing was lost, so no changes were replaced")
        XCTAssertEqual(try editedRows(), [])
    }

    func testTheCheckIsUnaffectedByEdits() throws {
        try freshImport()
        XCTAssertEqual(try sqlite3(Self.edits), "")
        let before = try bytes()
        let dataset = try writeSmallDataset()
        for inputs in [[], ["--missions", dataset.missions, "--astronauts", dataset.astronauts]] {
            let result = try moonshot(["import", "--check"] + inputs)
            XCTAssertEqual(result.status, 0, "\(inputs): \(result.stderr)")
            XCTAssertTrue(result.stdout.hasPrefix("No problems found in "), result.stdout)
            XCTAssertTrue(result.stdout.hasSuffix(". Nothing was written.\n"), result.stdout)
            XCTAssertEqual(result.stderr, "")
        }
        XCTAssertEqual(try bytes(), before)
        XCTAssertEqual(try editedRows(), Self.editedRowsAfterEdits)
    }

    // MARK: When changes cannot be known

    func testARemovedRecordOfChangesIsRefusedUnlessTheContentIsTheSame() throws {
        try freshImport()
        XCTAssertEqual(try sqlite3("DROP TABLE edited_rows"), "")
        let dataset = try writeSmallDataset()
        let before = try bytes()
        let refused = try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts)
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(
            refused.stderr.hasPrefix(
                """
                Error: what notes changes in ./moonshot.db (the table edited_rows or a trigger that fills it) was removed or changed, \
                so moonshot cannot tell whether it was changed since its last import; this import would replace content that differs \
                from the new; ./moonshot.db was not changed.
                To see what else an edit changed, and what puts it right while keeping the changes:
                  moonshot check

                """), refused.stderr)
        XCTAssertTrue(
            refused.stderr.hasSuffix("  moonshot import --missions \(dataset.missions) --astronauts \(dataset.astronauts) --force\n"),
            refused.stderr)
        XCTAssertEqual(try bytes(), before)
        // The same content as before goes ahead, and puts the record back.
        let same = try moonshot("import")
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM edited_rows"), "0\n")
    }

    func testAnEditMadeWhileANotingTriggerWasDroppedIsStillNotReplaced() throws {
        try freshImport()
        XCTAssertEqual(
            try sqlite3(
                """
                DROP TRIGGER missions_after_update;
                UPDATE missions SET description = 'Unnoted zanzibar.' WHERE id = 11;
                """), "")
        XCTAssertEqual(try editedRows(), [], "the edit went unnoted")
        let before = try bytes()
        let refused = try moonshot("import")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("so moonshot cannot tell whether it was changed since its last import"), refused.stderr)
        XCTAssertEqual(try bytes(), before)
        // Exported and imported, the edit is the content, and the record is whole again.
        XCTAssertEqual(try moonshot("export", "--missions", "m.json", "--astronauts", "a.json").status, 0)
        let result = try moonshot("import", "--missions", "m.json", "--astronauts", "a.json")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try sqlite3("SELECT description FROM missions WHERE id = 11"), "Unnoted zanzibar.\n")
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM sqlite_schema WHERE name = 'missions_after_update'"), "1\n")
    }

    // MARK: Other programs' objects

    func testOtherProgramsTablesViewsIndexesAndTriggersSurviveAReimport() throws {
        try freshImport()
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE my_notes (note TEXT);
                INSERT INTO my_notes VALUES ('remember the quokka');
                CREATE VIEW my_view AS SELECT id, launch_date FROM missions WHERE launch_date IS NOT NULL;
                CREATE INDEX my_idx ON missions (badge, description);
                CREATE TABLE my_log (mission_id INTEGER, what TEXT);
                CREATE TRIGGER my_trig AFTER UPDATE OF description ON missions BEGIN INSERT INTO my_log VALUES (new.id, 'edited'); END;
                """), "")
        let statements = "SELECT rowid, sql FROM sqlite_schema WHERE name IN ('my_idx', 'my_trig') ORDER BY rowid"
        let before = try sqlite3(statements)
        try assertImportsAgainWithoutForce(noting: "kept table my_notes, view my_view, table my_log, index my_idx, trigger my_trig")
        XCTAssertEqual(try sqlite3(statements), before, "their index and trigger stay where they were, not made again")

        XCTAssertEqual(try sqlite3("SELECT note FROM my_notes"), "remember the quokka\n")
        XCTAssertEqual(try sqlite3("SELECT id, launch_date FROM my_view ORDER BY id"), "7|1968-10-11\n8|1968-12-21\n", "the view shows the new data")
        XCTAssertTrue(
            try sqlite3("EXPLAIN QUERY PLAN SELECT description FROM missions WHERE badge = 'apollo8'")
                .contains("USING COVERING INDEX my_idx (badge=?)"),
            "the index is there, and used")
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM my_log"), "0\n", "the trigger did not fire during the import")
        XCTAssertEqual(
            try sqlite3("UPDATE missions SET description = 'Eight, edited.' WHERE id = 8; SELECT * FROM my_log"), "8|edited\n",
            "the trigger fires afterwards")
        XCTAssertEqual(try sqlite3("PRAGMA integrity_check"), "ok\n")
    }

    func testRowsThatWouldPointNowhereAreRefusedNamedAndLeftOnlyWithForce() throws {
        try freshImport()
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE visits (id INTEGER PRIMARY KEY, mission_id INTEGER REFERENCES missions (id), note TEXT);
                INSERT INTO visits (mission_id, note) VALUES (7, 'kept'), (11, 'tranquility'), (12, 'surveyor'), (11, 'again');
                CREATE TABLE photos (visit_id INTEGER REFERENCES visits (id), file TEXT);
                INSERT INTO photos VALUES (1, 'seven.jpg'), (2, 'tranquility.jpg');
                """), "")
        // The same data: every row still points at a mission.
        let same = try moonshot("import")
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stdout.hasSuffix("(the same input as the previous import; kept table visits, table photos)\n"), same.stdout)

        // Data without missions 11 and 12.
        let dataset = try writeSmallDataset()
        let before = try bytes()
        let refused = try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts)
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertEqual(
            refused.stderr,
            """
            Error: this import would break what another program added to ./moonshot.db; ./moonshot.db was not changed:
              table visits: 3 rows would refer to missions that the new data does not have
            To keep them, copy what they hold elsewhere, or change them so that they fit the new data.
            To leave those rows as they are anyway:
              moonshot import --missions \(dataset.missions) --astronauts \(dataset.astronauts) --force

            """)
        XCTAssertEqual(try bytes(), before)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM visits; SELECT count(*) FROM photos"), "4\n2\n")

        let forced = try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts, "--force")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(
            forced.stdout,
            "Imported 2 missions, 2 astronauts, 2 crew assignments into moonshot.db (replaced the previous content; "
                + "left 3 rows of table visits referring to missions that the new data does not have; kept table visits, table photos)\n")
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM visits; SELECT count(*) FROM photos"), "4\n2\n", "nothing of theirs is dropped")
    }

    func testRowsThatPointedNowhereInAnotherProgramsOwnTablesAreNotTheImportsConcern() throws {
        try freshImport()
        XCTAssertEqual(
            try sqlite3(
                """
                CREATE TABLE albums (id INTEGER PRIMARY KEY, title TEXT);
                CREATE TABLE pictures (album_id INTEGER REFERENCES albums (id), mission_id INTEGER REFERENCES missions (id), file TEXT);
                INSERT INTO pictures VALUES (99, 7, 'no such album, as before the import');
                """), "")
        let dataset = try writeSmallDataset()
        let result = try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasSuffix("(replaced the previous content; kept table albums, table pictures)\n"), result.stdout)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM pictures"), "1\n")
    }

    func testAColumnAddedToMoonshotsTableIsRefusedNamingIt() throws {
        try freshImport()
        XCTAssertEqual(try sqlite3("ALTER TABLE missions ADD COLUMN notes TEXT"), "")
        let before = try bytes()
        let refused = try moonshot("import")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("\n  column missions.notes: schema.sql does not make it, and what it holds would be lost\n"), refused.stderr)
        XCTAssertTrue(refused.stderr.hasSuffix("To drop it anyway:\n  moonshot import --force\n"), refused.stderr)
        XCTAssertEqual(try bytes(), before)
        // With changes as well, both are said, and both ways on.
        XCTAssertEqual(try sqlite3("UPDATE missions SET notes = 'my own note', description = 'Zanzibar.' WHERE id = 11"), "")
        let both = try moonshot("import")
        XCTAssertEqual(both.status, 1, both.stdout)
        XCTAssertTrue(both.stderr.hasPrefix("Error: ./moonshot.db was changed since its last import (1 mission changed since "), both.stderr)
        XCTAssertTrue(
            both.stderr.contains(
                "\nAlso, this import would break what another program added to ./moonshot.db:\n"
                    + "  column missions.notes: "), both.stderr)
        XCTAssertTrue(both.stderr.hasSuffix("To replace the changes and drop it anyway:\n  moonshot import --force\n"), both.stderr)
        let since = try firstEditTime()
        let forced = try moonshot("import", "--force")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(
            forced.stdout.hasSuffix(
                "(the same input as the previous import; replaced the changes: 1 mission changed since "
                    + "\(since); dropped column missions.notes)\n"), forced.stdout)
        XCTAssertFalse(try sqlite3("SELECT name FROM pragma_table_info('missions')").contains("notes"))
    }

    func testAUniqueIndexTheNewDataBreaksIsRefusedNamingIt() throws {
        try freshImport()
        XCTAssertEqual(try sqlite3("CREATE UNIQUE INDEX one_name_each ON astronauts (name)"), "")
        let same = try moonshot("import")
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stdout.hasSuffix("; kept index one_name_each)\n"), same.stdout)

        let dataset = try writeSmallDataset(secondAstronautName: "Walter M. Schirra Jr.")
        let before = try bytes()
        let refused = try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts)
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(
            refused.stderr.contains(
                """

                  index one_name_each: cannot be made again on the new data (UNIQUE constraint failed: astronauts.name)

                """), refused.stderr)
        XCTAssertEqual(try bytes(), before)
        let forced = try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts, "--force")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(forced.stdout.hasSuffix("(replaced the previous content; dropped index one_name_each)\n"), forced.stdout)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM sqlite_schema WHERE name = 'one_name_each'; SELECT count(*) FROM astronauts"), "0\n2\n")
    }

    // MARK: Random edits

    /// Seeded random sequences of UPDATEs of descriptions, names and roles, some of which set a
    /// value back to what it was: the import refuses exactly when the content differs from
    /// its input, and then counts every row an UPDATE touched. `MOONSHOT_EDIT_SEED` repeats a run.
    func testRandomEditsAreRefusedExactlyWhenTheContentChanged() throws {
        let seed = ProcessInfo.processInfo.environment["MOONSHOT_EDIT_SEED"].flatMap { UInt64($0) } ?? 28
        var random = SeededRandom(seed: seed)
        try freshImport()
        let originals = try table(
            """
            SELECT 'missions' AS t, id AS k, description AS v FROM missions UNION ALL SELECT 'astronauts', number, name FROM astronauts
             UNION ALL SELECT 'crew', mission_id || '/' || position, role FROM crew
            """)
        var refusals = 0
        for round in 1...12 {
            let context = "seed \(seed), round \(round) (repeat with MOONSHOT_EDIT_SEED=\(seed))"
            var current = originals
            var touched = Set<Int>()
            var sql = ""
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let index = Int(random.next() % UInt64(originals.count))
                let (table, key, original) = originals[index]
                // Half the time the row gets a new value, else its value of the import (set back).
                let value = random.next() % 2 == 0 ? "\(original) (edit \(random.next() % 1000))" : original
                let column = ["missions": "description", "astronauts": "name", "crew": "role"][table]!
                let keyTest = [
                    "missions": "id = \(key)", "astronauts": "number = \(key)",
                    "crew": "mission_id || '/' || position = '\(key)'",
                ][table]!
                sql += "UPDATE \(table) SET \(column) = '\(value.replacingOccurrences(of: "'", with: "''"))' WHERE \(keyTest);\n"
                current[index].value = value
                touched.insert(index)
            }
            XCTAssertEqual(try sqlite3(sql), "", context)
            let changed = zip(current, originals).contains { $0.value != $1.value }
            let before = try bytes()
            let result = try moonshot("import")
            if changed {
                refusals += 1
                XCTAssertEqual(result.status, 1, "\(context): \(sql)")
                let counts = ["missions", "astronauts", "crew"].map { name in touched.filter { originals[$0].table == name }.count }
                let words = zip(counts, ["mission", "astronaut", "crew row"]).filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
                let summary = words.count == 1 ? words[0] : words.dropLast().joined(separator: ", ") + " and " + words.last!
                XCTAssertTrue(result.stderr.contains("(\(summary) changed since "), "\(context): \(result.stderr)")
                XCTAssertEqual(try bytes(), before, context)
                let forced = try moonshot("import", "--force")
                XCTAssertEqual(forced.status, 0, "\(context): \(forced.stderr)")
                XCTAssertTrue(forced.stdout.contains("; replaced the changes: \(summary) changed since "), "\(context): \(forced.stdout)")
            } else {
                XCTAssertEqual(result.status, 0, "\(context): every value was set back: \(sql)\n\(result.stderr)")
                XCTAssertFalse(result.stdout.contains("replaced the changes"), "\(context): \(result.stdout)")
            }
            XCTAssertEqual(try editedRows(), [], context)
        }
        XCTAssertGreaterThan(refusals, 2, "seed \(seed): some rounds changed the content")
        XCTAssertLessThan(refusals, 12, "seed \(seed): some rounds set every value back")
    }

    // MARK: Helpers

    /// Imports the Apollo data again, then other data (`writeSmallDataset`), both without
    /// `--force`, and expects each summary to end with `notes` ("kept table my_notes").
    private func assertImportsAgainWithoutForce(noting notes: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let same = try moonshot("import")
        XCTAssertEqual(same.status, 0, same.stderr, file: file, line: line)
        XCTAssertEqual(
            same.stdout,
            "Imported 12 missions, 32 astronauts, 36 crew assignments into moonshot.db "
                + "(the same input as the previous import\(notes.map { "; " + $0 } ?? ""))\n", file: file, line: line)
        // Other data replaces it too: there were no changes to lose.
        let dataset = try writeSmallDataset()
        let other = try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts)
        XCTAssertEqual(other.status, 0, other.stderr, file: file, line: line)
        XCTAssertEqual(
            other.stdout,
            "Imported 2 missions, 2 astronauts, 2 crew assignments into moonshot.db "
                + "(replaced the previous content\(notes.map { "; " + $0 } ?? ""))\n", file: file, line: line)
    }

    /// A dataset of two missions (7 and 8) and two astronauts, written into the test's folder;
    /// the second astronaut is named `secondAstronautName`.
    func writeSmallDataset(secondAstronautName: String = "Frank Borman") throws -> (missions: String, astronauts: String) {
        let missions = folder.appendingPathComponent("small-missions.json")
        let astronauts = folder.appendingPathComponent("small-astronauts.json")
        try Data(
            """
            [
              {"id": 7, "launchDate": "1968-10-11", "crew": [{"name": "schirra", "role": "Commander"}], "description": "Seven."},
              {"id": 8, "launchDate": "1968-12-21", "crew": [{"name": "borman", "role": "Commander"}], "description": "Eight."}
            ]
            """.utf8
        ).write(to: missions)
        try Data(
            """
            {
              "schirra": {"id": "schirra", "name": "Walter M. Schirra Jr.", "description": "Wally."},
              "borman": {"id": "borman", "name": "\(secondAstronautName)", "description": "Frank."}
            }
            """.utf8
        ).write(to: astronauts)
        return (missions.path, astronauts.path)
    }

    /// The bytes of the database file.
    func bytes(_ database: String = "moonshot.db") throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(database))
    }

    /// The rows `edited_rows` of `database` notes as changed, as "missions 11", sorted.
    private func editedRows(_ database: String) throws -> [String] {
        try sqlite3("SELECT table_name || ' ' || row_key FROM edited_rows ORDER BY 1", database: database).split(separator: "\n").map(String.init)
    }

    /// When the first change noted was made, as the messages write it: "2026-11-25 13:04:09 UTC".
    private func firstEditTime(_ database: String = "moonshot.db") throws -> String {
        try sqlite3("SELECT replace(replace(min(first_edited_at), 'T', ' '), 'Z', ' UTC') FROM edited_rows", database: database)
            .trimmingCharacters(in: .newlines)
    }

    /// The rows of `sql`'s columns t, k and v (a table's name, a row's key, a value), in order.
    private func table(_ sql: String) throws -> [(table: String, key: String, value: String)] {
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", "-bail", "-json", databasePath, sql])
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.map { row in ("\(row["t"] ?? "")", "\(row["k"] ?? "")", "\(row["v"] ?? "")") }
    }
}
