/// The content of a database being replaced, inside the import's transaction: what it held
/// is checked and put aside, the schema of schema.sql takes its place, and once the new rows
/// are in, the indexes, the derived columns, the full-text indexes, the triggers and the
/// import history follow.
///
/// The database file itself is never renamed or deleted: whatever its journal mode (rollback
/// or WAL), readers see the old content or the new, a writer's change is committed before the
/// import takes the write lock or waits for it, and concurrent imports take turns. The file
/// keeps its inode, owner and permissions, and a symbolic link to it stays one.
struct DatabaseReplacement {
    /// Whether the database had no tables, views or anything else (nor another program's
    /// application id): a new one.
    let wasEmpty: Bool
    /// The rows of the replaced `imports` table, oldest first (see `Provenance.history`).
    let history: [Row]
    /// The schema version of the replaced content, when it had one older than schema.sql's.
    let olderSchemaVersion: Int64?
    /// The `CREATE INDEX` statements of schema.sql, run once the rows are in: an index created
    /// then is one sort, where one kept up to date is a search and an insert per row.
    private let deferredIndexes: [String]
    /// The `CREATE TRIGGER` statements of schema.sql, in its order, run once the rows and the
    /// full-text indexes are in: the import fills the indexes and derived columns in bulk.
    private let deferredTriggers: [String]

    /// Checks that the database (in a write transaction) is empty or a moonshot database,
    /// keeps its history, drops everything in it, and creates the schema without its indexes
    /// and triggers.
    init(of database: Database, path: String) throws {
        wasEmpty = try database.scalar("SELECT count(*) FROM sqlite_schema") == .integer(0)
        if wasEmpty, try !MoonshotDatabase.isUnclaimed(database) { throw Self.notAMoonshotDatabase(path) }
        let version = wasEmpty ? nil : try Self.checkedVersion(of: database, path: path)
        olderSchemaVersion = version.flatMap { $0 < MoonshotDatabase.schemaVersion ? $0 : nil }
        history = wasEmpty ? [] : try Provenance.history(in: database)
        try Self.dropEverything(in: database)
        try database.execute(EmbeddedResources.schemaWithoutIndexesAndTriggers)
        deferredIndexes = Self.schemaStatements(ofType: "index")
        deferredTriggers = Self.schemaStatements(ofType: "trigger")
    }

    /// The statements of schema.sql that make its objects of `type`, in its order (as recorded
    /// when moonshot was built: see `EmbeddedResources`).
    private static func schemaStatements(ofType type: String) -> [String] {
        EmbeddedResources.schemaObjects.filter { $0.type == type }.compactMap(\.sql)
    }

    /// The input hashes of the import whose content is being replaced, if any.
    var previousInputHashes: InputHashes? { history.last.flatMap(InputHashes.init(historyRow:)) }

    /// Once the rows are in: creates the indexes, works out the derived columns, fills the
    /// full-text indexes from the tables, creates the triggers, and puts the import history back.
    func finish(in database: Database) throws {
        for index in deferredIndexes { try database.execute(index) }
        try DerivedValues.fillIn(database, only: .missions)
        try FullTextIndexes.rebuild(database)
        for trigger in deferredTriggers { try database.execute(trigger) }
        try Provenance.restore(history, in: database)
    }

    /// The schema version of a database that is not empty; throws for one moonshot did not
    /// make, or a newer moonshot did.
    private static func checkedVersion(of database: Database, path: String) throws -> Int64 {
        guard let version = try MoonshotDatabase.schemaVersion(of: database) else { throw notAMoonshotDatabase(path) }
        if version > MoonshotDatabase.schemaVersion {
            throw MoonshotError("\(path) was made by a newer moonshot (schema version \(version)); it was left as it is",
                                hint: "Use a newer moonshot, or import into another file with --db.")
        }
        return version
    }

    /// Drops every table, view and trigger: views and triggers first, then full-text indexes
    /// (which drop their own tables), then the other tables, each once no other table that is
    /// left refers to it (so that foreign keys, which are enforced, never point nowhere).
    /// Views and triggers are dropped in one pass: the query that orders the tables takes
    /// about half a millisecond a time, which schema.sql's 19 triggers made most of a re-import.
    private static func dropEverything(in database: Database) throws {
        for object in try database.rows("SELECT type, name FROM sqlite_schema WHERE type IN ('view', 'trigger')") {
            try database.execute("DROP \(object.text(0) == "view" ? "VIEW" : "TRIGGER") \(identifier(object.text(1)))")
        }
        let next = try database.prepare("""
            SELECT name FROM sqlite_schema AS s
            WHERE type = 'table' AND name NOT LIKE 'sqlite%'
            ORDER BY sql NOT LIKE 'CREATE VIRTUAL TABLE%',
                     EXISTS (SELECT 1 FROM sqlite_schema AS other, pragma_foreign_key_list(other.name) AS key
                             WHERE other.type = 'table' AND other.name <> s.name
                               AND key."table" = s.name COLLATE NOCASE)
            LIMIT 1
            """)
        while let table = try next.rows().first {
            try database.execute("DROP TABLE \(identifier(table.text(0)))")
        }
    }

    static func notAMoonshotDatabase(_ path: String) -> MoonshotError {
        MoonshotError("\(path) exists but is not a moonshot database; it was left as it is",
                      hint: "Move it away, or choose another path with --db.")
    }
}

/// `name` as a quoted SQL identifier: `"missions"`, `"a""b"`.
func identifier(_ name: String?) -> String {
    "\"" + (name ?? "").replacingAll("\"", with: "\"\"") + "\""
}
