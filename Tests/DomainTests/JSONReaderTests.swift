import Foundation
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import Store

/// Tests of the strict JSON pull reader (`JSONReader`) and of `TextCursor`.
///
/// Every test class here has "JSONReaderTests" in its name so that
/// `swift test --filter JSONReaderTests` runs all of them.
final class JSONReaderTests: XCTestCase {

    // MARK: - Helpers

    /// Runs `body` twice: with a reader over all of `bytes` at once, and with one whose source
    /// hands them out one byte at a time, so that every token crosses the end of a window. Both
    /// runs must end alike (the same syntax error, or none); the first one's result is returned.
    private static func withReader<T>(_ bytes: [UInt8], _ body: (inout JSONReader) throws -> T) throws -> T {
        let whole = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            return Result { try body(&reader) }
        }
        let trickled = Result<T, any Error> {
            var reader = try JSONReader(source: TrickleSource(bytes))
            return try body(&reader)
        }
        switch (whole, trickled) {
        case (.success, .success): break
        case (.failure(let a as JSONSyntaxError), .failure(let b as JSONSyntaxError)):
            XCTAssertEqual(a, b, "a window at a time for \(describe(bytes))")
        default:
            XCTFail("a window at a time for \(describe(bytes)): \(trickled), all at once: \(whole)")
        }
        return try whole.get()
    }

    /// Runs `body` as above, over the UTF-8 of `text`.
    private static func withReader<T>(_ text: String, _ body: (inout JSONReader) throws -> T) throws -> T {
        try withReader(Array(text.utf8), body)
    }

    /// Skips one whole document and checks that nothing follows it.
    private static func skipWhole(_ bytes: [UInt8]) throws {
        try withReader(bytes) { reader in
            try reader.skipValue()
            try reader.expectEnd()
        }
    }

    private static func skipWhole(_ text: String) throws {
        try skipWhole(Array(text.utf8))
    }

    /// Reads a document that is one string value, decoding it.
    private static func decodeString(_ json: String) throws -> String {
        try decodeString(Array(json.utf8))
    }

    private static func decodeString(_ bytes: [UInt8]) throws -> String {
        try withReader(bytes) { reader in
            let value = try reader.readString()
            try reader.expectEnd()
            return value
        }
    }

    /// Reads a document that is one number, as an integer.
    private static func readWholeInteger(_ json: String) throws -> Int64? {
        try withReader(json) { reader in
            let value = try reader.readInteger()
            try reader.expectEnd()
            return value
        }
    }

    /// The input, readably: as a Swift literal when it is valid UTF-8, as hex bytes otherwise.
    private static func describe(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) {
            return text.debugDescription
        }
        return "[" + bytes.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ") + "]"
    }

    /// The syntax error `skipWhole` throws for `bytes`, or nil after recording a failure.
    private func syntaxError(_ bytes: [UInt8], file: StaticString, line: UInt) -> JSONSyntaxError? {
        do {
            try Self.skipWhole(bytes)
            XCTFail("accepted invalid JSON \(Self.describe(bytes))", file: file, line: line)
        } catch let error as JSONSyntaxError {
            return error
        } catch {
            XCTFail("threw \(error) instead of a JSONSyntaxError for \(Self.describe(bytes))", file: file, line: line)
        }
        return nil
    }

    /// Checks that `bytes` is rejected at byte `offset` with a message containing every word in `words`
    /// (compared without regard to case).
    private func assertRejects(
        _ bytes: [UInt8], at offset: Int, mentioning words: String...,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        precondition(!words.isEmpty, "say what the message should mention")
        guard let error = syntaxError(bytes, file: file, line: line) else { return }
        XCTAssertEqual(
            error.offset, offset,
            "offset for \(Self.describe(bytes)) (message: \(error.message))", file: file, line: line)
        for word in words {
            XCTAssertTrue(
                error.message.lowercased().contains(word.lowercased()),
                "message for \(Self.describe(bytes)) should mention \(word.debugDescription): \(error.message)",
                file: file, line: line)
        }
    }

    private func assertRejects(
        _ text: String, at offset: Int, mentioning words: String...,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        precondition(!words.isEmpty, "say what the message should mention")
        guard let error = syntaxError(Array(text.utf8), file: file, line: line) else { return }
        XCTAssertEqual(
            error.offset, offset,
            "offset for \(text.debugDescription) (message: \(error.message))", file: file, line: line)
        for word in words {
            XCTAssertTrue(
                error.message.lowercased().contains(word.lowercased()),
                "message for \(text.debugDescription) should mention \(word.debugDescription): \(error.message)",
                file: file, line: line)
        }
    }

    private func assertAccepts(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        do {
            try Self.skipWhole(bytes)
        } catch {
            XCTFail("rejected valid JSON \(Self.describe(bytes)): \(error)", file: file, line: line)
        }
    }

    private func assertAccepts(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        assertAccepts(Array(text.utf8), file: file, line: line)
    }

    /// Checks that `body` throws a `JSONSyntaxError` at `offset` whose message mentions `word`.
    private func assertThrowsSyntaxError<T>(
        at offset: Int, mentioning word: String,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: () throws -> T
    ) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            guard let error = error as? JSONSyntaxError else {
                return XCTFail("threw \(error) instead of a JSONSyntaxError", file: file, line: line)
            }
            XCTAssertEqual(error.offset, offset, "offset (message: \(error.message))", file: file, line: line)
            XCTAssertTrue(
                error.message.lowercased().contains(word.lowercased()),
                "message should mention \(word.debugDescription): \(error.message)", file: file, line: line)
        }
    }

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    // MARK: - Rejections: commas, comments, quotes

    func testTrailingCommaInArrayIsRejectedAtTheClosingBracket() {
        // The reader reports the trailing comma where it is found: at the bracket it precedes.
        assertRejects("[1,]", at: 3, mentioning: "trailing comma")
        assertRejects("[1, 2 , ]", at: 8, mentioning: "trailing comma")
        assertRejects("[[1,]]", at: 4, mentioning: "trailing comma")
        assertRejects("[1,\n]", at: 4, mentioning: "trailing comma")
    }

    func testTrailingCommaInObjectIsRejected() {
        assertRejects(#"{"a":1,}"#, at: 7, mentioning: "trailing comma")
        assertRejects(#"{"a": 1, "b": 2 ,  }"#, at: 19, mentioning: "trailing comma")
        assertRejects(#"[{"a":{"b":1,}}]"#, at: 13, mentioning: "trailing comma")
    }

    func testLoneAndDoubledCommasAreRejected() {
        assertRejects("[,]", at: 1, mentioning: "unexpected character ','")
        assertRejects("[1,,2]", at: 3, mentioning: "','")
        assertRejects("{,}", at: 1, mentioning: "member name")
        assertRejects(#"{"a":1,,"b":2}"#, at: 7, mentioning: "member name")
        assertRejects("1,2", at: 1, mentioning: "after the end")
    }

    func testLineCommentsAreRejected() {
        assertRejects("// c\n1", at: 0, mentioning: "comment")
        assertRejects("[1, // two\n2]", at: 4, mentioning: "comment")
        assertRejects("{\"a\": 1 // c\n}", at: 8, mentioning: "comment")
        // After a complete top-level value, it is extra data.
        assertRejects("1 // c", at: 2, mentioning: "after the end")
    }

    func testBlockCommentsAreRejected() {
        assertRejects("/* c */ 1", at: 0, mentioning: "comment")
        assertRejects("[1, /* c */ 2]", at: 4, mentioning: "comment")
        assertRejects("{/* c */\"a\": 1}", at: 1, mentioning: "comment")
        assertRejects("{\"a\" /* c */: 1}", at: 5, mentioning: "comment")
    }

    func testSingleQuotedStringsAreRejected() {
        assertRejects("'a'", at: 0, mentioning: "single quote")
        assertRejects("['a']", at: 1, mentioning: "double quotes")
        assertRejects("{'a': 1}", at: 1, mentioning: "single quote")
        assertRejects(#"{"a": 'b'}"#, at: 6, mentioning: "single quote")
    }

    // MARK: - Rejections: strings

    func testRawControlCharactersInStringsAreRejected() {
        assertRejects("\"a\tb\"", at: 2, mentioning: "control character", "U+0009")
        assertRejects("\"a\nb\"", at: 2, mentioning: "control character", "U+000A")
        assertRejects("\"a\rb\"", at: 2, mentioning: "control character", "U+000D")
        assertRejects([0x22, 0x00, 0x22], at: 1, mentioning: "control character", "U+0000")
        assertRejects([0x22, 0x1F, 0x22], at: 1, mentioning: "control character", "U+001F")
        // After a non-ASCII character (the slow path) too.
        assertRejects("\"é\tx\"", at: 3, mentioning: "control character")
        // After an escape (the slow path) too.
        assertRejects("\"\\n\n\"", at: 3, mentioning: "control character")
        // In a member name.
        assertRejects("{\"a\tb\": 1}", at: 3, mentioning: "control character")
    }

    func testInvalidEscapesAreRejected() {
        assertRejects(#""\x""#, at: 1, mentioning: "invalid escape", "\\x")
        assertRejects(#""ab\x41""#, at: 3, mentioning: "invalid escape")
        assertRejects(#""\'""#, at: 1, mentioning: "invalid escape")
        assertRejects(#""\U0041""#, at: 1, mentioning: "invalid escape")
        assertRejects(#""\0""#, at: 1, mentioning: "invalid escape")
        assertRejects(#""\u12G4""#, at: 1, mentioning: "four hex digits")
        assertRejects(#""ab\u12G4""#, at: 3, mentioning: "four hex digits")
        assertRejects(#""\u12""#, at: 1, mentioning: "four hex digits")
        assertRejects(#""\u""#, at: 1, mentioning: "four hex digits")
        assertRejects(#""\u 123""#, at: 1, mentioning: "four hex digits")
        assertRejects(#""\u-123""#, at: 1, mentioning: "four hex digits")
    }

    func testEscapeAtTheEndOfTheInputIsRejected() {
        assertRejects(#""abc\"#, at: 4, mentioning: "unterminated escape")
        assertRejects(#""\u00"#, at: 1, mentioning: "four hex digits")
    }

    func testUnpairedSurrogatesAreRejected() {
        assertRejects(#""\uD800""#, at: 1, mentioning: "unpaired surrogate", "D800")
        assertRejects(#""\uDBFF""#, at: 1, mentioning: "unpaired surrogate")
        assertRejects(#""\uDC00""#, at: 1, mentioning: "unpaired surrogate", "DC00")
        assertRejects(#""\uDFFF""#, at: 1, mentioning: "unpaired surrogate")
        assertRejects(#""\uD800\u0041""#, at: 1, mentioning: "unpaired surrogate")
        assertRejects(#""\uD800A""#, at: 1, mentioning: "unpaired surrogate")
        assertRejects(#""\uD800\n""#, at: 1, mentioning: "unpaired surrogate")
        assertRejects(#""x\uDBFF\uDBFF""#, at: 2, mentioning: "unpaired surrogate")
        // Low then high: the pair is in the wrong order.
        assertRejects(#""\uDE80\uD83D""#, at: 1, mentioning: "unpaired surrogate", "DE80")
        // A valid pair followed by a lone low surrogate.
        assertRejects(#""\uD83D\uDE80\uDE80""#, at: 13, mentioning: "unpaired surrogate")
        // The high surrogate is last in the input.
        assertRejects(#""\uD800"#, at: 1, mentioning: "unpaired surrogate")
        // Its partner's hex digits are bad.
        assertRejects(#""\uD800\uZZZZ""#, at: 7, mentioning: "four hex digits")
    }

    func testInvalidUTF8InStringsIsRejected() {
        let q: UInt8 = 0x22
        assertRejects([q, 0xFF, q], at: 1, mentioning: "UTF-8", "0xFF")
        assertRejects([q, 0xFE, q], at: 1, mentioning: "UTF-8")
        assertRejects([q, 0x80, q], at: 1, mentioning: "UTF-8", "0x80")  // lone continuation byte
        // Overlong encodings.
        assertRejects([q, 0xC0, 0xAF, q], at: 1, mentioning: "UTF-8", "0xC0")
        assertRejects([q, 0xC1, 0xBF, q], at: 1, mentioning: "UTF-8")
        assertRejects([q, 0xE0, 0x80, 0xAF, q], at: 1, mentioning: "UTF-8")
        assertRejects([q, 0xF0, 0x80, 0x80, 0xAF, q], at: 1, mentioning: "UTF-8")
        // UTF-16 surrogates encoded in UTF-8.
        assertRejects([q, 0xED, 0xA0, 0x80, q], at: 1, mentioning: "UTF-8", "0xED")
        assertRejects([q, 0xED, 0xBF, 0xBF, q], at: 1, mentioning: "UTF-8")
        // Above U+10FFFF.
        assertRejects([q, 0xF4, 0x90, 0x80, 0x80, q], at: 1, mentioning: "UTF-8", "0xF4")
        assertRejects([q, 0xF5, 0x80, 0x80, 0x80, q], at: 1, mentioning: "UTF-8")
        // A bad continuation byte in the middle or at the end of a sequence.
        assertRejects([q, 0x61, 0xC3, 0x28, q], at: 2, mentioning: "UTF-8")
        assertRejects([q, 0xE2, 0x82, q], at: 1, mentioning: "UTF-8")
        assertRejects([q, 0xF0, 0x9F, 0x9A, 0x41, q], at: 1, mentioning: "UTF-8")
        // In a member name.
        assertRejects([0x7B, q, 0xFF, q, 0x3A, 0x31, 0x7D], at: 2, mentioning: "UTF-8")
    }

    func testTruncatedUTF8AtTheEndOfTheInputIsRejected() {
        let q: UInt8 = 0x22
        assertRejects([q, 0x61, 0xC3], at: 2, mentioning: "UTF-8", "truncated")
        assertRejects([q, 0xE2, 0x82], at: 1, mentioning: "UTF-8", "truncated")
        assertRejects([q, 0xF0, 0x9F, 0x9A], at: 1, mentioning: "UTF-8", "truncated")
    }

    func testInvalidUTF8OutsideStringsIsRejected() {
        assertRejects([0xFF], at: 0, mentioning: "UTF-8", "0xFF")
        assertRejects([0x20, 0xC0, 0xAF], at: 1, mentioning: "UTF-8")
        assertRejects([0x5B, 0xFF, 0x5D], at: 1, mentioning: "UTF-8")
        assertRejects([0x5B, 0x31, 0xED, 0xA0, 0x80, 0x5D], at: 2, mentioning: "UTF-8")
        // A truncated byte order mark is not a byte order mark.
        assertRejects([0xEF, 0xBB], at: 0, mentioning: "UTF-8")
        // Valid UTF-8 that is not JSON is "unexpected", not "invalid UTF-8".
        assertRejects("é", at: 0, mentioning: "unexpected character")
    }

    func testUnterminatedStringsAreRejectedAtTheirOpeningQuote() {
        assertRejects(#"""#, at: 0, mentioning: "unterminated string")
        assertRejects(#""abc"#, at: 0, mentioning: "unterminated string")
        assertRejects(#"["abc"#, at: 1, mentioning: "unterminated string")
        assertRejects(#"{"ab"#, at: 1, mentioning: "unterminated string")
        assertRejects(#"{"a": "b}"#, at: 6, mentioning: "unterminated string")
        assertRejects("\"é", at: 0, mentioning: "unterminated string")  // slow path
        assertRejects(#""a\nb"#, at: 0, mentioning: "unterminated string")
    }

    // MARK: - Rejections: numbers and literals

    func testLeadingZerosAreRejected() {
        assertRejects("01", at: 0, mentioning: "leading zero")
        assertRejects("-01", at: 0, mentioning: "leading zero")
        assertRejects("007", at: 0, mentioning: "leading zero")
        assertRejects("00", at: 0, mentioning: "leading zero")
        assertRejects("[1, 00.5]", at: 4, mentioning: "leading zero")
        assertRejects(#"{"a": -00}"#, at: 6, mentioning: "leading zero")
    }

    func testMalformedNumbersAreRejected() {
        assertRejects("1.", at: 2, mentioning: "decimal point")
        assertRejects("[1.]", at: 3, mentioning: "decimal point")
        assertRejects("1.e5", at: 2, mentioning: "decimal point")
        assertRejects("-.5", at: 1, mentioning: "digit")
        assertRejects(".5", at: 0, mentioning: "unexpected character '.'")
        assertRejects("1e", at: 2, mentioning: "exponent")
        assertRejects("1E", at: 2, mentioning: "exponent")
        assertRejects("1e+", at: 3, mentioning: "exponent")
        assertRejects("1e-x", at: 3, mentioning: "exponent")
        assertRejects("1.5e", at: 4, mentioning: "exponent")
        assertRejects("+1", at: 0, mentioning: "'+'")
        assertRejects("-", at: 1, mentioning: "digit")
        assertRejects("- 1", at: 1, mentioning: "digit")
        assertRejects("[-]", at: 2, mentioning: "digit")
        assertRejects("--1", at: 1, mentioning: "digit")
        assertRejects("0x1F", at: 1, mentioning: "after the end")
        assertRejects("1_000", at: 1, mentioning: "after the end")
        assertRejects("1.5.2", at: 3, mentioning: "after the end")
        assertRejects("[1e5e5]", at: 4, mentioning: "','")
    }

    func testNaNAndInfinityAreRejected() {
        assertRejects("NaN", at: 0, mentioning: "NaN")
        assertRejects("[NaN]", at: 1, mentioning: "NaN")
        assertRejects("Infinity", at: 0, mentioning: "Infinity")
        assertRejects("-Infinity", at: 1, mentioning: "Infinity")
        assertRejects(#"{"a": Infinity}"#, at: 6, mentioning: "Infinity")
        assertRejects("[1, -Infinity]", at: 5, mentioning: "Infinity")
        assertRejects("-NaN", at: 1, mentioning: "digit")
    }

    func testMisspelledLiteralsAreRejected() {
        assertRejects("tru", at: 0, mentioning: "expected a value")
        assertRejects("fals", at: 0, mentioning: "expected a value")
        assertRejects("nul", at: 0, mentioning: "expected a value")
        assertRejects("nulx", at: 0, mentioning: "expected a value")
        assertRejects("True", at: 0, mentioning: "expected a value")
        assertRejects("undefined", at: 0, mentioning: "expected a value")
        assertRejects("[tru]", at: 1, mentioning: "expected a value")
        assertRejects(#"{"a": nul}"#, at: 6, mentioning: "expected a value")
        // A whole literal followed by letters is extra data.
        assertRejects("truee", at: 4, mentioning: "after the end")
        assertRejects("[nulll]", at: 5, mentioning: "','")
    }

    // "NULL" (a likely typo for null) or "None" (Python's null) must not be called NaN.
    func testWordsStartingWithNThatAreNotNaNAreNotCalledNaN() {
        for text in ["NULL", "None", "[Null]"] {
            guard let error = syntaxError(Array(text.utf8), file: #filePath, line: #line) else { continue }
            XCTAssertEqual(error.offset, text.hasPrefix("[") ? 1 : 0, text)
            XCTAssertFalse(error.message.contains("NaN"), "\(text.debugDescription) is not NaN, but the message says: \(error.message)")
        }
    }

    // MARK: - Rejections: structure

    func testEmptyAndWhitespaceOnlyInputsAreRejected() {
        assertRejects("", at: 0, mentioning: "end of input")
        assertRejects(" ", at: 1, mentioning: "end of input")
        assertRejects("  \n\t\r ", at: 6, mentioning: "end of input")
        assertRejects(Self.bom, at: 3, mentioning: "end of input")
        assertRejects(Self.bom + Array("  ".utf8), at: 5, mentioning: "end of input")
    }

    func testASecondTopLevelValueIsRejected() {
        assertRejects("1 2", at: 2, mentioning: "after the end")
        assertRejects("{} []", at: 3, mentioning: "after the end")
        assertRejects("[][]", at: 2, mentioning: "after the end")
        assertRejects(#""a""b""#, at: 3, mentioning: "after the end")
        assertRejects("null null", at: 5, mentioning: "after the end")
        assertRejects("[]]", at: 2, mentioning: "after the end")
        assertRejects("{}}", at: 2, mentioning: "after the end")
        assertRejects([0x31, 0x00], at: 1, mentioning: "after the end")
    }

    func testUnterminatedArraysAndObjectsAreRejected() {
        assertRejects("[", at: 1, mentioning: "end of input")
        assertRejects("[1", at: 2, mentioning: "end of input", "']'")
        assertRejects("[1,", at: 3, mentioning: "end of input")
        assertRejects("[[]", at: 3, mentioning: "end of input")
        assertRejects("[1 2]", at: 3, mentioning: "','")
        assertRejects("{", at: 1, mentioning: "end of input")
        assertRejects(#"{"a""#, at: 4, mentioning: "end of input")
        assertRejects(#"{"a":"#, at: 5, mentioning: "end of input")
        assertRejects(#"{"a":1"#, at: 6, mentioning: "end of input", "'}'")
        assertRejects(#"{"a":1,"#, at: 7, mentioning: "end of input")
        assertRejects(#"{"a":1 "b":2}"#, at: 7, mentioning: "','")
        // Mismatched closers.
        assertRejects("[1}", at: 2, mentioning: "unexpected '}'")
        assertRejects(#"{"a":1]"#, at: 6, mentioning: "unexpected ']'")
    }

    func testMissingColonIsRejected() {
        assertRejects(#"{"a" 1}"#, at: 5, mentioning: "':'")
        assertRejects(#"{"a"}"#, at: 4, mentioning: "':'")
        assertRejects(#"{"a";1}"#, at: 4, mentioning: "':'")
        assertRejects(#"{"a"=1}"#, at: 4, mentioning: "':'")
        assertRejects(#"{"a"::1}"#, at: 5, mentioning: "expected a value")
        assertRejects(#"{"a":}"#, at: 5, mentioning: "expected a value")
    }

    func testMemberNamesMustBeStrings() {
        assertRejects("{a: 1}", at: 1, mentioning: "member name")
        assertRejects("{1: 1}", at: 1, mentioning: "member name")
        assertRejects("{null: 1}", at: 1, mentioning: "member name")
        assertRejects("{[]: 1}", at: 1, mentioning: "member name")
    }

    func testNonJSONWhitespaceIsRejected() {
        assertRejects("\u{0C}1", at: 0, mentioning: "unexpected character")  // form feed
        assertRejects("\u{0B}1", at: 0, mentioning: "unexpected character")  // vertical tab
        assertRejects("\u{A0}1", at: 0, mentioning: "unexpected character")  // no-break space
        assertRejects("[1,\u{2028}2]", at: 3, mentioning: "unexpected character")
        // A byte order mark is only skipped at the very start.
        assertRejects(" \u{FEFF}1", at: 1, mentioning: "unexpected character")
        assertRejects(Self.bom + Self.bom + [0x31], at: 3, mentioning: "unexpected character")
    }

    func testErrorsComeFromTheFirstProblem() {
        // The comma problem comes before the bad escape.
        assertRejects(#"[1,,"\x"]"#, at: 3, mentioning: "','")
        // The bad escape comes before the trailing comma.
        assertRejects(#"["\x",]"#, at: 2, mentioning: "invalid escape")
    }

    func testSyntaxErrorsAreEquatableValues() {
        let error = JSONSyntaxError(offset: 3, message: "trailing comma before ']'")
        XCTAssertThrowsError(try Self.skipWhole("[1,]")) { thrown in
            XCTAssertEqual(thrown as? JSONSyntaxError, error)
        }
        XCTAssertNotEqual(error, JSONSyntaxError(offset: 4, message: error.message))
    }

    // MARK: - Deep nesting

    func testAHundredThousandOpeningBracketsIsASyntaxErrorNotACrash() {
        let opening = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        assertRejects(opening, at: JSONReader.maximumDepth, mentioning: "nesting", "\(JSONReader.maximumDepth)")
        let balanced = opening + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
        assertRejects(balanced, at: JSONReader.maximumDepth, mentioning: "nesting")
    }

    func testDeeplyNestedObjectsAreASyntaxErrorNotACrash() {
        let opening = Array(String(repeating: #"{"a":"#, count: 100_000).utf8)
        assertRejects(opening, at: 5 * JSONReader.maximumDepth, mentioning: "nesting")
    }

    func testArraysNestedExactlyToTheMaximumDepthAreAccepted() {
        let depth = JSONReader.maximumDepth
        assertAccepts(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        assertAccepts(String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth))
    }

    func testArraysNestedOneLevelBeyondTheMaximumAreRejected() {
        let depth = JSONReader.maximumDepth + 1
        assertRejects(
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
            at: JSONReader.maximumDepth, mentioning: "nesting")
    }

    func testObjectsNestedExactlyToTheMaximumDepthAreAcceptedAndOneMoreIsRejected() {
        func nested(_ depth: Int) -> String {
            String(repeating: #"{"k":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        }
        assertAccepts(nested(JSONReader.maximumDepth))
        assertRejects(nested(JSONReader.maximumDepth + 1), at: 5 * JSONReader.maximumDepth, mentioning: "nesting")
    }

    func testMixedNestingCountsBothArraysAndObjects() {
        func nested(_ depth: Int) -> String {
            var open = ""
            var close = ""
            for level in 0..<depth {
                if level.isMultiple(of: 2) {
                    open += "["
                    close = "]" + close
                } else {
                    open += #"{"k":"#
                    close = "}" + close
                }
            }
            return open + "0" + close
        }
        assertAccepts(nested(JSONReader.maximumDepth))
        XCTAssertNotNil(syntaxError(Array(nested(JSONReader.maximumDepth + 1).utf8), file: #filePath, line: #line))
    }

    func testClosedContainersGiveTheirDepthBack() {
        // 511 enclosing arrays; the innermost holds many siblings, each one level deeper.
        // If closing a container (or reading an empty one) did not give its level back,
        // the siblings would run past the limit.
        let enclosing = JSONReader.maximumDepth - 1
        let siblings = Array(repeating: #"[], {}, [1], {"a":2}"#, count: 300).joined(separator: ", ")
        assertAccepts(String(repeating: "[", count: enclosing) + siblings + String(repeating: "]", count: enclosing))
        // Two maximal chains side by side in one array.
        let chain = String(repeating: "[", count: enclosing) + String(repeating: "]", count: enclosing)
        assertAccepts("[" + chain + "," + chain + "]")
    }

    func testStructuredAPIEnforcesTheDepthLimit() throws {
        let depth = JSONReader.maximumDepth
        let text = String(repeating: "[", count: depth + 1)
        try Self.withReader(text) { reader in
            for _ in 0..<depth {
                XCTAssertTrue(try reader.beginArray())
            }
            assertThrowsSyntaxError(at: depth, mentioning: "nesting") { try reader.beginArray() }
        }
    }

    // MARK: - Acceptances: values and white space

    func testEveryKindOfValueIsAccepted() {
        for document in [
            "{}", "[]", #""""#, #""text""#, "0", "42", "-7", "3.25", "true", "false", "null",
            #"{"a":[1,"b",{"c":null}],"d":true,"e":false,"f":-0.5e-3}"#,
            #"[{}, [], "", 0, true, false, null]"#,
        ] {
            assertAccepts(document)
        }
    }

    func testWhitespaceVariantsAreAccepted() {
        assertAccepts(" 1")
        assertAccepts("1 ")
        assertAccepts("\n1\n")
        assertAccepts("\r\n\t [ \r\n\t1 \t,\n2\r] \n")
        assertAccepts("{ \"a\" :\t[ ] ,\n\"b\"\r:\n{ } }")
        assertAccepts("[\n]")
        assertAccepts("{\n}")
        assertAccepts("[ [ ] , { } ]")
    }

    func testAllowedNumbersAreAccepted() {
        for number in [
            "0", "-0", "1", "-1", "10", "0.0", "-0.0", "1.5", "1.5e+10", "-2E-3", "1e5", "1E5",
            "0e0", "0E+0", "-0.0e-0", "1e-999", "1e999", "123456789012345678901234567890",
            "0.000000000000000000000001", "9223372036854775808", "-9223372036854775809",
        ] {
            assertAccepts(number)
            assertAccepts("[" + number + "]")
            assertAccepts(#"{"n":"# + number + "}")
        }
    }

    func testAByteOrderMarkAtTheStartIsSkipped() throws {
        assertAccepts(Self.bom + Array("{\"a\":1}".utf8))
        assertAccepts(Self.bom + Array(" [1] ".utf8))
        let value = try Self.decodeString(Self.bom + Array(#""x""#.utf8))
        XCTAssertEqual(value, "x")
        try Self.withReader(Self.bom + Array("  7".utf8)) { reader in
            XCTAssertEqual(try reader.position(), 5)
            XCTAssertEqual(try reader.readInteger(), 7)
        }
        // Without a BOM the reader starts at 0.
        try Self.withReader("7") { reader in XCTAssertEqual(reader.offset, 0) }
    }

    // MARK: - Acceptances: string decoding

    func testSimpleEscapesDecodeToTheRightCharacters() throws {
        let decoded = try Self.decodeString(#""\"\\\/\b\f\n\r\t""#)
        XCTAssertEqual(Array(decoded.unicodeScalars.map(\.value)), [0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09])
        XCTAssertEqual(try Self.decodeString(#""a\"b""#), "a\"b")
        XCTAssertEqual(try Self.decodeString(#""C:\\dir\\file""#), "C:\\dir\\file")
        XCTAssertEqual(try Self.decodeString(#""<\/script>""#), "</script>")
        XCTAssertEqual(try Self.decodeString(#""line1\nline2""#), "line1\nline2")
        XCTAssertEqual(try Self.decodeString(#""\t\t""#), "\t\t")
        // An unescaped '/' is fine too.
        XCTAssertEqual(try Self.decodeString(#""a/b""#), "a/b")
    }

    func testUnicodeEscapesDecode() throws {
        XCTAssertEqual(try Self.decodeString(#""\u0041""#), "A")
        XCTAssertEqual(try Self.decodeString(#""x\u0041y""#), "xAy")
        XCTAssertEqual(try Self.decodeString(#""\u00e9""#), "é")
        XCTAssertEqual(try Self.decodeString(#""\u00E9""#), "é")
        XCTAssertEqual(Array(try Self.decodeString(#""\u00e9""#).utf8), [0xC3, 0xA9])
        XCTAssertEqual(try Self.decodeString(#""\u20AC""#), "€")
        XCTAssertEqual(try Self.decodeString(#""\uFFFF""#).unicodeScalars.map(\.value), [0xFFFF])
        XCTAssertEqual(try Self.decodeString(#""\u007F""#).unicodeScalars.map(\.value), [0x7F])
    }

    func testRawAndEscapedNonASCIIDecodeToTheSameString() throws {
        let raw = try Self.decodeString("\"é\"")
        let escaped = try Self.decodeString(#""\u00e9""#)
        XCTAssertEqual(raw, "é")
        XCTAssertEqual(Array(raw.utf8), Array(escaped.utf8))
    }

    func testSurrogatePairsDecodeToOneScalar() throws {
        let rocket = try Self.decodeString(#""\uD83D\uDE80""#)
        XCTAssertEqual(rocket, "🚀")
        XCTAssertEqual(rocket.unicodeScalars.map(\.value), [0x1F680])
        XCTAssertEqual(try Self.decodeString(#""\ud83d\ude80""#), "🚀")
        XCTAssertEqual(try Self.decodeString(#""a\uD83D\uDE80b""#), "a🚀b")
        // The lowest and highest code points reachable through surrogates.
        XCTAssertEqual(try Self.decodeString(#""\uD800\uDC00""#).unicodeScalars.map(\.value), [0x10000])
        XCTAssertEqual(try Self.decodeString(#""\uDBFF\uDFFF""#).unicodeScalars.map(\.value), [0x10FFFF])
    }

    func testEscapedNULIsKeptAsACharacter() throws {
        let alone = try Self.decodeString(#""\u0000""#)
        XCTAssertEqual(alone.unicodeScalars.map(\.value), [0])
        XCTAssertEqual(alone.utf8.count, 1)
        let between = try Self.decodeString(#""a\u0000b""#)
        XCTAssertEqual(between.unicodeScalars.count, 3)
        XCTAssertEqual(between.unicodeScalars.map(\.value), [0x61, 0, 0x62])
        XCTAssertEqual(between, "a\u{0}b")
    }

    func testRawMultibyteTextSurvivesByteForByte() throws {
        for text in [
            "🚀", "👩‍🚀 in 🌕", "🇫🇷🇯🇵", "שלום עולם", "مرحبا بالعالم", "abc \u{202E}def\u{202C} ghi",
            "日本語のテキスト", "e\u{301}", "\u{7F}", "Ünïcödé and ASCII mixed: 🚀!",
        ] {
            let decoded = try Self.decodeString("\"" + text + "\"")
            XCTAssertEqual(Array(decoded.utf8), Array(text.utf8), text)
            // As a member name and inside an array too.
            try Self.withReader(#"{""# + text + #"": [""# + text + #""]}"#) { reader in
                XCTAssertTrue(try reader.beginObject())
                XCTAssertEqual(Array(try reader.readKey().utf8), Array(text.utf8))
                XCTAssertTrue(try reader.beginArray())
                XCTAssertEqual(Array(try reader.readString().utf8), Array(text.utf8))
                XCTAssertFalse(try reader.nextElement())
                XCTAssertFalse(try reader.nextMember())
                try reader.expectEnd()
            }
        }
    }

    func testMixedPlainEscapedAndNonASCIISegmentsDecode() throws {
        let decoded = try Self.decodeString(#""plain, then é, then \n, then \u0041 and 🚀 and \"quoted\" end""#)
        XCTAssertEqual(decoded, "plain, then é, then \n, then A and 🚀 and \"quoted\" end")
        let long = String(repeating: "abcdefgh", count: 1000)
        XCTAssertEqual(try Self.decodeString("\"" + long + "\""), long)
        XCTAssertEqual(try Self.decodeString("\"" + long + "\\n" + long + "\""), long + "\n" + long)
        XCTAssertEqual(try Self.decodeString(#""""#), "")
    }

    func testConsecutiveStringsDoNotShareDecodingState() throws {
        // The reader reuses a scratch buffer between slow-path strings.
        try Self.withReader(#"["long \n escaped é string", "\u0041", "é", "plain"]"#) { reader in
            XCTAssertTrue(try reader.beginArray())
            XCTAssertEqual(try reader.readString(), "long \n escaped é string")
            XCTAssertTrue(try reader.nextElement())
            XCTAssertEqual(try reader.readString(), "A")
            XCTAssertTrue(try reader.nextElement())
            XCTAssertEqual(try reader.readString(), "é")
            XCTAssertTrue(try reader.nextElement())
            XCTAssertEqual(try reader.readString(), "plain")
            XCTAssertFalse(try reader.nextElement())
            try reader.expectEnd()
        }
    }

    // MARK: - Integers

    func testReadIntegerReturnsTheExtremesExactly() throws {
        XCTAssertEqual(try Self.readWholeInteger("9223372036854775807"), Int64.max)
        XCTAssertEqual(try Self.readWholeInteger("-9223372036854775808"), Int64.min)
        XCTAssertEqual(try Self.readWholeInteger("9223372036854775806"), Int64.max - 1)
        XCTAssertEqual(try Self.readWholeInteger("-9223372036854775807"), Int64.min + 1)
    }

    func testReadIntegerReturnsSmallValues() throws {
        XCTAssertEqual(try Self.readWholeInteger("0"), 0)
        XCTAssertEqual(try Self.readWholeInteger("-0"), 0)
        XCTAssertEqual(try Self.readWholeInteger("7"), 7)
        XCTAssertEqual(try Self.readWholeInteger("42"), 42)
        XCTAssertEqual(try Self.readWholeInteger("-17"), -17)
        XCTAssertEqual(try Self.readWholeInteger("  1969  "), 1969)
        XCTAssertEqual(try Self.readWholeInteger("1000000"), 1_000_000)
    }

    func testReadIntegerReturnsNilWithoutThrowingForNonIntegers() throws {
        for text in [
            "9223372036854775808", "-9223372036854775809", "18446744073709551616",
            "123456789012345678901234567890", "1.5", "1.0", "0.0", "-0.5", "1e3", "1E3", "1e-3", "0e0", "2E+2",
        ] {
            try Self.withReader(text) { reader in
                var value: Int64?? = .none
                XCTAssertNoThrow(value = try reader.readInteger(), text)
                XCTAssertEqual(value, .some(nil), "\(text) should give nil")
                // The number was consumed all the same.
                XCTAssertEqual(reader.offset, text.utf8.count, text)
                XCTAssertNoThrow(try reader.expectEnd(), text)
            }
        }
    }

    func testReadIntegerConsumesOnlyTheNumberInsideContainers() throws {
        try Self.withReader(#"[1.5e3, 9223372036854775808, -3]"#) { reader in
            XCTAssertTrue(try reader.beginArray())
            XCTAssertNil(try reader.readInteger())
            XCTAssertTrue(try reader.nextElement())
            XCTAssertNil(try reader.readInteger())
            XCTAssertTrue(try reader.nextElement())
            XCTAssertEqual(try reader.readInteger(), -3)
            XCTAssertFalse(try reader.nextElement())
            try reader.expectEnd()
        }
    }

    func testReadIntegerRejectsMalformedNumbers() throws {
        try Self.withReader("01") { reader in
            assertThrowsSyntaxError(at: 0, mentioning: "leading zero") { try reader.readInteger() }
        }
        try Self.withReader("1.") { reader in
            assertThrowsSyntaxError(at: 2, mentioning: "decimal point") { try reader.readInteger() }
        }
        try Self.withReader(#""12""#) { reader in
            assertThrowsSyntaxError(at: 0, mentioning: "digit") { try reader.readInteger() }
        }
        try Self.withReader("-Infinity") { reader in
            assertThrowsSyntaxError(at: 1, mentioning: "Infinity") { try reader.readInteger() }
        }
    }

    // MARK: - Structured API

    func testWalkingADocumentWithTheStructuredAPI() throws {
        let json = #"""
            {
              "name": "Apollo 11",
              "id": 11,
              "crew": [
                {"name": "Neil Armstrong", "role": "Commander"},
                {"name": "Buzz Aldrin", "role": "Lunar Module Pilot"}
              ],
              "landed": true,
              "aborted": false,
              "note": null,
              "ratio": 0.5,
              "tags": [],
              "extra": {}
            }
            """#
        try Self.withReader(json) { reader in
            var keys: [String] = []
            var crew: [[String: String]] = []
            XCTAssertEqual(try reader.peekKind(), .object)
            XCTAssertTrue(try reader.beginObject())
            repeat {
                let key = try reader.readKey()
                keys.append(key)
                switch key {
                case "name":
                    XCTAssertEqual(try reader.peekKind(), .string)
                    XCTAssertEqual(try reader.readString(), "Apollo 11")
                case "id":
                    XCTAssertEqual(try reader.peekKind(), .number)
                    XCTAssertEqual(try reader.readInteger(), 11)
                case "crew":
                    XCTAssertEqual(try reader.peekKind(), .array)
                    XCTAssertTrue(try reader.beginArray())
                    repeat {
                        var member: [String: String] = [:]
                        XCTAssertTrue(try reader.beginObject())
                        repeat {
                            let name = try reader.readKey()
                            member[name] = try reader.readString()
                        } while try reader.nextMember()
                        crew.append(member)
                    } while try reader.nextElement()
                case "landed":
                    XCTAssertEqual(try reader.peekKind(), .bool)
                    XCTAssertEqual(try reader.readLiteral(), true)
                case "aborted":
                    XCTAssertEqual(try reader.peekKind(), .bool)
                    XCTAssertEqual(try reader.readLiteral(), false)
                case "note":
                    XCTAssertEqual(try reader.peekKind(), .null)
                    XCTAssertEqual(try reader.readLiteral(), Bool?.none)
                case "ratio":
                    XCTAssertNil(try reader.readInteger())
                case "tags":
                    XCTAssertFalse(try reader.beginArray())
                case "extra":
                    XCTAssertFalse(try reader.beginObject())
                default:
                    XCTFail("unexpected key \(key)")
                    try reader.skipValue()
                }
            } while try reader.nextMember()
            try reader.expectEnd()
            XCTAssertEqual(keys, ["name", "id", "crew", "landed", "aborted", "note", "ratio", "tags", "extra"])
            XCTAssertEqual(
                crew,
                [
                    ["name": "Neil Armstrong", "role": "Commander"],
                    ["name": "Buzz Aldrin", "role": "Lunar Module Pilot"],
                ])
        }
    }

    func testPeekKindIdentifiesEveryKindWithoutConsuming() throws {
        let cases: [(String, JSONKind)] = [
            ("{}", .object), ("[]", .array), (#""s""#, .string), ("0", .number), ("-1", .number),
            ("9", .number), ("true", .bool), ("false", .bool), ("null", .null),
        ]
        for (text, kind) in cases {
            try Self.withReader("  " + text) { reader in
                XCTAssertEqual(try reader.peekKind(), kind, text)
                XCTAssertEqual(try reader.peekKind(), kind, "peeking twice: \(text)")
                XCTAssertEqual(reader.offset, 2, "peekKind skips white space only: \(text)")
                try reader.skipValue()
                try reader.expectEnd()
            }
        }
    }

    func testPeekKindRejectsWhatCannotStartAValue() throws {
        let cases: [(String, Int, String)] = [
            ("", 0, "end of input"), ("   ", 3, "end of input"), ("]", 0, "unexpected ']'"), ("}", 0, "unexpected '}'"),
            (":", 0, "unexpected character ':'"), ("'a'", 0, "single quote"), ("/", 0, "comment"),
            ("NaN", 0, "NaN"), ("Infinity", 0, "Infinity"), (" +1", 1, "'+'"),
        ]
        for (text, offset, word) in cases {
            try Self.withReader(text) { reader in
                assertThrowsSyntaxError(at: offset, mentioning: word) { try reader.peekKind() }
            }
        }
    }

    func testKindDescriptions() {
        XCTAssertEqual(JSONKind.object.described, "an object")
        XCTAssertEqual(JSONKind.array.described, "an array")
        XCTAssertEqual(JSONKind.string.described, "a string")
        XCTAssertEqual(JSONKind.number.described, "a number")
        XCTAssertEqual(JSONKind.bool.described, "a boolean")
        XCTAssertEqual(JSONKind.null.described, "null")
    }

    func testPositionSkipsWhitespaceAndReportsTheNextToken() throws {
        try Self.withReader(" \n [ 1 ,\t\"a\" ] ") { reader in
            XCTAssertEqual(reader.offset, 0)
            XCTAssertEqual(try reader.position(), 3)
            XCTAssertEqual(reader.offset, 3)
            XCTAssertTrue(try reader.beginArray())
            XCTAssertEqual(try reader.position(), 5)
            XCTAssertEqual(try reader.readInteger(), 1)
            XCTAssertEqual(reader.offset, 6)
            XCTAssertEqual(try reader.position(), 7)  // the comma
            XCTAssertTrue(try reader.nextElement())
            XCTAssertEqual(try reader.position(), 9)
            XCTAssertEqual(try reader.readString(), "a")
            XCTAssertEqual(reader.offset, 12)
            XCTAssertFalse(try reader.nextElement())
            XCTAssertEqual(reader.offset, 14)
            XCTAssertEqual(try reader.position(), 15)
            try reader.expectEnd()
        }
    }

    func testEmptyContainersReturnFalseAndAreConsumed() throws {
        try Self.withReader("[ [ ] , { \n } ]") { reader in
            XCTAssertTrue(try reader.beginArray())
            XCTAssertFalse(try reader.beginArray())
            XCTAssertEqual(reader.offset, 5)
            XCTAssertTrue(try reader.nextElement())
            XCTAssertFalse(try reader.beginObject())
            XCTAssertEqual(reader.offset, 13)
            XCTAssertFalse(try reader.nextElement())
            try reader.expectEnd()
        }
    }

    func testReadLiteralReturnsTheValue() throws {
        XCTAssertEqual(try Self.withReader("true") { try $0.readLiteral() }, true)
        XCTAssertEqual(try Self.withReader(" false") { try $0.readLiteral() }, false)
        let null = try Self.withReader("null") { reader -> Bool? in try reader.readLiteral() }
        XCTAssertNil(null)
        try Self.withReader("[true,false,null]") { reader in
            XCTAssertTrue(try reader.beginArray())
            XCTAssertEqual(try reader.readLiteral(), true)
            XCTAssertEqual(reader.offset, 5)
            XCTAssertTrue(try reader.nextElement())
            XCTAssertEqual(try reader.readLiteral(), false)
            XCTAssertTrue(try reader.nextElement())
            XCTAssertNil(try reader.readLiteral())
            XCTAssertEqual(reader.offset, 16)
            XCTAssertFalse(try reader.nextElement())
        }
        try Self.withReader("tr") { reader in
            assertThrowsSyntaxError(at: 0, mentioning: "expected a value") { try reader.readLiteral() }
        }
        try Self.withReader("1") { reader in
            assertThrowsSyntaxError(at: 0, mentioning: "expected a value") { try reader.readLiteral() }
        }
    }

    func testStructuredCallsOnTheWrongKindThrowAtTheValue() throws {
        try Self.withReader(" [1]") { reader in
            assertThrowsSyntaxError(at: 1, mentioning: "an object") { try reader.beginObject() }
        }
        try Self.withReader(" {}") { reader in
            assertThrowsSyntaxError(at: 1, mentioning: "an array") { try reader.beginArray() }
        }
        try Self.withReader("12") { reader in
            assertThrowsSyntaxError(at: 0, mentioning: "a string") { try reader.readString() }
        }
        try Self.withReader("{1: 2}") { reader in
            XCTAssertTrue(try reader.beginObject())
            assertThrowsSyntaxError(at: 1, mentioning: "member name") { try reader.readKey() }
        }
        try Self.withReader(#"{"a" 2}"#) { reader in
            XCTAssertTrue(try reader.beginObject())
            assertThrowsSyntaxError(at: 5, mentioning: "':'") { try reader.readKey() }
        }
        try Self.withReader("[1 2]") { reader in
            XCTAssertTrue(try reader.beginArray())
            XCTAssertEqual(try reader.readInteger(), 1)
            assertThrowsSyntaxError(at: 3, mentioning: "array element") { try reader.nextElement() }
        }
        try Self.withReader(#"{"a":1 "b":2}"#) { reader in
            XCTAssertTrue(try reader.beginObject())
            XCTAssertEqual(try reader.readKey(), "a")
            XCTAssertEqual(try reader.readInteger(), 1)
            assertThrowsSyntaxError(at: 7, mentioning: "object member") { try reader.nextMember() }
        }
    }

    func testSkipValueSkipsExactlyOneValue() throws {
        try Self.withReader(#"[{"a":[1,{"b":"\u00e9"}]}, "next"]"#) { reader in
            XCTAssertTrue(try reader.beginArray())
            try reader.skipValue()
            XCTAssertTrue(try reader.nextElement())
            XCTAssertEqual(try reader.readString(), "next")
            XCTAssertFalse(try reader.nextElement())
            try reader.expectEnd()
        }
    }

    func testSkipValueReportsErrorsInsideSkippedValues() throws {
        try Self.withReader(#"{"skip": [1, {"x": 01}], "keep": 2}"#) { reader in
            XCTAssertTrue(try reader.beginObject())
            XCTAssertEqual(try reader.readKey(), "skip")
            assertThrowsSyntaxError(at: 19, mentioning: "leading zero") { try reader.skipValue() }
        }
    }

    // MARK: - TextLocator

    /// Runs `body` with a locator over the UTF-8 of `text`.
    private static func withLocator<T>(_ text: String, _ body: (inout Locator) throws -> T) rethrows -> T {
        try Array(text.utf8).withUnsafeBufferPointer { buffer in
            var locator = Locator(buffer)
            return try body(&locator)
        }
    }

    /// The location of byte `offset` in `text`, worked out with String APIs alone.
    private static func referenceLocation(of offset: Int, in text: String) -> TextLocation {
        let utf8 = Array(text.utf8)
        let before = utf8[..<offset]
        let line = before.filter { $0 == 0x0A }.count + 1
        let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        let column = String(decoding: utf8[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return TextLocation(line: line, column: column)
    }

    func testLocatorOnTheFirstLine() {
        Self.withLocator(#"{"a": 1}"#) { locator in
            XCTAssertEqual(locator.location(of: 0), TextLocation(line: 1, column: 1))
            XCTAssertEqual(locator.location(of: 1), TextLocation(line: 1, column: 2))
            XCTAssertEqual(locator.location(of: 6), TextLocation(line: 1, column: 7))
            XCTAssertEqual(locator.location(of: 8), TextLocation(line: 1, column: 9))  // the end
        }
    }

    func testLocatorAfterNewlines() {
        // Offsets:      0 1 2  3 4 5  6  7
        let text = "ab\ncd\n\nx"
        Self.withLocator(text) { locator in
            XCTAssertEqual(locator.location(of: 1), TextLocation(line: 1, column: 2))
            XCTAssertEqual(locator.location(of: 2), TextLocation(line: 1, column: 3))  // the newline itself
            XCTAssertEqual(locator.location(of: 3), TextLocation(line: 2, column: 1))
            XCTAssertEqual(locator.location(of: 4), TextLocation(line: 2, column: 2))
            XCTAssertEqual(locator.location(of: 6), TextLocation(line: 3, column: 1))  // an empty line
            XCTAssertEqual(locator.location(of: 7), TextLocation(line: 4, column: 1))
            XCTAssertEqual(locator.location(of: 8), TextLocation(line: 4, column: 2))
        }
    }

    func testLocatorCountsCharactersNotBytes() {
        // "é" is 2 bytes, "€" 3 and "🚀" 4; each is one column.
        let text = "é€🚀x\n  é!"
        Self.withLocator(text) { locator in
            XCTAssertEqual(locator.location(of: 0), TextLocation(line: 1, column: 1))
            XCTAssertEqual(locator.location(of: 2), TextLocation(line: 1, column: 2))  // €
            XCTAssertEqual(locator.location(of: 5), TextLocation(line: 1, column: 3))  // 🚀
            XCTAssertEqual(locator.location(of: 9), TextLocation(line: 1, column: 4))  // x
            XCTAssertEqual(locator.location(of: 10), TextLocation(line: 1, column: 5))  // newline
            XCTAssertEqual(locator.location(of: 13), TextLocation(line: 2, column: 3))  // é
            XCTAssertEqual(locator.location(of: 15), TextLocation(line: 2, column: 4))  // !
        }
    }

    func testLocatorAnswersOffsetsAskedForOutOfOrder() {
        let text = "first\nsécond 🚀 line\n\nfourth é line\nlast"
        let offsets = [30, 3, 0, 25, 6, 40, 12, 12, 19, 22, 1, 38, 7]
        Self.withLocator(text) { locator in
            for offset in offsets {
                XCTAssertEqual(locator.location(of: offset), Self.referenceLocation(of: offset, in: text), "offset \(offset)")
            }
        }
    }

    func testLocatorMatchesAnIndependentComputationAtEveryCharacter() {
        let text = "{\n  \"name\": \"Gagarin\",\n  \"note\": \"Юрий 🚀 שלום\",\r\n\t\"x\": [1, 2]\n}\n"
        let utf8 = Array(text.utf8)
        // Every offset that starts a character, plus the end.
        let offsets = utf8.indices.filter { utf8[$0] & 0xC0 != 0x80 } + [utf8.count]
        Self.withLocator(text) { locator in
            for offset in offsets {
                XCTAssertEqual(locator.location(of: offset), Self.referenceLocation(of: offset, in: text), "in order, offset \(offset)")
            }
        }
        // A fixed scrambled order: every 7th offset, wrapping round.
        let scrambled = offsets.indices.map { offsets[($0 * 7) % offsets.count] }
        XCTAssertEqual(Set(scrambled).count, offsets.count, "the scrambled order visits every offset")
        Self.withLocator(text) { locator in
            for offset in scrambled {
                XCTAssertEqual(locator.location(of: offset), Self.referenceLocation(of: offset, in: text), "scrambled, offset \(offset)")
            }
        }
    }

    func testLocatorClampsOffsetsOutsideTheText() {
        Self.withLocator("ab\ncd") { locator in
            XCTAssertEqual(locator.location(of: 100), TextLocation(line: 2, column: 3))
            XCTAssertEqual(locator.location(of: -5), TextLocation(line: 1, column: 1))
        }
        Self.withLocator("") { locator in
            XCTAssertEqual(locator.location(of: 0), TextLocation(line: 1, column: 1))
        }
    }

    func testLocatorTreatsCRLFAsOneLineBreak() {
        Self.withLocator("a\r\nb") { locator in
            XCTAssertEqual(locator.location(of: 3), TextLocation(line: 2, column: 1))
            XCTAssertEqual(locator.location(of: 1), TextLocation(line: 1, column: 2))
        }
    }

    func testTextLocationDescription() {
        XCTAssertEqual(TextLocation(line: 12, column: 5).description, "12:5")
        XCTAssertEqual("\(TextLocation(line: 1, column: 1))", "1:1")
    }

    func testSyntaxErrorOffsetsLocateTheProblem() throws {
        let text = "{\n  \"ünïcode\": \"é\",\n  \"n\": 01\n}"
        let bytes = Array(text.utf8)
        let error = try XCTUnwrap(syntaxError(bytes, file: #filePath, line: #line))
        XCTAssertTrue(error.message.contains("leading zero"), error.message)
        let location = Self.withLocator(text) { $0.location(of: error.offset) }
        XCTAssertEqual(location, TextLocation(line: 3, column: 8))

        let trailing = "[\n  1,\n  2,\n]"
        let trailingError = try XCTUnwrap(syntaxError(Array(trailing.utf8), file: #filePath, line: #line))
        XCTAssertEqual(Self.withLocator(trailing) { $0.location(of: trailingError.offset) }, TextLocation(line: 4, column: 1))
    }

    // MARK: - Cross-check with Foundation

    /// Small valid documents that both readers must accept.
    private static let validDocuments: [String] = [
        "{}", "[]", #""""#, "0", "-0", "1", "-1", "1.5", "1.5e+10", "-2E-3", "0.25", "1e5",
        "123456789012345678901234567890", "true", "false", "null",
        #""plain""#, #""\"\\\/\b\f\n\r\t""#, #""\u0041\u00e9""#, #""\uD83D\uDE80""#, #""\u0000""#,
        "\"é 🚀 שלום\"", "\"\u{7F}\"",
        #"[1, "two", 3.0, true, false, null, {}, []]"#,
        #"{"a": {"b": {"c": [1, [2, [3]]]}}}"#,
        #"{"key with spaces": "value", "": "empty key"}"#,
        " \t\r\n[ 1 ,\n 2 ]\r\n ",
        #"{"missions": [{"id": 11, "crew": [{"name": "Neil", "role": "Commander"}]}]}"#,
        "[" + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "]",
        #"[-0.0, 0e0, 1E-1, 9223372036854775807, -9223372036854775808]"#,
    ]

    func testFoundationAcceptsTheSameValidDocuments() {
        XCTAssertGreaterThanOrEqual(Self.validDocuments.count, 30)
        for document in Self.validDocuments {
            assertAccepts(document)
            XCTAssertNoThrow(
                try JSONSerialization.jsonObject(with: Data(document.utf8), options: [.fragmentsAllowed]),
                "Foundation rejects \(document.debugDescription)")
        }
    }

    func testDecodedStringsMatchFoundation() throws {
        for document in [
            #""plain""#, #""\"\\\/\b\f\n\r\t""#, #""\u0041\u00e9""#, #""\uD83D\uDE80""#,
            "\"é 🚀 שלום\"", #""mixed é \n \u20AC 🚀""#, #""\u0000x""#,
        ] {
            let ours = try Self.decodeString(document)
            let theirs = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(document.utf8), options: [.fragmentsAllowed]) as? String, document)
            XCTAssertEqual(Array(ours.utf8), Array(theirs.utf8), document)
        }
    }

    func testIntegersMatchFoundation() throws {
        for document in ["0", "-0", "42", "-17", "9223372036854775807", "-9223372036854775808", "1969"] {
            let ours = try XCTUnwrap(try Self.readWholeInteger(document), document)
            let theirs = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(document.utf8), options: [.fragmentsAllowed]) as? NSNumber, document)
            XCTAssertEqual(ours, theirs.int64Value, document)
        }
    }

    func testFoundationAlsoRejectsTheseInvalidDocuments() {
        // Only documents Foundation is strict about; it tolerates some (trailing commas), which are not listed.
        let invalid: [[UInt8]] =
            [
                "", "   ", "[", "[1", "{\"a\":1", "{\"a\" 1}", "// c\n1", "/* c */ 1", "01", "-01", "'a'",
                "\"a\tb\"", "\"a\nb\"", "\"\\x\"", "\"\\u12G4\"", "\"\\uD800\"", "\"\\uDC00\"", "\"\\uD800\\u0041\"",
                "NaN", "Infinity", "-Infinity", "1 2", "{} []", "\"abc", "1.", ".5", "1e", "+1", "tru",
            ].map { Array($0.utf8) } + [
                [0xFF], [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0x61, 0xC3],
                [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
            ]
        for bytes in invalid {
            XCTAssertNotNil(syntaxError(bytes, file: #filePath, line: #line))
            XCTAssertThrowsError(
                try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]),
                "Foundation accepts \(Self.describe(bytes))")
        }
    }
}

/// A source that hands out its bytes one at a time, keeping only what the reader asks it to.
/// Each window is written into the other of two buffers it owns, and the one before is then
/// overwritten with 0xFF: a reader that kept using an old window would read garbage.
private final class TrickleSource: JSONByteSource {
    private let bytes: [UInt8]
    private var buffers: [UnsafeMutableBufferPointer<UInt8>]
    private var current = 0
    private var origin = 0, count = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        buffers = (0..<2).map { _ in .allocate(capacity: max(bytes.count, 1)) }
    }

    deinit { for buffer in buffers { buffer.deallocate() } }

    func window(keepingFrom keep: Int, needing needed: Int) throws -> (origin: Int, bytes: UnsafeBufferPointer<UInt8>) {
        precondition(keep >= origin, "the reader asked for bytes it had let go")
        let end = min(max(origin + count + 1, needed), bytes.count)
        let previous = current
        current = 1 - current
        count = max(end - keep, 0)
        origin = keep
        // Copied at once (a loop of this debug build copying byte by byte, one window more
        // for each byte of a long string, took seconds).
        if count > 0 { bytes.withUnsafeBufferPointer { buffers[current].baseAddress!.update(from: $0.baseAddress! + keep, count: count) } }
        buffers[previous].update(repeating: 0xFF)
        return (origin, UnsafeBufferPointer(rebasing: buffers[current][..<count]))
    }
}

/// `TextCursor` asked about any offset of a text: a new cursor moved up to it in two steps, so
/// that moving in steps and moving at once are checked to agree.
private struct Locator {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func location(of offset: Int) -> TextLocation {
        let target = min(max(offset, 0), bytes.count)
        var cursor = TextCursor()
        cursor.advance(over: UnsafeBufferPointer(rebasing: bytes[..<(target / 2)]))
        cursor.advance(over: UnsafeBufferPointer(rebasing: bytes[(target / 2)..<target]))
        return cursor.location
    }
}
