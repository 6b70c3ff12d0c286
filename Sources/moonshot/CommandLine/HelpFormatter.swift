/// Help and usage text laid out the way swift-argument-parser does:
/// OVERVIEW, USAGE, ARGUMENTS, OPTIONS and SUBCOMMANDS sections.
struct HelpFormatter: Sendable {
    let toolName: String
    let overview: String
    let parser: ArgumentParser

    /// Where help text starts its second column.
    private let labelWidth = 24

    /// Help for the tool as a whole.
    func rootHelp() -> String {
        var text = "OVERVIEW: \(overview)\n\n"
        text += "USAGE: \(toolName) <subcommand>\n\n"
        text += "OPTIONS:\n"
        for option in parser.globalOptions { text += row(option.synopsis, optionHelp(option)) }
        text += row(ArgumentParser.version.synopsis, ArgumentParser.version.help)
        text += row(ArgumentParser.help.synopsis, ArgumentParser.help.help)
        text += "\nSUBCOMMANDS:\n"
        for command in parser.commands { text += row(command.name, command.abstract) }
        text += row("help", "Show subcommand help information.")
        text += "\n  See '\(toolName) help <subcommand>' for detailed help.\n"
        return text
    }

    /// Help for one command.
    func help(for command: CommandSpec) -> String {
        var text = "OVERVIEW: \(command.abstract)\n\n"
        if let discussion = command.discussion { text += discussion + "\n\n" }
        text += "USAGE: \(usage(for: command))\n\n"
        if !command.arguments.isEmpty {
            text += "ARGUMENTS:\n"
            for argument in command.arguments { text += row(argument.synopsis, argument.help) }
            text += "\n"
        }
        text += "OPTIONS:\n"
        for option in options(of: command) + [ArgumentParser.help] {
            text += row(option.synopsis, optionHelp(option))
        }
        return text
    }

    /// `moonshot import [--missions <path>] [--check] [--db <path>]`
    func usage(for command: CommandSpec) -> String {
        var parts = ["\(toolName) \(command.name)"]
        for argument in command.arguments { parts.append(argument.synopsis) }
        for option in options(of: command) { parts.append("[\(option.isFlag ? "--\(option.name)" : "--\(option.name) <\(option.valueName!)>")]") }
        return parts.joined(separator: " ")
    }

    /// The usage lines that follow an error message.
    func errorUsage(for command: CommandSpec?) -> String {
        guard let command else {
            return "Usage: \(toolName) <subcommand>\n  See '\(toolName) --help' for more information.\n"
        }
        return "Usage: \(usage(for: command))\n  See '\(toolName) \(command.name) --help' for more information.\n"
    }

    private func optionHelp(_ option: OptionSpec) -> String {
        option.choices.isEmpty ? option.help : option.help + " (values: \(option.choices.joined(separator: ", ")))"
    }

    private func options(of command: CommandSpec) -> [OptionSpec] {
        command.options + parser.globalOptions.filter { command.globalOptions.contains($0.name) }
    }

    /// `  label                 help`, the help wrapped to 80 columns under its own column.
    private func row(_ label: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: labelWidth + 2)
        var lines: [String] = []
        var line = ""
        for word in help.split(separator: " ") {
            if !line.isEmpty, indent.count + line.count + 1 + word.count > 80 {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        lines.append(line)
        var text = "  " + label
        if label.count + 2 >= labelWidth + 2 {
            text += "\n" + indent
        } else {
            text += String(repeating: " ", count: labelWidth - label.count)
        }
        return text + lines.joined(separator: "\n" + indent) + "\n"
    }
}
