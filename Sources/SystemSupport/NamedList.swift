/// Values by name, in the order given: a statement's named parameters, the environment variables moonshot reads. A list,
/// not a dictionary: there are a few, and hashing would have the Swift runtime look conformances up at every start.
package struct NamedList<Value: Sendable>: ExpressibleByDictionaryLiteral, Sendable {
    package let pairs: [(name: String, value: Value)]

    package init(dictionaryLiteral elements: (String, Value)...) {
        pairs = elements.map { (name: $0.0, value: $0.1) }
    }

    package init(_ pairs: some Sequence<(key: String, value: Value)>) {
        self.pairs = pairs.map { (name: $0.key, value: $0.value) }
    }

    /// The value named `name`; the first, if it was given twice.
    package subscript(name: String) -> Value? {
        pairs.first { $0.name == name }?.value
    }
}
