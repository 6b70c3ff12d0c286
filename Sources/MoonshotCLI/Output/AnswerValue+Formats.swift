import Dataset
import Questions

/// How each output format shows an answer's values: tables for people, CSV and JSON for programs.
extension AnswerValue {
    private static let notApplicableText = "N/A"

    /// For people: dates as "Jul 16, 1969", "N/A" for none.
    var display: String {
        switch self {
        case .text(let text): text
        case .integer(let number): String(number)
        case .date(let date): date?.abbreviated ?? Self.notApplicableText
        case .notApplicable: Self.notApplicableText
        case .none: ""
        case .missing(let row): row.description
        case .list(let rows, let separator): rows.map(\.name.display).joined(separator: separator)
        }
    }

    /// For CSV: dates in ISO form, empty for none.
    var plain: String {
        switch self {
        case .text(let text): text
        case .integer(let number): String(number)
        case .date(let date): date?.iso ?? ""
        case .none, .notApplicable, .missing: ""
        case .list(let rows, let separator): rows.map(\.name.plain).joined(separator: separator)
        }
    }

    /// For JSON: dates in ISO form, null for none.
    var json: JSONValue {
        switch self {
        case .text(let text): .string(text)
        case .integer(let number): .integer(number)
        case .date(let date): date.map { .string($0.iso) } ?? .null
        case .none, .notApplicable, .missing: .null
        case .list(let rows, _): .array(rows.map { .object([($0.idField.rawValue, $0.id.json), ($0.nameField.rawValue, $0.name.json)]) })
        }
    }
}
