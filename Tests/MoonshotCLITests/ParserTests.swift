import Dataset
import Publishing
import Questions
import Store
import XCTest

@testable import MoonshotCLI

/// The parser, in process: the words of a command line read into typed options by the real
/// commands' declarations, and the mistakes it refuses (exit status 64) with their messages.
final class ParserTests: XCTestCase {
    // MARK: Values

    func testValuesAreReadIntoTheCommandsOptions() {
        assertParse(SearchCommand.command, ["lunar", "rover", "--limit", "3", "--format=json"]) { options in
            XCTAssertEqual(options.text, "lunar rover", "the last argument takes the remaining words")
            XCTAssertEqual(options.limit, 3)
            XCTAssertEqual(options.global.format, .json)
        }
        assertParse(ImportCommand.command, ["--missions", "m.json", "--astronauts=a.json", "--check", "--db", "x.db"]) { options in
            XCTAssertEqual(options.missions?.path, "m.json")
            XCTAssertEqual(options.astronauts?.path, "a.json")
            XCTAssertTrue(options.check)
            XCTAssertFalse(options.force)
            XCTAssertEqual(options.global.databasePath(environment: [:]), "x.db")
        }
        assertParse(CompletionsCommand.command, ["zsh"]) { XCTAssertEqual($0.shell, .zsh) }
        assertParse(SQLCommand.command, ["SELECT 1", "--timeout", "2.5"]) { options in
            XCTAssertEqual(options.statement, "SELECT 1")
            XCTAssertEqual(options.timeout, try Seconds(argument: "2.5").value)
        }
    }

    func testOptionsNotGivenHaveTheirDeclaredDefaults() {
        assertParse(SearchCommand.command, ["moon"]) { options in
            XCTAssertEqual(options.limit, 20)
            XCTAssertEqual(options.global.format, .table)
            XCTAssertFalse(options.global.showSQL)
        }
        assertParse(SQLCommand.command, ["SELECT 1"]) { XCTAssertEqual($0.timeout, .seconds(10)) }
        assertParse(ImportCommand.command, []) { options in
            XCTAssertEqual(options.wait, .seconds(60))
            XCTAssertNil(options.missions)
        }
        assertParse(MissionCommands.missions, []) { options in
            XCTAssertEqual(options.global.databasePath(environment: [:]), "moonshot.db")
            XCTAssertEqual(options.global.databasePath(environment: ["MOONSHOT_DB": "env.db"]), "env.db")
        }
    }

    func testDoubleDashEndsTheOptions() {
        assertParse(SearchCommand.command, ["--limit", "2", "--", "--help", "-1"]) { options in
            XCTAssertEqual(options.text, "--help -1")
            XCTAssertEqual(options.limit, 2)
        }
        XCTAssertEqual(try parsedRequest(["search", "--", "--help"]), "run search", "words to search for, not help")
    }

    // MARK: Global options

    func testGlobalOptionsBeforeTheCommandReachIt() throws {
        let options = try probedOptions(
            ["--format", "csv", "--db=x.db", "--show-sql", "probe", "Apollo", "11"],
            arguments: MissionCommands.mission.arguments)
        XCTAssertEqual(options.global.format, .csv)
        XCTAssertEqual(options.global.databasePath(environment: [:]), "x.db")
        XCTAssertTrue(options.global.showSQL)
        XCTAssertEqual(options.mission, "Apollo 11")
    }

    func testGlobalOptionsAfterTheCommandAreTheCommandsToRead() throws {
        let after = try probedOptions(["probe", "11", "--format", "json"], arguments: MissionCommands.mission.arguments)
        XCTAssertEqual(after.global.format, .json)
        let both = try probedOptions(["--format", "json", "probe", "--format", "csv", "11"], arguments: MissionCommands.mission.arguments)
        XCTAssertEqual(both.global.format, .csv, "the last one given")
    }

    func testAGlobalOptionACommandDoesNotTakeIsRefusedWhereverItIs() {
        assertCommandLineError(["--format", "json", "import"], "The option '--format' does not apply to 'import'", command: "import")
        assertCommandLineError(["import", "--show-sql"], "The option '--show-sql' does not apply to 'import'", command: "import")
        assertParseError(ImportCommand.command, ["--format", "json"], "The option '--format' does not apply to 'import'")
    }

