import Dataset
import Store

/// What `check --repair` says when it stops, and the same steps `check` advises for a problem the repair would refuse; an
/// import that meets such a problem says it as its own work, with its own command to run again.
struct RepairWords {
    /// For an import: the command that imports again into the database at a path.
    var importAgain: ((String) -> String)? = nil
    private var work: String { importAgain == nil ? "the repair" : "the import" }
    private func again(_ path: String) -> String { importAgain?(path) ?? DatabaseWords.repairCommand(path) }

    /// What the repair did, as `check --repair` lists it.
    static func step(_ step: RepairStep) -> String {
        switch step {
        case .droppedRetiredTrigger(let name): "dropped trigger \(name), which schema version \(MoonshotFile.schemaVersion) no longer has"
        case .movedLayout(let version):
            "moved it to the layout of schema version \(MoonshotFile.schemaVersion) (was \(version)), keeping its rows and its record of changes"
        case .rebuiltTable(let name, let rows): "rebuilt table \(name) as schema.sql makes it, keeping its \(plural(rows, "row"))"
        case .madeAgain(let type, let name): "made \(type) \(name) again as schema.sql makes it"
        case .created(_, let name, true): "created table \(name) as schema.sql makes it (empty)"
        case .created(let type, let name, false): "created \(type) \(name) as schema.sql makes it"
        case .setDerivedValues(let rows): "set the derived columns of \(plural(rows, "row")) by their rules"
        case .rebuiltFullTextIndex(let name): "rebuilt full-text index \(name) from its table"
        }
    }

    /// What to do instead of the repair: its refusal's hint, or, for columns schema.sql does not make (which `check`
    /// lists among its problems), what they are and what to do.
    func advice(_ refusal: RepairRefusal) -> String {
        switch refusal {
        case .rowBreaksRule(_, let table, let row, let sqliteMessage):
            return "The repair would rebuild it, but \(describe(row, of: table)) breaks a rule of schema.sql's table (\(sqliteMessage)). "
                + (message(refusal).hint ?? "")
        case .keyWouldChange(_, let table, let row):
            return "The repair would rebuild it, but \(describe(row, of: table)) would not keep its key. " + (message(refusal).hint ?? "")
        case .extraColumns(_, _, let columns):
            return "It has columns schema.sql does not make (\(columns.extra.joined(separator: ", ")))"
                + (columns.missing.isEmpty ? "" : " and lacks \(columns.missing.map(\.name).joined(separator: ", "))") + ". "
                + (message(refusal).hint ?? "")
        default:
            return message(refusal).hint ?? ""
        }
    }

