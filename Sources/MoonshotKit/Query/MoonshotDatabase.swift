import SQLite
/// A moonshot database opened read-only for questions. Opening it never creates or
/// changes a file; every question is a prepared statement with bound parameters.
package final class MoonshotDatabase {
    /// The newest schema version this build understands (schema.sql's `user_version`).
    package static let schemaVersion: Int64 = 3

    /// The path as the user gave it.
    package let path: String
    let database: Database
    /// Called with each statement a package query is about to run, in order, for `--show-sql`:
    /// before it runs, so that a query that fails or is stopped is shown too.
    package var willRun: ((ExecutedSQL) -> Void)?
    /// Called, on another thread, with the error to report when a query has passed its time
    /// limit and one call of SQLite still has not returned (see `Database.withTimeLimit`): a
    /// command-line tool reports it and ends there, which for a reader leaves nothing half
    /// done. Nil waits for the call, however long it takes.
    package var whenStuck: (@Sendable (QueryStopped) -> Void)?
    /// The limit on the questions asked of this database: `defaultQueryTimeout` from when the
    /// first began, so that a command that asks several keeps to the one limit.
    private var timeLimit: TimeLimit?
    /// The connection's table for confirming full-text candidates, once made (see `confirmed`).
    var currentText: CurrentTextTable?

    /// The `application_id` every moonshot database carries ("MOON"), as schema.sql sets it.
    package static let applicationID: Int64 = 0x4D4F4F4E

    /// The schema version of `database` if moonshot made it, or nil for any other database.
    /// A moonshot database says so in its header (`applicationID`); one made by a moonshot
    /// from before that has no application id, schema version 1 and exactly the columns it
    /// made. One statement in the usual case, for a quick start.
    static func schemaVersion(of database: Database) throws -> Int64? {
        let header = try database.rows("SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version)")
        guard let applicationID = header.first?.int64(0), let version = header.first?.int64(1) else { return nil }
        if applicationID == Self.applicationID { return version }
        guard applicationID == 0, version == 1 else { return nil }
        let columns = try database.rows("""
            SELECT group_concat(name, ' ') FROM (
                SELECT t.value || '.' || c.name AS name
                FROM json_each('["missions","astronauts","crew","imports"]') AS t, pragma_table_xinfo(t.value) AS c
                ORDER BY t.key, c.cid)
            """)
        return columns.first?.text(0) == Self.firstLayout ? 1 : nil
    }

    /// Whether `database`, which has no tables, views or anything else, is free for moonshot to
    /// fill: no other program has marked it as its own with an application id.
    static func isUnclaimed(_ database: Database) throws -> Bool {
        let id = try database.scalar("SELECT application_id FROM pragma_application_id")
        return id == .integer(0) || id == .integer(applicationID)
    }

    /// The columns of schema version 1, which moonshot made before it set `applicationID`.
    private static let firstLayout = [
        "missions.id", "missions.launch_date", "missions.description", "missions.display_name", "missions.badge_image",
        "astronauts.id", "astronauts.name", "astronauts.description",
        "crew.mission_id", "crew.astronaut_id", "crew.role", "crew.canonical_role", "crew.position",
        "imports.id", "imports.imported_at", "imports.tool_version", "imports.missions_source", "imports.missions_sha256",
        "imports.astronauts_source", "imports.astronauts_sha256", "imports.mission_count", "imports.astronaut_count",
        "imports.crew_count",
    ].joined(separator: " ")

    /// Opens the database at `path`, or explains why it cannot be used. Unless
    /// `acceptingChangedSchema`, that includes a database whose tables, indexes and views are
    /// not as schema.sql makes them (another program may add objects of its own): the questions
    /// read them, and could not be trusted. With `acceptingOlderLayouts` (which implies
    /// `acceptingChangedSchema`), a database an earlier moonshot made is accepted too.
    package init(path: String, acceptingChangedSchema: Bool = false, acceptingOlderLayouts: Bool = false) throws {
        try Self.checkFile(path)
        let notOurs = DatabaseProblem.notMoonshots(path: path)
        do {
            database = try Self.openReadOnly(path)
            try Self.checkLayout(of: database, path: path, notOurs: notOurs, acceptingOlder: acceptingOlderLayouts)
            if !acceptingChangedSchema && !acceptingOlderLayouts {
                let changes = try SchemaComparison.differences(in: database).filter(\.changesMoonshotsObjects)
                if let first = changes.first {
                    throw DatabaseProblem.changedLayout(path: path, first: first.description, count: changes.count)
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

    /// `path` as messages show it: with "./" before a name in the current folder.
    package static func shown(_ path: String) -> String {
        path.contains("/") ? path : "./" + path
    }

    /// Throws, saying why, unless there is a file at `path` that can be read.
    static func checkFile(_ path: String) throws(DatabaseProblem) {
        switch FileSystem.entry(at: path) {
        case .missing:
            throw .missing(path: path)
        case .directory:
            throw .folder(path: path)
        case .other:
            throw .notARegularFile(path: path)
        case .file:
            if let error = FileSystem.readError(path) {
                throw .unreadableFile(path: path, reason: error.reason)
            }
        }
    }

    /// Throws, saying why, unless `database` (at `path`) is a moonshot database of this
    /// schema version: `notOurs` for one that is not moonshot's.
    static func checkLayout(of database: Database, path: String, notOurs: any Error, acceptingOlder: Bool = false) throws {
        // An empty database is what a failed first import leaves (SQLite made the file).
        if try database.scalar("SELECT count(*) FROM sqlite_schema") == .integer(0) {
            guard try isUnclaimed(database) else { throw notOurs }
            throw DatabaseProblem.empty(path: path)
        }
        guard let version = try schemaVersion(of: database) else { throw notOurs }
        guard version <= schemaVersion else {
            throw DatabaseProblem.newerLayout(path: path, version: version)
        }
        guard version == schemaVersion || acceptingOlder else {
            throw DatabaseProblem.olderLayout(path: path, version: version, lastImport: lastImportSources(of: database))
        }
    }

    /// The files the last import of `database` read, as it was given them, when it can tell.
    private static func lastImportSources(of database: Database) -> ImportSources? {
        guard let sources = try? database.rows("SELECT missions_source, astronauts_source FROM imports ORDER BY id DESC LIMIT 1").first else { return nil }
        let given = { (column: Int) in sources.text(column).flatMap { $0.hasPrefix("embedded:") ? nil : $0 } }
        return ImportSources(missions: given(0), astronauts: given(1))
    }

    /// Opens the database read-only. A transaction that was interrupted (an import killed, a
    /// disk that filled up) leaves a journal that only a connection that may write can roll
    /// back: SQLite does that on the first read of such a connection, restoring the last
    /// committed content, and then the database is opened read-only again.
    private static func openReadOnly(_ path: String) throws -> Database {
        let database = try Database(path: path, mode: .readOnly)
        do {
            _ = try database.scalar("SELECT count(*) FROM sqlite_schema")
            return database
        } catch let error as SQLiteError where error.code == .readOnlyRollback || error.code == .readOnlyRecovery {
            do {
                _ = try Database(path: path, mode: .readWrite).scalar("SELECT count(*) FROM sqlite_schema")
            } catch {
                throw DatabaseProblem.unfinishedTransaction(path: path)
            }
            return try Database(path: path, mode: .readOnly)
        }
    }

    /// Runs `sql` with `parameters`, showing it to `willRun` unless not to `record`, and maps each row.
    func query<T>(_ sql: String, _ parameters: [SQLValue] = [], record: Bool = true, _ map: (Statement) throws -> T) throws -> [T] {
        if record { willRun?(ExecutedSQL(sql: sql, parameters: parameters)) }
        let statement = try database.prepare(sql)
        try statement.bind(parameters)
        return try rows(of: statement, limit: nil, map)
    }

    /// Runs `canned` with its named `parameters`, showing it to `willRun`, and maps each
    /// row, stopping after `limit` rows when one is given, those after the first `offset`.
    func query<T>(_ canned: CannedQuery, _ parameters: [String: SQLValue], limit: Int? = nil, offset: Int = 0,
                  _ map: (Statement) throws -> T) throws -> [T] {
        willRun?(ExecutedSQL(sql: canned.sql, named: parameters, limit: limit, offset: offset))
        let statement = try database.prepare(canned.sql)
        try statement.bind(named: parameters)
        return try rows(of: statement, limit: limit, offset: offset, map)
    }

    /// Runs the prepared `statement` with `parameters`, unshown, and maps each row.
    func query<T>(_ statement: Statement, _ parameters: [SQLValue], _ map: (Statement) throws -> T) throws -> [T] {
        try statement.bind(parameters)
        return try rows(of: statement, limit: nil, map)
    }

    /// The rows of `statement` after the first `offset`, mapped; stopped `defaultQueryTimeout`
    /// seconds after the first question asked of this database began, as `sql` is.
    private func rows<T>(of statement: Statement, limit: Int?, offset: Int = 0, _ map: (Statement) throws -> T) throws -> [T] {
        defer { statement.reset() }
        var results: [T] = []
        let stopped = QueryStopped(after: Self.defaultQueryTimeout, query: .question)
        let timeLimit = self.timeLimit ?? TimeLimit(Self.defaultQueryTimeout, on: database, whenStuck: stuck(stopped))
        self.timeLimit = timeLimit
        do {
            try timeLimit.run {
                var passed = 0
                while passed < offset, try statement.step() { passed += 1 }
                while passed == offset, results.count < limit ?? .max, try statement.step() { results.append(try map(statement)) }
            }
        } catch let error as SQLiteError where error.code == .interrupted && !database.isInterrupted {
            throw stopped
        } catch let error as SQLiteError where error.code.primary == .corrupt {
            // Damage a page that opening the database did not read (a full-text index's, say).
            throw DatabaseProblem.damaged(path: path, sqliteMessage: error.message)
        }
        return results
    }
}

extension MoonshotDatabase {
    /// What the time limit calls when a query is stuck: `whenStuck`, with `error`.
    func stuck(_ error: QueryStopped) -> (@Sendable () -> Void)? {
        guard let report = whenStuck else { return nil }
        return { report(error) }
    }
}

extension Statement {
    /// Column `index` as text; throws when it is NULL, which a moonshot database never has there.
    func string(_ index: Int) throws -> String {
        guard let value = text(index) else { throw unexpectedNull(index) }
        return value
    }

    /// Column `index` as an integer; throws when it is NULL.
    func integer(_ index: Int) throws -> Int64 {
        guard let value = int64(index) else { throw unexpectedNull(index) }
        return value
    }

    /// Column `index` as an Int; throws when it is NULL.
    func int(_ index: Int) throws -> Int { Int(try integer(index)) }

    /// Column `index` as a launch date, nil for NULL or anything that is not one.
    func launchDate(_ index: Int) -> LaunchDate? {
        text(index).flatMap(LaunchDate.init(iso:))
    }

    private func unexpectedNull(_ index: Int) -> DatabaseProblem {
        .unexpectedNull(column: columnName(index))
    }
}
