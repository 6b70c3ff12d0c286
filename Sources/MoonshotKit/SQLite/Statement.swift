import CSQLite3

/// SQLite copies bound text before the bind call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A value SQLite stores or returns.
public enum SQLValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A prepared statement: prepare once, then bind, step and reset as often as needed.
/// The statement is finalized when the last reference goes away.
public final class Statement {
    /// The SQL text the statement was prepared from.
    public let sql: String
    let handle: OpaquePointer
    private let database: Database

    init(database: Database, sql: String) throws {
        // The C string and the tail pointer into it live only inside this closure.
        let prepared: Result<OpaquePointer, SQLiteError> = sql.withCString { text in
            var handle: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(database.handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, &tail)
            guard code == SQLITE_OK else { return .failure(SQLiteError(connection: database.handle, code: code, sql: sql)) }
            guard let handle else {
                return .failure(SQLiteError(code: SQLITE_MISUSE, message: "there is no SQL statement to prepare", sql: sql))
            }
            // Whatever follows the statement may only be white space, semicolons and comments.
            if let tail, tail.pointee != 0 {
                var next: OpaquePointer?
                let nextCode = sqlite3_prepare_v2(database.handle, tail, -1, &next, nil)
                sqlite3_finalize(next)
                if nextCode != SQLITE_OK || next != nil {
                    sqlite3_finalize(handle)
                    return .failure(SQLiteError(code: SQLITE_MISUSE, message: "only one statement can be prepared at a time", sql: sql))
                }
            }
            return .success(handle)
        }
        self.handle = try prepared.get()
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Whether the statement leaves the database unchanged (SELECT, most PRAGMA reads).
    public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    /// The number of columns each row has.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The name of column `index` (0-based) as the statement reports it.
    public func columnName(_ index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? ""
    }

    // MARK: Binding

    /// Resets the statement and binds `values` to its parameters, in order.
    public func bind(_ values: [SQLValue]) throws {
        reset()
        for (offset, value) in values.enumerated() {
            try bind(value, at: offset + 1)
        }
    }

    /// Binds `value` to parameter `index` (1-based).
    public func bind(_ value: SQLValue, at index: Int) throws {
        switch value {
        case .null: try bindNull(at: index)
        case .integer(let number): try bind(number, at: index)
        case .real(let number): try check(sqlite3_bind_double(handle, Int32(index), number))
        case .text(let text): try bind(text, at: index)
        case .blob(let bytes):
            try check(bytes.withUnsafeBytes {
                sqlite3_bind_blob64(handle, Int32(index), $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                    UInt64($0.count), transient)
            })
        }
    }

    /// Binds an integer to parameter `index` (1-based).
    public func bind(_ value: Int64, at index: Int) throws {
        try check(sqlite3_bind_int64(handle, Int32(index), value))
    }

    /// Binds text to parameter `index` (1-based); embedded NUL characters are kept.
    public func bind(_ value: String, at index: Int) throws {
        var text = value
        try check(text.withUTF8 { bytes in
            sqlite3_bind_text64(handle, Int32(index),
                                UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                                    .assumingMemoryBound(to: CChar.self),
                                UInt64(bytes.count), transient, UInt8(SQLITE_UTF8))
        })
    }

    /// Binds text, or NULL when `value` is nil, to parameter `index` (1-based).
    public func bind(_ value: String?, at index: Int) throws {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    /// Binds NULL to parameter `index` (1-based).
    public func bindNull(at index: Int) throws {
        try check(sqlite3_bind_null(handle, Int32(index)))
    }

    // MARK: Stepping

    /// Advances to the next row; returns false when there are no more rows.
    @discardableResult
    public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let error = SQLiteError(connection: database.handle, code: code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs the statement to completion with the current bindings, ignoring any rows,
    /// and rewinds it for the next run.
    public func run() throws {
        defer { reset() }
        while try step() {}
    }

    /// Runs the statement to completion with `values` bound, ignoring any rows.
    public func execute(_ values: [SQLValue] = []) throws {
        try bind(values)
        while try step() {}
        reset()
    }

    /// Runs the statement with `values` bound and returns every row.
    public func rows(_ values: [SQLValue] = []) throws -> [Row] {
        try bind(values)
        defer { reset() }
        var rows: [Row] = []
        while try step() { rows.append(currentRow) }
        return rows
    }

    /// Rewinds the statement so it can run again; bindings are kept.
    public func reset() {
        sqlite3_reset(handle)
    }

    // MARK: Reading the current row

    /// Whether column `index` (0-based) of the current row is NULL.
    public func isNull(_ index: Int) -> Bool {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL
    }

    /// Column `index` (0-based) of the current row as an integer (0 for NULL).
    public func int64(_ index: Int) -> Int64 {
        sqlite3_column_int64(handle, Int32(index))
    }

    /// Column `index` (0-based) of the current row as text (empty for NULL); NULs are kept.
    public func text(_ index: Int) -> String {
        guard let bytes = sqlite3_column_text(handle, Int32(index)) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `index` (0-based) of the current row as text, or nil for NULL.
    public func optionalText(_ index: Int) -> String? {
        isNull(index) ? nil : text(index)
    }

    /// Column `index` (0-based) of the current row, typed as SQLite stores it.
    public func value(_ index: Int) -> SQLValue {
        let column = Int32(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT: return .text(text(index))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let start = sqlite3_column_blob(handle, column), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: start, count: count)))
        default: return .null
        }
    }

    /// All columns of the current row.
    public var currentRow: Row {
        Row(values: (0..<columnCount).map(value))
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw SQLiteError(connection: database.handle, code: code, sql: sql) }
    }
}

/// One result row, detached from its statement.
public struct Row: Equatable, Sendable {
    /// The row's values, in column order.
    public let values: [SQLValue]

    /// Column `index` as an integer, or nil when it is not one.
    public func int64(_ index: Int) -> Int64? {
        if case .integer(let value) = values[index] { return value }
        return nil
    }

    /// Column `index` as text, or nil when it is not text.
    public func text(_ index: Int) -> String? {
        if case .text(let value) = values[index] { return value }
        return nil
    }
}
