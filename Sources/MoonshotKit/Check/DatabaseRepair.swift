import SQLite
import SystemSupport

/// `moonshot check --repair`: puts back what an edit broke, in one transaction under the write
/// lock: schema.sql's tables, indexes, views and triggers that are missing or changed (a
/// changed table rebuilt with its rows), the derived values, and the full-text indexes.
///
/// It never deletes or invents a row: crew rows that point nowhere stay (the report gives the
/// statement that would delete them), a table that cannot be rebuilt with all its rows and
/// columns stops the whole repair, and so does a count of rows that differs at the end. Other
/// programs' triggers on moonshot's tables do not run meanwhile (they are set aside and made
/// again at the end); other objects are left alone (those on a rebuilt table are made again).
/// A file SQLite finds damaged is not touched. Run on a sound database it changes nothing.
///
/// A database of an older layout that notes changes (`PriorEdits.firstNotingVersion` on) is
/// brought to schema.sql's in place: its tables are schema.sql's already, so what differs is
/// made again as for any other difference, and it keeps its rows, its import history and its
/// record of changes (which an import would replace).
package enum DatabaseRepair {
    /// Repairs the database at `path`, waiting for other programs' locks as `lockWait` says;
    /// returns what it did, one line each ("made trigger missions_au again as schema.sql makes
    /// it"), nothing when nothing needed it. Throws, leaving the database as it was, for a
    /// file that is not a moonshot database of this schema version or of an older one that
    /// notes changes, one that is locked, or a repair that would lose data.
    package static func run(path: String, lockWait: LockWaitPolicy = LockWaitPolicy()) throws -> [String] {
        try MoonshotFile.checkFile(path)
        do {
            // Foreign keys off: with them on, dropping a table to rebuild it would delete the
            // crew rows that refer to it. Nothing else the repair does meets them.
            let database = try Database(path: path, mode: .readWrite, foreignKeys: false, busyTimeout: lockWait.limit)
            if let waiting = lockWait.whenWaiting { database.whenWaitingForALock(after: LockWaitPolicy.announceAfter, waiting) }
            return try Interruption.interrupting(database.interruptHandle) {
                try database.transaction(.immediate) {
                    let version = try MoonshotFile.checkLayout(
                        of: database, path: path, notOurs: DatabaseWriteProblem.notMoonshots(path: path), accepting: PriorEdits.firstNotingVersion)
                    return try repair(database, path: path, version: version)
                }
            }
        } catch let error as SQLiteError {
            ImportTarget.finishRollback(of: path)
            throw ImportTarget.explained(error, path: path, lockWait: lockWait, work: .repair)
        }
    }

    private static func repair(_ database: Database, path: String, version: Int64) throws -> [String] {
        let quickCheck = try database.rows("PRAGMA quick_check(1)").first?.text(0)
        guard quickCheck == "ok" else {
            throw RepairRefusal.damaged(path: path, finding: (quickCheck ?? "no answer").split(whereSeparator: \.isNewline).joined(separator: " "))
        }
        let rowsBefore = try rowCounts(in: database)
        let setAside = try setAsideOtherTriggers(in: database)
        let recordWasBroken = DataEdits.recordIsBroken(by: try SchemaComparison.differences(in: database))
        var done = try repairSchemaAndData(database, path: path)
        if version < MoonshotFile.schemaVersion {
            try database.execute("PRAGMA user_version = \(MoonshotFile.schemaVersion)")
            done.append("moved it to the layout of schema version \(MoonshotFile.schemaVersion) (was \(version)), keeping its rows and its record of changes")
        }
        if recordWasBroken {
            // Changes made while a trigger or edited_rows was missing went unnoted: say from when the record is whole.
            try DataEdits.noteLostRecord(in: database)
        }
        for trigger in setAside { try makeAgain("trigger", trigger.name, sql: trigger.sql, in: database, path: path) }
        let rowsAfter = try rowCounts(in: database)
        guard rowsAfter == rowsBefore else {
            throw RepairRefusal.rowCountsWouldChange(path: path, before: rowsBefore, after: rowsAfter)
        }
        return done
    }

    /// Makes again an object of another program's that the repair had to drop (it was on a
    /// table the repair rebuilt, or a trigger set aside); throws, so that nothing is changed,
    /// when it no longer fits schema.sql's objects.
    private static func makeAgain(_ type: String, _ name: String, sql: String, in database: Database, path: String) throws {
        do {
            try database.execute(sql)
        } catch let error as SQLiteError {
            throw RepairRefusal.cannotMakeAgain(path: path, type: type, name: name, sqliteMessage: error.message)
        }
    }

    /// How many rows each of moonshot's tables holds (a table that is missing counts as none).
    private static func rowCounts(in database: Database) throws -> String {
        var counts: [String] = []
        for table in ["missions", "astronauts", "crew", "imports"] {
            let exists = try database.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND lower(name) = ?", [.text(table)])
            let count = exists == .integer(1) ? try database.scalar("SELECT count(*) FROM \(identifier(table))") : .integer(0)
            counts.append("\(table) \(count.map { $0.sqlLiteral } ?? "0")")
        }
        return counts.joined(separator: ", ")
    }

    /// Drops the triggers other programs made on moonshot's tables and views, so that none of
    /// them runs while the repair changes rows (nor goes with a view it makes again); returns
    /// them, to be made again.
    private static func setAsideOtherTriggers(in database: Database) throws -> [(name: String, sql: String)] {
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

    private static func repairSchemaAndData(_ database: Database, path: String) throws -> [String] {
        var done: [String] = []
        let differences = try SchemaComparison.differences(in: database).filter(\.changesMoonshotsObjects)
        var remade: Set<String> = []
        var otherObjects: [TableRebuild.OtherObject] = []
        var rebuiltIndexes: Set<String> = []
        for difference in differences {
            let object = difference.object
            let name = object.name.lowercased()
            if let (index, _) = FullTextIndexes.indexedTables.first(where: { name == $0.index || name.hasPrefix($0.index + "_") }) {
                // A full-text index holds nothing but what its table gives it: made afresh.
                guard !rebuiltIndexes.contains(index) else { continue }
                try dropFullTextIndex(index, in: database, path: path)
                rebuiltIndexes.insert(index)
                remade.insert(index)
                continue
            }
            switch difference.kind {
            case .missing, .extra:
                break
            case .replaced(by: "table"):
                throw RepairRefusal.tableInPlaceOf(path: path, name: object.name, type: object.type)
            case .replaced(let type):
                try database.execute("DROP \(type.uppercased()) \(identifier(object.name))")
                remade.insert(name)
            case .changed where object.type == "table":
                guard let sql = object.sql else { continue }
                let rebuild = try TableRebuild(object.name, as: sql, in: database, path: path)
                done.append("rebuilt table \(object.name) as schema.sql makes it, keeping its \(plural(rebuild.rowCount, "row"))")
                otherObjects += rebuild.otherObjects
            case .changed:
                try database.execute("DROP \(object.type.uppercased()) \(identifier(object.name))")
                remade.insert(name)
            }
        }
        done += try createMissingObjects(in: database, remade: remade)
        for other in otherObjects { try makeAgain(other.type, other.name, sql: other.sql, in: database, path: path) }
        let derived = try DerivedValues.fillIn(database)
        if derived > 0 { done.append("set the derived columns of \(plural(derived, "row")) by their rules") }
        let outOfStep = try FullTextIndexes.outOfStep(in: database).map(\.index)
        let stale = FullTextIndexes.indexedTables.map(\.index).filter { rebuiltIndexes.contains($0) || outOfStep.contains($0) }
        if !stale.isEmpty {
            try FullTextIndexes.rebuild(database, only: stale)
            done += stale.map { "rebuilt full-text index \($0) from its table" }
        }
        return done
    }

    /// Makes every object of schema.sql that the database lacks, in schema.sql's order (the
    /// full-text indexes make their own tables); says what it made, as made again for those in
    /// `remade` (lower-case names).
    private static func createMissingObjects(in database: Database, remade: Set<String>) throws -> [String] {
        let present = Set(try database.rows("SELECT lower(name) FROM sqlite_schema").compactMap { $0.text(0) })
        var done: [String] = []
        for object in EmbeddedResources.schemaObjects where !present.contains(object.name.lowercased()) {
            guard let sql = object.sql, !isShadowTable(object.name) else { continue }
            try database.execute(sql)
            let isTable = object.type == "table" && !sql.hasPrefix("CREATE VIRTUAL TABLE")
            done.append(
                remade.contains(object.name.lowercased())
                    ? "made \(object.type) \(object.name) again as schema.sql makes it"
                    : isTable
                        ? "created table \(object.name) as schema.sql makes it (empty)"
                        : "created \(object.type) \(object.name) as schema.sql makes it")
        }
        return done
    }

    /// Drops the full-text index `index` and whatever tables of its own are left, so that it
    /// can be made afresh.
    private static func dropFullTextIndex(_ index: String, in database: Database, path: String) throws {
        let tables = try database.rows(
            "SELECT name, sql LIKE 'CREATE VIRTUAL TABLE%' FROM sqlite_schema WHERE type = 'table' AND (lower(name) = ? OR lower(name) GLOB ?)",
            [.text(index), .text(index + "_*")])
        if let virtual = tables.first(where: { $0.int64(1) == 1 })?.text(0) {
            do {
                try database.execute("DROP TABLE \(identifier(virtual))")
            } catch let error as SQLiteError where error.code.primary != .busy {
                throw RepairRefusal.fullTextIndexTooDamaged(path: path, index: index, sqliteMessage: error.message)
            }
        }
        for shadow in tables where shadow.int64(1) != 1 && isShadowTable(shadow.text(0) ?? "") {
            try database.execute("DROP TABLE IF EXISTS \(identifier(shadow.text(0)))")
        }
    }

    /// Whether `name` is one of the tables a full-text index of schema.sql makes for itself.
    private static func isShadowTable(_ name: String) -> Bool {
        FullTextIndexes.indexedTables.contains { index in
            ["data", "idx", "docsize", "config", "content"].contains { name.lowercased() == index.index + "_" + $0 }
        }
    }
}
