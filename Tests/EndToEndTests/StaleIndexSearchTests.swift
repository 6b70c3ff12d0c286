import Foundation
import XCTest

/// `moonshot search` answers from the rows, never from a full-text index that has fallen
/// behind them (its triggers dropped while rows changed, with the real sqlite3 shell): the
/// index ranks, and every hit is matched again on its row's current text, which gives the
/// snippet too. A stale index may not find a row by its new words at all (`check` says so);
/// what it lists is right.
final class StaleIndexSearchTests: BinaryTestCase {
    private static let missionIndexTriggers = ["missions_ai", "missions_ad", "missions_au"]
    private static let astronautIndexTriggers = ["astronauts_ai", "astronauts_ad", "astronauts_au"]

    override func setUpWithError() throws {
        try super.setUpWithError()
        try importWithFreshCopy()
    }

    /// The hits of `moonshot search words` in `database`, in order: the mission's number or
    /// the astronaut's id, with the snippet.
    private func hits(
        _ words: String, limit: Int = 20, database: String = "moonshot.db",
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> [(key: String, snippet: String)] {
        let result = try moonshot(["search", words, "--limit", String(limit), "--format", "csv", "--db", database])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let rows = try XCTUnwrap(parseCSV(result.stdout), result.stdout, file: file, line: line)
        XCTAssertEqual(rows.first, ["kind", "mission_id", "mission_name", "astronaut_id", "astronaut_name", "snippet"], file: file, line: line)
        return rows.dropFirst().map { (key: $0[0] == "mission" ? $0[1] : $0[3], snippet: $0[5]) }
    }

    /// Every hit in moonshot.db is one the up-to-date fresh.db has, with the same snippet (the
    /// order may differ: the stale index's statistics rank); returns the stale hits' keys.
    @discardableResult
    private func hitsAreConfirmed(_ words: String, limit: Int = 20, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let stale = try hits(words, limit: limit, file: file, line: line)
        let fresh = Dictionary(uniqueKeysWithValues: try hits(words, limit: 1_000, database: "fresh.db", file: file, line: line).map { ($0.key, $0.snippet) })
        for hit in stale {
            XCTAssertEqual(
                hit.snippet, fresh[hit.key], "\(words): \(hit.key) is not a hit on the current text, or its snippet is not from it",
                file: file, line: line)
        }
        return stale.map(\.key)
    }

    /// The case: a description replaced while the index was not kept up to date; its
    /// old words do not find it.
    func testAMissionIsNotFoundByWordsItNoLongerHas() throws {
        try editBehindTriggersAndInFreshCopy(Self.missionIndexTriggers, "UPDATE missions SET description = 'A mission of zanzibar marmalade.' WHERE id = 13;")
        XCTAssertEqual(try hitsAreConfirmed("oxygen"), [])
        XCTAssertEqual(try hitsAreConfirmed("oxygen tank"), [])
        XCTAssertFalse(try hitsAreConfirmed("aborted").contains("13"))
        XCTAssertTrue(try hitsAreConfirmed("aborted").contains("haise"), "the other hits stay")
        try hitsAreConfirmed("zanzibar")
    }

    /// A description changed that still has the words: the snippet shows the new text.
    func testTheSnippetIsFromTheCurrentText() throws {
        try editBehindTriggersAndInFreshCopy(
            Self.missionIndexTriggers, "UPDATE missions SET description = 'Retold briefly: an oxygen tank failed, and the crew came home.' WHERE id = 13;")
        let found = try hits("oxygen tank")
        XCTAssertEqual(found.map(\.key), ["13"])
        XCTAssertEqual(found.first?.snippet, "Retold briefly: an *oxygen* *tank* failed, and the crew came home.")
        try hitsAreConfirmed("oxygen tank")
    }

    /// Schmitt deleted and a new astronaut, no geologist, given his number while the index was
    /// not kept up to date: "geologist" does not find her.
    func testAnAstronautInTheDeletedOnesPlaceIsNotFoundByHisWords() throws {
        let number = try sqlite3("SELECT number FROM astronauts WHERE id = 'schmitt'").trimmingCharacters(in: .whitespacesAndNewlines)
        try editBehindTriggersAndInFreshCopy(
            Self.astronautIndexTriggers,
            """
            DELETE FROM astronauts WHERE id = 'schmitt';
            INSERT INTO astronauts (number, id, name, description) VALUES (\(number), 'newbie', 'Nora Newbie', 'A pilot who never flew.');
            """)
        let result = try moonshot("search", "geologist")
        XCTAssertFalse(result.stdout.contains("Nora") || result.stdout.contains("newbie"), result.stdout)
        XCTAssertFalse(try hitsAreConfirmed("geologist").contains("newbie"))
        XCTAssertEqual(Set(try hitsAreConfirmed("Harrison Schmitt")), ["17", "cernan", "evans"], "those whose text names him")
    }

    /// When the first pages of hits no longer match, further pages are read until --limit hits
    /// are confirmed.
    func testHitsThatNoLongerMatchDoNotHideOnesThatDo() throws {
        let sql = "UPDATE astronauts SET description = 'An astronaut.' WHERE id IN ('young', 'schirra');"
        try editBehindTriggersAndInFreshCopy(Self.astronautIndexTriggers, sql)
        try editBehindTriggersAndInFreshCopy(Self.missionIndexTriggers, "UPDATE missions SET description = 'A mission.' WHERE id = 13;")
        let found = try hitsAreConfirmed("service module", limit: 2)
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertEqual(Set(found).intersection(["young", "schirra", "13"]), [])
        // --show-sql shows each page read, as sqlite3 runs it.
        let shown = try moonshot("search", "service module", "--limit", "2", "--show-sql").stderr
        let pages = shown.components(separatedBy: "\n").filter { $0.hasPrefix("LIMIT") }
        XCTAssertEqual(pages, ["LIMIT 2;", "LIMIT 2 OFFSET 2;", "LIMIT 2 OFFSET 4;"], shown)
    }
}
