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
    static let dated = (date: "December 7, 2026", digest: "64118f2df5fd059b480b4726f5db7405a8f3b0e4a793ef66499d94d051ac3d4c")

    func testTheManualsDateChangesWithItsWords() {
        let page = ManualPage(toolName: "moonshot", overview: Moonshot.overview, commands: Moonshot.commands.filter { !$0.isHidden }).text
        let words = page.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(".Dd ") }.joined(separator: "\n")
        let digest = SHA256.hexDigest(of: words)
        XCTAssertEqual(
            [ManualWords.date, digest], [Self.dated.date, Self.dated.digest],
            "The manual's words changed: set ManualWords.date to today, and ManualDateTests.dated to that date and \(digest)")
    }
}
