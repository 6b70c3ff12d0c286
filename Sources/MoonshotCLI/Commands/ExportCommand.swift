import Dataset
import Publishing
import Store
import SystemSupport

/// `moonshot export`: the Moonshot app's missions.json and astronauts.json from the database.
enum ExportCommand {
    struct Options: CommandOptions {
        var global = GlobalOptions()
        var missions: FilePath?
        var astronauts: FilePath?
    }

    static let command = Command<Options>(
        name: "export",
        abstract: "Write the database back as the app's missions.json and astronauts.json.",
        discussion: """
            Writes the two files in the shapes the Moonshot app decodes, edits included:
            missions.json an array of missions by id (id, launchDate unless the mission has
            none, crew as name and role in crew-list order, description), astronauts.json an
            object keyed by astronaut id (id, name, description) in the order of the astronauts
            table. Pretty-printed, one member a line, so that changes read well in a diff.
            Both files come from one read transaction. Each is written beside its target and
            checked by the import's own validation; only then are both moved into place, so a
            failure (a full disk, Ctrl-C, data the files cannot carry) leaves existing files as
            they were. Importing the files gives the same content again. A program that holds
            the database's write lock while it commits is waited for up to 5 seconds.
            """,
        options: [
            .value("missions", "path", help: "The missions.json to write (with --astronauts).") { $0.missions = $1 },
            .value("astronauts", "path", help: "The astronauts.json to write (with --missions).") { $0.astronauts = $1 },
        ],
        globals: GlobalOption.databaseOnly,
        run: run)

    static func run(_ options: Options, environment: Environment) throws -> ExitStatus {
        guard let missions = options.missions?.path, let astronauts = options.astronauts?.path else {
            let missing = [options.missions == nil ? "--missions" : nil, options.astronauts == nil ? "--astronauts" : nil].compactMap { $0 }
            throw UsageError(
                message: "export needs \(missing.joined(separator: " and ")): the files to write, "
                    + "such as --missions missions.json --astronauts astronauts.json", command: "export")
        }
        let databasePath = options.global.databasePath(environment: environment)
        let existing = [missions, astronauts].filter { if case .file = FileSystem.entry(at: $0) { true } else { false } }
        let unchanged =
            existing.isEmpty
            ? "nothing was written"
            : existing.joined(separator: " and ") + (existing.count == 1 ? " was" : " were") + " left as " + (existing.count == 1 ? "it was" : "they were")
        do {
            return try StoppableWork.run("the export", unchanged: unchanged) {
                let summary = try Exporter.run(databasePath: databasePath, missions: missions, astronauts: astronauts)
                var text =
                    "Exported \(plural(summary.counts.missions, "mission")), \(plural(summary.counts.astronauts, "astronaut")) and "
                    + "\(plural(summary.counts.crew, "crew assignment")) to \(summary.missionsPath) and \(summary.astronautsPath)"
                if let edits = summary.edits, edits.total > 0 { text += " (with the changes since the last import: \(edits.summary))" }
                Terminal.writeAfterAChange(TerminalText.visible(text + ".\n"))
                return .success
            }
        } catch let failure as ExportFailure {
            switch failure {
            case .sameTarget(let path):
                throw UsageError(message: "--missions and --astronauts both name \(path); give two files", command: "export")
            case .targetIsTheDatabase(let path):
                throw UsageError(message: "\(path) is the database itself, or a file SQLite keeps beside it; give other files to write", command: "export")
            default:
                Terminal.writeError(TerminalText.visible("Error: " + describe(failure, unchanged: unchanged) + "\n"))
                return .failure
            }
        }
    }

    /// What went wrong, what became of the files, and what to do next.
    private static func describe(_ failure: ExportFailure, unchanged: String) -> String {
        switch failure {
        case .sameTarget(let path), .targetIsTheDatabase(let path), .notARegularFile(let path):
            let what = FileSystem.entry(at: path) == .directory ? "a folder" : "not a regular file"
            return "\(path) is \(what); \(unchanged).\nGive a file path (it is created if missing)."
        case .linkLoop(let path):
            return "\(path) leads to no file: its symbolic links go round in a loop (or are too many to follow); \(unchanged).\n"
                + "Point the link at a file, or give another path."
        case .missingFolder(let path, let folder):
            return "cannot write \(path): the folder \(folder) does not exist; \(unchanged).\nCreate the folder first, or choose another path."
        case .unreadableTables(let message):
            return "the tables are not laid out as the export reads them (\(message)); \(unchanged).\n"
                + "'moonshot check' says what differs from schema.sql, and 'moonshot check --repair' puts it back."
        case .danglingCrewRows(let count):
            return "\(plural(count, "crew row")) of the database name\(count == 1 ? "s" : "") a mission or astronaut that is not in its table, "
                + "which the app's files cannot carry; \(unchanged).\n"
                + "'moonshot check' names them, with the DELETE that would remove each: add what is missing or delete them, then export again."
        case .unwritableValue(let row, let column):
            return "the \(column) of \(row) is not UTF-8 text, which JSON cannot carry; \(unchanged).\n"
                + "Correct it (with sqlite3, say), then export again."
        case .nullValue(let row, let column):
            return "the \(column) of \(row) is NULL, which the app's files cannot carry (schema.sql requires a value); \(unchanged).\n"
                + "Give it a value (with sqlite3, say), then export again."
        case .wouldNotImport(let problems):
            var text = "the files would not import: \(plural(problems.count, "problem")); \(unchanged).\n"
            for problem in problems.problems { text += "  \(problem)\n" }
            if problems.unlistedCount > 0 { text += "  ... and \(problems.unlistedCount) more.\n" }
            return text + "Correct those values in the database (with sqlite3, say), then export again."
        case .cannotWrite(let error):
            return "\(error); \(unchanged).\nFree some space, check the folder's permissions, or choose other paths."
        case .partlyReplaced(let replaced, let error):
            return "\(replaced) was replaced, but then \(error).\n"
                + "Run the export again once that is put right: both files are written again."
        }
    }
}
