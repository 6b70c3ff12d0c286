extension StringProtocol {
    /// The text without the white space (spaces, tabs, line breaks) at its start and end.
    package func trimmingWhitespace() -> SubSequence {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
        return self[first...last]
    }
}
