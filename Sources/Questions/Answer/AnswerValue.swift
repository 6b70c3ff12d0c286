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
