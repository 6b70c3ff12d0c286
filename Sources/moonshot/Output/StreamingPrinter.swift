import MoonshotKit

/// Prints rows of any query as they arrive: JSON and CSV row by row, so that a result of any
/// size is printed in constant memory; a table only up to `tableRowLimit` rows, since its
/// column widths need every row first.
struct StreamingPrinter {
    let format: OutputFormat
    let width: Int?
    /// The most rows a table prints; JSON and CSV print them all.
    static let tableRowLimit = 10_000

    private var columns: [String] = []
    private var keys: [String] = []
    private var tableRows: [[String]] = []
    private var count = 0
    private var truncated = false

    init(format: OutputFormat, width: Int?) {
        self.format = format
        self.width = width
    }

    mutating func begin(columns: [String]) {
        self.columns = columns
        keys = Self.uniqueKeys(columns)
        switch format {
        case .json: Terminal.write("[")
        case .csv: Terminal.write(CSVWriter.write(header: columns, rows: []))
        case .table: break
        }
    }

    /// Prints or keeps `row`; returns false once no more rows are wanted.
    mutating func add(_ row: [SQLValue]) -> Bool {
        count += 1
        switch format {
        case .json:
            let object = JSONValue.object(zip(keys, row.map(\.json)).map { ($0, $1) })
            Terminal.write((count == 1 ? "\n  " : ",\n  ") + object.serialized(indent: 1))
        case .csv:
            Terminal.write(CSVWriter.write(header: row.map { $0 == .null ? "" : $0.displayText }, rows: []))
        case .table:
            guard count <= Self.tableRowLimit else {
                truncated = true
                return false
            }
            tableRows.append(row.map(\.displayText))
        }
        return true
    }

    mutating func finish() {
        switch format {
        case .json: Terminal.write(count == 0 ? "]\n" : "\n]\n")
        case .csv: break
        case .table:
            Terminal.write(tableRows.isEmpty ? "(none)\n" : TableRenderer(width: width).render(
                columns.map { TableColumn(title: $0, keepsCase: true, wraps: true) }, tableRows))
            if truncated {
                Terminal.writeError("Showing the first \(Self.tableRowLimit) rows; use --format csv or json for all of them, or add a LIMIT.\n")
            }
        }
    }

    /// Column names made unique for JSON objects: a second `id` becomes `id_2`.
    static func uniqueKeys(_ names: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return names.map { name in
            seen[name, default: 0] += 1
            return seen[name]! == 1 ? name : "\(name)_\(seen[name]!)"
        }
    }
}
