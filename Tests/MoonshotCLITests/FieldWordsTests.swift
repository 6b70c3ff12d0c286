import Foundation
import Questions
import XCTest

@testable import MoonshotCLI

/// The answers' fields, as the README documents them.
final class FieldWordsTests: XCTestCase {
    func testTheREADMEListsEveryFieldWithItsMeaning() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = Field.allCases.map { "| `\($0.rawValue)` | \($0.meaning) |" }
        XCTAssertTrue(
            readme.contains("| field | meaning |\n| --- | --- |\n" + rows.joined(separator: "\n") + "\n"),
            "README's Output fields table, to paste:\n" + rows.joined(separator: "\n"))
    }

    func testHeadingsAndLabelsAreTheSameWords() {
        XCTAssertEqual(Field.launchDate.heading, "LAUNCH DATE")
        XCTAssertEqual(Field.launchDate.label, "Launch date")
        XCTAssertEqual(Field.badge.label, "Badge")
    }

}
