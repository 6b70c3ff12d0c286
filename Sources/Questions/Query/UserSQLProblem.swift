/// Why a statement the user wrote was refused, or failed (see `runReadOnly`).
package enum UserSQLProblem: Error, Equatable, Sendable {
    case writes
    case severalStatements
    /// The statement has `count` parameters, for which no values are given.
    case parameters(count: Int)
    /// The statement asked for ATTACH, DETACH, an extension or a function that reaches outside.
    case reachesOutside(sqliteMessage: String)
    case tooLong(limit: Int64)
    case valueTooLarge(limit: Int64, sqliteMessage: String)
    /// The query needs more memory than `limit` bytes, or than there is when nil.
    case outOfMemory(limit: Int64?)
    case failed(sqliteMessage: String)
}
