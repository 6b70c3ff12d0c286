import Dataset
import Foundation
import Publishing
import Questions
import SQLite
import Store
import TestSupport
import XCTest

/// Faults inflicted on the built binary: kills, full disks, concurrent readers and writers,
/// and strings built to break things. The database must never be damaged or half-written.
final class ReliabilityTests: BinaryTestCase {
    // MARK: Crashes

    func testKilledImportsLeaveThePreviousDatabaseIntact() throws {
        var random = SeededRandom(seed: 20_261_121)
        // Inputs of two sizes, so that kills land in every phase of the import.
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
                waitForExit(process)

                // moonshot's own read-only questions recover the interrupted transaction first.
                let question = try moonshot("missions", "--format", "csv")
                XCTAssertEqual(question.status, 0, "kill \(kill): \(question.stderr)")
                XCTAssertEqual(try sqlite3("PRAGMA integrity_check"), "ok\n", "kill \(kill) after \(delay) s")
                XCTAssertEqual(try sqlite3("PRAGMA foreign_key_check"), "", "kill \(kill)")
                let now = try contentDigest()
                XCTAssertTrue(
                    now == previous || now == synthetic,
                    "kill \(kill) after \(delay) s: the content is neither the previous import nor the new one")
                previous = now
            }
            // The rollback journal a killed import leaves is rolled back by the next connection.
            XCTAssertEqual(try moonshot("import").status, 0)
            XCTAssertEqual(try contentDigest(), apollo)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("moonshot.db") }
            XCTAssertEqual(leftovers, ["moonshot.db"])
        }
    }

    func testQuestionsRollBackATransactionThatWasInterrupted() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        let before = try contentDigest()
        // A writer that has already written into the file (its cache holds one page) dies
        // before committing: it leaves a hot journal, and changed pages in the database.
        let writer = try startSQLiteSession()
        XCTAssertEqual(
            writer.send("PRAGMA cache_size = 1;\nBEGIN;\nUPDATE missions SET description = 'edited';\nDELETE FROM crew;\nSELECT 'done';\n"),
            "done\n")
        writer.kill()
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("moonshot.db-journal").path))

        // Someone who may not write to the database is told what happened and what to do.
        chmod(folder.path, 0o755)
        let refused = try run(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", Self.binary.path, "missions", "--db",
                folder.appendingPathComponent("moonshot.db").path,
            ])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("unfinished transaction"), refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains("Run 'moonshot import --db \(folder.appendingPathComponent("moonshot.db").path)'"),
            refused.stderr)

        // A question by the owner rolls it back, and answers from the last committed content.
        let question = try moonshot("crew", "11", "--format", "csv")
        XCTAssertEqual(question.status, 0, question.stderr)
        XCTAssertTrue(question.stdout.contains("armstrong"), question.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("moonshot.db-journal").path))
        XCTAssertEqual(try contentDigest(), before)
        XCTAssertEqual(try sqlite3("PRAGMA integrity_check"), "ok\n")
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
            let result = try run(
                URL(fileURLWithPath: "/bin/sh"),
                [
                    "-c", "ulimit -f 1024; exec \"$0\" \"$@\"", Self.binary.path,
                    "import", "--missions", dataset.missions, "--astronauts", dataset.astronauts,
                ])
            XCTAssertEqual(result.status, 1, "\(missions) missions: \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: the import "), result.stderr)
            XCTAssertTrue(result.stderr.contains("moonshot.db was not changed"), result.stderr)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("moonshot.db")), before)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("moonshot.db") }
            XCTAssertEqual(leftovers, ["moonshot.db"], "the rolled-back journal is gone")
            XCTAssertEqual(try moonshot("missions").status, 0)

            // A first import into a new path under the same limit leaves no data, and the
            // questions say so (rolling back whatever journal is left first).
            let first = try run(
                URL(fileURLWithPath: "/bin/sh"),
                [
                    "-c", "ulimit -f 1024; exec \"$0\" \"$@\"", Self.binary.path,
                    "import", "--db", "new-\(missions).db", "--missions", dataset.missions, "--astronauts", dataset.astronauts,
                ])
            XCTAssertEqual(first.status, 1, first.stderr)
            let question = try moonshot("missions", "--db", "new-\(missions).db")
            XCTAssertEqual(question.status, 1)
            XCTAssertTrue(question.stderr.contains("yet; run 'moonshot import --db new-\(missions).db' first"), question.stderr)
        }
    }

    func testImportThatCannotStartAThreadStillCompletes() throws {
        let dataset = try SyntheticDataset.write(missions: 1_500, astronauts: 600, to: folder)
        // New threads get stacks as large as the stack limit: 4 GiB cannot fit under a 2 GiB
        // limit on the address space, so the hashing thread cannot start; the import hashes
        // on its own thread instead, and must neither fail nor wait forever.
        let result = try run(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", "ulimit -s 4194304; ulimit -v 2097152; exec timeout 60 \"$0\" \"$@\"", Self.binary.path, "import",
                "--missions", dataset.missions, "--astronauts", dataset.astronauts,
            ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = try run(URL(fileURLWithPath: "/usr/bin/env"), ["sha256sum", dataset.missions]).stdout.prefix(64)
        XCTAssertEqual(try sqlite3("SELECT missions_sha256 FROM imports"), expected + "\n")
    }

    // MARK: Concurrency

    func testReadersSeeTheOldContentOrTheNewNeverAMixture() throws {
        let dataset = try SyntheticDataset.write(missions: 6_000, astronauts: 600, to: folder)
        XCTAssertEqual(try moonshot("import").status, 0)
        let path = folder.appendingPathComponent("moonshot.db").path
        let apollo = try Self.counts(path)

        // A reader inside a transaction, in the sqlite3 shell (rollback-journal mode). Once it
        // has answered, it holds its lock until it commits.
        let holder = try startSQLiteSession()
        XCTAssertEqual(holder.send("BEGIN;\nSELECT count(*) FROM missions;\n"), "12\n")

        // An import started now waits for the reader's transaction, which still sees the old
        // content; once the reader commits, the import goes through.
        let waiting = try start(["import", "--missions", dataset.missions, "--astronauts", dataset.astronauts])
        waitUntilItOpensTheDatabase(waiting)
        XCTAssertEqual(
            try holder.finish("SELECT count(*) FROM missions;\nCOMMIT;\n"), "12\n",
            "the reader saw the old content to the end of its transaction")
        waitForExit(waiting)
        XCTAssertEqual(waiting.terminationStatus, 0)
        let synthetic = try Self.counts(path)
        XCTAssertNotEqual(synthetic, apollo)

        // Readers in a loop, each a new connection, as long as more imports run.
        let observed = LockedList<String>()
        let failures = LockedList<String>()
        let stop = LockedList<Bool>()
        let reading = Thread {
            while stop.isEmpty {
                do { observed.append(try Self.counts(path)) } catch { failures.append("\(error)") }
            }
        }
        reading.start()
        for arguments in [["import"], ["import", "--missions", dataset.missions, "--astronauts", dataset.astronauts], ["import"]] {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        stop.append(true)
        while !reading.isFinished { usleep(1_000) }

        XCTAssertFalse(observed.items.isEmpty)
        for seen in Set(observed.items) {
            XCTAssertTrue(seen == apollo || seen == synthetic, "a reader saw \(seen), neither \(apollo) nor \(synthetic)")
        }
        // In rollback-journal mode a reader may be kept out while an import commits (SQLite's
        // exclusive lock); that is the only failure a reader may meet.
        for failure in Set(failures.items) {
            XCTAssertTrue(failure.contains("locked") || failure.contains("busy"), failure)
        }
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM imports"), "5\n", "every import left its provenance row")
    }

    func testConcurrentImportsTakeTurnsAndEachIsRecorded() throws {
        let dataset = try SyntheticDataset.write(missions: 1_500, astronauts: 600, to: folder)
        XCTAssertEqual(try moonshot("import").status, 0)
        let processes = try (0..<3).map { index in
            try start(index == 1 ? ["import"] : ["import", "--missions", dataset.missions, "--astronauts", dataset.astronauts])
        }
        for process in processes {
            waitForExit(process)
            XCTAssertEqual(process.terminationStatus, 0)
        }
        XCTAssertEqual(try sqlite3("PRAGMA integrity_check"), "ok\n")
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM imports"), "4\n", "one row per import, none lost")
        let newest = try sqlite3("SELECT mission_count FROM imports ORDER BY id DESC LIMIT 1")
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM missions"), newest, "the content is the last import's, whole")
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

    func testADatabaseTheUserCannotWriteIsExplainedAndLeftAsItIs() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        let database = folder.appendingPathComponent("moonshot.db")
        let before = try Data(contentsOf: database)
        // Run as an unprivileged user (root may write any file): the folder is open to them,
        // the database is not.
        chmod(folder.path, 0o777)
        chmod(database.path, 0o444)
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", Self.binary.path, "import", "--db", database.path,
            ])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot write to \(database.path)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--db"), "says what to do next: \(result.stderr)")
        XCTAssertEqual(try Data(contentsOf: database), before)
        let question = try run(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", Self.binary.path, "commander", "11", "--db", database.path,
            ])
        XCTAssertEqual(question.status, 0, "reading needs no write permission: \(question.stderr)")
    }

    // MARK: Helpers

    /// "missions/astronauts/crew" row counts, read in one transaction.
    private static func counts(_ path: String) throws -> String {
        let database = try Database(path: path, mode: .readOnly)
        let row = try database.rows("SELECT (SELECT count(*) FROM missions), (SELECT count(*) FROM astronauts), (SELECT count(*) FROM crew)")
        return row[0].values.map { "\($0)" }.joined(separator: "/")
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
