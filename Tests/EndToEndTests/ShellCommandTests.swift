import Foundation
import XCTest

/// `moonshot shell`, driven through its standard input: the real sqlite3 shell answers, on the
/// database read-only, with the schema untrusted and the path only a path.
final class ShellCommandTests: ApolloDatabaseTestCase {
    // MARK: What the shell guards

    func testTheDatabaseIsOnlyRead() throws {
        let result = try moonshot(["shell"], input: "UPDATE missions SET name = 'x';\nDELETE FROM crew;\nDROP TABLE crew;\n")
        XCTAssertTrue(result.stderr.contains("attempt to write a readonly database"), result.stderr)
        XCTAssertEqual(try sqlite3("SELECT count(*), min(name) FROM missions; SELECT count(*) FROM crew"), "12|Apollo 1\n36\n")
    }

    /// An error leaves the shell running, and what the user types about their own files does
    /// what it does in sqlite3: .output writes the file they name.
    func testTheShellGoesOnAfterAnErrorAndWritesTheFilesTheUserNames() throws {
        let input =
            "UPDATE missions SET description = 'x' WHERE id = 11;\n.output mine.txt\nSELECT count(*) FROM missions;\n"
            + ".output stdout\nDELETE FROM crew WHERE mission_id = 11;\nSELECT 'after';\n"
        let result = try moonshot(["shell"], input: input)
        XCTAssertEqual(result.stdout, "after\n", result.stderr)
        XCTAssertEqual(result.status, 1, "sqlite3 reading a script ends with 1 when a statement failed")
        XCTAssertTrue(result.stderr.contains("unsafe use of virtual table \"missions_fts\""), "a full-text trigger would run: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("attempt to write a readonly database"), result.stderr)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("mine.txt"), encoding: .utf8), "12\n")
        XCTAssertEqual(try sqlite3("SELECT description = 'x' FROM missions WHERE id = 11; SELECT count(*) FROM crew"), "0\n36\n")
    }

    /// At a terminal, as people use it, the shell prompts again after each error until the
    /// user quits.
    func testAtATerminalTheShellPromptsAgainAfterEachError() throws {
        let typed =
            "UPDATE missions SET description = 'x' WHERE id = 11;\n.output /no/such/folder/x\nSELECT 40 + 2;\n.quit\n"
        // script(1) gives the shell a terminal; its input stays open until the shell quits, as a
        // person's keyboard does (at the end of its input, script would hang up on the shell).
        let terminal = Process()
        terminal.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        terminal.arguments = ["-qec", "'\(Self.binary.path)' shell", "/dev/null"]
        terminal.currentDirectoryURL = folder
        terminal.environment = ProcessInfo.processInfo.environment.filter { $0.key != "MOONSHOT_DB" }
        let keyboard = Pipe()
        let screenPipe = Pipe()
        terminal.standardInput = keyboard
        terminal.standardOutput = screenPipe
        try terminal.run()
        keyboard.fileHandleForWriting.write(Data(typed.utf8))
        waitForExit(terminal, within: 60)
        try keyboard.fileHandleForWriting.close()
        XCTAssertEqual(terminal.terminationStatus, 1, "as sqlite3 ends after an error")
        let screen = String(decoding: screenPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .replacingOccurrences(of: "\r", with: "")
        XCTAssertTrue(screen.split(separator: "\n").contains { $0.hasSuffix("42") }, screen)
        XCTAssertEqual(screen.components(separatedBy: "sqlite> ").count - 1, 4, "a prompt for each line typed: \(screen)")
    }

    /// The user may list files with fsdir(), but a view in the database may not; nor call
    /// fts3_tokenizer(), which hands out a pointer.
    func testTheDatabasesOwnViewsCannotReachOutsideIt() throws {
        XCTAssertEqual(
            try sqlite3(
                "CREATE VIEW listing AS SELECT name FROM fsdir('.');"
                    + " CREATE VIEW tokenizer AS SELECT fts3_tokenizer('simple') AS pointer"), "")
        let result = try moonshot(
            ["shell"], input: "PRAGMA trusted_schema;\nSELECT name FROM fsdir('moonshot.db');\nSELECT * FROM tokenizer;\nSELECT * FROM listing;\n")
        XCTAssertEqual(result.stdout, "0\nmoonshot.db\n", result.stderr)
        XCTAssertTrue(result.stderr.contains("unsafe use of fts3_tokenizer()"), result.stderr)
        XCTAssertTrue(result.stderr.contains("unsafe use of virtual table \"fsdir\""), result.stderr)
    }

    /// What the user names is theirs: .testcase writes its file, as sqlite3 run on the database
    /// would, and the shell goes on (sqlite3 3.40 crashed at the next output when moonshot
    /// refused the file).
    func testTestcaseWritesTheFileTheUserNamed() throws {
        let result = try moonshot(["shell"], input: ".testcase x\n.print ok\nSELECT count(*) FROM missions;\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("testcase-out.txt"), encoding: .utf8), "ok\n12\n")
    }

    // MARK: Reading still works

    func testQueriesAnswerInRollbackJournalAndWALDatabases() throws {
        let count = "SELECT count(*) FROM missions;\n"
        XCTAssertEqual(try moonshot(["shell"], input: count).stdout, "12\n", "rollback journal")
        // A sort larger than SQLite's cache, which would spill to a temporary file.
        let sort =
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) "
            + "SELECT count(*) FROM (SELECT randomblob(1000) AS b FROM n ORDER BY b);\n"
        let sorted = try moonshot(["shell"], input: sort)
        XCTAssertEqual(sorted.stdout, "20000\n", sorted.stderr)

        XCTAssertEqual(try sqlite3("PRAGMA journal_mode = WAL"), "wal\n")
        XCTAssertEqual(try files(startingWith: "moonshot.db"), ["moonshot.db"], "no -wal or -shm file to read")
        let clean = try moonshot(["shell"], input: count)
        XCTAssertEqual(clean.stdout, "12\n", "WAL, no other connection: " + clean.stderr)

        // Another program that had the WAL files open leaves after the shell started, before
        // the shell first reads: the files stay for the shell.
        let leaving = try startSQLiteSession()
        XCTAssertEqual(leaving.send("DELETE FROM crew WHERE mission_id = 11;\nSELECT changes();\n"), "3\n")
        let shell = try ShellSession(Self.binary, in: folder)
        XCTAssertEqual(shell.send(".print started\n"), "started\n")
        XCTAssertEqual(try leaving.finish(""), "")
        XCTAssertEqual(shell.send("SELECT count(*) FROM crew;\n"), "33\n")
        // Another program commits while the shell is open.
        let writer = try startSQLiteSession()
        XCTAssertEqual(writer.send("DELETE FROM crew WHERE mission_id = 12;\nSELECT changes();\n"), "3\n")
        XCTAssertEqual(shell.send("SELECT count(*) FROM crew;\n"), "30\n", "the writer's commit is seen")
        XCTAssertEqual(try writer.finish(""), "")
        XCTAssertEqual(try shell.finish(), 0)
    }

    // MARK: The database path is only a path

    func testDatabasePathsThatLookLikeOptionsAreOpenedAsFiles() throws {
        for name in ["-bail", "-A"] {
            XCTAssertEqual(try moonshot("import", "--db=\(name)").status, 0)
            XCTAssertEqual(try sqlite3("DELETE FROM crew WHERE mission_id = 11", database: "./\(name)"), "")
            let result = try moonshot(["shell", "--db=\(name)"], input: "SELECT count(*) FROM crew;\n")
            XCTAssertEqual(result.stdout, "33\n", "\(name): " + result.stderr)
        }
        let missing = try moonshot(["shell", "--db=-missing"], input: "SELECT 1;\n")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "Error: no database at ./-missing; run 'moonshot import --db -missing' first\n")
    }

    /// sqlite3 reads a name that starts with "file:" as a URI: "file:other.db" would open other.db.
    func testADatabasePathThatLooksLikeAURIIsOpenedAsAFile() throws {
        XCTAssertEqual(try moonshot("import", "--db", "other.db").status, 0)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("other.db"), to: folder.appendingPathComponent("file:other.db"))
        XCTAssertEqual(try sqlite3("DELETE FROM crew", database: "other.db"), "")
        let result = try moonshot(["shell", "--db", "file:other.db"], input: "SELECT count(*) FROM crew;\n")
        XCTAssertEqual(result.stdout, "36\n", result.stderr)
    }
}

/// `moonshot shell` running beside the test, fed SQL through its standard input.
private final class ShellSession {
    private let process = Process()
    private let input = Pipe(), output = Pipe()

    init(_ binary: URL, in folder: URL) throws {
        process.executableURL = binary
        process.arguments = ["shell"]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "MOONSHOT_DB" }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output  // an error is an answer too, rather than no answer to wait for
        try process.run()
    }

    /// Sends `sql` and returns the first output (or error) it produces.
    func send(_ sql: String) -> String {
        input.fileHandleForWriting.write(Data(sql.utf8))
        return String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    }

    /// Ends the session and returns its exit status.
    func finish() throws -> Int32 {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
