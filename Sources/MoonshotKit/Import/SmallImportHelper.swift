/// The second thread of a small import. It opens the new database in memory and hands it
/// over, then hashes the inputs, while the importing thread reads and validates them.
final class SmallImportHelper {
    private let opened = Relay<Handoff<Database>>()
    private let work: BackgroundWork<InputHashes>

    /// Starts opening the database and hashing `missions` and `astronauts`.
    init(missions: InputFile, astronauts: InputFile) {
        let files = Handoff(value: (missions, astronauts)), opened = opened
        let capacity = Self.capacity(forInputBytes: missions.bytes.count + astronauts.bytes.count)
        work = BackgroundWork {
            do {
                // Creating the tables, views and search indexes would cost more than loading
                // the Apollo data itself: start from a copy of the empty database instead.
                let database = try EmbeddedDataset.openEmptyDatabase(reserving: capacity)
                // Nothing to roll back to: a failed import discards the whole database.
                try database.execute("PRAGMA journal_mode = OFF; BEGIN")
                opened.send(Handoff(value: database))
            } catch {
                opened.fail()
                throw error
            }
            return InputHashes(missions: files.value.0.sha256(), astronauts: files.value.1.sha256())
        }
    }

    deinit {
        _ = try? work.join()
    }

    /// The new database, in a transaction; waits until it is open, or throws why it could not be.
    func database() throws -> Database {
        if let database = opened.receive()?.value { return database }
        _ = try work.join()
        preconditionFailure("the database was neither opened nor failed to open")
    }

    /// The SHA-256 digests of the inputs; waits until they are computed.
    func hashes() throws -> InputHashes {
        try work.join()
    }

    /// Room for the database, so that it grows in place: the Apollo data makes about four
    /// bytes of database per byte of JSON on top of the empty schema; this allows twice that.
    private static func capacity(forInputBytes count: Int) -> Int {
        (256 << 10) + 8 * count
    }
}
