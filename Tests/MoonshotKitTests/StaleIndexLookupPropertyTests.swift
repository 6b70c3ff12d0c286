import Foundation
import XCTest
@testable import MoonshotKit

/// Random astronauts, random edits made while the triggers that keep the full-text index up to
/// date were dropped, random lookups: whatever the index still says, every astronaut a lookup
/// answers has, in the table now, the words asked for, by FTS5's own rule (checked here with an
/// FTS5 table of the test's, tokenized as schema.sql says).
final class StaleIndexLookupPropertyTests: XCTestCase {
    private static let seed: UInt64 = 2026_11_25
    private static let words = ["Neil", "Buzz", "Jim", "Lovell", "Pete", "Conrad", "Gus", "Élan", "Ödön", "Rusty", "Stu", "Ed"]
    private static let indexTriggers = ["astronauts_ai", "astronauts_ad", "astronauts_au"]

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
            try importAstronauts((0..<8).map { _ in (randomName(&random), randomDescription(&random)) }, into: path, in: folder)
            try editBehindTheIndex(path, edits: 1 + Int(random.next() % 5), using: &random)

            let database = try MoonshotDatabase(path: path)
            let table = try Database(path: path, mode: .readOnly)
            for _ in 0..<40 {
                let asked = (0..<(1 + Int(random.next() % 2))).map { _ in Self.someWord(&random) }
                let text = asked.map { random.next() % 2 == 0 ? $0.lowercased() : $0 }.joined(separator: " ")
                guard let found = try? database.resolveAstronaut(text) else { continue }
                answered += 1
                let row = try XCTUnwrap(table.rows("SELECT name, description FROM astronauts WHERE id = ?", [.text(found.thing.id)]).first,
                                        "seed \(Self.seed), round \(round): \(text) answered \(found.thing.id), which is not in the table")
                let (name, description) = (row.text(0) ?? "", row.text(1) ?? "")
                XCTAssertEqual(found.thing.name, name, "seed \(Self.seed), round \(round): \(text)")
                let quoted = asked.map { "\"\($0)\"" }
                // A name found by its words has them all; a guess has one of them in its text.
                let expression = found.guessedFrom == nil ? "name : (\(quoted.joined(separator: " ")))" : quoted.joined(separator: " OR ")
                XCTAssertTrue(try checker.matches(name: name, description: description, expression),
                              "seed \(Self.seed), round \(round): \"\(text)\" answered \(found.thing.id) (\(name)), whose current text "
                                  + "does not match \(expression): \(description)")
            }
        }
        XCTAssertGreaterThan(answered, 100, "seed \(Self.seed): too few lookups found anyone to test much")
    }

    private static func someWord(_ random: inout SeededRandom) -> String {
        words[Int(random.next() % UInt64(words.count))]
    }

    /// When the index proposes more than a page of candidates that no longer match, the one
    /// that does is still found, by its name: the candidates are read on until it is.
    func testCandidatesThatNoLongerMatchDoNotHideOneThatDoes() throws {
        let folder = try makeTemporaryFolder(self)
        let path = folder.appendingPathComponent("moonshot.db").path
        try importAstronauts((0..<14).map { ("Jim Pilot\($0)", "A pilot.") }, into: path, in: folder)
        try behindTheIndex(path) { try $0.execute("UPDATE astronauts SET name = 'Ed Pilot' || number WHERE id <> 'a13'") }
        let found = try MoonshotDatabase(path: path).resolveAstronaut("Jim")
        XCTAssertEqual(found.thing.id, "a13")
        XCTAssertNil(found.guessedFrom, "found by its name, not guessed")
    }

    /// Imports astronauts a0, a1... with these names and descriptions (and a mission a0 and a1
    /// flew) into a new database at `path`.
    private func importAstronauts(_ entries: [(name: String, description: String)], into path: String, in folder: URL) throws {
        var astronauts: [String: Any] = [:]
        for (index, entry) in entries.enumerated() {
            astronauts["a\(index)"] = ["id": "a\(index)", "name": entry.name, "description": entry.description]
        }
        let missions: [[String: Any]] = [["id": 1, "launchDate": "1969-07-16", "description": "A mission.",
                                          "crew": [["name": "a0", "role": "Commander"], ["name": "a1", "role": "Pilot"]]]]
        let missionsPath = folder.appendingPathComponent("missions.json").path
        let astronautsPath = folder.appendingPathComponent("astronauts.json").path
        try JSONSerialization.data(withJSONObject: missions).write(to: URL(fileURLWithPath: missionsPath))
        try JSONSerialization.data(withJSONObject: astronauts).write(to: URL(fileURLWithPath: astronautsPath))
        _ = try Importer.run(missions: .file(missionsPath), astronauts: .file(astronautsPath), databasePath: path)
    }

    private func randomName(_ random: inout SeededRandom) -> String {
        (0..<(2 + Int(random.next() % 2))).map { _ in Self.someWord(&random) }.joined(separator: " ")
    }

    /// An opening with a nickname before a parenthesis, as Wikipedia's, and more words after.
    private func randomDescription(_ random: inout SeededRandom) -> String {
        "\(Self.someWord(&random)) \(Self.someWord(&random)) (born 1930) flew with \(Self.someWord(&random)) and \(Self.someWord(&random))."
    }

    /// Renames, redescribes, deletes and inserts astronauts (a new one taking a deleted one's
    /// number, so the index holds another's text for it) with the index's triggers dropped,
    /// then creates the triggers again as they were.
    private func editBehindTheIndex(_ path: String, edits: Int, using random: inout SeededRandom) throws {
        try behindTheIndex(path) { database in try makeEdits(edits, in: database, using: &random) }
    }

    private func makeEdits(_ edits: Int, in database: Database, using random: inout SeededRandom) throws {
        var freed: [Int64] = []
        for edit in 0..<edits {
            let numbers = try database.rows("SELECT number FROM astronauts ORDER BY number").compactMap { $0.int64(0) }
            let number = numbers[Int(random.next() % UInt64(numbers.count))]
            switch random.next() % 4 {
            case 0: try database.execute("UPDATE astronauts SET name = ? WHERE number = ?", [.text(randomName(&random)), .integer(number)])
            case 1: try database.execute("UPDATE astronauts SET description = ? WHERE number = ?", [.text(randomDescription(&random)), .integer(number)])
            case 2 where numbers.count > 2:
                try database.execute("DELETE FROM astronauts WHERE number = ?", [.integer(number)])
                freed.append(number)
            default:
                guard let reused = freed.popLast() else { continue }
                try database.execute("INSERT INTO astronauts (number, id, name, description) VALUES (?, ?, ?, ?)",
                                     [.integer(reused), .text("new\(edit)"), .text(randomName(&random)), .text(randomDescription(&random))])
            }
        }
    }

    /// Runs `edit` on the database at `path` (foreign keys off, as the sqlite3 shell has them)
    /// with the index's triggers dropped, then creates them again as they were.
    private func behindTheIndex(_ path: String, _ edit: (Database) throws -> Void) throws {
        let database = try Database(path: path, mode: .readWrite, foreignKeys: false)
        let names = Self.indexTriggers.map { "'\($0)'" }.joined(separator: ", ")
        let triggers = try database.rows("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name IN (\(names))").compactMap { $0.text(0) }
        XCTAssertEqual(triggers.count, Self.indexTriggers.count)
        for name in Self.indexTriggers { try database.execute("DROP TRIGGER \(name)") }
        try edit(database)
        for sql in triggers { try database.execute(sql) }
    }
}

/// Whether text matches an FTS5 expression, by FTS5 itself: a table of its own tokenized as
/// schema.sql's full-text indexes are.
private final class FTS5Checker {
    private let database: Database

    init() throws {
        database = try Database(path: ":memory:", mode: .readWriteCreate)
        try database.execute("CREATE VIRTUAL TABLE t USING fts5(name, description, tokenize = 'unicode61 remove_diacritics 2')")
    }

    func matches(name: String, description: String, _ expression: String) throws -> Bool {
        try database.execute("DELETE FROM t")
        try database.execute("INSERT INTO t (name, description) VALUES (?, ?)", [.text(name), .text(description)])
        return try database.scalar("SELECT count(*) FROM t WHERE t MATCH ?", [.text(expression)]) == .integer(1)
    }
}
