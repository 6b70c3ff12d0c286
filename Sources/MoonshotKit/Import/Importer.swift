/// What an import did.
public struct ImportSummary: Equatable, Sendable {
    /// How the database changed.
    public enum Outcome: Equatable, Sendable {
        /// The database had no content; now it has.
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
///
/// One path for every size of input: the files are read and validated in one pass while the
/// rows go into a scratch database beside the real one (and another thread hashes the files);
/// the scratch database gets its indexes and full-text indexes; then its content replaces the
/// real database's in one transaction (`DatabaseReplacement`), and the scratch file is deleted.
public enum Importer {
    /// Validates the inputs without writing anything; returns their counts or throws
    /// `ImportFailure` listing every problem.
    public static func check(missions: InputSource, astronauts: InputSource) throws -> DatasetCounts {
        let (missionsFile, astronautsFile) = try open(missions: missions, astronauts: astronauts)
        let reader = DatasetReader(sink: nil)
        try reader.read(astronauts: astronautsFile, missions: missionsFile)
        try reader.throwProblems()
        return reader.counts
    }

    /// Imports the inputs into the database at `databasePath`, replacing its content.
    ///
    /// Throws `ImportFailure` for problems in the input, `MoonshotError` for an unusable or
    /// busy database, and `SQLiteError` for failures while writing. In every case the database
    /// at `databasePath` is left exactly as it was.
    public static func run(missions: InputSource, astronauts: InputSource, databasePath: String) throws -> ImportSummary {
        let (missionsFile, astronautsFile) = try open(missions: missions, astronauts: astronauts)
        let hashing = BackgroundWork {
            InputHashes(missions: missionsFile.sha256(), astronauts: astronautsFile.sha256())
        }
        let target = try ImportTarget(path: databasePath)
        defer { target.removeScratch() }
        let counts = try ScratchDatabase.build(at: target.scratchPath, missions: missionsFile, astronauts: astronautsFile)
        let hashes = hashing.wait()
        let provenance = Provenance(missions: missions, astronauts: astronauts, hashes: hashes, counts: counts)
        let previous = try DatabaseReplacement.replace(databasePath, withContentOf: target.scratchPath, recording: provenance)
        let outcome: ImportSummary.Outcome = previous == nil ? .created : previous == hashes ? .unchanged : .replaced
        return ImportSummary(counts: counts, databasePath: databasePath, outcome: outcome)
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
}
