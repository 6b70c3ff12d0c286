import Foundation
import XCTest

/// An import stopped from outside: by Ctrl-C or SIGTERM, by a full disk, by a file-size
/// limit. Each ends within seconds with a message, and leaves the database as it was.
final class InterruptionTests: BinaryTestCase {
    func testCtrlCAndSIGTERMStopTheImportCleanly() throws {
        let dataset = try SyntheticDataset.write(missions: 20_000, astronauts: 600, to: folder)
        XCTAssertEqual(try moonshot("import").status, 0)
        let before = try contentDigest()
        for (signal, status, name) in [(SIGINT, Int32(130), "SIGINT (Ctrl-C)"), (SIGTERM, 143, "SIGTERM"), (SIGHUP, 129, "SIGHUP")] {
            let stderr = folder.appendingPathComponent("stderr.txt")
            let process = try start(["import", "--missions", dataset.missions, "--astronauts", dataset.astronauts], stderr: stderr)
            // Once the journal exists the import has its lock and is writing.
            waitUntil("the import writes") { exists("moonshot.db-journal") }
            XCTAssertTrue(process.isRunning, "the import is still at work when the signal comes")
            kill(process.processIdentifier, signal)
            let sent = Date()
            waitForExit(process)
            XCTAssertLessThan(Date().timeIntervalSince(sent), 5, "\(name) ends the import promptly")
            XCTAssertEqual(process.terminationReason, .exit)
            XCTAssertEqual(process.terminationStatus, status)
            XCTAssertEqual(
                try String(contentsOf: stderr, encoding: .utf8),
                "Error: the import was stopped by \(name); moonshot.db was not changed.\n")
            XCTAssertEqual(try files(startingWith: "moonshot.db"), ["moonshot.db"], "the rolled-back journal is gone")
            XCTAssertEqual(try contentDigest(), before)
            XCTAssertEqual(try sqlite3("PRAGMA integrity_check"), "ok\n")
        }
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM imports"), "1\n")
    }

    func testAnImportStartedWithHangupsIgnoredIgnoresThem() throws {
        // As `nohup` starts it: the hangup of the terminal it came from must not stop it.
        let dataset = try SyntheticDataset.write(missions: 6_000, astronauts: 600, to: folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "trap '' HUP; exec \"$0\" \"$@\"", Self.binary.path, "import",
            "--missions", dataset.missions, "--astronauts", dataset.astronauts,
        ]
        process.currentDirectoryURL = folder
        try process.run()
        waitUntil("the import writes") { exists("moonshot.db-journal") }
        kill(process.processIdentifier, SIGHUP)
        waitForExit(process)
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM missions"), "6000\n")
    }

    func testASignalEndsAnImportWaitingForALock() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        let holder = try startSQLiteSession()
        XCTAssertEqual(holder.send("BEGIN IMMEDIATE;\nSELECT 'holding';\n"), "holding\n")
        let process = try start(["import"])
        waitUntilItOpensTheDatabase(process)
        kill(process.processIdentifier, SIGTERM)
        let sent = Date()
        waitForExit(process)
        XCTAssertLessThan(Date().timeIntervalSince(sent), 2, "a wait for a lock ends at once")
        XCTAssertEqual(process.terminationStatus, 143)
        XCTAssertEqual(
            try holder.finish("UPDATE missions SET description = 'mine' WHERE id = 11;\nCOMMIT;\nSELECT description FROM missions WHERE id = 11;\n"),
            "mine\n", "the lock's holder carries on undisturbed")
    }

    func testAFullDiskStopsTheImportAndChangesNothing() throws {
        let disk = folder.appendingPathComponent("disk", isDirectory: true)
        try mountSmallDisk(at: disk, size: "2m")
        let database = disk.appendingPathComponent("moonshot.db").path
        XCTAssertEqual(try moonshot("import", "--db", database).status, 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        for missions in [1_500, 3_000, 6_000] {
            let data = folder.appendingPathComponent("data-\(missions)", isDirectory: true)
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            let dataset = try SyntheticDataset.write(missions: missions, astronauts: 300, to: data)
            let result = try moonshot(within: 60, "import", "--db", database, "--missions", dataset.missions, "--astronauts", dataset.astronauts)
            XCTAssertEqual(result.status, 1, "\(missions) missions: \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("\(database) was not changed"), result.stderr)
            XCTAssertTrue(result.stderr.contains("the disk is full"), result.stderr)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before, "\(missions) missions")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path), ["moonshot.db"], "no journal is left")
            XCTAssertEqual(try moonshot("missions", "--db", database).status, 0)
        }
    }

    func testAFileSizeLimitAtSeveralSizesChangesNothing() throws {
        let dataset = try SyntheticDataset.write(missions: 6_000, astronauts: 600, to: folder)
        XCTAssertEqual(try moonshot("import").status, 0)
        let before = try Data(contentsOf: folder.appendingPathComponent("moonshot.db"))
        // In blocks of 512 bytes (dash's ulimit): the Apollo database (a few hundred KiB) fits
        // under each; the synthetic one does not.
        for blocks in [700, 1_024, 4_096] {
            let result = try run(
                URL(fileURLWithPath: "/bin/sh"),
                [
                    "-c", "ulimit -f \(blocks); exec timeout -s KILL 60 \"$0\" \"$@\"", Self.binary.path,
                    "import", "--missions", dataset.missions, "--astronauts", dataset.astronauts,
                ])
            XCTAssertEqual(result.status, 1, "\(blocks) blocks: \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("moonshot.db was not changed"), result.stderr)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("moonshot.db")), before, "\(blocks) blocks")
            XCTAssertEqual(try files(startingWith: "moonshot.db"), ["moonshot.db"], "no journal is left")
        }
    }
}
