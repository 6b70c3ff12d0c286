import SQLite

/// How a repair makes moonshot's full-text indexes whole: an index holds nothing but what its
/// table gives it, so one that is changed, missing or unreadable is dropped (FTS5 drops its
/// own tables with it) and made afresh; one that has only fallen out of step is rebuilt.
enum FullTextIndexRepair {
    /// Drops what stands under the name of `index` (a view or an index is dropped as such) and
    /// checks that none of the names of FTS5's own tables is left taken. `RepairVerdict` has
    /// made sure it keeps no rows of its own.
    static func drop(_ index: String, in database: Database, path: String) throws {
        let standing = try database.rows(
            "SELECT type, name, sql LIKE 'CREATE VIRTUAL TABLE%' FROM sqlite_schema WHERE name = ? COLLATE NOCASE AND type <> 'trigger'", [.text(index)]
        ).first
        if let type = standing?.text(0), let name = standing?.text(1) {
            if type == "table" && standing?.int64(2) == 1 {
                try dropVirtualTable(name, index: index, in: database, path: path)
            } else if type == "view" || type == "index" {
                try database.execute("DROP \(type.uppercased()) \(identifier(name))")
            }
        }
        if let taken = try takenOwnTable(of: index, in: database) {
            throw RepairRefusal.tableInIndexsPlace(path: path, index: index, table: taken)
        }
    }

    /// Fills each of `indexes` afresh from its table; one FTS5 cannot even rebuild is dropped
    /// and made again first.
    static func rebuild(_ indexes: [String], in database: Database, path: String) throws {
        for index in indexes {
            do {
                try FullTextIndexes.rebuild(database, only: [index])
            } catch let error as SQLiteError where FullTextIndexes.isDamage(error) || error.code == .error {
                try drop(index, in: database, path: path)
                if let sql = EmbeddedResources.schemaObjects.first(where: { $0.name == index })?.sql { try database.execute(sql) }
                try FullTextIndexes.rebuild(database, only: [index])
            }
        }
        // FTS5 keeps what it writes in memory until a savepoint or the commit: written now, while
        // other programs' triggers on its tables are still set aside.
        try database.execute("SAVEPOINT moonshot_full_text; RELEASE moonshot_full_text")
    }

    /// Drops the virtual table `name`. FTS5 opens an index to drop it, reading its own tables:
    /// when that fails, they are first set as those of an empty index.
    private static func dropVirtualTable(_ name: String, index: String, in database: Database, path: String) throws {
        // FTS5 drops its own tables by name: each must be one it could have made.
        if let other = try foreignOwnTable(of: index, in: database) {
            throw RepairRefusal.tableInIndexsPlace(path: path, index: index, table: other)
        }
        do {
            try database.execute("DROP TABLE \(identifier(name))")
        } catch let error as SQLiteError where FullTextIndexes.isDamage(error) {
            try emptyOwnTables(of: index, in: database, path: path)
            do {
                try database.execute("DROP TABLE \(identifier(name))")
            } catch let error as SQLiteError where error.code.primary != .busy && error.code != .interrupted {
                throw RepairRefusal.fullTextIndexTooDamaged(path: path, index: index, sqliteMessage: error.message)
            }
        }
    }

    /// Gives `index`'s own tables the rows of an empty index of schema.sql's, made in a private
    /// in-memory database, making any that is missing.
    private static func emptyOwnTables(of index: String, in database: Database, path: String) throws {
        let scratch = try emptyIndex(index)
        for own in FullTextIndexes.ownTables(of: index) {
            guard let made = try scratch.rows("SELECT sql FROM sqlite_schema WHERE name = ?", [.text(own)]).first?.text(0) else { continue }
            let columns = try MoonshotTable.columns(of: own, in: scratch)
            if try MoonshotTable.columns(of: own, in: database).isEmpty {
                try database.execute(made)
            } else {
                try database.execute("DELETE FROM \(identifier(own))")
            }
            let list = columns.map(identifier).joined(separator: ", ")
            let insert = try database.prepare(
                "INSERT INTO \(identifier(own)) (\(list)) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
            for row in try scratch.rows("SELECT \(list) FROM \(identifier(own))") { try insert.execute(row.values) }
        }
    }

    /// The first name of `index`'s own tables that something holds while the index does not
    /// stand: FTS5 makes them with it, so none may stand there already.
    static func takenOwnTable(of index: String, in database: Database) throws -> String? {
        try FullTextIndexes.ownTables(of: index).first { try database.hasSchemaObject(named: $0) }
    }

    /// The first of `index`'s own tables that has other columns than FTS5 gives it: another
    /// program's table, which dropping the index would drop.
    static func foreignOwnTable(of index: String, in database: Database) throws -> String? {
        let scratch = try emptyIndex(index)
        return try FullTextIndexes.ownTables(of: index).first { own in
            let present = try MoonshotTable.columns(of: own, in: database).map { $0.lowercased() }
            let made = try MoonshotTable.columns(of: own, in: scratch).map { $0.lowercased() }
            return !present.isEmpty && present != made
        }
    }

    /// A private in-memory database holding an empty `index` as schema.sql makes it.
    private static func emptyIndex(_ index: String) throws -> Database {
        let scratch = try Database(path: ":memory:", mode: .readWriteCreate, foreignKeys: false)
        if let sql = EmbeddedResources.schemaObjects.first(where: { $0.name == index })?.sql { try scratch.execute(sql) }
        return scratch
    }
}
