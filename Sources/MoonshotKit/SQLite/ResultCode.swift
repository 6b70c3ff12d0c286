import CSQLite3

/// An SQLite result code, primary (`SQLITE_FULL`) or extended (`SQLITE_IOERR_WRITE`), by name.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code an extended code refines: `.ioError` for `SQLITE_IOERR_WRITE`.
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// SQLite's short English name for the code, such as "database or disk is full".
    public var description: String { String(cString: sqlite3_errstr(rawValue)) }

    public static let ok = ResultCode(rawValue: SQLITE_OK)
    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    public static let permission = ResultCode(rawValue: SQLITE_PERM)
    public static let interrupted = ResultCode(rawValue: SQLITE_INTERRUPT)
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    public static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    public static let full = ResultCode(rawValue: SQLITE_FULL)
    public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    public static let tooBig = ResultCode(rawValue: SQLITE_TOOBIG)
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    public static let notAuthorized = ResultCode(rawValue: SQLITE_AUTH)
    public static let range = ResultCode(rawValue: SQLITE_RANGE)
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
    /// A write failed in the operating system: a file-size limit or a full device, usually.
    public static let ioErrorWrite = ResultCode(rawValue: SQLITE_IOERR | (3 << 8))
    /// A read-only connection found a rollback journal of an interrupted transaction, which
    /// only a connection that can write may roll back.
    public static let readOnlyRollback = ResultCode(rawValue: SQLITE_READONLY | (3 << 8))
    /// A read-only connection found a WAL file that needs recovering first.
    public static let readOnlyRecovery = ResultCode(rawValue: SQLITE_READONLY | (1 << 8))
    /// A foreign key refers to a row that does not exist.
    public static let foreignKeyConstraint = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))
}
