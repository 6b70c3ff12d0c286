/// The environment variables moonshot reads (see `Terminal.environment`), by name; a
/// dictionary literal makes one. A list, not a dictionary: there are four, and a dictionary's
/// hashing would have the Swift runtime look its conformances up at every start.
struct Environment: ExpressibleByDictionaryLiteral, Sendable {
    private let pairs: [(name: String, value: String)]

    init(dictionaryLiteral elements: (String, String)...) {
        pairs = elements.map { (name: $0.0, value: $0.1) }
    }

    init(_ pairs: [(name: String, value: String)]) {
        self.pairs = pairs
    }

    /// The value of the variable `name`, if it is set.
    subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }
}
