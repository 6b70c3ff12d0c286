import Foundation
import TestSupport
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import SQLite
@testable import Store

/// Random astronauts and missions, and random edits made while the triggers that keep their
/// full-text indexes up to date were dropped: the indexes then hold text the tables no longer
/// have, for the property tests of lookups and search.
enum StaleIndexFixture {
    static let words = ["Neil", "Buzz", "Jim", "Lovell", "Pete", "Conrad", "Gus", "Élan", "Ödön", "Rusty", "Stu", "Ed"]
    static let astronautIndexTriggers = ["astronauts_ai", "astronauts_ad", "astronauts_au"]
    static let missionIndexTriggers = ["missions_ai", "missions_ad", "missions_au"]

    static func someWord(_ random: inout SeededRandom) -> String {
        words[Int(random.next() % UInt64(words.count))]
    }

    static func randomName(_ random: inout SeededRandom) -> String {
        (0..<(2 + Int(random.next() % 2))).map { _ in someWord(&random) }.joined(separator: " ")
    }

    /// An opening with a nickname before a parenthesis, as Wikipedia's, and more words after.
    static func randomDescription(_ random: inout SeededRandom) -> String {
        "\(someWord(&random)) \(someWord(&random)) (born 1930) flew with \(someWord(&random)) and \(someWord(&random))."
    }

    /// Imports astronauts a0, a1... with these names and descriptions, and missions 1, 2...
    /// with these descriptions (a0 and a1 flew the first), into a new database at `path`.
    static func importDataset(
        astronauts entries: [(name: String, description: String)], missions: [String] = ["A mission."],
        into path: String, in folder: URL
    ) throws {
        var astronauts: [String: Any] = [:]
        for (index, entry) in entries.enumerated() {
            astronauts["a\(index)"] = ["id": "a\(index)", "name": entry.name, "description": entry.description]
        }
        let missions: [[String: Any]] = missions.enumerated().map { index, description in
            [
                "id": index + 1, "launchDate": "1969-07-16", "description": description,
                "crew": index > 0 ? [] : [["name": "a0", "role": "Commander"], ["name": "a1", "role": "Pilot"]],
            ]
        }
        let missionsPath = folder.appendingPathComponent("missions.json").path
        let astronautsPath = folder.appendingPathComponent("astronauts.json").path
        try JSONSerialization.data(withJSONObject: missions).write(to: URL(fileURLWithPath: missionsPath))
        try JSONSerialization.data(withJSONObject: astronauts).write(to: URL(fileURLWithPath: astronautsPath))
        _ = try Importer.run(missions: .file(missionsPath), astronauts: .file(astronautsPath), databasePath: path)
    }

    /// Renames, redescribes, deletes and inserts astronauts (a new one taking a deleted one's
    /// number, so the index holds another's text for it).
    static func makeAstronautEdits(_ edits: Int, in database: Database, using random: inout SeededRandom) throws {
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
                try database.execute(
                    "INSERT INTO astronauts (number, id, name, description) VALUES (?, ?, ?, ?)",
                    [.integer(reused), .text("new\(edit)"), .text(randomName(&random)), .text(randomDescription(&random))])
            }
        }
    }

    /// Redescribes missions, or replaces one by another of the same number.
    static func makeMissionEdits(_ edits: Int, in database: Database, using random: inout SeededRandom) throws {
        for _ in 0..<edits {
            let ids = try database.rows("SELECT id FROM missions ORDER BY id").compactMap { $0.int64(0) }
            let id = ids[Int(random.next() % UInt64(ids.count))]
            if random.next() % 2 == 0 {
                try database.execute("UPDATE missions SET description = ? WHERE id = ?", [.text(randomDescription(&random)), .integer(id)])
            } else {
                try database.execute("DELETE FROM missions WHERE id = ?", [.integer(id)])
                try database.execute(
                    "INSERT INTO missions (id, launch_date, description) VALUES (?, NULL, ?)",
                    [.integer(id), .text(randomDescription(&random))])
            }
        }
    }

    /// Runs `edit` on the database at `path` (foreign keys off, as the sqlite3 shell has them)
    /// with `triggers` dropped, then creates them again as they were.
    static func behindTheIndexes(_ path: String, triggers: [String] = astronautIndexTriggers, _ edit: (Database) throws -> Void) throws {
        let database = try Database(path: path, mode: .readWrite, foreignKeys: false)
        let names = triggers.map { "'\($0)'" }.joined(separator: ", ")
        let definitions = try database.rows("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name IN (\(names))").compactMap { $0.text(0) }
        XCTAssertEqual(definitions.count, triggers.count)
        for name in triggers { try database.execute("DROP TRIGGER \(name)") }
        try edit(database)
        for sql in definitions { try database.execute(sql) }
    }
}

/// Whether text matches an FTS5 expression, by FTS5 itself: a table of its own tokenized as
/// schema.sql's full-text indexes are.
final class FTS5Checker {
    private let database: Database

    init() throws {
        database = try Database(path: ":memory:", mode: .readWriteCreate)
        try database.execute("CREATE VIRTUAL TABLE t USING fts5(name, description, tokenize = '\(MoonshotDatabase.fullTextTokenizer)')")
    }

    func matches(name: String, description: String, _ expression: String) throws -> Bool {
        try database.execute("DELETE FROM t")
        try database.execute("INSERT INTO t (name, description) VALUES (?, ?)", [.text(name), .text(description)])
        return try database.scalar("SELECT count(*) FROM t WHERE t MATCH ?", [.text(expression)]) == .integer(1)
    }
}
