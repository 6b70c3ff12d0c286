import Foundation
import MoonshotCLI
import XCTest

/// A test case that runs the built `moonshot` binary, and the `sqlite3` shell, in a fresh
/// folder of its own.
class BinaryTestCase: XCTestCase {
    /// The test's working folder, removed afterwards.
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("moonshot-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { [folder] in try? FileManager.default.removeItem(at: folder!) }
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Apollo astronauts.json, to import beside a missions file of a test's own.
    static let apolloAstronauts = packageRoot.appendingPathComponent("Resources/astronauts.json").path

    /// The `moonshot` binary built beside this test bundle.
    static let binary: URL = {
        let candidates =
            [
                Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            ]
            + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for folder in candidates {
            let url = folder.appendingPathComponent("moonshot")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue { return url }
        }
        fatalError("cannot find the built moonshot binary near \(candidates)")
    }()

    /// Starts an interactive `sqlite3` shell on `database` (in the test's folder) that the test
    /// feeds line by line, as another program using the database at the same time.
    func startSQLiteSession(_ database: String = "moonshot.db") throws -> SQLiteSession {
        try SQLiteSession(path: folder.appendingPathComponent(database).path)
    }

    /// Waits until `condition` holds, checking every 10 ms; fails the test after `seconds`.
    func waitUntil(
        _ what: String, seconds: Double = 30, file: StaticString = #filePath, line: UInt = #line,
        _ condition: () throws -> Bool
    ) rethrows {
        let deadline = Date().addingTimeInterval(seconds)
        while try !condition() {
            guard Date() < deadline else { return XCTFail("gave up waiting until \(what)", file: file, line: line) }
            usleep(10_000)
        }
    }

    /// Whether the test's `name` exists (a journal beside the database, say).
    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
    }

    /// The files process `pid` has open, by path (from /proc).
    func openFiles(of pid: Int32) -> [String] {
        let descriptors = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
        return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\($0)") }
    }

    /// Waits until moonshot `process` has opened the test's moonshot.db, and a moment more: when
    /// another program holds the lock, the process is then waiting for it.
    func waitUntilItOpensTheDatabase(_ process: Process, file: StaticString = #filePath, line: UInt = #line) {
        let database = folder.appendingPathComponent("moonshot.db").resolvingSymlinksInPath().path
        waitUntil("moonshot has the database open", file: file, line: line) { openFiles(of: process.processIdentifier).contains(database) }
        usleep(200_000)
        XCTAssertTrue(process.isRunning, "moonshot waits for the lock", file: file, line: line)
    }

    /// The SHA3 digest of the three data tables, as the sqlite3 shell computes it (a line each,
    /// from one run of the shell).
    func contentDigest(_ database: String = "moonshot.db") throws -> String {
        let input = ["missions", "astronauts", "crew"].map { ".sha3sum \($0)\n" }.joined()
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", "-bail", database], input: input)
        XCTAssertEqual(result.status, 0, "sqlite3 failed (is the sqlite3 shell installed?): \(result.stderr)")
        XCTAssertEqual(result.stderr, "")
        return result.stdout
    }

