import Dataset
import Store

/// The descriptions schema.sql's comments give its tables, views and columns: an object's is the first paragraph of the comment above its `CREATE`,
/// a column's the comment ending the line that declares it, with the comment lines right below that line up with it.
package struct SchemaDocumentation: Equatable, Sendable {
    package struct Object: Equatable, Sendable {
        package let name: String
        package let isView: Bool
        package let description: String
        package internal(set) var columns: [Column]
    }

    package struct Column: Equatable, Sendable {
        package let name: String
        package internal(set) var description: String
    }

    /// Every `CREATE TABLE`, `CREATE VIRTUAL TABLE` and `CREATE VIEW` of the schema, in order.
    package let objects: [Object]

    package static let moonshot = SchemaDocumentation(sql: MoonshotFile.schemaSQL)

    /// Reads the comments of `sql`, a schema written in schema.sql's style.
    package init(sql: String) {
        var objects: [Object] = []
        var comment: [String] = []
        var paragraphEnded = false
        var current: Object?
        var inSelectList = false
        var passedFrom = false
        /// Where the comment of the column on the line before starts, if the line declared one.
        var continuesColumn: Int?
        for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
            let (code, remark) = Self.splitComment(line)
            let trimmed = code.trimmingWhitespace()
            if var object = current {
                let firstWord = trimmed.prefix { $0.isLetter }.uppercased()
                if object.isView, firstWord == "SELECT", !passedFrom { inSelectList = true }
                if object.isView, firstWord == "FROM" {
                    inSelectList = false
                    passedFrom = true
                }
                if trimmed.isEmpty, let remark, let start = continuesColumn, code.count >= start {
                    // A comment line below a column's, lined up with its comment or further in, continues it.
                    let more = remark.trimmingWhitespace()
                    if !more.isEmpty { object.columns[object.columns.count - 1].description += " " + more }
                } else if let remark, !trimmed.isEmpty, !object.isView || inSelectList,
                    let column = Self.declaredColumn(trimmed, inView: object.isView)
                {
                    object.columns.append(Column(name: column, description: String(remark.trimmingWhitespace())))
                    continuesColumn = code.count
                } else {
                    continuesColumn = nil
                }
                current = object
                if trimmed.hasSuffix(";") {
                    objects.append(object)
                    current = nil
                }
                continue
            }
            if trimmed.isEmpty, let remark {
                // A comment line: the first paragraph describes the next CREATE.
                if remark.hasPrefix("  ") || (remark.trimmingWhitespace().isEmpty && !comment.isEmpty) { paragraphEnded = true }
                if !paragraphEnded, !remark.trimmingWhitespace().isEmpty { comment.append(String(remark.trimmingWhitespace())) }
                continue
            }
            // A CREATE takes the comment above it; any other statement or a blank line drops it.
            if let (name, isView) = Self.createdObject(trimmed) {
                current = Object(name: name, isView: isView, description: comment.joined(separator: " "), columns: [])
                inSelectList = isView && trimmed.uppercased().contains(" SELECT")
                passedFrom = false
                continuesColumn = nil
                if trimmed.hasSuffix(";") {
                    objects.append(current!)
                    current = nil
                }
            }
            comment = []
            paragraphEnded = false
        }
        self.objects = objects
    }

    /// `line` split at the `--` that starts its comment (outside quotes), the comment without it.
    static func splitComment(_ line: Substring) -> (code: Substring, comment: Substring?) {
        var quote: Character?
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            let next = line.index(after: index)
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "-", next < line.endIndex, line[next] == "-" {
                var remark = line[line.index(after: next)...]
                if remark.first == " " { remark = remark.dropFirst() }
                return (line[..<index], remark)
            }
            index = next
        }
        return (line, nil)
    }

    /// The name of the table or view a `CREATE` line starts, and whether it is a view.
    static func createdObject(_ code: Substring) -> (String, Bool)? {
        var words = code.split(whereSeparator: { $0 == " " || $0 == "(" })
        if let ifIndex = words.firstIndex(where: { $0.uppercased() == "IF" }), ifIndex <= 3,
            words.dropFirst(ifIndex).prefix(3).map({ $0.uppercased() }) == ["IF", "NOT", "EXISTS"]
        {
            words.removeSubrange(ifIndex..<ifIndex + 3)
        }
        let upper = words.prefix(3).map { $0.uppercased() }
        if upper.starts(with: ["CREATE", "TABLE"]), words.count > 2 { return (String(words[2]), false) }
        if upper.starts(with: ["CREATE", "VIEW"]), words.count > 2 { return (String(words[2]), true) }
        if upper.starts(with: ["CREATE", "VIRTUAL", "TABLE"]), words.count > 3 { return (String(words[3]), false) }
        return nil
    }

    /// The column a line of a `CREATE TABLE` (its first word) or of a view's select list (the
    /// name after its last `AS`, or its only word) declares.
    static func declaredColumn(_ code: Substring, inView: Bool) -> String? {
        let words = code.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "(" || $0 == ")" })
        guard let first = words.first else { return nil }
        if !inView { return ["PRIMARY", "UNIQUE", "CHECK", "FOREIGN", "CONSTRAINT"].contains(first.uppercased()) ? nil : String(first) }
        let name: Substring?
        if words.count >= 2, words[words.count - 2].uppercased() == "AS" {
            name = words[words.count - 1]
        } else if first.uppercased() == "SELECT", words.count == 2 {
            name = words[1]
        } else {
            name = words.count == 1 ? first : nil
        }
        // `m.name,` is the column `name`.
        return name.map { String($0.split(separator: ".").last ?? $0) }
    }
}
