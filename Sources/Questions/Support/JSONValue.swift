import Dataset

/// A JSON document to print, with object members kept in the order given.
package enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func string(_ value: String?) -> JSONValue {
        value.map { .string($0) } ?? .null
    }

    /// Pretty-printed with two-space indentation.
    package func serialized(indent: Int = 0) -> String {
        let inner = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .number(let value): return value.isFinite ? String(value) : "null"
        case .string(let value): return quoted(value)
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + $0.serialized(indent: indent + 1) }.joined(separator: ",\n") + "\n\(closing)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            return "{\n"
                + members.map { inner + quoted($0.0) + ": " + $0.1.serialized(indent: indent + 1) }
                .joined(separator: ",\n") + "\n\(closing)}"
        }
    }
}
