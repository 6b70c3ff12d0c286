// Build-time tool of the LayerRules plugin: `check-imports OUTPUT.swift --forbid=MODULE ... FILE.swift ...` prints `FILE:LINE: error: ...`
// for every import of a forbidden module and exits 1; otherwise writes OUTPUT.swift, a file with only a comment, and exits 0.
import Foundation

/// The words of Swift source, outside comments and string literals, each with its line (from 1): names and keywords as written (backticks
/// removed), a string literal as `""`, and every other character alone. Block comments nest, as in Swift; LF, CR and CRLF end a line.
struct SourceWords {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private(set) var words: [(line: Int, word: String)] = []

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        while index < scalars.count { readNext() }
    }

    private func starts(_ text: String, at position: Int) -> Bool {
        let pattern = Array(text.unicodeScalars)
        return position + pattern.count <= scalars.count && Array(scalars[position..<position + pattern.count]) == pattern
    }

    private func isLineEnd(_ scalar: Unicode.Scalar) -> Bool { scalar == "\n" || scalar == "\r" }

    private func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }

    /// Moves past one character, counting a line end (CRLF as one).
    private mutating func advance() {
        if scalars[index] == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
        if isLineEnd(scalars[index]) { line += 1 }
        index += 1
    }

    private mutating func readNext() {
        let scalar = scalars[index]
        if starts("//", at: index) {
            while index < scalars.count, !isLineEnd(scalars[index]) { index += 1 }
        } else if starts("/*", at: index) {
            var depth = 0
            repeat {
                if starts("/*", at: index) {
                    depth += 1
                    index += 2
                } else if starts("*/", at: index) {
                    depth -= 1
                    index += 2
                } else {
                    advance()
                }
            } while depth > 0 && index < scalars.count
        } else if scalar == "#" || scalar == "\"" {
            readString()
        } else if scalar == "`" || isWordPart(scalar) {
            let quoted = scalar == "`"
            let start = quoted ? index + 1 : index
            var end = start
            while end < scalars.count, isWordPart(scalars[end]) { end += 1 }
            words.append((line, String(String.UnicodeScalarView(scalars[start..<end]))))
            index = quoted && end < scalars.count && scalars[end] == "`" ? end + 1 : max(end, index + 1)
        } else {
            if !scalar.properties.isWhitespace { words.append((line, String(scalar))) }
            advance()
        }
    }

    /// A string literal (`"…"`, `"""…"""`, raw `#"…"#`), or a `#` that begins none.
    private mutating func readString() {
        var hashes = 0
        var quote = index
        while quote < scalars.count, scalars[quote] == "#" {
            hashes += 1
            quote += 1
        }
        guard quote < scalars.count, scalars[quote] == "\"" else {
            words.append((line, "#"))
            index += 1
            return
        }
        let multiline = starts("\"\"\"", at: quote)
        let close = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
        let escape = "\\" + String(repeating: "#", count: hashes)
        words.append((line, "\"\""))
        index = quote + (multiline ? 3 : 1)
        while index < scalars.count, !starts(close, at: index), multiline || !isLineEnd(scalars[index]) {
            if starts(escape, at: index) { index += escape.unicodeScalars.count }
            if index < scalars.count { advance() }
        }
        index += close.unicodeScalars.count
    }
}

/// The imports in Swift source `text`: the line of each `import` and the module it names
/// (`CSQLite3` for `@testable import struct CSQLite3.sqlite3`).
func imports(in text: String) -> [(line: Int, module: String)] {
    let kinds: Set = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
    let words = SourceWords(text).words
    var found: [(line: Int, module: String)] = []
    for (position, word) in words.enumerated() where word.word == "import" {
        // `work.import` and `f(import: 1)` use the word as a name.
        if position > 0, words[position - 1].word == "." { continue }
        var next = position + 1
        if next < words.count, words[next].word == ":" { continue }
        if next < words.count, kinds.contains(words[next].word) { next += 1 }
        if next < words.count { found.append((word.line, words[next].word)) }
    }
    return found
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: check-imports OUTPUT.swift --forbid=MODULE ... FILE.swift ...\n".utf8))
    exit(64)
}
let output = arguments.removeFirst()
let forbidden = Set(arguments.filter { $0.hasPrefix("--forbid=") }.map { String($0.dropFirst("--forbid=".count)) })
let files = arguments.filter { !$0.hasPrefix("--forbid=") }

var failures = 0
for file in files {
    guard let data = FileManager.default.contents(atPath: file) else {
        print("\(file): error: cannot read the file to check its imports")
        failures += 1
        continue
    }
    for (line, module) in imports(in: String(decoding: data, as: UTF8.self)) where forbidden.contains(module) {
        print("\(file):\(line): error: only the SQLite target may import \(module); use the SQLite module's Database and Statement instead")
        failures += 1
    }
}
guard failures == 0 else { exit(1) }
let checked = "// Generated by the LayerRules plugin: none of this target's files imports \(forbidden.sorted().joined(separator: ", ")).\n"
do {
    try checked.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    print("\(output): error: cannot write: \(error)")
    exit(1)
}
