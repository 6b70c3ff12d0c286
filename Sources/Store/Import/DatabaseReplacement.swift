import SQLite

/// The content of a database being replaced, inside the import's transaction: what it held
/// is checked and put aside, the schema of schema.sql takes its place, and once the new rows
/// are in, the indexes, the derived columns, the full-text indexes, the triggers and the
/// import history follow.
///
/// Only moonshot's own objects are replaced: what another program added (tables, views, and
/// indexes or triggers on its tables) is kept as it is, and an index or trigger it made on
/// moonshot's tables is made again on the new content (see `OtherObjects`). What cannot be kept
/// that way, and changes made since the last import that the new content does not have,
/// make the import throw `ImportRefusal` at the end, unless it was told to `force` them away.
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
    /// Whether to drop what stands in the way, and replace changes, rather than refuse.
    let force: Bool
    /// What other programs added.
    let others: OtherObjects
    /// The changes made since the last import, if any (or if that cannot be known).
    let priorEdits: PriorEdits?
    /// The changes noted since the last import, if any.
    var notedEdits: DataEdits? {
        if case .noted(let edits) = priorEdits { edits } else { nil }
    }
    /// The content replaced, as `ContentDigest` gives it, when it has changes and the import
    /// would refuse to replace them (nil also when it could not be read: it then differs).
    private let previousContent: String?
    /// Other programs' rows that pointed nowhere before the import (not its doing).
    private let danglingBefore: DanglingReferences
    /// Which of moonshot's rows other programs' rows named before the import.
    private let referencedBefore: ReferencedRows
    /// The `CREATE INDEX` statements of schema.sql, run once the rows are in: an index created
    /// then is one sort, where one kept up to date is a search and an insert per row.
    private let deferredIndexes: [String]
    /// The `CREATE TRIGGER` statements of schema.sql, in its order, run once the rows and the
    /// full-text indexes are in: the import fills the indexes and derived columns in bulk.
    private let deferredTriggers: [String]

    /// Checks that the database (in a write transaction) is empty or a moonshot database,
    /// keeps its history, drops everything in it, and creates the schema without its indexes
    /// and triggers.
    init(of database: Database, path: String, force: Bool) throws {
        self.force = force
        wasEmpty = try database.scalar("SELECT count(*) FROM sqlite_schema") == .integer(0)
        if wasEmpty, try !MoonshotFile.isUnclaimed(database) { throw DatabaseWriteProblem.notMoonshots(path: path) }
        let version = wasEmpty ? nil : try Self.checkedVersion(of: database, path: path)
        if let version, let refusal = try OtherObjects.laterNameRefusal(in: database, version: version, path: path) { throw refusal }
        olderSchemaVersion = version.flatMap { $0 < MoonshotFile.schemaVersion ? $0 : nil }
        history = wasEmpty ? [] : try Provenance.history(in: database)
        // A layout that notes changes is compared with schema.sql, to tell whether what notes them is whole.
        let differences = try version.flatMap { $0 >= PriorEdits.firstNotingVersion ? try SchemaComparison.differences(in: database) : nil }
        others = try OtherObjects(in: database, version: version ?? MoonshotFile.schemaVersion, differences: differences)
        priorEdits = try version.flatMap { try PriorEdits.read(from: database, version: $0, differences: differences) }
        previousContent = priorEdits == nil || force ? nil : try ContentDigest.of(database)
        danglingBefore = try DanglingReferences(in: database) { _ in true }
        referencedBefore = try ReferencedRows(in: database)
        try Self.dropMoonshotsObjects(in: database, version: version ?? MoonshotFile.schemaVersion)
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
    /// full-text indexes from the tables, creates the triggers, puts the import history back,
    /// and makes again other programs' indexes and triggers on moonshot's tables. Throws
    /// `ImportRefusal` unless `force` when something of another program's would be dropped or
    /// changes made since the last import would be lost; returns what of other programs' was
    /// kept, and what `force` dropped ("table my_notes").
    func finish(in database: Database) throws -> (kept: [String], dropped: [String]) {
        for index in deferredIndexes { try database.execute(index) }
        try DerivedValues.fillIn(database, only: .missions)
        try FullTextIndexes.rebuild(database)
        for trigger in deferredTriggers { try database.execute(trigger) }
        try Provenance.restore(history, in: database)
        var obstacles = others.extraColumns.map { ImportRefusal.Obstacle(name: "column \($0.table).\($0.column)", reason: .columnNotInSchema) }
        var kept = others.kept
        for object in others.attached {
            do {
                try database.execute(object.sql)
                kept.append(("\(object.type) \(object.name)", ""))
            } catch let error as SQLiteError where error.code.primary == .constraint || error.code.primary == .error {
                obstacles.append(ImportRefusal.Obstacle(name: "\(object.type) \(object.name)", reason: .cannotBeMadeAgain(error.message)))
            }
        }
        // Dropping a table can leave others that referred to it pointing nowhere in turn. They
        // are dropped without `force` too, to name them all: the refusal rolls it all back.
        // Only rows the import left pointing nowhere count: others pointed nowhere before it.
        var droppedTables: Set<String> = []
        for table in try ReferencedRows(in: database).changedSince(referencedBefore) {
            try database.execute("DROP TABLE \(identifier(table.table))")
            obstacles.append(ImportRefusal.Obstacle(name: "table \(table.table)", reason: .renumbered(rows: table.rows, in: table.parent)))
            droppedTables.insert(table.table.lowercased())
        }
        let isMoonshots = { (table: String) in OtherObjects.isMoonshots(table, version: MoonshotFile.schemaVersion) }
        var broken = try DanglingReferences(in: database) { isMoonshots($0) || droppedTables.contains($0.lowercased()) }.newSince(danglingBefore)
        while !broken.isEmpty {
            for table in broken {
                try database.execute("DROP TABLE \(identifier(table.table))")
                let reason: ImportRefusal.Obstacle.Reason =
                    table.parents.contains(where: isMoonshots)
                    ? .foreignKeys(rows: table.rows, into: table.parents) : .intoDroppedTables(rows: table.rows, tables: table.parents)
                obstacles.append(ImportRefusal.Obstacle(name: "table \(table.table)", reason: reason))
            }
            droppedTables.formUnion(broken.map { $0.table.lowercased() })
            broken = try DanglingReferences(in: database) { isMoonshots($0) || droppedTables.contains($0.lowercased()) }.newSince(danglingBefore)
        }
        let lostEdits = try priorEdits.flatMap { edits in try previousContent != nil && previousContent == ContentDigest.of(database) ? nil : edits }
        if !force, lostEdits != nil || !obstacles.isEmpty {
            throw ImportRefusal(edits: lostEdits, obstacles: obstacles, olderLayout: olderSchemaVersion)
        }
        let dropped = obstacles.map(\.name)
        // What went with a dropped table is not kept (a view that named it is, broken).
        return (kept.filter { !droppedTables.contains($0.table.lowercased()) }.map(\.name), dropped)
    }

    /// The schema version of a database that is not empty; throws for one moonshot did not
    /// make, or a newer moonshot did.
    private static func checkedVersion(of database: Database, path: String) throws -> Int64 {
        guard let version = try MoonshotFile.schemaVersion(of: database) else { throw DatabaseWriteProblem.notMoonshots(path: path) }
        if version > MoonshotFile.schemaVersion {
            throw DatabaseWriteProblem.newerLayout(path: path, version: version)
        }
        return version
    }

    /// Drops moonshot's tables, views, triggers and indexes, as schema `version` names them (and
    /// with them other programs' indexes and triggers on them, which `OtherObjects` keeps to make
    /// again; an index of moonshot's goes wherever it now is: renaming a table carries its indexes
    /// along, and the import makes them again under their names): views, triggers and indexes first,
    /// then the full-text indexes (which drop their own tables), then the other tables. The
    /// import's connection has foreign keys off, so other programs' tables that refer to
    /// moonshot's keep their rows; `finish` checks what they refer to.
    private static func dropMoonshotsObjects(in database: Database, version: Int64) throws {
        let objects = try database.rows(
            """
            SELECT type, name, tbl_name FROM sqlite_schema WHERE type IN ('view', 'trigger', 'index', 'table') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
             ORDER BY type = 'table', sql NOT LIKE 'CREATE VIRTUAL TABLE%'
            """
        ).filter { OtherObjects.isMoonshots(type: $0.text(0) ?? "", name: $0.text(1) ?? "", table: $0.text(2) ?? "", version: version) }
        for object in objects {
            let name = object.text(1) ?? ""
            // A full-text index's own tables went with it.
            guard try database.scalar("SELECT 1 FROM sqlite_schema WHERE name = ? AND type = ?", [.text(name), .text(object.text(0) ?? "")]) != nil else {
                continue
            }
            let type = object.text(0)?.uppercased() ?? "TABLE"
            try database.execute("DROP \(type) \(identifier(name))")
        }
    }
}
