import SQLite

/// A database's content being replaced in the import's transaction: schema.sql's schema takes its place, and after the
/// new rows come its indexes, derived columns, full-text indexes, triggers and the import history. Only moonshot's
/// objects are replaced; other programs' are kept (see `OtherObjects`), and what cannot be, or changes since the last
/// import that would be lost, make it throw `ImportRefusal` unless `force`.
///
/// The file is never renamed or deleted: in either journal mode (rollback or WAL) readers see the old content or the
/// new, a writer's change commits before the import takes the write lock, imports take turns, and the inode, owner,
/// permissions and a symbolic link to it stay.
struct DatabaseReplacement {
    /// Whether the database was new: no schema objects, and no other program's application id.
    let wasEmpty: Bool
    /// The rows of the replaced `imports` table, oldest first (see `Provenance.history`).
    let history: [Row]
    /// The schema version of the replaced content, when it had one older than schema.sql's.
    let olderSchemaVersion: Int64?
    /// Whether to drop what stands in the way, and replace changes, rather than refuse.
    let force: Bool
    let others: OtherObjects
    /// The changes made since the last import, if any (or if that cannot be known).
    let priorEdits: PriorEdits?
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
    /// schema.sql's `CREATE INDEX` statements, run after the rows: one sort instead of a search and insert per row.
    private let deferredIndexes: [String]
    /// schema.sql's `CREATE TRIGGER`s, run last: the import fills full-text indexes and derived columns in bulk.
    private let deferredTriggers: [String]

    /// In a write transaction: checks that the database is empty or moonshot's, reads what `finish` compares, drops
    /// moonshot's objects and creates the schema without its indexes and triggers.
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

    /// schema.sql's statements for its objects of `type`, in its order.
    private static func schemaStatements(ofType type: String) -> [String] {
        EmbeddedResources.schemaObjects.filter { $0.type == type }.compactMap(\.sql)
    }

    /// The input hashes of the import whose content is being replaced, if any.
    var previousInputHashes: InputHashes? { history.last.flatMap(InputHashes.init(historyRow:)) }

    /// Once the rows are in, builds what follows them and makes other programs' indexes and triggers again. Throws
    /// `ImportRefusal`, unless `force`, when something of theirs would be dropped or changes since the last import
    /// lost; returns what was kept and what `force` dropped ("table my_notes").
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
        // Dropping a table can leave tables that referred to it pointing nowhere; they are dropped even without
        // `force`, to name them all (the refusal rolls it back). Only rows the import left pointing nowhere count.
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

    /// The schema version of a non-empty database; throws for one moonshot did not make, or a newer moonshot did.
    private static func checkedVersion(of database: Database, path: String) throws -> Int64 {
        guard let version = try MoonshotFile.schemaVersion(of: database) else { throw DatabaseWriteProblem.notMoonshots(path: path) }
        if version > MoonshotFile.schemaVersion {
            throw DatabaseWriteProblem.newerLayout(path: path, version: version)
        }
        return version
    }

    /// Drops moonshot's objects as schema `version` names them, wherever they now are (a renamed table takes its
    /// indexes along), and with them other programs' indexes and triggers on them, which `OtherObjects` keeps. Foreign
    /// keys are off, so other programs' rows that refer to moonshot's stay; `finish` checks what they refer to.
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
