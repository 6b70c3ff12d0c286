/// What an import did.
public struct ImportSummary: Equatable, Sendable {
    /// How the database file changed.
    public enum Outcome: Equatable, Sendable {
        /// There was no database; now there is.
        case created
        /// The previous content was replaced by content from different input.
        case replaced
        /// The input was the same as the previous import's, so the content is identical.
        case unchanged
    }

    public let counts: DatasetCounts
    public let databasePath: String
    public let outcome: Outcome
}

/// Loads missions.json and astronauts.json into a moonshot database, all or nothing.
public enum Importer {
    /// Validates the inputs without writing anything; returns their counts or throws
    /// `ImportFailure` listing every problem.
    public static func check(missions: InputSource, astronauts: InputSource) throws -> DatasetCounts {
        let (missionsFile, astronautsFile) = try open(missions: missions, astronauts: astronauts)
        let reader = DatasetReader(sink: nil)
        try reader.read(astronauts: astronautsFile, missions: missionsFile)
        try throwProblems(of: reader)
        return reader.counts
    }

    /// Imports the inputs into the database at `databasePath`, replacing its content.
    ///
    /// Throws `ImportFailure` for problems in the input, `MoonshotError` for an unusable
    /// database path, and `SQLiteError` or `SystemError` for failures while writing. In
    /// every case the database at `databasePath` is left exactly as it was (or absent).
    public static func run(missions: InputSource, astronauts: InputSource, databasePath: String) throws -> ImportSummary {
        try run(missions: missions, astronauts: astronauts, databasePath: databasePath, small: nil)
    }

    /// `run`, choosing how to load (see `smallInputLimit`): the tests compare the two ways.
    static func run(missions: InputSource, astronauts: InputSource, databasePath: String, small: Bool?) throws -> ImportSummary {
        Trace.mark("start")
        let (missionsFile, astronautsFile) = try open(missions: missions, astronauts: astronauts)
        let small = small ?? (missionsFile.bytes.count + astronautsFile.bytes.count < smallInputLimit)
        // A small import shares the work with one helper thread: it hashes the input and
        // indexes the astronauts (three quarters of the Apollo text); this thread reads and
        // validates, then opens the new database and writes the tables and the missions' index.
        let helper = small ? try SmallImportHelper(building: .astronauts, missions: missionsFile, astronauts: astronautsFile) : nil
        let target = try ImportTarget(path: databasePath)
        Trace.mark("check the target")
        let temporaryFiles = [target.temporaryPath, target.temporarySearchPath]
        temporaryFiles.forEach(FileSystem.removeFile)
        defer { temporaryFiles.forEach(FileSystem.removeFile) }
        let (counts, hashes) = try build(target, missions: missionsFile, astronauts: astronautsFile, helper: helper)
        if let permissions = target.permissions { try FileSystem.setPermissions(target.temporaryPath, permissions) }
        try FileSystem.replace(target.location, with: target.temporaryPath)
        Trace.mark("rename")
        let outcome: ImportSummary.Outcome
        if let previous = target.previousInputHashes {
            outcome = previous == hashes ? .unchanged : .replaced
        } else {
            outcome = .created
        }
        return ImportSummary(counts: counts, databasePath: databasePath, outcome: outcome)
    }

    /// Inputs smaller than this (in bytes, both files together) are loaded into a database in
    /// memory, started from the empty database made from schema.sql when moonshot was built,
    /// and written out in one go (two threads: see `SmallImportHelper`); larger ones by several
    /// threads into files, so that the cores share the work and memory stays flat.
    static let smallInputLimit = 4 << 20

