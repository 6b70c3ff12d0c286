extension CompletionScript {
    var fish: String {
        var text = """
            # fish completion for moonshot: moonshot completions fish
            function __moonshot_names
                set -l tokens (commandline -opc)
                set -l db
                set -l i 2
                while test $i -le (count $tokens)
                    switch $tokens[$i]
                        case --db
                            # fish has removed the quotes; it also expands a leading ~ here
                            # (not in --db=~/x), which it does not show, so this does it.
                            set i (math $i + 1)
                            set db --db $tokens[$i]
                            if string match -q -- '~' $tokens[$i]; or string match -q -- '~/*' $tokens[$i]
                                set db --db $HOME(string sub -s 2 -- $tokens[$i])
                            end
                        case '--db=*'
                            set db --db (string replace -- --db= '' $tokens[$i])
                    end
                    set i (math $i + 1)
                end
                $tokens[1] $db __complete $argv[1] 2>/dev/null
            end
            # The subcommand on the line so far, if any: the first word that is neither an option
            # nor an option's value.
            function __moonshot_command
                set -l tokens (commandline -opc)
                set -l i 2
                while test $i -le (count $tokens)
                    switch $tokens[$i]
                        case \(valueOptions.joined(separator: " "))
                            set i (math $i + 1)
                        case --
                            return 1
                        case '-*'
                        case '*'
                            echo $tokens[$i]
                            return 0
                    end
                    set i (math $i + 1)
                end
                return 1
            end
            # Whether that subcommand is $argv[1] (none on the line is no match, and no error).
            function __moonshot_command_is
                set -l command (__moonshot_command); or return 1
                test "$command" = $argv[1]
            end
            complete -c moonshot -f

            """
        let noCommand = " -n 'not __moonshot_command'"
        for option in OptionWord.rootOptions { text += "complete -c moonshot" + noCommand + fishOption(option) + "\n" }
        for command in commands {
            text += "complete -c moonshot" + noCommand + " -a \(command.name) -d \(fishQuoted(command.abstract))\n"
        }
        for command in commands {
            let condition = " -n '__moonshot_command_is \(command.name)'"
            for option in command.optionsWithHelp { text += "complete -c moonshot" + condition + fishOption(option) + "\n" }
            switch argumentCompletion(command) {
            case .choices(let words): text += "complete -c moonshot" + condition + " -a \(fishQuoted(words.joined(separator: " ")))\n"
            case .folder: text += "complete -c moonshot" + condition + " -x -a '(__fish_complete_directories)'\n"
            case let other: text += other.namesKind.map { "complete -c moonshot" + condition + " -a '(__moonshot_names \($0))'\n" } ?? ""
            }
        }
        return text
    }

    private func fishOption(_ option: OptionInfo) -> String {
        var text = " -l \(option.name)"
        if let short = option.short { text += " -s \(short)" }
        if option.completion == .file {
            text += " -r -F"
        } else if case .choices(let words) = option.completion {
            // Each word with its own description, when it has one: `name\t'By name'`.
            let described = option.choiceHelp.count == words.count ? zip(words, option.choiceHelp).map { "\($0)\\t" + fishQuoted($1) } : words
            text += " -x -a \(fishQuoted(described.joined(separator: " ")))"
        } else if let kind = option.completion.namesKind {
            text += " -x -a '(__moonshot_names \(kind))'"
        } else if !option.isFlag {
            text += " -x"
        }
        return text + " -d \(fishQuoted(HelpFormatter.annotated(option.help, default: option.defaultValue)))"
    }
}
