import Foundation
import XCTest

/// Data and arguments are shown, never obeyed: a dataset whose text holds terminal controls,
/// bidirectional overrides, wide characters and a 1 MB word goes through every command in
/// every format. Tables are checked by `Tests/tools/check_terminal_output.py`, which measures
/// widths with glibc's wcwidth, through a pipe and through a pseudo-terminal (`script`).
final class TerminalSafetyTests: BinaryTestCase {
    /// Clears the screen, sets the window title, writes the clipboard (OSC 52), moves the
    /// cursor back and reverses the text that follows.
    static let evilName = "\u{1B}[2J\u{1B}]0;PWNED\u{07}\u{1B}]52;c;cm0gLXJmIH4K\u{07}Evil\rX\u{08}\u{202E}Z"
    static let wideName = "宇宙飛行士 太郎"
    static let emojiName = "Rocket 🚀 Person 👩‍🚀"
    static let longWord = String(repeating: "x", count: 1_000_000)

    static let checker = packageRoot.appendingPathComponent("Tests/tools/check_terminal_output.py").path

    override func setUpWithError() throws {
        try super.setUpWithError()
        let astronauts: [String: [String: String]] = [
            "evil": [
                "id": "evil", "name": Self.evilName,
                "description": "Known as Sneaky (a hostile name). C1 \u{9B}31m, isolate \u{2066}x\u{2069}, tab\tand NUL \u{0}.",
            ],
            "wide": ["id": "wide", "name": Self.wideName, "description": "日本の宇宙飛行士。" + String(repeating: "長い説明です。", count: 40)],
            "emoji": ["id": "emoji", "name": Self.emojiName, "description": "e\u{301}mojis 🌕 and flags 🇺🇸, then CR LF\r\nand a lone CR\rthere."],
            "long": ["id": "long", "name": "Long Word", "description": Self.longWord],
        ]
        let crew = [
            ["name": "evil", "role": "Commander"], ["name": "wide", "role": "宇宙 Pilot\u{1B}[31m"],
            ["name": "emoji", "role": "🚀 Pilot"], ["name": "long", "role": "Lunar Module Pilot"],
        ]
        let missions: [[String: Any]] = [
            ["id": 1, "launchDate": "1969-07-16", "crew": crew, "description": "Mission of \(Self.evilName), 宇宙 and 🚀 rockets."],
            ["id": 2, "crew": [["name": "long", "role": "Commander"]], "description": Self.longWord],
        ]
        try JSONSerialization.data(withJSONObject: missions).write(to: folder.appendingPathComponent("missions.json"))
        try JSONSerialization.data(withJSONObject: astronauts).write(to: folder.appendingPathComponent("astronauts.json"))
        let result = try moonshot("import", "--missions", "missions.json", "--astronauts", "astronauts.json")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// Every command that prints data, with its arguments.
    static let commands: [[String]] = [
        ["missions"], ["mission", "1"], ["mission", "2"], ["crew", "1"], ["commander", "1"], ["astronauts"],
        ["astronaut", "evil"], ["astronaut", "wide"], ["astronaut", "emoji"], ["astronaut", "long"], ["flights", "evil"],
        ["search", "rockets"], ["search", "isolate"], ["search", "lone"],
        ["sql", "SELECT * FROM astronauts"], ["sql", "SELECT * FROM crew_roster"],
        ["sql", "SELECT name AS \"\(evilName)\", id AS \"\(wideName)\" FROM astronauts"],
        // One character (a grapheme cluster) 60 cells wide, which wrapping cannot split: at 80
        // columns its column is the one to shrink, but only the other can.
        ["sql", "SELECT 'क' || replace(hex(zeroblob(59)), '00', 'ा') AS a, 'some longer text here for wrapping' AS d"],
    ]

    func testTablesShowControlsVisiblyAndLineUpThroughAPipe() throws {
        var outputs: [(text: String, what: String)] = []
        for command in Self.commands {
            for columns in ["80", "200", nil] {
                let result = try moonshot(command, environment: columns.map { ["COLUMNS": $0] } ?? [:])
                XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
                outputs.append((result.stdout, "\(command) at COLUMNS=\(columns ?? "unset")"))
            }
        }
        try assertSafe(outputs, tables: true)
        let crew = try moonshot("crew", "1", environment: ["COLUMNS": "80"]).stdout
        XCTAssertTrue(crew.contains("^[[2J^[]0;PWNED^G^[]52;c;cm0gLXJmIH4K^GEvil^MX"), crew)
        XCTAssertTrue(crew.contains("<U+202E>Z"), crew)
        XCTAssertTrue(crew.contains(Self.wideName) && crew.contains("👩‍🚀"), "wide characters are shown as they are: \(crew)")
        let emoji = try moonshot("astronaut", "emoji").stdout
        XCTAssertTrue(emoji.contains("then CR LF\nand a lone CR^Mthere."), "CR LF is a line break, a lone CR is shown: \(emoji)")
    }

    func testTablesLineUpOnAPseudoTerminal() throws {
        let script = try tool("script", install: "apt-get install bsdutils")
        let database = folder.appendingPathComponent("moonshot.db").path
        var outputs: [(text: String, what: String)] = []
        for command in Self.commands {
            // The terminal's own width, not COLUMNS, sets the table's.
            let line =
                "stty cols 72 rows 40; exec \(shellWord(Self.binary.path)) --db \(shellWord(database)) "
                + command.map(shellWord).joined(separator: " ")
            let result = try run(script, ["-qec", line, "/dev/null"], environment: ["COLUMNS": ""])
            XCTAssertEqual(result.status, 0, "\(command): \(result.stdout)")
            outputs.append((result.stdout, "\(command) on a pseudo-terminal"))
            // (Headings are never wrapped: the query with a heading longer than the terminal is not held to this.)
            if command.count == 1 || !command[1].contains(Self.evilName) {
                XCTAssertFalse(
                    result.stdout.split(separator: "\r\n").contains { $0.count > 72 && $0.allSatisfy(\.isASCII) },
                    "\(command) is wider than the terminal")
            }
        }
        try assertSafe(outputs, tables: true, pty: true)
    }

    func testJSONAndCSVKeepTheExactText() throws {
        for id in ["evil", "wide", "emoji"] {
            let json = try jsonObject("astronaut", id, "--format", "json")
            let csv = try XCTUnwrap(parseCSV(try moonshot("astronaut", id, "--format", "csv").stdout))
            let name = try XCTUnwrap(csv.first?.firstIndex(of: "astronaut_name"))
            let expected = [("evil", Self.evilName), ("wide", Self.wideName), ("emoji", Self.emojiName)].first { $0.0 == id }!.1
            XCTAssertEqual(json["astronaut_name"] as? String, expected)
            XCTAssertEqual(csv[1][name], expected)
        }
        let description = try jsonObject("astronaut", "emoji", "--format", "json")["description"] as? String
        XCTAssertEqual(description, "e\u{301}mojis 🌕 and flags 🇺🇸, then CR LF\r\nand a lone CR\rthere.")
    }

    func testMessagesOnStandardErrorShowArgumentsAndDataVisibly() throws {
        let cases: [(arguments: [String], shows: String)] = [
            (["--db", "\u{1B}[2Jx.db", "missions"], "^[[2Jx.db"),
            (["\u{1B}[2Jcmd"], "^[[2Jcmd"),
            (["missions", "--format", "\u{1B}[2J"], "'^[[2J'"),
            (["import", "--missions", "\u{1B}[2Jm.json", "--astronauts", "a\u{202E}.json"], "a<U+202E>.json"),
            (["sql", "SELECT \u{1B}[2J"], "^["),
            (["astronaut", "Evl"], "^[[2J^[]0;PWNED^G"),  // the "Did you mean" list
            (["mission", "-\u{9B}1"], "<U+009B>1"),
        ]
        var outputs: [(text: String, what: String)] = []
        for (arguments, shows) in cases {
            let result = try moonshot(arguments)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(shows), "\(arguments) should show \(shows): \(result.stderr)")
            outputs.append((result.stderr, "stderr of \(arguments)"))
        }
        // A guess names what it took, on standard error.
        let guess = try moonshot("flights", "Sneaky")
        XCTAssertEqual(guess.status, 0, guess.stderr)
        XCTAssertTrue(guess.stderr.contains("Sneaky: taking ^[[2J^[]0;PWNED^G"), guess.stderr)
        outputs.append((guess.stderr, "the note of a guess"))
        try assertSafe(outputs, tables: false)
    }

