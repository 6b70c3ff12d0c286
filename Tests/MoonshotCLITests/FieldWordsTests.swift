import Foundation
import Questions
import XCTest

@testable import MoonshotCLI

/// The answers' fields, as docs/commands.md documents them.
final class FieldWordsTests: XCTestCase {
    func testTheCommandsPageListsEveryFieldWithItsMeaning() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        let rows = Field.allCases.map { "| `\($0.rawValue)` | \($0.meaning) |" }
        XCTAssertTrue(
            page.contains("| field | meaning |\n| --- | --- |\n" + rows.joined(separator: "\n") + "\n"),
            "docs/commands.md's Output fields table, to paste:\n" + rows.joined(separator: "\n"))
    }

    /// The manual's OUTPUT FIELDS lists every field with the same meaning, in the same order.
    func testTheManualListsEveryFieldWithItsMeaning() {
        let page = ManualPage(toolName: "moonshot", overview: Moonshot.overview, commands: Moonshot.commands).text
        let section = page.components(separatedBy: "\n.Sh OUTPUT FIELDS\n").dropFirst().first?.components(separatedBy: "\n.Sh ").first ?? ""
        let items = Field.allCases.map { Mdoc.line("It", $0.rawValue) + "\n" + Mdoc.text($0.meaning) }
        XCTAssertTrue(section.contains(items.joined(separator: "\n")), section)
    }

    func testHeadingsAndLabelsAreTheSameWords() {
        XCTAssertEqual(Field.launchDate.heading, "LAUNCH DATE")
        XCTAssertEqual(Field.launchDate.label, "Launch date")
        XCTAssertEqual(Field.badge.label, "Badge")
    }

}
