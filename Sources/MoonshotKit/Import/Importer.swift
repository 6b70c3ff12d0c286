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
        let target = try ImportTarget(path: databasePath)
        let (missionsFile, astronautsFile) = try open(missions: missions, astronauts: astronauts)
        let temporaryFiles = [target.temporaryPath, target.temporarySearchPath]
        temporaryFiles.forEach(FileSystem.removeFile)
        defer { temporaryFiles.forEach(FileSystem.removeFile) }
        let (counts, hashes) = try build(target, missions: missionsFile, astronauts: astronautsFile)
        try FileSystem.sync(target.temporaryPath)
        try FileSystem.replace(databasePath, with: target.temporaryPath)
        Trace.mark("sync and rename")
        let outcome: ImportSummary.Outcome
        if let previous = target.previousInputHashes {
            outcome = previous == hashes ? .unchanged : .replaced
        } else {
            outcome = .created
        }
        return ImportSummary(counts: counts, databasePath: databasePath, outcome: outcome)
    }

    /// Creates the complete new database at `target.temporaryPath` in one transaction.
    ///
    /// Four threads share the work: this one reads and validates the input; one writes the
    /// tables; one builds the full-text index in a database of its own; one hashes the
    /// inputs. Bounded queues connect them, so memory stays flat. Once the input is known to
    /// be valid, the table indexes are built (one sort each, rather than a million ordered
    /// inserts), the search index is copied in, and the provenance row is added.
    private static func build(_ target: ImportTarget, missions: InputFile, astronauts: InputFile) throws -> (DatasetCounts, InputHashes) {
        let files = Handoff(value: (missions, astronauts))
        let hashing = BackgroundWork { InputHashes(missions: files.value.0.sha256(), astronauts: files.value.1.sha256()) }
        defer { _ = try? hashing.join() }

        let database = try openScratchDatabase(target.temporaryPath)
        let search = try openScratchDatabase(target.temporarySearchPath)
        try database.execute("BEGIN")
        try search.execute("BEGIN")
        var searchSchema: [String] = []
        let indexes = try database.executeScript(EmbeddedDataset.schemaSQL) { statement in
            if SchemaScript.isVirtualTable(statement) { searchSchema.append(statement) }
            return SchemaScript.isIndex(statement)
        }
        for statement in searchSchema { try search.execute(statement) }
        Trace.mark("schema")

        let tableQueue = BoundedQueue<[Record]>(capacity: 16)
        let searchQueue = BoundedQueue<[Record]>(capacity: 16)
        let tableWriter = try DatabaseWriter(database)
        let searchWriter = try SearchIndexWriter(search)
        // The writer builds the table indexes as soon as the rows are in, while the search
        // index may still be growing on the other thread.
        let writingTables = consumeOnThread(tableQueue, with: Handoff(value: tableWriter.add), finish: Handoff(value: {
            for index in indexes { try database.execute(index) }
        }))
        let writingSearch = consumeOnThread(searchQueue, with: Handoff(value: searchWriter.add))
        let sink = PipelineSink(queues: [tableQueue, searchQueue])
        let reader = DatasetReader(sink: sink)
        do {
            try reader.read(astronauts: astronauts, missions: missions)
            if reader.isValid { try sink.finish() } else { sink.cancel() }
        } catch {
            sink.cancel()
        }
        Trace.mark("read and validate")
        // A consumer's failure (a full disk, say) explains any stop of the reader best.
        try writingTables.join()
        Trace.mark("wait for the table writer")
        try writingSearch.join()
        Trace.mark("wait for the search index writer")
        try throwProblems(of: reader)
        try search.execute("COMMIT")
        try database.execute("ATTACH DATABASE ? AS search", [.text(target.temporarySearchPath)])
        try SearchIndexWriter.copyIndex(into: database, from: "search")  // detached when the connection closes
        Trace.mark("copy the search index")
        let hashes = try hashing.join()
        Trace.mark("wait for hashing")
        try recordProvenance(in: database, history: target.history, missions: missions, astronauts: astronauts,
                             hashes: hashes, counts: reader.counts)
        try database.execute("COMMIT")
        Trace.mark("commit")
        return (reader.counts, hashes)
    }

    /// A new database file private to this import until it is renamed into place, and
    /// deleted on failure: it needs no rollback journal, and is synced once, at the end.
    private static func openScratchDatabase(_ path: String) throws -> Database {
        let database = try Database(path: path, mode: .readWriteCreate)
        try database.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -16384")
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

    init(missions: InputFile, astronauts: InputFile) {
        self.init(missions: SHA256.hexDigest(of: missions.bytes), astronauts: SHA256.hexDigest(of: astronauts.bytes))
    }
}
