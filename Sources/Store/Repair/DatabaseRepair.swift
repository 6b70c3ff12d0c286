import Dataset
import SQLite
import SystemSupport

/// `moonshot check --repair`: in one transaction, puts back schema.sql's missing or changed objects and the derived values, and moves old layouts.
/// It changes only what it can prove right (`RepairVerdict`, `RowFingerprint`); a damaged file is not touched, and a sound one is only read.
package enum DatabaseRepair {
    /// Repairs the database at `path`; returns the steps it took, or none. Throws, leaving it as it was, for
    /// a file not moonshot's in this or an older change-noting layout, a lock held past `lockWait`, or a refusal.
    package static func run(path: String, lockWait: LockWaitPolicy = LockWaitPolicy()) throws -> [RepairStep] {
        try MoonshotFile.checkFile(path)
        do {
            // Foreign keys off: with them on, dropping a table to rebuild it would delete the
            // crew rows that refer to it. Nothing else the repair does meets them.
            let database = try Database(path: path, mode: .readWrite, foreignKeys: false, busyTimeout: lockWait.limit)
            if let waiting = lockWait.whenWaiting { database.whenWaitingForALock(after: LockWaitPolicy.announceAfter, waiting) }
            return try Interruption.interrupting(database.interruptHandle) {
                // First a look that changes nothing, so that a sound database is left alone. FTS5's
                // check is a write, so the look waits for the write lock, and is rolled back.
                guard try database.rolledBack(.immediate, { try needsRepair(database, path: path, version: try layout(of: database, path: path)) })
                else { return [] }
                do {
                    return try database.transaction(.immediate) { try repair(database, path: path, version: try layout(of: database, path: path)) }
                } catch is NothingToRepair {
                    return []
                }
            }
        } catch let error as SQLiteError {
            ImportTarget.finishRollback(of: path)
            let explained = ImportTarget.explained(error, path: path, lockWait: lockWait, work: .repair)
            guard let unforeseen = explained as? SQLiteError, unforeseen.code != .interrupted else { throw explained }
            throw RepairRefusal.sqliteFailed(path: path, sqliteMessage: unforeseen.message)
        }
    }

    /// What the repair would refuse, tried on a private copy and rolled back, so that `check` advises what it then
    /// does. Throws only when the copy's folder has no room for the trial's writes, which says nothing of the repair.
    package static func refusalOnTrial(of database: Database, path: String) throws -> RepairRefusal? {
        do {
            let version = try layout(of: database, path: path)
            _ = try database.rolledBack(.deferred) { try repair(database, path: path, version: version) }
            return nil
        } catch let refusal as RepairRefusal {
            return refusal
        } catch let error as SQLiteError where error.isNoRoomForTemporaryFiles {
            throw error
        } catch {
            return nil
        }
    }

    /// The schema version of `database`: this one, or an older one that notes changes; throws for any other.
    private static func layout(of database: Database, path: String) throws -> Int64 {
        try MoonshotFile.checkLayout(
            of: database, path: path, notOurs: DatabaseWriteProblem.notMoonshots(path: path), accepting: PriorEdits.firstNotingVersion)
    }

    /// Thrown to roll back a repair that found nothing to do after all (another program put it right meanwhile).
    private struct NothingToRepair: Error {}

    /// Whether anything `check` finds is for the repair: an older layout, a difference from
    /// schema.sql, a derived value or a full-text index out of step. Throws for a damaged file.
    private static func needsRepair(_ database: Database, path: String, version: Int64) throws -> Bool {
        try refuseDamage(database, path: path)
        guard version == MoonshotFile.schemaVersion, try SchemaComparison.differences(in: database).allSatisfy({ !$0.changesMoonshotsObjects }),
            try DerivedValues.disagreements(in: database).isEmpty
        else { return true }
        return try !FullTextIndexes.outOfStep(in: database).isEmpty
    }

    /// Throws when SQLite's quick check finds damage: a repair writes nothing into a damaged file.
    private static func refuseDamage(_ database: Database, path: String) throws {
        let first = try database.rows("PRAGMA quick_check(1)").first?.text(0) ?? "no answer"
        guard first != "ok" else { return }
        // Rows that break a rule are not damage (a rebuild names them); any other finding, or more than are read, is.
        let findings = (try? database.rows("PRAGMA quick_check(100)").compactMap { $0.text(0) }) ?? [first]
        if findings.count == 100 || !findings.allSatisfy(IntegrityFindings.isRuleBreak) {
            throw RepairRefusal.damaged(path: path, finding: first.split(whereSeparator: \.isNewline).joined(separator: " "))
        }
    }

    /// The repair itself, in a transaction, once `needsRepair` (which refuses a damaged file) found something to do.
    private static func repair(_ database: Database, path: String, version: Int64) throws -> [RepairStep] {
        if let refusal = try OtherObjects.laterNameRefusal(in: database, version: version, path: path) { throw refusal }
        let differences = try SchemaComparison.differences(in: database).filter(\.changesMoonshotsObjects)
        for difference in differences {
            if let refusal = try RepairVerdict.refusal(for: difference, in: database, path: path) { throw refusal }
        }
        // Read before the repair makes them again: whether changes went unnoted.
        let recordWasBroken = try DataEdits.recordIsBroken(by: differences, in: database, isOlderLayout: version < MoonshotFile.schemaVersion)
        let rowsBefore = try RowFingerprint(of: MoonshotTable.all, in: database)
        let retired = try OtherObjects.dropRetiredTriggers(in: database, version: version)
        let setAside = try setAsideOtherTriggers(in: database)
        var done = retired.map(RepairStep.droppedRetiredTrigger)
        done += try repairSchema(database, differences: differences, path: path)
        if let table = try rowsBefore.again(in: database).firstDifference(from: rowsBefore) {
            throw RepairRefusal.rowsWouldChange(path: path, table: table)
        }
        done += try repairDerivedValuesAndIndexes(database, differences: differences, path: path)
        if version < MoonshotFile.schemaVersion {
            try database.execute("PRAGMA user_version = \(MoonshotFile.schemaVersion)")
            done.append(.movedLayout(from: version))
        }
        if recordWasBroken {
            // Changes made while a trigger or edited_rows was missing went unnoted: say from when the record is whole.
            try DataEdits.noteLostRecord(in: database)
        }
        for trigger in setAside { try makeAgain("trigger", trigger.name, sql: trigger.sql, in: database, path: path) }
        if let left = try SchemaComparison.differences(in: database).first(where: \.changesMoonshotsObjects) {
            throw RepairRefusal.notPutRight(path: path, first: left)
        }
        // The repair notes the derived values it sets as changes: edited_rows may gain rows.
        if let table = try rowsBefore.again(in: database).firstDifference(from: rowsBefore), table != "edited_rows" {
            throw RepairRefusal.rowsWouldChange(path: path, table: table)
        }
        guard !done.isEmpty else { throw NothingToRepair() }
        return done
    }

    /// Makes again another program's object the repair dropped (on a rebuilt table, or a trigger set aside); throws, so
    /// that nothing changes, when it no longer fits schema.sql's objects.
    static func makeAgain(_ type: String, _ name: String, sql: String, in database: Database, path: String) throws {
        do {
            try database.execute(sql)
        } catch let error as SQLiteError {
            throw RepairRefusal.cannotMakeAgain(path: path, type: type, name: name, sqliteMessage: error.message)
        }
    }

    /// Drops other programs' triggers on moonshot's tables and views, so that none runs while the repair changes rows
    /// (nor goes with a view it makes again); returns them to be made again.
    static func setAsideOtherTriggers(in database: Database) throws -> [(name: String, sql: String)] {
        let ours = Set(EmbeddedResources.schemaObjects.filter { $0.type == "trigger" }.map { $0.name.lowercased() })
        // Triggers on schema.sql's views too: re-making a view drops its triggers.
        let tables = Set(EmbeddedResources.schemaObjects.filter { $0.type == "table" || $0.type == "view" }.map { $0.name.lowercased() })
        let triggers = try database.rows("SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY rowid").compactMap {
            row -> (name: String, sql: String)? in
            guard let name = row.text(0), let table = row.text(1), let sql = row.text(2),
                !ours.contains(name.lowercased()), tables.contains(table.lowercased())
            else { return nil }
            return (name, sql)
        }
        for trigger in triggers { try database.execute("DROP TRIGGER \(identifier(trigger.name))") }
        return triggers
    }

    /// Puts schema.sql's objects back where `differences` (each allowed by `RepairVerdict`) say, then makes again other programs' objects a rebuild
    /// dropped. An import empties the tables first, and drops their columns schema.sql does not make (`droppingExtraColumns`).
    static func repairSchema(_ database: Database, differences: [SchemaDifference], path: String, droppingExtraColumns: Bool = false) throws
        -> [RepairStep]
    {
        var done: [RepairStep] = []
        var remade: Set<String> = []
        var otherObjects: [TableRebuild.OtherObject] = []
        for difference in differences {
            let object = difference.object
            let name = object.name.lowercased()
            if let index = fullTextIndex(owning: name) {
                guard !remade.contains(index) else { continue }
                try FullTextIndexRepair.drop(index, in: database, path: path)
                remade.insert(index)
                continue
            }
            switch difference.kind {
            case .missing, .extra:
                break
            case .replaced(let type):
                try database.execute("DROP \(type.uppercased()) IF EXISTS \(identifier(object.name))")
                remade.insert(name)
            case .changed where object.type == "table":
                guard let table = MoonshotTable.named(object.name) else { continue }
                let rebuild = try TableRebuild(table, in: database, path: path, droppingExtraColumns: droppingExtraColumns)
                done.append(.rebuiltTable(object.name, rows: rebuild.rowCount))
                otherObjects += rebuild.otherObjects
            case .changed:
                // A table rebuilt before it may have taken it along.
                try database.execute("DROP \(object.type.uppercased()) IF EXISTS \(identifier(object.name))")
                remade.insert(name)
            }
        }
        done += try createMissingObjects(in: database, remade: remade)
        for other in otherObjects { try makeAgain(other.type, other.name, sql: other.sql, in: database, path: path) }
        return done
    }

    /// Sets the derived columns by their rules, and refills the full-text indexes made again or out of step.
    private static func repairDerivedValuesAndIndexes(_ database: Database, differences: [SchemaDifference], path: String) throws -> [RepairStep] {
        var done: [RepairStep] = []
        let derived = try DerivedValues.fillIn(database)
        if derived > 0 { done.append(.setDerivedValues(rows: derived)) }
        let remade = Set(differences.compactMap { fullTextIndex(owning: $0.object.name.lowercased()) })
        let outOfStep = try FullTextIndexes.outOfStep(in: database).map(\.index)
        let stale = FullTextIndexes.indexedTables.map(\.index).filter { remade.contains($0) || outOfStep.contains($0) }
        try FullTextIndexRepair.rebuild(stale, in: database, path: path)
        return done + stale.map(RepairStep.rebuiltFullTextIndex)
    }

    /// The full-text index that `name` (lower case) is, or is one of FTS5's own tables of.
    private static func fullTextIndex(owning name: String) -> String? {
        FullTextIndexes.indexedTables.map(\.index).first { name == $0 || FullTextIndexes.ownTables(of: $0).contains { $0.lowercased() == name } }
    }

    /// Makes schema.sql's objects the database lacks, in order; says what it made ("again" for those in `remade`).
    static func createMissingObjects(in database: Database, remade: Set<String>) throws -> [RepairStep] {
        // Triggers have names of their own: a view may share a trigger's name.
        let present = Set(
            try database.rows("SELECT CASE type WHEN 'trigger' THEN 'trigger ' ELSE '' END || lower(name) FROM sqlite_schema").compactMap { $0.text(0) })
        var done: [RepairStep] = []
        for object in EmbeddedResources.schemaObjects where !present.contains((object.type == "trigger" ? "trigger " : "") + object.name.lowercased()) {
            let name = object.name.lowercased()
            // FTS5 makes the tables of its own with the index.
            guard let sql = object.sql, fullTextIndex(owning: name) ?? name == name else { continue }
            try database.execute(sql)
            let isTable = object.type == "table" && !sql.hasPrefix("CREATE VIRTUAL TABLE")
            done.append(
                remade.contains(name) ? .madeAgain(type: object.type, name: object.name) : .created(type: object.type, name: object.name, isTable: isTable))
        }
        return done
    }
}
