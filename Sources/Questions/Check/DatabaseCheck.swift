import Dataset
import SQLite
import Store

/// `moonshot check`: what is wrong with a moonshot database and what fixes it, without changing the file. The checks
/// run on a private copy in SQLite's temporary folder, as FTS5's thorough integrity check is an INSERT (refused
/// read-only) and the repair is tried there; the copy needs about the database's size on disk (else
/// `DatabaseProblem.noRoomToCheck`) and a bounded page cache, however large the database. A check reading a missing
/// table or view, or a changed rule's view, is left out: the schema's problem says so, and the repair puts it back
/// before the data is compared.
package enum DatabaseCheck {
    /// The most problems of one kind listed; a last one counts the rest.
    package static let listLimit = 20

    /// Throws, as the questions do, for a file that is not a moonshot database of this schema version or cannot be
    /// read, and when SQLite's temporary folder has no room for the copy.
    package static func run(path: String, fixes: FixWording) throws -> DatabaseReport {
        let opened = try MoonshotDatabase(path: path, acceptingChangedSchema: true)
        let latestImport = finding { try opened.latestImport() }
        let edits = finding { try opened.editsSinceImport() }
        do {
            let copy: Database
            do {
                copy = try opened.privateCopy()
            } catch ResultCode.busy, ResultCode.locked {
                throw DatabaseProblem.busy(path: path)
            } catch let error as SQLiteError where error.code.primary == .corrupt {
                throw DatabaseProblem.damaged(path: path, sqliteMessage: error.message)
            }
            return try report(on: copy, path: path, fixes: fixes, latestImport: latestImport, edits: edits)
        } catch let error as SQLiteError where error.isOutOfSpace {
            // Only the copy and SQLite's temporary files are written: the temporary folder is full.
            throw DatabaseProblem.noRoomToCheck(path: path, folder: opened.temporaryFolder, bytes: opened.byteCount)
        } catch ResultCode.noTemporaryFolder {
            throw DatabaseProblem.noTemporaryFolder(path: path, bytes: opened.byteCount)
        }
    }

    private static func report(
        on database: Database, path: String, fixes: FixWording, latestImport: DatabaseReport.Finding<ImportRecord?>,
        edits: DatabaseReport.Finding<DataEdits?>
    ) throws -> DatabaseReport {
        let shownPath = MoonshotFile.shown(path)
        var problems = try attempt("The file's integrity", fixes: fixes) { try integrityProblems(in: database, fixes: fixes) }
        // The repair, tried on this private copy and rolled back: where it would refuse, its advice is the fix.
        let refusal = try DatabaseRepair.refusalOnTrial(of: database, path: path)
        let differences = try SchemaComparison.differences(in: database)
        let moonshots = differences.filter(\.changesMoonshotsObjects)
        // A full-text index that is missing or changed is made again whole: its own tables go unsaid.
        let remadeIndexes = moonshots.map { $0.object.name.lowercased() }.filter { name in FullTextIndexes.indexedTables.contains { $0.index == name } }
        problems += try moonshots.filter { difference in !remadeIndexes.contains { difference.object.name.lowercased().hasPrefix($0 + "_") } }
            .map {
                DatabaseReport.Problem(
                    kind: .schema, problem: $0.description, fix: try fix(for: $0, fixes: fixes, database: database, path: path, refusal: refusal))
            }
        /// Whether none of `names` is missing or replaced by another type (or changed at all, if `unchanged`).
        func intact(_ names: [String], unchanged: Bool = false) -> Bool {
            !moonshots.contains { difference in
                names.contains { $0.lowercased() == difference.object.name.lowercased() } && (unchanged || difference.kind != .changed)
            }
        }
        if intact(["crew", "missions", "astronauts"]) {
            problems += try attempt("Crew rows that point nowhere", fixes: fixes) { danglingRowProblems(try DanglingCrewRows.find(in: database)) }
        }
        for (index, table) in FullTextIndexes.indexedTables
        where intact([index, table]) && !moonshots.contains(where: { $0.object.name.lowercased().hasPrefix(index + "_") }) {
            problems += try attempt("Full-text index \(index)", fixes: fixes) {
                try FullTextIndexes.outOfStep(in: database, only: [index]).map { _ in
                    let refused = refusal?.object == index ? refusal : nil
                    return DatabaseReport.Problem(
                        kind: .fullTextIndex, problem: "full-text index \(index) does not hold exactly the text of \(table)",
                        fix: refused.map(fixes.refused) ?? "'\(fixes.repairCommand)' rebuilds it from \(table).")
                }
            }
        }
        if intact(["astronauts", "crew"]) {
            problems += try attempt("Rows that break the triggers' rules", fixes: fixes) {
                capped(
                    try RowsBreakingTriggerRules.problems(in: database),
                    rest: { DatabaseReport.Problem(kind: .ruleBreak, problem: "and \($0) more rows that break the triggers' rules", fix: "As above.") })
            }
        }
        if intact(["missions", "crew"]) && intact(["derived_mission_names", "derived_crew_roles"], unchanged: true) {
            problems += try attempt("Derived values", fixes: fixes) { derivedValueProblems(try DerivedValues.disagreements(in: database), fixes: fixes) }
        }
        let header = try database.rows("SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version)")
        return DatabaseReport(
            path: shownPath, problems: problems,
            applicationID: header.first?.int64(0) ?? 0, schemaVersion: header.first?.int64(1) ?? 0,
            latestImport: latestImport, edits: edits,
            editsMayBeIncomplete: try DataEdits.recordIsBroken(
                by: moonshots, in: database, isOlderLayout: (header.first?.int64(1) ?? 0) < MoonshotFile.schemaVersion),
            otherObjects: differences.filter { !$0.changesMoonshotsObjects }.map(\.object))
    }

    private static func integrityProblems(in database: Database, fixes: FixWording) throws -> [DatabaseReport.Problem] {
        let lines = try database.rows("PRAGMA integrity_check").compactMap { $0.text(0) }
        guard lines != ["ok"] else { return [] }
        let fix = "The file is damaged. " + fixes.damagedFile
        let ruleFix = "A row breaks a rule of its table (written while the rule was turned off): correct it with an UPDATE (the repair never changes a row)."
        return capped(
            lines.map {
                DatabaseReport.Problem(kind: .integrity, problem: "SQLite's integrity check: \($0)", fix: IntegrityFindings.isRuleBreak($0) ? ruleFix : fix)
            },
            rest: { DatabaseReport.Problem(kind: .integrity, problem: "and \($0) more findings of SQLite's integrity check", fix: fix) })
    }

    private static func danglingRowProblems(_ rows: [DanglingCrewRows.Row]) -> [DatabaseReport.Problem] {
        capped(
            rows.map { DatabaseReport.Problem(kind: .danglingRow, problem: $0.problem, fix: $0.fix) },
            rest: {
                DatabaseReport.Problem(
                    kind: .danglingRow, problem: "and \($0) more crew rows that point nowhere",
                    fix: "Add what they name, or delete them all: \(DanglingCrewRows.deleteAll)")
            })
    }

    private static func derivedValueProblems(_ disagreements: [DerivedValues.Disagreement], fixes: FixWording) -> [DatabaseReport.Problem] {
        let fix = "'\(fixes.repairCommand)' sets it by its rule."
        return capped(
            disagreements.map {
                let row = $0.table == "crew" ? "crew row \($0.rowKey)" : "mission \($0.rowKey)"
                return DatabaseReport.Problem(
                    kind: .derivedValue,
                    problem: "\(row): \($0.table).\($0.column) is \($0.value.map(quoted) ?? "NULL"), where its rule gives \(quoted($0.expected))",
                    fix: fix)
            }, rest: { DatabaseReport.Problem(kind: .derivedValue, problem: "and \($0) more derived values that disagree with their rule", fix: fix) })
    }

    private static func fix(for difference: SchemaDifference, fixes: FixWording, database: Database, path: String, refusal: RepairRefusal?)
        throws -> String
    {
        if let refusal = try RepairVerdict.refusal(for: difference, in: database, path: path) { return fixes.refused(refusal) }
        if let refusal, refusal.object?.lowercased() == difference.object.name.lowercased() { return fixes.refused(refusal) }
        let repair = fixes.repairCommand
        let object = difference.object
        let isTable = object.type == "table" && object.sql?.hasPrefix("CREATE VIRTUAL TABLE") == false
        switch difference.kind {
        case .missing:
            return isTable ? "'\(repair)' creates it, empty, as schema.sql makes it." : "'\(repair)' creates it as schema.sql makes it."
        case .changed:
            return isTable
                ? "'\(repair)' rebuilds it as schema.sql makes it, keeping its rows."
                : "'\(repair)' makes it again as schema.sql does."
        case .replaced(let other):
            return "'\(repair)' drops the \(other) and makes the \(object.type) as schema.sql does."
        case .extra:
            return ""
        }
    }

    private static func capped(_ problems: [DatabaseReport.Problem], rest: (Int) -> DatabaseReport.Problem) -> [DatabaseReport.Problem] {
        problems.count <= listLimit ? problems : Array(problems.prefix(listLimit)) + [rest(problems.count - listLimit)]
    }

    /// The problems `check` finds, or one saying it could not run (a damaged page, say). Rethrows a full temporary
    /// folder: that is not the database's problem, and `run` says so.
    private static func attempt(_ what: String, fixes: FixWording, _ check: () throws -> [DatabaseReport.Problem]) throws -> [DatabaseReport.Problem] {
        do {
            return try check()
        } catch let error as SQLiteError where error.isNoRoomForTemporaryFiles {
            throw error
        } catch {
            let reason = (error as? SQLiteError)?.message ?? String(describing: error)
            let damaged = (error as? SQLiteError)?.code.primary == .corrupt
            return [
                DatabaseReport.Problem(
                    kind: .notChecked, problem: "\(what) could not be checked: \(reason)",
                    fix: damaged
                        ? fixes.damagedFile
                        : "Put the schema right with '\(fixes.repairCommand)', then check again.")
            ]
        }
    }

    private static func finding<Value>(_ read: () throws -> Value) -> DatabaseReport.Finding<Value> {
        do {
            return .known(try read())
        } catch {
            return .unknown((error as? SQLiteError)?.message ?? String(describing: error))
        }
    }
}
