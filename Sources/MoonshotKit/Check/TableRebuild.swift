import SQLite

/// How a table's columns differ from those schema.sql makes: the ones it has that schema.sql
/// does not make, and schema.sql's that it lacks, each with its declared type.
package struct ColumnDifferences: Equatable, Sendable {
    package struct Column: Equatable, Sendable {
        package let name: String
        package let type: String
    }

    package let extra: [String]
    package let missing: [Column]
    /// The indexes on the first extra column, which must go before it can be dropped (moonshot's
    /// own are made again by a repair).
    package var indexesOnFirstExtra: [String] = []
}

/// Rebuilds a table whose definition was changed (by `sqlite-utils transform`, say) as
/// schema.sql defines it, keeping every row: the rows are read, the table is dropped and
/// made again by schema.sql's statement (so that it is recorded exactly as schema.sql writes
/// it), and the rows go back in. Runs inside the repair's transaction, with foreign keys off
/// (with them on, dropping a table deletes the rows that refer to it).
package struct TableRebuild {
    /// An index or trigger another program made on the table, which dropping it drops too:
    /// made again, from its own statement, once the repair has made schema.sql's objects.
    struct OtherObject {
        let type: String
        let name: String
        let sql: String
    }

    let table: String
    /// How many rows were kept.
    let rowCount: Int
    let otherObjects: [OtherObject]

    /// Rebuilds `table` of `database` as `sql` (schema.sql's statement) makes it. Throws,
    /// naming it, for a column schema.sql does not make (what it holds would be lost) or a row
    /// schema.sql's table refuses; the caller's transaction then changes nothing.
    init(_ table: String, as sql: String, in database: Database, path: String) throws {
        self.table = table
        let wanted = try Self.columns(of: table, madeBy: sql)
        let columns = try Self.columnDifferences(of: table, madeBy: sql, in: database)
        guard columns.extra.isEmpty else {
            throw RepairRefusal.extraColumns(path: path, table: table, columns: columns)
        }
        // No column is extra: the table has those of schema.sql's that are not missing.
        let kept = wanted.names.filter { column in !columns.missing.contains { $0.name.lowercased() == column.lowercased() } }
        let columnList = kept.map(identifier).joined(separator: ", ")
        let rows = try database.rows("SELECT \(columnList) FROM \(identifier(table))")
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
        // An AUTOINCREMENT table's highest number ever given, which dropping it forgets.
        let sequence = try? database.scalar("SELECT seq FROM sqlite_sequence WHERE name = ? COLLATE NOCASE", [.text(table)])
        try database.execute("DROP TABLE \(identifier(table))")
        try database.execute(sql)
        let insert = try database.prepare("INSERT INTO \(identifier(table)) (\(columnList)) VALUES (\(kept.map { _ in "?" }.joined(separator: ", ")))")
        for (number, row) in rows.enumerated() {
            do {
                try insert.execute(row.values)
            } catch let error as SQLiteError where error.code.primary == .constraint || error.code.primary == .mismatch {
                let key = wanted.key.compactMap { column in
                    kept.firstIndex(of: column).map { "\(column) = \(sqlLiteral(row.values[$0]))" }
                }.joined(separator: ", ")
                let which = key.isEmpty ? "row \(number + 1) of \(table)" : "the row of \(table) where \(key)"
                throw RepairRefusal.rowBreaksRule(path: path, table: table, row: which, sqliteMessage: error.message)
            }
        }
        if case .integer(let highest)? = sequence, sql.contains("AUTOINCREMENT") {
            try database.execute(
                "INSERT INTO sqlite_sequence (name, seq) SELECT ?, 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)",
                [.text(table), .text(table)])
            try database.execute("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?", [.integer(highest), .text(table)])
        }
        rowCount = rows.count
    }

    /// The columns `table` has in `database` that schema.sql's statement `sql` does not make,
    /// and those it makes that the table lacks, in their tables' order.
    static func columnDifferences(of table: String, madeBy sql: String, in database: Database) throws -> ColumnDifferences {
        let made = try columns(of: table, madeBy: sql)
        let wanted = made.names
        let existing = try database.rows("SELECT name FROM pragma_table_xinfo(?) WHERE hidden IN (0, 1)", [.text(table)]).compactMap { $0.text(0) }
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

    /// What to do about a table's columns that schema.sql does not make, before a repair can
    /// rebuild it: copy one back into schema.sql's column when that is missing (a rename by
    /// `sqlite-utils transform --rename`, say), else keep what it holds elsewhere and drop it.
    package static func columnAdvice(table: String, _ columns: ColumnDifferences, repair: String) -> String {
        let extra = columns.extra[0]
        // SQLite refuses to drop a column an index is on.
        let dropIndexes = columns.indexesOnFirstExtra.map { "DROP INDEX \(identifier($0)); " }.joined()
        if let missing = columns.missing.first {
            // RENAME COLUMN is refused while schema.sql's views and triggers name the column.
            let t = identifier(table)
            let from = identifier(extra)
            let to = identifier(missing.name)
            return "If \(extra) is schema.sql's \(missing.name) renamed, copy it back (ALTER TABLE \(t) ADD COLUMN \(to) \(missing.type); "
                + "UPDATE \(t) SET \(to) = \(from); \(dropIndexes)ALTER TABLE \(t) DROP COLUMN \(from);); if it is a column of your own, copy what it "
                + "holds elsewhere and drop it (\(dropIndexes)ALTER TABLE \(t) DROP COLUMN \(from)). Then run '\(repair)'."
        }
        return "It is not moonshot's: copy what \(extra) holds elsewhere if you need it, drop it (\(dropIndexes)ALTER TABLE \(identifier(table)) "
            + "DROP COLUMN \(identifier(extra))), and run '\(repair)'."
    }

    /// The columns of the table `sql` makes, those of its primary key, and their declared
    /// types, in order: read from the table made in a private in-memory database.
    private static func columns(of table: String, madeBy sql: String) throws -> (names: [String], key: [String], types: [String]) {
        let scratch = try Database(path: ":memory:", mode: .readWriteCreate, foreignKeys: false)
        try scratch.execute(sql)
        let columns = try scratch.rows("SELECT name, pk, type FROM pragma_table_info(?) ORDER BY cid", [.text(table)])
        return (
            columns.compactMap { $0.text(0) },
            columns.filter { ($0.int64(1) ?? 0) > 0 }.sorted { ($0.int64(1) ?? 0) < ($1.int64(1) ?? 0) }.compactMap { $0.text(0) },
            columns.map { $0.text(2) ?? "" }
        )
    }
}
