import SQLite

/// How a repair makes the full-text indexes whole: an index holds only what its table gives it, so a changed, missing
/// or unreadable one is dropped (FTS5's own tables with it) and made afresh, and one out of step is rebuilt.
enum FullTextIndexRepair {
    /// Drops what stands under `index`'s name and checks that no name of FTS5's own tables is left taken;
    /// `RepairVerdict` has made sure it keeps no rows of its own.
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
            throw RepairRefusal.tableInIndexsPlace(path: path, index: index, table: taken.name, type: taken.type)
        }
    }

    /// Fills each of `indexes` afresh from its table, dropping and making again one FTS5 cannot even rebuild.
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

    /// FTS5 reads an index's own tables to drop it: when that fails, they are first set to an empty index's.
    private static func dropVirtualTable(_ name: String, index: String, in database: Database, path: String) throws {
        // FTS5 drops its own tables by name: each must be one it could have made.
        if let other = try foreignOwnTable(of: index, in: database) {
            throw RepairRefusal.tableInIndexsPlace(path: path, index: index, table: other.name, type: other.type)
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

    /// Gives `index`'s own tables the rows of an empty index made in memory, making any that is missing.
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

    /// The first object (not a trigger, whose names are apart) under a name of `index`'s own tables.
    static func takenOwnTable(of index: String, in database: Database) throws -> (name: String, type: String)? {
        for own in FullTextIndexes.ownTables(of: index) {
            if let type = try objectType(named: own, in: database) { return (own, type) }
        }
        return nil
    }

    /// The first of `index`'s own tables not as FTS5 makes it: another program's, which dropping the index would drop.
    static func foreignOwnTable(of index: String, in database: Database) throws -> (name: String, type: String)? {
        let scratch = try emptyIndex(index)
        for own in FullTextIndexes.ownTables(of: index) {
            guard let type = try objectType(named: own, in: database) else { continue }
            let present = try MoonshotTable.columns(of: own, in: database).map { $0.lowercased() }
            let made = try MoonshotTable.columns(of: own, in: scratch).map { $0.lowercased() }
            if type != "table" || present != made { return (own, type) }
        }
        return nil
    }

    private static func objectType(named name: String, in database: Database) throws -> String? {
        try database.rows("SELECT type FROM sqlite_schema WHERE name = ? COLLATE NOCASE AND type <> 'trigger'", [.text(name)]).first?.text(0)
    }

    /// A private in-memory database holding an empty `index` as schema.sql makes it.
    private static func emptyIndex(_ index: String) throws -> Database {
        let scratch = try Database(path: ":memory:", mode: .readWriteCreate, foreignKeys: false)
        if let sql = EmbeddedResources.schemaObjects.first(where: { $0.name == index })?.sql { try scratch.execute(sql) }
        return scratch
    }
}
