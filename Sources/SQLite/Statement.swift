internal import CSQLite3
import Glibc
import SystemSupport

/// SQLITE_TRANSIENT: SQLite copies bound text and blobs, and results, before the call returns.
let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A statement's named parameter values, by name without the colon.
package typealias NamedValues = NamedList<SQLValue>

/// A value SQLite stores or returns.
package enum SQLValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A prepared statement, bound, stepped and reset as often as needed and finalized when the last reference goes. Like
/// its `Database`, it is used by one thread at a time.
package final class Statement {
    package let sql: String
    private let handle: OpaquePointer
    private let database: Database

    init(database: Database, sql: String) throws {
        database.callbacks.refusedSomething = false
        // The C string and the tail pointer into it live only inside this closure.
        let prepared: Result<OpaquePointer, SQLiteError> = sql.withCString { text in
            var handle: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(database.handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, &tail)
            guard code == SQLITE_OK else { return .failure(database.error(code: code, sql: sql)) }
            guard let handle else {
                return .failure(SQLiteError(.misuse, message: "there is no SQL statement to prepare", sql: sql))
            }
            // Whatever follows the statement may only be white space, semicolons and comments.
            if let tail, tail.pointee != 0 {
                var next: OpaquePointer?
                let nextCode = sqlite3_prepare_v2(database.handle, tail, -1, &next, nil)
                sqlite3_finalize(next)
                if nextCode != SQLITE_OK || next != nil {
                    sqlite3_finalize(handle)
                    return .failure(SQLiteError(.misuse, message: SQLiteError.severalStatementsMessage, sql: sql))
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
    package var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    /// The number of `?` (and named) parameters the statement takes.
    package var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    package var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The name of column `index` (0-based) as the statement reports it.
    package func columnName(_ index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? ""
    }

    /// Rewinds the statement and binds `values` to its parameters in order; throws, naming the SQL, unless counts
    /// match.
    package func bind(_ values: [SQLValue]) throws {
        reset()
        guard values.count == parameterCount else {
            throw SQLiteError(
                .range,
                message: "the statement takes \(parameterCount) value\(parameterCount == 1 ? "" : "s"), "
                    + "but \(values.count) \(values.count == 1 ? "was" : "were") given", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try check(bind(value, at: Int32(offset + 1)))
        }
    }

    /// Rewinds the statement and binds `values` to its named parameters (`:mission_id` from `values["mission_id"]`).
    /// Throws, naming the SQL, unless every parameter has a name and a value, and every value a parameter.
    package func bind(named values: NamedValues) throws {
        reset()
        var names: [String] = []
        for index in stride(from: Int32(1), through: Int32(parameterCount), by: 1) {
            let name = sqlite3_bind_parameter_name(handle, index).map { String(String(cString: $0).dropFirst()) }
            guard let name, let value = values[name] else {
                throw SQLiteError(.range, message: "parameter \(name.map { ":" + $0 } ?? String(index)) has no value", sql: sql)
            }
            try check(bind(value, at: index))
            names.append(name)
        }
        if let extra = values.pairs.map(\.name).filter({ !names.contains($0) }).min() {
            throw SQLiteError(.range, message: "the statement has no parameter :\(extra)", sql: sql)
        }
    }

    private func bind(_ value: SQLValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case .integer(let number):
            return sqlite3_bind_int64(handle, index, number)
        case .real(let number):
            return sqlite3_bind_double(handle, index, number)
        case .text(var text):
            // Embedded NUL characters are kept: the length is given, not found.
            return text.withUTF8 { bytes in
                let start = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self)
                return sqlite3_bind_text64(handle, index, start, UInt64(bytes.count), transient, UInt8(SQLITE_UTF8))
            }
        case .blob(let bytes):
            return bytes.withUnsafeBytes {
                sqlite3_bind_blob64(handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64($0.count), transient)
            }
        }
    }

    /// Advances to the next row; returns false when there are no more rows.
    @discardableResult
    package func step() throws -> Bool {
        database.callbacks.refusedSomething = false
        if database.isInterrupted {
            sqlite3_reset(handle)
            throw SQLiteError(.interrupted, message: "interrupted", sql: sql)
        }
        database.callbacks.stepping.set()
        let result = sqlite3_step(handle)
        database.callbacks.stepping.clear()
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let error = database.error(code: code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs the statement to completion with `values` bound, ignoring any rows.
    package func execute(_ values: [SQLValue] = []) throws {
        try bind(values)
        defer { reset() }
        while try step() {}
    }

    /// Runs the statement with `values` bound and returns every row.
    package func rows(_ values: [SQLValue] = []) throws -> [Row] {
        try bind(values)
        defer { reset() }
        var rows: [Row] = []
        while try step() { rows.append(currentRow) }
        return rows
    }

    /// Rewinds the statement and clears its bindings to NULL, so no value of a previous run can leak into the next.
    package func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Whether column `index` (0-based) of the current row is NULL.
    package func isNull(_ index: Int) -> Bool {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL
    }

    /// Column `index` (0-based) of the current row as an integer, or nil when it is NULL.
    package func int64(_ index: Int) -> Int64? {
        isNull(index) ? nil : sqlite3_column_int64(handle, Int32(index))
    }

    /// Column `index` (0-based) of the current row as text (embedded NULs kept), or nil when it is NULL.
    package func text(_ index: Int) -> String? {
        guard !isNull(index), let bytes = sqlite3_column_text(handle, Int32(index)) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Whether column `index` (0-based) is the text `expected` (nil for NULL), byte for byte, without making a string.
    package func hasText(_ index: Int, _ expected: String?) -> Bool {
        guard var expected else { return isNull(index) }
        guard !isNull(index), let bytes = sqlite3_column_text(handle, Int32(index)) else { return false }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        return expected.withUTF8 { buffer in
            buffer.count == count && (count == 0 || memcmp(buffer.baseAddress!, bytes, count) == 0)
        }
    }

    /// Column `index` (0-based) of the current row as text exactly as stored, or nil when it is NULL; throws
    /// `InvalidUTF8` when its bytes are not UTF-8 (which `text` would change into replacement characters).
    package func exactText(_ index: Int) throws(InvalidUTF8) -> String? {
        guard !isNull(index), let bytes = sqlite3_column_text(handle, Int32(index)) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        guard let text = String(validating: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self) else {
            throw InvalidUTF8(column: columnName(index))
        }
        return text
    }

    /// Column `index` (0-based) of the current row, typed as SQLite stores it.
    package func value(_ index: Int) -> SQLValue {
        let column = Int32(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT: return text(index).map(SQLValue.text) ?? .null
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let start = sqlite3_column_blob(handle, column), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: start, count: count)))
        default: return .null
        }
    }

    package var currentRow: Row {
        Row(values: (0..<columnCount).map(value))
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw SQLiteError(connection: database.handle, code: code, sql: sql) }
    }
}

/// One result row, detached from its statement.
package struct Row: Equatable, Sendable {
    package let values: [SQLValue]

    package init(values: [SQLValue]) { self.values = values }

    /// Column `index` as an integer, or nil when it is NULL or not an integer.
    package func int64(_ index: Int) -> Int64? {
        if case .integer(let value) = values[index] { return value }
        return nil
    }

    /// Column `index` as text, or nil when it is NULL or not text.
    package func text(_ index: Int) -> String? {
        if case .text(let value) = values[index] { return value }
        return nil
    }
}

/// A text value whose bytes are not UTF-8 (stored with `CAST(x'ff' AS TEXT)`, say).
package struct InvalidUTF8: Error, Equatable, Sendable {
    /// The result column it was read from.
    package let column: String
}
