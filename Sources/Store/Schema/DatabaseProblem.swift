/// Why a moonshot database cannot be opened for questions, or read: the facts, which the
/// command line phrases. `path` is the database's path as the user gave it.
package enum DatabaseProblem: Error, Equatable, Sendable {
    /// There is no file at `path`.
    case missing(path: String)
    /// `path` is a folder.
    case folder(path: String)
    /// `path` is neither a file nor a folder (a socket, a device...).
    case notARegularFile(path: String)
    /// The file cannot be read (`reason` is the operating system's).
    case unreadableFile(path: String, reason: String)
    /// Another process holds a lock on the database.
    case busy(path: String)
    /// The file is not a moonshot database.
    case notMoonshots(path: String)
    /// SQLite finds the file damaged.
    case damaged(path: String, sqliteMessage: String)
    /// A full-text index does not agree with its table, or FTS5 cannot read it; the tables are
    /// not affected, and a repair rebuilds the index from them.
    case fullTextIndexDamaged(path: String, sqliteMessage: String)
    /// SQLite cannot read the file, for another reason.
    case unreadable(path: String, sqliteMessage: String)
    /// The database has no tables yet (a first import failed, say).
    case empty(path: String)
    /// A newer moonshot made the database.
    case newerLayout(path: String, version: Int64)
    /// An older moonshot made the database; `lastImport` names the files its last import read.
    case olderLayout(path: String, version: Int64, lastImport: ImportSources?)
    /// Moonshot's tables, indexes or views differ from schema.sql's: `first` of `count` differences.
    case changedLayout(path: String, first: String, count: Int)
    /// The database holds an interrupted transaction that only a writer can roll back.
    case unfinishedTransaction(path: String)
    /// A column moonshot never leaves NULL is NULL.
    case unexpectedNull(column: String)
    /// The check's private copy of the database (of `bytes`) does not fit in SQLite's
    /// temporary folder, `folder` (nil when it cannot be told).
    case noRoomToCheck(path: String, folder: String?, bytes: Int64?)
    /// SQLite finds no folder it may write its temporary files in, where the check copies the
    /// database (of `bytes`).
    case noTemporaryFolder(path: String, bytes: Int64?)
}

/// The files an import read, as it was given them; nil for the built-in dataset's.
package struct ImportSources: Equatable, Sendable {
    package let missions: String?
    package let astronauts: String?
}