    /// The files in the test's folder whose names start with `prefix` ("moonshot.db" finds
    /// the database and any journal or WAL file beside it).
    func files(startingWith prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// Starts moonshot with `arguments` in the test's folder, and `environment` added to this
    /// process's, output discarded (standard error kept in `stderr`, when given), without waiting.
    func start(_ arguments: [String], stderr: URL? = nil, environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var inherited = ProcessInfo.processInfo.environment
        inherited.removeValue(forKey: "MOONSHOT_DB")
        process.environment = inherited.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        if let stderr {
            _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: stderr)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return process
    }

    /// Waits for `process` to end, looking every millisecond (most processes the tests run end
    /// within a few, and the suite runs thousands); one still running after `seconds` is killed
    /// (SIGKILL) and fails the test: a hang fails the run instead of stalling it.
    func waitForExit(_ process: Process, within seconds: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(1_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail(
                "\(process.executableURL?.lastPathComponent ?? "a process") was still running after \(Int(seconds)) s, and was killed", file: file, line: line)
        }
        process.waitUntilExit()
    }

    /// Runs moonshot with `arguments`, killed after `seconds` (exit status 137) if it has not
    /// finished: a hang fails the test instead of stalling the run.
    func moonshot(within seconds: Int, _ arguments: String...) throws -> Result {
        try run(URL(fileURLWithPath: "/usr/bin/timeout"), ["-s", "KILL", "\(seconds)", Self.binary.path] + arguments)
    }

    /// Runs moonshot with `arguments` (absolute paths) on the test's moonshot.db, with
    /// `environment` added to this process's, and returns its exit status, its peak resident
    /// memory in MiB and what it wrote on standard output and standard error.
    ///
    /// GNU time measures it: the peak of a process started straight from this (large) test
    /// process would include this process's own, which Linux carries over when it starts one.
    func moonshotMeasuringMemory(_ arguments: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, peakMiB: Double, stdout: String, stderr: String)
    {
        let time = URL(fileURLWithPath: "/usr/bin/time")
        guard FileManager.default.isExecutableFile(atPath: time.path) else {
            XCTFail("measuring memory needs GNU time: apt-get install time")
            throw CocoaError(.executableNotLoadable)
        }
        let report = folder.appendingPathComponent("time-report.txt")
        let database = folder.appendingPathComponent("moonshot.db").path
        let result = try run(time, ["-f", "%M", "-o", report.path, Self.binary.path] + arguments + ["--db", database], environment: environment)
        let kilobytes = try String(contentsOf: report, encoding: .utf8).split(separator: "\n").last.flatMap { Double($0) }
        try FileManager.default.removeItem(at: report)
        return (result.status, (kilobytes ?? .infinity) / 1024, result.stdout, result.stderr)
    }

    func moonshot(_ arguments: String..., environment: [String: String] = [:]) throws -> Result {
        try moonshot(arguments, environment: environment)
    }

    /// Runs moonshot with `arguments` in the test's folder, with `environment` added to this
    /// process's: in this process, or as the binary when given standard `input`, for `sql`
    /// (which limits the memory of the whole process: see `Database.distrustSQL`), for `shell`
    /// (whose sqlite3 inherits the process's standard streams), and for a variable other than
    /// those moonshot reads itself (SQLite reads TMPDIR once a process).
    func moonshot(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> Result {
        guard input == nil, !arguments.contains("sql"), !arguments.contains("shell"), environment.keys.allSatisfy(Self.inProcessVariables.contains) else {
            return try moonshotProcess(arguments, environment: environment, input: input)
        }
        var variables = ProcessInfo.processInfo.environment
        variables.removeValue(forKey: "MOONSHOT_DB")
        variables.merge(environment) { $1 }
        let previousFolder = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(previousFolder)) }
        let (status, output) = CommandLineProgram.runInProcess(arguments, environment: variables)
        return Result(
            status: status, stdout: String(decoding: output.standardOutput, as: UTF8.self),
            stderr: String(decoding: output.standardError, as: UTF8.self))
    }

    /// The variables moonshot reads through its `Environment`, which a command run in process is given.
    static let inProcessVariables: Set<String> = ["MOONSHOT_DB", "COLUMNS", "PATH", "HOME"]

    /// Runs the moonshot binary with `arguments`, as `moonshot` does in process: for what the
    /// process itself is the subject of.
    func moonshotProcess(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> Result {
        try run(Self.binary, arguments, environment: environment, input: input)
    }

    /// A strict RFC 4180 reader: CRLF records, quoted fields with doubled quotes. Nil when malformed.
    func parseCSV(_ text: String) -> [[String]]? {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var characters = Array(text.unicodeScalars)[...]
        var quoted = false
        var fieldStarted = false
        while let scalar = characters.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if characters.first == "\"" {
                        characters.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                guard !fieldStarted else { return nil }
                quoted = true
                fieldStarted = true
            } else if scalar == "," {
                record.append(field)
                field = ""
                fieldStarted = false
            } else if scalar == "\r" {
                guard characters.popFirst() == "\n" else { return nil }
                record.append(field)
                records.append(record)
                record = []
                field = ""
                fieldStarted = false
            } else if scalar == "\n" {
                return nil
            } else {
                field.unicodeScalars.append(scalar)
                fieldStarted = true
            }
        }
        guard !quoted, record.isEmpty, field.isEmpty else { return nil }
        return records
    }

    /// Every question, with an argument that exists in the Apollo data.
    static let questions: [[String]] = [
        ["missions"], ["mission", "11"], ["crew", "Apollo 13"], ["commander", "13"], ["astronauts"],
        ["astronaut", "armstrong"], ["flights", "James Lovell"], ["search", "lunar rover"],
        ["sql", "SELECT id, name, launch_date FROM missions"],
    ]

