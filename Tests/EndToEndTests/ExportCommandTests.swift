import Foundation
import XCTest

/// `moonshot export --missions FILE --astronauts FILE`: the Moonshot app's two files from the
/// database, equal to the source for the built-in dataset, importing to the same content after
/// edits made with the sqlite3 shell, and leaving existing files as they were whenever it fails.
final class ExportCommandTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        let imported = try moonshot("import")
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }

    // MARK: The built-in dataset

    func testTheBuiltInDatasetExportsAsTheSourceFilesWithTheirOrderAndBytes() throws {
        try assertExports(to: "m.json", "a.json")
        let source = Self.packageRoot.appendingPathComponent("Resources")
        let (missions, exportedMissions) = (try Data(contentsOf: source.appendingPathComponent("missions.json")), try data("m.json"))
        let (astronauts, exportedAstronauts) = (try Data(contentsOf: source.appendingPathComponent("astronauts.json")), try data("a.json"))

        // As the app decodes them.
        let decoder = JSONDecoder()
        let appMissions = try decoder.decode([Mission].self, from: missions)
        XCTAssertEqual(appMissions.count, 12)
        XCTAssertEqual(try decoder.decode([Mission].self, from: exportedMissions), appMissions)
        let appAstronauts = try decoder.decode([String: Astronaut].self, from: astronauts)
        XCTAssertEqual(appAstronauts.count, 32)
        XCTAssertEqual(try decoder.decode([String: Astronaut].self, from: exportedAstronauts), appAstronauts)

        // As written: every object's keys in the source's order, every string byte for byte.
        let (sourceMissions, writtenMissions) = (try written(missions), try written(exportedMissions))
        XCTAssertNil(WrittenJSON.firstDifference(sourceMissions, writtenMissions), "missions.json")
        let (sourceAstronauts, writtenAstronauts) = (try written(astronauts), try written(exportedAstronauts))
        XCTAssertNil(WrittenJSON.firstDifference(sourceAstronauts, writtenAstronauts), "astronauts.json")
        // What that comparison rests on is in the source: Apollo 1 has no launchDate, and the
        // strings hold quotes, non-ASCII letters and line breaks.
        XCTAssertEqual(sourceMissions.array?.first?.keys, ["id", "crew", "description"])
        XCTAssertEqual(sourceMissions.array?.dropFirst().first?.keys, ["id", "launchDate", "crew", "description"])
        let grissom = appAstronauts["grissom"]?.description ?? ""
        XCTAssertTrue(grissom.contains("\"Gus\"") && grissom.contains("–"), grissom)
        XCTAssertTrue(appMissions[0].description.contains("\n\n") && appMissions[0].description.contains("—"))
        // Pretty-printed, one member a line, so that an edit reads well in a diff.
        XCTAssertTrue(String(decoding: exportedMissions, as: UTF8.self).hasPrefix("[\n  {\n    \"id\": 1,\n    \"crew\": [\n      {\n"))
    }

    // MARK: Edits made with the sqlite3 shell

    func testAnEditedDatabaseExportsFilesThatImportToTheSameContentAndExportAlike() throws {
        let description = "Naïve \"quoted\" text, 'single' too\\n.\nA second line — café 🚀 שלום"
        _ = try sqlite3(
            """
            UPDATE missions SET description = '\(description.replacingOccurrences(of: "'", with: "''"))' WHERE id = 11;
            DELETE FROM crew WHERE mission_id = 13 AND position = 2;
            INSERT INTO astronauts (id, name, description) VALUES ('newbie', 'Nora "Quokka" Newbié', 'Flew once.' || char(10) || 'Then' || char(0) || char(1) || char(9) || char(127) || char(8232) || ' twice.');
            UPDATE astronauts SET description = '' WHERE id = 'aldrin';
            INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (12, 7, 'newbie', 'Backup  pilot ');
            DELETE FROM missions WHERE id = 9;
            UPDATE missions SET launch_date = NULL WHERE id = 7;
            """)
        let edited = try content()
        try assertExports(to: "m.json", "a.json", says: "Exported 11 missions, 33 astronauts and 33 crew assignments to m.json and a.json")

        let imported = try moonshot("import", "--db", "new.db", "--missions", "m.json", "--astronauts", "a.json")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(try content("new.db"), edited)
        // The edits are in it (so that the comparison is of something).
        XCTAssertEqual(try sqlite3("SELECT description FROM missions WHERE id = 11", database: "new.db"), description + "\n")
        XCTAssertEqual(
            try sqlite3(
                """
                SELECT count(*) FROM missions WHERE id = 9;
                SELECT quote(launch_date) FROM missions WHERE id = 7;
                SELECT group_concat(astronaut_id, ' ') FROM (SELECT astronaut_id FROM crew WHERE mission_id = 13 ORDER BY position);
                SELECT group_concat(astronaut_id || ':' || role, ' ') FROM (SELECT astronaut_id, role FROM crew WHERE mission_id = 12 ORDER BY position);
                SELECT id FROM astronauts ORDER BY number DESC LIMIT 1;
                """, database: "new.db"),
            "0\nNULL\nlovell haise\nconrad:Commander gordon:Command Module Pilot bean:Lunar Module Pilot newbie:Backup  pilot \nnewbie\n")
        // Apollo 7 lost its launch date: the key is left out, as for Apollo 1.
        let seven = try written(try data("m.json")).array?.first { $0.member("id") == .number("7") }
        XCTAssertEqual(seven?.keys, ["id", "crew", "description"])

        try assertExports(to: "m2.json", "a2.json", database: "new.db")
        XCTAssertEqual(try data("m2.json"), try data("m.json"), "the same content exports to the same bytes")
        XCTAssertEqual(try data("a2.json"), try data("a.json"))
    }

    // MARK: Failures leave the files as they were

    func testCrewRowsPointingNowhereAreRefusedNamingMoonshotCheck() throws {
        try editBehindTriggers(
            ["crew_after_insert"],
            """
            INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (11, 4, 'nobody', 'Stowaway');
            INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (99, 1, 'armstrong', 'Ghost');
            """)
        let result = try assertExportFails()
        XCTAssertTrue(result.stderr.hasPrefix("Error: 2 crew rows of the database name a mission or astronaut that is not in its table"), result.stderr)
        XCTAssertTrue(result.stderr.contains("m.json and a.json were left as they were"), result.stderr)
        XCTAssertTrue(result.stderr.contains("'moonshot check' names them"), result.stderr)
    }

    // Tables the export cannot read as schema.sql makes them (a column renamed, a view in a
    // table's place, which is not read: it could take any time) are refused, pointing to check.
    func testTablesNotAsTheExportReadsThemAreRefusedNamingMoonshotCheck() throws {
        _ = try sqlite3("ALTER TABLE missions RENAME COLUMN description TO text")
        let renamed = try assertExportFails()
        XCTAssertTrue(
            renamed.stderr.hasPrefix(
                "Error: the tables are not laid out as the export reads them (no such column: m.description); "
                    + "m.json and a.json were left as they were.\n"), renamed.stderr)
        XCTAssertTrue(renamed.stderr.contains("'moonshot check --repair' puts it back"), renamed.stderr)
        _ = try sqlite3(
            """
            ALTER TABLE missions RENAME COLUMN text TO description;
            ALTER TABLE missions RENAME TO missions_real;
            CREATE VIEW missions AS SELECT * FROM missions_real;
            """)
        let view = try assertExportFails()
        XCTAssertTrue(
            view.stderr.hasPrefix("Error: the tables are not laid out as the export reads them (missions is a view, not a table); "),
            view.stderr)
    }

    func testTextThatIsNotUTF8IsRefusedNamingItsRow() throws {
        _ = try sqlite3("UPDATE missions SET description = CAST(x'ff' AS TEXT) WHERE id = 11")
        let mission = try assertExportFails()
        XCTAssertTrue(mission.stderr.hasPrefix("Error: the description of mission 11 is not UTF-8 text"), mission.stderr)
        XCTAssertTrue(mission.stderr.contains("m.json and a.json were left as they were"), mission.stderr)

        _ = try sqlite3(
            "UPDATE missions SET description = 'Mended.' WHERE id = 11; "
                + "UPDATE astronauts SET name = 'Buzz ' || CAST(x'c328' AS TEXT) WHERE id = 'aldrin'")
        let astronaut = try assertExportFails()
        XCTAssertTrue(astronaut.stderr.hasPrefix("Error: the name of astronaut aldrin is not UTF-8 text"), astronaut.stderr)
    }

    /// A NULL the schema refused until its NOT NULL was taken away (through writable_schema) is
    /// refused, naming its row, rather than written as "" or left out.
    func testANullTheFilesCannotCarryIsRefusedNamingItsRow() throws {
        let columns = [
            ("missions", ["description TEXT NOT NULL"], "UPDATE missions SET description = NULL WHERE id = 11", "the description of mission 11"),
            (
                "astronauts", ["description TEXT NOT NULL"], "UPDATE astronauts SET description = NULL WHERE id = 'collins'",
                "the description of astronaut collins"
            ),
            // The canonical role, which a trigger makes from the role, becomes NULL too.
            (
                "crew", ["role           TEXT NOT NULL", "canonical_role TEXT NOT NULL"],
                "UPDATE crew SET role = NULL WHERE mission_id = 13 AND position = 2", "the crew.role of mission 13"
            ),
        ]
        for (table, declarations, update, value) in columns {
            try FileManager.default.removeItem(at: folder.appendingPathComponent("moonshot.db"))
            XCTAssertEqual(try moonshot("import").status, 0)
            let schema = declarations.reduce("sql") { "replace(\($0), '\($1)', '\($1.replacingOccurrences(of: " NOT NULL", with: ""))')" }
            _ = try sqlite3("PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = \(schema) WHERE name = '\(table)'")
            // In a new connection, which reads the schema without the constraint.
            _ = try sqlite3(update)
            let result = try assertExportFails()
            XCTAssertEqual(
                result.stderr,
                "Error: \(value) is NULL, which the app's files cannot carry (schema.sql requires a value); "
                    + "m.json and a.json were left as they were.\nGive it a value (with sqlite3, say), then export again.\n")
        }
    }

    func testValuesTheImportWouldRefuseAreListedUnderTheTargetsNames() throws {
        // The schema lets these in; the import refuses them.
        _ = try sqlite3("UPDATE astronauts SET name = '   ' WHERE id = 'collins'; UPDATE crew SET role = ' ' WHERE mission_id = 13 AND position = 1")
        let result = try assertExportFails()
        XCTAssertTrue(result.stderr.hasPrefix("Error: the files would not import: 2 problems; m.json and a.json were left as they were.\n"), result.stderr)
        // No line and column: they would be of files that were not put in place.
        XCTAssertTrue(result.stderr.contains("\n  a.json: [\"collins\"].name: name is empty\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("\n  m.json: [7].crew[0].role: role is empty\n"), result.stderr)
        XCTAssertFalse(result.stderr.contains("moonshot-export"), "the files written beside are not named: \(result.stderr)")
    }

    // When the second file cannot take its target's place (an immutable file there), the
    // first is put back: both files are as they were, the same inodes included.
    func testWhenTheSecondFileCannotBePutInPlaceTheFirstGoesBack() throws {
        try writeOldTargets()
        let before = try targetStates()
        let unlock = try makeImmutable("a.json")
        defer { unlock() }
        let result = try moonshot("export", "--missions", "m.json", "--astronauts", "a.json")
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(
            result.stderr.hasPrefix("Error: cannot replace a.json: Operation not permitted; m.json and a.json were left as they were.\n"),
            result.stderr)
        XCTAssertEqual(try targetStates(), before)
        XCTAssertEqual(try stagedFiles(), [])
    }

    // Where the file system cannot swap two files (renameat2's RENAME_EXCHANGE failing with
    // EINVAL, as strace makes it), the first file replaces the old one outright: when the
    // second then cannot take its place, the export says that the first was replaced, and
    // the new missions file stays (it is not deleted, leaving no file at all).
    func testWhereFilesCannotBeSwappedAFailureSaysTheFirstWasReplaced() throws {
        let strace = try tool("strace", install: "apt-get install strace")
        try writeOldTargets()
        let unlock = try makeImmutable("a.json")
        defer { unlock() }
        let result = try run(
            strace,
            [
                "-f", "-o", "/dev/null", "-e", "trace=renameat2", "-e", "inject=renameat2:error=EINVAL",
                Self.binary.path, "export", "--missions", "m.json", "--astronauts", "a.json",
            ])
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stderr.hasPrefix("Error: m.json was replaced, but then cannot replace a.json: Operation not permitted.\n"), result.stderr)
        XCTAssertEqual(try written(data("m.json")).array?.count, 12, "the new missions file is in place")
        XCTAssertEqual(try data("a.json"), Data("old astronauts\n".utf8))
        XCTAssertEqual(try stagedFiles(), [])
    }

    func testAFileSizeLimitLeavesTheFilesAsTheyWere() throws {
        // In blocks of 512 bytes: the missions file (12 KB) does not fit in the first; it fits
        // in the second, and the astronauts file (24 KB) does not.
        for blocks in [8, 30] {
            let result = try assertExportFails(through: "ulimit -f \(blocks)")
            XCTAssertTrue(
                result.stderr.hasPrefix(
                    "Error: cannot write \(blocks == 8 ? "m" : "a").json: File too large; "
                        + "m.json and a.json were left as they were.\n"), "\(blocks) blocks: \(result.stderr)")
        }
    }

    func testCtrlCWhileAnExportWritesLeavesTheFilesAsTheyWere() throws {
        let dataset = try SyntheticDataset.write(missions: 20_000, astronauts: 600, to: folder)
        let imported = try moonshot(within: 120, "import", "--missions", dataset.missions, "--astronauts", dataset.astronauts)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        try writeOldTargets()
        let before = try targetStates()
        let stderr = folder.appendingPathComponent("stderr.txt")
        let process = try start(["export", "--missions", "m.json", "--astronauts", "a.json"], stderr: stderr)
        // Once the file beside the target has its first 64 KiB, the export is writing (22 MB).
        waitUntil("the export writes") { (try? stagedFiles().first.map { try size(of: $0) > 0 } ?? false) ?? false }
        XCTAssertTrue(process.isRunning, "the export is still at work when the signal comes")
        kill(process.processIdentifier, SIGINT)
        waitForExit(process)
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 130)
        XCTAssertEqual(
            try String(contentsOf: stderr, encoding: .utf8),
            "Error: the export was stopped by SIGINT (Ctrl-C); m.json and a.json were left as they were.\n")
        XCTAssertEqual(try targetStates(), before)
        XCTAssertEqual(try stagedFiles(), [])
    }

    // MARK: Targets

    func testALinkStaysALinkAndTheFileItPointsToGetsTheContent() throws {
        try assertExports(to: "plain-m.json", "plain-a.json")
        let real = folder.appendingPathComponent("real", isDirectory: true)
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: real.appendingPathComponent("astronauts.json"))
        // A relative link to a file not there yet, and an absolute one to a file that is.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("m.json").path, withDestinationPath: "real/missions.json")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("a.json").path,
            withDestinationPath: real.appendingPathComponent("astronauts.json").path)
        try assertExports(to: "m.json", "a.json")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("m.json").path), "real/missions.json")
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("a.json").path),
            real.appendingPathComponent("astronauts.json").path)
        XCTAssertEqual(try data("real/missions.json"), try data("plain-m.json"))
        XCTAssertEqual(try data("real/astronauts.json"), try data("plain-a.json"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: real.path).sorted(), ["astronauts.json", "missions.json"])
        XCTAssertEqual(try stagedFiles(), [])
    }

    /// Links that go round in a loop (to the file, or to its folder) lead to no file: refused,
    /// and every link stays as it was.
    func testALinkThatLeadsToNoFileIsRefused() throws {
        try writeOldTargets()
        let before = try targetStates()
        for (link, destination) in [("loop1", "loop2"), ("loop2", "loop1"), ("loopdir", "loopdir")] {
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(link).path, withDestinationPath: destination)
        }
        for (missions, astronauts) in [("loop1", "a.json"), ("m.json", "loop2"), ("loopdir/m.json", "a.json")] {
            let result = try moonshot("export", "--missions", missions, "--astronauts", astronauts)
            XCTAssertEqual(result.status, 1, "\(missions): \(result.stdout)")
            let other = missions == "m.json" ? "m.json" : "a.json"
            let target = missions == "m.json" ? astronauts : missions
            XCTAssertEqual(
                result.stderr,
                "Error: \(target) leads to no file: its symbolic links go round in a loop (or are too many to follow); "
                    + "\(other) was left as it was.\nPoint the link at a file, or give another path.\n")
        }
        for (link, destination) in [("loop1", "loop2"), ("loop2", "loop1"), ("loopdir", "loopdir")] {
            XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent(link).path), destination)
        }
        XCTAssertEqual(try targetStates(), before)
        XCTAssertEqual(try stagedFiles(), [])
    }

    func testAReplacedFileKeepsItsPermissionsWhateverTheUmask() throws {
        // Under the usual umask, and under one that would take away every bit these files
        // have beyond the owner's.
        for (umask, modes) in [("022", [0o600, 0o640]), ("077", [0o664, 0o666])] {
            try writeOldTargets()
            for (name, mode) in zip(["m.json", "a.json"], modes) {
                try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: folder.appendingPathComponent(name).path)
            }
            let before = try targetStates()
            let result = try exportThroughShell("umask \(umask)")
            XCTAssertEqual(result.status, 0, result.stderr)
            let after = try targetStates()
            XCTAssertNotEqual(after.map(\.bytes), before.map(\.bytes), "the files were replaced")
            XCTAssertEqual(after.map(\.permissions), modes, "umask \(umask)")
        }
    }

    func testOneFileForBothOrTheDatabaseAsATargetIsAUsageError() throws {
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("db-link").path, withDestinationPath: "moonshot.db")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("x-link").path, withDestinationPath: "x")
        XCTAssertEqual(try sqlite3("PRAGMA journal_mode = WAL"), "wal\n")
        let session = try startSQLiteSession()
        XCTAssertEqual(session.send("SELECT count(*) FROM missions;\n"), "12\n", "a reader keeps the WAL file there")
        let databaseBefore = try data("moonshot.db")
        let sameFiles = [["x-link", "x"], ["x", "x"], ["x", "./x"], ["m.json", folder.appendingPathComponent("m.json").path]]
        for pair in sameFiles {
            let result = try moonshot("export", "--missions", pair[0], "--astronauts", pair[1])
            XCTAssertEqual(result.status, 64, "\(pair): \(result.stdout)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: --missions and --astronauts both name \(pair[0]); give two files\n"), result.stderr)
        }
        for database in ["moonshot.db", "./moonshot.db", "db-link", "moonshot.db-wal", "moonshot.db-shm", "moonshot.db-journal"] {
            let result = try moonshot("export", "--missions", "m.json", "--astronauts", database)
            XCTAssertEqual(result.status, 64, "\(database): \(result.stdout)")
            XCTAssertTrue(
                result.stderr.hasPrefix("Error: \(database) is the database itself, or a file SQLite keeps beside it; give other files to write\n"),
                result.stderr)
        }
        // Through a link to the database, its files are those beside the file linked to.
        let throughLink = try moonshot("export", "--db", "db-link", "--missions", "m.json", "--astronauts", "moonshot.db-wal")
        XCTAssertEqual(throughLink.status, 64, throughLink.stdout)
        XCTAssertTrue(
            throughLink.stderr.hasPrefix("Error: moonshot.db-wal is the database itself, or a file SQLite keeps beside it; give other files to write\n"),
            throughLink.stderr)
        _ = try session.finish("")
        for (arguments, missing) in [
            (["--missions", "m.json"], "--astronauts"), (["--astronauts", "a.json"], "--missions"), ([], "--missions and --astronauts"),
        ] {
            let result = try moonshot(["export"] + arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stdout)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: export needs \(missing): the files to write"), result.stderr)
        }
        XCTAssertEqual(try files(startingWith: ""), ["db-link", "moonshot.db", "x-link"], "nothing was written")
        XCTAssertEqual(try data("moonshot.db"), databaseBefore)
    }

    func testAFolderAPipeOrAMissingFolderAsATargetFailsSayingSo() throws {
        try writeOldTargets()
        let before = try targetStates()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder"), withIntermediateDirectories: true)
        let intoFolder = try moonshot("export", "--missions", "folder", "--astronauts", "a.json")
        XCTAssertEqual(intoFolder.status, 1, intoFolder.stdout)
        XCTAssertTrue(intoFolder.stderr.hasPrefix("Error: folder is a folder; a.json was left as it was.\n"), intoFolder.stderr)
        XCTAssertTrue(intoFolder.stderr.contains("Give a file path"), intoFolder.stderr)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe").path, 0o600), 0)
        let intoPipe = try moonshot("export", "--missions", "m.json", "--astronauts", "pipe")
        XCTAssertEqual(intoPipe.status, 1, intoPipe.stdout)
        XCTAssertTrue(intoPipe.stderr.hasPrefix("Error: pipe is not a regular file; m.json was left as it was.\n"), intoPipe.stderr)
        let intoNowhere = try moonshot("export", "--missions", "m.json", "--astronauts", "nowhere/a.json")
        XCTAssertEqual(intoNowhere.status, 1, intoNowhere.stdout)
        XCTAssertTrue(
            intoNowhere.stderr.hasPrefix(
                "Error: cannot write nowhere/a.json: the folder nowhere does not exist; "
                    + "m.json was left as it was.\nCreate the folder first"), intoNowhere.stderr)
        XCTAssertEqual(try targetStates(), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("folder").path), [])
        XCTAssertEqual(try stagedFiles(), [])
    }

    // MARK: Another program writing

    func testAnExportWhileAnotherSessionWritesHasTheCommittedContent() throws {
        try assertExports(to: "committed-m.json", "committed-a.json")
        for mode in ["delete", "wal"] {
            XCTAssertEqual(try sqlite3("PRAGMA journal_mode = \(mode)"), "\(mode)\n")
            let writer = try startSQLiteSession()
            XCTAssertEqual(
                writer.send(
                    """
                    BEGIN;
                    UPDATE missions SET description = 'Not committed.' WHERE id = 11;
                    INSERT INTO astronauts (id, name, description) VALUES ('newbie', 'Nora Newbie', 'Not committed.');
                    SELECT changes();

                    """), "1\n")
            try assertExports(to: "m.json", "a.json")
            XCTAssertEqual(try data("m.json"), try data("committed-m.json"), mode)
            XCTAssertEqual(try data("a.json"), try data("committed-a.json"), mode)
            XCTAssertEqual(try writer.finish("ROLLBACK;\n"), "")
        }
    }

    // MARK: Help

    func testHelpNamesBothOptions() throws {
        let help = try moonshot("export", "--help")
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.contains("USAGE: moonshot export [--missions <path>] [--astronauts <path>]"), help.stdout)
        XCTAssertTrue(help.stdout.contains("--missions <path>") && help.stdout.contains("--astronauts <path>"), help.stdout)
        XCTAssertTrue(help.stdout.contains("missions.json") && help.stdout.contains("astronauts.json"), help.stdout)
    }

    // MARK: Helpers

    /// The Moonshot app's structs, as it decodes its bundled files.
    private struct Mission: Codable, Equatable {
        struct CrewRole: Codable, Equatable {
            let name: String
            let role: String
        }
        let id: Int
        let launchDate: String?
        let crew: [CrewRole]
        let description: String
    }

    private struct Astronaut: Codable, Equatable {
        let id, name, description: String
    }

    /// Exports `database` (in the test's folder) to `missions` and `astronauts`, and checks that
    /// it says so (with `says` at the start, when given).
    private func assertExports(
        to missions: String, _ astronauts: String, database: String = "moonshot.db", says: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let result = try moonshot("export", "--db", database, "--missions", missions, "--astronauts", astronauts)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, "", file: file, line: line)
        XCTAssertTrue(result.stdout.hasPrefix(says ?? "Exported "), result.stdout, file: file, line: line)
    }

    /// Writes m.json and a.json, files an export would replace.
    private func writeOldTargets() throws {
        try Data("old missions\n".utf8).write(to: folder.appendingPathComponent("m.json"))
        try Data("old astronauts\n".utf8).write(to: folder.appendingPathComponent("a.json"))
    }

    /// Exports to m.json and a.json, which already exist, through `shell` commands (see
    /// `exportThroughShell`); checks that it fails with status 1 and leaves both files as they
    /// were, with nothing left beside them. Returns what it wrote.
    private func assertExportFails(through shell: String = "", file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        try writeOldTargets()
        let before = try targetStates()
        let result = try exportThroughShell(shell)
        XCTAssertEqual(result.status, 1, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(try targetStates(), before, "the files are as they were", file: file, line: line)
        XCTAssertEqual(try stagedFiles(), [], "nothing is left beside them", file: file, line: line)
        return result
    }

    /// Exports to m.json and a.json through `shell` commands run before moonshot (a `ulimit`,
    /// a `umask`).
    private func exportThroughShell(_ shell: String) throws -> Result {
        try run(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", "\(shell)\nexec timeout -s KILL 60 \"$0\" \"$@\"", Self.binary.path, "export", "--missions", "m.json", "--astronauts", "a.json",
            ])
    }

    /// A file's bytes, its inode (a file moved into its place has another) and permissions.
    private struct FileState: Equatable {
        let bytes: Data
        let inode: Int
        let permissions: Int
    }

    /// The states of m.json and a.json.
    private func targetStates() throws -> [FileState] {
        try ["m.json", "a.json"].map { name in
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            return FileState(
                bytes: try data(name), inode: (attributes[.systemFileNumber] as? Int) ?? -1,
                permissions: (attributes[.posixPermissions] as? Int) ?? -1)
        }
    }

    /// The files an export writes beside its targets (`.m.json.moonshot-export-1234`) that are
    /// in the test's folder.
    private func stagedFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".moonshot-export-") }.sorted()
    }

    private func size(of name: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? Int) ?? 0
    }

    private func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    private func written(_ data: Data, file: StaticString = #filePath, line: UInt = #line) throws -> WrittenJSON {
        try XCTUnwrap(WrittenJSON.parse(data), "well-formed JSON", file: file, line: line)
    }

    /// The content of `database` as the app's files carry it, byte for byte: the missions by
    /// id, the astronauts in their order, and each mission's crew in order (by rank: the
    /// positions themselves are renumbered by an import).
    private func content(_ database: String = "moonshot.db") throws -> String {
        try sqlite3(
            """
            SELECT id, quote(launch_date), hex(description) FROM missions ORDER BY id;
            SELECT hex(id), hex(name), hex(description) FROM astronauts ORDER BY number;
            SELECT mission_id, row_number() OVER (PARTITION BY mission_id ORDER BY position), hex(astronaut_id), hex(role)
              FROM crew ORDER BY mission_id, position;
            """, database: database)
    }
}

