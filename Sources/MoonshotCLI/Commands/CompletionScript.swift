/// Shell completion scripts for moonshot's commands, written from their descriptions: the
/// subcommands, each one's options, the values of options and arguments that take one of a
/// few words, files for paths, and mission and astronaut names, which the scripts ask
/// `moonshot __complete` for (from the database `--db` names on the line, if it does).
struct CompletionScript {
    let commands: [AnyCommand]

    /// The options every line may start with, before a subcommand.
    private var rootOptions: [OptionInfo] { GlobalOption.allCases.map(\.spec.info) + [OptionWord.version, OptionWord.help] }

    /// Every option that takes a value, in any command, so the scripts can skip the value.
    private var valueOptions: [String] { valueOptionsNamed { _ in true } }

    /// The options of every command, `--help` included.
    private func options(of command: AnyCommand) -> [OptionInfo] { command.options + [OptionWord.help] }

    /// What a command's first argument is completed with: names from the database, words, or
    /// folders.
    private enum ArgumentCompletion { case names(String), words([String]), folders, nothing }

    private func argumentCompletion(_ command: AnyCommand) -> ArgumentCompletion {
        guard let argument = command.arguments.first else { return .nothing }
        if !argument.choices.isEmpty { return .words(argument.choices) }
        switch argument.name {
        case "mission": return .names("missions")
        case "astronaut": return .names("astronauts")
        case "folder": return .folders
        default: return .nothing
        }
    }

    /// Options whose value is a file.
    private func takesPath(_ option: OptionInfo) -> Bool { option.valueName == "path" }

    private var commandNames: [String] { commands.map(\.name) + ["help"] }

    // MARK: bash

    var bash: String {
        var text = """
            # bash completion for moonshot: moonshot completions bash
            _moonshot() {
                # Files and folders: $2 is the word as readline reads it (after an open quote or
                # `=`), which compgen unquotes; -o filenames has bash quote what it inserts, and
                # each name is one line of compgen's output. Names from the database are never
                # completed so (bash would expand them), only real files.
                # bash splits --name=value into three words: --name, = and value.
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                if [[ "$cur" == "=" ]]; then cur=""; elif [[ "$prev" == "=" ]]; then prev="${COMP_WORDS[COMP_CWORD-2]}"; fi
                local command="" db="" i
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case "${COMP_WORDS[i]}" in
                        --db) ((i++)); if [[ "${COMP_WORDS[i]}" == "=" ]]; then ((i++)); db="--db=${COMP_WORDS[i]}"; else db="${COMP_WORDS[i]}"; fi ;;
                        \(valueOptions.filter { $0 != "--db" }.joined(separator: "|"))) ((i++)); [[ "${COMP_WORDS[i]}" == "=" ]] && ((i++)) ;;
                        --) break ;;
                        -*) ;;
                        *) [[ -z "$command" ]] && command="${COMP_WORDS[i]}" ;;
                    esac
                done
                case "$prev" in

            """
        for option in optionsWithChoices {
            text += "            --\(option.name)) COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
        }
        let paths = valueOptionsNamed { takesPath($0) }
        if !paths.isEmpty {
            text += "            \(paths.joined(separator: "|"))) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$2\"); return ;;\n"
        }
        let others = valueOptionsNamed { !takesPath($0) && $0.choices.isEmpty }
        if !others.isEmpty { text += "            \(others.joined(separator: "|"))) COMPREPLY=(); return ;;\n" }
        text += """
                esac
                if [[ -z "$command" ]]; then
                    if [[ "$cur" == -* ]]; then
                        COMPREPLY=($(compgen -W "\(rootOptions.map { "--" + $0.name }.joined(separator: " "))" -- "$cur"))
                    else
                        COMPREPLY=($(compgen -W "\(commandNames.joined(separator: " "))" -- "$cur"))
                    fi
                    return
                fi
                local options="" names="" choices="" folders=""
                case "$command" in

            """
        for command in commands {
            text += "            \(command.name)) options=\"\(options(of: command).map { "--" + $0.name }.joined(separator: " "))\""
            switch argumentCompletion(command) {
            case .names(let kind): text += "; names=\(kind)"
            case .words(let words): text += "; choices=\"\(words.joined(separator: " "))\""
            case .folders: text += "; folders=1"
            case .nothing: break
            }
            text += " ;;\n"
        }
        text += """
                    help) choices="\(commandNames.joined(separator: " "))" ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                elif [[ -n "$names" ]]; then
                    # The names are data: moonshot picks those the typed word starts and writes
                    # them as they must be inserted; they are never expanded here (no compgen -W).
                    local typed=(--bash-word "$cur") name
                    [[ -n "$db" ]] && typed+=(--db-word "$db")
                    COMPREPLY=()
                    while IFS=$'\\t' read -r name _; do
                        COMPREPLY+=("$name")
                    done < <("${COMP_WORDS[0]}" __complete "$names" "${typed[@]}" 2>/dev/null)
                elif [[ -n "$choices" ]]; then
                    COMPREPLY=($(compgen -W "$choices" -- "$cur"))
                elif [[ -n "$folders" ]]; then
                    compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- "$2")
                fi
            }
            complete -F _moonshot moonshot

            """
        return text
    }

    // MARK: zsh

