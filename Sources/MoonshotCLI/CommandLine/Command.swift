/// A subcommand: its name, what it takes, and what it does with its typed options. `Options` is a `CommandOptions` but left unconstrained,
/// since the Swift runtime would otherwise look the conformance up each time a run first meets the type.
struct Command<Options>: Sendable {
    let name: String
    /// One line saying what the command does.
    let abstract: String
    /// Longer help shown under the overview, if any.
    var discussion: String? = nil
    var arguments: [ArgumentSpec<Options>] = []
    var options: [OptionSpec<Options>] = []
    /// The global options that mean something to it.
    var globals: [GlobalOption] = GlobalOption.databaseOnly
    /// Takes the other global options too, ignored and unlisted (`moonshot help --format json import` explains import).
    var ignoresOtherGlobals = false
    /// Left out of help (for the completion scripts' own use).
    var isHidden = false
    let run: @Sendable (Options, Environment) throws -> ExitStatus
}

extension Command where Options: CommandOptions {
    /// Reads the command's words (all but its name, global options included) into its options, starting from `global`,
    /// the global options given before its name (`given`).
    func parse(_ words: [String], global: GlobalOptions = GlobalOptions(), given: [GlobalOption] = []) throws(UsageError) -> Options {
        try CommandLineReader(command: self).read(words, global: global, given: given)
    }

    /// The command with its options' type hidden, for the list of commands.
    var erased: AnyCommand {
        let command = self
        return AnyCommand(
            name: name, abstract: abstract, discussion: discussion,
            describeArguments: { command.arguments.map(\.info) },
            describeOptions: { command.options.map(\.info) + command.globals.map(\.spec.info) }, isHidden: isHidden,
            parse: { words, global, given throws(UsageError) in
                let options = try command.parse(words, global: global, given: given)
                return { environment in try command.run(options, environment) }
            })
    }
}

/// How a positional argument is shown in help and completed.
struct ArgumentInfo: Sendable {
    /// The placeholder shown in help: "mission" shows as `<mission>`.
    let name: String
    let help: String
    /// Joins all remaining words with spaces (last argument only): `moonshot flights Neil Armstrong` needs no quotes.
    let takesWords: Bool
    /// May be left out (only for the last argument): `[<subcommand>]`.
    let isOptional: Bool
    let choices: [String]
    let completion: Completion

    /// `<text> ...` or `<mission>`, as help and error messages show it.
    var synopsis: String { "<\(name)>" + (takesWords ? " ..." : "") }
    /// `<mission> ...` or `[<subcommand>]`, as usage lines show it.
    var usage: String { isOptional ? "[\(synopsis)]" : synopsis }
}

/// A command whatever its options: what help and completion scripts show, and how to turn its words into a run.
struct AnyCommand: Sendable {
    let name: String
    let abstract: String
    let discussion: String?
    /// Made only when help or a completion script asks: a run needs neither.
    let describeArguments: @Sendable () -> [ArgumentInfo]
    let describeOptions: @Sendable () -> [OptionInfo]
    let isHidden: Bool

    var arguments: [ArgumentInfo] { describeArguments() }
    /// Its own options, then the global options it takes.
    var options: [OptionInfo] { describeOptions() }

    /// Its options with `--help`, which every command takes.
    var optionsWithHelp: [OptionInfo] { options + [OptionWord.help] }
    /// Reads the command's words as `Command.parse` does, and returns what runs it.
    let parse: @Sendable ([String], GlobalOptions, [GlobalOption]) throws(UsageError) -> @Sendable (Environment) throws -> ExitStatus
}

/// Reads one command's words into its typed options (unconstrained, as `Command` is).
private struct CommandLineReader<Options> {
    let command: Command<Options>
    /// The options it reads: its own, then the global ones it takes.
    let known: [OptionSpec<Options>]
}

extension CommandLineReader where Options: CommandOptions {
    init(command: Command<Options>) {
        self.command = command
        let globals = command.ignoresOtherGlobals ? GlobalOption.allCases : command.globals
        known = command.options + globals.map { $0.spec.lifted() }
    }

    func read(_ words: [String], global: GlobalOptions, given: [GlobalOption]) throws(UsageError) -> Options {
        for option in given where !known.contains(where: { $0.info.name == option.spec.info.name }) {
            throw doesNotApply(option)
        }
        var options = Options()
        options.global = global
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if !optionsEnded, word == "--" {
                optionsEnded = true
            } else if !optionsEnded, OptionWord.looksLikeOption(word) {
                let (spec, inlineValue) = try match(word)
                try spec.read(into: &options, inlineValue: inlineValue, from: words, at: &index, command: command.name)
            } else {
                positionals.append(word)
            }
        }

        if let last = command.arguments.last, last.info.takesWords, positionals.count > command.arguments.count {
            let fixed = command.arguments.count - 1
            positionals = Array(positionals[..<fixed]) + [positionals[fixed...].joined(separator: " ")]
        }
        let required = command.arguments.filter { !$0.info.isOptional }.count
        guard positionals.count >= required else {
            throw mistake("Missing expected argument '\(command.arguments[positionals.count].info.synopsis)'")
        }
        guard positionals.count <= command.arguments.count else {
            throw mistake("Unexpected argument '\(positionals[command.arguments.count])'")
        }
        for (argument, text) in zip(command.arguments, positionals) {
            do {
                try argument.set(&options, text)
            } catch {
                throw mistake("The value '\(text)' is invalid for '\(argument.info.synopsis)'; expected \(error.expected)")
            }
        }
        return options
    }

    /// The option `word` names, with the value written into it (`--db=x.db`).
    private func match(_ word: String) throws(UsageError) -> (OptionSpec<Options>, String?) {
        let (name, inlineValue) = OptionWord.split(word)
        if let spec = known.first(where: {
            name.isLong ? $0.info.name == name.text : name.text.count == 1 && $0.info.short == name.text.first
        }) {
            return (spec, inlineValue)
        }
        if name.isLong, let global = GlobalOption.allCases.first(where: { $0.spec.info.name == name.text }) {
            throw doesNotApply(global)
        }
        throw mistake(
            OptionWord.unknown(
                word, among: known.map(\.info) + [OptionWord.help],
                command: command.name,
                takesArguments: command.arguments.contains { $0.info.choices.isEmpty && $0.info.completion != .subcommands }))
    }

    private func doesNotApply(_ option: GlobalOption) -> UsageError {
        mistake("The option '--\(option.spec.info.name)' does not apply to '\(command.name)'")
    }

    private func mistake(_ message: String) -> UsageError {
        UsageError(message: message, command: command.name)
    }
}

/// The process exit statuses moonshot uses.
enum ExitStatus: Int32, CaseIterable {
    case success = 0
    /// The command ran but failed: bad input, missing database, no match.
    case failure = 1
    /// The command line itself was wrong (sysexits.h EX_USAGE).
    case usage = 64
    /// Stopped by a signal, as shells report it (128 + the signal's number): SIGHUP, SIGINT (Ctrl-C), SIGTERM.
    case hangUp = 129
    case interrupted = 130
    case terminated = 143
}

/// A command line that was wrong, with the name of the command it was meant for when known.
struct UsageError: Error {
    let message: String
    var command: String? = nil
}
