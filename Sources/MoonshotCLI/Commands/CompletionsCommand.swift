import Questions

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
        let text =
            switch options.shell {
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
        var databaseWord: String?
        var bashWord: String?
    }

    /// `moonshot __complete missions|astronauts`: a line per name, "apollo11<TAB>Apollo 11"; none without a database.
    /// The names are data: the scripts never run, expand or pattern-match them.
    static let names = Command<NamesOptions>(
        name: "__complete", abstract: "Print mission or astronaut names for the completion scripts.",
        arguments: [.value("kind", help: "missions or astronauts.") { $0.kind = $1 }],
        options: [
            .value("db-word", "word", help: "The --db of the line, as typed: the word after --db, or --db=path.") { $0.databaseWord = $1 },
            .value("bash-word", "word", help: "The word being completed, as typed in bash: print only the names it starts, written as bash must insert them.") {
                $0.bashWord = $1
            },
        ],
        isHidden: true
    ) { options, environment in
        var path = options.global.databasePath(environment: environment)
        if let written = options.databaseWord {
            // Read as the shell reads it, which keeps the `~` of `--db=~/x` (bash, zsh and fish).
            let word =
                written.hasPrefix("--db=")
                ? ShellWord(String(written.dropFirst("--db=".count)), home: nil) : ShellWord(written, home: environment["HOME"])
            if !word.value.isEmpty { path = word.value }
        }
        guard let database = try? MoonshotDatabase(path: path) else { return .success }
        var names: [(word: String, name: String)]
        switch options.kind {
        case .missions: names = (try? database.missions())?.map { ("apollo\($0.id)", $0.name) } ?? []
        case .astronauts: names = (try? database.astronauts())?.map { ($0.id, $0.name) } ?? []
        }
        // The shell shows the name as a terminal should; a word a terminal would not show as it is (a line break, a
        // tab, a control) cannot be completed, so it is left out.
        names = names.filter { TerminalText.visible($0.word, lineBreaks: false) == $0.word }
        // The word being typed is matched as written, `~` too (it is replaced whole).
        if let typed = options.bashWord.map({ ShellWord($0, home: nil) }) {
            names = names.filter { $0.word.hasPrefix(typed.value) }.map { (typed.bashReplacement(for: $0.word), $0.name) }
        }
        Terminal.write(names.map { $0.word + "\t" + TerminalText.visible($0.name, lineBreaks: false) + "\n" }.joined())
        return .success
    }
}

/// The shells `moonshot completions` writes scripts for.
enum Shell: String, ChoiceValue {
    case bash, zsh, fish
}
