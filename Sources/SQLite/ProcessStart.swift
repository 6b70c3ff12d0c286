internal import CSQLite3

extension Database {
    /// Starts SQLite for this process, counting the memory it holds only when `countingMemory`.
    /// The count takes a process-wide lock on every allocation (12% of a canned question's
    /// instructions) and serves only a heap limit (`distrustSQL`), so a connection opened
    /// first starts SQLite without it. The first start decides; later ones change nothing.
    package static func startSQLite(countingMemory: Bool) {
        _ = moonshot_config_memory_count(countingMemory ? 1 : 0)
        sqlite3_initialize()
    }

    /// Starts SQLite without the memory count, unless it has started already.
    static let startedForConnections: Void = startSQLite(countingMemory: false)

    /// Whether SQLite counts the memory it holds in this process.
    static var countsMemory: Bool {
        var current: Int64 = 0
        var highest: Int64 = 0
        // SQLite holds memory from its start (its mutexes, a connection), so a count of none is no count.
        return sqlite3_status64(SQLITE_STATUS_MEMORY_USED, &current, &highest, 0) == SQLITE_OK && current > 0
    }
}
