/// A failure explained for the person at the terminal: what went wrong and what to do next.
package struct MoonshotError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong.
    package let message: String
    /// What to do about it, when there is something to suggest.
    package let hint: String?

    package init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    package var description: String {
        hint.map { "\(message)\n\($0)" } ?? message
    }
}
