import CPlatform
import Synchronization

/// A value handed once from one thread to another.
///
/// The receiver spins for up to two milliseconds before it sleeps, when there is another CPU
/// to run the sender: waking a sleeping thread can take longer (half a millisecond on a
/// virtual machine) than the waits of a small import.
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
        if otherCPUsAreUsable {
            let deadline = Trace.monotonicSeconds() + 0.002
            var spins = 0
            while state.load(ordering: .acquiring) == State.waiting.rawValue {
                moonshot_cpu_relax()
                spins += 1
                if spins % 256 == 0 && Trace.monotonicSeconds() > deadline { break }
            }
        }
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

/// Whether this process may run on more than one CPU.
private let otherCPUsAreUsable = moonshot_usable_cpu_count() > 1
