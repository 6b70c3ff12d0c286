/// A malformed JSON text: what was wrong, and the byte offset where it was found.
package struct JSONSyntaxError: Error, Equatable, Sendable {
    /// Byte offset into the input where the problem starts.
    package let offset: Int
    /// What is wrong, in words a person can act on.
    package let message: String
}

/// The kind of the JSON value that starts at the reader's position.
package enum JSONKind: Sendable {
    case object, array, string, number, bool, null

    /// "an object", "a string", ... for messages.
    package var described: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
