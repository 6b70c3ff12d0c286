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
    static let sql = CommandSpec(
        name: "sql", abstract: "Run one SQL statement on the database, read-only.",
        discussion: """
            Any statement that would change anything is refused, including VACUUM INTO,
            ATTACH and extension loading. 'moonshot schema' shows the tables and views.
            """,
        arguments: [ArgumentSpec(name: "statement", help: "The SQL to run, such as \"SELECT * FROM mission_commanders\".")],
        options: [OptionSpec(name: "timeout", valueName: "seconds",
                             help: "Stop the query after this many seconds (default: 10).")],
        globalOptions: ["db", "format"]
    ) { invocation in
        var timeout = MoonshotDatabase.defaultQueryTimeout
        if let text = invocation.value("timeout") {
            guard let seconds = Double(text), seconds > 0, seconds < 1_000_000 else {
                throw UsageError(message: "The value '\(text)' is invalid for '--timeout <seconds>'; give a number of seconds above 0 and below 1000000")
            }
            timeout = seconds
        }
        let statement = invocation.arguments[0]
        guard statement.contains(where: { !$0.isWhitespace && $0 != ";" }) else {
            throw UsageError(message: "The statement is empty; give the SQL to run, such as \"SELECT * FROM missions\"")
        }
        let context = try QueryContext(invocation)
        var printer = StreamingPrinter(format: context.format, width: context.width)
        try context.database.runReadOnly(statement, timeout: timeout,
                                         columns: { printer.begin(columns: $0) },
                                         row: { printer.add($0) })
        printer.finish()
        return .success
    }

    static let shell = CommandSpec(
        name: "shell", abstract: "Open the sqlite3 shell on the database, read-only.",
        discussion: "Needs the sqlite3 command (Debian and Ubuntu: apt-get install sqlite3).",
        globalOptions: ["db"]
    ) { invocation in
        let path = try invocation.databasePath()
        _ = try MoonshotDatabase(path: path)  // the same checks and messages as every query
        guard let shell = findExecutable("sqlite3", environment: invocation.environment) else {
            throw MoonshotError("the sqlite3 shell is not installed",
                                hint: "Install it (Debian and Ubuntu: apt-get install sqlite3), or use 'moonshot sql'.")
        }
        let arguments = [shell, "-readonly", path]
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
