import CSQLite3

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension MoonshotDatabase {
    /// The default limit on an ad-hoc query's running time, in seconds.
    public static let defaultQueryTimeout = 10.0

    /// Runs one statement the user wrote, refusing anything that could write: the connection
    /// is read-only and `query_only`, the statement must be read-only, and ATTACH, DETACH
    /// (which also stops `VACUUM INTO`, an attach underneath) and extension loading are denied.
    /// A query running longer than `timeout` seconds is stopped.
    ///
    /// `columns` receives the column names first; then `row` receives each row as it is
    /// produced, and returns false to stop early. Nothing is buffered here.
    public func runReadOnly(_ sql: String, timeout: Double = MoonshotDatabase.defaultQueryTimeout,
                            columns: ([String]) -> Void, row: ([SQLValue]) throws -> Bool) throws {
        // No single value may be larger than this, so one row cannot exhaust memory.
        sqlite3_limit(database.handle, SQLITE_LIMIT_LENGTH, Self.maximumValueLength)
        try database.execute("PRAGMA query_only = ON")
        sqlite3_set_authorizer(database.handle, { _, action, _, detail, _, _ in
            switch action {
            case SQLITE_ATTACH, SQLITE_DETACH: return SQLITE_DENY
            case SQLITE_FUNCTION:
                let name = detail.map { String(cString: $0).lowercased() } ?? ""
                return name == "load_extension" || name == "writefile" || name == "edit" ? SQLITE_DENY : SQLITE_OK
            default: return SQLITE_OK
            }
        }, nil)
        defer { sqlite3_set_authorizer(database.handle, nil, nil) }

        let statement: Statement
        do {
            statement = try database.prepare(sql)
        } catch let error as SQLiteError where error.primaryCode == SQLITE_AUTH || error.message.contains("not authorized") {
            throw MoonshotError("refused: \(error.message); 'moonshot sql' does not allow ATTACH, DETACH or loading extensions",
                                hint: "It only reads the database it was given.")
        } catch let error as SQLiteError {
            throw MoonshotError("SQL error: \(error.message)", hint: "Check the statement; 'moonshot schema' shows the tables and views.")
        }
        guard statement.isReadOnly else {
            throw MoonshotError("refused: 'moonshot sql' only runs statements that read; this one would write",
                                hint: "Use the sqlite3 shell on a copy of the database to change it.")
        }

        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        deadline.tv_sec += Int(timeout)
        deadline.tv_nsec += Int((timeout - timeout.rounded(.down)) * 1e9)
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_sec += 1
            deadline.tv_nsec -= 1_000_000_000
        }
        let context = UnsafeMutablePointer<timespec>.allocate(capacity: 1)
        context.initialize(to: deadline)
        defer { context.deallocate() }
        sqlite3_progress_handler(database.handle, 10_000, { pointer in
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let deadline = pointer!.assumingMemoryBound(to: timespec.self).pointee
            return (now.tv_sec, now.tv_nsec) > (deadline.tv_sec, deadline.tv_nsec) ? 1 : 0
        }, context)
        defer { sqlite3_progress_handler(database.handle, 0, nil, nil) }

        columns((0..<statement.columnCount).map(statement.columnName))
        defer { statement.reset() }
        do {
            while try statement.step() {
                guard try row(statement.currentRow.values) else { break }
            }
        } catch let error as SQLiteError where error.primaryCode == SQLITE_INTERRUPT {
            throw MoonshotError("the query was stopped after \(Self.format(timeout)) second\(timeout == 1 ? "" : "s")",
                                hint: "Allow it longer with --timeout SECONDS, or make it do less.")
        } catch let error as SQLiteError {
            throw MoonshotError("SQL error: \(error.message)", hint: "Check the statement; 'moonshot schema' shows the tables and views.")
        }
    }

    /// The largest text or blob an ad-hoc query may produce, in bytes.
    public static let maximumValueLength: Int32 = 64 << 20

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
