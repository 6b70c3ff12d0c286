/// A validated record on its way from the reader to the database writers.
enum Record: Sendable {
    case astronaut(Astronaut)
    case mission(Mission)
}

/// The reader's sink during an import: gathers records into batches and hands each batch
/// to every consumer's queue (the table writer and the search-index writer, each on its
/// own thread). The queues are bounded, so memory stays flat however large the input.
final class PipelineSink: DatasetSink {
    /// Thrown into the reader when a consumer has failed and reading should stop.
    struct Stopped: Error {}

    private let queues: [BoundedQueue<[Record]>]
    private var batch: [Record] = []
    private static let batchSize = 256

    init(queues: [BoundedQueue<[Record]>]) {
        self.queues = queues
        batch.reserveCapacity(Self.batchSize)
    }

    func add(_ astronaut: Astronaut) throws { try append(.astronaut(astronaut)) }
    func add(_ mission: Mission) throws { try append(.mission(mission)) }

    /// Sends what is left and tells the consumers that nothing more will come.
    func finish() throws {
        try flush()
        for queue in queues { queue.close() }
    }

    /// Stops every consumer without waiting for them to drain.
    func cancel() {
        for queue in queues { queue.cancel() }
    }

    private func append(_ record: Record) throws {
        batch.append(record)
        if batch.count >= Self.batchSize { try flush() }
    }

    private func flush() throws {
        guard !batch.isEmpty else { return }
        for queue in queues where !queue.push(batch) { throw Stopped() }
        batch.removeAll(keepingCapacity: true)
    }
}

/// Runs `consume` on every record of `queue` on a new thread, until the queue is closed;
/// then, unless the queue was cancelled, runs `finish` there too.
/// A failure cancels `queue`, which stops the reader feeding it, and is rethrown by `join`.
func consumeOnThread(_ queue: BoundedQueue<[Record]>, with consume: Handoff<(Record) throws -> Void>,
                     finish: Handoff<() throws -> Void> = Handoff(value: {})) -> BackgroundWork<Void> {
    BackgroundWork {
        do {
            while let batch = queue.pop() {
                for record in batch { try consume.value(record) }
            }
            if !queue.wasCancelled { try finish.value() }
        } catch {
            queue.cancel()
            throw error
        }
    }
}
