import Dataset

/// Words made safe for an mdoc(7) page, as `TerminalText` is for a terminal: roff obeys backslashes, lines starting with `.` or `'`, and quotes,
/// macro names and lone delimiters on macro lines, so those get `\e`, `\(dq` or `\&`, and non-ASCII `\[uXXXX]`: the page is plain ASCII.
enum Mdoc {
    /// `text` as lines of running text: each sentence starts a line (as mdoc asks, to space sentences as such), lines
    /// break between words before 80 bytes, and none is blank or has a space at either end.
    static func text(_ text: String) -> String {
        sentences(text).flatMap { wrapped(escaped($0)) }.map(guarded).joined(separator: "\n")
    }

    /// `text` as lines of a literal display (`.Bd -literal`), each kept as it is but escaped.
    static func literal(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { guarded(escaped(String($0)).trimmingTrailingSpaces) }
            .joined(separator: "\n")
    }

    /// `word` as one argument of a macro line: quoted when it has spaces, with `\&` before it when mdoc would read it
    /// as a macro or a delimiter.
    static func argument(_ word: String) -> String {
        let escaped = escaped(word)
        if escaped.isEmpty { return "\"\"" }
        if escaped.contains(" ") { return "\"" + escaped + "\"" }
        return readsAsMacro(escaped) || delimiters.contains(escaped) ? "\\&" + escaped : escaped
    }

    /// A macro line: `.Fl` and its arguments, each escaped (`macro` itself is written as given).
    static func line(_ macro: String, _ arguments: String...) -> String {
        ([".\(macro)"] + arguments.map(argument)).joined(separator: " ")
    }

    /// The characters of `text` as roff shows them, nothing obeyed; a name followed by `()` gets `\&` between them,
    /// which mandoc would otherwise take for a function's name written without its macro.
    static func escaped(_ text: String) -> String {
        var result = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\\": result += "\\e"
            case "\"": result += "\\(dq"
            case "(" where index > 0 && index + 1 < scalars.count && scalars[index + 1] == ")" && isNamePart(scalars[index - 1]):
                result += "\\&("
            case " "..."~": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value): result += " "
            default: result += "\\[u" + hex(scalar.value, width: 4) + "]"
            }
        }
        return result
    }

    /// The delimiters mdoc treats apart when they stand alone as an argument.
    private static let delimiters: Set<String> = ["(", ")", "[", "]", ".", ",", ":", ";", "!", "?", "|"]

    /// Whether mdoc may read `word` as a macro's name: a capital and one or two small letters (`No`, `Brq`), or `%A`.
    private static func readsAsMacro(_ word: String) -> Bool {
        let letters = Array(word.unicodeScalars)
        guard (2...3).contains(letters.count) else { return false }
        if letters[0] == "%" { return true }
        return ("A"..."Z").contains(letters[0]) && letters.dropFirst().allSatisfy { ("a"..."z").contains($0) }
    }

    /// `line` with `\&` before it when roff would read it as a request (it starts with `.` or `'`).
    private static func guarded(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    /// The sentences of `text`, one a line, words joined by single spaces: broken after `.`, `?` or `!` (and any
    /// closing bracket or quote) when a capital letter follows (after any opening one).
    private static func sentences(_ text: String) -> [String] {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        var lines: [String] = []
        var line = ""
        for word in words {
            if !line.isEmpty {
                let ending = line.reversed().drop { ")]'\"".contains($0) }.first
                if let ending, ".?!".contains(ending), word.drop(while: { "'\"([".contains($0) }).first?.isUppercase == true {
                    lines.append(line)
                    line = ""
                } else {
                    line += " "
                }
            }
            line += word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// `line` broken between words into lines shorter than 80 bytes (a longer word stays whole).
    private static func wrapped(_ line: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ") {
            if !current.isEmpty, current.utf8.count + 1 + word.utf8.count >= 80 {
                lines.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    private static func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
