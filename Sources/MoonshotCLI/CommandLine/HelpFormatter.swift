/// Help and usage text laid out as swift-argument-parser does: OVERVIEW, USAGE, ARGUMENTS, OPTIONS and SUBCOMMANDS.
struct HelpFormatter: Sendable {
    let toolName: String
    let overview: String
    let commands: [AnyCommand]

    /// Where help text starts its second column.
    private let labelWidth = 24

    func rootHelp() -> String {
        var text = "OVERVIEW: \(overview)\n\n"
        text += "USAGE: \(toolName) <subcommand>\n\n"
        text += "OPTIONS:\n"
        for option in OptionWord.rootOptions {
            text += row(option.synopsis, Self.optionHelp(option))
        }
        text += "\n  \(Self.optionsNote)\n"
        text += "\nSUBCOMMANDS:\n"
        for command in commands where !command.isHidden { text += row(command.name, command.abstract) }
        text += "\n  See '\(toolName) help <subcommand>' for detailed help.\n"
        return text
    }

    /// Help for the command called `name`, or for the tool when there is none.
    func help(for name: String?) -> String {
        guard let command = commands.first(where: { $0.name == name }) else { return rootHelp() }
        var text = "OVERVIEW: \(command.abstract)\n\n"
        if let discussion = command.discussion { text += discussion + "\n\n" }
        text += "USAGE: \(usage(for: command))\n\n"
        if !command.arguments.isEmpty {
            text += "ARGUMENTS:\n"
            for argument in command.arguments { text += row(argument.synopsis, Self.argumentHelp(argument)) }
            text += "\n"
        }
        text += "OPTIONS:\n"
        for option in command.optionsWithHelp {
            text += row(option.synopsis, Self.optionHelp(option))
        }
        return text
    }

    /// `moonshot import [--missions <path>] [--check] [--db <path>]`
    func usage(for command: AnyCommand) -> String {
        ([toolName, command.name] + command.arguments.map(\.usage) + command.options.map { "[\($0.usage)]" })
            .joined(separator: " ")
    }

    /// The usage lines that follow an error message about the command called `name`, if any.
    func errorUsage(for name: String?) -> String {
        guard let name, let command = commands.first(where: { $0.name == name }) else {
            return "Usage: \(toolName) <subcommand>\n  See '\(toolName) --help' for more information.\n"
        }
        return "Usage: \(usage(for: command))\n  See '\(toolName) \(command.name) --help' for more information.\n"
    }

    /// Where options may be written, as help and the manual say.
    static let optionsNote = "Options may come before or after the subcommand; '--' ends the options."

    /// An option's help with its default and values.
    static func optionHelp(_ option: OptionInfo) -> String {
        annotated(option.help, default: option.defaultValue, choices: option.choices)
    }

    /// An argument's help with its values.
    static func argumentHelp(_ argument: ArgumentInfo) -> String { annotated(argument.help, choices: argument.choices) }

    /// "How to print the answer (default: table; values: table, json, csv)."
    static func annotated(_ help: String, default: String? = nil, choices: [String] = []) -> String {
        let notes = [`default`.map { "default: " + $0 }, choices.isEmpty ? nil : "values: " + choices.joined(separator: ", ")].compactMap { $0 }
        guard !notes.isEmpty else { return help }
        return (help.hasSuffix(".") ? String(help.dropLast()) : help) + " (" + notes.joined(separator: "; ") + ")."
    }

    /// `  label                 help`, the help wrapped to 80 columns under its own column.
    private func row(_ label: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: labelWidth + 2)
        let lines = TerminalText.wrap(help, to: 80 - indent.count)
        var text = "  " + label
        if label.count + 2 >= labelWidth + 2 {
            text += "\n" + indent
        } else {
            text += String(repeating: " ", count: labelWidth - label.count)
        }
        return text + lines.joined(separator: "\n" + indent) + "\n"
    }
}
