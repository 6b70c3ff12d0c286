internal import CSQLite3
import Glibc

/// A failure reported by SQLite, with everything needed to understand it.
package struct SQLiteError: Error, CustomStringConvertible, Equatable {
    /// SQLite's extended result code, such as `.foreignKeyConstraint`.
    package let code: ResultCode
    package let message: String
    package let sql: String?
    /// The operating system's error number behind an I/O error (`ENOSPC`, `EIO`...), or 0.
    package let systemError: Int32

    package init(_ code: ResultCode, message: String, sql: String? = nil, systemError: Int32 = 0) {
        self.code = code
        self.message = message
        self.sql = sql
        self.systemError = systemError
    }

    /// The message of the error `prepare` gives for text that holds more than one statement.
    static let severalStatementsMessage = "only one statement can be prepared at a time"

    package var isSeveralStatements: Bool { code == .misuse && message == Self.severalStatementsMessage }

    /// Whether the device is full, or a write went past a file-size limit or a disk quota.
    package var isOutOfSpace: Bool {
        code.primary == .full || (code.primary == .ioError && [ENOSPC, EFBIG, EDQUOT].contains(systemError))
    }

    /// Whether SQLite could not write a temporary file: no room (`isOutOfSpace`), or no folder it may write in.
    package var isNoRoomForTemporaryFiles: Bool {
        isOutOfSpace || code == .noTemporaryFolder
    }

    /// The operating system's words for `systemError` ("Input/output error"), when there is one.
    package var systemReason: String? { systemError == 0 ? nil : String(cString: strerror(systemError)) }

    package var description: String {
        var text = "\(message) (SQLite error \(code.rawValue)"
        if let sql { text += " in: \(sql.trimmedForDisplay)" }
        return text + ")"
    }

    /// The error the connection last reported, given the result code a call returned.
    init(connection: OpaquePointer?, code: Int32, sql: String? = nil) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's code is only meaningful when it agrees with the call's result.
        let useConnection = connection != nil && (extended & 0xFF) == (code & 0xFF)
        let message =
            useConnection
            ? String(cString: sqlite3_errmsg(connection))
            : String(cString: sqlite3_errstr(code))
        let systemError = useConnection ? sqlite3_system_errno(connection) : 0
        self.init(ResultCode(rawValue: useConnection ? extended : code), message: message, sql: sql, systemError: systemError)
    }
}

extension String {
    /// The text on one line, shortened for an error message.
    fileprivate var trimmedForDisplay: String {
        let oneLine = split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == " " })
            .joined(separator: " ")
        return oneLine.count > 200 ? String(oneLine.prefix(197)) + "..." : oneLine
    }
}
