internal import CSQLite3
import Glibc
import Synchronization
import SystemSupport

/// What a statement being prepared asks to do, as SQLite's authorizer reports it.
package enum AuthorizerRequest: Equatable, Sendable {
    case attach
    /// `DETACH DATABASE` (`VACUUM INTO` attaches and detaches underneath).
    case detach
    /// A call of the SQL function with this name (lower case).
    case function(String)
    /// A change to the database: a row written, or a table, index, view or trigger created, altered or dropped.
    case write
    /// Anything else, by SQLite's action code.
    case other(Int32)
}

/// SQLite's authorizer action codes that change the database.
private let writeActions: Set<Int32> = [
    SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE, SQLITE_ALTER_TABLE, SQLITE_REINDEX, SQLITE_ANALYZE,
    SQLITE_CREATE_INDEX, SQLITE_CREATE_TABLE, SQLITE_CREATE_TEMP_INDEX, SQLITE_CREATE_TEMP_TABLE,
    SQLITE_CREATE_TEMP_TRIGGER, SQLITE_CREATE_TEMP_VIEW, SQLITE_CREATE_TRIGGER, SQLITE_CREATE_VIEW,
    SQLITE_CREATE_VTABLE, SQLITE_DROP_INDEX, SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_INDEX,
    SQLITE_DROP_TEMP_TABLE, SQLITE_DROP_TEMP_TRIGGER, SQLITE_DROP_TEMP_VIEW, SQLITE_DROP_TRIGGER,
    SQLITE_DROP_VIEW, SQLITE_DROP_VTABLE,
]

/// Whether `name` is SQLite's schema table, under any of its names.
private func isSchemaTable(_ name: UnsafePointer<CChar>?) -> Bool {
    guard let name else { return false }
    return ["sqlite_master", "sqlite_schema", "sqlite_temp_master", "sqlite_temp_schema"].contains(String(cString: name).lowercased())
}

extension Database {
    /// Asks `allow` about every action of each statement prepared from now on (nil removes it); a refusal makes
    /// `prepare` (or `step`, for actions taken as the statement runs) fail with `.notAuthorized`.
    package func setAuthorizer(_ allow: ((AuthorizerRequest) -> Bool)?) {
        callbacks.authorizer = allow
        guard allow != nil else {
            sqlite3_set_authorizer(handle, nil, nil)
            return
        }
        let context = Unmanaged.passUnretained(callbacks).toOpaque()
        // SQLite passes an ATTACH's file name and a written row's table as the first detail, a function's name as the second. It reports a
        // schema-table update as it first reads a virtual table (FTS, json_each()): no write of the statement's (its own are CREATE, DROP, ALTER).
        sqlite3_set_authorizer(
            handle,
            { context, action, table, detail, _, _ in
                let callbacks = Unmanaged<Callbacks>.fromOpaque(context!).takeUnretainedValue()
                let request: AuthorizerRequest
                switch action {
                case SQLITE_ATTACH: request = .attach
                case SQLITE_DETACH: request = .detach
                case SQLITE_FUNCTION: request = .function(detail.map { String(cString: $0).lowercased() } ?? "")
                case let code where writeActions.contains(code) && !isSchemaTable(table): request = .write
                default: request = .other(action)
                }
                guard callbacks.authorizer?(request) ?? true else {
                    callbacks.refusedSomething = true
                    return SQLITE_DENY
                }
                return SQLITE_OK
            }, context)
    }

    /// Runs `body` under a time limit of its own (see `TimeLimit`).
    package func withTimeLimit<T>(_ limit: Duration, whenStuck: (@Sendable () -> Void)? = nil, _ body: () throws -> T) throws -> T {
        try TimeLimit(limit, on: self, whenStuck: whenStuck).run(body)
    }

    /// Turns off this connection's triggers (TEMP ones aside), for work that is not an edit: an import.
    package func turnOffTriggers() throws {
        guard moonshot_db_config_flag(handle, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0) == 0 else {
            throw SQLiteError(.error, message: "this SQLite cannot turn triggers off", sql: nil)
        }
    }

    /// Prepares this connection for SQL someone else wrote, per SQLite's "Defense Against the Dark Arts": defensive mode, an untrusted schema,
    /// no attached databases, and `limits`. The memory limit is process-wide: for a process that runs such SQL and ends (`startSQLite`).
    package func distrustSQL(_ limits: UntrustedSQLLimits) throws {
        let settings: [(option: Int32, value: Int32, name: String)] = [
            (SQLITE_DBCONFIG_DEFENSIVE, 1, "defensive mode"), (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, "an untrusted schema"),
        ]
        for setting in settings where moonshot_db_config_flag(handle, setting.option, setting.value) != setting.value {
            throw SQLiteError(.error, message: "this SQLite cannot turn on \(setting.name)", sql: nil)
        }
        sqlite3_limit(handle, SQLITE_LIMIT_ATTACHED, 0)
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, limits.valueLength)
        try LengthCheckedPrintf.install(on: handle, limit: limits.valueLength)
        sqlite3_limit(handle, SQLITE_LIMIT_SQL_LENGTH, limits.statementLength)
        sqlite3_limit(handle, SQLITE_LIMIT_LIKE_PATTERN_LENGTH, limits.likePatternLength)
        sqlite3_limit(handle, SQLITE_LIMIT_EXPR_DEPTH, limits.expressionDepth)
        if let memory = limits.memory {
            guard Self.countsMemory else {
                throw SQLiteError(.misuse, message: "a heap limit needs SQLite to count memory: start it with startSQLite(countingMemory: true)", sql: nil)
            }
            sqlite3_hard_heap_limit64(memory)
        }
    }
}

/// How much SQL someone else wrote may ask of SQLite. Each is far above what a question about
/// a dataset like Apollo's needs, and far below SQLite's own defaults.
package struct UntrustedSQLLimits: Sendable {
    /// The largest string or blob a statement may make, in bytes (SQLite's default: 1e9).
    package var valueLength: Int32 = 32 << 20
    /// The longest statement, in bytes (default: 1e9).
    package var statementLength: Int32 = 100_000
    /// The longest LIKE or GLOB pattern, in bytes (default: 50,000).
    package var likePatternLength: Int32 = 1_000
    /// The deepest expression (default: 1,000).
    package var expressionDepth: Int32 = 200
    /// The most memory SQLite may hold at once, in bytes; nil leaves the process's limit as it is.
    package var memory: Int64? = 512 << 20

    package init() {}
}
