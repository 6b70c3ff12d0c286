import Foundation
import MoonshotKit
import XCTest

/// Faults inflicted on the built binary: kills, full disks, concurrent readers and writers,
/// and strings built to break things. The database must never be damaged or half-written.
final class ReliabilityTests: BinaryTestCase {
    // MARK: Crashes

    func testKilledImportsLeaveThePreviousDatabaseIntact() throws {
        var random = SplitMix(seed: 20261121)
        // A large input (built in files by several threads) and a small one (built in memory).
        for (missions, kills) in [(6_000, 12), (1_500, 12)] {
            let data = folder.appendingPathComponent("data-\(missions)", isDirectory: true)
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            let dataset = try SyntheticDataset.write(missions: missions, astronauts: 600, to: data)
            XCTAssertEqual(try moonshot("import").status, 0)
            let apollo = try contentDigest()

            // How long a whole import of the dataset takes, so kills land throughout it.
            let started = Date()
            XCTAssertEqual(try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts, "--db", "timing.db").status, 0)
            let duration = Date().timeIntervalSince(started)
            let synthetic = try contentDigest("timing.db")
            try FileManager.default.removeItem(at: folder.appendingPathComponent("timing.db"))

            var previous = apollo
            for kill in 0..<kills {
                let delay = Double(random.next() % 1000) / 1000 * duration * 1.1
                let process = try start(["import", "--missions", dataset.missions, "--astronauts", dataset.astronauts])
                usleep(useconds_t(delay * 1_000_000))
                Foundation.kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()

                XCTAssertEqual(try sqlite3("PRAGMA integrity_check"), "ok\n", "kill \(kill) after \(delay) s")
                XCTAssertEqual(try sqlite3("PRAGMA foreign_key_check"), "", "kill \(kill)")
                let now = try contentDigest()
                XCTAssertTrue(now == previous || now == synthetic,
                              "kill \(kill) after \(delay) s: the content is neither the previous import nor the new one")
                previous = now
            }
            // Files a killed import left behind do not trouble the next one, which clears them.
            XCTAssertEqual(try moonshot("import").status, 0)
            XCTAssertEqual(try contentDigest(), apollo)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("moonshot.db") }
            XCTAssertEqual(leftovers, ["moonshot.db"])
        }
    }

    // MARK: Full disk

    func testImportThatRunsOutOfRoomChangesNothing() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        let before = try Data(contentsOf: folder.appendingPathComponent("moonshot.db"))
        for missions in [6_000, 1_500] {
            let data = folder.appendingPathComponent("data-\(missions)", isDirectory: true)
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            let dataset = try SyntheticDataset.write(missions: missions, astronauts: 600, to: data)
            // A file-size limit of 512 KiB (1024 blocks of 512 bytes for dash's ulimit): the
            // new database cannot be written, while the old one (a few hundred KiB) was.
            let result = try run(URL(fileURLWithPath: "/bin/sh"), [
                "-c", "ulimit -f 1024; exec \"$0\" \"$@\"", Self.binary.path,
                "import", "--missions", dataset.missions, "--astronauts", dataset.astronauts,
            ])
            XCTAssertEqual(result.status, 1, "\(missions) missions: \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: the import "), result.stderr)
            XCTAssertTrue(result.stderr.contains("moonshot.db was not changed"), result.stderr)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("moonshot.db")), before)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("moonshot.db") }
            XCTAssertEqual(leftovers, ["moonshot.db"], "the partial new database is removed")
        }
    }

    func testImportThatCannotStartAThreadStopsAndChangesNothing() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        let before = try Data(contentsOf: folder.appendingPathComponent("moonshot.db"))
        let dataset = try SyntheticDataset.write(missions: 6_000, astronauts: 600, to: folder)
        // New threads get stacks as large as the stack limit: 4 GiB cannot fit under a 2 GiB
        // limit on the address space, so every thread start fails, on the small import's
        // path and the large one's; the import must stop with an error, not wait forever.
        for inputs in [[], ["--missions", dataset.missions, "--astronauts", dataset.astronauts]] {
            let result = try run(URL(fileURLWithPath: "/bin/sh"), [
                "-c", "ulimit -s 4194304; ulimit -v 2097152; exec timeout 60 \"$0\" \"$@\"", Self.binary.path, "import",
            ] + inputs)
            XCTAssertEqual(result.status, 1, "\(inputs): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("cannot start a thread"), result.stderr)
            XCTAssertTrue(result.stderr.contains("moonshot.db was not changed"), result.stderr)
            XCTAssertTrue(result.stderr.contains("short of threads or memory"), result.stderr)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("moonshot.db")), before)
        }
    }

    // MARK: Concurrency

    func testReadersSeeTheOldContentOrTheNewNeverAMixture() throws {
        let dataset = try SyntheticDataset.write(missions: 6_000, astronauts: 600, to: folder)
        XCTAssertEqual(try moonshot("import").status, 0)
        let path = folder.appendingPathComponent("moonshot.db").path
        let apollo = try Self.counts(path)

        // A reader inside a transaction, in the sqlite3 shell, for the whole time.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["sqlite3", path]
        let input = Pipe(), output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        try holder.run()
        input.fileHandleForWriting.write(Data("BEGIN;\nSELECT count(*) FROM missions;\n".utf8))

        // Readers in a loop, each a new connection, as long as the imports run.
        let observed = LockedList<String>()
        let stop = LockedList<Bool>()
        let reading = Thread {
            while stop.isEmpty {
                if let seen = try? Self.counts(path) { observed.append(seen) }
            }
        }
        reading.start()
        let imports = [["import", "--missions", dataset.missions, "--astronauts", dataset.astronauts], ["import"],
                       ["import", "--missions", dataset.missions, "--astronauts", dataset.astronauts]]
        var synthetic = ""
        for arguments in imports {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            if arguments.count > 1 { synthetic = try Self.counts(path) }
        }
        stop.append(true)
        while !reading.isFinished { usleep(1_000) }

        XCTAssertFalse(observed.items.isEmpty)
        for seen in Set(observed.items) {
            XCTAssertTrue(seen == apollo || seen == synthetic, "a reader saw \(seen), neither \(apollo) nor \(synthetic)")
        }
        // The reader in its transaction still sees what was there when it began.
        input.fileHandleForWriting.write(Data("SELECT count(*) FROM missions;\nCOMMIT;\n".utf8))
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        let shown = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(shown, "12\n12\n")
        XCTAssertEqual(try sqlite3("PRAGMA integrity_check"), "ok\n")
    }

    func testTwoImportsAtOnceGiveOneCompleteImport() throws {
        let dataset = try SyntheticDataset.write(missions: 6_000, astronauts: 600, to: folder)
        XCTAssertEqual(try moonshot("import").status, 0)
        XCTAssertEqual(try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts, "--db", "expected.db").status, 0)
        let expected = try contentDigest("expected.db")
        let arguments = ["import", "--missions", dataset.missions, "--astronauts", dataset.astronauts]
        let first = try start(arguments), second = try start(arguments)
        first.waitUntilExit()
        second.waitUntilExit()
        let statuses = [first.terminationStatus, second.terminationStatus]
        XCTAssertTrue(statuses.contains(0), "\(statuses)")
        XCTAssertTrue(statuses.allSatisfy { $0 == 0 || $0 == 1 }, "\(statuses)")
        XCTAssertEqual(try sqlite3("PRAGMA integrity_check"), "ok\n")
        XCTAssertEqual(try contentDigest(), expected)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("moonshot.db") }
        XCTAssertEqual(leftovers, ["moonshot.db"])
    }

    // MARK: Hostile strings

    func testHostileStringsSurviveEveryFormatByteForByte() throws {
        let name = "Robert'); DROP TABLE astronauts;-- \"Bobby\" O'Brien"
        let description = "NUL:\u{0} tab:\t CR:\r RTL:\u{202E}שלום עליכם\u{202C} emoji:🚀👩🏽‍🚀 quotes:\"'` semicolon; SELECT * FROM crew; -- \\ backslash"
        let role = "Commander; DELETE FROM crew WHERE 1=1 --"
        let astronauts: [String: [String: String]] = [
            "bobby": ["id": "bobby", "name": name, "description": description],
            "alice": ["id": "alice", "name": "Alice Ω", "description": "plain"],
        ]
        let missions: [[String: Any]] = [
            ["id": 42, "launchDate": "1969-07-20", "description": description,
             "crew": [["name": "bobby", "role": role], ["name": "alice", "role": "Pilot"]]],
        ]
        let missionsPath = folder.appendingPathComponent("m.json"), astronautsPath = folder.appendingPathComponent("a.json")
        try JSONSerialization.data(withJSONObject: missions).write(to: missionsPath)
        try JSONSerialization.data(withJSONObject: astronauts).write(to: astronautsPath)
        let imported = try moonshot("import", "--missions", missionsPath.path, "--astronauts", astronautsPath.path)
        XCTAssertEqual(imported.status, 0, imported.stderr)

        // JSON
        let astronaut = try jsonObject(moonshot("astronaut", "bobby", "--format", "json"))
        XCTAssertEqual(Array((astronaut["name"] as! String).utf8), Array(name.utf8))
        XCTAssertEqual(Array((astronaut["description"] as! String).utf8), Array(description.utf8))
        let mission = try jsonObject(moonshot("mission", "42", "--format", "json"))
        XCTAssertEqual(Array((mission["description"] as! String).utf8), Array(description.utf8))
        let crew = mission["crew"] as! [[String: Any]]
        XCTAssertEqual(Array((crew[0]["role"] as! String).utf8), Array(role.utf8))
        XCTAssertEqual(Array((crew[0]["fullName"] as! String).utf8), Array(name.utf8))
        // CSV
        let csv = try moonshot("astronaut", "bobby", "--format", "csv")
        let expectedCSV = "id,name,missions,description\r\nbobby,\"Robert'); DROP TABLE astronauts;-- \"\"Bobby\"\" O'Brien\","
            + "Apollo 42 (Commander; DELETE FROM crew WHERE 1=1 --),\"" + description.replacingOccurrences(of: "\"", with: "\"\"") + "\"\r\n"
        XCTAssertEqual(Array(csv.stdout.utf8), Array(expectedCSV.utf8))
        // Table
        let table = try moonshot("mission", "42", environment: ["COLUMNS": "200"])
        XCTAssertTrue(table.stdout.contains(role), table.stdout)
        XCTAssertTrue(Data(table.stdout.utf8).range(of: Data("NUL:\u{0} tab:".utf8)) != nil, "the NUL comes through")
        // The same text is found by the lookup and by search, taken literally.
        XCTAssertEqual(try moonshot("flights", "Robert'); DROP TABLE astronauts;--").status, 0)
        XCTAssertEqual(try moonshot("search", "DROP TABLE astronauts").status, 0)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM astronauts"), "2\n")
    }

    // MARK: Database locations

    func testUnusableDatabaseLocationsAreExplainedAndLeftAlone() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("adir"), withIntermediateDirectories: true)
        try Data("my notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let cases: [(path: String, words: String)] = [
            ("adir", "is a folder"),
            ("notes.txt", "is not a moonshot database"),
            ("no/such/folder/x.db", "does not exist"),
            ("/proc/moonshot-test.db", "cannot"),
        ]
        for (path, words) in cases {
            for command in [["import"], ["missions"]] {
                let result = try moonshot(command + ["--db", path])
                XCTAssertEqual(result.status, 1, "\(command) --db \(path)")
                XCTAssertTrue(result.stderr.hasPrefix("Error: "), result.stderr)
                if command == ["import"] {
                    XCTAssertTrue(result.stderr.contains(words), "\(path): \(result.stderr)")
                    XCTAssertTrue(result.stderr.contains("--db"), "says what to do next: \(result.stderr)")
                }
            }
        }
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8), "my notes")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["adir", "notes.txt"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("adir").path), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/proc/moonshot-test.db"))
    }

    // MARK: Helpers

    /// The SHA3 digest of the three data tables, as the sqlite3 shell computes it.
    private func contentDigest(_ database: String = "moonshot.db") throws -> String {
        try ["missions", "astronauts", "crew"].map { try sqlite3(".sha3sum \($0)", database: database) }.joined()
    }

    /// "missions/astronauts/crew" row counts, read in one transaction.
    private static func counts(_ path: String) throws -> String {
        let database = try Database(path: path, mode: .readOnly)
        let row = try database.rows("SELECT (SELECT count(*) FROM missions), (SELECT count(*) FROM astronauts), (SELECT count(*) FROM crew)")
        return row[0].values.map { "\($0)" }.joined(separator: "/")
    }

    private func jsonObject(_ result: Result) throws -> [String: Any] {
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    }
}

/// A list several threads append to.
final class LockedList<Element>: @unchecked Sendable {
    private var storage: [Element] = []
    private let lock = NSLock()

    func append(_ element: Element) { lock.withLock { storage.append(element) } }
    var items: [Element] { lock.withLock { storage } }
    var isEmpty: Bool { lock.withLock { storage.isEmpty } }
}
