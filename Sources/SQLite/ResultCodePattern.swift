/// Result codes as patterns, as in GRDB: a primary code (`catch ResultCode.busy`, `case .ioError`) matches an
/// `SQLiteError` or code with it or any of its extended codes; an extended one (`.readOnlyRollback`) only itself.
extension ResultCode {
    package static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern == code || pattern == code.primary
    }

    package static func ~= (pattern: ResultCode, error: any Error) -> Bool {
        guard let error = error as? SQLiteError else { return false }
        return pattern ~= error.code
    }
}
