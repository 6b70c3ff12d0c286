/// Why an import or a repair could not write the database at `path`, left as it was; the command line phrases it.
package enum DatabaseWriteProblem: Error, Equatable, Sendable {
    package enum Work: Equatable, Sendable {
        case `import`
        case repair
    }

    /// The folder the database would be made in does not exist.
    case missingFolder(path: String, folder: String)
    /// What should be the database's folder is not a folder.
    case folderIsNotAFolder(path: String, folder: String)
    case folder(path: String)
    case notARegularFile(path: String)
    /// The folder, where SQLite writes its journal beside the database, cannot be written in.
    case unwritableFolder(folder: String)
    /// SQLite could not open or create the file.
    case cannotOpen(path: String, sqliteMessage: String)
    case readOnly(path: String, sqliteMessage: String)
    /// Another program held a lock for longer than the `limit` that `work` waited, in all.
    case locked(path: String, work: Work, limit: Duration)
    case notMoonshots(path: String)
    /// A newer moonshot made the database.
    case newerLayout(path: String, version: Int64)
    case damaged(path: String, sqliteMessage: String)
}
