#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MoonshotKit

/// `moonshot sql` and `moonshot shell`: the database directly, read-only.
enum SQLCommands {
    struct SQLOptions: CommandOptions {
        var global = GlobalOptions()
        var statement = ""
        var timeout = MoonshotDatabase.defaultQueryTimeout
    }

    static let sql = Command<SQLOptions>(
        name: "sql", abstract: "Run one SQL statement on the database, read-only.",
        discussion: """
            Any statement that would change anything is refused, including VACUUM INTO,
            ATTACH and extension loading, and so are functions that reach outside the
            database. A statement may be up to 100,000 bytes long, make values of up to
            32 MiB and use up to 512 MiB of memory. 'moonshot schema' shows the tables
            and views.
            Rows are printed as they are found, in every format; a table takes its column
            widths from the first 200 rows and wraps longer values in later ones. Column
            names are the query's own.
            """,
        arguments: [.value("statement", help: "The SQL to run, such as \"SELECT * FROM mission_commanders\".") { $0.statement = $1 }],
        options: [.value("timeout", "seconds", help: "Stop the query after this many seconds (default: 10).") { (options, seconds: Seconds) in
            options.timeout = seconds.value
        }],
        globals: [.database, .format]
    ) { options, environment in
        guard options.statement.contains(where: { !$0.isWhitespace && $0 != ";" }) else {
            throw UsageError(message: "The statement is empty; give the SQL to run, such as \"SELECT * FROM missions\"", command: "sql")
        }
        let context = try QueryContext(options.global, environment: environment, acceptingChangedSchema: true)
        var writer: any RowWriter = switch options.global.format {
        case .json: JSONRowWriter()
        case .csv: CSVRowWriter()
        case .table: TableWriter(width: context.width)
        }
        try context.database.runReadOnly(options.statement, timeout: options.timeout,
                                         columns: { writer.begin(columns: $0) },
                                         row: { writer.add($0.map(Cell.sql)); return true })
        writer.finish()
        return .success
    }

    static let shell = Command<NoOptions>(
        name: "shell", abstract: "Open the sqlite3 shell on the database, read-only.",
        discussion: """
            The shell runs in its safe mode, with the schema untrusted: no dot-command or
            function can reach outside the database. It prints values as they are. Needs
            the sqlite3 command (Debian and Ubuntu: apt-get install sqlite3).
            """
    ) { options, environment in
        let path = options.global.databasePath(environment: environment)
        _ = try MoonshotDatabase(path: path)  // the same checks and messages as every query
        guard let shell = findExecutable("sqlite3", environment: environment) else {
            throw MoonshotError("the sqlite3 shell is not installed",
                                hint: "Install it (Debian and Ubuntu: apt-get install sqlite3), or use 'moonshot sql'.")
        }
        // Safe mode refuses what reaches outside the database (.shell, .system, writefile(),
        // ATTACH, extensions); an untrusted schema keeps the database's own views and triggers
        // from calling such functions either.
        let arguments = [shell, "-readonly", "-safe", "-cmd", "PRAGMA trusted_schema = OFF", path]
        var cArguments = arguments.map { strdup($0) } + [nil]
        execv(shell, &cArguments)
        throw SystemError(operation: "run \(shell)")
    }

    /// The full path of `name` in `PATH`, if it is there and executable.
    static func findExecutable(_ name: String, environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