    func message(_ refusal: RepairRefusal) -> ErrorMessage {
        switch refusal {
        case .damaged(let path, let finding):
            ErrorMessage(
                "\(path) is damaged (SQLite's check: \(finding)), so \(work) left it as it is",
                hint: DatabaseWords.damagedHint(MoonshotFile.shown(path)))
        case .rowsWouldChange(let path, let table):
            ErrorMessage(
                "\(work) would have changed the rows of \(table) in \(path) (how many, or a value SQLite would convert with loss, "
                    + "such as 2.5 into an integer column), which it never does, so \(path) was not changed",
                hint: "Give each value of \(table) the type of schema.sql's column ('moonshot schema' shows them) with sqlite3, "
                    + "and run '\(again(path))' again.")
        case .cannotMakeAgain(let path, let type, let name, let sqliteMessage):
            ErrorMessage(
                "\(type) \(shownName(name)), which another program made, cannot be made again after \(work) "
                    + "(\(sqliteMessage ?? "schema.sql now makes an index of that name")), so \(path) was not changed",
                hint: "Drop it (DROP \(type.uppercased()) \(identifier(name))), run '\(again(path))' again, and make it anew"
                    + (sqliteMessage == nil ? " under another name." : "."))
        case .tableInPlaceOf(let path, let name, let type):
            ErrorMessage(
                "\(path) has a table named \(name) where schema.sql makes \(article(type)) \(type); it may hold "
                    + "another program's rows, which moonshot never deletes, so \(path) was not changed",
                hint: "Rename it (ALTER TABLE \(identifier(name)) RENAME TO ...) or drop it yourself, "
                    + "and run '\(again(path))' again.")
        case .tableNotInPlace(let path, let table, let standing, let candidate, let keys):
            ErrorMessage(
                (standing.map { "\(path) has \(article($0)) \($0) named \(table) where schema.sql's table \(table) belongs" }
                    ?? "table \(table) is missing from \(path)")
                    + (candidate.map { ", and table \($0) may hold its rows under another name (it has the columns they need, or its triggers)" } ?? "")
                    + "; making \(table) anew would hide rows that are elsewhere, so \(path) was not changed",
                hint: notInPlaceSteps(table: table, standing: standing, candidate: candidate, keys: keys, path: path))
        case .keyColumnMissing(let path, let table, let column, let present, let extra):
            ErrorMessage(
                "table \(table) has no column \(column.name), which tells its rows apart: rebuilding it would give its rows "
                    + "new keys, so \(path) was not changed",
                hint: keyColumnSteps(table: table, column: column, present: present, extra: extra, path: path))
        case .keyWouldChange(let path, let table, let row):
            ErrorMessage(
                "\(describe(row, of: table)) would not keep its key in schema.sql's table (it is NULL, or not a value that column holds as it is), "
                    + "so \(table) could not be rebuilt and \(path) was not changed",
                hint: "Give that row its key as schema.sql's column holds it (an integer, say: 11, not '011' or 11.5), "
                    + "or delete it, and run '\(again(path))' again.")
        case .indexHoldsRows(let path, let index):
            ErrorMessage(
                "\(path) has a virtual table named \(index) that keeps rows of its own, where schema.sql makes a full-text index "
                    + "over a table; dropping it would lose them, so \(path) was not changed",
                hint: "Rename it (ALTER TABLE \(identifier(index)) RENAME TO ...), and run '\(again(path))' again.")
        case .tableInIndexsPlace(let path, let index, let table, "table"):
            ErrorMessage(
                "\(path) has a table named \(table), which FTS5 did not make, where full-text index \(index) keeps a table "
                    + "of its own; it may hold another program's rows, so \(path) was not changed",
                hint: "Rename it (ALTER TABLE \(identifier(table)) RENAME TO ...), and run '\(again(path))' again.")
        case .tableInIndexsPlace(let path, let index, let name, let type):
            ErrorMessage(
                "\(path) has \(article(type)) \(type) named \(name) where full-text index \(index) keeps a table of its own, "
                    + "so \(path) was not changed",
                hint: "Keep its statement if you need it (sqlite3 \(shellQuoted(path)) '.schema \(name)'), drop it (DROP \(type.uppercased()) "
                    + "\(identifier(name))), and run '\(again(path))' again.")
        case .fullTextIndexTooDamaged(let path, let index, let sqliteMessage):
            ErrorMessage(
                "full-text index \(index) is too damaged to be dropped (\(sqliteMessage)), so \(path) was not changed",
                hint: "Your rows are in the tables: write them out with 'moonshot export --db \(shellQuoted(path)) --missions m.json "
                    + "--astronauts a.json', and import those into a new file (moonshot import --db NEW.db --missions m.json --astronauts a.json).")
        case .extraColumns(let path, let table, let columns):
            ErrorMessage(
                "table \(table) has columns schema.sql does not make (\(columns.extra.joined(separator: ", "))): "
                    + "rebuilding it would lose what they hold, so \(path) was not changed",
                hint: columnAdvice(table: table, columns, repair: again(path)))
        case .rowBreaksRule(let path, let table, let row, let sqliteMessage):
            ErrorMessage(
                "\(describe(row, of: table)) breaks a rule of schema.sql's table (\(sqliteMessage)), "
                    + "so \(table) could not be rebuilt and \(path) was not changed",
                hint: "Correct or delete that row (with sqlite3, say), and run '\(again(path))' again.")
        case .notPutRight(let path, let first):
            ErrorMessage(
                "\(work) could not put \(path) right (\(DatabaseWords.difference(first)) after it), so \(path) was not changed",
                hint: "Run 'moonshot check --db \(shellQuoted(path))' to see what is wrong, and put it right with sqlite3.")
        case .sqliteFailed(let path, let sqliteMessage):
            ErrorMessage(
                "\(work) stopped on an error from SQLite (\(sqliteMessage)), so \(path) was not changed",
                hint: "Run 'moonshot check --db \(shellQuoted(path))' to see what is wrong, and put that right with sqlite3.")
        }
    }

    /// The steps that put a table of moonshot's back where it belongs. A rename back is made with legacy_alter_table
    /// on: schema.sql's views name the table, which is missing meanwhile.
    private func notInPlaceSteps(
        table: String, standing: String?, candidate: String?, keys: [ColumnDifferences.Column], path: String
    ) -> String {
        let t = identifier(table)
        let repair = "'\(again(path))'"
        switch standing {
        case "view":
            return "Keep the view's statement if you need it (sqlite3 \(shellQuoted(path)) '.schema \(table)') and drop it (DROP VIEW \(t)); then "
                + missingSteps(table: table, candidate: candidate, keys: keys, repair: repair)
        case "index":
            return "Drop the index (DROP INDEX \(t)); then " + missingSteps(table: table, candidate: candidate, keys: keys, repair: repair)
        case .some(let other):
            let aside = identifier(table + "_" + other.split(separator: " ").joined(separator: "_"))
            // An import fills the table from its input, so the rows are kept only under the other name.
            if importAgain != nil {
                return "Rename it to keep its rows (PRAGMA legacy_alter_table = ON; ALTER TABLE \(t) RENAME TO \(aside);), and run \(repair) again."
            }
            return "Copy its rows into a table of that name (PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON; ALTER TABLE \(t) RENAME TO \(aside); "
                + "CREATE TABLE \(t) AS SELECT * FROM \(aside);), run \(repair) again, which rebuilds \(table) with them, and drop \(aside) "
                + "when you no longer need it."
        case nil:
            let steps = missingSteps(table: table, candidate: candidate, keys: keys, repair: repair)
            return steps.prefix(1).uppercased() + steps.dropFirst()
        }
    }

