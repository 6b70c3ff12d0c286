import Dataset
import Publishing
import Questions
import Store
import XCTest

@testable import MoonshotCLI

/// Help rendered from the declarations: "(default: …)" from an option's default, "values:"
/// from its type, and usage lines from its arguments.
final class HelpTextTests: XCTestCase {
    struct Options: CommandOptions {
        var global = GlobalOptions()
        var count = 7
        var shell = Shell.fish
        var label = ""
    }

    func testADefaultIsShownFromTheDeclaredValue() {
        let count = OptionSpec<Options>.value("count", "n", help: "How many.", \.count, as: PositiveCount.self)
        XCTAssertEqual(count.info.defaultValue, "7")
        let shell = OptionSpec<Options>.value("shell", "shell", help: "Which shell.", \.shell, as: Shell.self)
        XCTAssertEqual(shell.info.defaultValue, "fish")
        let command = Command<Options>(name: "probe", abstract: "Probes.", options: [count, shell], globals: []) { _, _ in .success }
        let help = HelpFormatter(toolName: "moonshot", overview: "", commands: [command.erased]).help(for: "probe")
        XCTAssertTrue(help.contains("  --count <n>             How many (default: 7).\n"), help)
        XCTAssertTrue(help.contains("  --shell <shell>         Which shell (default: fish; values: bash, zsh, fish).\n"), help)
    }

    func testAnOptionWithoutADefaultShowsNone() {
        let label = OptionSpec<Options>.value("label", "text", help: "A label.") { $0.label = $1 }
        XCTAssertNil(label.info.defaultValue)
        XCTAssertEqual(HelpFormatter.annotated(label.info.help, default: label.info.defaultValue, choices: label.info.choices), "A label.")
    }

    func testTheCommandsHelpShowsTheirDefaults() {
        let help = Moonshot.help
        XCTAssertTrue(help.help(for: "search").contains("Show at most this many results (default: 20)."), help.help(for: "search"))
        XCTAssertTrue(help.help(for: "sql").contains("Stop the query after this many seconds (default: 10)."), help.help(for: "sql"))
        XCTAssertTrue(help.help(for: "import").contains("the database (default: 60).\n"), help.help(for: "import"))
        XCTAssertTrue(help.help(for: "check").contains("locks (default: 60).\n"), help.help(for: "check"))
        let root = help.rootHelp()
        XCTAssertTrue(root.contains("How to print the answer (default: table; values:\n                          table, json, csv)."), root)
        XCTAssertTrue(root.contains("The database file (default: $MOONSHOT_DB, or\n                          moonshot.db in the current folder)."), root)
    }

    func testSearchsHelpSaysHowWordsMatchAsItsCannedQueryDoes() {
        let help = Moonshot.help.help(for: "search")
        XCTAssertTrue(
            help.contains(
                """
                Finds missions and astronauts whose name or description contains every word given,
                ignoring case and accents; other forms of a word match too (rovers finds rover), and the
                last word also matches the start of a word (lov finds Lovell), unless it ends in a digit
                (apollo 1, o2 and 1969 match whole). The text is taken as plain words: quotes and words

                """), help)
        let discussion = help.components(separatedBy: "\n\nUSAGE:")[0].split(separator: "\n").dropFirst()
        XCTAssertTrue(discussion.allSatisfy { $0.count <= 88 }, help)
        XCTAssertTrue(
            CannedQuery.search.description.hasPrefix(
                "Missions and astronauts whose name or description contains every word given, ignoring case and accents; "
                    + "other forms of a word match too (rovers finds rover), and the last word also matches the start of a word "
                    + "(lov finds Lovell), unless it ends in a digit (apollo 1, o2 and 1969 match whole), best matches first."),
            CannedQuery.search.description)
    }

    /// `metadata --help` (and so the manual) names the command of every canned query.
    func testTheMetadataHelpNamesEveryCannedQuerysCommand() {
        let help = Moonshot.help.help(for: "metadata")
        for query in CannedQuery.all {
            XCTAssertTrue(help.contains(" \(query.command),") || help.contains(" \(query.command)\n"), "\(query.command): \(help)")
        }
    }

    func testHelpIsListedAndExplainedAsAnyCommand() {
        let root = Moonshot.help.rootHelp()
        XCTAssertTrue(root.contains("\n  help                    Show help for moonshot or one of its subcommands.\n"), root)
        XCTAssertFalse(root.contains("__complete"))
        XCTAssertEqual(
            Moonshot.help.help(for: "help"),
            """
            OVERVIEW: Show help for moonshot or one of its subcommands.

            USAGE: moonshot help [<subcommand>]

            ARGUMENTS:
              <subcommand>            The subcommand to explain; without it, moonshot as a
                                      whole.

            OPTIONS:
              -h, --help              Show help information.

            """)
    }

    func testUsageLines() {
        XCTAssertEqual(
            Moonshot.help.usage(for: ImportCommand.command.erased),
            "moonshot import [--missions <path>] [--astronauts <path>] [--check] [--force] [--wait <seconds>] [--db <path>]")
        XCTAssertEqual(
            Moonshot.help.usage(for: AstronautCommands.flights.erased),
            "moonshot flights <astronaut> ... [--db <path>] [--format <format>] [--show-sql]")
    }
}
