import SQLite

/// One of schema.sql's tables that hold rows (not the full-text indexes' own), with what a repair must keep of it.
package struct MoonshotTable: Sendable {
    package let name: String
    /// schema.sql's statement for it.
    let sql: String
    /// Its columns, in order, and their declared types.
    let columns: [String]
    let types: [String]
    /// The columns that tell its rows apart: the primary key's and those of a UNIQUE rule.
    let keyColumns: [String]
    /// Key columns and those a row must have: NOT NULL, not derived, with no default but '' or 0 (which only lets an
    /// upsert leave it out). A table with them all may hold this table's rows.
    let requiredColumns: [String]
    /// The columns whose values follow from others (see `DerivedValues`).
    let derivedColumns: [String]

    /// schema.sql's tables that hold rows, in its order.
    package static let all: [MoonshotTable] = {
        do {
            return try readAll()
        } catch {
            preconditionFailure("schema.sql's tables cannot be read in memory: \(error)")
        }
    }()

    /// The table of that name (as SQLite folds names), if it is one of these.
    static func named(_ name: String) -> MoonshotTable? {
        all.first { $0.name.lowercased() == name.lowercased() }
    }

    /// The columns of table `name` in `database`, generated ones too, in its order.
    static func columns(of name: String, in database: Database) throws -> [String] {
        try database.rows("SELECT name FROM pragma_table_xinfo(?) WHERE hidden IN (0, 2, 3)", [.text(name)])
            .compactMap { $0.text(0) }
    }

    /// Reads the tables' columns and keys by running schema.sql's statements in a private in-memory database.
    private static func readAll() throws -> [MoonshotTable] {
        let objects = EmbeddedResources.schemaObjects
        let virtual = objects.filter { $0.type == "table" && $0.sql?.hasPrefix("CREATE VIRTUAL TABLE") == true }.map(\.name)
        let scratch = try Database(path: ":memory:", mode: .readWriteCreate, foreignKeys: false)
        var tables: [MoonshotTable] = []
        for object in objects where object.type == "table" {
            guard let sql = object.sql, !object.name.hasPrefix("sqlite_"), !virtual.contains(where: { object.name == $0 || object.name.hasPrefix($0 + "_") })
            else { continue }
            try scratch.execute(sql)
            let columns = try scratch.rows(
                "SELECT name, pk, type, \"notnull\" AND coalesce(dflt_value IN ('''''', '0'), true) FROM pragma_table_info(?) ORDER BY cid",
                [.text(object.name)])
            let unique = try scratch.rows(
                """
                SELECT x.name FROM pragma_index_list(?1) AS l, pragma_index_info(l.name) AS x
                 WHERE l."unique" AND l.origin IN ('u', 'pk') ORDER BY l.seq, x.seqno
                """, [.text(object.name)]
            ).compactMap { $0.text(0) }
            let names = columns.compactMap { $0.text(0) }
            let primary = columns.filter { ($0.int64(1) ?? 0) > 0 }.compactMap { $0.text(0) }
            let keys = names.filter { primary.contains($0) || unique.contains($0) }
            let derived = DerivedValues.columns[object.name] ?? []
            let needed = columns.filter { $0.int64(3) == 1 }.compactMap { $0.text(0) }.filter { !derived.contains($0) }
            tables.append(
                MoonshotTable(
                    name: object.name, sql: sql, columns: names, types: columns.map { $0.text(2) ?? "" },
                    keyColumns: keys, requiredColumns: names.filter { keys.contains($0) || needed.contains($0) },
                    derivedColumns: derived))
        }
        return tables
    }
}

extension Database {
    /// Whether `sqlite_schema` holds an object named `name` (as SQLite folds names), of `type`
    /// when given; a virtual table only, when `virtual`.
    func hasSchemaObject(named name: String, type: String? = nil, virtual: Bool = false) throws -> Bool {
        try scalar(
            """
            SELECT count(*) FROM sqlite_schema WHERE name = ?1 COLLATE NOCASE AND (?2 IS NULL OR type = ?2)
               AND (NOT ?3 OR sql LIKE 'CREATE VIRTUAL TABLE%')
            """, [.text(name), type.map { .text($0) } ?? .null, .integer(virtual ? 1 : 0)]
        ) != .integer(0)
    }
}
