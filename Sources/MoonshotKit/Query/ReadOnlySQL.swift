import SQLite
extension MoonshotDatabase {
    /// The default limit on an ad-hoc query's running time.
    package static let defaultQueryTimeout = Duration.seconds(10)

    /// What SQL the user wrote may ask of SQLite.
    package static let untrustedSQLLimits = UntrustedSQLLimits()

    /// SQL functions a statement the user wrote may not call, as they reach outside the
    /// database: SQLite's own extension loading and FTS3 tokenizer registration (which hands
    /// out and takes native pointers), and the file, archive and shell functions that a build or
    /// an extension may add.
    static let deniedFunctions: Set<String> = [
        "load_extension", "fts3_tokenizer", "readfile", "writefile", "edit", "fsdir", "lsmode",
        "sqlar_compress", "sqlar_uncompress", "zipfile", "zipfile_cds", "system", "shell",
    ]

    /// Whether a statement the user wrote may call SQL function `name` (in lower case).
    static func allowsFunction(_ name: String) -> Bool {
        !deniedFunctions.contains(name) && !name.hasPrefix("shell_")
    }

    /// Runs one statement the user wrote, refusing anything that could write or reach outside
    /// the database: the connection is read-only and `query_only`, the statement must be
    /// read-only and take no values, ATTACH and DETACH (which also stops `VACUUM INTO`) and
    /// `deniedFunctions` are refused, and `untrustedSQLLimits` apply (see `distrustSQL`).
    /// A query running longer than `timeout` is stopped.
    ///
    /// `columns` receives the column names first; then `row` receives each row as it is
    /// produced, and returns false to stop early. Nothing is buffered here.
    package func runReadOnly(_ sql: String, timeout: Duration = MoonshotDatabase.defaultQueryTimeout,
                            columns: ([String]) -> Void, row: ([SQLValue]) throws -> Bool) throws {
        let limits = Self.untrustedSQLLimits
        try connection.distrustSQL(limits)
        try connection.execute("PRAGMA query_only = ON")
        connection.setAuthorizer { request in
            switch request {
            case .attach, .detach: false
            case .function(let name): Self.allowsFunction(name)
            case .other: true
            }
        }
        defer { connection.setAuthorizer(nil) }

        let statement: Statement
        do {
            statement = try connection.prepare(sql)
        } catch let error as SQLiteError {
            throw Self.explain(error, limits: limits, preparing: true)
        }
        guard statement.isReadOnly else {
            throw MoonshotError("refused: 'moonshot sql' only runs statements that read; this one would write",
                                hint: "Use the sqlite3 shell on a copy of the database to change it.")
        }
        guard statement.parameterCount == 0 else {
            throw MoonshotError("the statement has \(statement.parameterCount) parameter\(statement.parameterCount == 1 ? "" : "s") "
                                + "(such as ? or :name), but 'moonshot sql' takes no values for them",
                                hint: "Write the values into the statement: WHERE id = 11.")
        }

        columns((0..<statement.columnCount).map(statement.columnName))
        defer { statement.reset() }
        let stopped = Self.stopped(after: timeout, hint: "Allow it longer with --timeout SECONDS, or make it do less.")
        do {
            try connection.withTimeLimit(timeout, whenStuck: stuck(stopped)) {
                while try statement.step() {
                    guard try row(statement.currentRow.values) else { break }
                }
            }
        } catch let error as SQLiteError where error.code == .interrupted && !connection.isInterrupted {
            throw stopped
        } catch let error as SQLiteError {
            throw Self.explain(error, limits: limits, preparing: false)
        }
    }

    /// A failure of a statement the user wrote, while `preparing` it or running it, as the user
    /// should read it.
    private static func explain(_ error: SQLiteError, limits: UntrustedSQLLimits, preparing: Bool) -> MoonshotError {
        switch error.code.primary {
        case .notAuthorized:
            return MoonshotError("refused: \(error.message); 'moonshot sql' does not allow ATTACH, DETACH, loading extensions "
                                 + "or functions that reach outside the database",
                                 hint: "It only reads the database it was given.")
        case .tooBig where preparing:
            return MoonshotError("the statement is longer than \(bytes(Int64(limits.statementLength))), the most 'moonshot sql' takes",
                                 hint: "Shorten it, or use the sqlite3 shell ('moonshot shell').")
        case .tooBig:
            return MoonshotError("a value would be larger than \(bytes(Int64(limits.valueLength))), the most 'moonshot sql' makes "
                                 + "(\(error.message))", hint: "Ask for less: substr() of long text, or fewer rows in group_concat().")
        case .noMemory:
            return MoonshotError("the query needs more than \(limits.memory.map { bytes($0) + " of memory" } ?? "the memory there is"), "
                                 + "the most 'moonshot sql' allows",
                                 hint: "Make it do less: fewer rows to sort or group, or smaller values.")
        default:
            return MoonshotError("SQL error: \(error.message)", hint: "Check the statement; 'moonshot schema' shows the tables and views.")
        }
    }

    /// "32 MiB", "100000 bytes".
    private static func bytes(_ count: Int64) -> String {
        count % (1 << 20) == 0 ? "\(count >> 20) MiB" : "\(count) bytes"
    }

    /// The error for a query stopped by its time limit.
    static func stopped(after limit: Duration, hint: String) -> MoonshotError {
        MoonshotError("the query was stopped after \(MoonshotKit.seconds(limit))", hint: hint)
    }
}
