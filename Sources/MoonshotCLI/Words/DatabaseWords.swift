import Dataset
import Questions
import Store

/// The words for a database that cannot be opened, read or written, and for the commands that fix it: each once, here.
enum DatabaseWords {
    /// " --db PATH" for a command on the database at `path`; "" for the default database.
    static func dbOption(_ path: String) -> String {
        path == "moonshot.db" || path == "./moonshot.db" ? "" : " --db " + shellQuoted(path)
    }

    static func importCommand(_ path: String) -> String {
        "moonshot import" + dbOption(path)
    }

    static func repairCommand(_ path: String) -> String {
        "moonshot check --repair" + dbOption(path)
    }

    /// What to do with a damaged database file at `path` (as messages show it).
    static func damagedHint(_ path: String) -> String {
        "Move it away (mv \(shellQuoted(path)) \(shellQuoted(path + ".damaged"))) and run '\(importCommand(path))' again; "
            + "'sqlite3 \(shellQuoted(path + ".damaged")) .recover' may save what it held."
    }

    /// How an object of the database differs from schema.sql: "view crew_roster is defined otherwise than in schema.sql".
    static func difference(_ difference: SchemaDifference) -> String {
        let what = "\(difference.object.type) \(difference.object.name)"
        return switch difference.kind {
        case .missing: "\(what) is missing"
        case .replaced(let type): "\(what) is a \(type) instead"
        case .changed: "\(what) is defined otherwise than in schema.sql"
        case .extra: "\(what) was added"
        }
    }

    /// A database another process holds a lock on; `path` as messages show it, nil when unknown.
    static func busy(_ path: String?) -> ErrorMessage {
        ErrorMessage("\(path ?? "the database") is busy: another process holds a lock on it", hint: "Try again in a moment.")
    }

    /// A database file SQLite finds damaged: moonshot cannot write over it (SQLite refuses to
    /// change a damaged file) and never deletes a file, so the user moves it away.
    static func damaged(_ path: String, _ sqliteMessage: String) -> ErrorMessage {
        ErrorMessage("\(path) is damaged (\(sqliteMessage)); it was left as it is", hint: damagedHint(path))
    }

    static func message(_ problem: DatabaseProblem) -> ErrorMessage {
        switch problem {
        case .missing(let path):
            ErrorMessage("no database at \(MoonshotFile.shown(path)); run '\(importCommand(path))' first")
        case .folder(let path):
            ErrorMessage("\(MoonshotFile.shown(path)) is a folder, not a database", hint: "Give the database file with --db.")
        case .notARegularFile(let path):
            ErrorMessage("\(MoonshotFile.shown(path)) is not a regular file", hint: "Give the database file with --db.")
        case .unreadableFile(let path, let reason):
            ErrorMessage("cannot read \(MoonshotFile.shown(path)): \(reason)", hint: "Check its permissions, or give another file with --db.")
        case .busy(let path):
            busy(MoonshotFile.shown(path))
        case .notMoonshots(let path):
            ErrorMessage("\(MoonshotFile.shown(path)) is not a moonshot database", hint: "Give a database made by 'moonshot import' with --db.")
        case .damaged(let path, let sqliteMessage):
            damaged(MoonshotFile.shown(path), sqliteMessage)
        case .fullTextIndexDamaged(let path, _):
            ErrorMessage(
                "a full-text index of \(MoonshotFile.shown(path)) is out of step with its table, or cannot be read as it is; the tables' rows are as they were",
                hint: "Run '\(repairCommand(path))', which rebuilds the index from the tables and keeps every edit.")
        case .unreadable(let path, let sqliteMessage):
            ErrorMessage(
                "cannot read \(MoonshotFile.shown(path)): \(sqliteMessage)",
                hint: "Check the file with 'sqlite3 \(MoonshotFile.shown(path)) \"PRAGMA integrity_check\"', or run '\(importCommand(path))' to make it again.")
        case .empty(let path):
            ErrorMessage("no data in \(MoonshotFile.shown(path)) yet; run '\(importCommand(path))' first")
        case .newerLayout(let path, let version):
            ErrorMessage(
                "\(MoonshotFile.shown(path)) was made by a newer moonshot (schema version \(version))",
                hint: "Use a newer moonshot, or make a new database with 'moonshot import --db PATH'.")
        case .olderLayout(let path, let version, let lastImport):
            ErrorMessage(
                "\(MoonshotFile.shown(path)) has the layout of an older moonshot (schema version \(version); this one reads \(MoonshotFile.schemaVersion))",
                hint: version >= PriorEdits.firstNotingVersion
                    ? "Move it to the new layout in place, keeping its data, its import history and its record of changes:\n  "
                        + repairCommand(path)
                    : "Import it again in the new layout (its import history is kept), from the files its last import read:\n  "
                        + reimportCommand(path, lastImport))
        case .changedLayout(let path, let first, let count):
            ErrorMessage(
                "\(MoonshotFile.shown(path)) is not laid out as schema.sql makes it: \(difference(first))"
                    + (count > 1 ? " (and \(count - 1) more difference\(count > 2 ? "s" : ""))" : "") + ", so its answers could not be trusted",
                hint: "'moonshot check\(dbOption(path))' says what differs and what puts it right ('\(repairCommand(path))', "
                    + "which keeps every row, or the steps to take where it cannot). 'moonshot sql' and 'moonshot shell' open it as it is.")
        case .unfinishedTransaction(let path):
            ErrorMessage(
                "\(MoonshotFile.shown(path)) holds an unfinished transaction (an import or another program was interrupted), "
                    + "which only a connection that may write to it can roll back",
                hint: "Run '\(importCommand(path))', or open it once with sqlite3 as a user who may write to it.")
        case .unexpectedNull(let column):
            ErrorMessage(
                "the database holds NULL in column \(quoted(column)), which moonshot never writes there",
                hint: "Run 'moonshot import' to make the database again.")
        case .noRoomToCheck(let path, let folder, let bytes):
            ErrorMessage(
                "cannot check \(MoonshotFile.shown(path)): there is no room for its private copy in "
                    + (folder.map { "the temporary folder \($0)" } ?? "SQLite's temporary folder")
                    + " (the disk is full or a file-size limit was reached); the check needs \(copySize(bytes)) free there, "
                    + "and more when the repair it tries rebuilds a table or an index",
                hint: "Free some space there, or give a folder with room: " + temporaryFolderHint(path))
        case .noTemporaryFolder(let path, let bytes):
            ErrorMessage(
                "cannot check \(MoonshotFile.shown(path)): there is no temporary folder for its private copy "
                    + "(none of SQLITE_TMPDIR, TMPDIR, /var/tmp, /usr/tmp, /tmp and the current folder is a folder moonshot may write in)",
                hint: "Give a folder with \(copySize(bytes)) free: " + temporaryFolderHint(path))
        }
    }

