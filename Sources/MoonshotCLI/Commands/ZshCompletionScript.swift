extension CompletionScript {
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
            text += "            --\(option.name)) compadd -- \(option.words.joined(separator: " ")); return ;;\n"
        }
        let paths = valueOptionsNamed { $0.completion == .file }
        if !paths.isEmpty { text += "            \(paths.joined(separator: "|"))) _files; return ;;\n" }
        let others = valueOptionsNamed { $0.completion == .none }
        if !others.isEmpty { text += "            \(others.joined(separator: "|"))) return ;;\n" }
        text += """
                esac
                if [[ -z $command ]]; then
                    if [[ ${words[CURRENT]} == -* ]]; then
                        compadd -- \(OptionWord.rootOptions.map { "--" + $0.name }.joined(separator: " "))
                    else
                        compadd -l -d descriptions -- $commands
                    fi
                    return
                fi
                case $command in

            """
        text += commandCases(names: "kind") { "(" + $0.joined(separator: " ") + ")" }
        text += """
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
}
