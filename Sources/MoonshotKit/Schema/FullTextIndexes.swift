import SQLite

/// The full-text indexes of a moonshot database (`missions_fts`, `astronauts_fts`): FTS5
/// tables over the text of their tables, which the triggers keep up to date.
package enum FullTextIndexes {
    /// The indexes and the tables whose text they index.
    package static let indexedTables = [(index: "missions_fts", table: "missions"), (index: "astronauts_fts", table: "astronauts")]

    /// Fills every full-text index (or those named in `only`) afresh from its table.
    package static func rebuild(_ database: Database, only: [String]? = nil) throws {
        for (index, _) in indexedTables where only?.contains(index) ?? true {
            try database.execute("INSERT INTO \(identifier(index)) (\(identifier(index))) VALUES ('rebuild')")
        }
    }

    /// The indexes that do not hold exactly their table's text (FTS5's thorough check, with
    /// `rank` = 1, which compares the index with the table; the plain check does not), with
    /// SQLite's message for each; of those named in `only`, when given.
    package static func outOfStep(in database: Database, only: [String]? = nil) throws -> [(index: String, message: String)] {
        var found: [(String, String)] = []
        for (index, _) in indexedTables where only?.contains(index) ?? true {
            do {
                try database.execute("INSERT INTO \(identifier(index)) (\(identifier(index)), rank) VALUES ('integrity-check', 1)")
            } catch let error as SQLiteError where error.code.primary == .corrupt {
                found.append((index, error.message))
            }
        }
        return found
    }
}