    /// A line break in a name a message lists cannot start a line of its own there.
    func testNamesInMessagesStayOnTheirLine() throws {
        _ = try sqlite3(
            "INSERT INTO astronauts (id, name, description) VALUES ('nl', 'New' || char(10) || 'Error: forged', 'x'), ('nl2', 'New' || char(10) || 'Two', 'y')")
        let closest = try moonshot("astronaut", "nlx")
        XCTAssertEqual(closest.status, 1)
        XCTAssertTrue(closest.stderr.contains("New^JError: forged (nl)"), closest.stderr)
        let several = try moonshot("astronaut", "new")
        XCTAssertEqual(several.status, 1)
        XCTAssertTrue(several.stderr.contains("\n  nl   New^JError: forged\n  nl2  New^JTwo\n"), several.stderr)
        let twice = try moonshot("crewmates", "nl", "--with", "nl")
        XCTAssertEqual(twice.status, 64)
        XCTAssertTrue(twice.stderr.contains("is New^JError: forged (nl) again"), twice.stderr)
        for stderr in [closest.stderr, several.stderr, twice.stderr] {
            XCTAssertFalse(stderr.split(separator: "\n").contains { $0.hasPrefix("Error: forged") || $0.hasPrefix("Two") }, stderr)
        }
    }

