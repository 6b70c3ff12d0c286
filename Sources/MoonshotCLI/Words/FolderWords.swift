import MoonshotKit

/// What the user reads when a repair stops, or a site cannot be written to its folder.
enum FolderWords {
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

    static func message(_ problem: SiteFolderProblem) -> ErrorMessage {
        switch problem {
        case .unusablePath(let path):
            ErrorMessage("\(quoted(path)) cannot be replaced by a site", hint: "Give a new folder, such as 'site'.")
        case .symbolicLink(let target):
            ErrorMessage("\(target) is a symbolic link; moonshot replaces only a real folder", hint: "Give the folder it points to, or a new one.")
        case .missingParent(let target, let parent):
            ErrorMessage("there is no folder \(parent) to write \(target) in", hint: "Create it first: mkdir -p \(shellQuoted(parent))")
        case .file(let target):
            ErrorMessage("\(target) is a file, not a folder; it was left as it is", hint: "Give a folder for the site, such as 'site'.")
        case .unwritableParent(let parent):
            ErrorMessage("cannot write in \(parent): permission denied", hint: "Give a folder where you may create files.")
        case .previousSiteLeft(let target, let staging, let reason):
            ErrorMessage(
                "the site was written to \(target), but the previous one could not be removed from \(staging) (\(reason))",
                hint: "Remove it by hand: rm -r \(shellQuoted(staging))")
        case .madeMeanwhile(let target):
            ErrorMessage("\(target) was created by something else while the site was written; it was left as it is", hint: "Run the command again.")
        case .notASite(let target, let marker):
            ErrorMessage(
                "\(target) is a folder that moonshot did not write (it has no \(marker) file); it was left as it is",
                hint: "Give a new or empty folder, or add --force to replace \(target) and everything in it.")
        case .holdsCurrentDirectory(let target):
            ErrorMessage("\(target) holds the current directory; it was left as it is", hint: "Run the command from outside it, or give another folder.")
        case .holdsDatabase(let target, let database):
            ErrorMessage(
                "\(target) holds an SQLite database (\(database)), which another program may have open; it was left as it is",
                hint: "Move the database out of it, or give another folder for the site.")
        }
    }
}
