import CSystem
import Glibc
import MoonshotKit

/// `moonshot shell`: the sqlite3 shell on the database, read-only and unable to write any file.
enum ShellCommand {
    static let command = Command<NoOptions>(
        name: "shell", abstract: "Open the sqlite3 shell on the database, read-only.",
        discussion: """
            The shell runs in its safe mode with the schema untrusted, so no dot-command
            or function can run a program, load an extension or attach a database. moonshot
            also keeps it from changing any file (a seccomp filter, on Linux for x86-64 and
            ARM64): opening a file to write, and creating, renaming or removing one, fail.
            So '.trace FILE' and '.testcase' say they cannot open their file (sqlite3 3.40
            then ends at the next output after .testcase), and the history is not saved.
            Where the filter cannot be installed the shell does not start; 'moonshot sql'
            runs the same SQL. The shell can still read what the user may read (its
            fsdir() table shows files). Temporary tables and sorts stay in memory. Values
            are printed as they are. Needs the sqlite3 command (Debian and Ubuntu:
            apt-get install sqlite3).
            """
    ) { options, environment in
        let path = options.global.databasePath(environment: environment)
        // The same checks and messages as every question, but the database is shown as it is,
        // whatever was changed in its schema. The connection stays open while the
        // shell runs: in WAL mode it keeps the -wal and -shm files beside the database, which
        // the shell cannot create (it then reads the -shm file read-only).
        let database = try MoonshotDatabase(path: path, acceptingChangedSchema: true)
        guard let shell = findExecutable("sqlite3", environment: environment) else {
            throw CommandFailure.noSQLiteShell
        }
        // Safe mode refuses what reaches outside the database (.shell, .system, writefile(),
        // ATTACH, extensions); an untrusted schema keeps the database's own views and triggers
        // from calling such functions either. Safe mode still lets .trace and .testcase write
        // files: the filter is what stops them.
        guard moonshot_forbid_file_writes() == 0 else {
            let reason = errno == ENOSYS ? "this is not Linux on x86-64 or ARM64" : "the system refused a seccomp filter (\(String(cString: strerror(errno))))"
            throw CommandFailure.shellNotConfined(reason: reason)
        }
        // The path as sqlite3 can only read it as a path: not an option (-bail), not a URI (file:).
        let shellPath = path.hasPrefix("/") ? path : "./" + path
        let status = try run(
            shell,
            arguments: [
                "-readonly", "-safe", "-cmd", "PRAGMA trusted_schema = OFF",
                "-cmd", "PRAGMA temp_store = MEMORY", shellPath,
            ])
        withExtendedLifetime(database) {}
        return status
    }

    /// Runs `program` with `arguments`, in the same terminal, and returns its exit status once
    /// it ends. Ctrl-C is the program's to handle meanwhile.
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
    static func findExecutable(_ name: String, environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
