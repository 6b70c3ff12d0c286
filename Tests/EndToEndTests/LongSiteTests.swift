import Dataset
import Foundation
import Publishing
import Questions
import Store
import XCTest

/// A site that takes a while to write: it is not a question, so the questions' time limit does
/// not stop it; a signal does, leaving nothing half done; and a terminal shows its progress.
final class LongSiteTests: BinaryTestCase {
    /// The database of the generated dataset, made by the first test and copied by each.
    nonisolated(unsafe) private static var imported: URL?

    override func setUpWithError() throws {
        try super.setUpWithError()
        let database = folder.appendingPathComponent("moonshot.db")
        if let imported = Self.imported {
            try FileManager.default.copyItem(at: imported, to: database)
            return
        }
        try SyntheticDataset.write(missions: 2_000, astronauts: 600, to: folder)
        let result = try moonshot(within: 300, "import", "--missions", "missions.json", "--astronauts", "astronauts.json")
        XCTAssertEqual(result.status, 0, result.stderr)
        for name in ["missions.json", "astronauts.json"] { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("moonshot-long-site-\(UUID().uuidString).db")
        try FileManager.default.copyItem(at: database, to: copy)
        Self.imported = copy
    }

    override class func tearDown() {
        if let imported { try? FileManager.default.removeItem(at: imported) }
        imported = nil
        super.tearDown()
    }

    /// 2,000 missions, 600 astronauts, 4 index pages and the timeline.
    let pageCount = 2_605

    func testASiteThatTakesLongerThanTheQuestionsTimeLimitIsWrittenWhole() throws {
        let database = try MoonshotDatabase(path: folder.appendingPathComponent("moonshot.db").path)
        // Writing and flushing 2,605 pages takes far longer.
        database.questionTimeLimit = .milliseconds(50)
        var reports: [(written: Int, total: Int)] = []
        let summary = try Site.write(database, to: folder.appendingPathComponent("site").path, force: false) { reports.append(($0, $1)) }
        XCTAssertEqual(summary.pageCount, pageCount)
        XCTAssertEqual(reports.map(\.written), Array(1...pageCount), "each page is reported as it is written")
        XCTAssertTrue(reports.allSatisfy { $0.total == pageCount })
    }

    func testNoProgressUnlessStandardErrorIsATerminal() throws {
        let result = try moonshot(within: 300, "site", "site")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.hasPrefix("Wrote \(pageCount) pages and 0 pictures ("), result.stdout)
    }

    func testProgressOnATerminalIsOneLineUpdatedInPlaceAndCleared() throws {
        // Standard error on a pseudo-terminal, standard output in a pipe; the script prints
        // what the terminal received, then the output.
        let script = """
            import os, pty, subprocess, sys
            master, slave = pty.openpty()
            process = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave)
            os.close(slave)
            received = b""
            while True:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    break
                if not data:
                    break
                received += data
            output = process.stdout.read()
            sys.stdout.buffer.write(received + b"<end of terminal>" + output)
            sys.exit(process.wait())
            """
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, Self.binary.path, "site", "site"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let parts = result.stdout.components(separatedBy: "<end of terminal>")
        XCTAssertEqual(parts.count, 2, result.stdout)
        let terminal = parts[0]
        XCTAssertTrue(parts.last?.hasPrefix("Wrote \(pageCount) pages") == true, result.stdout)
        // "\r" starts each update, "ESC [K" clears the rest of the line; the last clears it all.
        let updates = terminal.components(separatedBy: "\r").filter { !$0.isEmpty }
        XCTAssertGreaterThan(updates.count, 1, terminal.debugDescription)
        XCTAssertEqual(updates.last, "\u{1B}[K", "the line is cleared at the end: \(terminal.debugDescription)")
        for update in updates.dropLast() {
            let numbers = update.dropFirst("Writing pages: ".count).dropLast(3).components(separatedBy: " of ")
            XCTAssertTrue(update.hasPrefix("Writing pages: ") && update.hasSuffix("\u{1B}[K"), update.debugDescription)
            XCTAssertEqual(numbers.count, 2, update.debugDescription)
            XCTAssertEqual(numbers.last, String(pageCount), update.debugDescription)
        }
    }

    func testPagesWrittenWhileAnotherProgramChangesTheDatabaseShowTheDataOfOneMoment() throws {
        // In WAL mode the writer does not wait for the site: only one snapshot keeps what is read
        // after the first statements end (the timeline's dates) as it was when they began.
        XCTAssertEqual(try sqlite3("PRAGMA journal_mode = WAL"), "wal\n")
        let site = try start(["site", "site"])
        while site.isRunning, try stagedPageCount() < 200 { usleep(10_000) }
        XCTAssertTrue(site.isRunning, "the site is still being written")
        // A writer that waits for the site's read to end (rollback journal) or not at all (WAL).
        let writer = try run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "sqlite3", "-bail", "-cmd", ".timeout 60000", "moonshot.db",
                "UPDATE missions SET description = 'Changed meanwhile.', launch_date = '2087-06-05'; UPDATE astronauts SET description = 'Changed meanwhile.'",
            ])
        XCTAssertEqual(writer.status, 0, writer.stderr)
        waitForExit(site, within: 120)
        XCTAssertEqual(site.terminationStatus, 0)
        let pages = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.appendingPathComponent("site").path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".html") }
        XCTAssertEqual(pages.count, pageCount)
        for page in pages {
            let text = try String(contentsOf: folder.appendingPathComponent("site/" + page), encoding: .utf8)
            XCTAssertFalse(text.contains("Changed meanwhile.") || text.contains("2087"), page)
        }
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM astronauts WHERE description = 'Changed meanwhile.'"), "600\n")
    }

    func testASignalStopsItPromptlyAndLeavesThePreviousSiteAsItWas() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("site"), withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("site/note.txt"))
        let errors = folder.appendingPathComponent("errors.txt")
        let process = try start(["site", "site", "--force"], stderr: errors)
        // Once the new folder has some pages.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, try stagedPageCount() < 200 { usleep(10_000) }
        let signalled = Date()
        kill(process.processIdentifier, SIGINT)
        waitForExit(process, within: 30)
        XCTAssertLessThan(Date().timeIntervalSince(signalled), 2, "stopped promptly")
        XCTAssertEqual(process.terminationStatus, 130)
        let message = try String(contentsOf: errors, encoding: .utf8)
        XCTAssertEqual(message, "Error: writing the site was stopped by SIGINT (Ctrl-C); site was left as it was.\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("site").path), ["note.txt"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            ["errors.txt", "moonshot.db", "site"], "the half-written folder is removed")
    }

    /// How many mission pages the hidden folder being written holds, 0 before it exists.
    private func stagedPageCount() throws -> Int {
        let staging = try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix(".site.moonshot-") }
        guard let staging else { return 0 }
        let missions = folder.appendingPathComponent(staging).appendingPathComponent("missions").path
        return (try? FileManager.default.contentsOfDirectory(atPath: missions).count) ?? 0
    }
}