    var zsh: String {
        var text = """
            #compdef moonshot
            # zsh completion for moonshot: moonshot completions zsh
            _moonshot() {
                local -a commands descriptions options names shown lines choices
                local command="" db="" kind="" folders="" i line
                commands=(\(commandNames.joined(separator: " ")))
                descriptions=(

            """
        for command in commands { text += "        \(zshQuoted(command.name + "  -- " + command.abstract))\n" }
        text += "        \(zshQuoted("help  -- " + HelpFormatter.helpAbstract))\n"
        text += """
                )
                for ((i = 2; i < CURRENT; i++)); do
                    case ${words[i]} in
                        --db) db=${words[i+1]}; ((i++)) ;;
                        --db=*) db=${words[i]} ;;
                        \(valueOptions.filter { $0 != "--db" }.joined(separator: "|"))) ((i++)) ;;
                        --) break ;;
                        -*) ;;
                        *) [[ -z $command ]] && command=${words[i]} ;;
                    esac
                done
                case ${words[CURRENT-1]} in

            """
        for option in optionsWithChoices {
            text += "            --\(option.name)) compadd -- \(option.choices.joined(separator: " ")); return ;;\n"
        }
        let paths = valueOptionsNamed { takesPath($0) }
        if !paths.isEmpty { text += "            \(paths.joined(separator: "|"))) _files; return ;;\n" }
        let others = valueOptionsNamed { !takesPath($0) && $0.choices.isEmpty }
        if !others.isEmpty { text += "            \(others.joined(separator: "|"))) return ;;\n" }
        text += """
                esac
                if [[ -z $command ]]; then
                    if [[ ${words[CURRENT]} == -* ]]; then
                        compadd -- \(rootOptions.map { "--" + $0.name }.joined(separator: " "))
                    else
                        compadd -l -d descriptions -- $commands
                    fi
                    return
                fi
                case $command in

            """
        for command in commands {
            text += "            \(command.name)) options=(\(options(of: command).map { "--" + $0.name }.joined(separator: " ")))"
            switch argumentCompletion(command) {
            case .names(let kind): text += "; kind=\(kind)"
            case .words(let words): text += "; choices=(\(words.joined(separator: " ")))"
            case .folders: text += "; folders=1"
            case .nothing: break
            }
            text += " ;;\n"
        }
        text += """
                    help) choices=(\(commandNames.joined(separator: " "))) ;;
                esac
                if [[ ${words[CURRENT]} == -* ]]; then
                    compadd -- $options
                elif [[ -n $kind ]]; then
                    lines=("${(@f)$(${words[1]} __complete $kind ${db:+--db-word} ${db:+$db} 2>/dev/null)}")
                    for line in $lines; do
                        [[ -n $line ]] || continue
                        names+=("${line%%$'\\t'*}")
                        shown+=("${line%%$'\\t'*}  -- ${line#*$'\\t'}")
                    done
                    compadd -l -d shown -- $names
                elif (( ${#choices} )); then
                    compadd -- $choices
                elif [[ -n $folders ]]; then
                    _files -/
                fi
            }
            if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
                _moonshot "$@"
            else
                compdef _moonshot moonshot
            fi

            """
        return text
    }

    // MARK: fish

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
            function __moonshot_command_is
                test (__moonshot_command) = $argv[1]
            end
            complete -c moonshot -f

            """
        let noCommand = " -n 'not __moonshot_command'"
        for option in rootOptions { text += "complete -c moonshot" + noCommand + fishOption(option) + "\n" }
        for command in commands {
            text += "complete -c moonshot" + noCommand + " -a \(command.name) -d \(fishQuoted(command.abstract))\n"
        }
        text += "complete -c moonshot" + noCommand + " -a help -d \(fishQuoted(HelpFormatter.helpAbstract))\n"
        text += "complete -c moonshot -n '__moonshot_command_is help' -a \(fishQuoted(commandNames.joined(separator: " ")))\n"
        for command in commands {
            let condition = " -n '__moonshot_command_is \(command.name)'"
            for option in options(of: command) { text += "complete -c moonshot" + condition + fishOption(option) + "\n" }
            switch argumentCompletion(command) {
            case .names(let kind): text += "complete -c moonshot" + condition + " -a '(__moonshot_names \(kind))'\n"
            case .words(let words): text += "complete -c moonshot" + condition + " -a \(fishQuoted(words.joined(separator: " ")))\n"
            case .folders: text += "complete -c moonshot" + condition + " -x -a '(__fish_complete_directories)'\n"
            case .nothing: break
            }
        }
        return text
    }

    private func fishOption(_ option: OptionInfo) -> String {
        var text = " -l \(option.name)"
        if let short = option.short { text += " -s \(short)" }
        if takesPath(option) {
            text += " -r -F"
        } else if !option.choices.isEmpty {
            text += " -x -a \(fishQuoted(option.choices.joined(separator: " ")))"
        } else if !option.isFlag {
            text += " -x"
        }
        return text + " -d \(fishQuoted(option.help))"
    }

    // MARK: helpers

    /// The value-taking options of all commands that `include`s, as `--name`.
    private func valueOptionsNamed(_ include: (OptionInfo) -> Bool) -> [String] {
        var seen = Set<String>()
        return (rootOptions + commands.flatMap(\.options))
            .filter { !$0.isFlag && include($0) && seen.insert($0.name).inserted }
            .map { "--" + $0.name }
    }

    /// The value-taking options with a few words to choose from.
    private var optionsWithChoices: [OptionInfo] {
        var seen = Set<String>()
        return (rootOptions + commands.flatMap(\.options)).filter { !$0.choices.isEmpty && seen.insert($0.name).inserted }
    }

    /// `text` in single quotes for zsh and bash.
    private func zshQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// `text` in single quotes for fish, which escapes `\` and `'` inside them.
    private func fishQuoted(_ text: String) -> String {
        var quoted = "'"
        for character in text {
            if character == "\\" || character == "'" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "'"
    }
}
