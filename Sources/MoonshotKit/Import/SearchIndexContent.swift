/// A finished full-text index taken out of the database it was built in: the rows of the
/// shadow tables FTS5 keeps it in.
///
/// It is read on the thread that built the index and written, by the importing thread, into
/// the new database, whose schema is the same: a few dozen rows for the Apollo data, far
/// cheaper than indexing the text there.
struct SearchIndexContent: Sendable {
    private struct Table: Sendable {
        let name: String
        let columnCount: Int
        let rows: [Row]
    }
    private let tables: [Table]

    /// Reads the whole of `index` from `database`.
    init(of index: FullTextIndex, in database: Database) throws {
        tables = try index.shadowTables.map { table in
            let select = try database.prepare("SELECT * FROM \(SearchIndexWriter.quotedName(table))")
            return Table(name: table, columnCount: select.columnCount, rows: try select.rows())
        }
    }

    /// Replaces the index in `database`, empty or not, with this one.
    func write(into database: Database) throws {
        for table in tables {
            let name = SearchIndexWriter.quotedName(table.name)
            let placeholders = String(repeating: "?, ", count: table.columnCount - 1) + "?"
            try database.execute("DELETE FROM \(name)")
            let insert = try database.prepare("INSERT INTO \(name) VALUES (\(placeholders))")
            for row in table.rows { try insert.execute(row.values) }
        }
    }
}
