import Dataset
import SQLite
import Store

/// `moonshot check`: what is wrong with a moonshot database and what fixes it, without changing the file. The checks run on a private copy
/// (about the database's size on disk), as FTS5's thorough integrity check is an INSERT (refused read-only) and the repair is tried there.
package enum DatabaseCheck {
    /// The most problems of one kind listed; a last one counts the rest.
    static let listLimit = 20

    /// Throws, as the questions do, for a file that is not a moonshot database of this schema version or cannot be
    /// read, and when SQLite's temporary folder has no room for the copy.
    package static func run(path: String) throws -> DatabaseReport {
        let opened = try MoonshotDatabase(path: path, acceptingChangedSchema: true)
        let latestImport = finding { try opened.latestImport() }
        let edits = finding { try opened.editsSinceImport() }
        do {
            let copy: Database
            do {
                copy = try opened.connection.privateCopy()
            } catch ResultCode.busy, ResultCode.locked {
                throw DatabaseProblem.busy(path: path)
            } catch let error as SQLiteError where error.code.primary == .corrupt {
                throw DatabaseProblem.damaged(path: path, sqliteMessage: error.message)
            }
            return try report(on: copy, path: path, latestImport: latestImport, edits: edits)
        } catch let error as SQLiteError where error.isOutOfSpace {
            // Only the copy and SQLite's temporary files are written: the temporary folder is full.
            throw DatabaseProblem.noRoomToCheck(path: path, folder: opened.connection.temporaryFolder, bytes: opened.byteCount)
        } catch ResultCode.noTemporaryFolder {
            throw DatabaseProblem.noTemporaryFolder(path: path, bytes: opened.byteCount)
        }
    }

    private static func report(
        on database: Database, path: String, latestImport: DatabaseReport.Finding<ImportRecord?>,
        edits: DatabaseReport.Finding<DataEdits?>
    ) throws -> DatabaseReport {
        let shownPath = MoonshotFile.shown(path)
        var problems = try attempt(.integrity) { try integrityProblems(in: database) }
        // The repair, tried on this private copy and rolled back: where it would refuse, its advice is the fix.
        let refusal = try DatabaseRepair.refusalOnTrial(of: database, path: path)
        let differences = try SchemaComparison.differences(in: database)
        let moonshots = differences.filter(\.changesMoonshotsObjects)
        // A full-text index that is missing or changed is made again whole: its own tables go unsaid.
        let remadeIndexes = moonshots.map { $0.object.name.lowercased() }.filter { name in FullTextIndexes.indexedTables.contains { $0.index == name } }
        problems += try moonshots.filter { difference in !remadeIndexes.contains { difference.object.name.lowercased().hasPrefix($0 + "_") } }
            .map { difference in
                let trial = refusal?.object?.lowercased() == difference.object.name.lowercased() ? refusal : nil
                return .schema(difference, refusal: try RepairVerdict.refusal(for: difference, in: database, path: path) ?? trial)
            }
        /// Whether none of `names` is missing or replaced by another type (or changed at all, if `unchanged`).
        func intact(_ names: [String], unchanged: Bool = false) -> Bool {
            !moonshots.contains { difference in
                names.contains { $0.lowercased() == difference.object.name.lowercased() } && (unchanged || difference.kind != .changed)
            }
        }
        if intact(["crew", "missions", "astronauts"]) {
            problems += try attempt(.danglingRows) { capped(try DanglingCrewRows.find(in: database).map(DatabaseReport.Problem.danglingRow), of: .danglingRow) }
        }
        for (index, table) in FullTextIndexes.indexedTables
        where intact([index, table]) && !moonshots.contains(where: { $0.object.name.lowercased().hasPrefix(index + "_") }) {
            problems += try attempt(.fullTextIndex(index)) {
                try FullTextIndexes.outOfStep(in: database, only: [index]).map { _ in
                    .fullTextIndex(index: index, table: table, refusal: refusal?.object == index ? refusal : nil)
                }
            }
        }
        if intact(["astronauts", "crew"]) {
            problems += try attempt(.ruleBreaks) { capped(try RowsBreakingTriggerRules.problems(in: database), of: .ruleBreak) }
        }
        if intact(["missions", "crew"]) && intact(["derived_mission_names", "derived_crew_roles"], unchanged: true) {
            problems += try attempt(.derivedValues) {
                capped(try DerivedValues.disagreements(in: database).map(DatabaseReport.Problem.derivedValue), of: .derivedValue)
            }
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

    private static func integrityProblems(in database: Database) throws -> [DatabaseReport.Problem] {
        let lines = try database.rows("PRAGMA integrity_check").compactMap { $0.text(0) }
        guard lines != ["ok"] else { return [] }
        return capped(lines.map { .integrity($0, breaksARule: IntegrityFindings.isRuleBreak($0)) }, of: .integrity)
    }

    /// `problems`, the first `listLimit` of them and one that counts the rest.
    private static func capped(_ problems: [DatabaseReport.Problem], of kind: DatabaseReport.Problem.Kind) -> [DatabaseReport.Problem] {
        problems.count <= listLimit ? problems : Array(problems.prefix(listLimit)) + [.more(problems.count - listLimit, of: kind)]
    }

    /// The problems `check` finds, or one saying it could not run (a damaged page, say). Rethrows a full temporary
    /// folder: that is not the database's problem, and `run` says so.
    private static func attempt(_ part: DatabaseReport.Problem.Part, _ check: () throws -> [DatabaseReport.Problem]) throws -> [DatabaseReport.Problem] {
        do {
            return try check()
        } catch let error as SQLiteError where error.isNoRoomForTemporaryFiles {
            throw error
        } catch {
            let reason = (error as? SQLiteError)?.message ?? String(describing: error)
            return [.notChecked(part, reason: reason, damaged: (error as? SQLiteError)?.code.primary == .corrupt)]
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
