/// Builds an import's new content in a database of its own, private to the import, before the
/// real database is touched: schema.sql, then the rows as they are read and validated, then
/// the indexes and the full-text indexes.
enum ScratchDatabase {
    /// Creates the database at `path` and fills it from the input. Throws `ImportFailure`
    /// listing every problem when the input is not valid; the file is then of no use.
    static func build(at path: String, missions: InputFile, astronauts: InputFile) throws -> DatasetCounts {
        let database = try Database(path: path, mode: .readWriteCreate)
        // Nobody else opens this file, and a failed import deletes it: it needs no journal and
        // no syncing. The cache is larger than the default, for the B-trees of large inputs.
        try database.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -16384")
        return try database.transaction(.deferred) {
            try database.execute(EmbeddedDataset.schemaSQL)
            // An index created once the rows are in is one sort; kept up to date through
            // every insert, it is a search and an insert per row.
            let indexes = try database.rows("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL")
            for index in indexes { try database.execute("DROP INDEX \(identifier(index.text(0)))") }

            let reader = DatasetReader(sink: try DatabaseWriter(database).add)
            try reader.read(astronauts: astronauts, missions: missions)
            try reader.throwProblems()

            for index in indexes { try database.execute(index.text(1) ?? "") }
            for table in try fullTextIndexes(in: database) {
                try database.execute("INSERT INTO \(table) (\(table)) VALUES ('rebuild')")
            }
            return reader.counts
        }
    }

    /// The full-text indexes (FTS5 tables) of schema.sql, as SQL identifiers.
    private static func fullTextIndexes(in database: Database) throws -> [String] {
        try database.rows("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
            .map { identifier($0.text(0)) }
    }
}

/// `name` as a quoted SQL identifier: `"missions"`, `"a""b"`.
func identifier(_ name: String?) -> String {
    "\"" + (name ?? "").replacingAll("\"", with: "\"\"") + "\""
}
