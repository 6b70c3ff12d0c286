import XCTest

@testable import MoonshotCLI

/// The one place that escapes text for the manual page: nothing in it is obeyed by roff.
final class MdocTests: XCTestCase {
    func testEscapesAndCharactersRoffWouldObey() {
        XCTAssertEqual(Mdoc.escaped(#"a\fBb"#), #"a\efBb"#)
        XCTAssertEqual(Mdoc.escaped(#"say "hi""#), #"say \(dqhi\(dq"#)
        XCTAssertEqual(Mdoc.escaped("café 🚀"), #"caf\[u00E9] \[u1F680]"#)
        XCTAssertEqual(Mdoc.escaped("a\u{1B}[31mb\u{7F}c\u{85}d"), "a [31mb c d")
        XCTAssertEqual(Mdoc.escaped("fsdir() and f ()"), #"fsdir\&() and f ()"#)
    }

    func testALineThatWouldBeARequestIsGuarded() {
        XCTAssertEqual(Mdoc.text(".Sh NAME"), #"\&.Sh NAME"#)
        XCTAssertEqual(Mdoc.text("'br"), #"\&'br"#)
        XCTAssertEqual(Mdoc.literal("  .TH x\n'so /etc/passwd"), "  .TH x\n" + #"\&'so /etc/passwd"#)
        XCTAssertEqual(Mdoc.literal(".TH x  "), #"\&.TH x"#)
        // Also where a line is broken: after a sentence, or before 80 bytes.
        XCTAssertEqual(Mdoc.text("One. .Two"), "One. .Two")
        XCTAssertEqual(Mdoc.text("Done. 'Quoted."), "Done.\n" + #"\&'Quoted."#)
        let long = String(repeating: "word ", count: 16) + ".Sh X"
        XCTAssertEqual(Mdoc.text(long), String(repeating: "word ", count: 16).dropLast() + "\n" + #"\&.Sh X"#)
    }

    func testRunningTextHasASentenceALineAndNoLongLines() {
        XCTAssertEqual(Mdoc.text("  First one.  Second\n one (really). third?  Fourth!\tFifth "), "First one.\nSecond one (really). third?\nFourth!\nFifth")
        let text = Mdoc.text(String(repeating: "abcdefghi ", count: 30))
        XCTAssertTrue(text.split(separator: "\n").allSatisfy { $0.utf8.count < 80 }, text)
        XCTAssertEqual(text.split(separator: "\n").joined(separator: " "), String(String(repeating: "abcdefghi ", count: 30).dropLast()))
        XCTAssertEqual(Mdoc.text(""), "")
    }

    func testAMacroArgumentIsNeverReadAsAMacroOrDelimiter() {
        XCTAssertEqual(Mdoc.argument("No"), #"\&No"#)
        XCTAssertEqual(Mdoc.argument("Brq"), #"\&Brq"#)
        XCTAssertEqual(Mdoc.argument("%A"), #"\&%A"#)
        XCTAssertEqual(Mdoc.argument("."), #"\&."#)
        XCTAssertEqual(Mdoc.argument("|"), #"\&|"#)
        XCTAssertEqual(Mdoc.argument("-db"), "-db")
        XCTAssertEqual(Mdoc.argument("path"), "path")
        XCTAssertEqual(Mdoc.argument("two words"), #""two words""#)
        XCTAssertEqual(Mdoc.argument(#"a "b""#), #""a \(dqb\(dq""#)
        XCTAssertEqual(Mdoc.argument(""), #""""#)
        XCTAssertEqual(Mdoc.line("It Fl", "-db", "No"), #".It Fl -db \&No"#)
    }
}
