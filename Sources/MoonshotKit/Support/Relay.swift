import Synchronization

/// A value handed once from one thread to another.
///
/// The receiver spins briefly before it sleeps (see `spinBriefly`).
final class Relay<Value: Sendable>: @unchecked Sendable {
    private enum State: Int { case waiting, sent, failed }
    private let state = Atomic<Int>(State.waiting.rawValue)
    private var value: Value?
    private let monitor = Monitor()

    init() {}

    /// Hands `value` over. Only the first `send` or `fail` counts.
    func send(_ value: Value) {
        settle(.sent) { self.value = value }
    }

    /// Tells the receiver that no value will come.
    func fail() {
        settle(.failed) {}
    }

    /// The value once it is sent, or nil once `fail` is called.
    func receive() -> Value? {
        spinBriefly { state.load(ordering: .acquiring) == State.waiting.rawValue }
        return monitor.locked {
            while state.load(ordering: .acquiring) == State.waiting.rawValue { monitor.wait() }
            return value
        }
    }

    private func settle(_ outcome: State, _ body: () -> Void) {
        monitor.locked {
            guard state.load(ordering: .acquiring) == State.waiting.rawValue else { return }
            body()
            state.store(outcome.rawValue, ordering: .releasing)
            monitor.broadcast()
        }
    }
}
