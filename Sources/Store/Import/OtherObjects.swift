import SQLite

/// What other programs (or people) added to a moonshot database: objects schema.sql does not make, and columns added to
/// its tables. An import keeps these, or names them where they stand in the way.
struct OtherObjects {
    /// An index or trigger on moonshot's tables or views, which goes with the table: made again after the import.
    struct Attached: Equatable {
        let type: String
        let name: String
        let sql: String
    }

    /// The objects kept as they are ("table my_notes"), with the table each belongs to (its own for a table or view).
    let kept: [(name: String, table: String)]
    let attached: [Attached]
    /// Columns of moonshot's tables that schema.sql does not make: replacing the table would lose what they hold.
    let extraColumns: [(table: String, column: String)]

    /// schema.sql's tables, views and indexes (its full-text indexes' own tables too), in lower case.
    private static let moonshotNames: Set<String> = Set(EmbeddedResources.schemaObjects.filter { $0.type != "trigger" }.map { $0.name.lowercased() })
    /// schema.sql's triggers, in lower case: SQLite names triggers apart, so a table may share a trigger's name.
    private static let moonshotTriggerNames: Set<String> = Set(EmbeddedResources.schemaObjects.filter { $0.type == "trigger" }.map { $0.name.lowercased() })

    /// Schema version 1's full-text indexes; in a later layout these names are another program's.
    private static let version1FullTextIndexes = ["missions_search", "astronauts_search"]

    /// schema.sql's full-text indexes, whose own tables are named after them.
    private static let fullTextIndexes: [String] = EmbeddedResources.schemaObjects.filter {
        $0.type == "table" && $0.sql?.hasPrefix("CREATE VIRTUAL TABLE") == true
    }.map { $0.name.lowercased() }

    /// Whether the object is one moonshot makes at schema `version`. A trigger counts by name wherever it now is: a
    /// renamed table takes its triggers along, and the import must make them again under their names.
    static func isMoonshots(type: String, name: String, table: String, version: Int64) -> Bool {
        guard type == "trigger" else { return isMoonshots(name, version: version) }
        let lowered = name.lowercased()
        return moonshotTriggerNames.contains(lowered) || retiredTriggers.contains { $0.name == lowered && version < $0.retiredIn }
    }

    /// Earlier layouts' triggers that schema.sql no longer makes, with the version that dropped them (version 6 checks
    /// a new crew row's keys after the insert, so an upsert is not refused for the keys it leaves out).
    private static let retiredTriggers: [(name: String, retiredIn: Int64)] = [("crew_before_insert", 6)]

    /// Drops the retired triggers a database of schema `version` has; returns their names.
    static func dropRetiredTriggers(in database: Database, version: Int64) throws -> [String] {
        var dropped: [String] = []
        let query = "SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name = ? COLLATE NOCASE"
        for retired in retiredTriggers where version < retired.retiredIn {
            guard let name = try database.rows(query, [.text(retired.name)]).first?.text(0) else { continue }
            try database.execute("DROP TRIGGER \(identifier(name))")
            dropped.append(name)
        }
        return dropped
    }

    /// Whether `name` is a table, view or index moonshot makes at schema `version`, earlier layouts' included (the
    /// first named its full-text indexes otherwise, and an older SQLite may have made other tables for them).
    static func isMoonshots(_ name: String, version: Int64) -> Bool {
        let lowered = name.lowercased()
        if moonshotNames.contains(lowered) { return !introducedLater.contains { $0.name == lowered && version < $0.version } }
        guard version < MoonshotFile.schemaVersion else { return false }
        let indexes = version == 1 ? fullTextIndexes + version1FullTextIndexes : fullTextIndexes
        return indexes.contains { index in lowered == index || shadowTableSuffixes.contains { lowered == index + $0 } }
    }

    /// schema.sql's names that later layouts introduced: in an older layout an object of that name is another
    /// program's, which the import and the repair refuse to drop.
    private static let introducedLater: [(name: String, version: Int64)] = [("astronauts_by_name", 5)]

    /// Why neither the import nor the repair may change a database of schema `version` in which
    /// another program's object bears a name schema.sql gave one of its own later; nil when none does.
    static func laterNameRefusal(in database: Database, version: Int64, path: String) throws -> RepairRefusal? {
        for later in introducedLater where version < later.version {
            if let row = try database.rows("SELECT type, name FROM sqlite_schema WHERE name = ? COLLATE NOCASE", [.text(later.name)]).first,
                let type = row.text(0), let name = row.text(1)
            {
                return type == "table"
                    ? .tableInPlaceOf(path: path, name: name, type: "index")
                    : .cannotMakeAgain(path: path, type: type, name: name, sqliteMessage: "schema.sql now makes an index of that name")
            }
        }
        return nil
    }

    /// The tables an FTS5 index makes for itself are named after it with these.
    private static let shadowTableSuffixes = ["_data", "_idx", "_content", "_docsize", "_config"]

    /// The other objects of a database of schema `version`. `differences` (for a layout that notes changes) pick the
    /// tables whose columns are compared with schema.sql's; without them, an older layout's tables all are.
    init(in database: Database, version: Int64, differences: [SchemaDifference]?) throws {
        var kept: [(name: String, table: String)] = []
        var attached: [Attached] = []
        let rows = try database.rows(
            """
            SELECT type, name, tbl_name, sql FROM sqlite_schema
             WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid
            """)
        // A virtual table's own tables (a full-text or R*Tree index's) go with it, unnamed.
        let shadowTables = Set(
            try database.rows("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'shadow'")
                .compactMap { $0.text(0) })
        for row in rows {
            guard let type = row.text(0), let name = row.text(1), let table = row.text(2),
                !Self.isMoonshots(type: type, name: name, table: table, version: version),
                !shadowTables.contains(name)
            else { continue }
            if (type == "index" || type == "trigger") && Self.isMoonshots(table, version: version) {
                // An index SQLite makes for a constraint has no statement, and goes with its table.
                if let sql = row.text(3) { attached.append(Attached(type: type, name: name, sql: sql)) }
            } else if type != "index" || row.text(3) != nil {
                kept.append(("\(type) \(name)", table))
            }
        }
        self.kept = kept
        self.attached = attached
        var extraColumns: [(table: String, column: String)] = []
        // An older layout's tables differ from schema.sql's anyway, so each is compared: the
        // columns of its own are all among schema.sql's (version 1's generated ones aside).
        let tables: [(name: String, sql: String?)] =
            differences.map { $0.filter { $0.kind == .changed && $0.object.type == "table" }.map { ($0.object.name, $0.object.sql) } }
            ?? (version < MoonshotFile.schemaVersion
                ? EmbeddedResources.schemaObjects.filter { $0.type == "table" && !$0.name.hasPrefix("sqlite_") }.map { ($0.name, $0.sql) } : [])
        for table in tables {
            guard let sql = table.sql, sql.hasPrefix("CREATE TABLE") else { continue }
            let columns = try TableRebuild.columnDifferences(of: table.name, madeBy: sql, in: database, generated: false)
            extraColumns += columns.extra.map { (table.name, $0) }
        }
        self.extraColumns = extraColumns
    }
}
