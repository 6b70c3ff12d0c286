import SQLite

/// Whether a repair may put a difference from schema.sql right, decided beforehand so `check` can advise: a table only when its rows keep their keys
/// and no other table could be it renamed, a full-text index only when what stands in its place holds nothing of its own.
package enum RepairVerdict {
    /// Why the repair would refuse to put `difference` right, or nil when it may.
    package static func refusal(for difference: SchemaDifference, in database: Database, path: String) throws -> RepairRefusal? {
        let name = difference.object.name
        if let table = MoonshotTable.named(name) {
            return try refusal(for: table, difference.kind, in: database, path: path)
        }
        if let index = FullTextIndexes.indexedTables.map(\.index).first(where: { $0 == name.lowercased() }) {
            return try refusal(forIndex: index, in: database, path: path)
        }
        if case .replaced(by: "table") = difference.kind {
            return .tableInPlaceOf(path: path, name: name, type: difference.object.type)
        }
        return nil
    }

    private static func refusal(for table: MoonshotTable, _ kind: SchemaDifference.Kind, in database: Database, path: String) throws
        -> RepairRefusal?
    {
        switch kind {
        case .replaced(let standing):
            return .tableNotInPlace(
                path: path, table: table.name, standing: standing, candidate: try renamedCandidate(for: table, in: database), keys: keys(of: table))
        case .missing:
            return try renamedCandidate(for: table, in: database).map {
                .tableNotInPlace(path: path, table: table.name, standing: nil, candidate: $0, keys: keys(of: table))
            }
        case .changed:
            if try database.hasSchemaObject(named: table.name, type: "table", virtual: true) {
                return .tableNotInPlace(path: path, table: table.name, standing: "virtual table", candidate: nil, keys: keys(of: table))
            }
            let columns = try TableRebuild.columnDifferences(of: table.name, madeBy: table.sql, in: database)
            if let key = keys(of: table).first(where: { key in columns.missing.contains { $0.name == key.name } }) {
                let present = try MoonshotTable.columns(of: table.name, in: database)
                return .keyColumnMissing(path: path, table: table.name, column: key, present: present, extra: columns.extra)
            }
            return columns.extra.isEmpty ? nil : .extraColumns(path: path, table: table.name, columns: columns)
        case .extra:
            return nil
        }
    }

    private static func refusal(forIndex index: String, in database: Database, path: String) throws -> RepairRefusal? {
        let standing = try database.rows("SELECT type, sql FROM sqlite_schema WHERE name = ? COLLATE NOCASE AND type <> 'trigger'", [.text(index)]).first
        guard let standing else {
            return try FullTextIndexRepair.takenOwnTable(of: index, in: database).map {
                .tableInIndexsPlace(path: path, index: index, table: $0.name, type: $0.type)
            }
        }
        guard standing.text(0) == "table" else { return nil }
        let sql = standing.text(1) ?? ""
        guard sql.hasPrefix("CREATE VIRTUAL TABLE") else { return .tableInPlaceOf(path: path, name: index, type: "full-text index") }
        return try holdsNothingOfItsOwn(index, sql, in: database) ? nil : .indexHoldsRows(path: path, index: index)
    }

    /// Whether `index` is an FTS5 index over another table's content or none, keeping no rows of its own: FTS5 keeps
    /// own rows in a `_content` table, and makes a `_config` table for every index.
    private static func holdsNothingOfItsOwn(_ index: String, _ sql: String, in database: Database) throws -> Bool {
        let module = sql.lowercased().split(whereSeparator: \.isWhitespace).drop { $0 != "using" }.dropFirst().first
        guard module?.hasPrefix("fts5") == true else { return false }
        return try database.hasSchemaObject(named: index + "_config", type: "table") && !database.hasSchemaObject(named: index + "_content", type: "table")
    }

    /// A table not of schema.sql's (virtual too) that may be `table` renamed: one with all its required columns, or
    /// that carries one of schema.sql's indexes or triggers on it (a rename takes them along).
    static func renamedCandidate(for table: MoonshotTable, in database: Database) throws -> String? {
        let ours = Set(EmbeddedResources.schemaObjects.map { $0.name.lowercased() })
        let onTable = Set(EmbeddedResources.schemaObjects.filter { $0.table == table.name && $0.name != table.name }.map { $0.name.lowercased() })
        // FTS5's and other virtual tables' own tables are 'shadow' here.
        let others = try database.rows(
            "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual') AND substr(name, 1, 7) <> 'sqlite_' ORDER BY name"
        ).compactMap { $0.text(0) }.filter { !ours.contains($0.lowercased()) }
        let carriers = try database.rows("SELECT name, tbl_name FROM sqlite_schema WHERE type IN ('index', 'trigger')").compactMap {
            row -> String? in
            guard let name = row.text(0), onTable.contains(name.lowercased()) else { return nil }
            return row.text(1)?.lowercased()
        }
        let required = table.requiredColumns.map { $0.lowercased() }
        return try others.first { other in
            if carriers.contains(other.lowercased()) { return true }
            let columns = Set(try MoonshotTable.columns(of: other, in: database).map { $0.lowercased() })
            return required.allSatisfy(columns.contains)
        }
    }

    /// The columns that key `table`'s rows, with their types.
    private static func keys(of table: MoonshotTable) -> [ColumnDifferences.Column] {
        zip(table.columns, table.types).filter { table.keyColumns.contains($0.0) }.map { ColumnDifferences.Column(name: $0.0, type: $0.1) }
    }
}
