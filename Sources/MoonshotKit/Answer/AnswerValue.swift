/// One value of an answer; each output format shows it its own way.
package enum AnswerValue: Equatable, Sendable {
    case text(String)
    case integer(Int64)
    case date(LaunchDate?)
    /// No value: JSON null, an empty CSV field, an empty table cell.
    case none
    /// The name of a row that is not there: JSON null and an empty CSV field, as `none`; a
    /// table says so ("collins: not in the astronauts table").
    case missing(MissingRow)

    /// Text, or `none` for nil.
    package static func text(_ value: String?) -> AnswerValue { value.map { .text($0) } ?? .none }

    /// Whole numbers such as counts.
    package static func integer(_ value: Int) -> AnswerValue { .integer(Int64(value)) }

    /// For people: dates as "Jul 16, 1969", "N/A" for none.
    package var display: String {
        switch self {
        case .text(let text): text
        case .integer(let number): String(number)
        case .date(let date): date?.abbreviated ?? "N/A"
        case .none: ""
        case .missing(let row): row.description
        }
    }

    /// For CSV: dates in ISO form, empty for none.
    package var plain: String {
        switch self {
        case .text(let text): text
        case .integer(let number): String(number)
        case .date(let date): date?.iso ?? ""
        case .none, .missing: ""
        }
    }

    /// For JSON: dates in ISO form, null for none.
    package var json: JSONValue {
        switch self {
        case .text(let text): .string(text)
        case .integer(let number): .integer(number)
        case .date(let date): date.map { .string($0.iso) } ?? .null
        case .none, .missing: .null
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