    func jsonObject(_ arguments: String...) throws -> [String: Any] {
        let result = try moonshot(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    }

    /// Makes the file or folder `name` of the test's folder immutable (`chattr +i`: not even
    /// root may change it or write in it); returns what makes it mutable again. Skips the test
    /// where that cannot be done (fails it in CI).
    func makeImmutable(_ name: String) throws -> () -> Void {
        let chattr = try tool("chattr", install: "apt-get install e2fsprogs")
        let path = folder.appendingPathComponent(name).path
        let locked = try run(chattr, ["+i", path])
        if locked.status != 0 {
            let reason = "this file system cannot make a file immutable (\(locked.stderr))"
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail(reason) }
            throw XCTSkip(reason)
        }
        return { _ = try? self.run(chattr, ["-i", path]) }
    }

    /// The program `name` from the PATH. Without it the test is skipped, saying to run
    /// `install` (as .ci/run does); in CI (`CI` set) that is a failure.
    func tool(_ name: String, install: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        let reason = "\(name) is not on the PATH; \(install) (as .ci/run does) to run this test"
        if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail(reason) }
        throw XCTSkip(reason)
    }

    /// Mounts a tmpfs of `size` ("2m") at `folder` for this test, and unmounts it afterwards
    /// (failing the test when it cannot). Needs root, which CI has: elsewhere the test is
    /// skipped, saying so; in CI it fails.
    func mountSmallDisk(at folder: URL, size: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mounted = try run(URL(fileURLWithPath: "/usr/bin/env"), ["mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path])
        guard mounted.status == 0 else {
            let reason = "mounting a small tmpfs needs root (run the tests as root, as CI does): \(mounted.stderr)"
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail(reason) }
            throw XCTSkip(reason)
        }
        addTeardownBlock {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            umount.arguments = ["umount", folder.path]
            try umount.run()
            umount.waitUntilExit()
            XCTAssertEqual(umount.terminationStatus, 0, "the tmpfs at \(folder.path) could not be unmounted")
        }
    }

    /// Runs the sqlite3 shell on the test's moonshot.db and returns its output, failing on any error.
    func sqlite3(_ sql: String, database: String = "moonshot.db") throws -> String {
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", "-bail", database, sql])
        XCTAssertEqual(result.status, 0, "sqlite3 failed (is the sqlite3 shell installed?): \(result.stderr)")
        XCTAssertEqual(result.stderr, "")
        return result.stdout
    }

    func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "MOONSHOT_DB")
        env.merge(environment) { $1 }
        process.environment = env
        // Output goes to files outside the test's folder, so no pipe can fill up and block.
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("moonshot-e2e-out-\(UUID().uuidString)")
        let errorURL = FileManager.default.temporaryDirectory.appendingPathComponent("moonshot-e2e-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        if let input {
            let inputURL = FileManager.default.temporaryDirectory.appendingPathComponent("moonshot-e2e-in-\(UUID().uuidString)")
            try Data(input.utf8).write(to: inputURL)
            defer { try? FileManager.default.removeItem(at: inputURL) }
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        waitForExit(process, within: 300)
        let outputData = try Data(contentsOf: outputURL)
        let errorData = try Data(contentsOf: errorURL)
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self))
    }
}

/// A `BinaryTestCase` whose folder holds moonshot.db with the Apollo data imported.
class ApolloDatabaseTestCase: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        let imported = try moonshot("import")
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }
}

/// A `sqlite3` shell running beside the test, fed SQL through its standard input.
final class SQLiteSession {
    private let process = Process()
    private let input = Pipe(), output = Pipe()

    init(path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// Sends `sql` and waits for the first output it produces (so locks it takes are held).
    func send(_ sql: String) -> String {
        input.fileHandleForWriting.write(Data(sql.utf8))
        return String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    }

    /// Kills the shell outright (SIGKILL), as a crash would end it, in the middle of whatever
    /// transaction it has open.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        waitUntilExit()
    }

    /// Process.waitUntilExit, looking every millisecond rather than every 50.
    private func waitUntilExit() {
        while process.isRunning { usleep(1_000) }
        process.waitUntilExit()
    }

    /// Sends `sql`, ends the session and returns the rest of its output.
    func finish(_ sql: String) throws -> String {
        input.fileHandleForWriting.write(Data(sql.utf8))
        try input.fileHandleForWriting.close()
        waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
