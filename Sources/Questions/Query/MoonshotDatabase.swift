import SQLite
import Store
import SystemSupport

/// A moonshot database opened read-only for questions. Opening it never creates or
/// changes a file; every question is a prepared statement with bound parameters.
package final class MoonshotDatabase {
    /// The path as the user gave it.
    package let path: String
    package let connection: Database
    /// Called for `--show-sql` with each statement a public query runs, beforehand so a failed or stopped one shows.
    package var willRun: ((ExecutedSQL) -> Void)?
    /// What to do when a query is past its time limit and an SQLite call has not returned (`Database.withTimeLimit`); nil waits.
    /// It runs in a signal handler: a command-line tool reports and exits, which for a reader leaves nothing half done.
    package var whenStuck: (@Sendable (QueryStopped) -> @Sendable () -> Void)?
    /// One limit for all the questions asked of this database, counted from when the first began (tests shorten it).
    package var questionTimeLimit = defaultQueryTimeout
    /// The questions' limit, once the first began.
    private var timeLimit: TimeLimit?
    /// Whether the questions' limit is set aside, inside `readSnapshot`.
    private var isUnlimited = false
    /// The connection's table for confirming full-text candidates, once made (see `confirmed`).
    var currentText: CurrentTextTable?

    /// Opens the database at `path`, or explains why it cannot be used (such as a changed schema.sql, unless accepted); `asOneSnapshot` reads in
    /// the snapshot checked. `keepingFewPages` (one-row questions) saves a quarter of page faults on the ~300 MB database; lists revisit pages.
    package init(
        path: String, acceptingChangedSchema: Bool = false, acceptingOlderLayouts: Bool = false, asOneSnapshot: Bool = false,
        keepingFewPages: Bool = false
    ) throws {
        try MoonshotFile.checkFile(path)
        let notOurs = DatabaseProblem.notMoonshots(path: path)
        do {
            connection = try Self.openReadOnly(path, asOneSnapshot: asOneSnapshot, keepingFewPages: keepingFewPages)
            try MoonshotFile.checkLayout(of: connection, path: path, notOurs: notOurs, accepting: acceptingOlderLayouts ? 1 : MoonshotFile.schemaVersion)
            if !acceptingChangedSchema && !acceptingOlderLayouts, try !SchemaComparison.isExactlySchemaSQLs(in: connection) {
                let changes = try SchemaComparison.differences(in: connection).filter(\.changesMoonshotsObjects)
                if let first = changes.first {
                    throw DatabaseProblem.changedLayout(path: path, first: first, count: changes.count)
                }
            }
        } catch ResultCode.busy, ResultCode.locked {
            throw DatabaseProblem.busy(path: path)
        } catch ResultCode.notADatabase {
            throw notOurs
        } catch let error as SQLiteError where error.code.primary == .corrupt {
            throw DatabaseProblem.damaged(path: path, sqliteMessage: error.message)
        } catch let error as SQLiteError {
            throw DatabaseProblem.unreadable(path: path, sqliteMessage: error.message)
        }
        self.path = path
    }

    /// The pages of the file a question about one mission or astronaut keeps in memory: room
    /// for the upper levels of each B-tree it searches, which every search passes through.
    static let fewPages = 32

    /// An interrupted transaction leaves a journal only a writable connection can roll back (SQLite does on its first read), so that is opened
    /// first, then read-only again. With `asOneSnapshot`, the read transaction begins with the first read.
    private static func openReadOnly(_ path: String, asOneSnapshot: Bool, keepingFewPages: Bool) throws -> Database {
        func open() throws -> Database {
            let database = try Database(path: path, mode: .readOnly)
            if keepingFewPages { try database.execute("PRAGMA cache_size = \(fewPages)") }
            if asOneSnapshot { try database.execute("BEGIN") }
            _ = try database.scalar("SELECT count(*) FROM sqlite_schema")
            return database
        }
        do {
            return try open()
        } catch let error as SQLiteError where error.code == .readOnlyRollback || error.code == .readOnlyRecovery {
            do {
                _ = try Database(path: path, mode: .readWrite).scalar("SELECT count(*) FROM sqlite_schema")
            } catch {
                throw DatabaseProblem.unfinishedTransaction(path: path)
            }
            return try open()
        }
    }

    func query<T>(_ sql: String, _ parameters: [SQLValue] = [], record: Bool = true, _ map: (Statement) throws -> T) throws -> [T] {
        if record { willRun?(ExecutedSQL(sql: sql, parameters: parameters)) }
        let statement = try explainingDamage { try connection.prepare(sql) }
        try statement.bind(parameters)
        return try rows(of: statement, limit: nil, map)
    }

    func query<T>(
        _ canned: CannedQuery, _ parameters: NamedValues, limit: Int? = nil, offset: Int = 0,
        _ map: (Statement) throws -> T
    ) throws -> [T] {
        willRun?(ExecutedSQL(sql: canned.sql, named: parameters, limit: limit, offset: offset))
        let statement = try explainingDamage { try connection.prepare(canned.sql) }
        try statement.bind(named: parameters)
        return try rows(of: statement, limit: limit, offset: offset, map)
    }

    /// For a reader stepping through the rows itself (the site, a mission at a time): unshown, without the time limit.
    package func prepare(_ sql: String) throws -> Statement {
        try connection.prepare(sql)
    }

    /// Ends the `asOneSnapshot` transaction once the reads are done, before printing: a slow or gone reader of the
    /// output must not keep other programs from writing. Later reads are each their own.
    package func endSnapshot() {
        if connection.isInTransaction { try? connection.execute("COMMIT") }
    }

    /// Runs `body` in one read transaction (a commit meanwhile is seen wholly or not at all) without the time limit,
    /// for work of minutes such as writing a site; a signal caught by `Interruption.catchingSignals` stops it.
    package func readSnapshot<T>(_ body: () throws -> T) throws -> T {
        isUnlimited = true
        defer { isUnlimited = false }
        return try Interruption.interrupting(connection.interruptHandle) {
            try connection.transaction(.deferred, body)
        }
    }

    /// The size of the database, in bytes: about what a private copy of it takes.
    var byteCount: Int64? {
        (try? connection.rows("SELECT page_count * page_size FROM pragma_page_count, pragma_page_size"))?.first?.int64(0)
    }

    /// Runs the prepared `statement` with `parameters`, unshown, and maps each row.
    func query<T>(_ statement: Statement, _ parameters: [SQLValue], _ map: (Statement) throws -> T) throws -> [T] {
        try statement.bind(parameters)
        return try rows(of: statement, limit: nil, map)
    }

    /// Stopped `questionTimeLimit` after the first question to this database began, but not in `readSnapshot`.
    private func rows<T>(of statement: Statement, limit: Int?, offset: Int = 0, _ map: (Statement) throws -> T) throws -> [T] {
        defer { statement.reset() }
        var results: [T] = []
        func read() throws {
            var passed = 0
            while passed < offset, try statement.step() { passed += 1 }
            while passed == offset, results.count < limit ?? .max, try statement.step() { results.append(try map(statement)) }
        }
        let stopped = QueryStopped(limit: questionTimeLimit, query: .question)
        do {
            if isUnlimited {
                try read()
            } else {
                let timeLimit = self.timeLimit ?? TimeLimit(questionTimeLimit, on: connection, whenStuck: whenStuck?(stopped))
                self.timeLimit = timeLimit
                try timeLimit.run(read)
            }
        } catch let error as SQLiteError where error.code == .interrupted && !connection.isInterrupted {
            throw stopped
        } catch let error as SQLiteError {
            throw explained(error)
        }
        return results
    }

    /// `error` as what it means for the data: a full-text index out of step with its table (a repair rebuilds it, rows
    /// untouched), or a damaged page that opening did not read; any other error as it is.
    private func explained(_ error: SQLiteError) -> any Error {
        // A plain SQL error from moonshot's own statement on a full-text index: its schema was
        // checked, so FTS5 could not read the index's own tables.
        let unreadableIndex = error.code == .error && (error.sql?.contains("_fts") ?? false)
        if error.code == .corruptVirtualTable || unreadableIndex {
            return DatabaseProblem.fullTextIndexDamaged(path: path, sqliteMessage: error.message)
        }
        return error.code.primary == .corrupt ? DatabaseProblem.damaged(path: path, sqliteMessage: error.message) : error
    }

    private func explainingDamage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw explained(error)
        }
    }
}
