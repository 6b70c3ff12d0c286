internal import CSQLite3

extension Database {
    /// How many bytes of a private copy's pages are held in memory; the rest are in its file.
    package static let privateCopyCacheBytes = 16 << 20

    /// A page-for-page copy of this connection's main database (online backup, reading only) for work that must write to look, like FTS5's check.
    /// A temporary database SQLite removes at once, needing about the database's size free in `temporaryFolder` (else `.full`, `.noTemporaryFolder`).
    package func privateCopy(cacheBytes: Int = Database.privateCopyCacheBytes) throws -> Database {
        let copy = try Database(path: "", mode: .readWriteCreate)
        try copy.execute("PRAGMA cache_size = -\(max(cacheBytes >> 10, 1))")
        guard let backup = sqlite3_backup_init(copy.handle, "main", handle, "main") else {
            throw SQLiteError(connection: copy.handle, code: sqlite3_errcode(copy.handle))
        }
        let code = sqlite3_backup_step(backup, -1)
        // An I/O error (no room, a file-size limit) is left, with errno, on the copy's connection; a lock met on this
        // one's file is this one's.
        let finished = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else { throw finished == SQLITE_OK ? error(code: code, sql: nil) : copy.error(code: code, sql: nil) }
        return copy
    }

    /// The folder SQLite puts temporary files (private copies too) in: on Unix the first writable one of SQLITE_TMPDIR,
    /// TMPDIR, /var/tmp, /usr/tmp, /tmp and the current folder; nil if none, or this connection's file is not open yet.
    package var temporaryFolder: String? {
        var name: UnsafeMutablePointer<CChar>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_TEMPFILENAME, &name) == SQLITE_OK, let name else { return nil }
        defer { sqlite3_free(name) }
        let path = String(cString: name)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
