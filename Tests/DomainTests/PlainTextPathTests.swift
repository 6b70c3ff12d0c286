import Foundation
import TestSupport
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import Store

/// The byte-by-byte readings of plain ASCII text, which spare a question Unicode's tables, say
/// what the Unicode readings say. `MOONSHOT_TEXT_SEED=<seed>` repeats a run.
final class PlainTextPathTests: XCTestCase {
    private let alphabet = Array("aZ09 m\t\r\n\u{0B}\u{0C}'s’.-é\u{A0}")

    private func randomTexts(_ body: (String, String) -> Void) {
        let seed = ProcessInfo.processInfo.environment["MOONSHOT_TEXT_SEED"].flatMap { UInt64($0) } ?? 20_261_128
        var random = SeededRandom(seed: seed)
        for number in 0..<3000 {
            let text = String((0..<Int.random(in: 0...9, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            body(text, "case \(number) of seed \(seed) (repeat with MOONSHOT_TEXT_SEED=\(seed)): \(text.debugDescription)")
        }
    }

    func testPlainSearchWordsAreTheUnicodeOnes() {
        var plain = 0
        randomTexts { text, context in
            guard let fast = SearchWords.plainWords(text) else { return }
            plain += 1
            let slow = SearchWords.words(text)
            XCTAssertEqual(fast.words, slow.words, context)
            XCTAssertEqual(fast.lastIsPrefix, slow.lastIsPrefix, context)
        }
        XCTAssertGreaterThan(plain, 300, "too few plain texts to say anything")
        XCTAssertNil(SearchWords.plainWords("Jim's"), "an apostrophe is not plain")
        XCTAssertNil(SearchWords.plainWords("a\u{0B}b"), "nor a vertical tab")
    }

    func testWhitespaceIsCollapsedAndRemovedAsUnicodeDoes() {
        randomTexts { text, context in
            XCTAssertEqual(text.collapsingWhitespace(), text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " "), context)
            XCTAssertEqual(text.lowercasedWithoutWhitespace(), text.lowercased().filter { !$0.isWhitespace }, context)
        }
    }
}
