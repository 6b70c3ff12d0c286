import Dataset
import SQLite

/// A database's content replaced in the import's transaction, its schema kept: moonshot's tables emptied and filled again with no trigger running
/// (an import is not an edit). What would lose changes or break other programs' objects throws `ImportRefusal` unless `force`.
struct DatabaseReplacement {
    /// Whether the database was new: no schema objects, and no other program's application id.
    let wasEmpty: Bool
    /// The input hashes of the import whose content is being replaced, if any.
    let previousInputHashes: InputHashes?
    /// The schema version of the replaced content, when it had one older than schema.sql's.
    let olderSchemaVersion: Int64?
    /// Whether to drop or leave what stands in the way, and replace changes, rather than refuse.
    let force: Bool
    /// The changes made since the last import, if any (or if that cannot be known).
    let priorEdits: PriorEdits?
    var notedEdits: DataEdits? {
        if case .noted(let edits) = priorEdits { edits } else { nil }
    }
    /// The content replaced, as `ContentDigest` gives it, when it has changes and the import
    /// would refuse to replace them (nil also when it could not be read: it then differs).
    private let previousContent: String?
    private let references: OtherReferences
    /// Other programs' UNIQUE indexes on moonshot's tables, which new rows may break: dropped, and made again after them.
    private let uniqueIndexes: [(name: String, sql: String)]
    /// Columns of moonshot's tables that schema.sql does not make: dropped with the indexes on them, so that the rest
    /// of the import can be tried, and named.
    private var obstacles: [ImportRefusal.Obstacle] = []
    /// What stood in the place of schema.sql's objects and went, to name ("view missions").
    private var replaced: [String] = []
    /// Objects of schema.sql's that an edit had changed or dropped, made again as it makes them ("view crew_roster").
    private(set) var madeAgain: [String] = []
    /// Other programs' objects before the import, so that none that goes is unnamed (an index on a dropped column, say).
    private var othersBefore: [String] = []
    private let path: String

    /// In a write transaction: checks that the database is empty or moonshot's, reads what `finish` compares, and
    /// leaves schema.sql's tables empty, without its indexes (and, in a new database, its triggers).
    init(of database: Database, path: String, force: Bool) throws {
        self.force = force
        self.path = path
        try database.turnOffTriggers()
        wasEmpty = try database.scalar("SELECT count(*) FROM sqlite_schema") == .integer(0)
        if wasEmpty, try !MoonshotFile.isUnclaimed(database) { throw DatabaseWriteProblem.notMoonshots(path: path) }
        let version = wasEmpty ? nil : try Self.checkedVersion(of: database, path: path)
        if let version, let refusal = try OtherObjects.laterNameRefusal(in: database, version: version, path: path) { throw refusal }
        olderSchemaVersion = version.flatMap { $0 < MoonshotFile.schemaVersion ? $0 : nil }
        previousInputHashes = wasEmpty ? nil : try Provenance.lastInputHashes(in: database)
        // A layout that notes changes is compared with schema.sql, to tell whether what notes them is whole.
        let differences = try version.flatMap { $0 >= PriorEdits.firstNotingVersion ? try SchemaComparison.differences(in: database) : nil }
        priorEdits = try version.flatMap { try PriorEdits.read(from: database, version: $0, differences: differences) }
        previousContent = priorEdits == nil || force ? nil : try ContentDigest.of(database)
        references = try OtherReferences(in: database)
        guard let version else {
            uniqueIndexes = []
            try database.execute(EmbeddedResources.schemaWithoutIndexesAndTriggers)
            return
        }
        othersBefore = try OtherObjects.named(in: database)
        let extraColumns = try OtherObjects.extraColumns(in: database, version: version, differences: differences)
        let onExtraColumns = try OtherObjects.indexes(on: extraColumns, in: database)
        uniqueIndexes = try Self.otherUniqueIndexes(in: database).filter { !onExtraColumns.contains($0.name) }
        for index in uniqueIndexes.map(\.name) + onExtraColumns { try database.execute("DROP INDEX \(identifier(index))") }
        try Self.empty(database, keepingHistory: Provenance.hasHistory(in: database), path: path)
        for column in extraColumns {
            let name = "column \(column.table).\(shownName(column.column))"
            do {
                try database.execute("ALTER TABLE \(identifier(column.table)) DROP COLUMN \(identifier(column.column))")
                obstacles.append(ImportRefusal.Obstacle(name: name, reason: .columnNotInSchema))
            } catch let error as SQLiteError where error.code.primary == .error {
                // SQLite checks every view and trigger after the change: another program's that uses the column, or one of
                // schema.sql's that an edit broke, stands in the way. Not even `force` drops it.
                let broken = try Self.blamesSchemaSQLs(error.message, in: database)
                let reason: ImportRefusal.Obstacle.Reason = broken ? .schemaSQLsObjectBroken(error.message) : .cannotBeDropped(error.message)
                throw ImportRefusal(edits: nil, obstacles: [ImportRefusal.Obstacle(name: name, reason: reason)])
            }
        }
        let moved = try Self.moveLayout(of: database, from: version, path: path)
        replaced = moved.replaced
        madeAgain = version == MoonshotFile.schemaVersion ? moved.changed : []
        othersBefore.removeAll(where: moved.retired.contains)
        for index in EmbeddedResources.schemaObjects where index.type == "index" && index.sql != nil {
            try database.execute("DROP INDEX IF EXISTS \(identifier(index.name))")
        }
    }

