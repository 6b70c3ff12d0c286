/// The environment variables moonshot reads (`Terminal.environment`). A list, not a dictionary: there are four, and
/// hashing would have the Swift runtime look conformances up at every start.
struct Environment: ExpressibleByDictionaryLiteral, Sendable {
    private let pairs: [(name: String, value: String)]

    init(dictionaryLiteral elements: (String, String)...) {
        pairs = elements.map { (name: $0.0, value: $0.1) }
    }

    init(_ pairs: [(name: String, value: String)]) {
        self.pairs = pairs
    }

    subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }
}
