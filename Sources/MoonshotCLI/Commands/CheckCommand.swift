import Dataset
import Questions
import Store
import SystemSupport

/// `moonshot check`: what is wrong with the database and what fixes it; `--repair` fixes it.
enum CheckCommand {
    struct Options: CommandOptions {
        var global = GlobalOptions()
        var repair = false
        var wait: Duration?
    }

    static let command = Command<Options>(
        name: "check",
        abstract: "Say what is wrong with the database and what fixes it (--repair fixes it).",
        discussion: """
            Checks, without changing the file: SQLite's integrity check; crew rows whose mission
            or astronaut is missing (named, with the DELETE that would remove them); each
            full-text index against its table (FTS5's thorough check); the tables, columns,
            indexes, views and triggers against schema.sql (another program's own objects are
            fine); the derived columns against their rules; and the astronauts' number sequence
            against the numbers already given. It also says when the data was last imported
            and whether, how much and when it was changed since. The checks run on a private
            copy of the file in SQLite's temporary folder (the first of SQLITE_TMPDIR, TMPDIR,
            /var/tmp, /usr/tmp, /tmp and the current folder that may be written in), which needs
            about the file's size free there while the check runs; nothing is left there after.
            A database that is not moonshot's, or of another schema version, is refused; but
            --repair moves one of schema version \(PriorEdits.firstNotingVersion) or later, which notes changes as
            this one does, to this layout in place.
            With --repair, in one transaction under the write lock (waiting for other programs'
            locks up to --wait): makes again what is missing or changed from schema.sql (a
            changed table is rebuilt keeping every row and its keys), sets the derived columns
            and the number sequence, rebuilds the full-text indexes, then checks again. Other
            programs' triggers do not run meanwhile. It never deletes, adds or hides a row: a view where a table
            belongs, a table that may hold a missing one's rows, a table without its key column,
            a row whose key would change and a damaged file are refused, changing nothing, with
            the steps that work; check gives the same advice. A database
            that needs no repair is not written; a second run changes nothing.
            Exit status 0 when the database is sound, 1 when a problem remains.
            --format json prints one object: "database", "sound" (true or false), "problems"
            (each with "kind", "problem" and "fix"), "information" ("application_id",
            "schema_version", "last_import", "edits_since_import" (null when none; what could
            not be read is {"unknown": reason}; "unnoted_before" is when --repair last put back
            what notes changes, before which they may not all be noted),
            "edits_may_be_incomplete" (true when triggers that note changes are missing),
            "other_objects") and "repaired" (what --repair did). --format csv prints the
            problems alone, one a line: kind, problem, fix.
            """,
        options: [
            .flag("repair", help: "Put right what can be put right, in one transaction, then check again.") { $0.repair = true },
            .value(
                "wait", "seconds", help: "With --repair: wait this long, in all, for other programs' locks.",
                default: Seconds.argument(LockWaitPolicy.defaultLimit)
            ) { (options, seconds: Seconds) in options.wait = seconds.value },
        ],
        globals: [.database, .format],
        run: run)

    static func run(_ options: Options, environment: Environment) throws -> ExitStatus {
        guard options.repair || options.wait == nil else {
            throw UsageError(message: "--wait applies only to --repair, which waits for other programs' locks", command: "check")
        }
        let path = options.global.databasePath(environment: environment)
        var repaired: [String]? = nil
        if options.repair {
            let wait = options.wait ?? LockWaitPolicy.defaultLimit
            let waiting = "Waiting for another program's lock on \(path) (up to \(seconds(wait)) in all)...\n"
            let status = try StoppableWork.run("the repair", unchanged: "\(path) was not changed") {
                repaired = try DatabaseRepair.run(path: path, lockWait: LockWaitPolicy(limit: wait, whenWaiting: { Terminal.writeError(waiting) })).map(
                    RepairWords.step)
                return .success
            }
            guard status == .success else { return status }
        }
        let report = try DatabaseCheck.run(path: path)
        let words = CheckWords(path: path)
        let text =
            switch options.global.format {
            case .json: json(report, repaired: repaired ?? [], words: words).serialized() + "\n"
            case .csv: csv(report, words: words)
            case .table: table(report, repaired: repaired, words: words, width: Terminal.width(environment: environment))
            }
        if repaired?.isEmpty == false { Terminal.writeAfterAChange(text) } else { Terminal.write(text) }
        return report.isSound ? .success : .failure
    }

    // MARK: CSV

    /// The problems, one a line: kind, problem, fix (the information is in the other formats).
    private static func csv(_ report: DatabaseReport, words: CheckWords) -> String {
        CSVRowWriter.line(["kind", "problem", "fix"])
            + report.problems.map { CSVRowWriter.line([$0.kind.rawValue, words.problem($0), words.fix($0)]) }.joined()
    }

