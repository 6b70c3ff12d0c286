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
        let hashes = InputHashes(missions: missionsFile, astronauts: astronautsFile)
        FileSystem.removeFile(target.temporaryPath)
        do {
            let counts = try build(target.temporaryPath, missions: missionsFile, astronauts: astronautsFile,
                                   hashes: hashes, history: target.history)
            try FileSystem.sync(target.temporaryPath)
            try FileSystem.replace(databasePath, with: target.temporaryPath)
            let outcome: ImportSummary.Outcome
            if let previous = target.previousInputHashes {
                outcome = previous == hashes ? .unchanged : .replaced
            } else {
                outcome = .created
            }
            return ImportSummary(counts: counts, databasePath: databasePath, outcome: outcome)
        } catch {
            FileSystem.removeFile(target.temporaryPath)
            throw error
        }
    }

    /// Creates a complete database at `path` in one transaction.
    private static func build(_ path: String, missions: InputFile, astronauts: InputFile, hashes: InputHashes, history: [Row]) throws -> DatasetCounts {
        let database = try Database(path: path, mode: .readWriteCreate)
        // The file is private until it is renamed into place, and deleted on failure:
        // it needs no rollback journal, and is synced once, at the end.
        try database.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
        return try database.transaction {
            try database.execute(EmbeddedDataset.schemaSQL)
            let reader = DatasetReader(sink: try DatabaseWriter(database))
            try reader.read(astronauts: astronauts, missions: missions)
            try throwProblems(of: reader)
            try database.execute("""
                INSERT INTO missions_search (missions_search) VALUES ('rebuild');
                INSERT INTO astronauts_search (astronauts_search) VALUES ('rebuild');
                """)
            try recordProvenance(in: database, history: history, missions: missions, astronauts: astronauts,
                                 hashes: hashes, counts: reader.counts)
            return reader.counts
        }
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
