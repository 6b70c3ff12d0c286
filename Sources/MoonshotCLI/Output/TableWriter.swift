/// A column of a table for people.
struct TableColumn {
    /// The heading, shown as `TerminalText` shows it.
    let heading: String
    /// Numbers line up on the right.
    var alignRight = false
    /// This column may be made narrower, wrapping its text, to fit the width.
    var wraps = false
}

/// Lays out rows as aligned columns fitting a terminal width, wrapping wrappable columns, else as stacks of `Heading: value` lines. The first
/// `layoutRows` rows set the widths and later ones print as they come, wrapped to them, so any result takes constant memory.
struct TableWriter: RowWriter {
    /// The width to fit, or nil for no limit (output that is not a terminal).
    let width: Int?
    var emptyText = "(none)"
    /// How many rows are read before the widths are chosen.
    static let layoutRows = 200

    private var columns: [TableColumn]
    /// The headings as a terminal shows them (a query's column names are anyone's text).
    private var headings: [String] = []
    private var pending: [[String]] = []
    private var widths: [Int]?
    private var stacks = false
    /// The widest character (grapheme cluster) in each column of the first rows: no column gets narrower, since
    /// wrapping never splits one.
    private var unbreakable: [Int] = []
    private var count = 0
    private var written = 0
    private let gap = 2
    private static let space = UInt8(ascii: " ")
    private static let newline = UInt8(ascii: "\n")
    /// A wrapped column is never made narrower than this.
    static let minimumWrapWidth = 16

    init(columns: [TableColumn], width: Int?, emptyText: String = "(none)") {
        (self.columns, self.width, self.emptyText) = (columns, width, emptyText)
    }

    mutating func begin(columns names: [String]) {
        if columns.isEmpty { columns = names.map { TableColumn(heading: $0, wraps: true) } }
        headings = columns.map { TerminalText.visible($0.heading, lineBreaks: false) }
    }

    mutating func add(_ row: [Cell]) {
        count += 1
        let texts = row.map { $0.display }
        if widths == nil {
            pending.append(texts)
            if pending.count >= Self.layoutRows { layOut() }
        } else {
            var output: [UInt8] = []
            append(texts, to: &output)
            Terminal.write(output)
        }
    }

    mutating func finish() {
        if count == 0 { return Terminal.write(TerminalText.visible(emptyText) + "\n") }
        if widths == nil { layOut() }
    }

    /// Chooses the widths from the rows so far, and prints the heading and those rows in one write.
    private mutating func layOut() {
        // When more rows may follow, a wrappable column gets room for values a little longer than the first ones (ids
        // that grow a digit), so that few later values need to wrap.
        let moreMayFollow = pending.count >= Self.layoutRows
        unbreakable = columns.indices.map { index in pending.reduce(0) { max($0, TerminalText.widestCharacter($1[index])) } }
        let natural = columns.indices.map { index in
            let widest = pending.reduce(TerminalText.width(headings[index])) { max($0, TerminalText.width($1[index])) }
            return moreMayFollow && columns[index].wraps ? max(widest, Self.minimumWrapWidth) : widest
        }
        var output: [UInt8] = []
        if let fitted = fit(natural) {
            widths = fitted
            appendLine(headings, fitted, to: &output)
            appendLine(fitted.map { String(repeating: "-", count: $0) }, fitted, to: &output)
        } else {
            widths = natural
            stacks = true
        }
        for row in pending { append(row, to: &output) }
        pending = []
        Terminal.write(output)
    }

    /// Appends a row with the chosen widths: as lines of the table, or as a stack of lines after a blank line.
    private mutating func append(_ row: [String], to output: inout [UInt8]) {
        guard let widths else { return }
        written += 1
        if stacks {
            if written > 1 { output.append(Self.newline) }
            output += stacked(row).utf8
            return
        }
        // Most rows are one line of plain text, which needs no wrapping.
        if row.indices.allSatisfy({ TerminalText.isPlainLine(row[$0], within: widths[$0]) }) {
            return appendLine(row, widths, to: &output)
        }
        let cells = row.indices.map { TerminalText.wrap(row[$0], to: widths[$0]) }
        let height = cells.isEmpty ? 1 : cells.reduce(0) { max($0, $1.count) }
        for lineIndex in 0..<height { appendLine(cells.map { lineIndex < $0.count ? $0[lineIndex] : "" }, widths, to: &output) }
    }

    /// Column widths that fit `width`, shrinking wrappable columns; nil when none do.
    private func fit(_ natural: [Int]) -> [Int]? {
        guard let width else { return natural }
        var widths = natural
        let separators = gap * max(0, columns.count - 1)
        var excess = widths.reduce(separators, +) - width
        // Take width from the widest wrappable column first, down to its minimum.
        while excess > 0 {
            guard
                let widest = columns.indices
                    .filter({ columns[$0].wraps && widths[$0] > floor($0) })
                    .max(by: { widths[$0] < widths[$1] })
            else { return nil }
            let take = min(excess, widths[widest] - floor(widest))
            widths[widest] -= take
            excess -= take
        }
        return widths
    }

    private func floor(_ index: Int) -> Int { max(Self.minimumWrapWidth, TerminalText.width(headings[index]), unbreakable[index]) }

    /// Appends one line of the table, from cells that are already visible text of one line each.
    private func appendLine(_ cells: [String], _ widths: [Int], to output: inout [UInt8]) {
        for index in cells.indices {
            let padding = repeatElement(Self.space, count: max(0, widths[index] - TerminalText.width(cells[index])))
            let isLast = index == cells.count - 1
            if columns[index].alignRight {
                output += padding
                output += cells[index].utf8
            } else {
                output += cells[index].utf8
                if !isLast { output += padding }
            }
            if !isLast { output += repeatElement(Self.space, count: gap) }
        }
        // Only this line's: every line before it ends in a line feed.
        while output.last == Self.space { output.removeLast() }
        output.append(Self.newline)
    }

    /// A row as `Heading: value` lines, values wrapped to the width.
    private func stacked(_ row: [String]) -> String {
        labelledLines(row.indices.map { (columns[$0].heading, row[$0]) }, width: width ?? 80)
    }
}
