import Questions
import SQLite

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
