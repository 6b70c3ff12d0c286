import Foundation
import XCTest

@testable import MoonshotCLI

/// `moonshot manual`: the page checked by mandoc's linter and read back as mandoc and man
/// render it, against the commands as declared and as `--help` describes them.
final class ManualTests: BinaryTestCase {
    /// The commands the manual must describe: those help lists.
    let commands = Moonshot.commands.filter { !$0.isHidden }

    func testMandocFindsNothingToSayAboutThePage() throws {
        let page = try manual()
        let findings = try lint(page)
        XCTAssertEqual(findings, [])
    }

    func testManShowsThePageWithEveryCommand() throws {
        let man = try tool("man", install: "apt-get install man-db")
        let page = try manual()
        let shown = try run(man, ["-l", page.path], environment: ["MANPAGER": "cat", "MANWIDTH": "80"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        // groff's warnings (a line it cannot break, say) come on stderr.
        XCTAssertEqual(shown.stderr, "")
        let text = plain(shown.stdout)
        XCTAssertTrue(text.hasPrefix("MOONSHOT(1)"), text)
        for command in commands {
            XCTAssertTrue(text.contains("\n     moonshot \(command.name) "), "man shows no section for \(command.name)")
        }
    }

    /// Each command's section, as mandoc renders it, has the usage, abstract, arguments and
    /// options that `moonshot <command> --help` shows.
    func testEveryCommandIsDescribedAsItsHelpDescribesIt() throws {
        let page = try render(try manual())
        let rendered = collapsed(page)
        for command in commands {
            let section = try XCTUnwrap(self.section(of: command.name, in: page), "no section for \(command.name)")
            let help = try moonshot(command.name, "--help")
            XCTAssertEqual(help.status, 0, help.stderr)
            let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let abstract = try XCTUnwrap(lines.first { $0.hasPrefix("OVERVIEW: ") }).dropFirst("OVERVIEW: ".count)
            XCTAssertTrue(section.contains(collapsed(String(abstract))), "\(command.name): \(abstract)\nnot in:\n\(section)")
            // The usage line, with `<path>` shown as the manual shows a placeholder.
            let usage = try XCTUnwrap(lines.first { $0.hasPrefix("USAGE: ") }).dropFirst("USAGE: ".count)
            XCTAssertTrue(section.hasPrefix(collapsed(usage.filter { $0 != "<" && $0 != ">" })), "\(command.name): \(usage)\nnot at the start of:\n\(section)")
            for option in command.options {
                XCTAssertTrue(section.contains("--\(option.name)"), "\(command.name) --\(option.name)")
                if !OptionWord.rootOptions.contains(where: { $0.name == option.name }) {
                    XCTAssertTrue(section.contains(collapsed(HelpFormatter.optionHelp(option))), "\(command.name) --\(option.name): \(option.help)")
                }
            }
            for argument in command.arguments {
                XCTAssertTrue(section.contains(collapsed(HelpFormatter.argumentHelp(argument))), "\(command.name) <\(argument.name)>")
            }
        }
        for option in OptionWord.rootOptions {
            XCTAssertTrue(rendered.contains(collapsed(HelpFormatter.optionHelp(option))), "--\(option.name)")
        }
    }

    /// Text that roff would obey (requests, escapes, macros, quotes) comes out as written.
    func testTextThatRoffWouldObeyIsShownAsWritten() throws {
        let hostile = [
            ".Sh INJECTED", "'br", "a\\fBbold\\fR \\\\ back", "\"quoted words\"", "No Ar Fl", ".", "(",
            "fsdir()", "Café, naïve, 🚀.", "tab\there",
        ]
        let help = hostile.joined(separator: " ")
        let command = Command<NoOptions>(
            name: "probe", abstract: help, discussion: hostile.joined(separator: "\n") + "\n  " + help,
            options: [.flag("odd", help: help) { _ in }], globals: []
        ) { _, _ in .success }
        let text = ManualPage(toolName: "moonshot", overview: help, commands: [command.erased]).text
        XCTAssertTrue(text.unicodeScalars.allSatisfy { $0 == "\n" || (" "..."~").contains($0) }, "the page is plain ASCII")
        let page = folder.appendingPathComponent("probe.1")
        try Data(text.utf8).write(to: page)
        let findings = try lint(page)
        XCTAssertEqual(findings, [])
        let shown = try render(page)
        XCTAssertFalse(shown.contains("\nINJECTED\n"), "no section was made")
        let rendered = collapsed(shown)
        let expected = collapsed(help.replacingOccurrences(of: "\t", with: " "))
        XCTAssertEqual(
            rendered.components(separatedBy: expected).count - 1, 6,
            "name, description, abstract, discussion (as prose and as a display) and option help:\n\(shown)")
    }

    func testTheManualTakesNoArguments() throws {
        let extra = try moonshot("manual", "extra")
        XCTAssertEqual(extra.status, 64)
        XCTAssertTrue(extra.stderr.hasPrefix("Error: Unexpected argument 'extra'\n"), extra.stderr)
        XCTAssertEqual(extra.stdout, "")
        let help = try moonshot("manual", "--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: Print moonshot's manual page"), help.stdout)
    }

    /// The examples run commands that exist.
    func testTheExamplesNameCommandsThatExist() {
        for example in ManualWords.examples {
            for line in example.command.split(separator: "\n") {
                let words = line.split(separator: " ")
                XCTAssertEqual(words.first, "moonshot", String(line))
                XCTAssertNotNil(Moonshot.parser.command(named: String(words[1])), String(line))
            }
        }
    }

    /// `moonshot manual`'s output, written to a file in the test's folder.
    private func manual() throws -> URL {
        let result = try moonshot("manual")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let page = folder.appendingPathComponent("moonshot.1")
        try Data(result.stdout.utf8).write(to: page)
        return page
    }

    /// What `mandoc -T lint` says of `page`, every level (style included), but for the pages it
    /// refers to that this machine lacks (sqlite3(1)), which are no fault of the page.
    private func lint(_ page: URL) throws -> [String] {
        let mandoc = try tool("mandoc", install: "apt-get install mandoc")
        let result = try run(mandoc, ["-T", "lint", page.path])
        return (result.stdout + result.stderr).split(separator: "\n").map(String.init).filter {
            !$0.contains("referenced manual not found") && !$0.contains("mandoc.db")
        }
    }

    /// `page` as `mandoc -T utf8` renders it, without bold and underline.
    private func render(_ page: URL) throws -> String {
        let mandoc = try tool("mandoc", install: "apt-get install mandoc")
        let result = try run(mandoc, ["-T", "utf8", "-O", "width=80", page.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        return plain(result.stdout)
    }

    /// Rendered text without the overstrikes (`x\bx`, `_\bx`) that make bold and underline.
    private func plain(_ text: String) -> String {
        var result: [Character] = []
        for character in text {
            if character == "\u{8}" {
                result.removeLast()
                continue
            }
            result.append(character)
        }
        return String(result)
    }

    /// `text` with each run of whitespace as one space.
    private func collapsed<Text: StringProtocol>(_ text: Text) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func collapsed<Text: StringProtocol>(_ lines: [Text]) -> String {
        collapsed(lines.joined(separator: " "))
    }

    /// The rendered section of the command `name`, its whitespace collapsed: from its usage
    /// line (indented as a list's head) to the next line indented as little.
    private func section(of name: String, in rendered: String) -> String? {
        guard let start = rendered.range(of: "\nCOMMANDS")?.upperBound,
            let head = rendered.range(of: "\n     moonshot \(name) ", range: start..<rendered.endIndex)
        else { return nil }
        let lines = rendered[head.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let body = lines.dropFirst().prefix { $0.isEmpty || $0.prefix { $0 == " " }.count > 5 }
        return collapsed(["moonshot \(name) " + lines[0]] + body.map(String.init))
    }
}