    func testCompletionNamesAreShownVisibly() throws {
        let result = try moonshot("__complete", "astronauts")
        XCTAssertTrue(result.stdout.contains("evil\t^[[2J^[]0;PWNED"), result.stdout)
        try assertSafe([(result.stdout.replacingOccurrences(of: "\t", with: " "), "completion names")], tables: false)
    }

    func testAMillionCharacterWordIsWrappedInLinearTime() throws {
        // The benchmark (benchmarks/hostile.py, case h) times this; here a hang is a failure.
        for command in [["astronaut", "long"], ["mission", "2"], ["sql", "SELECT description FROM missions WHERE id = 2"]] {
            let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["COLUMNS=80", "timeout", "-s", "KILL", "10", Self.binary.path] + command)
            XCTAssertEqual(result.status, 0, "\(command) took more than 10 s or failed: \(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            XCTAssertGreaterThan(lines.count { $0.contains("xxxxxxxxxx") }, 12_000, "the word is wrapped")
            XCTAssertTrue(lines.allSatisfy { $0.count <= 80 }, "\(command): every line fits 80 columns")
        }
    }

    func testRepeatedSearchWordsAreSearchedOnce() throws {
        let repeated = Array(repeating: "rockets", count: 5_000).joined(separator: " ")
        let result = try moonshot(within: 10, "search", repeated, "--format", "csv")
        XCTAssertEqual(result.status, 0, result.stderr)
        // The mission's "rockets", and the astronaut's "Rocket" (another form of the word), each once.
        XCTAssertEqual(parseCSV(result.stdout)?.map { $0[0] }, ["kind", "astronaut", "mission"], "two matches, once each: \(result.stdout)")
        let shown = try moonshot(within: 10, "search", "rockets Rockets ROCKETS", "--show-sql", "--format", "csv")
        XCTAssertTrue(shown.stderr.contains("coalesce('rockets', '')"), "the words searched for are each given once: \(shown.stderr)")
        let last = try moonshot(within: 10, "search", "rockets mission Rockets", "--show-sql", "--format", "csv")
        XCTAssertTrue(last.stderr.contains("coalesce('mission rockets', '')"), "the last word stays last, as the prefix: \(last.stderr)")
        // Only what the SQL splits on separates words: an ideographic space is part of a word there.
        let ideographic = try moonshot(within: 10, "search", "rockets\u{3000}rockets", "--show-sql", "--format", "csv")
        XCTAssertTrue(ideographic.stderr.contains("'rockets\u{3000}rockets'"), ideographic.stderr)
    }

    /// Checks each of `outputs` (a text, and what it is) with the checker: one run for them all,
    /// each text in a file of its own (a run for each was most of these tests' time).
    private func assertSafe(
        _ outputs: [(text: String, what: String)], tables: Bool, pty: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var files: [(path: String, what: String)] = []
        for (index, output) in outputs.enumerated() {
            let url = folder.appendingPathComponent("output-\(index).txt")
            try Data(output.text.utf8).write(to: url)
            files.append((url.path, output.what))
        }
        let arguments = [Self.checker] + (tables ? ["--tables"] : []) + (pty ? ["--pty"] : []) + files.map(\.path)
        let check = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments)
        // The checker names each file with problems on a line of its own, before them.
        let report = check.stdout.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            files.first { line == "\($0.path):" }.map { "\($0.what):" } ?? String(line)
        }
        XCTAssertEqual(check.status, 0, "\(report.joined(separator: "\n"))\(check.stderr)", file: file, line: line)
    }

    private func shellWord(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
