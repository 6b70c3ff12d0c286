import SQLite

/// How a repair makes moonshot's full-text indexes whole: an index holds nothing but what its
/// table gives it, so one that is changed, missing or unreadable is dropped (FTS5 drops its
/// own tables with it) and made afresh; one that has only fallen out of step is rebuilt.
enum FullTextIndexRepair {
    /// Drops the virtual table of `index`, if there is one, and checks that none of the names of
    /// FTS5's own tables is left taken. `RepairVerdict` has made sure it keeps no rows of its own.
    static func drop(_ index: String, in database: Database, path: String) throws {
        let virtual = try database.rows(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name = ? COLLATE NOCASE AND sql LIKE 'CREATE VIRTUAL TABLE%'", [.text(index)]
        ).first?.text(0)
        if let virtual {
            do {
                try database.execute("DROP TABLE \(identifier(virtual))")
            } catch let error as SQLiteError where FullTextIndexes.isDamage(error) {
                // FTS5 reads its _config to open the index, even to drop it: give it the version it expects.
                try restoreVersion(of: index, expected: error.message, in: database, path: path)
                do {
                    try database.execute("DROP TABLE \(identifier(virtual))")
                } catch let error as SQLiteError where error.code.primary != .busy {
                    throw RepairRefusal.fullTextIndexTooDamaged(path: path, index: index, sqliteMessage: error.message)
                }
            }
        }
        for own in FullTextIndexes.ownTables(of: index)
        where try database.scalar("SELECT count(*) FROM sqlite_schema WHERE name = ? COLLATE NOCASE", [.text(own)]) != .integer(0) {
            throw RepairRefusal.tableInIndexsPlace(path: path, index: index, table: own)
        }
    }

    /// Fills each of `indexes` afresh from its table; one FTS5 cannot even rebuild is dropped
    /// and made again first.
    static func rebuild(_ indexes: [String], in database: Database, path: String) throws {
        for index in indexes {
            do {
                try FullTextIndexes.rebuild(database, only: [index])
            } catch let error as SQLiteError where FullTextIndexes.isDamage(error) {
                try drop(index, in: database, path: path)
                if let sql = EmbeddedResources.schemaObjects.first(where: { $0.name == index })?.sql { try database.execute(sql) }
                try FullTextIndexes.rebuild(database, only: [index])
            }
        }
    }

    /// Writes into `index`'s `_config` table the format version FTS5's message `expected`
    /// asks for ("invalid fts5 file format (found 0, expected 4)"), making the table if it is gone.
    private static func restoreVersion(of index: String, expected message: String, in database: Database, path: String) throws {
        guard let range = message.firstRange(of: "expected "),
            let version = Int64(message[range.upperBound...].prefix(while: \.isNumber))
        else {
            throw RepairRefusal.fullTextIndexTooDamaged(path: path, index: index, sqliteMessage: message)
        }
        let config = identifier(index + "_config")
        try database.execute("CREATE TABLE IF NOT EXISTS \(config) (k PRIMARY KEY, v) WITHOUT ROWID")
        try database.execute("INSERT OR REPLACE INTO \(config) (k, v) VALUES ('version', ?)", [.integer(version)])
    }
}
