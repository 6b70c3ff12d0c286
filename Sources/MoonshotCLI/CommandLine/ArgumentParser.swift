import Dataset

/// What the command line asked for.
enum ParseResult {
    case run(String, @Sendable (Environment) throws -> ExitStatus)
    /// Help for a command (by name), or for the tool when nil.
    case help(String?)
    case version
}

/// Reads `moonshot [global options] <command> [options] [arguments]` as swift-argument-parser does: options before or after the command,
/// `--name=value` or `--name value`, `--` ending them. It reads the global options; the command reads the rest (`AnyCommand.parse`).
struct ArgumentParser: Sendable {
    let entries: [CommandEntry]

    /// The command called `name`, declared; only it is.
    func command(named name: String) -> AnyCommand? {
        entries.first { $0.name == name }?.declare()
    }

    func parse(_ words: [String]) throws(UsageError) -> ParseResult {
        var global = GlobalOptions()
        var given: [GlobalOption] = []
        var wantsHelp = false
        var wantsVersion = false
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" { break }  // nothing but arguments follow, and no command was named
            if OptionWord.isHelp(word) {
                wantsHelp = true
            } else if word == "--version" {
                wantsVersion = true
            } else if OptionWord.looksLikeOption(word) {
                let (name, inlineValue) = OptionWord.split(word)
                guard let option = GlobalOption.allCases.first(where: { name.isLong && $0.spec.info.name == name.text }) else {
                    throw UsageError(
                        message: OptionWord.unknown(
                            word, among: OptionWord.rootOptions,
                            command: nil, takesArguments: false))
                }
                try option.spec.read(into: &global, inlineValue: inlineValue, from: words, at: &index, command: nil)
                given.append(option)
            } else {
                guard let command = command(named: word) else { throw unknownCommand(word) }
                let rest = Array(words[index...])
                // `--help` anywhere before a `--` asks for the command's help, whatever else is wrong.
                if wantsHelp || rest.prefix(while: { $0 != "--" }).contains(where: OptionWord.isHelp) { return .help(command.name) }
                if wantsVersion {
                    throw UsageError(message: "'--version' takes no subcommand: moonshot --version", command: command.name)
                }
                return .run(command.name, try command.parse(rest, global, given))
            }
        }
        return wantsVersion && !wantsHelp ? .version : .help(nil)
    }

    /// The error for `word`, which names no command: with the one it most resembles.
    func unknownCommand(_ word: String) -> UsageError {
        if word == "version" {
            return UsageError(message: "Unknown subcommand '\(word)'; did you mean '--\(word)'?")
        }
        let visible = entries.map { $0.declare() }.filter { !$0.isHidden }.map(\.name)
        let closest = Suggestions.closest(to: word, among: visible, limit: 1).first
        return UsageError(message: "Unknown subcommand '\(word)'" + (closest.map { "; did you mean '\($0)'?" } ?? ""))
    }
}

extension ArgumentParser {
    /// A parser of `commands`, declared already (tests declare their own).
    init(commands: [AnyCommand]) {
        entries = commands.map { command in CommandEntry(name: command.name) { command } }
    }
}

/// A command's name, and how to declare it when it is wanted.
struct CommandEntry: Sendable {
    let name: String
    let declare: @Sendable () -> AnyCommand
}
