import Foundation
import XCTest

/// An import waits for other programs' locks up to its limit (`--wait`, 60 seconds by default)
/// for all its waits together, whatever the size of its input, says on stderr that it waits,
/// and then stops with the database unchanged.
final class LockWaitTests: BinaryTestCase {
    /// About 30 MB of rows: more than the import's 16 MiB page cache (`ImportTarget.cacheKiB`),
    /// so it spills pages into the file before it commits, and each spill asks for the
    /// exclusive lock again.
    private func largeDataset() throws -> (missions: String, astronauts: String) {
        try SyntheticDataset.write(missions: 30_000, astronauts: 1_000, to: folder)
    }

    func testInRollbackJournalModeAReaderHoldsALargeImportOnlyAsLongAsItsWait() throws {
        let dataset = try largeDataset()
        XCTAssertEqual(try moonshot("import").status, 0)
        let before = try contentDigest()
        let reader = try startSQLiteSession()
        XCTAssertEqual(reader.send("BEGIN;\nSELECT count(*) FROM missions;\n"), "12\n")

        let started = Date()
        let result = try moonshot(within: 60, "import", "--wait", "3", "--missions", dataset.missions, "--astronauts", dataset.astronauts)
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(result.status, 1, "it gives up; before its wait had a limit for all its waits, it was killed here: \(result.stderr)")
        XCTAssertLessThan(elapsed, 30, "3 seconds of waiting, plus reading and writing 30 MB")
        XCTAssertEqual(
            result.stderr.components(separatedBy: "Waiting for another program's lock on moonshot.db (up to 3 seconds in all)...").count, 2,
            "it says once that it waits: \(result.stderr)")
        XCTAssertTrue(
            result.stderr.contains(
                "moonshot.db is locked by another program, and the import waited for it 3 seconds in all; "
                    + "moonshot.db was not changed"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--wait SECONDS"), result.stderr)

        XCTAssertEqual(try reader.finish("SELECT count(*) FROM missions;\nCOMMIT;\n"), "12\n", "the reader saw the old content throughout")
        XCTAssertEqual(try contentDigest(), before, "the database is as it was")
        XCTAssertEqual(try sqlite3("PRAGMA integrity_check; SELECT count(*) FROM imports"), "ok\n1\n")
        XCTAssertFalse(exists("moonshot.db-journal"))
        XCTAssertEqual(try moonshot("crew", "11").status, 0, "and questions are answered again")
    }

    func testInWALModeAWriterHoldsAnImportOnlyAsLongAsItsWaitAndAReaderNotAtAll() throws {
        let dataset = try largeDataset()
        XCTAssertEqual(try moonshot("import").status, 0)
        XCTAssertEqual(try sqlite3("PRAGMA journal_mode = WAL"), "wal\n")
        let before = try contentDigest()
        let writer = try startSQLiteSession()
        XCTAssertEqual(writer.send("BEGIN IMMEDIATE;\nSELECT count(*) FROM missions;\n"), "12\n")

        let started = Date()
        let refused = try moonshot(within: 60, "import", "--wait", "2", "--missions", dataset.missions, "--astronauts", dataset.astronauts)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        XCTAssertTrue(refused.stderr.contains("Waiting for another program's lock on moonshot.db (up to 2 seconds in all)..."), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("and the import waited for it 2 seconds in all; moonshot.db was not changed"), refused.stderr)
        XCTAssertEqual(try writer.finish("COMMIT;\n"), "")
        XCTAssertEqual(try contentDigest(), before)

        // A reader in a transaction does not hold a WAL database's import back, at any size.
        let reader = try startSQLiteSession()
        XCTAssertEqual(reader.send("BEGIN;\nSELECT count(*) FROM missions;\n"), "12\n")
        let imported = try moonshot(within: 120, "import", "--wait", "2", "--missions", dataset.missions, "--astronauts", dataset.astronauts)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertFalse(imported.stderr.contains("Waiting"), imported.stderr)
        XCTAssertEqual(try reader.finish("SELECT count(*) FROM missions;\nCOMMIT;\nSELECT count(*) FROM missions;\n"), "12\n30000\n")
        XCTAssertEqual(try sqlite3("PRAGMA integrity_check; PRAGMA journal_mode"), "ok\nwal\n")
    }

    func testAWaitIsAnOptionWithAValue() throws {
        for bad in ["0", "-1", "soon"] {
            let result = try moonshot("import", "--wait", bad)
            XCTAssertEqual(result.status, 64, "--wait \(bad)")
            XCTAssertTrue(result.stderr.contains("--wait"), result.stderr)
        }
        XCTAssertTrue(try moonshot("import", "--help").stdout.contains("--wait"))
    }
}
