import Dataset
import Glibc
import Questions

/// `moonshot shell`: the sqlite3 shell on the database, read-only, with the schema untrusted.
enum ShellCommand {
    static let command = Command<NoOptions>(
        name: "shell", abstract: "Open the sqlite3 shell on the database, read-only.",
        discussion: """
            The shell opens the database read-only, with the schema untrusted, and is given
            the database as a path only (never as an option or a URI). So SQL cannot change
            the database, and the database's own views and triggers cannot call functions
            that reach outside it (fsdir(), say). The rest is the sqlite3 shell as it always
            is: an error leaves it running, and the commands you type yourself (.output,
            .shell, .open) do what they do in sqlite3. Values are printed as they are. Needs
            the sqlite3 command (Debian and Ubuntu: apt-get install sqlite3).
            """
    ) { options, environment in
        let path = options.global.databasePath(environment: environment)
        // The same checks and messages as every question, but the database is shown as it is, schema changes and all.
        _ = try MoonshotDatabase(path: path, acceptingChangedSchema: true)
        guard let shell = findExecutable("sqlite3", environment: environment) else {
            throw CommandFailure.noSQLiteShell
        }
        // An untrusted schema keeps the database's own views and triggers from calling functions that reach outside it. Not safe mode: sqlite3
        // ends at its first refusal. The path is written so sqlite3 can only read it as a path: not an option (-bail), not a URI.
        let shellPath = path.hasPrefix("/") ? path : "./" + path
        return try run(shell, arguments: ["-readonly", "-cmd", "PRAGMA trusted_schema = OFF", shellPath])
    }

    /// Runs `program` with `arguments` in this terminal and returns its exit status; Ctrl-C is the program's meanwhile.
    static func run(_ program: String, arguments: [String]) throws -> ExitStatus {
        let ignored: [Int32] = [SIGINT, SIGQUIT]
        let previous = ignored.map { signal($0, SIG_IGN) }
        defer { for (number, handler) in zip(ignored, previous) { signal(number, handler) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in ignored + [SIGXFSZ] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let cArguments = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid = pid_t()
        let error = posix_spawn(&pid, program, nil, &attributes, cArguments, environ)
        guard error == 0 else { throw SystemError(operation: "run \(program)", code: error) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw SystemError(operation: "wait for \(program)") }
        }
        let signalNumber = status & 0x7f
        guard signalNumber == 0 else {
            throw CommandFailure.shellKilled(signal: signalNumber)
        }
        return ExitStatus(rawValue: (status >> 8) & 0xff) ?? .failure
    }

    /// The full path of `name` in `PATH`, if it is there and executable.
    static func findExecutable(_ name: String, environment: Environment) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
