/// The last step of an import: the content of the scratch database replaces the content of
/// the real one, through SQLite, in one transaction under the real database's write lock.
///
/// The database file itself is never renamed or deleted, so whatever its journal mode
/// (rollback or WAL), readers see the old content or the new; a writer's change is committed
/// before the import takes the lock, or waits for it; concurrent imports take turns. The file
/// keeps its inode, owner and permissions, and a symbolic link to it stays one.
enum DatabaseReplacement {
    /// How long to wait for another connection's lock on the database, in milliseconds.
    static let lockTimeout: Int32 = 30_000

    /// Replaces the content of the database at `path` (created if missing) with that of the
    /// scratch database at `scratchPath`, keeps its import history, and records `provenance`.
    /// Returns the input hashes of the import whose content was replaced, if any.
    static func replace(_ path: String, withContentOf scratchPath: String, recording provenance: Provenance) throws -> InputHashes? {
        do {
            // Foreign keys were enforced while the scratch database was built; off here, rows
            // are copied as they are stored, without being taken apart and checked again.
            let database = try Database(path: path, mode: .readWriteCreate, foreignKeys: false, busyTimeout: lockTimeout)
            try database.execute("ATTACH DATABASE ? AS scratch", [.text(scratchPath)])
            return try database.transaction(.immediate) {
                let history = try importHistory(of: database, path: path)
                try dropEverything(in: database)
                try database.execute(EmbeddedDataset.schemaSQL)
                for table in try database.rows("""
                    SELECT name FROM scratch.sqlite_schema
                    WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
                    """) {
                    let name = identifier(table.text(0))
                    try database.execute("DELETE FROM main.\(name); INSERT INTO main.\(name) SELECT * FROM scratch.\(name)")
                }
                for row in history {
                    let placeholders = Array(repeating: "?", count: row.values.count).joined(separator: ", ")
                    try database.execute("INSERT INTO main.imports VALUES (\(placeholders))", row.values)
                }
                try provenance.record(in: database)
                return history.last.flatMap(InputHashes.init(importRow:))
            }
        } catch let error as SQLiteError where error.isBusy {
            throw MoonshotError("\(path) is locked by another program, which kept it for \(lockTimeout / 1000) seconds; \(path) was not changed",
                                hint: "Try again when it has finished (a sqlite3 session in a transaction holds the lock until COMMIT).")
        } catch let error as SQLiteError where error.code.primary == .notADatabase {
            throw notAMoonshotDatabase(path)
        }
    }

    /// The rows of the `imports` table of the database, oldest first; none for an empty
    /// database. Throws for a database that moonshot did not make.
    private static func importHistory(of database: Database, path: String) throws -> [Row] {
        guard try database.scalar("SELECT count(*) FROM main.sqlite_schema") != .integer(0) else { return [] }
        guard let version = try MoonshotDatabase.schemaVersion(of: database) else { throw notAMoonshotDatabase(path) }
        if version > MoonshotDatabase.schemaVersion {
            throw MoonshotError("\(path) was made by a newer moonshot (schema version \(version)); it was left as it is",
                                hint: "Use a newer moonshot, or import into another file with --db.")
        }
        return try database.rows("SELECT * FROM main.imports ORDER BY id")
    }

    /// Drops every table, view and trigger of the main database: views and triggers first,
    /// then full-text indexes (which drop their own tables), then the other tables.
    private static func dropEverything(in database: Database) throws {
        let next = try database.prepare("""
            SELECT type, name FROM main.sqlite_schema
            WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite%'
            ORDER BY type = 'table', sql NOT LIKE 'CREATE VIRTUAL TABLE%' LIMIT 1
            """)
        while let object = try next.rows().first, let type = object.text(0) {
            try database.execute("DROP \(type == "view" ? "VIEW" : type == "trigger" ? "TRIGGER" : "TABLE") main.\(identifier(object.text(1)))")
        }
    }

    private static func notAMoonshotDatabase(_ path: String) -> MoonshotError {
        MoonshotError("\(path) exists but is not a moonshot database; it was left as it is",
                      hint: "Move it away, or choose another path with --db.")
    }
}
