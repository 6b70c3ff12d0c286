/// A query stopped by its time limit, after `seconds`.
package struct QueryStopped: Error, Equatable, Sendable {
    /// Which queries: moonshot's own questions, or a statement the user wrote.
    package enum Query: Equatable, Sendable {
        case question
        case userSQL
    }

    package let seconds: Double
    package let query: Query

    init(after seconds: Double, query: Query) {
        self.seconds = seconds
        self.query = query
    }
}
