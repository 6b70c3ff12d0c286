import Dataset
import SQLite

extension SQLValue {
    /// The value as an SQL literal; characters a terminal would obey (a line feed aside) become `char()` calls, so that
    /// it is safe to print and still exact when pasted: `('evil' || char(27) || '[2J')`.
    package var sqlLiteral: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value):
            var pieces: [String] = []
            var plain = ""
            func endPlain() {
                pieces.append("'" + plain.replacingAll("'", with: "''") + "'")
                plain = ""
            }
            for scalar in value.unicodeScalars {
                if isTerminalControl(scalar) && scalar != "\n" {
                    if !plain.isEmpty { endPlain() }
                    pieces.append("char(\(scalar.value))")
                } else {
                    plain.unicodeScalars.append(scalar)
                }
            }
            if !plain.isEmpty || pieces.isEmpty { endPlain() }
            return pieces.count == 1 ? pieces[0] : "(" + pieces.joined(separator: " || ") + ")"
        case .blob(let bytes): return "X'" + bytes.map { hex($0, width: 2) }.joined() + "'"
        }
    }
}

/// A value as an SQL literal: 11, 'collins' (quotes doubled), X'00FF', NULL (see `SQLValue.sqlLiteral`).
package func sqlLiteral(_ value: SQLValue) -> String { value.sqlLiteral }

/// `name` as a quoted SQL identifier: `"missions"`, `"a""b"`.
package func identifier(_ name: String?) -> String {
    "\"" + (name ?? "").replacingAll("\"", with: "\"\"") + "\""
}
