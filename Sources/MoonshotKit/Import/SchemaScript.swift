/// schema.sql taken apart into its statements, so the importer can run them in the order
/// that is quickest (tables first, indexes once the rows are in) with the same result.
struct SchemaScript {
    /// Every statement, in the order written, each with its leading comments.
    let statements: [String]

    init(_ script: String) {
        statements = Self.split(script)
    }

    /// The statements that create indexes.
    var indexes: [String] { statements.filter(Self.isIndex) }

    /// The statements that create virtual tables (the full-text indexes).
    var virtualTables: [String] { statements.filter(Self.isVirtualTable) }

    /// Everything but the indexes, as one script.
    var withoutIndexes: String { statements.filter { !Self.isIndex($0) }.joined(separator: "\n") }

    /// Whether `statement` creates an index (leading comments and white space aside).
    static func isIndex(_ statement: String) -> Bool {
        let words = leadingWords(statement, count: 3)
        return words.starts(with: ["CREATE", "INDEX"]) || words == ["CREATE", "UNIQUE", "INDEX"]
    }

    /// Whether `statement` creates a virtual table.
    static func isVirtualTable(_ statement: String) -> Bool {
        leadingWords(statement, count: 3) == ["CREATE", "VIRTUAL", "TABLE"]
    }

    /// Splits `script` after each `;` that is not inside a string, a quoted name or a
    /// comment. Text after the last `;` that holds no statement is dropped. (A trigger's
    /// BEGIN ... END body would be split too: schema.sql has no triggers; a test checks the
    /// statements run to the same schema as the whole file.)
    static func split(_ script: String) -> [String] {
        let bytes = Array(script.utf8)
        var statements: [String] = []
        var start = 0, index = 0
        var hasCode = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                index += 1
                while index < bytes.count, bytes[index] != byte { index += 1 }
                hasCode = true
            case UInt8(ascii: "["):
                while index < bytes.count, bytes[index] != UInt8(ascii: "]") { index += 1 }
                hasCode = true
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 1
            case UInt8(ascii: ";"):
                if hasCode { statements.append(String(decoding: bytes[start...index], as: UTF8.self)) }
                start = index + 1
                hasCode = false
            case 0x20, 0x09, 0x0A, 0x0D:
                break
            default:
                hasCode = true
            }
            index += 1
        }
        if hasCode { statements.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return statements
    }

    /// The first `count` words of `statement` in upper case, skipping leading comments.
    /// SQL keywords are ASCII, so this looks at bytes, and only at the start.
    static func leadingWords(_ statement: String, count: Int) -> [String] {
        let bytes = Array(statement.utf8)
        var words: [String] = []
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        while index < bytes.count, words.count < count {
            if isSpace(bytes[index]) {
                index += 1
            } else if bytes[index...].starts(with: "--".utf8) {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if bytes[index...].starts(with: "/*".utf8) {
                index += 2
                while index < bytes.count, !bytes[index...].starts(with: "*/".utf8) { index += 1 }
                index += 2
            } else {
                let start = index
                while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "(") { index += 1 }
                if index == start { index += 1 }  // a lone "(": not a keyword
                words.append(String(decoding: bytes[start..<index], as: UTF8.self).uppercased())
            }
        }
        return words
    }
}