    // MARK: Mistakes

    func testMistakesInACommandsWords() {
        assertParseError(SearchCommand.command, ["moon", "--limit", "0"], "The value '0' is invalid for '--limit <n>'; expected a whole number above 0")
        assertParseError(SearchCommand.command, ["moon", "--limt", "3"], "Unknown option '--limt'; did you mean '--limit'?")
        assertParseError(SearchCommand.command, ["moon", "--limit"], "Missing value for '--limit <n>'")
        assertParseError(ImportCommand.command, ["--check=yes"], "The flag '--check' does not take a value")
        assertParseError(ImportCommand.command, ["extra"], "Unexpected argument 'extra'")
        assertParseError(MissionCommands.crew, [], "Missing expected argument '<mission> ...'")
        assertParseError(
            MissionCommands.mission, ["-1"],
            "Unknown option '-1'. If it is an argument, put '--' before it, which ends the options: moonshot mission -- -1")
        // An argument that can only be a fixed word or a command's name never starts with '-'.
        assertParseError(CompletionsCommand.command, ["--bogus"], "Unknown option '--bogus'")
        assertParseError(HelpCommand.command, ["--bogus"], "Unknown option '--bogus'")
        assertParseError(CompletionsCommand.command, ["ksh"], "The value 'ksh' is invalid for '<shell>'; expected one of: bash, zsh, fish")
        assertParseError(MissionCommands.missions, ["--db="], "The value '' is invalid for '--db <path>'; expected a file path")
    }

    func testYearsOrderAndTheOtherAstronaut() throws {
        assertParse(MissionCommands.missions, ["--year", "1969", "--crew"]) { options in
            XCTAssertEqual(try options.years().from, 1969)
            XCTAssertEqual(try options.years().to, 1969)
            XCTAssertTrue(options.crew)
            XCTAssertFalse(options.undated)
        }
        assertParse(MissionCommands.missions, ["--from=1969", "--undated"]) { options in
            XCTAssertEqual(try options.years().from, 1969)
            XCTAssertNil(try options.years().to, "either end may be left out")
            XCTAssertTrue(options.undated)
        }
        assertParse(MissionCommands.missions, []) { options in
            XCTAssertNil(try options.years().from)
            XCTAssertFalse(options.crew)
        }
        for (words, message) in [
            (["--from", "1970", "--to", "1969"], "--from 1970 is after --to 1969; give the earlier year to --from"),
            (["--year", "1969", "--from", "1969"], "Give --year, or --from and --to, not both"),
        ] {
            let options = try MissionCommands.missions.parse(words)
            XCTAssertThrowsError(try options.years(), "\(words)") { error in
                XCTAssertEqual((error as? UsageError)?.message, message)
                XCTAssertEqual((error as? UsageError)?.command, "missions")
            }
        }
        for year in ["69x", "", "1969.0", "-1", "10000", "١٩٦٩", "+1969", " 1969", "1969 ", "01969", "0x7B1"] {
            assertParseError(
                MissionCommands.missions, ["--year", year],
                "The value '\(year)' is invalid for '--year <year>'; expected a year from 0 to 9999 in digits, such as 1969")
        }
        for (year, value) in [("0", 0), ("0000", 0), ("969", 969), ("9999", 9999)] {
            assertParse(MissionCommands.missions, ["--year", year]) { XCTAssertEqual(try $0.years().from, value, year) }
        }
        let undated = try MissionCommands.missions.parse(["--undated", "--crew"])
        XCTAssertThrowsError(try undated.years()) { error in
            XCTAssertEqual(
                (error as? UsageError)?.message,
                "--undated goes with --year, or --from and --to: without them every mission is listed, those without a launch date too")
        }
        assertParse(AstronautCommands.astronauts, []) { XCTAssertEqual($0.sort, .name) }
        assertParse(AstronautCommands.astronauts, ["--sort", "first-flight"]) { XCTAssertEqual($0.sort, .firstFlight) }
        assertParseError(
            AstronautCommands.astronauts, ["--sort", "Flights"],
            "The value 'Flights' is invalid for '--sort <order>'; expected one of: name, flights, first-flight")
        assertParse(AstronautCommands.crewmates, ["Neil", "Armstrong", "--with", "Buzz Aldrin", "--format", "csv"]) { options in
            XCTAssertEqual(options.astronaut, "Neil Armstrong")
            XCTAssertEqual(options.crewmate, "Buzz Aldrin")
            XCTAssertEqual(options.global.format, .csv)
        }
        assertParse(AstronautCommands.crewmates, ["lovell"]) { XCTAssertNil($0.crewmate) }
        assertParseError(AstronautCommands.crewmates, ["--with", "aldrin"], "Missing expected argument '<astronaut> ...'")
        assertParseError(
            AstronautCommands.flights, ["lovell", "--with", "haise"],
            "Unknown option '--with'. If it is an argument, put '--' before it, which ends the options: moonshot flights -- --with")
    }