    // MARK: Table

    private static func table(_ report: DatabaseReport, repaired: [String]?, words: CheckWords, width: Int?) -> String {
        var text = ""
        if let repaired {
            text +=
                repaired.isEmpty
                ? "Nothing in \(report.path) needed repairing.\n\n"
                : "Repaired \(report.path):\n" + repaired.map { "  \($0)\n" }.joined() + "\n"
        }
        text +=
            report.isSound
            ? "\(report.path) is sound: no problems found.\n"
            : "\(report.path) has \(plural(report.problems.count, "problem")):\n"
        for problem in report.problems {
            text += "\n" + labelledLines([("Problem", words.problem(problem)), ("Fix", words.fix(problem))], width: width)
        }
        text += "\n" + labelledLines(information(report), width: width)
        return TerminalText.visible(text)
    }

    /// The information lines: what is worth knowing that is not a problem.
    private static func information(_ report: DatabaseReport) -> [(label: String, value: String)] {
        let owner = report.applicationID == MoonshotFile.applicationID ? "moonshot's" : "not moonshot's"
        var lines: [(String, String)] = [("Schema", "version \(report.schemaVersion), application id 0x\(hex(report.applicationID, width: 8)) (\(owner))")]
        switch report.latestImport {
        case .known(let record?):
            let source = record.isBuiltIn ? "the built-in Apollo dataset" : "\(record.missionsSource) and \(record.astronautsSource)"
            lines.append(("Last import", "\(record.importedAt), by moonshot \(record.toolVersion), from \(source)"))
        case .known(nil): lines.append(("Last import", "none recorded"))
        case .unknown(let reason): lines.append(("Last import", "unknown (\(reason))"))
        }
        switch report.edits {
        case .known(let edits?): lines.append(("Changes", edits.summary))
        case .known(nil): lines.append(("Changes", report.editsMayBeIncomplete ? "none noted" : "none, the data is as imported"))
        case .unknown(let reason): lines.append(("Changes", "unknown (\(reason))"))
        }
        if report.editsMayBeIncomplete {
            lines[lines.count - 1].1 += " (changes made while triggers were missing are not noted)"
        }
        if !report.otherObjects.isEmpty {
            lines.append(("Other objects", report.otherObjects.map { "\($0.type) \($0.name)" }.joined(separator: ", ") + " (not schema.sql's; left alone)"))
        }
        return lines
    }

    // MARK: JSON

    private static func json(_ report: DatabaseReport, repaired: [String], words: CheckWords) -> JSONValue {
        .object([
            ("database", .string(report.path)),
            ("sound", .bool(report.isSound)),
            (
                "problems",
                .array(
                    report.problems.map {
                        .object([("kind", .string($0.kind.rawValue)), ("problem", .string(words.problem($0))), ("fix", .string(words.fix($0)))])
                    })
            ),
            (
                "information",
                .object([
                    ("application_id", .integer(report.applicationID)),
                    ("schema_version", .integer(report.schemaVersion)),
                    (
                        "last_import",
                        json(report.latestImport) { record in
                            .object([
                                ("imported_at", .string(record.importedAt)), ("tool_version", .string(record.toolVersion)),
                                ("missions_source", .string(record.missionsSource)), ("missions_sha256", .string(record.missionsSHA256)),
                                ("astronauts_source", .string(record.astronautsSource)), ("astronauts_sha256", .string(record.astronautsSHA256)),
                            ])
                        }
                    ),
                    ("edits_may_be_incomplete", .bool(report.editsMayBeIncomplete)),
                    (
                        "edits_since_import",
                        json(report.edits) { edits in
                            .object([
                                ("rows", .integer(Int64(edits.total))), ("missions", .integer(Int64(edits.missions))),
                                ("astronauts", .integer(Int64(edits.astronauts))), ("crew", .integer(Int64(edits.crew))),
                                ("first_edited_at", .string(edits.firstEditedAt)), ("last_edited_at", .string(edits.lastEditedAt)),
                                ("unnoted_before", .string(edits.unnotedBefore)),
                            ])
                        }
                    ),
                    ("other_objects", .array(report.otherObjects.map { .object([("type", .string($0.type)), ("name", .string($0.name))]) })),
                ])
            ),
            ("repaired", .array(repaired.map { .string($0) })),
        ])
    }

    /// A finding as JSON: the value, null for none, `{"unknown": reason}` when it could not be read.
    private static func json<Value>(_ finding: DatabaseReport.Finding<Value?>, _ value: (Value) -> JSONValue) -> JSONValue {
        switch finding {
        case .known(let known?): value(known)
        case .known(nil): .null
        case .unknown(let reason): .object([("unknown", .string(reason))])
        }
    }
}
