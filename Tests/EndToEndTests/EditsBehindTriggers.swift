import Foundation
import XCTest

extension BinaryTestCase {
    /// Runs `sql` with the sqlite3 shell on the test's `database` while `triggers` are dropped,
    /// then creates them again from the SQL the database held for them (a fresh import's, as
    /// schema.sql writes them): the database is laid out as schema.sql makes it again, so the
    /// questions read it, but it holds what those triggers would have kept out: a full-text
    /// index behind its table, or crew rows that point nowhere (what `check --repair` leaves).
    func editBehindTriggers(
        _ triggers: [String], _ sql: String, database: String = "moonshot.db",
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let names = triggers.map { "'\($0)'" }.joined(separator: ", ")
        let definitions = try sqlite3("SELECT sql || ';' FROM sqlite_schema WHERE type = 'trigger' AND name IN (\(names))", database: database)
        XCTAssertEqual(
            definitions.components(separatedBy: "CREATE TRIGGER").count - 1, triggers.count,
            "every trigger to drop is in \(database)", file: file, line: line)
        _ = try sqlite3(triggers.map { "DROP TRIGGER \($0);" }.joined() + sql, database: database)
        _ = try sqlite3(definitions, database: database)
    }

    /// Imports the built-in dataset into moonshot.db and copies it to fresh.db, for a test that
    /// compares answers from an index that falls behind its table with those of one kept up to date.
    func importWithFreshCopy(file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try moonshot("import")
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("moonshot.db"), to: folder.appendingPathComponent("fresh.db"))
    }

    /// Makes the same change to moonshot.db behind `triggers` (see `editBehindTriggers`) and to
    /// fresh.db with them (whose indexes stay up to date).
    func editBehindTriggersAndInFreshCopy(_ triggers: [String], _ sql: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try editBehindTriggers(triggers, sql, file: file, line: line)
        _ = try sqlite3(sql, database: "fresh.db")
    }
}
