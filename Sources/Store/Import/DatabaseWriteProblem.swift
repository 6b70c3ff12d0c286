/// Why an import or a repair could not write the database at `path`, left as it was; the command line phrases it.
package enum DatabaseWriteProblem: Error, Equatable, Sendable {
    package enum Work: Equatable, Sendable {
        case `import`
        case repair
    }

    case missingFolder(path: String, folder: String)
    case folderIsNotAFolder(path: String, folder: String)
    case folder(path: String)
    case notARegularFile(path: String)
    /// The folder, where SQLite writes its journal beside the database, cannot be written in.
    case unwritableFolder(folder: String)
    case cannotOpen(path: String, sqliteMessage: String)
    case readOnly(path: String, sqliteMessage: String)
    /// Another program held a lock for longer than the `limit` that `work` waited, in all.
    case locked(path: String, work: Work, limit: Duration)
    case notMoonshots(path: String)
    case newerLayout(path: String, version: Int64)
    case damaged(path: String, sqliteMessage: String)
}
