/// Facts about the statements of schema.sql.
enum SchemaScript {
    /// Whether `statement` creates an index (leading comments and white space aside).
    static func isIndex(_ statement: String) -> Bool {
        let words = withoutLeadingComments(statement).split(whereSeparator: { $0.isWhitespace }).prefix(3).map { $0.uppercased() }
        return words.starts(with: ["CREATE", "INDEX"]) || words.starts(with: ["CREATE", "UNIQUE", "INDEX"])
    }

    /// Whether `statement` creates a virtual table (a full-text index).
    static func isVirtualTable(_ statement: String) -> Bool {
        withoutLeadingComments(statement).split(whereSeparator: { $0.isWhitespace }).prefix(3).map { $0.uppercased() }
            == ["CREATE", "VIRTUAL", "TABLE"]
    }

    /// `statement` from its first keyword on.
    static func withoutLeadingComments(_ statement: String) -> Substring {
        var text = Substring(statement)
        while true {
            text = text.drop(while: { $0.isWhitespace })
            if text.hasPrefix("--") {
                text = text.drop(while: { $0 != "\n" })
            } else if text.hasPrefix("/*") {
                text = text.dropFirst(2)
                while !text.isEmpty, !text.hasPrefix("*/") { text = text.dropFirst() }
                text = text.dropFirst(2)
            } else {
                return text
            }
        }
    }
}