    /// What to do about a missing table that another may hold the rows of.
    private func missingSteps(table: String, candidate: String?, keys: [ColumnDifferences.Column], repair: String) -> String {
        let t = identifier(table)
        guard let candidate else { return "run \(repair) again, which makes \(table) " + (importAgain == nil ? "empty." : "anew with the data.") }
        let empty = "CREATE TABLE \(t) (\(keys.map { "\(identifier($0.name)) \($0.type)" }.joined(separator: ", ")))"
        return
            "if \(candidate) is \(table) under another name, rename it back (PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON; ALTER TABLE \(identifier(candidate)) "
            + "RENAME TO \(t);) and run \(repair) again; if it is not, make an empty \(table) for "
            + (importAgain == nil ? "the repair to rebuild" : "the import to fill") + " (\(empty);) and run it again."
    }

    /// The steps that give a table its key column back.
    private func keyColumnSteps(table: String, column: ColumnDifferences.Column, present: [String], extra: [String], path: String) -> String {
        let t = identifier(table)
        let c = identifier(column.name)
        let repair = "'\(again(path))'"
        let add = "put the column back with each row's own value (ALTER TABLE \(t) ADD COLUMN \(c) \(column.type); UPDATE \(t) SET \(c) = ... WHERE ...;)"
        guard let renamed = extra.first else { return add.prefix(1).uppercased() + add.dropFirst() + ", then run \(repair) again." }
        // A key column cannot be renamed or dropped while schema.sql's views name it: the table is made again, with
        // foreign keys off (dropping it would otherwise delete crew rows).
        let fixed = identifier(table + "_fixed")
        let list = present.map { $0 == renamed ? "\(identifier($0)) AS \(c)" : identifier($0) }.joined(separator: ", ")
        return "If \(renamed) is \(column.name) renamed, make the table again with it under its name (PRAGMA foreign_keys = OFF; "
            + "PRAGMA legacy_alter_table = ON; CREATE TABLE \(fixed) AS SELECT \(list) FROM \(t); DROP TABLE \(t); "
            + "ALTER TABLE \(fixed) RENAME TO \(t);); if it is not, the same with each row's own \(column.name) in its place. "
            + "Then run \(repair) again."
    }

    /// Advice on a column schema.sql does not make: copy it back into schema.sql's missing column (a rename by
    /// `sqlite-utils transform --rename`, say), else keep what it holds elsewhere and drop it.
    private func columnAdvice(table: String, _ columns: ColumnDifferences, repair: String) -> String {
        let extra = columns.extra[0]
        // SQLite refuses to drop a column an index is on.
        let dropIndexes = columns.indexesOnFirstExtra.map { "DROP INDEX \(identifier($0)); " }.joined()
        if let missing = columns.missing.first {
            // RENAME COLUMN is refused while schema.sql's views and triggers name the column.
            let t = identifier(table)
            let from = identifier(extra)
            let to = identifier(missing.name)
            return "If \(extra) is schema.sql's \(missing.name) renamed, copy it back (ALTER TABLE \(t) ADD COLUMN \(to) \(missing.type); "
                + "UPDATE \(t) SET \(to) = \(from); \(dropIndexes)ALTER TABLE \(t) DROP COLUMN \(from);); if it is a column of your own, copy what it "
                + "holds elsewhere and drop it (\(dropIndexes)ALTER TABLE \(t) DROP COLUMN \(from)). Then run '\(repair)'."
        }
        return "It is not moonshot's: copy what \(extra) holds elsewhere if you need it, drop it (\(dropIndexes)ALTER TABLE \(identifier(table)) "
            + "DROP COLUMN \(identifier(extra))), and run '\(repair)'."
    }

    /// "the row of missions where id = '011'", "row 3 of crew".
    private func describe(_ row: RowPlace, of table: String) -> String {
        switch row {
        case .keyed(let values): "the row of \(table) where \(values)"
        case .numbered(let number): "row \(number) of \(table)"
        case .unknown: "a row of \(table)"
        }
    }

    /// "a" or "an", for the type of an object.
    private func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}
