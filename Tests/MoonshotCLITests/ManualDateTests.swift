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
    static let dated = (date: "December 7, 2026", digest: "9310794a043ff894f9265780966327a3633fa9a20d86d4a9b1231e597ba90c1e")

    func testTheManualsDateChangesWithItsWords() {
        let page = ManualPage(toolName: "moonshot", overview: Moonshot.overview, commands: Moonshot.commands.filter { !$0.isHidden }).text
        let words = page.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(".Dd ") }.joined(separator: "\n")
        let digest = SHA256.hexDigest(of: words)
        XCTAssertEqual(
            [ManualWords.date, digest], [Self.dated.date, Self.dated.digest],
            "The manual's words changed: set ManualWords.date to today, and ManualDateTests.dated to that date and \(digest)")
    }
}
