import Dataset

/// Text as a terminal shows it: the one place that makes data safe to print (what a terminal would obey shown as `less` does: `^[`, `<U+202E>`)
/// and measures it in cells as glibc's `wcwidth` does, from Swift's Unicode properties so the static binary needs no locale.
enum TerminalText {
    /// `text` with every character a terminal would obey shown visibly; line breaks kept if `lineBreaks`, else `^J`.
    static func visible(_ text: String, lineBreaks: Bool = true) -> String {
        if isPlain(text, lineBreaks: lineBreaks) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if lineBreaks && isLineBreak(character) {
                result += "\n"
            } else {
                result += visible(character)
            }
        }
        return result
    }

    /// The width of `text` in cells, as `visible` shows it: of its widest line when `lineBreaks` is true.
    static func width(_ text: String, lineBreaks: Bool = true) -> Int {
        if isPlain(text, lineBreaks: false) { return text.utf8.count }
        var widest = 0
        var current = 0
        for character in text {
            if lineBreaks && isLineBreak(character) {
                widest = max(widest, current)
                current = 0
            } else {
                current += width(character)
            }
        }
        return max(widest, current)
    }

    /// The width of the widest character (grapheme cluster) of `text` as `visible` shows it: the narrowest a line can
    /// be that `wrap` never makes wider.
    static func widestCharacter(_ text: String) -> Int {
        if isPlain(text, lineBreaks: true) { return text.isEmpty ? 0 : 1 }
        return text.reduce(0) { max($0, isLineBreak($1) ? 0 : width($1)) }
    }

    /// Word-wraps `text` to lines of at most `limit` cells, as `visible` shows them, in linear time; a longer word is broken between grapheme
    /// clusters, never inside one or inside a control character's visible form.
    static func wrap(_ text: String, to limit: Int) -> [String] {
        isPlainLine(text, within: limit) ? [text] : wrapByCharacters(text, to: limit)
    }

    /// Whether `text` is one line of printable ASCII within `limit` cells with no spaces to fold (none doubled or at
    /// either end): what `wrap` returns as it is, without looking at its characters.
    static func isPlainLine(_ text: String, within limit: Int) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in
            guard bytes.count <= limit, bytes.first != 0x20, bytes.last != 0x20 else { return false }
            var previous: UInt8 = 0
            for byte in bytes {
                guard byte >= 0x20 && byte < 0x7F, !(byte == 0x20 && previous == 0x20) else { return false }
                previous = byte
            }
            return true
        }
    }

    /// `wrap`, a character at a time.
    static func wrapByCharacters(_ text: String, to limit: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        var word = ""
        var wordWidth = 0

        /// Puts the word on the line, or on a new line when it does not fit.
        func endWord() {
            guard !word.isEmpty else { return }
            if line.isEmpty {
                (line, lineWidth) = (word, wordWidth)
            } else if lineWidth + 1 + wordWidth <= limit {
                line += " " + word
                lineWidth += 1 + wordWidth
            } else {
                lines.append(line)
                (line, lineWidth) = (word, wordWidth)
            }
            (word, wordWidth) = ("", 0)
        }

        for character in text {
            if isLineBreak(character) {
                endWord()
                lines.append(line)
                (line, lineWidth) = ("", 0)
            } else if character == " " || character == "\t" {
                endWord()
            } else {
                let cells = width(character)
                if wordWidth + cells > limit && !word.isEmpty {
                    // A word longer than a line: a line of its own, and the rest goes on.
                    if !line.isEmpty { lines.append(line) }
                    lines.append(word)
                    (line, lineWidth, word, wordWidth) = ("", 0, "", 0)
                }
                word += visible(character)
                wordWidth += cells
            }
        }
        endWord()
        lines.append(line)
        return lines
    }

    static func padding(_ count: Int) -> String {
        String(repeating: " ", count: max(0, count))
    }

    private static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n"
    }

    /// Whether every byte of `text` is printable ASCII (or a kept line feed), shown as it is: most text, checked
    /// without looking at its characters.
    private static func isPlain(_ text: String, lineBreaks: Bool) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || ($0 == 0x0A && lineBreaks) } }
    }

    /// One character as a terminal should show it.
    private static func visible(_ character: Character) -> String {
        guard character.unicodeScalars.contains(where: { escape($0) != nil }) else { return String(character) }
        return character.unicodeScalars.map { escape($0) ?? String($0) }.joined()
    }

    /// The number of cells `character` takes as `visible` shows it.
    private static func width(_ character: Character) -> Int {
        var cells = 0
        for scalar in character.unicodeScalars {
            if let shown = escape(scalar) { cells += shown.utf8.count } else { cells += width(scalar) }
        }
        return cells
    }

    /// The visible form of a scalar a terminal would obey; nil for any other.
    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        guard isTerminalControl(scalar) else { return nil }
        return switch scalar.value {
        case 0x09: " "
        case 0x00...0x1F: "^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40)))
        case 0x7F: "^?"
        default: "<U+\(hex(scalar.value, width: 4))>"
        }
    }

    /// The cells a printable scalar takes.
    private static func width(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return 1 }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark:
            return 0
        case .format where !visibleFormatCharacters.contains(value):
            return 0
        default:
            break
        }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) || value == 0x200B {
            return 0  // Hangul vowels and final consonants join the syllable before them
        }
        // Regional indicators (flags) are emoji but one cell each, as glibc counts them.
        if properties.isEmojiPresentation && !(0x1F1E6...0x1F1FF).contains(value) { return 2 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// Format characters that take a cell: the soft hyphen and the prepended concatenation marks.
    private static let visibleFormatCharacters: Set<UInt32> = [
        0xAD, 0x600, 0x601, 0x602, 0x603, 0x604, 0x605,
        0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD,
    ]

    /// East Asian wide and fullwidth characters other than emoji: CJK, Hangul, kana and the like.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x16FFF, 0x17000...0x18DFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
