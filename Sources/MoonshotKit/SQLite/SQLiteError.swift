import CSQLite3

/// A failure reported by SQLite, with everything needed to understand it.
public struct SQLiteError: Error, CustomStringConvertible, Equatable {
    /// SQLite's extended result code, such as `SQLITE_CONSTRAINT_FOREIGNKEY` (787).
    public let code: Int32
    /// SQLite's own message for the failure.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of `code`), such as `SQLITE_CONSTRAINT`.
    public var primaryCode: Int32 { code & 0xFF }

    /// Whether another connection holds a lock that outlasted the busy timeout.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    public var description: String {
        var text = "\(message) (SQLite error \(code)"
        if let sql { text += " in: \(sql.trimmedForDisplay)" }
        return text + ")"
    }

    /// The error the connection last reported, given the result code a call returned.
    init(connection: OpaquePointer?, code: Int32, sql: String? = nil) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's code is only meaningful when it agrees with the call's result.
        let useConnection = connection != nil && (extended & 0xFF) == (code & 0xFF)
        let message = useConnection
            ? String(cString: sqlite3_errmsg(connection))
            : String(cString: sqlite3_errstr(code))
        self.init(code: useConnection ? extended : code, message: message, sql: sql)
    }
}

extension String {
    /// The text on one line, shortened for an error message.
    fileprivate var trimmedForDisplay: String {
        let oneLine = split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" })
            .map { $0.trimmingSpaces }.filter { !$0.isEmpty }.joined(separator: " ")
        return oneLine.count > 200 ? String(oneLine.prefix(197)) + "..." : oneLine
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
