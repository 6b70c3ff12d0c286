import Dataset
import Publishing
import Questions
import Store
import XCTest

@testable import MoonshotCLI

/// The manual's date says when its words last changed: a change of the page's words without a
/// new date fails here.
final class ManualDateTests: XCTestCase {
    /// The date of the page (`ManualWords.date`) and a SHA-256 of the page without its `.Dd`
    /// line, as they were when the date was last set.
    static let dated = (date: "December 6, 2026", digest: "4fb353616dd3b99b5d1c8f32729a500a546f79ce9d7bf748aa4b6f1b22c0caf9")

    func testTheManualsDateChangesWithItsWords() {
        let page = ManualPage(toolName: "moonshot", overview: Moonshot.overview, commands: Moonshot.commands.filter { !$0.isHidden }).text
        let words = page.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(".Dd ") }.joined(separator: "\n")
        let digest = SHA256.hexDigest(of: words)
        XCTAssertEqual(
            [ManualWords.date, digest], [Self.dated.date, Self.dated.digest],
            "The manual's words changed: set ManualWords.date to today, and ManualDateTests.dated to that date and \(digest)")
    }
}
