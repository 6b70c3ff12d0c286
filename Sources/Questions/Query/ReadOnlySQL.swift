import SQLite

extension MoonshotDatabase {
    package static let defaultQueryTimeout = Duration.seconds(10)

    /// What SQL the user wrote may ask of SQLite.
    package static let untrustedSQLLimits = UntrustedSQLLimits()

    /// Starts SQLite counting memory for the limit `runReadOnly` sets on it: call before the database opens.
    package static func startForUserSQL() {
        Database.startSQLite(countingMemory: untrustedSQLLimits.memory != nil)
    }

    /// Functions user SQL may not call, as they reach outside the database: extension loading, FTS3 tokenizer registration (which hands out and
    /// takes native pointers), and the file, archive and shell functions a build or an extension may add.
    static let deniedFunctions: Set<String> = [
        "load_extension", "fts3_tokenizer", "readfile", "writefile", "edit", "fsdir", "lsmode",
        "sqlar_compress", "sqlar_uncompress", "zipfile", "zipfile_cds", "system", "shell",
    ]

    /// Whether a statement the user wrote may call SQL function `name` (in lower case).
    static func allowsFunction(_ name: String) -> Bool {
        !deniedFunctions.contains(name) && !name.hasPrefix("shell_")
    }

    /// Runs one statement the user wrote on a read-only, `query_only` connection: writes refused as prepared, no parameters, no ATTACH (which stops
    /// `VACUUM INTO`) or `deniedFunctions`, `untrustedSQLLimits`, `timeout`; needs `startForUserSQL`. `row` gets each row, returning false to stop.
    package func runReadOnly(
        _ sql: String, timeout: Duration = MoonshotDatabase.defaultQueryTimeout,
        columns: ([String]) -> Void, row: ([SQLValue]) throws -> Bool
    ) throws {
        let limits = Self.untrustedSQLLimits
        try connection.distrustSQL(limits)
        try connection.execute("PRAGMA query_only = ON")
        // A write is refused as the statement is prepared, before the database's triggers are
        // compiled into it (which an untrusted schema would refuse in SQLite's words).
        var asksToWrite = false
        connection.setAuthorizer { request in
            switch request {
            case .attach, .detach: return false
            case .write:
                asksToWrite = true
                return false
            case .function(let name): return Self.allowsFunction(name)
            case .other: return true
            }
        }
        defer { connection.setAuthorizer(nil) }

        let statement: Statement
        do {
            statement = try connection.prepare(sql)
        } catch let error as SQLiteError {
            let refusedWrite = asksToWrite && error.code == .notAuthorized
            throw refusedWrite ? UserSQLProblem.writes : Self.explain(error, limits: limits, preparing: true)
        }
        guard statement.isReadOnly else {
            throw UserSQLProblem.writes
        }
        guard statement.parameterCount == 0 else {
            throw UserSQLProblem.parameters(count: statement.parameterCount)
        }

        columns((0..<statement.columnCount).map(statement.columnName))
        defer { statement.reset() }
        let stopped = QueryStopped(limit: timeout, query: .userSQL)
        do {
            try connection.withTimeLimit(timeout, whenStuck: whenStuck?(stopped)) {
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

    private static func explain(_ error: SQLiteError, limits: UntrustedSQLLimits, preparing: Bool) -> UserSQLProblem {
        switch error.code {
        case .notAuthorized: .reachesOutside(sqliteMessage: error.message)
        case .tooBig where preparing: .tooLong(limit: Int64(limits.statementLength))
        case .tooBig: .valueTooLarge(limit: Int64(limits.valueLength), sqliteMessage: error.message)
        case .noMemory: .outOfMemory(limit: limits.memory)
        case .misuse where error.isSeveralStatements: .severalStatements
        // SQLite refuses writes to its own tables and names before asking the authorizer.
        case .error where preparing && sqliteRefusesWriting(error.message): .writes
        default: .failed(sqliteMessage: error.message)
        }
    }

    /// Whether SQLite's `message` refuses a write to one of its own tables or to a name it reserves.
    private static func sqliteRefusesWriting(_ message: String) -> Bool {
        message.hasSuffix(" may not be modified") || message.hasPrefix("object name reserved for internal use")
    }
}
