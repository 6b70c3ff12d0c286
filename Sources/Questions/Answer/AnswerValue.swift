import Dataset

/// One value of an answer; each output format shows it its own way.
package enum AnswerValue: Equatable, Sendable {
    case text(String)
    case integer(Int64)
    case date(LaunchDate?)
    /// No value: JSON null, an empty CSV field, an empty table cell.
    case none
    /// No value, as there can be none (the first flight of one who never launched): as `none`, but "N/A" in a table.
    case notApplicable
    /// The name of a row that is not there: JSON null and an empty CSV field, as `none`; a
    /// table says so ("collins: not in the astronauts table").
    case missing(MissingRow)
    /// Rows in one value, such as a mission's crew: a JSON array of id-and-name objects; in tables and CSV the names
    /// joined by `separator`, for reading only (a name may hold it), a missing one as `missing` shows.
    case list([ListedRow], separator: String)

    package static func text(_ value: String?) -> AnswerValue { value.map { .text($0) } ?? .none }

    package static func integer(_ value: Int) -> AnswerValue { .integer(Int64(value)) }

    private static let notApplicableText = "N/A"

    /// For people: dates as "Jul 16, 1969", "N/A" for none.
    package var display: String {
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
    package var plain: String {
        switch self {
        case .text(let text): text
        case .integer(let number): String(number)
        case .date(let date): date?.iso ?? ""
        case .none, .notApplicable, .missing: ""
        case .list(let rows, let separator): rows.map(\.name.plain).joined(separator: separator)
        }
    }

    /// For JSON: dates in ISO form, null for none.
    package var json: JSONValue {
        switch self {
        case .text(let text): .string(text)
        case .integer(let number): .integer(number)
        case .date(let date): date.map { .string($0.iso) } ?? .null
        case .none, .notApplicable, .missing: .null
        case .list(let rows, _): .array(rows.map { .object([($0.idField.rawValue, $0.id.json), ($0.nameField.rawValue, $0.name.json)]) })
        }
    }
}

/// A record an answer lists or is about, its fields declared as `RecordField`s.
package protocol FieldRecord: Sendable {
    /// The crew rows the record lists or counts whose astronaut or mission is missing.
    var crewRowsPointingNowhere: CrewRowsPointingNowhere { get }
}

extension FieldRecord {
    package var crewRowsPointingNowhere: CrewRowsPointingNowhere { CrewRowsPointingNowhere() }
}

/// One row of a `list` value: its id and name (`missing` when its table lacks it), each with its field.
package struct ListedRow: Equatable, Sendable {
    package let idField: Field
    package let id: AnswerValue
    package let nameField: Field
    package let name: AnswerValue
}
