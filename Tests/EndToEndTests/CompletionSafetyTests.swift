import Foundation
import XCTest

/// Completion with a database someone else made: its names reach each shell as plain words,
/// never run or expanded, and the shell inserts each so that the command gets exactly that
/// name. And `--db` on the line is read as the shell reads it, running nothing.
final class CompletionSafetyTests: BinaryTestCase {
    /// Astronaut ids that are shell code, patterns or quoting. Running any of them creates
    /// `marker` in the test's folder.
    static let hostileIDs = [
        "$(touch marker)", "`touch marker`", "semi;touch marker", "pipe|cat", "star*", "brace{a,b}", "~", "$HOME", "it's",
        #"say "hi""#, "two words", #"back\slash"#, "bang!x", "endq'", #"endd""#, "ex!", "new\nline",
        "o'brien", "q'uote", "!!", #"a"b"#,
    ]

    /// What is typed after `moonshot flights ` before Tab, and the name the command then gets
    /// (the typed word itself when there is no single name to complete).
    static let typed: [(keys: String, name: String)] = [
        (#"\$H"#, "$HOME"), (#"\$\("#, "$(touch marker)"), (#"'$("#, "$(touch marker)"), (#"\`"#, "`touch marker`"),
        ("se", "semi;touch marker"), ("pi", "pipe|cat"), ("sta", "star*"), ("br", "brace{a,b}"), (#"\~"#, "~"),
        ("it", "it's"), ("'it", "it's"), ("sa", #"say "hi""#), (#""sa"#, #"say "hi""#), (#""\$H"#, "$HOME"),
        ("tw", "two words"), ("'tw", "two words"), ("t'wo w", "two words"), ("bac", #"back\slash"#), (#""ban"#, "bang!x"),
        ("'endq", "endq'"), (#""endd"#, #"endd""#), ("ex", "ex!"), (#""ex"#, "ex!"),
        // A quote opened in the middle of the word, or before a `!`.
        ("o'", "o'brien"), ("q'", "q'uote"), ("'q", "q'uote"), ("i't", "it's"), (#""!"#, "!!"), ("'!", "!!"), ("!", "!!"), (#"a""#, #"a"b"#),
        // Two names start so: nothing is inserted. A name with a line break is not offered.
        ("ba", "ba"), ("ne", "ne"),
    ]

    override func setUpWithError() throws {
        try super.setUpWithError()
        try makeDatabase("hostile.db", ids: Self.hostileIDs)
    }

    private var hostile: [String: String] { ["MOONSHOT_DB": "hostile.db"] }

    func testBashInsertsNamesAsWrittenAndRunsNone() throws {
        try checkInsertedNames(.bash)
    }

    func testZshInsertsNamesAsWrittenAndRunsNone() throws {
        try checkInsertedNames(.zsh)
    }

    func testFishInsertsNamesAsWrittenAndRunsNone() throws {
        try checkInsertedNames(.fish)
    }

    private func checkInsertedNames(_ shell: InteractiveShell, file: StaticString = #filePath, line: UInt = #line) throws {
        let ran = try typeAndComplete(shell, lines: Self.typed.map { "moonshot flights " + $0.keys }, environment: hostile, file: file, line: line)
        for (typed, arguments) in zip(Self.typed, ran) {
            XCTAssertEqual(arguments, ["moonshot", "flights", typed.name], "typed \(typed.keys)", file: file, line: line)
        }
        XCTAssertFalse(exists("marker"), "a name from the database ran", file: file, line: line)
    }

    /// The typed word, and the names offered for it: the names that start with it as written,
    /// never as a pattern (`s*` is no name's start). (Words in open quotes are typed above.)
    static let offered: [(word: String, names: Set<String>)] = [
        ("", Set(hostileIDs).subtracting(["new\nline"])),
        ("s*", []), ("{x", []),
        ("b", ["back\\slash", "bang!x", "brace{a,b}"]),
        (#"\$"#, ["$(touch marker)", "$HOME"]),
    ]

    func testBashOffersNamesAsWords() throws {
        let script = try completionScript("bash")
        try checkOffered { word in
            // Each candidate is what bash inserts; read back as bash reads the line (in this
            // test only), it must be one word, the name.
            let result = try run(
                URL(fileURLWithPath: "/bin/bash"),
                [
                    "-c",
                    """
                    source \(script); COMP_WORDS=(moonshot flights \(shellQuoted(word))); COMP_CWORD=2; _moonshot
                    for candidate in "${COMPREPLY[@]}"; do eval "set -- $candidate"; printf '%s\\t%s\\n' "$#" "$1"; done
                    """,
                ], environment: hostile.merging(["PATH": pathWithMoonshot]) { $1 })
            XCTAssertEqual(result.status, 0, result.stderr)
            let candidates = result.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            XCTAssertEqual(candidates.filter { $0[0] != "1" }, [], "each candidate is one word")
            XCTAssertEqual(Set(candidates.map { String($0[1]) }).subtracting(Self.hostileIDs), [], "only names are offered")
            return candidates.map { String($0[1]) }
        }
    }

    func testZshOffersNamesAsWords() throws {
        let zsh = try tool("zsh", install: "apt-get install zsh")
        let script = try completionScript("zsh")
        try checkOffered { try zshMatches(zsh, script: script, line: "moonshot flights " + $0, environment: hostile) }
    }

    func testFishOffersNamesAsWords() throws {
        let fish = try tool("fish", install: "apt-get install fish")
        let script = try completionScript("fish")
        try checkOffered { try fishCompletions(fish, script: script, line: "moonshot flights " + $0, environment: hostile) }
    }

    /// Checks the names `candidates` (for a typed word) offers. (fish offers a word with a
    /// wildcard as it is, so only the names are compared.)
    private func checkOffered(file: StaticString = #filePath, line: UInt = #line, _ candidates: (String) throws -> [String]) throws {
        for (word, names) in Self.offered {
            XCTAssertEqual(Set(try candidates(word)).intersection(Self.hostileIDs), names, "typed \(word)", file: file, line: line)
        }
        XCTAssertFalse(exists("marker"), "a name from the database ran", file: file, line: line)
    }

    // MARK: --db as the shell reads it

    /// Lines naming a database each way, and the one name its database holds. `~` is HOME (a
    /// folder in the test's); `--db=~/h.db` keeps its `~` in every shell, so it is the file
    /// `h.db` in a folder named `~`.
    static let databaseLines: [(line: String, name: String)] = [
        ("moonshot --db 'my db.db' flights ", "spacey"),
        ("moonshot --db my\\ db.db flights ", "spacey"),
        ("moonshot --db='my db.db' flights ", "spacey"),
        ("moonshot --db=my\\ db.db flights ", "spacey"),
        ("moonshot flights --db ~/h.db ", "homey"),
        ("moonshot --db ~/'my db.db' flights ", "homespacey"),
        ("moonshot --db=~/h.db flights ", "tildey"),
        ("moonshot --db '$(touch marker)' flights ", "dollary"),
        // No --db: $MOONSHOT_DB, as it is.
        ("moonshot flights ", "envy"),
    ]

    /// Only bash and zsh can tell a quoted `~` from one that is not.
    static let bashAndZshDatabaseLines: [(line: String, name: String)] = [
        ("moonshot --db \"my db.db\" flights ", "spacey"),
        ("moonshot --db '~/h.db' flights ", "tildey"),
        ("moonshot --db \"\\$(touch marker)\" flights ", "dollary"),
        ("moonshot --db \\$\\(touch\\ marker\\) flights ", "dollary"),
    ]

    func testBashReadsTheDatabaseAsTheShellDoes() throws {
        try checkDatabases(.bash, lines: Self.databaseLines + Self.bashAndZshDatabaseLines)
    }

    func testZshReadsTheDatabaseAsTheShellDoes() throws {
        try checkDatabases(.zsh, lines: Self.databaseLines + Self.bashAndZshDatabaseLines)
    }

    func testFishReadsTheDatabaseAsTheShellDoes() throws {
        try checkDatabases(.fish, lines: Self.databaseLines)
    }

    private func checkDatabases(
        _ shell: InteractiveShell, lines: [(line: String, name: String)],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("~"), withIntermediateDirectories: true)
        try makeDatabase("my db.db", ids: ["spacey"])
        try makeDatabase("home/h.db", ids: ["homey"])
        try makeDatabase("home/my db.db", ids: ["homespacey"])
        try makeDatabase("~/h.db", ids: ["tildey"])
        try makeDatabase("$(touch marker)", ids: ["dollary"])
        try makeDatabase("env db.db", ids: ["envy"])
        let ran = try typeAndComplete(
            shell, lines: lines.map(\.line),
            environment: [
                "HOME": home.path, "MOONSHOT_DB": folder.appendingPathComponent("env db.db").path,
            ], file: file, line: line)
        for (expected, arguments) in zip(lines, ran) {
            // The line as typed ends in a space: Tab completes the name as a new word.
            XCTAssertEqual(arguments.last, expected.name, "\(expected.line)", file: file, line: line)
        }
        XCTAssertFalse(exists("marker"), "a --db word ran", file: file, line: line)
    }

    // MARK: Helpers

    /// A database at `path` (in the test's folder, taken as it is) with astronauts `ids`, all
    /// in one mission.
    private func makeDatabase(_ path: String, ids: [String]) throws {
        let astronauts = Dictionary(uniqueKeysWithValues: ids.map { ($0, ["id": $0, "name": "Someone", "description": "Made up."]) })
        let missions = [["id": 1, "crew": ids.map { ["name": $0, "role": "Commander"] }, "description": "Made up."] as [String: Any]]
        try JSONSerialization.data(withJSONObject: astronauts).write(to: folder.appendingPathComponent("a.json"))
        try JSONSerialization.data(withJSONObject: missions).write(to: folder.appendingPathComponent("m.json"))
        let result = try moonshot("import", "--missions", "m.json", "--astronauts", "a.json", "--db", path)
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
