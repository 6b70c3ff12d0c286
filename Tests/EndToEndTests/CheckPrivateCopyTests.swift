import Foundation
import XCTest

/// `moonshot check` works on a private copy of the database in SQLite's temporary folder
/// (SQLITE_TMPDIR, TMPDIR, ...), not in memory: its memory stays flat however large the
/// database, nothing is left in the folder, and a folder without room is said in moonshot's
/// words.
final class CheckPrivateCopyTests: BinaryTestCase {
    private var database: String { folder.appendingPathComponent("moonshot.db").path }

    /// The page cache of the copy, in MiB (Database.privateCopyCacheBytes): a database larger
    /// than this is written to the temporary folder.
    private let copyCacheMiB = 16.0

    /// An empty folder of the test's own, `name`, and the environment that makes it SQLite's
    /// temporary folder.
    private func temporaryFolder(_ name: String) throws -> (url: URL, environment: [String: String]) {
        let url = folder.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return (url, ["SQLITE_TMPDIR": url.path, "TMPDIR": url.path])
    }

    private func contents(of url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// The databases of the synthetic datasets imported so far, by their number of missions:
    /// three tests check the same one, each on a copy of its own.
    nonisolated(unsafe) private static var imported: [Int: URL] = [:]

    override class func tearDown() {
        for database in imported.values { try? FileManager.default.removeItem(at: database) }
        imported = [:]
        super.tearDown()
    }

    /// Imports a synthetic dataset of `missions` into the test's moonshot.db (or copies the
    /// database an earlier test imported); returns the database's size in MiB.
    private func importSynthetic(missions: Int) throws -> Double {
        if let imported = Self.imported[missions] {
            try FileManager.default.copyItem(atPath: imported.path, toPath: database)
        } else {
            let data = folder.appendingPathComponent("data", isDirectory: true)
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            let dataset = try SyntheticDataset.write(missions: missions, astronauts: missions / 5, to: data)
            let imported = try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts)
            XCTAssertEqual(imported.status, 0, imported.stderr)
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("moonshot-check-copy-\(missions)-\(UUID().uuidString).db")
            try FileManager.default.copyItem(atPath: database, toPath: copy.path)
            Self.imported[missions] = copy
        }
        let bytes = try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int ?? 0
        return Double(bytes) / 1_048_576
    }

