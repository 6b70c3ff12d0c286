/// A record's values for the fields an answer shows, read when the answer is made.
package struct AnswerRecord: Sendable {
    /// A list, not a dictionary: a record shows a few fields, and a dictionary's hashing would
    /// have the Swift runtime look its conformances up at every start.
    private let values: [(field: Field, value: AnswerValue)]
    package let crewRowsPointingNowhere: CrewRowsPointingNowhere

    init<Record: FieldRecord>(_ record: Record, _ fields: [RecordField<Record>]) {
        values = fields.map { (field: $0.field, value: $0.value(record)) }
        crewRowsPointingNowhere = record.crewRowsPointingNowhere
    }

    /// The value of `field`, or `none` when the answer does not show it.
    package subscript(field: Field) -> AnswerValue { values.first { $0.field == field }?.value ?? AnswerValue.none }
}
