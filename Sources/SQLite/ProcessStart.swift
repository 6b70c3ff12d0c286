internal import CSQLite3
import Synchronization

extension Database {
    /// Whether SQLite counts the memory it holds, once this process has started it.
    private static let memoryCounted = Mutex<Bool?>(nil)

    /// Starts SQLite for this process, counting its memory only when `countingMemory`: the count takes a process-wide lock on every allocation (12%
    /// of a canned question's instructions) and serves only a heap limit (`distrustSQL`). The first start decides (a connection opened first: none).
    package static func startSQLite(countingMemory: Bool) {
        memoryCounted.withLock { counted in
            guard counted == nil else { return }
            _ = moonshot_config_memory_count(countingMemory ? 1 : 0)
            sqlite3_initialize()
            counted = countingMemory
        }
    }

    static var countsMemory: Bool { memoryCounted.withLock { $0 } ?? false }
}
