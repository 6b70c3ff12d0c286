import Dataset
import SQLite
import SystemSupport

/// What an import did.
package struct ImportSummary: Sendable {
    package enum Outcome: Equatable, Sendable {
        /// The database had no content; now it has.
        case created
        /// The previous content was replaced by content from different input.
        case replaced
        /// Same input as the previous import: the content is again what it made (changes since are replaced too).
        case unchanged
    }

    package let counts: DatasetCounts
    package let databasePath: String
    package let outcome: Outcome
    /// The schema version the database had, when the import moved it to the current layout.
    package var upgradedFrom: Int64? = nil
    /// What other programs had added and the import kept ("table my_notes").
    package var kept: [String] = []
    /// What `force` dropped ("column missions.notes", "index my_unique_names").
    package var dropped: [String] = []
    /// Objects of schema.sql's that an edit had changed or dropped, made again as it makes them ("view crew_roster").
    package var madeAgain: [String] = []
    /// Other programs' tables whose rows `force` left referring to other rows than before, or none.
    package var left: [ImportRefusal.Obstacle] = []
    /// The changes noted since the previous import, which `force` replaced.
    package var replacedEdits: DataEdits? = nil
}

/// Loads missions.json and astronauts.json into a moonshot database, all or nothing: one transaction under the write
/// lock for every input size, validating in one pass as the rows go in while another thread hashes the files.
package enum Importer {
    /// Validates without writing: the counts, or `ImportFailure` listing the first `ProblemLog.limit` problems.
    package static func check(missions: InputSource, astronauts: InputSource) throws -> DatasetCounts {
        let opened = open(missions: missions, astronauts: astronauts)
        return try validate(opened)
    }

    /// Reads what was opened, with the problems of opening, and throws them all if any.
    private static func validate(_ opened: (missions: InputFile?, astronauts: InputFile?, problems: [ImportProblem])) throws -> DatasetCounts {
        let reader = DatasetReader(sink: nil)
        opened.problems.forEach(reader.report)
        try reader.read(astronauts: opened.astronauts, missions: opened.missions)
        try reader.throwProblems()
        return reader.counts
    }

    /// Replaces the content of the database at `databasePath` with the inputs, waiting for locks as `lockWait` says, and leaves it as it was on any
    /// throw: `ImportFailure` (input), `DatabaseWriteProblem` (unusable or busy database), `SQLiteError` (write failure) or `Interrupted`.
    package static func run(
        missions: InputSource, astronauts: InputSource, databasePath: String,
        lockWait: LockWaitPolicy = LockWaitPolicy(), force: Bool = false
    ) throws -> ImportSummary {
        let opened = open(missions: missions, astronauts: astronauts)
        guard let missionsFile = opened.missions, let astronautsFile = opened.astronauts else {
            // The file that did open is still checked, so every problem is reported; that throws, as opening failed.
            _ = try validate(opened)
            preconditionFailure("an input that could not be opened passed validation")
        }
        let failed = AtomicFlag()
        let (missionsContent, astronautsContent) = (missionsFile.content, astronautsFile.content)
        let hashing = BackgroundWork {
            let stop = { failed.isSet || Interruption.isRequested }
            return (missionsContent.sha256(shouldStop: stop), astronautsContent.sha256(shouldStop: stop))
        }
        // Nothing reads the input after the import returns; a failed import stops the hashing at once.
        defer {
            failed.set()
            _ = hashing.wait()
        }
        do {
            return try write(
                missions: (missions, missionsFile), astronauts: (astronauts, astronautsFile),
                hashes: hashing.wait, into: databasePath, lockWait: lockWait, force: force)
        } catch let error as SQLiteError {
            throw ImportTarget.explained(error, path: databasePath, lockWait: lockWait, work: .import)
        }
    }

    /// The import's one transaction; when it fails, the rollback is finished once the connection is closed.
    private static func write(
        missions: (source: InputSource, file: InputFile), astronauts: (source: InputSource, file: InputFile),
        hashes: () -> (String?, String?), into path: String, lockWait: LockWaitPolicy, force: Bool
    ) throws -> ImportSummary {
        do {
            let database = try ImportTarget.open(path, lockWait: lockWait)
            return try Interruption.interrupting(database.interruptHandle) {
                try database.transaction(.immediate) {
                    let replacement = try DatabaseReplacement(of: database, path: path, force: force)
                    let reader = DatasetReader(sink: try DatabaseWriter(database).add)
                    try reader.read(astronauts: astronauts.file, missions: missions.file)
                    try reader.throwProblems()
                    let counts = reader.counts
                    let digests = hashes()
                    // The hashes are of what was imported only if neither file changed meanwhile.
                    try checkUnchanged(missions.file, astronauts.file)
                    try Interruption.check()
                    let recorded = InputHashes(missions: try digest(digests.0, of: missions.file), astronauts: try digest(digests.1, of: astronauts.file))
                    try Provenance(missions: missions.source, astronauts: astronauts.source, hashes: recorded, counts: counts).record(in: database)
                    let others = try replacement.finish(in: database)
                    let outcome: ImportSummary.Outcome =
                        replacement.wasEmpty
                        ? .created
                        : replacement.previousInputHashes == recorded ? .unchanged : .replaced
                    return ImportSummary(
                        counts: counts, databasePath: path, outcome: outcome,
                        upgradedFrom: replacement.olderSchemaVersion,
                        kept: others.kept, dropped: others.dropped, madeAgain: replacement.madeAgain, left: others.left,
                        replacedEdits: force ? replacement.notedEdits : nil)
                }
            }
        } catch {
            ImportTarget.finishRollback(of: path)
            throw error
        }
    }

    /// `sha256`, or the failure of a file that could not be read to the end to hash it.
    private static func digest(_ sha256: String?, of file: InputFile) throws(ImportFailure) -> String {
        guard let sha256 else {
            throw ImportFailure(
                problems: [
                    ImportProblem(
                        file: file.displayName,
                        message: "could not be read to the end to compute its SHA-256; check the file and run the import again")
                ],
                unlistedCount: 0)
        }
        return sha256
    }

    /// Throws `ImportFailure` when either file is no longer as it was opened.
    private static func checkUnchanged(_ files: InputFile...) throws(ImportFailure) {
        for file in files {
            do { try file.checkUnchanged() } catch { throw ImportFailure(problems: [error], unlistedCount: 0) }
        }
    }

    /// Opens both inputs; a file that cannot be opened is nil, and its problem is returned.
    private static func open(missions: InputSource, astronauts: InputSource)
        -> (missions: InputFile?, astronauts: InputFile?, problems: [ImportProblem])
    {
        var problems: [ImportProblem] = []
        var missionsFile: InputFile?
        var astronautsFile: InputFile?
        do { missionsFile = try InputFile(missions) } catch { problems.append(error) }
        do { astronautsFile = try InputFile(astronauts) } catch { problems.append(error) }
        return (missionsFile, astronautsFile, problems)
    }
}
