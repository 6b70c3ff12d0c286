import SQLite

/// The full-text indexes (`missions_fts`, `astronauts_fts`): FTS5 tables over their tables' text, kept by triggers.
package enum FullTextIndexes {
    /// The indexes and the tables whose text they index.
    package static let indexedTables = [(index: "missions_fts", table: "missions"), (index: "astronauts_fts", table: "astronauts")]

    /// The tables FTS5 makes for `index` (`_data`, `_idx`, `_docsize`, `_config`), as running schema.sql recorded them.
    static func ownTables(of index: String) -> [String] {
        EmbeddedResources.schemaObjects.filter { $0.type == "table" && $0.name.lowercased().hasPrefix(index + "_") }.map(\.name)
    }

    /// Fills every full-text index (or those named in `only`) afresh from its table.
    package static func rebuild(_ database: Database, only: [String]? = nil) throws {
        for (index, _) in indexedTables where only?.contains(index) ?? true {
            try database.execute("INSERT INTO \(identifier(index)) (\(identifier(index))) VALUES ('rebuild')")
        }
    }

    /// The indexes (of `only`, if given) that FTS5 cannot read or that do not hold exactly their table's text, by its thorough check (`rank` = 1).
    /// The check is a write: call it in `Database.rolledBack` where nothing may change.
    package static func outOfStep(in database: Database, only: [String]? = nil) throws -> [(index: String, message: String)] {
        var found: [(String, String)] = []
        for (index, _) in indexedTables where only?.contains(index) ?? true {
            do {
                try database.execute("INSERT INTO \(identifier(index)) (\(identifier(index)), rank) VALUES ('integrity-check', 1)")
            } catch let error as SQLiteError where isDamage(error) {
                found.append((index, error.message))
            }
        }
        return found
    }

    /// Whether `error` is FTS5 finding an index inconsistent with its table or its own tables
    /// (any plain SQL error from it: a `_config` it cannot read, a `_docsize` of other columns).
    static func isDamage(_ error: SQLiteError) -> Bool {
        error.code.primary == .corrupt || error.code == .error
    }
}
