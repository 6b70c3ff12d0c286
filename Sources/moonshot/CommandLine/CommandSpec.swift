/// A command-line option, with or without a value.
struct OptionSpec: Sendable {
    /// The long name without dashes: "db" for `--db`.
    let name: String
    /// A one-letter short name without the dash, if any: "h" for `-h`.
    var short: Character? = nil
    /// The value's placeholder in help ("path" shows as `<path>`); nil for a flag.
    var valueName: String? = nil
    /// One line of help.
    let help: String
    /// The values a value may take, when it is one of a few words.
    var choices: [String] = []

    var isFlag: Bool { valueName == nil }

    /// `--db <path>` or `-h, --help`, as help shows it.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if let valueName { text += " <\(valueName)>" }
        return text
    }
}

/// A positional argument of a command.
struct ArgumentSpec: Sendable {
    /// The placeholder shown in help: "mission" shows as `<mission>`.
    let name: String
    /// One line of help.
    let help: String
    /// Takes all remaining words, joined by spaces (only for the last argument).
    var isVariadic = false

    /// `<text> ...` or `<mission>`, as usage shows it.
    var synopsis: String { "<\(name)>" + (isVariadic ? " ..." : "") }
}

/// A subcommand: what it is called, what it takes, and what it does.
struct CommandSpec: Sendable {
    let name: String
    /// One line saying what the command does.
    let abstract: String
    /// Longer help shown under the overview, if any.
    var discussion: String? = nil
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    /// Global options that mean something to this command (shown in its help).
    var globalOptions: [String] = []
    /// Runs the command; returns the exit status.
    let run: @Sendable (Invocation) throws -> ExitStatus
}

/// The process exit statuses moonshot uses.
enum ExitStatus: Int32 {
    case success = 0
    /// The command ran but failed: bad input, missing database, no match.
    case failure = 1
    /// The command line itself was wrong (sysexits.h EX_USAGE).
    case usage = 64
    /// Stopped by a signal, as shells report it (128 + the signal's number): SIGHUP,
    /// SIGINT (Ctrl-C), SIGTERM.
    case hangUp = 129, interrupted = 130, terminated = 143
}

/// A command line that was wrong, with the command it was meant for when known.
struct UsageError: Error {
    let message: String
    var command: CommandSpec? = nil
}
