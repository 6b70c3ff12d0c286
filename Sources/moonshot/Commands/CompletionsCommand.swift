import MoonshotKit

/// `moonshot completions bash|zsh|fish`: a shell completion script.
enum CompletionsCommand {
    struct Options: CommandOptions {
        var global = GlobalOptions()
        var shell = Shell.bash
    }

    static let command = Command<Options>(
        name: "completions", abstract: "Print a shell completion script (bash, zsh or fish).",
        discussion: """
            The script completes subcommands, options, format values, and mission and astronaut
            names read from the database (the one --db names on the line being completed, else
            $MOONSHOT_DB or moonshot.db). Install it with one of:
              moonshot completions bash > ~/.local/share/bash-completion/completions/moonshot
              moonshot completions zsh > ~/.zfunc/_moonshot   (with fpath+=(~/.zfunc) before compinit)
              moonshot completions fish > ~/.config/fish/completions/moonshot.fish
            """,
        arguments: [.value("shell", help: "The shell to complete in.") { $0.shell = $1 }]
    ) { options, _ in
        let script = CompletionScript(commands: Moonshot.commands.filter { !$0.isHidden })
        let text = switch options.shell {
        case .bash: script.bash
        case .zsh: script.zsh
        case .fish: script.fish
        }
        Terminal.write(text)
        return .success
    }

    /// The kinds of names the scripts ask moonshot for.
    enum NameKind: String, ChoiceValue {
        case missions, astronauts
    }

    struct NamesOptions: CommandOptions {
        var global = GlobalOptions()
        var kind = NameKind.missions
    }

    /// `moonshot __complete missions|astronauts`: the names to offer, one per line with a tab and
    /// what it is ("apollo11<TAB>Apollo 11"). Prints nothing when there is no database to read.
    static let names = Command<NamesOptions>(
        name: "__complete", abstract: "Print mission or astronaut names for the completion scripts.",
        arguments: [.value("kind", help: "missions or astronauts.") { $0.kind = $1 }],
        isHidden: true
    ) { options, environment in
        guard let database = try? MoonshotDatabase(path: options.global.databasePath(environment: environment)) else {
            return .success
        }
        let names: [(word: String, name: String)]
        switch options.kind {
        case .missions: names = (try? database.missions())?.map { ("apollo\($0.id)", $0.name) } ?? []
        case .astronauts: names = (try? database.astronauts())?.map { ($0.id, $0.name) } ?? []
        }
        // The shell shows the name: as a terminal should. A word that a terminal would not
        // show as it is cannot be completed; it is left out.
        Terminal.write(names.filter { TerminalText.visible($0.word, lineBreaks: false) == $0.word }
            .map { $0.word + "\t" + TerminalText.visible($0.name, lineBreaks: false) + "\n" }.joined())
        return .success
    }
}

/// The shells `moonshot completions` writes scripts for.
enum Shell: String, ChoiceValue {
    case bash, zsh, fish
}