    /// Once the rows and the import's record are in, builds what follows them and makes other programs' UNIQUE indexes again; returns their objects.
    /// Throws `ImportRefusal`, unless `force`, when something of theirs would be dropped or left referring elsewhere, or edits since the import lost.
    func finish(in database: Database) throws -> (kept: [String], dropped: [String], left: [ImportRefusal.Obstacle]) {
        _ = try DatabaseRepair.createMissingObjects(in: database, remade: [])
        try DerivedValues.fillIn(database, onlyMissions: true)
        try FullTextIndexRepair.rebuild(FullTextIndexes.indexedTables.map(\.index), in: database, path: path)
        var obstacles = obstacles
        for index in uniqueIndexes {
            do {
                try database.execute(index.sql)
            } catch let error as SQLiteError where error.code.primary == .constraint || error.code.primary == .error {
                obstacles.append(ImportRefusal.Obstacle(name: "index \(shownName(index.name))", reason: .cannotBeMadeAgain(error.message)))
            }
        }
        let left = try references.obstacles(in: database)
        let lostEdits = try priorEdits.flatMap { edits in try previousContent != nil && previousContent == ContentDigest.of(database) ? nil : edits }
        if !force, lostEdits != nil || !obstacles.isEmpty || !left.isEmpty {
            throw ImportRefusal(edits: lostEdits, obstacles: obstacles + left, olderLayout: olderSchemaVersion)
        }
        let kept = try OtherObjects.named(in: database)
        let dropped = obstacles.map(\.name) + replaced
        return (kept, dropped + othersBefore.filter { !kept.contains($0) && !dropped.contains($0) }, left)
    }

    /// The schema version of a non-empty database; throws for one moonshot did not make, or a newer moonshot did.
    private static func checkedVersion(of database: Database, path: String) throws -> Int64 {
        guard let version = try MoonshotFile.schemaVersion(of: database) else { throw DatabaseWriteProblem.notMoonshots(path: path) }
        if version > MoonshotFile.schemaVersion {
            throw DatabaseWriteProblem.newerLayout(path: path, version: version)
        }
        return version
    }

    /// Whether SQLite's `message` ("error in view crew_roster: no such column: c.role") blames a view or trigger of schema.sql's: the
    /// object with the longest name it starts with, as a name may hold ": ".
    private static func blamesSchemaSQLs(_ message: String, in database: Database) throws -> Bool {
        let blamed = try database.rows("SELECT type, name FROM sqlite_schema WHERE type IN ('view', 'trigger')").compactMap { row -> String? in
            guard let type = row.text(0), let name = row.text(1) else { return nil }
            return message.hasPrefix("error in \(type) \(name):") || message.hasPrefix("error in \(type) \(name) after drop column:") ? name : nil
        }.max { $0.count < $1.count }
        return blamed.map { name in EmbeddedResources.schemaObjects.contains { $0.type != "table" && $0.name == name } } ?? false
    }

    /// Other programs' UNIQUE indexes on moonshot's tables, in the order they were made.
    private static func otherUniqueIndexes(in database: Database) throws -> [(name: String, sql: String)] {
        let ours = Set(EmbeddedResources.schemaObjects.map { $0.name.lowercased() })
        return try database.rows(
            """
            SELECT s.name, s.sql, s.tbl_name FROM sqlite_schema AS s, pragma_index_list(s.tbl_name) AS l
             WHERE s.type = 'index' AND l.name = s.name AND l."unique" AND l.origin = 'c' ORDER BY s.rowid
            """
        ).compactMap { row in
            guard let name = row.text(0), let sql = row.text(1), !ours.contains(name.lowercased()), MoonshotTable.named(row.text(2) ?? "") != nil
            else { return nil }
            return (name, sql)
        }
    }

