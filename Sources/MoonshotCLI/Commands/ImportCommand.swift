import Dataset
import SQLite
import Store
import SystemSupport

/// `moonshot import`: loads the dataset into the database, all or nothing.
enum ImportCommand {
    struct Options: CommandOptions {
        var global = GlobalOptions()
        var missions: FilePath?
        var astronauts: FilePath?
        var check = false
        var force = false
        var wait = LockWaitPolicy.defaultLimit
    }

    static let command = Command<Options>(
        name: "import",
        abstract: "Load missions.json and astronauts.json into the database.",
        discussion: """
            Without --missions and --astronauts, loads the Apollo dataset built into moonshot;
            with them, both files (a crew list names astronauts by id, so the two are one dataset).
            The input is validated completely as it is written, in one transaction; if anything
            is wrong the problems are counted and the first 100 listed with their file, line and
            column, and the database is left as it was. A successful import replaces the rows of
            moonshot's tables at once, and no trigger runs meanwhile; what another program added
            (tables, views, indexes, triggers) stays as it is. An import that would replace
            changes made since the last import (by any program), drop a column or UNIQUE index
            another program added to moonshot's tables, or leave rows of theirs referring to
            missions the new data lacks (say), changes nothing and says so, unless --force;
            'moonshot export' writes the changed data to files first. Ctrl-C stops it cleanly
            (exit status 130).
            While another program holds a lock on the database, the import waits for it, up to
            \(seconds(LockWaitPolicy.defaultLimit)) in all (--wait), saying so on stderr after a second.
            """,
        options: [
            .value("missions", "path", help: "A missions.json to load instead of the built-in Apollo missions (with --astronauts).") {
                $0.missions = $1
            },
            .value("astronauts", "path", help: "An astronauts.json to load instead of the built-in Apollo astronauts (with --missions).") {
                $0.astronauts = $1
            },
            .flag("check", help: "Validate the input and report problems without writing anything.") { $0.check = true },
            .flag("force", help: "Replace changes made since the last import, and drop what of another program's stands in the way.") {
                $0.force = true
            },
            .value("wait", "seconds", help: "Wait this long, in all, for other programs' locks on the database.", \.wait, as: Seconds.self),
        ],
        run: run)

    static func run(_ options: Options, environment: Environment) throws -> ExitStatus {
        let missions: InputSource
        let astronauts: InputSource
        switch (options.missions, options.astronauts) {
        case (nil, nil):
            (missions, astronauts) = (.embedded("missions.json"), .embedded("astronauts.json"))
        case (let missionsFile?, let astronautsFile?):
            (missions, astronauts) = (.file(missionsFile.path), .file(astronautsFile.path))
        case (_?, nil), (nil, _?):
            let given = options.missions == nil ? "--astronauts" : "--missions"
            let missing = options.missions == nil ? "--missions" : "--astronauts"
            throw UsageError(
                message: "\(given) needs \(missing) too: a crew list in missions.json names astronauts by their id "
                    + "in astronauts.json, so the two files are one dataset. Give both, or neither for the built-in "
                    + "Apollo dataset", command: "import")
        }
        let check = options.check
        let databasePath = options.global.databasePath(environment: environment)
        let existed = FileSystem.entry(at: databasePath) != .missing
        let unchanged = check ? "nothing was written" : existed ? "\(databasePath) was not changed" : "nothing was imported"
        do {
            return try StoppableWork.run(check ? "the check" : "the import", unchanged: unchanged) {
                if check {
                    let counts = try Importer.check(missions: missions, astronauts: astronauts)
                    Terminal.write(
                        TerminalText.visible(
                            "No problems found in \(missions.displayName) and \(astronauts.displayName): "
                                + "\(describe(counts)). Nothing was written.\n"))
                } else {
                    let waiting = "Waiting for another program's lock on \(databasePath) (up to \(seconds(options.wait)) in all)...\n"
                    let lockWait = LockWaitPolicy(limit: options.wait, whenWaiting: { Terminal.writeError(waiting) })
                    let summary = try Importer.run(
                        missions: missions, astronauts: astronauts,
                        databasePath: databasePath, lockWait: lockWait, force: options.force)
                    Terminal.writeAfterAChange(TerminalText.visible("Imported \(describe(summary.counts)) into \(summary.databasePath)\(note(summary))\n"))
                    // The exit status tells what became of the database: it has the new content.
                    if let error = Terminal.takeOutputError() {
                        Terminal.writeError(
                            "Warning: the import succeeded (\(summary.databasePath) holds the new content), "
                                + "but its summary could not be printed: \(error).\n")
                    }
                }
                return .success
            }
        } catch let refusal as ImportRefusal {
            Terminal.writeError(TerminalText.visible(refused(refusal, path: databasePath, options: options)))
            return .failure
        } catch let refusal as RepairRefusal {
            // What the repair would refuse, the import refuses too: its steps end by importing again.
            let words = RepairWords(importAgain: { again(options, path: $0) + (options.force ? " --force" : "") })
            Terminal.writeError(TerminalText.visible("Error: \(words.message(refusal).text)\n"))
            return .failure
        } catch let failure as ImportFailure {
            let what = check ? "The check" : "The import"
            let database = check ? "" : "; \(unchanged)"
            var text = "Error: \(what) found \(plural(failure.count, "problem"))\(database).\n"
            for problem in failure.problems { text += "  \(problem)\n" }
            if failure.unlistedCount > 0 { text += "  ... and \(failure.unlistedCount) more.\n" }
            text += "Fix the input and run the command again.\n"
            Terminal.writeError(text)
            return .failure
        } catch let error as SQLiteError {
            // Writing failed (a full disk, say); the transaction that would have changed the database was rolled back.
            Terminal.writeError(
                "Error: the import could not write the new content; \(unchanged).\n"
                    + "\(ErrorMessages.describe(error))\n")
            return .failure
        }
    }

    private static func describe(_ counts: DatasetCounts) -> String {
        "\(plural(counts.missions, "mission")), \(plural(counts.astronauts, "astronaut")), "
            + "\(plural(counts.crew, "crew assignment"))"
    }

    private static func note(_ summary: ImportSummary) -> String {
        var notes: [String] = []
        switch summary.outcome {
        case .created: break
        case .replaced: notes.append("replaced the previous content")
        case .unchanged: notes.append("the same input as the previous import")
        }
        if let version = summary.upgradedFrom {
            notes.append("now in the layout of schema version \(MoonshotFile.schemaVersion), was \(version)")
        }
        if let edits = summary.replacedEdits { notes.append("replaced the changes: " + edits.summary) }
        // Names other programs chose: one line each, whatever they hold.
        let names = { (list: [String]) in list.map { TerminalText.visible($0, lineBreaks: false) }.joined(separator: ", ") }
        if !summary.dropped.isEmpty { notes.append("dropped " + names(summary.dropped)) }
        if !summary.madeAgain.isEmpty {
            notes.append("made \(names(summary.madeAgain)) again as schema.sql makes \(summary.madeAgain.count == 1 ? "it" : "them")")
        }
        if !summary.left.isEmpty { notes.append("left " + summary.left.map(left).joined(separator: ", ")) }
        if !summary.kept.isEmpty { notes.append("kept " + names(summary.kept)) }
        return notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
    }
}
