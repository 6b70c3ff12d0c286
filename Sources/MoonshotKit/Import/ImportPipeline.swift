/// The reader's sink during a large import: gathers records into batches and hands each batch
/// to every consumer's queue (the table writer and the search-index writer, each on its
/// own thread). The queues are bounded, so memory stays flat however large the input.
final class PipelineSink {
    /// Thrown into the reader when a consumer has failed and reading should stop.
    struct Stopped: Error {}

    private let queues: [BoundedQueue<[Record]>]
    private var batch: [Record] = []
    private static let batchSize = 256

    init(queues: [BoundedQueue<[Record]>]) {
        self.queues = queues
        batch.reserveCapacity(Self.batchSize)
    }

    /// Sends what is left and tells the consumers that nothing more will come.
    func finish() throws {
        try flush()
        for queue in queues { queue.close() }
    }

    /// Stops every consumer without waiting for them to drain.
    func cancel() {
        for queue in queues { queue.cancel() }
    }

    /// Passes `record` on to every queue, in batches.
    func send(_ record: Record) throws {
        batch.append(record)
        if batch.count >= Self.batchSize { try flush() }
    }

    private func flush() throws {
        guard !batch.isEmpty else { return }
        for queue in queues where !queue.push(batch) { throw Stopped() }
        batch.removeAll(keepingCapacity: true)
    }
}

/// The work of one consumer thread: `setUp` runs first and returns the function that takes
/// each record; `finish` runs once the last record is in, unless the queue was cancelled.
/// Both run on the consumer's thread, so each may use that thread's database connection.
struct Consumer: @unchecked Sendable {
    var setUp: () throws -> (Record) throws -> Void
    var finish: () throws -> Void = {}
}

/// Runs `consumer` on every record of `queue` on a new thread, until the queue is closed.
/// A failure cancels `queue`, which stops the reader feeding it, and is rethrown by `join`.
func consumeOnThread(_ queue: BoundedQueue<[Record]>, _ consumer: Consumer) throws -> BackgroundWork<Void> {
    try BackgroundWork {
        do {
            let consume = try consumer.setUp()
            while let batch = queue.pop() {
                for record in batch { try consume(record) }
            }
            if !queue.wasCancelled { try consumer.finish() }
        } catch {
            queue.cancel()
            throw error
        }
    }
}
