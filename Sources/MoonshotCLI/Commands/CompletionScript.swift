/// Shell completion scripts written from the commands' descriptions: subcommands, options, and what each value and argument is completed with
/// (`Completion`), names coming from `moonshot __complete` (reading the `--db` on the line). One file per shell writes its script.
struct CompletionScript {
    let commands: [AnyCommand]

    /// Every option that takes a value, in any command, so the scripts can skip the value.
    var valueOptions: [String] { valueOptionsNamed { _ in true } }

    /// What a command's first argument is completed with: names from the database, words, or folders.
    enum ArgumentCompletion {
        case names(String)
        case words([String])
        case folders, nothing
    }

    func argumentCompletion(_ command: AnyCommand) -> ArgumentCompletion {
        switch command.arguments.first?.completion {
        case .missions?, .astronauts?: .names(namesKind(command.arguments[0].completion) ?? "")
        case .choices(let words)?: .words(words)
        case .subcommands?: .words(commandNames)
        case .folder?: .folders
        case .file?, Completion.none?, nil: .nothing
        }
    }

    /// The kind of names `moonshot __complete` gives for `completion`, if it is names from the database.
    func namesKind(_ completion: Completion) -> String? {
        switch completion {
        case .missions: CompletionsCommand.NameKind.missions.rawValue
        case .astronauts: CompletionsCommand.NameKind.astronauts.rawValue
        default: nil
        }
    }

    var commandNames: [String] { commands.map(\.name) }

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
