/// `text` as a JSON string literal: quotes, backslashes and control characters escaped. Used
/// for JSON output, and to show names and keys in messages and paths unambiguously.
public func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\u" + hex(scalar.value, width: 4)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

/// `text` as `quoted` writes it, for a message that echoes what the user gave: cut after
/// `limit` characters, with how long it was (`"the the the…" (20000 characters)`).
public func quoted(_ text: String, shortenedTo limit: Int) -> String {
    guard text.count > limit else { return quoted(text) }
    return quoted(String(text.prefix(limit)) + "…") + " (\(text.count) characters)"
}

/// `text` for a message that echoes what the user gave: cut after `limit` characters, with
/// how long it was (`the the the… (20000 characters)`).
public func shortened(_ text: String, to limit: Int) -> String {
    text.count > limit ? String(text.prefix(limit)) + "… (\(text.count) characters)" : text
}

/// `text` as one word for a POSIX shell, to show in a command to copy: as it is when it holds
/// only characters no shell treats specially, in single quotes otherwise (`'it'\''s'`).
public func shellQuoted(_ text: String) -> String {
    let plain = !text.isEmpty && !text.hasPrefix("=") && text.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "_./:=@%+-,".unicodeScalars.contains($0))
    }
    return plain ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}

/// Whether a terminal would obey `scalar` rather than show it: a C0 control (line feed and tab
/// included), DEL, a C1 control, a bidirectional control or the Unicode line and paragraph
/// separators.
public func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
}
