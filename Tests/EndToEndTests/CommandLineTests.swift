import Foundation
import XCTest

/// The command line: typed options, help, usage errors with suggestions, names typed without
/// quotes, guesses from the full-text index, and the import's pair of files.
final class CommandLineTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        let result = try moonshot("import")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    // MARK: Options

    func testGlobalOptionsBeforeOrAfterTheCommand() throws {
        let before = try moonshot("--format", "json", "--db", "moonshot.db", "commander", "11")
        XCTAssertEqual(before.status, 0, before.stderr)
        let after = try moonshot("commander", "11", "--db=moonshot.db", "--format=json")
        XCTAssertEqual(after.stdout, before.stdout)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(before.stdout.utf8)))
        let schema = try moonshot("--db", "other.db", "schema")
        XCTAssertEqual(schema.status, 0, "every command takes --db: \(schema.stderr)")
    }

    func testUsageErrors() throws {
        for arguments in [
            ["crew"], ["flights"], ["missions", "--format", "xml"], ["missions", "extra"], ["search", "x", "--limit", "0"],
            ["completions"], ["completions", "ksh"],
        ] {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: "), result.stderr)
            XCTAssertTrue(result.stderr.contains("\nUsage: moonshot "), result.stderr)
            XCTAssertEqual(result.stdout, "")
        }
    }

    func testMalformedOptionsSuggestTheRightOne() throws {
        let cases: [([String], String)] = [
            (["---help"], "Error: Unknown option '---help'; did you mean '--help'?\n"),
            (["crew", "-db", "x.db", "11"], "Error: Unknown option '-db'; did you mean '--db'?\n"),
            (["missions", "--formt", "json"], "Error: Unknown option '--formt'; did you mean '--format'?\n"),
            (["search", "moon", "--limt", "3"], "Error: Unknown option '--limt'; did you mean '--limit'?\n"),
            (["--bd", "x.db", "missions"], "Error: Unknown option '--bd'; did you mean '--db'?\n"),
            (["version"], "Error: Unknown subcommand 'version'; did you mean '--version'?\n"),
            (["mission", "-1"], "Error: Unknown option '-1'. If it is an argument, put '--' before it, which ends the options: moonshot mission -- -1\n"),
            (["missions", "--db="], "Error: The value '' is invalid for '--db <path>'; expected a file path\n"),
            (["import", "--check=yes"], "Error: The flag '--check' does not take a value\n"),
            (["--format"], "Error: Missing value for '--format <format>'\n"),
            (["--format", "yaml"], "Error: The value 'yaml' is invalid for '--format <format>'; expected one of: table, json, csv\n"),
            (["--version", "missions"], "Error: '--version' takes no subcommand: moonshot --version\n"),
        ]
        for (arguments, expected) in cases {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix(expected), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
        }
    }

    func testDoubleDashEndsTheOptions() throws {
        let mission = try moonshot("mission", "--", "-1")
        XCTAssertEqual(mission.status, 1, "read as a mission: \(mission.stderr)")
        XCTAssertTrue(mission.stderr.hasPrefix("Error: no mission matches \"-1\""), mission.stderr)
        let search = try moonshot("search", "--format", "json", "--", "--help", "--limit")
        XCTAssertEqual(search.status, 0, search.stderr)
        XCTAssertEqual(search.stdout, "[]\n", "words to search for, not help")
    }

    func testOptionsThatDoNotApplyAreRefused() throws {
        for arguments in [["import", "--format", "json"], ["shell", "--format", "csv"], ["import", "--show-sql"], ["sql", "SELECT 1", "--show-sql"]] {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("does not apply to"), result.stderr)
        }
        XCTAssertEqual(try moonshot("--show-sql", "commander", "11").status, 0, "--show-sql is global for questions")
    }

    func testBadOptionValues() throws {
        for arguments in [
            ["sql", "SELECT 1", "--timeout", "0"], ["sql", "SELECT 1", "--timeout", "abc"],
            ["sql", "SELECT 1", "--timeout", "1e7"], ["search", "moon", "--limit", "abc"],
        ] {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: The value "), result.stderr)
        }
    }

    // MARK: Help

    func testEveryCommandHasHelp() throws {
        let root = try moonshot("--help").stdout
        for name in [
            "import", "missions", "mission", "crew", "commander", "astronauts", "astronaut", "flights", "search", "sql", "shell",
            "schema", "metadata", "check", "export", "completions", "help",
        ] {
            XCTAssertTrue(root.contains("\n  \(name) "), "listed: \(name)")
            for arguments in name == "help" ? [["help", "help"], ["help", "--help"]] : [[name, "--help"], ["help", name]] {
                let help = try moonshot(arguments)
                XCTAssertEqual(help.status, 0, "\(arguments)")
                XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: "), "\(arguments)")
                XCTAssertTrue(help.stdout.contains("\nUSAGE: moonshot \(name)"), "\(arguments): \(help.stdout)")
            }
        }
        XCTAssertFalse(root.contains("__complete"), "the scripts' helper is not listed")
    }

    func testHelpTakesGlobalOptionsAnywhere() throws {
        let expected = try moonshot("import", "--help").stdout
        for arguments in [
            ["help", "--db", "x.db", "import"], ["--db", "x.db", "help", "import"], ["help", "import", "--db", "x.db"],
            ["help", "--format", "json", "import"], ["--db=x.db", "import", "--help"],
        ] {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, expected, "\(arguments)")
        }
        XCTAssertEqual(try moonshot("help", "nothing").status, 64)
    }

    // MARK: Names as people type them

    func testNamesWithoutQuotes() throws {
        let cases: [([String], [String])] = [
            (["flights", "Neil", "Armstrong", "--format", "json"], ["\"mission_id\": 11"]),
            (["crew", "Apollo", "13"], ["James A. Lovell Jr.", "Fred W. Haise, Jr."]),
            (["mission", "Apollo", "XI"], ["Mission name: Apollo 11"]),
            (["commander", "apollo", "17"], ["Eugene A. Cernan"]),
            (["astronaut", "neil", "a.", "armstrong"], ["Astronaut id:      armstrong"]),
        ]
        for (arguments, expected) in cases {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", "a name, not a guess: \(arguments)")
            for text in expected { XCTAssertTrue(result.stdout.contains(text), "\(arguments): \(result.stdout)") }
        }
    }

    func testNicknamesAndDescriptionsAreGuessesNamedOnStderr() throws {
        let cases: [([String], String, String)] = [
            (["astronaut", "Buzz"], "Buzz: taking Edwin E. Aldrin Jr. (aldrin)\n", "aldrin"),
            (["flights", "Jim", "Lovell"], "Jim Lovell: taking James A. Lovell Jr. (lovell)\n", "lovell"),
            (["astronaut", "Pete", "Conrad"], "Pete Conrad: taking Charles Conrad, Jr. (conrad)\n", "conrad"),
            (["crew", "oxygen", "tank"], "oxygen tank: taking Apollo 13\n", "lovell"),
            // Digits or numerals joined across words are a guess too.
            (["crew", "1", "2"], "1 2: taking Apollo 12\n", "conrad"),
            (["mission", "apollo", "1", "7"], "apollo 1 7: taking Apollo 17\n", "Apollo 17"),
            (["mission", "Apollo", "X", "I"], "Apollo X I: taking Apollo 11\n", "Apollo 11"),
        ]
        for (arguments, note, expected) in cases {
            for format in ["table", "json", "csv"] {
                let result = try moonshot(arguments + ["--format", format])
                XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
                XCTAssertEqual(result.stderr, note, "\(arguments)")
                XCTAssertTrue(result.stdout.contains(expected), "\(arguments) \(format): \(result.stdout)")
                if format == "json" { XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)), "clean JSON") }
            }
        }
    }

    func testSeveralCandidatesAreListedAndNothingIsPrinted() throws {
        let astronauts = try moonshot("astronaut", "James")
        XCTAssertEqual(astronauts.status, 1)
        XCTAssertEqual(astronauts.stdout, "")
        XCTAssertTrue(
            astronauts.stderr.hasPrefix(
                """
                Error: "James" could be any of 3 astronauts:
                  lovell    James A. Lovell Jr.
                  mcdivitt  James A. McDivitt
                  irwin     James B. Irwin
                Give the id, or more of the name.
                """), astronauts.stderr)
        let missions = try moonshot("crew", "lunar", "module", "--format", "json")
        XCTAssertEqual(missions.status, 1)
        XCTAssertEqual(missions.stdout, "")
        for name in ["Apollo 11", "Apollo 13"] { XCTAssertTrue(missions.stderr.contains("\n  \(name) "), missions.stderr) }
        XCTAssertTrue(missions.stderr.contains("Give the mission's number"), missions.stderr)
    }

    // MARK: import

    func testImportTakesBothFilesOrNeither() throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent("moonshot.db"))
        for arguments in [
            ["import", "--astronauts", Self.apolloAstronauts], ["import", "--missions", "m.json"],
            ["import", "--check", "--missions", "m.json"],
        ] {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("the two files are one dataset. Give both, or neither"), result.stderr)
            XCTAssertTrue(result.stderr.contains("\nUsage: moonshot import "), result.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing was created")
    }
}
