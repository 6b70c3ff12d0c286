/// Result codes as patterns, as GRDB has them: `catch ResultCode.busy` catches an
/// `SQLiteError` whose code is `SQLITE_BUSY` or one of its extended codes
/// (`SQLITE_BUSY_RECOVERY`...), and `case .ioError` in a `switch` on a code matches any
/// I/O error. An extended pattern (`.readOnlyRollback`) matches that code alone.
extension ResultCode {
    /// Whether `code` is `pattern`, or refines it when `pattern` is a primary code.
    package static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern == code || pattern == code.primary
    }

    /// Whether `error` is an `SQLiteError` whose code matches `pattern`.
    package static func ~= (pattern: ResultCode, error: any Error) -> Bool {
        guard let error = error as? SQLiteError else { return false }
        return pattern ~= error.code
    }
}
