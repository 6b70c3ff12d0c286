internal import CSQLite3

/// Innocuous `printf()` and `format()` that fail with `SQLITE_TOOBIG` past the length limit (SQLite 3.40's own return NULL, read as an answer):
/// they run SQLite's on a private connection whose limit is a byte more, with a character put before the format so NULL means too long.
final class LengthCheckedPrintf {
    private let helper: OpaquePointer
    /// The helper's statements `SELECT printf('x' || ?1, ?2, ...)`, by number of arguments.
    private var statements: [Int32: OpaquePointer] = [:]

    /// Installs them on `connection` for results of up to `limit` bytes; SQLite releases each when it is replaced or
    /// the connection closes.
    static func install(on connection: OpaquePointer, limit: Int32) throws {
        var helper: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &helper, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let helper else {
            sqlite3_close_v2(helper)
            throw SQLiteError(.noMemory, message: "cannot open a private connection for printf()")
        }
        sqlite3_limit(helper, SQLITE_LIMIT_LENGTH, limit + 1)
        let checked = LengthCheckedPrintf(helper: helper)
        for name in ["printf", "format"] {
            // SQLite holds a reference of its own, and releases it (also when this fails).
            let context = Unmanaged.passRetained(checked).toOpaque()
            let code = sqlite3_create_function_v2(
                connection, name, -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, context,
                { context, count, arguments in
                    Unmanaged<LengthCheckedPrintf>.fromOpaque(sqlite3_user_data(context)!).takeUnretainedValue()
                        .call(context!, count, arguments!)
                }, nil, nil,
                { context in
                    Unmanaged<LengthCheckedPrintf>.fromOpaque(context!).release()
                })
            guard code == SQLITE_OK else { throw SQLiteError(connection: connection, code: code) }
        }
    }

    private init(helper: OpaquePointer) { self.helper = helper }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(helper)
    }

    private func call(_ context: OpaquePointer, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>) {
        guard count > 0, sqlite3_value_type(arguments[0]) != SQLITE_NULL else { return sqlite3_result_null(context) }
        guard let statement = statement(taking: count) else { return sqlite3_result_error_nomem(context) }
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for index in 0..<count { sqlite3_bind_value(statement, index + 1, arguments[Int(index)]) }
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: break
        case SQLITE_TOOBIG: return sqlite3_result_error_toobig(context)
        case SQLITE_NOMEM: return sqlite3_result_error_nomem(context)
        default: return sqlite3_result_error(context, sqlite3_errmsg(helper), -1)
        }
        guard let text = sqlite3_column_text(statement, 0) else { return sqlite3_result_error_toobig(context) }
        let length = sqlite3_column_bytes(statement, 0)
        sqlite3_result_text(context, UnsafeRawPointer(text + 1).assumingMemoryBound(to: CChar.self), length - 1, transient)
    }

    private func statement(taking count: Int32) -> OpaquePointer? {
        if let statement = statements[count] { return statement }
        let parameters = (2...max(2, count)).prefix(Int(count) - 1).map { ", ?\($0)" }.joined()
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(helper, "SELECT printf('x' || ?1\(parameters))", -1, &statement, nil) == SQLITE_OK else {
            sqlite3_finalize(statement)
            return nil
        }
        statements[count] = statement
        return statement
    }
}
