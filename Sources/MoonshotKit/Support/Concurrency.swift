#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CPlatform

/// Work running on a thread of its own, whose result is collected with `join`.
///
/// The import overlaps parsing, writing, indexing and hashing on the machine's cores with a
/// few of these; plain POSIX threads keep the binary free of Foundation and Dispatch.
public final class BackgroundWork<Result>: @unchecked Sendable {
    private var thread: pthread_t?
    private var result: Swift.Result<Result, Error>?
    private let body: @Sendable () throws -> Result

    /// Starts `body` on a new thread at once; throws `SystemError` when the system has no
    /// thread to give (the work is never done on the calling thread instead: it may wait for
    /// that thread).
    public init(_ body: @escaping @Sendable () throws -> Result) throws {
        self.body = body
        let task = ThreadTask { [self] in result = Swift.Result { try body() } }
        thread = try task.start()
    }

    /// Waits for the work to finish and returns its result, or throws its error.
    public func join() throws -> Result {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        return try result!.get()
    }
}

/// A closure for a new POSIX thread to run.
private final class ThreadTask: @unchecked Sendable {
    let run: () -> Void

    init(_ run: @escaping () -> Void) { self.run = run }

    /// Starts a thread running the closure.
    func start() throws -> pthread_t {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let code = moonshot_thread_create_elsewhere(&thread, runThreadTask, context)
        guard code == 0 else {
            Unmanaged<ThreadTask>.fromOpaque(context).release()
            throw SystemError(operation: "start a thread", code: code)
        }
        return thread
    }
}

private func runThreadTask(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadTask>.fromOpaque(context!).takeRetainedValue().run()
    return nil
}

/// A first-in first-out queue between threads that holds at most `capacity` items, so a
/// fast producer waits for a slow consumer instead of filling memory.
public final class BoundedQueue<Element>: @unchecked Sendable {
    private let capacity: Int
    private var items: [Element] = []
    private var head = 0
    private var isClosed = false
    private var isCancelled = false
    private let monitor = Monitor()

    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds `item`, waiting while the queue is full; returns false if the queue was cancelled.
    @discardableResult
    public func push(_ item: Element) -> Bool {
        monitor.locked {
            while items.count - head >= capacity && !isCancelled { monitor.wait() }
            guard !isCancelled else { return false }
            items.append(item)
            monitor.broadcast()
            return true
        }
    }

    /// Whether `cancel` was called: the items that came were not all there were meant to be.
    public var wasCancelled: Bool { monitor.locked { isCancelled } }

    /// The next item, waiting while the queue is empty; nil once it is closed and empty, or cancelled.
    public func pop() -> Element? {
        monitor.locked {
            while head == items.count && !isClosed && !isCancelled { monitor.wait() }
            guard !isCancelled, head < items.count else { return nil }
            let item = items[head]
            head += 1
            if head > 64 && head * 2 > items.count {
                items.removeFirst(head)
                head = 0
            }
            monitor.broadcast()
            return item
        }
    }

    /// No more items will be pushed; `pop` returns nil once the rest are taken.
    public func close() {
        monitor.locked {
            isClosed = true
            monitor.broadcast()
        }
    }

    /// Stops both sides: `push` returns false and `pop` returns nil from now on.
    public func cancel() {
        monitor.locked {
            isCancelled = true
            items.removeAll()
            head = 0
            monitor.broadcast()
        }
    }
}

/// A value handed from one thread to another by a caller who guarantees that only one
/// thread uses it at a time (such as a database connection passed to a worker thread).
struct Handoff<Value>: @unchecked Sendable {
    let value: Value
}
