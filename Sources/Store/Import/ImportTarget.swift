import Dataset
import SQLite

/// The database an import writes into: its path checked, then opened for writing.
enum ImportTarget {
    /// The import's page cache, in KiB: more than SQLite's default 2 MB, for the B-trees of a
    /// large input. A larger transaction spills pages into the file before it commits.
    static let cacheKiB = 16_384

    /// Opens or creates the database at `path`, with foreign keys off, once its folder and path are checked; its
    /// statements wait for locks as `lockWait` says.
    static func open(_ path: String, lockWait: LockWaitPolicy) throws -> Database {
        let folder = FileSystem.directory(of: path)
        switch FileSystem.entry(at: folder) {
        case .directory: break
        case .missing:
            throw DatabaseWriteProblem.missingFolder(path: path, folder: folder)
        default:
            throw DatabaseWriteProblem.folderIsNotAFolder(path: path, folder: folder)
        }
        switch FileSystem.entry(at: path) {
        case .missing, .file: break
        case .directory:
            throw DatabaseWriteProblem.folder(path: path)
        case .other:
            throw DatabaseWriteProblem.notARegularFile(path: path)
        }
        // SQLite writes its rollback journal beside the database.
        guard FileSystem.isWritableDirectory(folder) else {
            throw DatabaseWriteProblem.unwritableFolder(folder: folder)
        }
        let database: Database
        do {
            // Foreign keys off, or emptying moonshot's tables would delete (or refuse to delete) other programs' rows
            // that refer to them; the reader and `OtherReferences` check references instead.
            database = try Database(path: path, mode: .readWriteCreate, foreignKeys: false, busyTimeout: lockWait.limit)
        } catch let error as SQLiteError where error.code.primary == .cannotOpen {
            throw DatabaseWriteProblem.cannotOpen(path: path, sqliteMessage: error.message)
        }
        if let waiting = lockWait.whenWaiting { database.whenWaitingForALock(after: LockWaitPolicy.announceAfter, waiting) }
        try database.execute("PRAGMA cache_size = -\(cacheKiB)")
        return database
    }

    /// A rolled-back `work`'s error, as a `DatabaseWriteProblem` for a busy, foreign, damaged or read-only database.
    static func explained(_ error: SQLiteError, path: String, lockWait: LockWaitPolicy, work: DatabaseWriteProblem.Work) -> any Error {
        switch error.code {
        case .busy: DatabaseWriteProblem.locked(path: path, work: work, limit: lockWait.limit)
        case .notADatabase: DatabaseWriteProblem.notMoonshots(path: path)
        case .corrupt: DatabaseWriteProblem.damaged(path: path, sqliteMessage: error.message)
        case .readOnly: DatabaseWriteProblem.readOnly(path: path, sqliteMessage: error.message)
        default: error
        }
    }

    /// Finishes a failed import's rollback once its connection is closed: after an OS write failure (a full disk, a
    /// file-size limit) SQLite leaves its journal for the next connection, which plays it back on its first read.
    static func finishRollback(of path: String) {
        guard case .file = FileSystem.entry(at: path),
            let database = try? Database(path: path, mode: .readWrite, busyTimeout: .seconds(1))
        else { return }
        _ = try? database.scalar("SELECT count(*) FROM sqlite_schema")
    }
}

/// How long an import waits for other programs' locks on the database, and what it does meanwhile.
package struct LockWaitPolicy {
    /// The default `limit`: long enough for another import of a large dataset to finish.
    package static let defaultLimit = Duration.seconds(60)
    /// How long a wait lasts before `whenWaiting` is called.
    static let announceAfter = Duration.seconds(1)

    /// The most all waits together may take.
    package var limit: Duration
    /// Called once, when the import has waited `announceAfter`: to say that it waits.
    package var whenWaiting: (() -> Void)?

    package init(limit: Duration = LockWaitPolicy.defaultLimit, whenWaiting: (() -> Void)? = nil) {
        self.limit = limit
        self.whenWaiting = whenWaiting
    }
}