    func testMistakesBeforeTheCommand() {
        assertCommandLineError(["imprt"], "Unknown subcommand 'imprt'; did you mean 'import'?", command: nil)
        assertCommandLineError(["hepl"], "Unknown subcommand 'hepl'; did you mean 'help'?", command: nil)
        assertCommandLineError(["version"], "Unknown subcommand 'version'; did you mean '--version'?", command: nil)
        assertCommandLineError(["--bd", "x.db", "missions"], "Unknown option '--bd'; did you mean '--db'?", command: nil)
        assertCommandLineError(["--format"], "Missing value for '--format <format>'", command: nil)
        assertCommandLineError(
            ["--format", "yaml", "missions"], "The value 'yaml' is invalid for '--format <format>'; expected one of: table, json, csv",
            command: nil)
        assertCommandLineError(["--show-sql=yes", "missions"], "The flag '--show-sql' does not take a value", command: nil)
        assertCommandLineError(["--version", "missions"], "'--version' takes no subcommand: moonshot --version", command: "missions")
    }

    // MARK: Help and version

    func testWhatTheCommandLineAsksFor() throws {
        XCTAssertEqual(try parsedRequest([]), "help")
        XCTAssertEqual(try parsedRequest(["--help"]), "help")
        XCTAssertEqual(try parsedRequest(["--version"]), "version")
        XCTAssertEqual(try parsedRequest(["crew", "11"]), "run crew")
        XCTAssertEqual(try parsedRequest(["import", "--help"]), "help import")
        XCTAssertEqual(try parsedRequest(["--db", "x.db", "import", "-h"]), "help import")
        XCTAssertEqual(try parsedRequest(["import", "--missions", "--help"]), "help import", "help wins over a missing value")
        XCTAssertEqual(try parsedRequest(["--db", "--help", "missions"]), "run missions", "--help as --db's value")
    }

    func testHelpIsAnOrdinaryCommand() throws {
        XCTAssertTrue(Moonshot.commands.contains { $0.name == "help" && !$0.isHidden })
        XCTAssertEqual(try parsedRequest(["help"]), "run help")
        XCTAssertEqual(try parsedRequest(["help", "import"]), "run help")
        XCTAssertEqual(try parsedRequest(["help", "--help"]), "help help")
        assertParse(HelpCommand.command, ["--db", "x.db", "import", "--format", "json"]) { options in
            XCTAssertEqual(options.subcommand, "import", "global options are taken, and mean nothing to help")
        }
        assertParse(HelpCommand.command, []) { XCTAssertNil($0.subcommand) }
        assertParseError(HelpCommand.command, ["import", "extra"], "Unexpected argument 'extra'")
    }

    func testHelpForAnUnknownCommandIsAUsageError() throws {
        guard case .run(_, let run) = try Moonshot.parser.parse(["help", "imprt"]) else { return XCTFail("help runs") }
        XCTAssertThrowsError(try run([:])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "Unknown subcommand 'imprt'; did you mean 'import'?")
        }
    }

    /// A run declares only the command it names, found by the name it is listed under.
    func testEachCommandIsListedUnderItsOwnName() {
        XCTAssertEqual(Moonshot.entries.map(\.name), Moonshot.commands.map(\.name))
        XCTAssertEqual(Set(Moonshot.entries.map(\.name)).count, Moonshot.entries.count)
        for entry in Moonshot.entries { XCTAssertEqual(Moonshot.parser.command(named: entry.name)?.name, entry.name) }
    }
}
