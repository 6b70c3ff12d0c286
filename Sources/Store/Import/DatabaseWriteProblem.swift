/// Why an import (or a repair) could not write into the database at `path`, which it left
/// as it was: the facts, which the command line phrases.
package enum DatabaseWriteProblem: Error, Equatable, Sendable {
    /// What was writing.
    package enum Work: Equatable, Sendable {
        case `import`
        case repair
    }

    /// The folder the database would be made in does not exist.
    case missingFolder(path: String, folder: String)
    /// What should be the database's folder is not a folder.
    case folderIsNotAFolder(path: String, folder: String)
    /// `path` is a folder.
    case folder(path: String)
    /// `path` is neither a file nor a folder.
    case notARegularFile(path: String)
    /// The folder, where SQLite writes its journal beside the database, cannot be written in.
    case unwritableFolder(folder: String)
    /// SQLite could not open or create the file.
    case cannotOpen(path: String, sqliteMessage: String)
    /// SQLite may not write to the file.
    case readOnly(path: String, sqliteMessage: String)
    /// Another program held a lock for longer than the `limit` that `work` waited, in all.
    case locked(path: String, work: Work, limit: Duration)
    /// The file holds something other than a moonshot database.
    case notMoonshots(path: String)
    /// A newer moonshot made the database.
    case newerLayout(path: String, version: Int64)
    /// SQLite finds the file damaged.
    case damaged(path: String, sqliteMessage: String)
}
