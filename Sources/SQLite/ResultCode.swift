internal import CSQLite3

/// An SQLite result code, primary (`SQLITE_FULL`) or extended (`SQLITE_IOERR_WRITE`), by name.
package struct ResultCode: RawRepresentable, Hashable, Sendable {
    package let rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code an extended code refines: `.ioError` for `SQLITE_IOERR_WRITE`.
    package var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    package static let error = ResultCode(rawValue: SQLITE_ERROR)
    package static let interrupted = ResultCode(rawValue: SQLITE_INTERRUPT)
    package static let busy = ResultCode(rawValue: SQLITE_BUSY)
    package static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    package static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
    package static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    package static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    /// No folder SQLite may write temporary files in (SQLITE_IOERR_GETTEMPPATH, a macro Swift does not import).
    package static let noTemporaryFolder = ResultCode(rawValue: SQLITE_IOERR | (25 << 8))
    package static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    package static let full = ResultCode(rawValue: SQLITE_FULL)
    package static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    package static let tooBig = ResultCode(rawValue: SQLITE_TOOBIG)
    package static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    package static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
    package static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    package static let notAuthorized = ResultCode(rawValue: SQLITE_AUTH)
    package static let range = ResultCode(rawValue: SQLITE_RANGE)
    package static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
    /// A read-only connection found an interrupted transaction's rollback journal, which only a writer may roll back.
    package static let readOnlyRollback = ResultCode(rawValue: SQLITE_READONLY | (3 << 8))
    /// A read-only connection found a WAL file that needs recovering first.
    package static let readOnlyRecovery = ResultCode(rawValue: SQLITE_READONLY | (1 << 8))
    /// A virtual table (a full-text index) found its own tables inconsistent.
    package static let corruptVirtualTable = ResultCode(rawValue: SQLITE_CORRUPT | (1 << 8))
    /// A foreign key refers to a row that does not exist.
    package static let foreignKeyConstraint = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))
}
