import MoonshotKit

/// What the user reads when `check --repair` stops, and what `check` advises for a problem the
/// repair would refuse: the same steps.
enum RepairWords {
    /// What to do instead of the repair: the hint of its refusal, or for columns schema.sql does
    /// not make, which `check` lists among its problems, what they are and what to do.
    static func advice(_ refusal: RepairRefusal) -> String {
        guard case .extraColumns(_, _, let columns) = refusal else { return message(refusal).hint ?? "" }
        return "It has columns schema.sql does not make (\(columns.extra.joined(separator: ", ")))"
            + (columns.missing.isEmpty ? "" : " and lacks \(columns.missing.map(\.name).joined(separator: ", "))") + ". "
            + (message(refusal).hint ?? "")
    }

    static func message(_ refusal: RepairRefusal) -> ErrorMessage {
        switch refusal {
        case .damaged(let path, let finding):
            ErrorMessage(
                "\(path) is damaged (SQLite's check: \(finding)), so the repair left it as it is",
                hint: DatabaseWords.damagedHint(MoonshotFile.shown(path)))
        case .rowsWouldChange(let path, let table):
            ErrorMessage(
                "the repair would have changed the rows of \(table) in \(path) (how many, or what they hold), which it never does, so \(path) was not changed",
                hint: "Run 'moonshot check --db \(shellQuoted(path))' to see what is wrong, and put it right with sqlite3.")
        case .cannotMakeAgain(let path, let type, let name, let sqliteMessage):
            ErrorMessage(
                "\(type) \(name), which another program made, cannot be made again after the repair "
                    + "(\(sqliteMessage)), so \(path) was not changed",
                hint: "Drop it (DROP \(type.uppercased()) \(identifier(name))), run '\(DatabaseWords.repairCommand(path))' again, and make it anew.")
        case .tableInPlaceOf(let path, let name, let type):
            ErrorMessage(
                "\(path) has a table named \(name) where schema.sql makes a \(type); it may hold "
                    + "another program's rows, which moonshot never deletes, so \(path) was not changed",
                hint: "Rename it (ALTER TABLE \(identifier(name)) RENAME TO ...) or drop it yourself, "
                    + "and run '\(DatabaseWords.repairCommand(path))' again.")
        case .tableNotInPlace(let path, let table, let standing, let candidate):
            ErrorMessage(
                (standing.map { "\(path) has a \($0) named \(table) where schema.sql's table \(table) belongs" }
                    ?? "table \(table) is missing from \(path)")
                    + (candidate.map { ", and table \($0) may be \(table) renamed (it has its columns or triggers)" } ?? "")
                    + "; making \(table) anew would hide rows that are elsewhere, so \(path) was not changed",
                hint: notInPlaceSteps(table: table, standing: standing, candidate: candidate, path: path))
        case .keyColumnMissing(let path, let table, let column, let type):
            ErrorMessage(
                "table \(table) has no column \(column), which tells its rows apart: rebuilding it would give its rows "
                    + "new keys, so \(path) was not changed",
                hint: "Put the column back with each row's own value (ALTER TABLE \(identifier(table)) ADD COLUMN \(identifier(column)) \(type); "
                    + "UPDATE \(identifier(table)) SET \(identifier(column)) = ... WHERE ...;), then run '\(DatabaseWords.repairCommand(path))' again. "
                    + "Or keep what you need with 'sqlite3 \(shellQuoted(path)) .dump' and start afresh in a new file with 'moonshot import --db NEW.db'.")
        case .indexHoldsRows(let path, let index):
            ErrorMessage(
                "\(path) has a virtual table named \(index) that keeps rows of its own, where schema.sql makes a full-text index "
                    + "over a table; dropping it would lose them, so \(path) was not changed",
                hint: "Rename it (ALTER TABLE \(identifier(index)) RENAME TO ...), and run '\(DatabaseWords.repairCommand(path))' again.")
        case .tableInIndexsPlace(let path, let index, let table):
            ErrorMessage(
                "\(path) has a table named \(table), which FTS5 did not make, where full-text index \(index) keeps a table "
                    + "of its own; it may hold another program's rows, so \(path) was not changed",
                hint: "Rename it (ALTER TABLE \(identifier(table)) RENAME TO ...), and run '\(DatabaseWords.repairCommand(path))' again.")
        case .fullTextIndexTooDamaged(let path, let index, let sqliteMessage):
            ErrorMessage(
                "full-text index \(index) is too damaged to be dropped (\(sqliteMessage)), so \(path) was not changed",
                hint: "Your rows are in the tables: write them out with 'moonshot export --db \(shellQuoted(path)) --missions m.json "
                    + "--astronauts a.json', and import those into a new file (moonshot import --db NEW.db --missions m.json --astronauts a.json).")
        case .extraColumns(let path, let table, let columns):
            ErrorMessage(
                "table \(table) has columns schema.sql does not make (\(columns.extra.joined(separator: ", "))): "
                    + "rebuilding it would lose what they hold, so \(path) was not changed",
                hint: TableRebuild.columnAdvice(table: table, columns, repair: DatabaseWords.repairCommand(path)))
        case .rowBreaksRule(let path, let table, let row, let sqliteMessage):
            ErrorMessage(
                "\(row) breaks a rule of schema.sql's table (\(sqliteMessage)), so \(table) could not be rebuilt and \(path) was not changed",
                hint: "Correct or delete that row (with sqlite3, say), and run '\(DatabaseWords.repairCommand(path))' again.")
        case .notPutRight(let path, let first):
            ErrorMessage(
                "the repair could not put \(path) right (\(first) after it), so \(path) was not changed",
                hint: "Run 'moonshot check --db \(shellQuoted(path))' to see what is wrong, and put it right with sqlite3.")
        case .sqliteFailed(let path, let sqliteMessage):
            ErrorMessage(
                "the repair stopped on an error from SQLite (\(sqliteMessage)), so \(path) was not changed",
                hint: "Run 'moonshot check --db \(shellQuoted(path))' to see what is wrong, and put that right with sqlite3.")
        }
    }

    /// The steps that put a table of moonshot's back where it belongs.
    private static func notInPlaceSteps(table: String, standing: String?, candidate: String?, path: String) -> String {
        let t = identifier(table)
        var steps: [String] = []
        if let standing {
            steps.append(
                standing == "view"
                    ? "Keep the view's statement if you need it (sqlite3 \(shellQuoted(path)) '.schema \(table)') and drop it (DROP VIEW \(t))"
                    : "Rename the \(standing) (ALTER TABLE \(t) RENAME TO ...)")
        }
        if let candidate {
            steps.append("if \(candidate) is \(table), rename it back (ALTER TABLE \(identifier(candidate)) RENAME TO \(t))")
        }
        steps.append("then run '\(DatabaseWords.repairCommand(path))' again, which makes \(table) empty if it is still missing")
        let text = steps.joined(separator: "; ") + "."
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