/// A JSON value as it is written: an object's members in their order, a string as the UTF-8
/// bytes it stands for (escapes undone), a number as its text. Two values are equal when they
/// are the same JSON with the same order and the same bytes, whatever the layout.
private indirect enum WrittenJSON: Equatable {
    case object([Member])
    case array([WrittenJSON])
    case string([UInt8])
    case number(String)
    case literal(String)

    struct Member: Equatable {
        let key: [UInt8]
        let value: WrittenJSON
    }

    var array: [WrittenJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// An object's keys, in order.
    var keys: [String]? {
        if case .object(let members) = self { return members.map { String(decoding: $0.key, as: UTF8.self) } }
        return nil
    }

    func member(_ key: String) -> WrittenJSON? {
        if case .object(let members) = self { return members.first { $0.key == Array(key.utf8) }?.value }
        return nil
    }

    /// Where `a` and `b` first differ ("[3].crew: keys ..."), or nil when they are equal.
    static func firstDifference(_ a: WrittenJSON, _ b: WrittenJSON, at path: String = "") -> String? {
        switch (a, b) {
        case (.array(let first), .array(let second)):
            for (index, pair) in zip(first, second).enumerated() {
                if let difference = firstDifference(pair.0, pair.1, at: "\(path)[\(index)]") { return difference }
            }
            return first.count == second.count ? nil : "\(path): \(first.count) elements, then \(second.count)"
        case (.object(let first), .object(let second)):
            guard a.keys == b.keys else { return "\(path): keys \(a.keys ?? []), then \(b.keys ?? [])" }
            for (one, other) in zip(first, second) {
                if let difference = firstDifference(one.value, other.value, at: "\(path).\(String(decoding: one.key, as: UTF8.self))") {
                    return difference
                }
            }
            return nil
        case (.string(let first), .string(let second)):
            guard first != second else { return nil }
            let at = zip(first, second).prefix { $0 == $1 }.count
            func near(_ bytes: [UInt8]) -> String { String(decoding: bytes[max(0, at - 20)..<min(bytes.count, at + 20)], as: UTF8.self).debugDescription }
            return "\(path): the strings differ at byte \(at): \(near(first)), then \(near(second))"
        default:
            return a == b ? nil : "\(path): \(a), then \(b)"
        }
    }

    static func parse(_ data: Data) -> WrittenJSON? {
        var parser = Parser(bytes: Array(data))
        guard let value = parser.value() else { return nil }
        parser.skipSpace()
        return parser.index == parser.bytes.count ? value : nil
    }

    /// A strict reader of JSON text (RFC 8259).
    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// Skips space and then `byte`, if it is next.
        mutating func consume(_ byte: Unicode.Scalar) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: byte) else { return false }
            index += 1
            return true
        }

        mutating func value() -> WrittenJSON? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [Member] = []
                if consume("}") { return .object([]) }
                repeat {
                    skipSpace()
                    guard let key = string(), consume(":"), let value = value() else { return nil }
                    members.append(Member(key: key, value: value))
                } while consume(",")
                return consume("}") ? .object(members) : nil
            case UInt8(ascii: "["):
                index += 1
                var elements: [WrittenJSON] = []
                if consume("]") { return .array([]) }
                repeat {
                    guard let value = value() else { return nil }
                    elements.append(value)
                } while consume(",")
                return consume("]") ? .array(elements) : nil
            case UInt8(ascii: "\""):
                return string().map(WrittenJSON.string)
            default:
                let start = index
                while index < bytes.count, !Array(",]} \t\r\n".utf8).contains(bytes[index]) { index += 1 }
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                if ["true", "false", "null"].contains(text) { return .literal(text) }
                return text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) == nil ? nil : .number(text)
            }
        }

        /// A string's bytes with its escapes undone.
        mutating func string() -> [UInt8]? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            var result: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return result
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
                    if let replacement = simple[escape] {
                        result.append(replacement)
                    } else if escape == UInt8(ascii: "u"), var unit = hex() {
                        if (0xD800..<0xDC00).contains(unit) {
                            guard bytes[index...].starts(with: Array("\\u".utf8)) else { return nil }
                            index += 2
                            guard let low = hex(), (0xDC00..<0xE000).contains(low) else { return nil }
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(unit) else { return nil }
                        result.append(contentsOf: String(scalar).utf8)
                    } else {
                        return nil
                    }
                case 0..<0x20:
                    return nil
                default:
                    result.append(byte)
                }
            }
            return nil
        }

        /// Four hex digits.
        mutating func hex() -> UInt32? {
            guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
            index += 4
            return value
        }
    }
}