    /// Creates the complete new database at `target.temporaryPath` in one transaction, and
    /// syncs it to the device: in memory with `helper` for a small import, in files for a large one.
    private static func build(_ target: ImportTarget, missions: InputFile, astronauts: InputFile,
                              helper: SmallImportHelper?) throws -> (DatasetCounts, InputHashes) {
        let database: Database
        let counts: DatasetCounts
        let hashes: InputHashes
        if let helper {
            (database, counts) = try loadSmall(with: helper, missions: missions, astronauts: astronauts)
            let index: SearchIndexContent
            (index, hashes) = try helper.finishedWork()
            Trace.mark("wait for the search index")
            try index.write(into: database)
            Trace.mark("copy the search index")
        } else {
            let files = Handoff(value: (missions, astronauts))
            let hashing = try BackgroundWork { InputHashes(missions: files.value.0.sha256(), astronauts: files.value.1.sha256()) }
            defer { _ = try? hashing.join() }
            database = try openScratchDatabase(target.temporaryPath)
            try database.execute("BEGIN")
            counts = try loadLarge(into: database, searchPath: target.temporarySearchPath,
                                   missions: missions, astronauts: astronauts)
            hashes = try hashing.join()
        }
        try recordProvenance(in: database, history: target.history, missions: missions, astronauts: astronauts,
                             hashes: hashes, counts: counts)
        try database.execute("COMMIT")
        Trace.mark("commit")
        if helper != nil {
            try database.writeImage(to: target.temporaryPath)
        } else {
            try FileSystem.sync(target.temporaryPath)
        }
        Trace.mark("write and sync")
        return (counts, hashes)
    }

    /// Reads and validates the input, keeping the records and sending them to `helper` to
    /// index; then opens the new database and writes the tables and the helper's other index.
    private static func loadSmall(with helper: SmallImportHelper, missions: InputFile,
                                  astronauts: InputFile) throws -> (Database, DatasetCounts) {
        var records: [Record] = []
        let reader = DatasetReader { records.append($0) }
        try reader.read(astronauts: astronauts, missions: missions) {
            // All the astronauts are read: the helper can index them while this thread reads on.
            if reader.isValid { helper.index(records) }
        }
        try throwProblems(of: reader)
        Trace.mark("read and validate")
        // Creating the tables, views and search indexes would cost more than loading the
        // Apollo data itself: start from a copy of the empty database instead.
        let database = try EmbeddedDataset.openEmptyDatabase(
            reserving: smallDatabaseCapacity(forInputBytes: missions.bytes.count + astronauts.bytes.count))
        // Nothing to roll back to: a failed import discards the whole database.
        try database.execute("PRAGMA journal_mode = OFF; BEGIN")
        Trace.mark("open the database")
        let tables = try DatabaseWriter(database), search = try SearchIndexWriter(database, indexes: [.missions])
        for record in records {
            try tables.add(record)
            try search.add(record)
        }
        Trace.mark("write")
        return (database, reader.counts)
    }

    /// Room for a small import's database, so that it grows in place: the Apollo data makes
    /// about four bytes of database per byte of JSON on top of the empty schema; this allows twice that.
    private static func smallDatabaseCapacity(forInputBytes count: Int) -> Int {
        (256 << 10) + 8 * count
    }

