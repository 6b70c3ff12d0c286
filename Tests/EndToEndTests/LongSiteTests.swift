import Foundation
import MoonshotKit
import XCTest

/// A site that takes a while to write: it is not a question, so the questions' time limit does
/// not stop it; a signal does, leaving nothing half done.
final class LongSiteTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try SyntheticDataset.write(missions: 2_000, astronauts: 600, to: folder)
        let imported = try moonshot(within: 300, "import", "--missions", "missions.json", "--astronauts", "astronauts.json")
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }

    /// 2,000 missions, 600 astronauts, 4 index pages and the timeline.
    let pageCount = 2_605

    func testASiteThatTakesLongerThanTheQuestionsTimeLimitIsWrittenWhole() throws {
        let database = try MoonshotDatabase(path: folder.appendingPathComponent("moonshot.db").path)
        // Writing and flushing 2,605 pages takes far longer.
        database.questionTimeLimit = .milliseconds(50)
        let summary = try Site.write(database, to: folder.appendingPathComponent("site").path, force: false)
        XCTAssertEqual(summary.pageCount, pageCount)
    }

    func testASignalStopsItPromptlyAndLeavesThePreviousSiteAsItWas() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("site"), withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("site/note.txt"))
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["site", "site", "--force"]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Once the new folder has some pages.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, try stagedPageCount() < 200 { usleep(10_000) }
        let signalled = Date()
        kill(process.processIdentifier, SIGINT)
        waitForExit(process, within: 30)
        XCTAssertLessThan(Date().timeIntervalSince(signalled), 2, "stopped promptly")
        XCTAssertEqual(process.terminationStatus, 130)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(message, "Error: writing the site was stopped by SIGINT (Ctrl-C); site was left as it was.\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("site").path), ["note.txt"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            ["astronauts.json", "missions.json", "moonshot.db", "site"], "the half-written folder is removed")
    }

    /// How many mission pages the hidden folder being written holds, 0 before it exists.
    private func stagedPageCount() throws -> Int {
        let staging = try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix(".site.moonshot-") }
        guard let staging else { return 0 }
        let missions = folder.appendingPathComponent(staging).appendingPathComponent("missions").path
        return (try? FileManager.default.contentsOfDirectory(atPath: missions).count) ?? 0
    }
}
