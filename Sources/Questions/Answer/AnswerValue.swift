import Dataset

/// One value of an answer; each output format shows it its own way.
package enum AnswerValue: Equatable, Sendable {
    case text(String)
    case integer(Int64)
    case date(LaunchDate?)
    /// No value: JSON null, an empty CSV field, an empty table cell.
    case none
    /// No value, because there is nothing it could be (the first flight of one who never
    /// launched): JSON null and an empty CSV field, as `none`; "N/A" in a table, as a date.
    case notApplicable
    /// The name of a row that is not there: JSON null and an empty CSV field, as `none`; a
    /// table says so ("collins: not in the astronauts table").
    case missing(MissingRow)
    /// Rows listed in one value, such as a mission's crew: a JSON array of objects (each row's
    /// id and name); for tables and CSV the names joined by `separator`, for reading only (a
    /// name may hold the separator), a missing one as `missing` shows.
    case list([ListedRow], separator: String)

    /// Text, or `none` for nil.
    package static func text(_ value: String?) -> AnswerValue { value.map { .text($0) } ?? .none }

    /// Whole numbers such as counts.
    package static func integer(_ value: Int) -> AnswerValue { .integer(Int64(value)) }

    /// "N/A": what a table shows for a date there is none of, or a value there is nothing for.
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

/// One row of a `list` value: its id and its name (`missing` when its table lacks it), each
/// with the field it is: `mission_id` 8, `mission_name` "Apollo 8".
package struct ListedRow: Equatable, Sendable {
    package let idField: Field
    package let id: AnswerValue
    package let nameField: Field
    package let name: AnswerValue
}
