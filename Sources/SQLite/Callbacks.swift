import Glibc
import SystemSupport

/// The closures a connection has handed to SQLite, kept alive as long as it.
final class Callbacks {
    var authorizer: ((AuthorizerRequest) -> Bool)?
    /// Whether the authorizer has refused something since this was last cleared: SQLite
    /// reports some refusals as plain `SQLITE_ERROR`, so errors are told apart by this.
    var refusedSomething = false
    var deadline: timespec?
    /// The connection's interrupt handle, for the busy handler to read.
    weak var interruptHandle: InterruptHandle?
    /// Set while `Statement.step` is inside SQLite, for the time limit's alarm to read.
    let stepping = AtomicFlag()
    /// How long the busy handler waits for locks, and has.
    var lockWait = LockWait()
}
