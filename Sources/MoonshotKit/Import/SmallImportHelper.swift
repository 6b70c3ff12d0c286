/// The second thread of a small import. While the importing thread reads and validates the
/// input, this one hashes it, then builds one of the full-text indexes from the records it is
/// sent, in an in-memory database of its own; the importing thread copies the finished index
/// into the new database.
final class SmallImportHelper {
    private let records = Relay<[Record]>()
    private let finished = Relay<(SearchIndexContent, InputHashes)>()
    private let work: BackgroundWork<Void>

    /// Starts the thread, which builds `index` from the records `index(_:)` sends; throws
    /// `SystemError` when no thread can be started.
    init(building index: FullTextIndex, missions: InputFile, astronauts: InputFile) throws {
        let files = Handoff(value: (missions, astronauts)), records = records, finished = finished
        let inputBytes = missions.bytes.count + astronauts.bytes.count
        work = try BackgroundWork {
            do {
                // Room for the index to grow in place: the Apollo data makes about a byte of
                // index per byte of JSON on top of the empty tables; this allows twice that.
                let database = try EmbeddedDataset.openEmptySearchDatabase(reserving: (64 << 10) + 2 * inputBytes)
                // A scratch database, thrown away once its index is read: nothing to roll back to.
                try database.execute("PRAGMA journal_mode = OFF; BEGIN")
                let writer = try SearchIndexWriter(database, indexes: [index])
                let hashes = InputHashes(missions: files.value.0.sha256(), astronauts: files.value.1.sha256())
                guard let records = records.receive() else {
                    throw MoonshotError("the import ended before the records to index were sent")
                }
                for record in records { try writer.add(record) }
                // FTS5 writes the terms it holds in memory into its tables at the commit.
                try database.execute("COMMIT")
                finished.send((try SearchIndexContent(of: index, in: database), hashes))
            } catch {
                finished.fail()
                throw error
            }
        }
    }

    deinit {
        records.fail()
        _ = try? work.join()
    }

    /// Sends the valid records to index (records of another index are ignored); only the
    /// first call counts.
    func index(_ records: [Record]) {
        self.records.send(records)
    }

    /// The finished index and the SHA-256 digests of the inputs; waits until they are done,
    /// or throws why they could not be (also when `index(_:)` was never called).
    func finishedWork() throws -> (SearchIndexContent, InputHashes) {
        records.fail()  // no effect once the records are sent
        if let result = finished.receive() { return result }
        try work.join()
        preconditionFailure("the helper neither finished nor failed")
    }
}
