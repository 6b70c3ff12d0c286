import Foundation
import XCTest

@testable import MoonshotCLI

/// A table cell that is one plain line that fits is returned as it is, exactly what wrapping
/// it a character at a time returns. `MOONSHOT_WRAP_SEED=<seed>` repeats a run.
final class WrapTests: XCTestCase {
    func testAPlainLineThatFitsIsWhatWrappingByCharactersGives() {
        let alphabet = Array("ab Z9  .\t\n\u{1}é")
        let seed = ProcessInfo.processInfo.environment["MOONSHOT_WRAP_SEED"].flatMap { UInt64($0) } ?? 20_261_128
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var plain = 0
        for number in 0..<5000 {
            let text = String((0..<next(12)).map { _ in alphabet[next(alphabet.count)] })
            let limit = 1 + next(10)
            let context = "case \(number) of seed \(seed) (repeat with MOONSHOT_WRAP_SEED=\(seed)): \(text.debugDescription), \(limit)"
            if TerminalText.isPlainLine(text, within: limit) {
                plain += 1
                XCTAssertEqual(TerminalText.wrapByCharacters(text, to: limit), [text], context)
            }
            XCTAssertEqual(TerminalText.wrap(text, to: limit), TerminalText.wrapByCharacters(text, to: limit), context)
        }
        XCTAssertGreaterThan(plain, 200, "too few plain lines to say anything")
    }
}
