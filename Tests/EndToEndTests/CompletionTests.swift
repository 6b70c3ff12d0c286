import Foundation
import XCTest

/// `moonshot completions`: each script run in its real shell, asked what it offers.
final class CompletionTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertEqual(try moonshot("import").status, 0)
        // Another database, whose names the scripts must read when the line says --db.
        try Data(#"[{"id": 99, "crew": [{"name": "zed", "role": "Commander"}], "description": "Made up."}]"#.utf8)
            .write(to: folder.appendingPathComponent("m.json"))
        try Data(#"{"zed": {"id": "zed", "name": "Zed Zephyr", "description": "Made up."}}"#.utf8)
            .write(to: folder.appendingPathComponent("a.json"))
        XCTAssertEqual(try moonshot("import", "--missions", "m.json", "--astronauts", "a.json", "--db", "other.db").status, 0)
        // For `site`, which is given a folder: a folder and a file whose names start alike.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sitefolder"), withIntermediateDirectories: false)
        try Data().write(to: folder.appendingPathComponent("sitefile"))
    }

    /// A line being completed (the word under the cursor last, "" for a new word) and what
    /// must be offered, exactly.
    static let cases: [(line: [String], offered: Set<String>)] = [
        (["cr"], ["crew"]),
        (["comm"], ["commander"]),
        (["h"], ["help"]),
        (["--format", ""], ["table", "json", "csv"]),
        (["missions", "--format", "j"], ["json"]),
        (["crew", "--f"], ["--format"]),
        (["import", "--"], ["--missions", "--astronauts", "--check", "--wait", "--db", "--help"]),
        (["crew", "apollo1"], ["apollo1", "apollo10", "apollo11", "apollo12", "apollo13", "apollo14", "apollo15", "apollo16", "apollo17"]),
        (["flights", "lo"], ["lovell"]),
        (["astronaut", "ar"], ["armstrong"]),
        (["--db", "other.db", "flights", ""], ["zed"]),
        (["mission", "--db=other.db", ""], ["apollo99"]),
        (["--format=json", "comm"], ["commander"]),
        (["--db", "other.db", "fl"], ["flights"]),
        (["search", "mission", "--l"], ["--limit"]),
        (["search", "crew", "ap"], []),
        (["completions", ""], ["bash", "zsh", "fish"]),
        (["help", "fl"], ["flights"]),
        (["site", "sitef"], ["sitefolder"]),
    ]

    func testBashOffersCommandsOptionsValuesAndNames() throws {
        let script = try write("bash")
        // A value written after `=`, which bash splits off as a word of its own.
        for (line, offered) in Self.cases + [(["--format=j"], ["json"]), (["crew", "--db=other.db", "ap"], ["apollo99"])] {
            // The words as bash splits them: `--db=x.db` is `--db`, `=` and `x.db`.
            let split = (["moonshot"] + line).flatMap { word in
                word.contains("=") ? word.split(separator: "=", omittingEmptySubsequences: false).map(String.init).joined(separator: "\u{0}=\u{0}")
                    .split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init) : [word]
            }
            let words = split.map(shellQuoted).joined(separator: " ")
            let result = try run(URL(fileURLWithPath: "/bin/bash"), ["-c", """
                source \(script); COMP_WORDS=(\(words)); COMP_CWORD=\(split.count - 1); _moonshot; printf '%s\\n' "${COMPREPLY[@]}"
                """], environment: ["PATH": pathWithMoonshot])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(Set(result.stdout.split(separator: "\n").map(String.init)), offered, "\(line)")
        }
    }

    func testFishOffersCommandsOptionsValuesAndNames() throws {
        let fish = try tool("fish", install: "apt-get install fish")
        let script = try write("fish")
        for (line, offered) in Self.cases {
            let commandLine = (["moonshot"] + line).joined(separator: " ")
            let result = try run(fish, ["--no-config", "-c", "source \(script); complete -C \(shellQuoted(commandLine))"],
                                 environment: ["PATH": pathWithMoonshot])
            XCTAssertEqual(result.status, 0, result.stderr)
            // fish prints each candidate with its description after a tab.
            // A folder is offered with "/" after it, as fish offers folders everywhere.
            let candidates = result.stdout.split(separator: "\n").map {
                String(($0.split(separator: "\t").first ?? "").reversed().drop(while: { $0 == "/" }).reversed())
            }
            // For a path fish offers files too; only the words are checked here.
            XCTAssertEqual(Set(candidates), offered, "\(line)")
        }
    }

    func testZshOffersCommandsOptionsValuesAndNames() throws {
        let zsh = try tool("zsh", install: "apt-get install zsh")
        let script = try write("zsh")
        // zsh completes only in its line editor, so an interactive zsh runs in a pseudo-terminal
        // (zpty) with compinit and the script, is sent the line and a Tab, and prints each match
        // the completion system adds (compadd, wrapped, passes them on as well).
        let driver = folder.appendingPathComponent("drive.zsh")
        try Data(#"""
            # Completes the line $2 in an interactive zsh, with the script $1, and prints each match.
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PROMPT=''; PATH=${(q)PATH}; MOONSHOT_DB=${(q)MOONSHOT_DB}; autoload -Uz compinit; compinit -u -D; source ${(q)1}; bindkey '^I' complete-word"
            # Every match the completion system adds is printed too (compadd -A fills an array without adding).
            zpty -w z 'compadd () { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi; local -a __hits; builtin compadd -A __hits "$@"; print -rl -- "MATCH:"${^__hits}; builtin compadd "$@"; }'
            zpty -w z 'comppostfuncs=( __done ); __done () { print -r -- "END""OFLIST"; exit }'
            zpty -w z "$2"$'\t'
            local out
            zpty -r z out '*ENDOFLIST*'
            print -r -- $out
            zpty -d z
            """#.utf8).write(to: driver)
        for (line, offered) in Self.cases {
            let commandLine = (["moonshot"] + line).joined(separator: " ")
            let result = try run(URL(fileURLWithPath: "/usr/bin/timeout"), ["20", zsh.path, "-f", driver.path, script, commandLine],
                                 environment: ["PATH": pathWithMoonshot])
            XCTAssertEqual(result.status, 0, result.stderr)
            let matches = result.stdout.components(separatedBy: "MATCH:").dropFirst().map { String($0.prefix { !$0.isWhitespace }) }
            XCTAssertEqual(Set(matches), offered, "\(line): \(result.stdout)")
        }
    }

    // MARK: Helpers

    private var pathWithMoonshot: String {
        Self.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// The script for `shell`, written to a file.
    private func write(_ shell: String) throws -> String {
        let result = try moonshot("completions", shell)
        XCTAssertEqual(result.status, 0, result.stderr)
        let file = folder.appendingPathComponent("moonshot.\(shell)")
        try Data(result.stdout.utf8).write(to: file)
        return file.path
    }

    private func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
