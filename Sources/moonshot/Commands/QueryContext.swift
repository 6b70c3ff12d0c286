import MoonshotKit

/// What every question-answering command shares: the open database, the output format and
/// width, and `--show-sql`.
struct QueryContext {
    let database: MoonshotDatabase
    let format: OutputFormat
    let width: Int?
    let showSQL: Bool

    init(_ invocation: Invocation) throws {
        database = try MoonshotDatabase(path: try invocation.databasePath())
        format = invocation.value("format").flatMap(OutputFormat.init(rawValue:)) ?? .table
        width = TerminalWidth.current(environment: invocation.environment)
        showSQL = invocation.flag("show-sql")
    }

    /// Prints the answer in the chosen format, after the SQL when asked for.
    func print(table columns: [TableColumn], keys: [String], rows: [[Cell]], json: @autoclosure () -> JSONValue,
               heading: String? = nil) {
        printSQL()
        switch format {
        case .json:
            Terminal.write(json().serialized() + "\n")
        case .csv:
            Terminal.write(CSVWriter.write(header: keys, rows: rows.map { $0.map(\.csv) }))
        case .table:
            var text = heading.map { $0 + "\n\n" } ?? ""
            text += rows.isEmpty ? "(none)\n" : TableRenderer(width: width).render(columns, rows.map { $0.map(\.text) })
            Terminal.write(text)
        }
    }

    /// Prints a document for people (table format) or its JSON/CSV equivalents.
    func print(text: @autoclosure () -> String, json: @autoclosure () -> JSONValue, csvKeys: [String], csvRow: @autoclosure () -> [Cell]) {
        printSQL()
        switch format {
        case .json: Terminal.write(json().serialized() + "\n")
        case .csv: Terminal.write(CSVWriter.write(header: csvKeys, rows: [csvRow().map(\.csv)]))
        case .table: Terminal.write(text())
        }
    }

    /// A page for people about one thing: a heading, a table (or `ifEmpty` when it has no
    /// rows), and the description wrapped to the width.
    func page(heading: String, columns: [TableColumn], rows: [[Cell]], ifEmpty: String, description: String) -> String {
        let table = rows.isEmpty ? ifEmpty + "\n" : TableRenderer(width: width).render(columns, rows.map { $0.map(\.text) })
        return heading + "\n\n" + table + "\n" + wrapped(description)
    }

    /// Wraps prose to the output width, keeping paragraph breaks.
    func wrapped(_ text: String) -> String {
        guard let width else { return text + "\n" }
        return TableRenderer(width: width).wrap(text, to: max(20, width)).joined(separator: "\n") + "\n"
    }

    private func printSQL() {
        guard showSQL else { return }
        let statements = database.executed.map { $0.runnable.trimmingTrailingWhitespace + ";\n" }
        Terminal.writeError("-- SQL run by moonshot; paste into: sqlite3 \(shellQuoted(database.path))\n" + statements.joined())
    }
}

/// One value of an answer, shown differently by each format.
enum Cell {
    case text(String)
    case optionalText(String?)
    case integer(Int64)
    case date(LaunchDate?)

    /// For people: dates as "Jul 16, 1969", "N/A" for none.
    var text: String {
        switch self {
        case .text(let text): text
        case .optionalText(let text): text ?? "N/A"
        case .integer(let number): String(number)
        case .date(let date): date?.abbreviated ?? "N/A"
        }
    }

    /// For CSV: dates in ISO form, empty for none.
    var csv: String {
        switch self {
        case .text(let text): text
        case .optionalText(let text): text ?? ""
        case .integer(let number): String(number)
        case .date(let date): date?.iso ?? ""
        }
    }
}

extension SQLValue {
    /// The value as text: numbers in decimal, blobs as `X'00FF'`, NULL as "NULL".
    var displayText: String {
        switch self {
        case .null, .blob: sqlLiteral
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): value
        }
    }

    var json: JSONValue {
        switch self {
        case .null: .null
        case .integer(let value): .integer(value)
        case .real(let value): .number(value)
        case .text(let value): .string(value)
        case .blob: .string(displayText)
        }
    }
}

extension LaunchDate? {
    /// ISO date, or JSON null.
    var json: JSONValue { self.map { .string($0.iso) } ?? .null }
}

extension String {
    var trimmingTrailingWhitespace: String {
        var text = self
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
