/// A failure explained for the person at the terminal: what went wrong and what to do next.
public struct MoonshotError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong.
    public let message: String
    /// What to do about it, when there is something to suggest.
    public let hint: String?

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    public var description: String {
        hint.map { "\(message)\n\($0)" } ?? message
    }
}
