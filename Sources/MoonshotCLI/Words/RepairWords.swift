import MoonshotKit

/// What the user reads when `check --repair` stops.
enum RepairWords {
    static func message(_ refusal: RepairRefusal) -> ErrorMessage {
        switch refusal {
        case .damaged(let path, let finding):
            ErrorMessage(
                "\(path) is damaged (SQLite's check: \(finding)), so the repair left it as it is",
                hint: DatabaseWords.damagedHint(MoonshotFile.shown(path)))
        case .rowCountsWouldChange(let path, let before, let after):
            ErrorMessage(
                "the repair would have changed how many rows \(path) holds (\(before) before, \(after) after), "
                    + "which it never does, so \(path) was not changed",
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
        case .fullTextIndexTooDamaged(let path, let index, let sqliteMessage):
            ErrorMessage(
                "full-text index \(index) is too damaged to be dropped (\(sqliteMessage)), so \(path) was not changed",
                hint: "Make the database again with '\(DatabaseWords.importCommand(path))' (which replaces its content).")
        case .extraColumns(let path, let table, let columns):
            ErrorMessage(
                "table \(table) has columns schema.sql does not make (\(columns.extra.joined(separator: ", "))): "
                    + "rebuilding it would lose what they hold, so \(path) was not changed",
                hint: TableRebuild.columnAdvice(table: table, columns, repair: DatabaseWords.repairCommand(path)))
        case .rowBreaksRule(let path, let table, let row, let sqliteMessage):
            ErrorMessage(
                "\(row) breaks a rule of schema.sql's table (\(sqliteMessage)), so \(table) could not be rebuilt and \(path) was not changed",
                hint: "Correct or delete that row (with sqlite3, say), and run '\(DatabaseWords.repairCommand(path))' again.")
        }
    }
}
