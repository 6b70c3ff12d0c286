import Dispatch

/// Work running on one of Dispatch's background threads, whose result is collected with `wait`.
///
/// An import hashes its input with one of these while it reads and writes on its own thread.
final class BackgroundWork<Value>: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Written once by the work, read only after `done` has been waited for.
    private var value: Value?

    /// Starts `body` at once.
    init(_ body: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: done) { self.value = body() }
    }

    /// Waits for the work to finish and returns its result.
    func wait() -> Value {
        done.wait()
        return value!
    }
}