    /// What `check`'s private copy of a database of `bytes` needs: "about 96 MiB (the database's size)".
    private static func copySize(_ bytes: Int64?) -> String {
        guard let bytes else { return "the database's size" }
        return "about \(max(1, (bytes + (1 << 20) - 1) >> 20)) MiB (the database's size)"
    }

    /// How to run the check with another temporary folder, and where SQLite looks for one.
    private static func temporaryFolderHint(_ path: String) -> String {
        "SQLITE_TMPDIR=FOLDER moonshot check\(dbOption(path))\n"
            + "(SQLite puts its temporary files in the first of SQLITE_TMPDIR, TMPDIR, /var/tmp, /usr/tmp, /tmp and the current folder that it may write in.)"
    }

    /// The `moonshot import` that remakes the database at `path` from the files its last import read, as it named them.
    private static func reimportCommand(_ path: String, _ sources: ImportSources?) -> String {
        var command = importCommand(path)
        for (option, source) in [("--missions", sources?.missions), ("--astronauts", sources?.astronauts)] {
            if let source { command += " \(option) " + shellQuoted(source) }
        }
        return command
    }

    static func message(_ problem: DatabaseWriteProblem) -> ErrorMessage {
        switch problem {
        case .missingFolder(let path, let folder):
            ErrorMessage("cannot create \(path): the folder \(folder) does not exist", hint: "Create the folder first, or choose another path with --db.")
        case .folderIsNotAFolder(let path, let folder):
            ErrorMessage("cannot create \(path): \(folder) is not a folder", hint: "Choose another path with --db.")
        case .folder(let path):
            ErrorMessage("\(path) is a folder, not a database file", hint: "Give a file path with --db, such as --db \(path)/moonshot.db.")
        case .notARegularFile(let path):
            ErrorMessage("\(path) is not a regular file", hint: "Choose another path with --db.")
        case .unwritableFolder(let folder):
            ErrorMessage("cannot write in \(folder): permission denied", hint: "Choose a folder you can write to with --db.")
        case .cannotOpen(let path, let sqliteMessage):
            ErrorMessage("cannot open or create \(path): \(sqliteMessage)", hint: "Choose another path with --db.")
        case .readOnly(let path, let sqliteMessage):
            ErrorMessage("cannot write to \(path): \(sqliteMessage); it was not changed", hint: "Check its permissions, or choose another path with --db.")
        case .locked(let path, let work, let limit):
            ErrorMessage(
                "\(path) is locked by another program, and \(work == .import ? "the import" : "the repair") waited for it "
                    + "\(seconds(limit)) in all; \(path) was not changed",
                hint: "Try again when the other program has finished (a sqlite3 session in a transaction holds its lock "
                    + "until COMMIT or ROLLBACK), or wait longer with --wait SECONDS.")
        case .notMoonshots(let path):
            ErrorMessage("\(path) exists but is not a moonshot database; it was left as it is", hint: "Move it away, or choose another path with --db.")
        case .newerLayout(let path, let version):
            ErrorMessage(
                "\(path) was made by a newer moonshot (schema version \(version)); it was left as it is",
                hint: "Use a newer moonshot, or import into another file with --db.")
        case .damaged(let path, let sqliteMessage):
            damaged(path, sqliteMessage)
        }
    }
}
