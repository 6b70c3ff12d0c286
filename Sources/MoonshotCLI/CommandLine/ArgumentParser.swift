import MoonshotKit

/// What the command line asked for.
enum ParseResult {
    /// Run a command: its name, and what runs it.
    case run(String, @Sendable ([String: String]) throws -> ExitStatus)
    /// Help for a command (by name; "help" for `help` itself), or for the tool when nil.
    case help(String?)
    case version
}

/// Reads `moonshot [global options] <command> [options] [arguments]`, in the manner of
/// swift-argument-parser: options may come before or after the command, `--name=value` and
/// `--name value` are both accepted, and `--` ends the options. The command's own words are
/// read into its typed options by the command (`AnyCommand.parse`).
struct ArgumentParser: Sendable {
    let commands: [AnyCommand]

    func command(named name: String) -> AnyCommand? {
        commands.first { $0.name == name }
    }

    func parse(_ words: [String]) throws(UsageError) -> ParseResult {
        let globals = GlobalOption.allCases.map(\.spec)
        var wantsHelp = false, wantsVersion = false, wantsHelpCommand = false
        var commandIndex: Int?
        var found: AnyCommand?
        var topic: String?
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" { break }  // the rest are the command's arguments
            if OptionWord.isHelp(word) {
                wantsHelp = true
            } else if word == "--version", commandIndex == nil {
                wantsVersion = true
            } else if OptionWord.looksLikeOption(word) {
                let (name, inlineValue) = OptionWord.split(word)
                if let global = globals.first(where: { name.isLong && $0.info.name == name.text }) {
                    guard commandIndex == nil else { continue }  // the command reads its own words
                    // Before the command, its value is checked here, so that no mistake goes unsaid.
                    var value = inlineValue ?? ""
                    if global.info.isFlag, inlineValue != nil {
                        throw UsageError(message: "The flag '--\(global.info.name)' does not take a value")
                    }
                    if !global.info.isFlag, inlineValue == nil {
                        guard index < words.count else { throw UsageError(message: "Missing value for '\(global.info.usage)'") }
                        value = words[index]
                        index += 1
                    }
                    var ignored = GlobalOptions()
                    do {
                        try global.set(&ignored, value)
                    } catch {
                        throw UsageError(message: "The value '\(value)' is invalid for '\(global.info.usage)'; expected \(error.expected)")
                    }
                } else if commandIndex == nil {
                    throw UsageError(message: OptionWord.unknown(word, among: globals.map(\.info) + [OptionWord.help, OptionWord.version],
                                                                 command: nil, takesArguments: false))
                }
            } else if wantsHelpCommand {
                if topic == nil { topic = word }
            } else if commandIndex == nil {
                if word == "help" {
                    wantsHelpCommand = true
                } else {
                    guard let command = command(named: word) else { throw unknownCommand(word) }
                    (commandIndex, found) = (index - 1, command)
                }
            }
        }

        if wantsHelpCommand {
            guard let topic else { return .help(wantsHelp ? "help" : nil) }
            guard topic == "help" || command(named: topic) != nil else { throw unknownCommand(topic) }
            return .help(topic)
        }
        guard let commandIndex, let command = found else { return wantsVersion && !wantsHelp ? .version : .help(nil) }
        if wantsVersion && !wantsHelp {
            throw UsageError(message: "'--version' takes no subcommand: moonshot --version", command: command.name)
        }
        if wantsHelp { return .help(command.name) }
        var commandWords = words
        commandWords.remove(at: commandIndex)
        return .run(command.name, try command.parse(commandWords))
    }

    private func unknownCommand(_ word: String) -> UsageError {
        if ["version", "help"].contains(word.drop { $0 == "-" }) {
            return UsageError(message: "Unknown subcommand '\(word)'; did you mean '--\(word.drop { $0 == "-" })'?")
        }
        let visible = commands.filter { !$0.isHidden }.map(\.name) + ["help"]
        let closest = Suggestions.closest(to: word, among: visible, limit: 1).first
        return UsageError(message: "Unknown subcommand '\(word)'" + (closest.map { "; did you mean '\($0)'?" } ?? ""))
    }
}
