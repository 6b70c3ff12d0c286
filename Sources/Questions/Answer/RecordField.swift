import Dataset

/// A field of `Record`: its name and how its value is read. Records declare theirs as static members of
/// `RecordField<Record>`, so an answer listing a field its record does not declare fails to compile.
package struct RecordField<Record>: Sendable {
    package let field: Field
    let value: @Sendable (Record) -> AnswerValue

    init(_ field: Field, _ value: @escaping @Sendable (Record) -> AnswerValue) {
        (self.field, self.value) = (field, value)
    }

    init(_ field: Field, _ path: any KeyPath<Record, Int64> & Sendable) {
        self.init(field) { .integer($0[keyPath: path]) }
    }

    init(_ field: Field, _ path: any KeyPath<Record, Int> & Sendable) {
        self.init(field) { .integer($0[keyPath: path]) }
    }

    init(_ field: Field, _ path: any KeyPath<Record, String?> & Sendable) {
        self.init(field) { .text($0[keyPath: path]) }
    }

    init(_ field: Field, _ path: any KeyPath<Record, String> & Sendable) {
        self.init(field) { .text($0[keyPath: path]) }
    }

    /// The field listing the rows at `path` by their fields `id` and `name` (see `AnswerValue.list`).
    init<Item>(_ field: Field, list path: any KeyPath<Record, [Item]> & Sendable, id: RecordField<Item>, name: RecordField<Item>, separator: String) {
        self.init(field) { record in
            .list(
                record[keyPath: path].map { ListedRow(idField: id.field, id: id.value($0), nameField: name.field, name: name.value($0)) },
                separator: separator)
        }
    }

    /// The same field, of the record at `path` in another record.
    func of<Outer>(_ path: any KeyPath<Outer, Record> & Sendable) -> RecordField<Outer> {
        let value = value
        return RecordField<Outer>(field) { value($0[keyPath: path]) }
    }

    init(_ field: Field, _ path: any KeyPath<Record, LaunchDate?> & Sendable) {
        self.init(field) { .date($0[keyPath: path]) }
    }
}