    /// Empties moonshot's tables (SQLite clears each at once: no trigger or foreign key is on), the import history only when it has none to keep.
    /// A virtual table in the place of one, which may hold another program's rows, is refused.
    private static func empty(_ database: Database, keepingHistory: Bool, path: String) throws {
        for table in MoonshotTable.all {
            if try database.hasSchemaObject(named: table.name, type: "table", virtual: true) {
                let object = SchemaObject(type: "table", name: table.name, table: table.name, sql: table.sql)
                if let refusal = try RepairVerdict.refusal(for: SchemaDifference(kind: .changed, object: object), in: database, path: path) { throw refusal }
            } else if table.name != "imports" || !keepingHistory, try database.hasSchemaObject(named: table.name, type: "table") {
                try database.execute("DELETE FROM main.\(identifier(table.name))")
            }
        }
        for statistics in ["sqlite_stat1", "sqlite_stat4"] where try database.hasSchemaObject(named: statistics, type: "table") {
            let tables = MoonshotTable.all.map { sqlLiteral(.text($0.name)) }.joined(separator: ", ")
            try database.execute("DELETE FROM \(statistics) WHERE tbl COLLATE NOCASE IN (\(tables))")
        }
    }

    /// Moves an older or changed layout to schema.sql's as the repair does, on empty tables, dropping no other program's table (refused instead).
    /// Returns what stood in the place of moonshot's objects and went ("view missions"), those of its objects that were changed or missing,
    /// and the objects of its older layouts that went.
    private static func moveLayout(of database: Database, from version: Int64, path: String) throws -> (
        replaced: [String], changed: [String], retired: [String]
    ) {
        let differences = try SchemaComparison.differences(in: database).filter(\.changesMoonshotsObjects)
        guard version < MoonshotFile.schemaVersion || !differences.isEmpty else { return ([], [], []) }
        for difference in differences where MoonshotTable.named(difference.object.name) == nil {
            if let refusal = try RepairVerdict.refusal(for: difference, in: database, path: path) { throw refusal }
        }
        var retired = try OtherObjects.dropRetiredTriggers(in: database, version: version).map { "trigger \(shownName($0))" }
        if version == 1 {
            for index in ["missions_search", "astronauts_search"] { try database.execute("DROP TABLE IF EXISTS \(identifier(index))") }
            retired += ["table missions_search", "table astronauts_search"]
        }
        var replaced: [String] = []
        var changed: [String] = []
        // A full-text index's own tables go and come with it: the index is named.
        let indexes = FullTextIndexes.indexedTables.map(\.index)
        let indexOfOwnTable = Dictionary(uniqueKeysWithValues: indexes.flatMap { index in FullTextIndexes.ownTables(of: index).map { ($0, index) } })
        for difference in differences {
            let object = difference.object
            if case .replaced(let type) = difference.kind {
                replaced.append("\(type) \(shownName(object.name))")
            } else if object.type == "index" || object.type == "trigger",
                // One of one's own under schema.sql's name, on another table: it goes, and is named so.
                try database.scalar(
                    "SELECT tbl_name = ? COLLATE NOCASE FROM sqlite_schema WHERE name = ? COLLATE NOCASE AND type = ?",
                    [.text(object.table), .text(object.name), .text(object.type)]) == .integer(0)
            {
                replaced.append("\(object.type) \(shownName(object.name))")
            } else {
                let named = indexOfOwnTable[object.name].map { "table \($0)" } ?? "\(object.type) \(shownName(object.name))"
                if !changed.contains(named) { changed.append(named) }
            }
        }
        let setAside = try DatabaseRepair.setAsideOtherTriggers(in: database)
        _ = try DatabaseRepair.repairSchema(database, differences: differences, path: path, droppingExtraColumns: true)
        for trigger in setAside { try DatabaseRepair.makeAgain("trigger", trigger.name, sql: trigger.sql, in: database, path: path) }
        try database.execute("PRAGMA application_id = \(MoonshotFile.applicationID); PRAGMA user_version = \(MoonshotFile.schemaVersion)")
        return (replaced, changed, retired)
    }
}
