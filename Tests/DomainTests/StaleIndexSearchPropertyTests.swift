import Foundation
import TestSupport
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import SQLite
@testable import Store

/// Random missions and astronauts, random edits made while the triggers that keep the
/// full-text indexes up to date were dropped, random searches: whatever the indexes still
/// say, every hit `search` gives has, in its table now, the words asked for, by FTS5's own
/// rule (checked here with an FTS5 table of the test's), and a snippet of that text. With
/// up-to-date indexes, it gives exactly the canned query's rows.
final class StaleIndexSearchPropertyTests: XCTestCase {
    private static let seed: UInt64 = 2026_11_25_27

    func testEveryHitHasTheWordsAskedForInItsCurrentText() throws {
        typealias Fixture = StaleIndexFixture
        var random = SeededRandom(seed: Self.seed)
        let checker = try FTS5Checker()
        let folder = try makeTemporaryFolder(self)
        var (hits, searches) = (0, 0)
        for round in 0..<20 {
            let path = folder.appendingPathComponent("round\(round).db").path
            try Fixture.importDataset(
                astronauts: (0..<8).map { _ in (Fixture.randomName(&random), Fixture.randomDescription(&random)) },
                missions: (0..<4).map { _ in Fixture.randomDescription(&random) }, into: path, in: folder)
            let upToDate = try MoonshotDatabase(path: path)
            for _ in 0..<5 {
                let text = Self.someWords(&random).text
                XCTAssertEqual(try upToDate.search(text, limit: 100), try cannedHits(text, in: path), "seed \(Self.seed), round \(round): \(text)")
            }

            let (astronautEdits, missionEdits) = (Int(random.next() % 5), Int(random.next() % 3))
            try Fixture.behindTheIndexes(path) { try Fixture.makeAstronautEdits(astronautEdits, in: $0, using: &random) }
            try Fixture.behindTheIndexes(path, triggers: Fixture.missionIndexTriggers) {
                try Fixture.makeMissionEdits(missionEdits, in: $0, using: &random)
            }

            let database = try MoonshotDatabase(path: path)
            let table = try Database(path: path, mode: .readOnly)
            for _ in 0..<40 {
                let (asked, text) = Self.someWords(&random)
                let limit = 1 + Int(random.next() % 4)
                searches += 1
                let found = try database.search(text, limit: limit)
                XCTAssertLessThanOrEqual(found.count, limit)
                for hit in found {
                    hits += 1
                    let rows =
                        hit.kind == .mission
                        ? try table.rows("SELECT name, description FROM missions WHERE id = ?", [.integer(hit.missionID ?? -1)])
                        : try table.rows("SELECT name, description FROM astronauts WHERE id = ?", [.text(hit.astronautID ?? "")])
                    let row = try XCTUnwrap(rows.first, "seed \(Self.seed), round \(round): \(text) found \(hit.key), which is not in its table")
                    let (name, description) = (row.text(0) ?? "", row.text(1) ?? "")
                    XCTAssertEqual(hit.missionName ?? hit.astronautName, name, "seed \(Self.seed), round \(round): \(text)")
                    // Every word, the last one perhaps as the start of a word.
                    let expression = asked.map { "\"\($0)\"" }.joined(separator: " ") + "*"
                    XCTAssertTrue(
                        try checker.matches(name: name, description: description, expression),
                        "seed \(Self.seed), round \(round): \"\(text)\" found \(hit.key) (\(name)), whose current text "
                            + "does not match \(expression): \(description)")
                    // The snippet is a stretch of the current text: each piece between "..." is in it.
                    for piece in hit.snippet.replacingOccurrences(of: "*", with: "").components(separatedBy: "...") where !piece.isEmpty {
                        XCTAssertTrue(
                            name.contains(piece) || description.contains(piece),
                            "seed \(Self.seed), round \(round): \"\(text)\": \(hit.key)'s snippet \(hit.snippet) is not from its text: \(description)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(hits, 300, "seed \(Self.seed): too few hits in \(searches) searches to test much")
    }

    /// One or two words of the fixture's, as a user might type them (any case, a possessive
    /// 's), and the words themselves.
    private static func someWords(_ random: inout SeededRandom) -> (asked: [String], text: String) {
        let asked = (0..<(1 + Int(random.next() % 2))).map { _ in StaleIndexFixture.someWord(&random) }
        let text = asked.map { word in
            let typed = random.next() % 2 == 0 ? word.lowercased() : word
            return random.next() % 4 == 0 ? typed + "'s" : typed
        }.joined(separator: " ")
        return (asked, text)
    }

    /// The rows of the canned query itself for `text`, as hits.
    private func cannedHits(_ text: String, in path: String) throws -> [SearchHit] {
        let database = try Database(path: path, mode: .readOnly)
        let statement = try database.prepare(CannedQuery.search.sql)
        try statement.bind(named: ["words": .text(text)])
        var hits: [SearchHit] = []
        while try statement.step() {
            hits.append(
                SearchHit(
                    kind: statement.text(0) == "mission" ? .mission : .astronaut, missionID: statement.int64(1),
                    missionName: statement.text(2), astronautID: statement.text(3), astronautName: statement.text(4),
                    snippet: statement.text(5) ?? ""))
        }
        return hits
    }
}
