import SQLite

/// How a table's columns differ from schema.sql's: its extra ones, and schema.sql's it lacks with their declared types.
package struct ColumnDifferences: Equatable, Sendable {
    package struct Column: Equatable, Sendable {
        package let name: String
        package let type: String
    }

    package let extra: [String]
    package let missing: [Column]
    /// The indexes on the first extra column, which must go before it can be dropped (a repair remakes moonshot's).
    package var indexesOnFirstExtra: [String] = []
}

/// Rebuilds a changed table (by `sqlite-utils transform`, say) as schema.sql defines it, keeping every row. Runs in the repair's transaction
/// with foreign keys off (with them on, dropping a table deletes the rows that refer to it).
package struct TableRebuild {
    /// Another program's index or trigger on the table, which goes with it: made again once schema.sql's objects are.
    struct OtherObject {
        let type: String
        let name: String
        let sql: String
    }

    let rowCount: Int
    let otherObjects: [OtherObject]

    /// Throws, naming it, for a column schema.sql does not make (its values would be lost; an import drops it), a row schema.sql's table refuses,
    /// or a row that would not keep its key; the caller's transaction then changes nothing.
    init(_ moonshotTable: MoonshotTable, in database: Database, path: String, droppingExtraColumns: Bool = false) throws {
        let table = moonshotTable.name
        let sql = moonshotTable.sql
        let columns = try Self.columnDifferences(of: table, madeBy: sql, in: database)
        guard columns.extra.isEmpty || droppingExtraColumns else {
            throw RepairRefusal.extraColumns(path: path, table: table, columns: columns)
        }
        // No column is extra: the table has those of schema.sql's that are not missing.
        let kept = moonshotTable.columns.filter { column in !columns.missing.contains { $0.name.lowercased() == column.lowercased() } }
        let columnList = kept.map(identifier).joined(separator: ", ")
        otherObjects = try database.rows(
            """
            SELECT type, name, sql FROM sqlite_schema
             WHERE type IN ('index', 'trigger') AND tbl_name = ? COLLATE NOCASE AND sql IS NOT NULL ORDER BY rowid
            """, [.text(table)]
        ).compactMap { row in
            guard let type = row.text(0), let name = row.text(1), let sql = row.text(2),
                !EmbeddedResources.schemaObjects.contains(where: { $0.name.lowercased() == name.lowercased() })
            else { return nil }
            return OtherObject(type: type, name: name, sql: sql)
        }
        // The table steps aside and SQLite copies its rows, value for value (text not UTF-8 too), into schema.sql's.
        let old = try Self.unusedName(in: database)
        let legacy = try database.scalar("PRAGMA legacy_alter_table") ?? .integer(0)
        try database.execute("PRAGMA legacy_alter_table = ON")  // no other object is rewritten or parsed
        defer { try? database.execute("PRAGMA legacy_alter_table = \(legacy == .integer(1) ? "ON" : "OFF")") }
        try database.execute("ALTER TABLE \(identifier(table)) RENAME TO \(identifier(old))")
        try database.execute(sql)
        let copy = "INSERT INTO \(identifier(table)) (\(columnList)) SELECT \(columnList) FROM \(identifier(old))"
        do {
            try database.execute(copy)
        } catch let error as SQLiteError where error.code.primary == .constraint || error.code.primary == .mismatch {
            let which = try Self.firstRefusedRow(copy: copy, from: old, table: table, key: moonshotTable.keyColumns.filter(kept.contains), in: database)
            throw RepairRefusal.rowBreaksRule(path: path, table: table, row: which, sqliteMessage: error.message)
        }
        try Self.checkKeys(moonshotTable.keyColumns.filter(kept.contains), of: table, from: old, in: database, path: path)
        rowCount = Int(try database.rows("SELECT count(*) FROM \(identifier(old))").first?.int64(0) ?? 0)
        try database.execute("DROP TABLE \(identifier(old))")
    }

    /// A table name no object of `database` has, for the table that steps aside.
    private static func unusedName(in database: Database) throws -> String {
        var number = 0
        while try database.hasSchemaObject(named: "moonshot_repair_\(number)") {
            number += 1
        }
        return "moonshot_repair_\(number)"
    }

    /// Throws `keyWouldChange` for a row of `old` whose `key` is not in `table` (NULL, or converted with loss).
    private static func checkKeys(_ key: [String], of table: String, from old: String, in database: Database, path: String) throws {
        guard !key.isEmpty else { return }
        let canonical = { (alias: String) in key.map { RowFingerprint.canonical("\(alias).\(identifier($0))") }.joined(separator: " || '|' || ") }
        let query = "SELECT \(canonical("o")) FROM \(identifier(old)) AS o EXCEPT SELECT \(canonical("n")) FROM \(identifier(table)) AS n LIMIT 1"
        guard let lost = try database.rows(query).first?.values.first else { return }
        let row = try database.rows(
            "SELECT \(key.map { "o." + identifier($0) }.joined(separator: ", ")) FROM \(identifier(old)) AS o WHERE \(canonical("o")) = ? LIMIT 1", [lost]
        ).first
        let values = zip(key, row?.values ?? []).map { "\($0) = \(sqlLiteral($1))" }.joined(separator: ", ")
        throw RepairRefusal.keyWouldChange(path: path, table: table, row: .keyed(values))
    }

    /// The row of `old` that schema.sql's table refuses, found by copying one at a time.
    private static func firstRefusedRow(copy: String, from old: String, table: String, key: [String], in database: Database) throws -> RowPlace {
        let keyList = key.isEmpty ? "NULL" : key.map(identifier).joined(separator: ", ")
        // A table without rowid (made WITHOUT ROWID) is walked by place.
        let hasRowid = (try? database.prepare("SELECT rowid FROM \(identifier(old))")) != nil
        let rows = try database.rows("SELECT \(hasRowid ? "rowid" : "0"), \(keyList) FROM \(identifier(old))")
        for (number, row) in rows.enumerated() {
            do {
                try database.execute(copy + (hasRowid ? " WHERE rowid = ?" : " LIMIT 1 OFFSET ?"), [hasRowid ? row.values[0] : .integer(Int64(number))])
            } catch let error as SQLiteError where error.code.primary == .constraint || error.code.primary == .mismatch {
                let values = key.isEmpty ? "" : zip(key, row.values.dropFirst()).map { "\($0) = \(sqlLiteral($1))" }.joined(separator: ", ")
                return values.isEmpty ? .numbered(number + 1) : .keyed(values)
            }
        }
        return .unknown
    }

    /// The columns `table` has that `sql` does not make, and those `sql` makes that `table` lacks, in order.
    static func columnDifferences(of table: String, madeBy sql: String, in database: Database) throws -> ColumnDifferences {
        let made = try columns(of: table, madeBy: sql)
        let wanted = made.names
        let existing = try MoonshotTable.columns(of: table, in: database)
        let has = { (list: [String], name: String) in list.contains { $0.lowercased() == name.lowercased() } }
        let extra = existing.filter { !has(wanted, $0) }
        let indexes = try extra.first.map { column in
            try database.rows(
                """
                SELECT DISTINCT l.name FROM pragma_index_list(?1) AS l, pragma_index_xinfo(l.name) AS x
                 WHERE l.origin = 'c' AND x.name = ?2 COLLATE NOCASE ORDER BY l.name
                """, [.text(table), .text(column)]
            ).compactMap { $0.text(0) }
        }
        return ColumnDifferences(
            extra: extra,
            missing: zip(made.names, made.types).filter { !has(existing, $0.0) }.map { ColumnDifferences.Column(name: $0.0, type: $0.1) },
            indexesOnFirstExtra: indexes ?? [])
    }

    /// The columns and declared types of the table `sql` makes, read from it made in memory.
    private static func columns(of table: String, madeBy sql: String) throws -> (names: [String], types: [String]) {
        let scratch = try Database(path: ":memory:", mode: .readWriteCreate, foreignKeys: false)
        try scratch.execute(sql)
        let columns = try scratch.rows("SELECT name, type FROM pragma_table_info(?) ORDER BY cid", [.text(table)])
        return (
            columns.compactMap { $0.text(0) },
            columns.map { $0.text(1) ?? "" }
        )
    }
}
