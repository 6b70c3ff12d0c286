import MoonshotKit

/// A parsed command line: the command to run with its options and arguments.
struct Invocation: Sendable {
    let command: CommandSpec
    /// Option values by long name; a flag that was given has the value "".
    var options: [String: String] = [:]
    var arguments: [String] = []
    /// The process environment, for defaults such as MOONSHOT_DB.
    var environment: [String: String] = [:]

    /// Whether flag `name` was given.
    func flag(_ name: String) -> Bool { options[name] != nil }

    /// The value of option `name`, if given.
    func value(_ name: String) -> String? { options[name] }
}

/// What the command line asked for.
enum ParseResult {
    case run(Invocation)
    /// Help for a command, or for the tool as a whole when nil.
    case help(CommandSpec?)
    case version
}

/// Parses `moonshot [global options] <command> [options] [arguments]`, in the manner of
/// swift-argument-parser: options may come before or after the command, `--name=value` and
/// `--name value` are both accepted, and `--` ends the options.
struct ArgumentParser: Sendable {
    let commands: [CommandSpec]
    /// Options every command accepts, such as `--db`.
    let globalOptions: [OptionSpec]

    static let help = OptionSpec(name: "help", short: "h", help: "Show help information.")
    static let version = OptionSpec(name: "version", help: "Show the version.")

    func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> ParseResult {
        var command: CommandSpec?
        var options: [String: String] = [:]
        var positionals: [String] = []
        var wantsHelp = false, wantsVersion = false
        var index = 0
        var optionsEnded = false

        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded, argument == "--" {
                optionsEnded = true
            } else if !optionsEnded, argument.hasPrefix("-"), argument != "-" {
                let (name, inlineValue) = split(argument)
                if name == "help" || name == "h" { wantsHelp = true; continue }
                if name == "version" && command == nil { wantsVersion = true; continue }
                let known = (command?.options ?? []) + globalOptions
                guard let spec = known.first(where: { $0.name == name || (name.count == 1 && $0.short == name.first) }) else {
                    throw UsageError(message: "Unknown option '\(argument)'", command: command)
                }
                if spec.isFlag {
                    guard inlineValue == nil else {
                        throw UsageError(message: "The flag '--\(spec.name)' does not take a value", command: command)
                    }
                    options[spec.name] = ""
                } else {
                    let value: String
                    if let inlineValue {
                        value = inlineValue
                    } else if index < arguments.count {
                        value = arguments[index]
                        index += 1
                    } else {
                        throw UsageError(message: "Missing value for '\(spec.synopsis)'", command: command)
                    }
                    guard spec.choices.isEmpty || spec.choices.contains(value) else {
                        throw UsageError(
                            message: "The value '\(value)' is invalid for '\(spec.synopsis)'; choose one of: \(spec.choices.joined(separator: ", "))",
                            command: command)
                    }
                    options[spec.name] = value
                }
            } else if command == nil {
                if argument == "help" {
                    let topic = arguments[index...].first { !$0.hasPrefix("-") }
                    guard let topic else { return .help(nil) }
                    guard let spec = self.command(named: topic) else {
                        throw UsageError(message: "Unknown subcommand '\(topic)'\(suggestion(for: topic))")
                    }
                    return .help(spec)
                }
                guard let spec = self.command(named: argument) else {
                    throw UsageError(message: "Unknown subcommand '\(argument)'\(suggestion(for: argument))")
                }
                command = spec
            } else {
                positionals.append(argument)
            }
        }

        if wantsHelp { return .help(command) }
        if wantsVersion { return .version }
        guard let command else { return .help(nil) }
        for option in globalOptions where options[option.name] != nil && !command.globalOptions.contains(option.name) {
            throw UsageError(message: "The option '--\(option.name)' does not apply to '\(command.name)'", command: command)
        }
        guard positionals.count >= command.arguments.count else {
            let missing = command.arguments[positionals.count]
            throw UsageError(message: "Missing expected argument '\(missing.synopsis)'", command: command)
        }
        if command.arguments.last?.isVariadic == true {
            let fixed = command.arguments.count - 1
            positionals = Array(positionals[..<fixed]) + [positionals[fixed...].joined(separator: " ")]
        }
        guard positionals.count == command.arguments.count else {
            let extra = positionals[command.arguments.count]
            throw UsageError(message: "Unexpected argument '\(extra)'", command: command)
        }
        return .run(Invocation(command: command, options: options, arguments: positionals, environment: environment))
    }

    /// `--name=value` → ("name", "value"); `--name` → ("name", nil); `-h` → ("h", nil).
    private func split(_ argument: String) -> (String, String?) {
        let body = argument.drop(while: { $0 == "-" })
        guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }

    private func suggestion(for name: String) -> String {
        guard let closest = Suggestions.closest(to: name, among: commands.map(\.name), limit: 1).first else { return "" }
        return "; did you mean '\(closest)'?"
    }
}
