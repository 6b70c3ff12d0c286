import Foundation
import XCTest

/// `moonshot shell`, driven through its standard input: the real sqlite3 shell answers, and
/// writes no file whatever it is told.
final class ShellCommandTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        let result = try moonshot("import")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    // MARK: No file is written

    /// sqlite3 3.40's safe mode lets .trace and .testcase write files.
    func testTraceAndTestcaseWriteNoFile() throws {
        let other = folder.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: false)
        let victim = other.appendingPathComponent("victim")
        try Data("the user's file\n".utf8).write(to: victim)
        let traced = try moonshot(
            ["shell"],
            input: """
                .trace \(victim.path)
                SELECT count(*) FROM missions;
                .trace \(other.path)/new.txt
                SELECT count(*) FROM crew;
                """)
        XCTAssertEqual(traced.stdout, "12\n36\n", traced.stderr)
        XCTAssertTrue(traced.stderr.contains("cannot open \"\(victim.path)\""), traced.stderr)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "the user's file\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: other.path), ["victim"])

        let testcase = try moonshot(["shell"], input: ".testcase first\n")
        XCTAssertTrue(testcase.stderr.contains("cannot open 'testcase-out.txt'"), testcase.stderr)
        XCTAssertEqual(try files(startingWith: ""), ["moonshot.db", "other"])
    }

    /// The history sqlite3 saves when it leaves a terminal cannot be written either: the shell
    /// still ends normally.
    func testHistoryIsNotSavedAndThatDoesNoHarm() throws {
        let script = try tool("script", install: "apt-get install bsdutils")
        let history = folder.appendingPathComponent(".sqlite_history")
        try Data("SELECT 'earlier';\n".utf8).write(to: history)
        // script gives the shell a terminal, so that sqlite3 reads lines with readline.
        let result = try run(
            script, ["-qec", "\(Self.binary.path) shell", "/dev/null"], environment: ["SQLITE_HISTORY": history.path],
            input: "SELECT 6 * 7;\n.quit\n")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("42"), result.stdout)
        XCTAssertEqual(try String(contentsOf: history, encoding: .utf8), "SELECT 'earlier';\n")
        XCTAssertEqual(try files(startingWith: ".sqlite_history"), [".sqlite_history"])
    }

    /// Where the protection cannot be installed (here: a seccomp filter of python3's forbids
    /// installing one), the shell does not start.
    func testNoShellWithoutTheProtection() throws {
        let python = try tool("python3", install: "apt-get install python3")
        let result = try run(python, ["-c", Self.forbidSeccomp, Self.binary.path, "shell"], input: "SELECT 'the shell ran';\n")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            """
            Error: the sqlite3 shell was not started: moonshot cannot keep it from writing files, because the system refused a seccomp filter (Operation not permitted)
            Use 'moonshot sql "SELECT ..."' to run SQL on the database instead.

            """)
    }

    /// Runs the program of its arguments with the seccomp system call failing with EPERM.
    static let forbidSeccomp = """
        import ctypes, os, platform, struct, sys
        seccomp = {"x86_64": 317, "aarch64": 277}[platform.machine()]
        code = b"".join(struct.pack("HBBI", *i) for i in [
            (0x20, 0, 0, 0),                # load the system call's number
            (0x15, 0, 1, seccomp),          # seccomp?
            (0x06, 0, 0, 0x00050000 | 1),   #   fail with EPERM
            (0x06, 0, 0, 0x7fff0000)])      # allow the rest
        class Program(ctypes.Structure):
            _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_char_p)]
        libc = ctypes.CDLL(None, use_errno=True)
        assert libc.prctl(38, 1, 0, 0, 0) == 0  # PR_SET_NO_NEW_PRIVS
        assert libc.prctl(22, 2, ctypes.byref(Program(len(code) // 8, code)), 0, 0) == 0  # PR_SET_SECCOMP, filter
        os.execv(sys.argv[1], sys.argv[1:])
        """

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
