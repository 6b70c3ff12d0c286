extension MoonshotDatabase {
    /// The default limit on an ad-hoc query's running time, in seconds.
    public static let defaultQueryTimeout = 10.0

    /// SQL functions a statement the user wrote may not call: they reach outside the database.
    static let deniedFunctions: Set<String> = ["load_extension", "writefile", "edit"]

    /// Runs one statement the user wrote, refusing anything that could write: the connection
    /// is read-only and `query_only`, the statement must be read-only, and ATTACH, DETACH
    /// (which also stops `VACUUM INTO`, an attach underneath) and extension loading are denied.
    /// A query running longer than `timeout` seconds is stopped.
    ///
    /// `columns` receives the column names first; then `row` receives each row as it is
    /// produced, and returns false to stop early. Nothing is buffered here.
    public func runReadOnly(_ sql: String, timeout: Double = MoonshotDatabase.defaultQueryTimeout,
                            columns: ([String]) -> Void, row: ([SQLValue]) throws -> Bool) throws {
        // No single value may be larger than this, so one row cannot exhaust memory.
        database.limitValueLength(to: Self.maximumValueLength)
        try database.execute("PRAGMA query_only = ON")
        database.setAuthorizer { request in
            switch request {
            case .attach, .detach: false
            case .function(let name): !Self.deniedFunctions.contains(name)
            case .other: true
            }
        }
        defer { database.setAuthorizer(nil) }

        let statement: Statement
        do {
            statement = try database.prepare(sql)
        } catch let error as SQLiteError where error.code == .notAuthorized {
            throw MoonshotError("refused: \(error.message); 'moonshot sql' does not allow ATTACH, DETACH or loading extensions",
                                hint: "It only reads the database it was given.")
        } catch let error as SQLiteError {
            throw MoonshotError("SQL error: \(error.message)", hint: "Check the statement; 'moonshot schema' shows the tables and views.")
        }
        guard statement.isReadOnly else {
            throw MoonshotError("refused: 'moonshot sql' only runs statements that read; this one would write",
                                hint: "Use the sqlite3 shell on a copy of the database to change it.")
        }

        columns((0..<statement.columnCount).map(statement.columnName))
        defer { statement.reset() }
        do {
            try database.withTimeLimit(timeout) {
                while try statement.step() {
                    guard try row(statement.currentRow.values) else { break }
                }
            }
        } catch let error as SQLiteError where error.code == .interrupted {
            throw MoonshotError("the query was stopped after \(Self.format(timeout)) second\(timeout == 1 ? "" : "s")",
                                hint: "Allow it longer with --timeout SECONDS, or make it do less.")
        } catch let error as SQLiteError {
            throw MoonshotError("SQL error: \(error.message)", hint: "Check the statement; 'moonshot schema' shows the tables and views.")
        }
    }

    /// The largest text or blob an ad-hoc query may produce, in bytes.
    public static let maximumValueLength: Int32 = 64 << 20

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
