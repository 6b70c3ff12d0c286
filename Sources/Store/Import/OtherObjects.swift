import Dataset
import SQLite

/// What other programs (or people) added to a moonshot database, as an import and a repair see it: objects schema.sql
/// does not make, columns added to its tables, and names schema.sql took later.
enum OtherObjects {
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
                    : .cannotMakeAgain(path: path, type: type, name: name, sqliteMessage: nil)
            }
        }
        return nil
    }

    /// The columns of moonshot's tables that schema.sql does not make, whose values the import would lose: in the tables
    /// `differences` name as changed, or in every table of an older layout that notes no changes.
    static func extraColumns(in database: Database, version: Int64, differences: [SchemaDifference]?) throws -> [(table: String, column: String)] {
        let tables: [(name: String, sql: String?)] =
            differences.map { $0.filter { $0.kind == .changed && $0.object.type == "table" }.map { ($0.object.name, $0.object.sql) } }
            ?? (version < MoonshotFile.schemaVersion ? MoonshotTable.all.map { ($0.name, $0.sql) } : [])
        var extra: [(table: String, column: String)] = []
        for table in tables {
            guard let sql = table.sql, sql.hasPrefix("CREATE TABLE") else { continue }
            // Schema version 1 made these two columns, generated ones, itself.
            let own = version == 1 ? ["display_name", "badge_image"] : []
            extra += try TableRebuild.columnDifferences(of: table.name, madeBy: sql, in: database).extra.filter { !own.contains($0) }.map { (table.name, $0) }
        }
        return extra
    }

    /// Other programs' indexes on `columns`, which must go before the columns can be dropped.
    static func indexes(on columns: [(table: String, column: String)], in database: Database) throws -> [String] {
        let ours = Set(EmbeddedResources.schemaObjects.map { $0.name.lowercased() })
        var indexes: [String] = []
        for column in columns {
            indexes += try database.rows(
                """
                SELECT DISTINCT l.name FROM pragma_index_list(?1) AS l, pragma_index_xinfo(l.name) AS x
                 WHERE l.origin = 'c' AND x.name = ?2 COLLATE NOCASE ORDER BY l.seq
                """, [.text(column.table), .text(column.column)]
            ).compactMap { $0.text(0) }.filter { !ours.contains($0.lowercased()) && !indexes.contains($0) }
        }
        return indexes
    }

    /// The objects of other programs in `database` ("table my_notes"), theirs first, then those on moonshot's tables
    /// and views; not the indexes SQLite makes for constraints, nor a virtual table's own tables.
    static func named(in database: Database) throws -> [String] {
        let shadowTables = Set(
            try database.rows("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'shadow'").compactMap { $0.text(0) })
        let moonshots = Set(EmbeddedResources.schemaObjects.filter { $0.type == "table" || $0.type == "view" }.map { $0.name.lowercased() })
        let objects = try SchemaComparison.differences(in: database).filter { $0.kind == .extra }.map(\.object).filter {
            $0.sql != nil && !($0.type == "table" && shadowTables.contains($0.name))
        }
        let onMoonshots = { (object: SchemaObject) in object.type != "table" && object.type != "view" && moonshots.contains(object.table.lowercased()) }
        return (objects.filter { !onMoonshots($0) } + objects.filter(onMoonshots)).map { "\($0.type) \(shownName($0.name))" }
    }
}