    func testADatabaseFourTimesTheCacheIsCheckedInFlatMemoryWithTheSameFindingsAndNothingLeftBehind() throws {
        let size = try importSynthetic(missions: 40_000)
        XCTAssertGreaterThan(size, 4 * copyCacheMiB, "the database is much larger than the copy's page cache")
        // A stale full-text index, which the trial repair rebuilds in the copy: it writes too.
        _ = try sqlite3("DROP TRIGGER missions_au; UPDATE missions SET description = description || ' zanzibar marmalade' WHERE id = 11")
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let temporary = try temporaryFolder("tmp")

        let checked = try moonshotMeasuringMemory(["check", "--format", "json"], environment: temporary.environment)
        XCTAssertEqual(checked.status, 1, checked.stderr)
        XCTAssertEqual(checked.stderr, "")
        let report = try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any]
        let problems = (report?["problems"] as? [[String: String]])?.map { [$0["kind"] ?? "", $0["problem"] ?? "", $0["fix"] ?? ""] }
        let repair = "'moonshot check --repair --db \(database)'"
        XCTAssertEqual(
            problems,
            [
                ["schema", "trigger missions_au is missing", "\(repair) creates it as schema.sql makes it."],
                ["full-text-index", "full-text index missions_fts does not hold exactly the text of missions", "\(repair) rebuilds it from missions."],
            ], checked.stdout)
        // Held in memory, the copy alone would take the database's size.
        XCTAssertLessThan(checked.peakMiB, size - 16, "peak \(checked.peakMiB) MiB for a database of \(size) MiB")
        XCTAssertEqual(try contents(of: temporary.url), [], "the copy and its journal are gone")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before, "the database is not changed")

        // A file-size limit (ulimit -f, in KiB) below the copy's size is no room either.
        let limited = try run(
            URL(fileURLWithPath: "/bin/bash"), ["-c", "ulimit -f 8192; exec \"$0\" check --db \"$1\"", Self.binary.path, database],
            environment: temporary.environment)
        XCTAssertEqual(limited.status, 1, limited.stderr)
        XCTAssertTrue(
            limited.stderr.hasPrefix("Error: cannot check \(database): there is no room for its private copy in the temporary folder \(temporary.url.path)"),
            limited.stderr)
        XCTAssertEqual(try contents(of: temporary.url), [])

        // No folder at all it may write in: /tmp, /var/tmp and the current folder read-only, in a
        // mount namespace of the check's own (root, as CI has), SQLITE_TMPDIR and TMPDIR unset.
        let readOnly = """
            for d in /tmp /var/tmp "$PWD"; do mount --bind "$d" "$d" && mount -o remount,bind,ro "$d" || exit 99; done
            cd "$PWD" || exit 99
            exec env -u SQLITE_TMPDIR -u TMPDIR "$0" check --db "$1"
            """
        let unwritable = try run(
            URL(fileURLWithPath: "/usr/bin/env"), ["unshare", "-m", "--propagation", "private", "sh", "-c", readOnly, Self.binary.path, database])
        guard unwritable.status != 99 && !unwritable.stderr.contains("unshare:") else {
            let reason = "making every temporary folder read-only needs root (run the tests as root, as CI does): \(unwritable.stderr)"
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail(reason) }
            throw XCTSkip(reason)
        }
        XCTAssertEqual(unwritable.status, 1, unwritable.stderr)
        XCTAssertTrue(
            unwritable.stderr.hasPrefix("Error: cannot check \(database): there is no temporary folder for its private copy"), unwritable.stderr)
        XCTAssertTrue(unwritable.stderr.contains("SQLITE_TMPDIR=FOLDER moonshot check"), unwritable.stderr)
    }

    func testACheckKilledMidwayLeavesNothingInTheTemporaryFolder() throws {
        let size = try importSynthetic(missions: 12_000)
        XCTAssertGreaterThan(size, copyCacheMiB, "the copy does not fit in its page cache")
        let temporary = try temporaryFolder("tmp")
        let inTemporary = temporary.url.resolvingSymlinksInPath().path + "/"
        let process = try start(["check"], environment: temporary.environment)
        // SQLite removes the copy's file as soon as it makes it: the process holds it open, deleted.
        waitUntil("the check has its copy open in the temporary folder") {
            openFiles(of: process.processIdentifier).contains { $0.hasPrefix(inTemporary) && $0.hasSuffix(" (deleted)") }
        }
        XCTAssertEqual(try contents(of: temporary.url), [], "the copy has no name in the folder while the check runs")
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        waitForExit(process)
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(try contents(of: temporary.url), [], "nothing is left behind")
    }

    func testATemporaryFolderWithoutRoomIsSaidInMoonshotsWordsWithExitStatus1() throws {
        let size = try importSynthetic(missions: 12_000)
        XCTAssertGreaterThan(size, copyCacheMiB, "the copy does not fit in its page cache")
        let disk = folder.appendingPathComponent("disk", isDirectory: true)
        try mountSmallDisk(at: disk, size: "4m")
        let before = try Data(contentsOf: URL(fileURLWithPath: database))

        let checked = try moonshot(["check", "--db", database], environment: ["SQLITE_TMPDIR": disk.path, "TMPDIR": disk.path])
        XCTAssertEqual(checked.status, 1, checked.stdout + checked.stderr)
        XCTAssertEqual(checked.stdout, "")
        let bytes = try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int ?? 0
        XCTAssertTrue(
            checked.stderr.contains(
                "cannot check \(database): there is no room for its private copy in the temporary folder \(disk.path) "
                    + "(the disk is full or a file-size limit was reached); the check needs about \((bytes + 1_048_575) >> 20) MiB "
                    + "(the database's size) free there, and more when the repair it tries rebuilds a table or an index\n"),
            checked.stderr)
        XCTAssertTrue(
            checked.stderr.contains("Free some space there, or give a folder with room: SQLITE_TMPDIR=FOLDER moonshot check --db \(database)\n"),
            checked.stderr)
        XCTAssertFalse(checked.stderr.contains("SQLite failed"), checked.stderr)
        XCTAssertEqual(try contents(of: disk), [], "nothing is left on the full disk")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before, "the database is not changed")

        // With room elsewhere, the same check goes through.
        let elsewhere = try temporaryFolder("roomy")
        let again = try moonshot(["check", "--db", database], environment: elsewhere.environment)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        XCTAssertTrue(again.stdout.hasPrefix("\(database) is sound: no problems found.\n"), again.stdout)
    }

    func testATrialRepairWithoutRoomIsSaidTheSameWayNotAsAReport() throws {
        let size = try importSynthetic(missions: 12_000)
        XCTAssertGreaterThan(size, copyCacheMiB, "the copy does not fit in its page cache")
        // Room for the copy and 1 MiB more: the check of the sound database goes through.
        let disk = folder.appendingPathComponent("disk", isDirectory: true)
        try mountSmallDisk(at: disk, size: "\(Int(size.rounded(.up)) + 1)m")
        let temporary = ["SQLITE_TMPDIR": disk.path, "TMPDIR": disk.path]
        let sound = try moonshot(["check"], environment: temporary)
        XCTAssertEqual(sound.status, 0, "the copy alone fits: \(sound.stdout + sound.stderr)")
        XCTAssertEqual(try contents(of: disk), [])

        // The repair tried on the copy rebuilds missions_fts: several MiB more than there is.
        _ = try sqlite3("DROP TRIGGER missions_au; UPDATE missions SET description = description || ' zanzibar marmalade' WHERE id = 11")
        let checked = try moonshot(["check"], environment: temporary)
        XCTAssertEqual(checked.status, 1, checked.stdout + checked.stderr)
        XCTAssertEqual(checked.stdout, "", "no report, which without the trial could give the wrong fix")
        XCTAssertTrue(
            checked.stderr.contains("cannot check ./moonshot.db: there is no room for its private copy in the temporary folder \(disk.path) "),
            checked.stderr)
        XCTAssertTrue(checked.stderr.contains("and more when the repair it tries rebuilds a table or an index\n"), checked.stderr)
        XCTAssertEqual(try contents(of: disk), [], "nothing is left on the full disk")
    }
}
