/// The second thread of a small import. While the importing thread reads and validates the
/// input, this one hashes it, then builds one of the search indexes from the records it is
/// sent, in an in-memory database of its own; the importing thread copies the finished index
/// into the new database.
final class SmallImportHelper {
    private let records = Relay<[Record]>()
    private let finished = Relay<(SearchIndexContent, InputHashes)>()
    private let work: BackgroundWork<Void>

    /// Starts the thread, which builds `index` from the records `index(_:)` sends.
    init(building index: SearchIndexWriter.Index, missions: InputFile, astronauts: InputFile) {
        let files = Handoff(value: (missions, astronauts)), records = records, finished = finished
        let inputBytes = missions.bytes.count + astronauts.bytes.count
        work = BackgroundWork {
            do {
                // Room for the index to grow in place: the Apollo data makes about a byte of
                // index per byte of JSON on top of the empty tables; this allows twice that.
                let database = try EmbeddedDataset.openEmptySearchDatabase(reserving: (64 << 10) + 2 * inputBytes)
                // Nothing to roll back to: a failed import discards the whole database.
                try database.execute("PRAGMA journal_mode = OFF; BEGIN")
                let writer = try SearchIndexWriter(database, indexes: [index])
                let hashes = InputHashes(missions: files.value.0.sha256(), astronauts: files.value.1.sha256())
                // No records come when the import fails before it needs the index.
                guard let records = records.receive() else { return finished.fail() }
                for record in records { try writer.add(record) }
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

    /// The finished index and the SHA-256 digests of the inputs: call after `index(_:)`.
    /// Waits until they are done, or throws why they could not be.
    func finishedWork() throws -> (SearchIndexContent, InputHashes) {
        if let result = finished.receive() { return result }
        try work.join()
        preconditionFailure("the search index was neither built nor failed")
    }
}
