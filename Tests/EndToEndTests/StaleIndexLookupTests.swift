import Foundation
import XCTest

/// A name lookup answers from the rows, never from a full-text index that has fallen behind
/// them (its triggers dropped while rows changed, with the real sqlite3 shell): each lookup
/// answers as it would on the same rows with an up-to-date index.
final class StaleIndexLookupTests: BinaryTestCase {
    private static let astronautIndexTriggers = ["astronauts_ai", "astronauts_ad", "astronauts_au"]

    override func setUpWithError() throws {
        try super.setUpWithError()
        try importWithFreshCopy()
    }

    /// Asks `arguments` of both databases: the answers must be the same (the stale one's
    /// messages naming its own file), and are returned.
    private func answersAgree(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let stale = try moonshot(arguments + ["--db", "moonshot.db"])
        let fresh = try moonshot(arguments + ["--db", "fresh.db"])
        XCTAssertEqual(stale.status, fresh.status, "\(arguments): \(stale.stderr)", file: file, line: line)
        XCTAssertEqual(stale.stdout, fresh.stdout, "\(arguments)", file: file, line: line)
        XCTAssertEqual(stale.stderr, fresh.stderr.replacingOccurrences(of: "fresh.db", with: "moonshot.db"), "\(arguments)", file: file, line: line)
        return stale
    }

    /// The case: Schmitt deleted and a new astronaut given his number while the index
    /// was not kept up to date; his name must not find her.
    func testAnAstronautInTheDeletedOnesPlaceIsNotFoundByHisName() throws {
        let number = try sqlite3("SELECT number FROM astronauts WHERE id = 'schmitt'").trimmingCharacters(in: .whitespacesAndNewlines)
        try editBehindTriggersAndInFreshCopy(
            Self.astronautIndexTriggers,
            """
            DELETE FROM astronauts WHERE id = 'schmitt';
            INSERT INTO astronauts (number, id, name, description) VALUES (\(number), 'newbie', 'Nora Newbie', 'A geologist who never flew.');
            """)
        for arguments in [["astronaut", "Harrison Schmitt"], ["flights", "schmitt"], ["astronaut", "Harrison", "Schmitt"]] {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.stdout)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertFalse(result.stderr.contains("Nora") || result.stderr.contains("newbie"), "\(arguments): \(result.stderr)")
            _ = try answersAgree(arguments)
        }
        XCTAssertEqual(try moonshot("astronaut", "Eugene Cernan").status, 0)
    }

    /// A guess from a nickname reads the current description: Aldrin's without "Buzz" is not
    /// found by it (Collins's, which names "Buzz Aldrin" early on, is).
    func testAGuessIsScoredOnTheCurrentText() throws {
        try editBehindTriggersAndInFreshCopy(Self.astronautIndexTriggers, "UPDATE astronauts SET description = 'An American astronaut.' WHERE id = 'aldrin';")
        let result = try answersAgree(["astronaut", "Buzz"])
        XCTAssertFalse(result.stdout.contains("aldrin") || result.stderr.contains("aldrin"), result.stdout + result.stderr)
        XCTAssertEqual(try answersAgree(["astronaut", "Jim Lovell"]).status, 0)
    }

    /// A mission whose description changed is not found by its old words, and other missions
    /// still are by theirs.
    func testAMissionIsNotFoundByWordsItNoLongerHas() throws {
        try editBehindTriggersAndInFreshCopy(
            ["missions_ai", "missions_ad", "missions_au"],
            "UPDATE missions SET description = 'A mission of zanzibar marmalade.' WHERE id = 13;")
        let result = try answersAgree(["mission", "oxygen", "tank"])
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stderr.hasPrefix("Error: no mission matches \"oxygen tank\""), result.stderr)
        XCTAssertEqual(try answersAgree(["crew", "lunar rover"]).status, 0)
        XCTAssertEqual(try answersAgree(["mission", "Tranquility"]).status, 0)
    }
}
