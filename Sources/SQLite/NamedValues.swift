/// A statement's named parameter values, by name without the colon, in the order given. A list, not a dictionary: a
/// question binds two or three, and hashing would have the Swift runtime look conformances up at every start.
package struct NamedValues: ExpressibleByDictionaryLiteral, Equatable, Sendable {
    package let pairs: [(name: String, value: SQLValue)]

    package init(dictionaryLiteral elements: (String, SQLValue)...) {
        pairs = elements.map { (name: $0.0, value: $0.1) }
    }

    package init(_ pairs: some Sequence<(key: String, value: SQLValue)>) {
        self.pairs = pairs.map { (name: $0.key, value: $0.value) }
    }

    /// The value named `name`; the first, if it was given twice.
    package subscript(name: String) -> SQLValue? {
        pairs.first { $0.name == name }?.value
    }

    package static func == (left: NamedValues, right: NamedValues) -> Bool {
        left.pairs.count == right.pairs.count && zip(left.pairs, right.pairs).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}
