/// Shell completion scripts written from the commands' descriptions: subcommands, options, and what each value and argument is completed with
/// (`Completion`), names coming from `moonshot __complete` (reading the `--db` on the line). One file per shell writes its script.
struct CompletionScript {
    let commands: [AnyCommand]

    /// Every option that takes a value, in any command, so the scripts can skip the value.
    var valueOptions: [String] { valueOptionsNamed { _ in true } }

    /// What a command's first argument is completed with: as it declares, but the subcommands as words and a file as nothing.
    func argumentCompletion(_ command: AnyCommand) -> Completion {
        switch command.arguments.first?.completion ?? .none {
        case .subcommands: .choices(commandNames)
        case .file: .none
        case let completion: completion
        }
    }

    var commandNames: [String] { commands.map(\.name) }

    /// The bash and zsh scripts' `case` line for each command: its options and what its argument is completed with, in
    /// the variable `names` for names from the database; `list` writes a list of words as the shell reads it.
    func commandCases(names: String, list: ([String]) -> String) -> String {
        commands.map { command in
            var line = "            \(command.name)) options=\(list(command.optionsWithHelp.map { "--" + $0.name }))"
            switch argumentCompletion(command) {
            case .choices(let words): line += "; choices=\(list(words))"
            case .folder: line += "; folders=1"
            case let other: line += other.namesKind.map { "; \(names)=\($0)" } ?? ""
            }
            return line + " ;;\n"
        }.joined()
    }

    /// The value-taking options of all commands that `include`s, as `--name`.
    func valueOptionsNamed(_ include: (OptionInfo) -> Bool) -> [String] {
        var seen = Set<String>()
        return (OptionWord.rootOptions + commands.flatMap(\.options))
            .filter { !$0.isFlag && include($0) && seen.insert($0.name).inserted }
            .map { "--" + $0.name }
    }

    /// The value-taking options with a few words to choose from.
    var optionsWithChoices: [(name: String, words: [String])] {
        var seen = Set<String>()
        return (OptionWord.rootOptions + commands.flatMap(\.options)).compactMap { option in
            guard case .choices(let words) = option.completion, seen.insert(option.name).inserted else { return nil }
            return (option.name, words)
        }
    }

    /// `text` in single quotes for zsh and bash.
    func zshQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// `text` in single quotes for fish, which escapes `\` and `'` inside them.
    func fishQuoted(_ text: String) -> String {
        var quoted = "'"
        for character in text {
            if character == "\\" || character == "'" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "'"
    }
}

extension Completion {
    /// The kind of names `moonshot __complete` gives, if these are names from the database.
    var namesKind: String? {
        switch self {
        case .missions: CompletionsCommand.NameKind.missions.rawValue
        case .astronauts: CompletionsCommand.NameKind.astronauts.rawValue
        default: nil
        }
    }
}
