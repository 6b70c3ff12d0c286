/// `text` as a JSON string literal: quotes, backslashes and control characters escaped. Used
/// for JSON output, and to show names and keys in messages and paths unambiguously.
package func quoted(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
        // Escaped characters are ASCII, never a byte of a multi-byte UTF-8 sequence, so runs between them copy whole.
        var result: [UInt8] = [UInt8(ascii: "\"")]
        result.reserveCapacity(bytes.count + 2)
        var start = 0
        for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            result.append(contentsOf: bytes[start..<index])
            switch byte {
            case UInt8(ascii: "\""): result.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): result.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): result.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): result.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): result.append(contentsOf: #"\t"#.utf8)
            default: result.append(contentsOf: ("\\u" + hex(byte, width: 4)).utf8)
            }
            start = index + 1
        }
        result.append(contentsOf: bytes[start...])
        result.append(UInt8(ascii: "\""))
        return String(decoding: result, as: UTF8.self)
    }
}

/// A name as messages list it: as it is when it is a plain word (`my_notes`), `quoted` otherwise (`"a, b"`), so that a
/// list of names reads one way only.
package func shownName(_ name: String) -> String {
    let plain = name.first.map { !$0.isNumber } == true && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    return plain ? name : quoted(name)
}

/// `quoted(text)` for a message echoing user input, cut after `limit` characters: `"the the…" (20000 characters)`.
package func quoted(_ text: String, shortenedTo limit: Int) -> String {
    guard text.count > limit else { return quoted(text) }
    return quoted(String(text.prefix(limit)) + "…") + " (\(text.count) characters)"
}

/// `text` for a message echoing user input, cut after `limit` characters: `the the… (20000 characters)`.
package func shortened(_ text: String, to limit: Int) -> String {
    text.count > limit ? String(text.prefix(limit)) + "… (\(text.count) characters)" : text
}

/// `text` as one word for a POSIX shell, to show in a command to copy: as it is when it holds
/// only characters no shell treats specially, in single quotes otherwise (`'it'\''s'`).
package func shellQuoted(_ text: String) -> String {
    let plain =
        !text.isEmpty && !text.hasPrefix("=")
        && text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "_./:=@%+-,".unicodeScalars.contains($0))
        }
    return plain ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}

/// Whether a terminal would obey `scalar` rather than show it: C0 controls (line feed and tab included), DEL,
/// C1 controls, bidirectional controls and the Unicode line and paragraph separators.
package func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
}

extension String {
    package func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
