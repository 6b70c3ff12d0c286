extension CompletionScript {
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
            text += "            --\(option.name)) COMPREPLY=($(compgen -W \"\(option.words.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
        }
        let paths = valueOptionsNamed { $0.completion == .file }
        if !paths.isEmpty {
            text += "            \(paths.joined(separator: "|"))) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$2\"); return ;;\n"
        }
        let others = valueOptionsNamed { $0.completion == .none }
        if !others.isEmpty { text += "            \(others.joined(separator: "|"))) COMPREPLY=(); return ;;\n" }
        text += """
                esac
                if [[ -z "$command" ]]; then
                    if [[ "$cur" == -* ]]; then
                        COMPREPLY=($(compgen -W "\(OptionWord.rootOptions.map { "--" + $0.name }.joined(separator: " "))" -- "$cur"))
                    else
                        COMPREPLY=($(compgen -W "\(commandNames.joined(separator: " "))" -- "$cur"))
                    fi
                    return
                fi
                local options="" names="" choices="" folders=""
                case "$command" in

            """
        text += commandCases(names: "names") { "\"" + $0.joined(separator: " ") + "\"" }
        text += """
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
}
