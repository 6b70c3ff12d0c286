/// Lines of `Label: value`, values lined up after the longest label and wrapped to `width` cells (nil: no limit), their
/// later lines indented under the first; shown as `TerminalText` shows them.
func labelledLines(_ pairs: [(label: String, value: String)], width: Int?, minimumValueWidth: Int = TableWriter.minimumWrapWidth) -> String {
    let labels = pairs.map { TerminalText.visible($0.label + ":", lineBreaks: false) }
    let labelWidth = (labels.map { TerminalText.width($0) }.max() ?? 0) + 1
    let valueWidth = width.map { max(minimumValueWidth, $0 - labelWidth) } ?? Int.max
    let indent = TerminalText.padding(labelWidth)
    var text = ""
    for (label, pair) in zip(labels, pairs) {
        let lines = TerminalText.wrap(pair.value, to: valueWidth)
        text += lines[0].isEmpty ? label : label + TerminalText.padding(labelWidth - TerminalText.width(label)) + lines[0]
        text += "\n"
        for line in lines.dropFirst() { text += (line.isEmpty ? line : indent + line) + "\n" }
    }
    return text
}
