/// A record's values for the fields an answer shows, read when the answer is made.
package struct AnswerRecord: Sendable {
    private let values: [Field: AnswerValue]
    /// The crew rows the record lists or counts whose astronaut or mission is missing.
    package let crewRowsPointingNowhere: CrewRowsPointingNowhere

    init<Record: FieldRecord>(_ record: Record, _ fields: [RecordField<Record>]) {
        values = Dictionary(fields.map { ($0.field, $0.value(record)) }, uniquingKeysWith: { first, _ in first })
        crewRowsPointingNowhere = record.crewRowsPointingNowhere
    }

    /// The value of `field`, or `none` when the answer does not show it.
    package subscript(field: Field) -> AnswerValue { values[field] ?? AnswerValue.none }
}
