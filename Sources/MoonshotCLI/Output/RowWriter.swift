import Questions
import SQLite

/// Where an answer's rows go, one at a time, in one output format: JSON and CSV write each row as it comes, a table once its first rows set
/// the column widths, so a result of any size (`sql`) prints in constant memory.
protocol RowWriter {
    mutating func begin(columns: [String])
    mutating func add(_ row: [Cell])
    mutating func finish()
}

/// One value to print, from an answer or from any SQL.
enum Cell {
    case answer(AnswerValue)
    case sql(SQLValue)

    /// For people: dates as "Jul 16, 1969", "N/A" for none; SQL's NULL as "NULL".
    var display: String {
        switch self {
        case .answer(let value): value.display
        case .sql(let value): value.displayText
        }
    }

    /// For CSV: ISO dates; empty for none and for NULL.
    var plain: String {
        switch self {
        case .answer(let value): value.plain
        case .sql(.null): ""
        case .sql(let value): value.displayText
        }
    }

    var json: JSONValue {
        switch self {
        case .answer(let value): value.json
        case .sql(let value): value.json
        }
    }
}

/// Rows as a JSON array of objects, or, under a subject, as the subject's object with the rows under `listKey`.
struct JSONRowWriter: RowWriter {
    /// The subject's members, when there is one.
    var subject: [(String, JSONValue)]? = nil
    /// The subject's member that holds the rows.
    var listKey = "rows"

    private var keys: [String] = []
    private var count = 0

    init(subject: [(String, JSONValue)]? = nil, listKey: String = "rows") {
        (self.subject, self.listKey) = (subject, listKey)
    }

    private var depth: Int { subject == nil ? 1 : 2 }

    mutating func begin(columns: [String]) {
        keys = Self.uniqueKeys(columns)
        guard let subject else { return Terminal.write("[") }
        let members = subject.map { "  " + JSONValue.string($0.0).serialized() + ": " + $0.1.serialized(indent: 1) + ",\n" }
        Terminal.write("{\n" + members.joined() + "  " + JSONValue.string(listKey).serialized() + ": [")
    }

    mutating func add(_ row: [Cell]) {
        count += 1
        let object = JSONValue.object(zip(keys, row.map { $0.json }).map { ($0, $1) })
        let indent = String(repeating: "  ", count: depth)
        Terminal.write((count == 1 ? "\n" : ",\n") + indent + object.serialized(indent: depth))
    }

    mutating func finish() {
        let closing = String(repeating: "  ", count: depth - 1)
        Terminal.write(count == 0 ? "]" : "\n" + closing + "]")
        Terminal.write(subject == nil ? "\n" : "\n}\n")
    }

    /// Column names made unique for JSON objects: the first of each keeps it, a later one gets the first suffix no
    /// column has (`id`, `id` → `id`, `id_2`; `a`, `a`, `a_2` → `a`, `a_3`, `a_2`).
    static func uniqueKeys(_ names: [String]) -> [String] {
        var taken = Set(names)
        var seen: Set<String> = []
        var nextSuffix: [String: Int] = [:]
        return names.map { name in
            guard !seen.insert(name).inserted else { return name }
            var suffix = nextSuffix[name, default: 2]
            while taken.contains("\(name)_\(suffix)") { suffix += 1 }
            nextSuffix[name] = suffix + 1
            taken.insert("\(name)_\(suffix)")
            return "\(name)_\(suffix)"
        }
    }
}

/// RFC 4180 CSV: one header row, CRLF line ends, fields quoted when they need it. A subject's fields open every line; a
/// subject without rows still gets its line.
struct CSVRowWriter: RowWriter {
    /// The subject's column names and values, written before each row's.
    var subjectColumns: [String] = []
    var subjectValues: [String] = []

    private var columnCount = 0
    private var count = 0

    init(subjectColumns: [String] = [], subjectValues: [String] = []) {
        (self.subjectColumns, self.subjectValues) = (subjectColumns, subjectValues)
    }

    mutating func begin(columns: [String]) {
        columnCount = columns.count
        Terminal.write(Self.line(subjectColumns + columns))
    }

    mutating func add(_ row: [Cell]) {
        count += 1
        Terminal.write(Self.line(subjectValues + row.map { $0.plain }))
    }

    mutating func finish() {
        if count == 0, !subjectValues.isEmpty {
            Terminal.write(Self.line(subjectValues + Array(repeating: "", count: columnCount)))
        }
    }

    static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// A field, quoted (with quotes doubled) if it holds a comma, quote, CR or LF.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
