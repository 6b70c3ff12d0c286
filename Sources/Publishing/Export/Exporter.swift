import Dataset
import Glibc
import Questions
import SQLite
import Store
import SystemSupport

/// What an export wrote.
package struct ExportSummary: Sendable {
    /// What the two files hold.
    package let counts: DatasetCounts
    package let missionsPath: String
    package let astronautsPath: String
    /// The changes made to the data since its last import, which the files carry; nil when none are noted.
    package let edits: DataEdits?
}

/// Why an export wrote nothing (or, for `.partlyReplaced`, only one file): the facts, which the command line words.
package enum ExportFailure: Error {
    case sameTarget(String)
    case targetIsTheDatabase(String)
    case notARegularFile(String)
    case linkLoop(String)
    /// A target's folder does not exist (or is not a folder).
    case missingFolder(String, folder: String)
    /// The tables are not as the export reads them (a column renamed, say), with SQLite's words.
    case unreadableTables(String)
    case danglingCrewRows(count: Int)
    /// A value the files cannot carry: text that is not UTF-8.
    case unwritableValue(row: String, column: String)
    /// NULL where the files need a value (the schema requires one, unless its constraint was taken away).
    case nullValue(row: String, column: String)
    /// The files would not import; the validation's problems name the targets (and the places in what they would hold).
    case wouldNotImport(ImportFailure)
    case cannotWrite(SystemError)
    /// The missions file was moved into place, but the astronauts file could not be.
    case partlyReplaced(replaced: String, failed: SystemError)
}

/// Writes the Moonshot app's missions.json and astronauts.json from one read transaction of a moonshot database (see `AppFiles`).
/// Both are written beside their targets, flushed and validated, then moved into place; on any failure the targets are unchanged.
package enum Exporter {
    /// Exports the database at `databasePath` to the files `missions` and `astronauts`; throws `ExportFailure`,
    /// `DatabaseProblem` for a database that cannot be read, or `Interrupted`.
    package static func run(databasePath: String, missions: String, astronauts: String) throws -> ExportSummary {
        if FileSystem.sameFile(missions, astronauts) { throw ExportFailure.sameTarget(missions) }
        // The database's journal, WAL and shm files count too: SQLite keeps them beside the file a link to it leads to.
        let databaseFile = FileSystem.followingLinks(databasePath)
        for target in [missions, astronauts] where ["", "-journal", "-wal", "-shm"].contains(where: { FileSystem.sameFile(target, databaseFile + $0) }) {
            throw ExportFailure.targetIsTheDatabase(target)
        }
        let opened = try MoonshotDatabase(path: databasePath, acceptingOlderLayouts: true)
        let files: (missions: StagedFile, astronauts: StagedFile)
        do {
            files = (try StagedFile(replacing: missions), try StagedFile(replacing: astronauts))
        } catch let error as SystemError {
            throw ExportFailure.cannotWrite(error)
        }
        var missionsSink = files.missions
        var astronautsSink = files.astronauts
        let database = opened.connection
        // One read transaction: a change committed meanwhile is in both files or in neither.
        let (counts, edits) = try Interruption.interrupting(database.interruptHandle) {
            try database.transaction(.deferred) {
                let dangling = try DanglingCrewRows.find(in: database).count
                if dangling > 0 { throw ExportFailure.danglingCrewRows(count: dangling) }
                do {
                    let counts = try AppFiles.write(from: database, missions: &missionsSink, astronauts: &astronautsSink)
                    return (counts, try? DataEdits.read(from: database))
                } catch let error as AppFiles.UnwritableValue {
                    throw error.isNull
                        ? ExportFailure.nullValue(row: error.row, column: error.column)
                        : ExportFailure.unwritableValue(row: error.row, column: error.column)
                } catch let error as SystemError {
                    throw ExportFailure.cannotWrite(error)
                } catch let error as SQLiteError where error.code.primary == .error {
                    throw ExportFailure.unreadableTables(error.message)
                } catch let error as AppFiles.NotATable {
                    throw ExportFailure.unreadableTables(error.type == "missing" ? "no table \(error.name)" : "\(error.name) is a \(error.type), not a table")
                }
            }
        }
        do {
            try files.missions.finish()
            try files.astronauts.finish()
        } catch let error as SystemError {
            throw ExportFailure.cannotWrite(error)
        }
        try validate(files.missions, files.astronauts, counts: counts)
        try Interruption.check()
        do { try files.missions.moveIntoPlace() } catch let error as SystemError { throw ExportFailure.cannotWrite(error) }
        do {
            try files.astronauts.moveIntoPlace()
        } catch let error as SystemError {
            // Both files or neither: the missions file goes back.
            guard files.missions.restorePrevious() else { throw ExportFailure.partlyReplaced(replaced: missions, failed: error) }
            throw ExportFailure.cannotWrite(error)
        }
        return ExportSummary(counts: counts, missionsPath: missions, astronautsPath: astronauts, edits: edits ?? nil)
    }

    /// Runs the import's validation on the files written; throws `.wouldNotImport`, its problems named by the targets.
    private static func validate(_ missions: StagedFile, _ astronauts: StagedFile, counts: DatasetCounts) throws {
        let checked: DatasetCounts
        do {
            checked = try Importer.check(missions: .file(missions.temporaryPath), astronauts: .file(astronauts.temporaryPath))
        } catch let failure as ImportFailure {
            let renamed = failure.problems.map { problem in
                let file =
                    problem.file == missions.temporaryPath
                    ? missions.target
                    : problem.file == astronauts.temporaryPath ? astronauts.target : problem.file
                // No line and column: they are of a file that was not put in place.
                return ImportProblem(file: file, path: problem.path, message: problem.message)
            }
            throw ExportFailure.wouldNotImport(ImportFailure(problems: renamed, unlistedCount: failure.unlistedCount))
        }
        precondition(checked == counts, "the export wrote \(counts) and its files hold \(checked)")
    }
}
