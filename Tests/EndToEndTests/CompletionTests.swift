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
        (["cr"], ["crew", "crewmates"]),
        (["astronauts", "--sort", ""], ["name", "flights", "first-flight"]),
        (["crewmates", "lo"], ["lovell"]),
        (["crewmates", "lovell", "--with", "ha"], ["haise"]),
        (["crewmates", "--db", "other.db", "--with", ""], ["zed"]),
        (["missions", "--"], ["--year", "--from", "--to", "--undated", "--crew", "--db", "--format", "--show-sql", "--help"]),
        (["comm"], ["commander"]),
        (["h"], ["help"]),
        (["manu"], ["manual"]),
        (["--format", ""], ["table", "json", "csv"]),
        (["missions", "--format", "j"], ["json"]),
        (["crew", "--f"], ["--format"]),
        (["import", "--"], ["--missions", "--astronauts", "--check", "--force", "--wait", "--db", "--help"]),
        (["check", "--"], ["--repair", "--wait", "--db", "--format", "--help"]),
        (["che"], ["check"]),
        (["exp"], ["export"]),
        (["export", "--"], ["--missions", "--astronauts", "--db", "--help"]),
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
        let script = try completionScript("bash")
        // A value written after `=`, which bash splits off as a word of its own.
        for (line, offered) in Self.cases + [
            (["--format=j"], ["json"]), (["crew", "--db=other.db", "ap"], ["apollo99"]), (["astronauts", "--sort=f"], ["flights", "first-flight"]),
        ] {
            // The words as bash splits them: `--db=x.db` is `--db`, `=` and `x.db`. bash passes
            // the function the command, the word and the one before.
            let split = (["moonshot"] + line).flatMap { word in
                word.contains("=")
                    ? word.split(separator: "=", omittingEmptySubsequences: false).map(String.init).joined(separator: "\u{0}=\u{0}")
                        .split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init) : [word]
            }
            let words = split.map(shellQuoted).joined(separator: " ")
            let result = try run(
                URL(fileURLWithPath: "/bin/bash"),
                [
                    "-c",
                    """
                    source \(script); COMP_WORDS=(\(words)); COMP_CWORD=\(split.count - 1)
                    _moonshot moonshot "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"; printf '%s\\n' "${COMPREPLY[@]}"
                    """,
                ], environment: ["PATH": pathWithMoonshot])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(Set(result.stdout.split(separator: "\n").map(String.init)), offered, "\(line)")
        }
    }

    /// Lines ending in part of a file or folder name with a space, and the word the command
    /// then gets: bash inserts the whole name, quoted, as one word (a folder with "/"). (zsh's
    /// and fish's own file completion is used there.)
    static let pathLines: [(line: String, word: String)] = [
        ("moonshot --db my", "my db.db"),
        ("moonshot --db 'my", "my db.db"),
        ("moonshot --db=\"my d", "my db.db"),
        ("moonshot import --missions my\\ d", "my db.db"),
        ("moonshot export --astronauts 'my", "my db.db"),
        ("moonshot site sp", "sp ace/"),
        ("moonshot site 'sp", "sp ace/"),
    ]

    func testBashCompletesPathsWithSpacesAsOneWord() throws {
        try Data().write(to: folder.appendingPathComponent("my db.db"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sp ace"), withIntermediateDirectories: false)
        let ran = try typeAndComplete(.bash, lines: Self.pathLines.map(\.line))
        for (expected, arguments) in zip(Self.pathLines, ran) {
            XCTAssertEqual(arguments.last.map { $0.replacingOccurrences(of: "--db=", with: "") }, expected.word, expected.line)
        }
    }

    func testFishOffersCommandsOptionsValuesAndNames() throws {
        let fish = try tool("fish", install: "apt-get install fish")
        let script = try completionScript("fish")
        for (line, offered) in Self.cases {
            // A folder is offered with "/" after it, as fish offers folders everywhere.
            let candidates = try fishCompletions(fish, script: script, line: (["moonshot"] + line).joined(separator: " ")).map {
                String($0.reversed().drop(while: { $0 == "/" }).reversed())
            }
            // For a path fish offers files too; only the words are checked here.
            XCTAssertEqual(Set(candidates), offered, "\(line)")
        }
    }

    /// fish shows each --sort value with its own few words, and --sort with the option's help.
    func testFishDescribesEachValueOfSort() throws {
        let fish = try tool("fish", install: "apt-get install fish")
        let script = try completionScript("fish")
        let offered = { (line: String) in
            let result = try self.run(
                fish, ["--no-config", "-c", "source \(script); complete -C \(self.shellQuoted(line))"], environment: ["PATH": self.pathWithMoonshot])
            XCTAssertEqual(result.status, 0, result.stderr)
            return Set(result.stdout.split(separator: "\n").map(String.init))
        }
        XCTAssertEqual(
            try offered("moonshot astronauts --sort "),
            [
                "name\tBy name", "flights\tMost missions first (those assigned, Apollo 1 too)",
                "first-flight\tEarliest first launch first (those who never launched last)",
            ])
        let option = try XCTUnwrap(try offered("moonshot astronauts --so").first)
        XCTAssertTrue(option.hasPrefix("--sort\tname: by name; flights: most missions first"), option)
    }

    func testZshOffersCommandsOptionsValuesAndNames() throws {
        let zsh = try tool("zsh", install: "apt-get install zsh")
        let script = try completionScript("zsh")
        for (line, offered) in Self.cases {
            let matches = try zshMatches(zsh, script: script, line: (["moonshot"] + line).joined(separator: " "))
            XCTAssertEqual(Set(matches), offered, "\(line)")
        }
    }
}
