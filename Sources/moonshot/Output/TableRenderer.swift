/// A column of a table for people.
struct TableColumn {
    /// The heading, printed in capitals unless `keepsCase`.
    let title: String
    /// Print the heading exactly as written (for SQL column names).
    var keepsCase = false
    /// Numbers line up on the right.
    var alignRight = false
    /// Long text in this column may be wrapped onto several lines to fit the width.
    var wraps = false
}

/// Lays out rows as aligned columns that fit a terminal width, wrapping long text in the
/// wrappable columns; when even that cannot fit, each row is printed as a stack of
/// `Title: value` lines instead, so nothing is cut off.
struct TableRenderer {
    /// The width to fit, or nil for no limit (output that is not a terminal).
    let width: Int?
    private let gap = 2
    /// A wrapped column is never made narrower than this.
    private let minimumWrapWidth = 16

    func render(_ columns: [TableColumn], _ rows: [[String]]) -> String {
        let natural = columns.indices.map { index in
            rows.reduce(columns[index].title.count) { max($0, displayWidth($1[index])) }
        }
        guard let widths = fit(columns, natural) else { return stacked(columns, rows) }
        var lines = [line(columns.map { $0.keepsCase ? $0.title : $0.title.uppercased() }, columns, widths)]
        lines.append(line(widths.map { String(repeating: "-", count: $0) }, columns, widths))
        for row in rows {
            let cells = row.indices.map { wrap(row[$0], to: widths[$0]) }
            let height = cells.map(\.count).max() ?? 1
            for lineIndex in 0..<height {
                lines.append(line(cells.map { lineIndex < $0.count ? $0[lineIndex] : "" }, columns, widths))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Column widths that fit `width`, shrinking wrappable columns; nil when none do.
    private func fit(_ columns: [TableColumn], _ natural: [Int]) -> [Int]? {
        guard let width else { return natural }
        var widths = natural
        let separators = gap * max(0, columns.count - 1)
        var excess = widths.reduce(separators, +) - width
        // Take width from the widest wrappable column first, down to its minimum.
        while excess > 0 {
            guard let widest = columns.indices
                .filter({ columns[$0].wraps && widths[$0] > max(minimumWrapWidth, columns[$0].title.count) })
                .max(by: { widths[$0] < widths[$1] }) else { return nil }
            let floor = max(minimumWrapWidth, columns[widest].title.count)
            let take = min(excess, widths[widest] - floor)
            widths[widest] -= take
            excess -= take
        }
        return widths
    }

    private func line(_ cells: [String], _ columns: [TableColumn], _ widths: [Int]) -> String {
        var text = ""
        for index in cells.indices {
            let padding = String(repeating: " ", count: max(0, widths[index] - displayWidth(cells[index])))
            let isLast = index == cells.count - 1
            if columns[index].alignRight {
                text += padding + cells[index]
            } else {
                text += cells[index] + (isLast ? "" : padding)
            }
            if !isLast { text += String(repeating: " ", count: gap) }
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Each row as `Title: value` lines, values wrapped to the width; rows separated by a blank line.
    private func stacked(_ columns: [TableColumn], _ rows: [[String]]) -> String {
        let labelWidth = (columns.map { $0.title.count }.max() ?? 0) + 2
        let valueWidth = max(minimumWrapWidth, (width ?? 80) - labelWidth)
        return rows.map { row in
            row.indices.map { index in
                let label = columns[index].title + ":"
                let value = wrap(row[index], to: valueWidth)
                let indent = String(repeating: " ", count: labelWidth)
                return label + String(repeating: " ", count: labelWidth - label.count)
                    + value.joined(separator: "\n" + indent)
            }.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    /// Word-wraps `text` to lines of at most `width` characters, breaking words that are longer.
    func wrap(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                var word = Substring(word)
                while displayWidth(String(word)) > width {
                    if !line.isEmpty { lines.append(line); line = "" }
                    lines.append(String(word.prefix(width)))
                    word = word.dropFirst(width)
                }
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        return lines.isEmpty ? [""] : lines
    }

    /// The number of terminal columns `text` takes (one per character).
    private func displayWidth(_ text: String) -> Int {
        text.count
    }
}
