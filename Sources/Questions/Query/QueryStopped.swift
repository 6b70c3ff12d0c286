/// A query stopped by its time limit, after `limit`.
package struct QueryStopped: Error, Equatable, Sendable {
    /// Which queries: moonshot's own questions, or a statement the user wrote.
    package enum Query: Equatable, Sendable {
        case question
        case userSQL
    }

    package let limit: Duration
    package let query: Query
}
