import Foundation
import TestSupport
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import SQLite
@testable import Store

/// Random astronauts, random edits made while the triggers that keep the full-text index up to
/// date were dropped, random lookups: whatever the index still says, every astronaut a lookup
/// answers has, in the table now, the words asked for, by FTS5's own rule (checked here with an
/// FTS5 table of the test's, tokenized as schema.sql says).
final class StaleIndexLookupPropertyTests: XCTestCase {
    private static let seed: UInt64 = 2026_11_25

    func testEveryAnswerHasTheWordsAskedForInItsCurrentText() throws {
        // The table that confirms candidates splits and folds text as schema.sql's indexes do.
        let schema = try String(contentsOf: packageRoot.appendingPathComponent("schema.sql"), encoding: .utf8)
        XCTAssertEqual(schema.components(separatedBy: "USING fts5(").count - 1, 2)
        XCTAssertEqual(schema.components(separatedBy: "tokenize=\"\(MoonshotDatabase.fullTextTokenizer)\"").count - 1, 2)

        var random = SeededRandom(seed: Self.seed)
        let checker = try FTS5Checker()
        let folder = try makeTemporaryFolder(self)
        var answered = 0
        for round in 0..<25 {
            let path = folder.appendingPathComponent("round\(round).db").path
            try StaleIndexFixture.importDataset(
                astronauts: (0..<8).map { _ in (StaleIndexFixture.randomName(&random), StaleIndexFixture.randomDescription(&random)) },
                into: path, in: folder)
            let edits = 1 + Int(random.next() % 5)
            try StaleIndexFixture.behindTheIndexes(path) { try StaleIndexFixture.makeAstronautEdits(edits, in: $0, using: &random) }

            let database = try MoonshotDatabase(path: path)
            let table = try Database(path: path, mode: .readOnly)
            for _ in 0..<40 {
                let asked = (0..<(1 + Int(random.next() % 2))).map { _ in StaleIndexFixture.someWord(&random) }
                let text = asked.map { random.next() % 2 == 0 ? $0.lowercased() : $0 }.joined(separator: " ")
                guard let found = try? database.resolveAstronaut(text) else { continue }
                answered += 1
                let row = try XCTUnwrap(
                    table.rows("SELECT name, description FROM astronauts WHERE id = ?", [.text(found.thing.id)]).first,
                    "seed \(Self.seed), round \(round): \(text) answered \(found.thing.id), which is not in the table")
                let (name, description) = (row.text(0) ?? "", row.text(1) ?? "")
                XCTAssertEqual(found.thing.name, name, "seed \(Self.seed), round \(round): \(text)")
                let quoted = asked.map { "\"\($0)\"" }
                // A name found by its words has them all, the last one perhaps as the start of a
                // word; a guess has one of them in its text.
                let expression = found.guessedFrom == nil ? "name : (\(quoted.joined(separator: " "))*)" : quoted.joined(separator: " OR ")
                XCTAssertTrue(
                    try checker.matches(name: name, description: description, expression),
                    "seed \(Self.seed), round \(round): \"\(text)\" answered \(found.thing.id) (\(name)), whose current text "
                        + "does not match \(expression): \(description)")
            }
        }
        XCTAssertGreaterThan(answered, 100, "seed \(Self.seed): too few lookups found anyone to test much")
    }

    /// When the index proposes more than a page of candidates that no longer match, the one
    /// that does is still found, by its name: the candidates are read on until it is.
    func testCandidatesThatNoLongerMatchDoNotHideOneThatDoes() throws {
        let folder = try makeTemporaryFolder(self)
        let path = folder.appendingPathComponent("moonshot.db").path
        try StaleIndexFixture.importDataset(astronauts: (0..<14).map { ("Jim Pilot\($0)", "A pilot.") }, into: path, in: folder)
        try StaleIndexFixture.behindTheIndexes(path) { try $0.execute("UPDATE astronauts SET name = 'Ed Pilot' || number WHERE id <> 'a13'") }
        let found = try MoonshotDatabase(path: path).resolveAstronaut("Jim")
        XCTAssertEqual(found.thing.id, "a13")
        XCTAssertNil(found.guessedFrom, "found by its name, not guessed")
    }
}
