internal import CSQLite3

extension Database {
    /// A private in-memory database holding a copy of this one's main database, page for page
    /// (SQLite's online backup, which only reads this connection's file): for work that must
    /// write to look, such as FTS5's integrity check, on a database that must not change.
    package func copyInMemory() throws -> Database {
        let copy = try Database(path: ":memory:", mode: .readWriteCreate)
        guard let backup = sqlite3_backup_init(copy.handle, "main", handle, "main") else {
            throw SQLiteError(connection: copy.handle, code: sqlite3_errcode(copy.handle))
        }
        let code = sqlite3_backup_step(backup, -1)
        sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else { throw error(code: code, sql: nil) }
        return copy
    }
}
