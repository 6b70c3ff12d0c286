import CSQLite3

/// A connection to one SQLite database file.
///
/// Every connection has extended result codes and a busy timeout, so that a lock held by
/// another process is waited for, not failed on at once; one that can write has foreign keys
/// enforced. The connection closes when the last reference goes away; statements keep it alive.
public final class Database {
    /// How a database file is opened.
    public enum Mode: Sendable {
        /// Reads only; fails when the file does not exist, never creates one.
        case readOnly
        /// Reads and writes, creating the file when it does not exist.
        case readWriteCreate
    }

    /// The path the connection was opened with.
    public let path: String
    let handle: OpaquePointer

    /// How long a statement waits for another connection's lock, in milliseconds.
    public static let defaultBusyTimeout: Int32 = 5_000

    /// Library-wide settings, made once before the first connection opens.
    private static let configureLibrary: Void = {
        _ = moonshot_sqlite3_disable_memory_statistics()
    }()

    /// Opens the database at `path` (`":memory:"` for a private in-memory one).
    public init(path: String, mode: Mode, busyTimeout: Int32 = Database.defaultBusyTimeout) throws {
        Self.configureLibrary
        var flags = SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOMUTEX
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(connection: handle, code: code)
            sqlite3_close_v2(handle)
            throw error
        }
        self.path = path
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeout)
        // Foreign keys are checked on every write (a read-only connection makes none).
        if mode == .readWriteCreate { try execute("PRAGMA foreign_keys = ON") }
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one statement with `values` bound, ignoring any rows.
    public func execute(_ sql: String, _ values: [SQLValue]) throws {
        try prepare(sql).execute(values)
    }

    /// Runs one or more `;`-separated statements that take no parameters, ignoring rows.
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) }
            sqlite3_free(message)
            var error = SQLiteError(connection: handle, code: code, sql: sql)
            if let text { error = SQLiteError(code: error.code, message: text, sql: sql) }
            throw error
        }
    }

    /// Prepares a single statement for repeated use.
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Runs `sql` with `values` bound and returns every row.
    public func rows(_ sql: String, _ values: [SQLValue] = []) throws -> [Row] {
        try prepare(sql).rows(values)
    }

    /// The first column of the first row of `sql`, or nil when there is no row.
    public func scalar(_ sql: String, _ values: [SQLValue] = []) throws -> SQLValue? {
        try rows(sql, values).first?.values.first
    }

    /// Runs `body` inside a transaction: committed when it returns, rolled back when it throws.
    ///
    /// `immediate` takes the write lock at the start, so that a busy database is reported
    /// before any work is done rather than at commit.
    public func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        let result: T
        do {
            result = try body()
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        return result
    }

    /// A private in-memory database from a database file image of `imageSize` bytes, which
    /// `write` puts straight into the memory SQLite will own (returning false if it could not).
    /// Room for `capacity` bytes (up to 1 GiB) is set aside, so the database can grow that far
    /// in place; beyond it, SQLite moves it as it grows.
    static func inMemory(imageSize: Int, reserving capacity: Int,
                         write: (UnsafeMutableRawBufferPointer) -> Bool) throws -> Database {
        let database = try Database(path: ":memory:", mode: .readWriteCreate)
        let capacity = max(min(capacity, 1 << 30), imageSize, 1)
        guard let buffer = sqlite3_malloc64(UInt64(capacity)) else {
            throw SQLiteError(code: SQLITE_NOMEM, message: "out of memory")
        }
        guard write(UnsafeMutableRawBufferPointer(start: buffer, count: imageSize)) else {
            sqlite3_free(buffer)
            throw SQLiteError(code: SQLITE_CORRUPT, message: "the database image is damaged")
        }
        // SQLite owns the buffer from here on (even if this fails), and frees it when the
        // connection closes.
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
        let code = sqlite3_deserialize(database.handle, "main", buffer.assumingMemoryBound(to: UInt8.self),
                                       sqlite3_int64(imageSize), sqlite3_int64(capacity), flags)
        guard code == SQLITE_OK else { throw SQLiteError(connection: database.handle, code: code) }
        return database
    }

    /// Writes the whole of the main database, as a database file, to a new file at `path`
    /// (synced). For an in-memory database built in one go: one write instead of one per page.
    public func writeImage(to path: String) throws {
        var size: sqlite3_int64 = 0
        // An in-memory database can be read where it lies; any other is copied out first.
        if let image = sqlite3_serialize(handle, "main", &size, UInt32(SQLITE_SERIALIZE_NOCOPY)) {
            try FileSystem.createFile(path, bytes: UnsafeRawBufferPointer(start: image, count: Int(size)))
            return
        }
        let (image, copied) = try serialize()
        defer { sqlite3_free(image) }
        try FileSystem.createFile(path, bytes: UnsafeRawBufferPointer(start: image, count: copied))
    }

    /// The main database as the bytes of a database file, in memory SQLite allocated.
    private func serialize() throws -> (UnsafeMutablePointer<UInt8>, Int) {
        var size: sqlite3_int64 = 0
        guard let image = sqlite3_serialize(handle, "main", &size, 0) else {
            throw SQLiteError(code: SQLITE_NOMEM, message: "could not serialize the database")
        }
        return (image, Int(size))
    }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

}
