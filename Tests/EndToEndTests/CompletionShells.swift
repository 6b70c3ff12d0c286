import Foundation
import XCTest

/// Running the completion scripts in their real shells, for the completion tests.
extension BinaryTestCase {
    /// The PATH with the built moonshot first.
    var pathWithMoonshot: String {
        Self.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// The script for `shell`, written to a file in the test's folder.
    func completionScript(_ shell: String) throws -> String {
        let result = try moonshot("completions", shell)
        XCTAssertEqual(result.status, 0, result.stderr)
        let file = folder.appendingPathComponent("moonshot.\(shell)")
        try Data(result.stdout.utf8).write(to: file)
        return file.path
    }

    func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The words fish offers for `line` (`complete -C`), without their descriptions.
    func fishCompletions(_ fish: URL, script: String, line: String, environment: [String: String] = [:]) throws -> [String] {
        let result = try run(
            fish, ["--no-config", "-c", "source \(script); complete -C \(shellQuoted(line))"],
            environment: ["PATH": pathWithMoonshot].merging(environment) { $1 })
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "", "fish printed into the terminal while completing \(line)")
        // fish prints each candidate with its description after a tab.
        return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }
    }

    /// The matches zsh's completion system adds for `line` and a Tab, in an interactive zsh.
    func zshMatches(_ zsh: URL, script: String, line: String, environment: [String: String] = [:]) throws -> [String] {
        // zsh completes only in its line editor, so an interactive zsh runs in a pseudo-terminal
        // (zpty) with compinit and the script, is sent the line and a Tab, and prints each match
        // the completion system adds (compadd, wrapped, passes them on as well). compinit keeps
        // what it finds in the zsh's functions in a dump file of the test's own, which the next
        // zsh reads instead of looking through them again (most of the time of each line).
        let driver = folder.appendingPathComponent("matches.zsh")
        try Data(
            #"""
            # Completes the line $2 in an interactive zsh, with the script $1 and compinit's dump file $3,
            # and prints each match.
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PROMPT=''; PATH=${(q)PATH}; MOONSHOT_DB=${(q)MOONSHOT_DB}"
            zpty -w z "autoload -Uz compinit; compinit -u -d ${(q)3}; source ${(q)1}; bindkey '^I' complete-word"
            # Every match the completion system adds is printed too (compadd -A fills an array without
            # adding), unquoted: the word the line then holds.
            zpty -w z 'compadd () { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi; local -a __hits; builtin compadd -A __hits "$@"; print -rl -- "MATCH:"${^${(Q)__hits}}; builtin compadd "$@"; }'
            zpty -w z 'comppostfuncs=( __done ); __done () { print -r -- "END""OFLIST"; exit }'
            zpty -w z "$2"$'\t'
            local out
            zpty -r z out '*ENDOFLIST*'
            print -r -- $out
            zpty -d z
            """#.utf8
        ).write(to: driver)
        let dump = folder.appendingPathComponent("zcompdump").path
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/timeout"), ["20", zsh.path, "-f", driver.path, script, line, dump],
            environment: ["PATH": pathWithMoonshot].merging(environment) { $1 })
        XCTAssertEqual(result.status, 0, result.stderr)
        // Each match is printed on a line of its own.
        return result.stdout.components(separatedBy: "MATCH:").dropFirst().map { String($0.prefix { !$0.isNewline }) }
    }

    /// The shells the completion scripts are typed in: how to start each interactively, and
    /// how to define there `show` (prints its arguments on one line: `ARG<a><b>`) and
    /// `print_end`.
    enum InteractiveShell {
        case bash, zsh, fish

        var name: String { "\(self)" }

        func start(_ path: String) -> String {
            switch self {
            case .bash: "\(path) --norc --noprofile -i"
            case .zsh: "\(path) -f -i"
            case .fish: "\(path) --no-config -i"
            }
        }

        func setup(script: String) -> String {
            switch self {
            case .bash:
                #"PS1=''; source \#(script); show() { printf '\101RG'; printf '<%s>' "$@"; printf '\n'; }; print_end() { echo END''MARK; }"#
            case .zsh:
                #"PROMPT=''; autoload -Uz compinit; compinit -u -D; source \#(script); bindkey '^I' complete-word; "#
                    + #"show() { printf '\101RG'; printf '<%s>' "$@"; printf '\n'; }; print_end() { echo END''MARK; }"#
            case .fish:
                #"function fish_prompt; end; function show; printf '\101RG'; printf '<%s>' $argv; printf '\n'; end; "#
                    + #"function print_end; echo END''MARK; end; source \#(script)"#
            }
        }
    }

    /// Types each line in an interactive `shell`, in a pseudo-terminal (zsh's zpty), presses
    /// Tab at its end to complete it as a user would, then runs it with `show` in front; returns
    /// the arguments each line ran with, as the shell passed them.
    func typeAndComplete(
        _ shell: InteractiveShell, lines: [String], environment: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> [[String]] {
        let zsh = try tool("zsh", install: "apt-get install zsh")
        let path = try tool(shell.name, install: "apt-get install \(shell.name)").path
        let driver = folder.appendingPathComponent("type.zsh")
        try Data(
            #"""
            # Starts the shell $1 in a pseudo-terminal, sends it $2, then each further argument as
            # typed keys and Enter, and prints what the shell writes until ENDMARK.
            zmodload zsh/zpty
            zpty z "$1"
            zpty -w z "$2"
            local keys out all
            for keys in "${@[3,-1]}"; do zpty -n -w z "$keys"$'\n'; done
            zpty -w z print_end
            while zpty -r z out; do all+=$out; [[ $all == *END''MARK* ]] && break; done
            print -r -- $all
            zpty -d z
            """#.utf8
        ).write(to: driver)
        let keys = lines.map { $0 + "\t" + "\u{01}show " }
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            ["60", zsh.path, "-f", driver.path, shell.start(path), shell.setup(script: try completionScript(shell.name))] + keys,
            environment: ["PATH": pathWithMoonshot].merging(environment) { $1 })
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        // `show` writes ARG<first><second>...; the shell's echo of the line shows \101RG instead.
        let shown: [[String]] = result.stdout.split(whereSeparator: \.isNewline).compactMap { text in
            guard let start = text.range(of: "ARG<") else { return nil }
            let arguments = text[start.upperBound...]
            guard arguments.hasSuffix(">") else { return nil }
            return arguments.dropLast().components(separatedBy: "><")
        }
        XCTAssertEqual(shown.count, lines.count, "every line ran once: \(result.stdout)", file: file, line: line)
        return shown
    }
}