    /// Three threads share the work, besides the one hashing: this one reads and validates
    /// the input; one writes the tables, then builds their indexes (one sort each, far cheaper
    /// than keeping them in order through a million inserts); one builds the full-text index
    /// in a database of its own, which is then copied in. Bounded queues connect them, so
    /// memory stays flat.
    private static func loadLarge(into database: Database, searchPath: String,
                                  missions: InputFile, astronauts: InputFile) throws -> DatasetCounts {
        let schema = SchemaScript(EmbeddedDataset.schemaSQL)
        try database.execute(schema.withoutIndexes)
        let search = try openScratchDatabase(searchPath)
        Trace.mark("schema")
        let tableQueue = BoundedQueue<[Record]>(capacity: 16)
        let searchQueue = BoundedQueue<[Record]>(capacity: 16)
        let sink = PipelineSink(queues: [tableQueue, searchQueue])
        var writers: [BackgroundWork<Void>] = []
        // Whatever happens below (a writer that could not start included), no thread is left
        // waiting on a queue.
        defer {
            sink.cancel()
            for writer in writers { _ = try? writer.join() }
        }
        let writingSearch = try consumeOnThread(searchQueue, Consumer(
            setUp: {
                try search.execute("BEGIN")
                for statement in schema.virtualTables { try search.execute(statement) }
                try SearchIndexWriter.setAutomerge(false, in: search)
                return try SearchIndexWriter(search).add
            },
            finish: {
                try SearchIndexWriter.setAutomerge(true, in: search)
                try search.execute("COMMIT")
            }))
        writers.append(writingSearch)
        // The table writer builds the indexes as soon as the rows are in, while the search
        // index may still be growing on the other thread.
        let writingTables = try consumeOnThread(tableQueue, Consumer(
            setUp: { try DatabaseWriter(database).add },
            finish: {
                // The other core is free by now: let SQLite sort with both.
                try database.execute("PRAGMA threads = 2")
                for index in schema.indexes { try database.execute(index) }
            }))
        writers.append(writingTables)
        let reader = DatasetReader(sink: sink.send)
        do {
            try reader.read(astronauts: astronauts, missions: missions)
            if reader.isValid { try sink.finish() } else { sink.cancel() }
        } catch is PipelineSink.Stopped {
            // A consumer failed and stopped the reading; its join below says why.
        }
        Trace.mark("read and validate")
        // A consumer's failure (a full disk, say) explains any stop of the reader best.
        let tables = Result { try writingTables.join() }
        let searching = Result { try writingSearch.join() }
        try tables.get()
        try searching.get()
        Trace.mark("wait for the writers")
        try throwProblems(of: reader)
        try database.execute("ATTACH DATABASE ? AS search", [.text(searchPath)])
        try SearchIndexWriter.copyIndex(into: database, from: "search")  // detached when the connection closes
        Trace.mark("copy the search index")
        return reader.counts
    }

    /// A new database file private to this import until it is renamed into place, and
    /// deleted on failure: it needs no rollback journal, and is synced once, at the end.
    private static func openScratchDatabase(_ path: String) throws -> Database {
        let database = try Database(path: path, mode: .readWriteCreate)
        try database.execute("""
            PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -16384
            """)
        return database
    }

    private static func recordProvenance(in database: Database, history: [Row], missions: InputFile, astronauts: InputFile,
                                         hashes: InputHashes, counts: DatasetCounts) throws {
        let insert = try database.prepare("""
            INSERT INTO imports (imported_at, tool_version, missions_source, missions_sha256,
                                 astronauts_source, astronauts_sha256, mission_count, astronaut_count, crew_count)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for row in history {
            try insert.execute(Array(row.values.dropFirst()))
        }
        try insert.execute([
            .text(FileSystem.currentTimestamp()), .text(MoonshotVersion.current),
            .text(missions.source.provenanceName), .text(hashes.missions),
            .text(astronauts.source.provenanceName), .text(hashes.astronauts),
            .integer(Int64(counts.missions)), .integer(Int64(counts.astronauts)), .integer(Int64(counts.crew)),
        ])
    }

    /// Opens both inputs, reporting problems with either (or both) together.
    private static func open(missions: InputSource, astronauts: InputSource) throws -> (InputFile, InputFile) {
        var problems: [ImportProblem] = []
        var missionsFile: InputFile?, astronautsFile: InputFile?
        do { missionsFile = try InputFile(missions) } catch { problems.append(error) }
        do { astronautsFile = try InputFile(astronauts) } catch { problems.append(error) }
        guard let missionsFile, let astronautsFile else {
            throw ImportFailure(problems: problems, unlistedCount: 0)
        }
        return (missionsFile, astronautsFile)
    }

    private static func throwProblems(of reader: DatasetReader) throws {
        guard reader.isValid else {
            throw ImportFailure(problems: reader.problems, unlistedCount: reader.unlistedProblemCount)
        }
    }
}

/// The SHA-256 digests of an import's two inputs.
struct InputHashes: Equatable {
    let missions: String
    let astronauts: String

    init(missions: String, astronauts: String) {
        (self.missions, self.astronauts) = (missions, astronauts)
    }

}
