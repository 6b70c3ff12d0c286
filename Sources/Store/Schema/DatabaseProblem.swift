/// Why a moonshot database cannot be opened or read, for the command line to phrase; `path` is as the user gave it.
package enum DatabaseProblem: Error, Equatable, Sendable {
    case missing(path: String)
    case folder(path: String)
    case notARegularFile(path: String)
    /// The file cannot be read (`reason` is the operating system's).
    case unreadableFile(path: String, reason: String)
    case busy(path: String)
    case notMoonshots(path: String)
    case damaged(path: String, sqliteMessage: String)
    /// A full-text index disagrees with its table or FTS5 cannot read it; the tables are sound, a repair rebuilds it.
    case fullTextIndexDamaged(path: String, sqliteMessage: String)
    /// SQLite cannot read the file, for another reason.
    case unreadable(path: String, sqliteMessage: String)
    case empty(path: String)
    case newerLayout(path: String, version: Int64)
    /// An older moonshot made the database; `lastImport` names the files its last import read.
    case olderLayout(path: String, version: Int64, lastImport: ImportSources?)
    /// Moonshot's tables, indexes or views differ from schema.sql's: `first` of `count` differences.
    case changedLayout(path: String, first: SchemaDifference, count: Int)
    /// The database holds an interrupted transaction that only a writer can roll back.
    case unfinishedTransaction(path: String)
    case unexpectedNull(column: String)
    /// The check's private copy of the database (`bytes`) does not fit in SQLite's temporary `folder` (nil if unknown).
    case noRoomToCheck(path: String, folder: String?, bytes: Int64?)
    /// SQLite finds no folder it may write temporary files in, where the check copies the database.
    case noTemporaryFolder(path: String, bytes: Int64?)
}

/// The files an import read, as it was given them; nil for the built-in dataset's.
package struct ImportSources: Equatable, Sendable {
    package let missions: String?
    package let astronauts: String?
}
