internal import CSQLite3

/// A connection to one SQLite database file; with `Statement`, the only caller of SQLite's C API. Used by one thread at a time (opened without
/// a mutex), so not `Sendable`; another thread or a signal handler stops its work through `interruptHandle`, which is.
package final class Database {
    package enum Mode: Sendable {
        /// Fails when the file does not exist, never creates one.
        case readOnly
        case readWrite
        case readWriteCreate
    }

    package enum TransactionKind: Sendable {
        /// Takes locks as the statements need them.
        case deferred
        /// Takes the write lock at once, waiting up to the busy timeout, so a busy database fails before any work.
        case immediate
    }

    package let path: String
    let handle: OpaquePointer
    /// Stops this connection's work from another thread or a signal handler.
    package let interruptHandle: InterruptHandle
    /// The closures SQLite calls back (authorizer, progress handler), kept alive here.
    let callbacks = Callbacks()

    /// How long the statements of a connection wait for other connections' locks, in all.
    package static let defaultBusyTimeout = Duration.seconds(5)

    /// Opens `path` (`":memory:"` for a private in-memory database, `""` for a private temporary one on disk). Foreign keys are enforced on a
    /// writable connection unless `foreignKeys` is false; statements wait for other connections' locks up to `busyTimeout` in all.
    package init(path: String, mode: Mode, foreignKeys: Bool = true, busyTimeout: Duration = Database.defaultBusyTimeout) throws {
        Self.startSQLite(countingMemory: false)
        var flags = SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOMUTEX
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        // A system SQLite may read a name starting "file:" as a URI (another file, or memory); "./file:..." is a path.
        let fileName = path.lowercased().hasPrefix("file:") ? "./" + path : path
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(fileName, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(connection: handle, code: code)
            sqlite3_close_v2(handle)
            throw error
        }
        self.path = path
        self.handle = handle
        interruptHandle = InterruptHandle(handle)
        callbacks.interruptHandle = interruptHandle
        sqlite3_extended_result_codes(handle, 1)
        waitWhenBusy(upTo: busyTimeout)
        if mode != .readOnly && foreignKeys { try execute("PRAGMA foreign_keys = ON") }
    }

    /// The interrupt handle closes the connection, perhaps later (another thread may hold it):
    /// until then SQLite must not call back into `callbacks`, which go now.
    deinit {
        sqlite3_busy_handler(handle, nil, nil)
        sqlite3_set_authorizer(handle, nil, nil)
        sqlite3_progress_handler(handle, 0, nil, nil)
    }

    /// Runs one statement with `values` bound, ignoring any rows.
    package func execute(_ sql: String, _ values: [SQLValue]) throws {
        try prepare(sql).execute(values)
    }

    /// Runs `;`-separated statements, ignoring rows; a `?` in one is an error naming the statement, never a silent
    /// NULL.
    package func execute(_ script: String) throws {
        try run(script, evenIfInterrupted: false)
    }

    private func run(_ script: String, evenIfInterrupted: Bool) throws {
        try script.withCString { start in
            var next: UnsafePointer<CChar>? = start
            while let current = next, current.pointee != 0 {
                if isInterrupted && !evenIfInterrupted { throw SQLiteError(.interrupted, message: "interrupted", sql: script) }
                callbacks.refusedSomething = false
                var statement: OpaquePointer?
                let code = sqlite3_prepare_v2(handle, current, -1, &statement, &next)
                guard code == SQLITE_OK else { throw error(code: code, sql: script) }
                guard let statement else { continue }  // only white space or comments were left
                defer { sqlite3_finalize(statement) }
                let sql = String(String(cString: sqlite3_sql(statement)).drop(while: { $0.isWhitespace }))
                let parameters = sqlite3_bind_parameter_count(statement)
                guard parameters == 0 else {
                    throw SQLiteError(
                        .range, message: "the statement takes \(parameters) value\(parameters == 1 ? "" : "s"), but none can be given here", sql: sql)
                }
                var result: Int32
                repeat { result = sqlite3_step(statement) } while result == SQLITE_ROW
                guard result == SQLITE_DONE else { throw error(code: result, sql: sql) }
            }
        }
    }

    /// Prepares a single statement for repeated use.
    package func prepare(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Runs `sql` with `values` bound and returns every row.
    package func rows(_ sql: String, _ values: [SQLValue] = []) throws -> [Row] {
        try prepare(sql).rows(values)
    }

    /// The first column of the first row of `sql`, or nil when there is no row.
    package func scalar(_ sql: String, _ values: [SQLValue] = []) throws -> SQLValue? {
        try rows(sql, values).first?.values.first
    }

    /// Runs `body` in a transaction, committed when it returns and rolled back when it (or the commit) throws, with the
    /// first error (a failed rollback does not replace it). All of moonshot's database changes go through here.
    package func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        try execute(kind == .immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // SQLite may have rolled back already (after a full disk, say); an interrupted connection still rolls back.
            if isInTransaction { try? run("ROLLBACK", evenIfInterrupted: true) }
            throw error
        }
    }

    /// Runs `body` in a transaction always rolled back, for statements SQLite runs as writes (FTS5's integrity check)
    /// on a file that must not change; `.immediate` takes the write lock first (a read lock cannot wait to become one).
    package func rolledBack<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
        try execute(kind == .immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        defer { if isInTransaction { try? run("ROLLBACK", evenIfInterrupted: true) } }
        return try body()
    }

    /// The error for result `code` of a call on this connection: `.notAuthorized` when the authorizer refused something
    /// on the way, `.busy` for a statement stopped because the time for waiting for locks was spent.
    func error(code: Int32, sql: String?) -> SQLiteError {
        if code & 0xFF == SQLITE_INTERRUPT && gaveUpWaitingForALock && !isInterrupted {
            return SQLiteError(.busy, message: "database is locked", sql: sql)
        }
        let error = SQLiteError(connection: handle, code: code, sql: sql)
        return callbacks.refusedSomething ? SQLiteError(.notAuthorized, message: error.message, sql: sql) : error
    }

    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// How many rows the last INSERT, UPDATE or DELETE changed (not counting triggers' changes).
    package var changes: Int { Int(sqlite3_changes64(handle)) }
}
