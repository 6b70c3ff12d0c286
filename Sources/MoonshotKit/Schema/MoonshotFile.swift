import SQLite
/// What makes a database file moonshot's, shared by the import (before it replaces a
/// database's content), the questions (before they trust one) and `check`: its application
/// id and schema version, the checks that it is a moonshot database of this version, and how
/// messages name the file and the commands that mend it.
package enum MoonshotFile {
    /// The newest schema version this build understands (schema.sql's `user_version`).
    package static let schemaVersion: Int64 = 3

    /// The error for a database file SQLite finds damaged: moonshot cannot write over it (SQLite
    /// refuses to change a damaged file) and never deletes a file, so the user moves it away.
    static func damaged(_ path: String, _ error: SQLiteError) -> MoonshotError {
        MoonshotError("\(path) is damaged (\(error.message)); it was left as it is", hint: damagedHint(path))
    }

    /// What to do with a damaged database file at `path`.
    static func damagedHint(_ path: String) -> String {
        "Move it away (mv \(shellQuoted(path)) \(shellQuoted(path + ".damaged"))) and run '\(importCommand(path))' again; "
            + "'sqlite3 \(shellQuoted(path + ".damaged")) .recover' may save what it held."
    }

    /// The `application_id` every moonshot database carries ("MOON"), as schema.sql sets it.
    package static let applicationID: Int64 = 0x4D4F4F4E

    /// The schema version of `database` if moonshot made it, or nil for any other database.
    /// A moonshot database says so in its header (`applicationID`); one made by a moonshot
    /// from before that has no application id, schema version 1 and exactly the columns it
    /// made. One statement in the usual case, for a quick start.
    static func schemaVersion(of database: Database) throws -> Int64? {
        let header = try database.rows("SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version)")
        guard let applicationID = header.first?.int64(0), let version = header.first?.int64(1) else { return nil }
        if applicationID == Self.applicationID { return version }
        guard applicationID == 0, version == 1 else { return nil }
        let columns = try database.rows("""
            SELECT group_concat(name, ' ') FROM (
                SELECT t.value || '.' || c.name AS name
                FROM json_each('["missions","astronauts","crew","imports"]') AS t, pragma_table_xinfo(t.value) AS c
                ORDER BY t.key, c.cid)
            """)
        return columns.first?.text(0) == Self.firstLayout ? 1 : nil
    }

    /// Whether `database`, which has no tables, views or anything else, is free for moonshot to
    /// fill: no other program has marked it as its own with an application id.
    static func isUnclaimed(_ database: Database) throws -> Bool {
        let id = try database.scalar("SELECT application_id FROM pragma_application_id")
        return id == .integer(0) || id == .integer(applicationID)
    }

    /// The columns of schema version 1, which moonshot made before it set `applicationID`.
    private static let firstLayout = [
        "missions.id", "missions.launch_date", "missions.description", "missions.display_name", "missions.badge_image",
        "astronauts.id", "astronauts.name", "astronauts.description",
        "crew.mission_id", "crew.astronaut_id", "crew.role", "crew.canonical_role", "crew.position",
        "imports.id", "imports.imported_at", "imports.tool_version", "imports.missions_source", "imports.missions_sha256",
        "imports.astronauts_source", "imports.astronauts_sha256", "imports.mission_count", "imports.astronaut_count",
        "imports.crew_count",
    ].joined(separator: " ")

    /// `moonshot import`, with `--db` unless `path` is the default database.
    static func importCommand(_ path: String) -> String {
        "moonshot import" + dbOption(path)
    }

    /// " --db PATH" for a command on the database at `path`; "" for the default database.
    static func dbOption(_ path: String) -> String {
        path == "moonshot.db" || path == "./moonshot.db" ? "" : " --db " + shellQuoted(path)
    }

    /// `path` as messages show it: with "./" before a name in the current folder.
    static func shown(_ path: String) -> String {
        path.contains("/") ? path : "./" + path
    }

    /// Throws, saying why, unless there is a file at `path` that can be read.
    static func checkFile(_ path: String) throws {
        let shownPath = shown(path)
        switch FileSystem.entry(at: path) {
        case .missing:
            throw MoonshotError("no database at \(shownPath); run '\(importCommand(path))' first")
        case .directory:
            throw MoonshotError("\(shownPath) is a folder, not a database", hint: "Give the database file with --db.")
        case .other:
            throw MoonshotError("\(shownPath) is not a regular file", hint: "Give the database file with --db.")
        case .file:
            if let error = FileSystem.readError(path) {
                throw MoonshotError("cannot read \(shownPath): \(error.reason)", hint: "Check its permissions, or give another file with --db.")
            }
        }
    }

    /// Throws, saying why, unless `database` (at `path`) is a moonshot database of this
    /// schema version: `notOurs` for one that is not moonshot's.
    static func checkLayout(of database: Database, path: String, notOurs: MoonshotError, acceptingOlder: Bool = false) throws {
        let shownPath = shown(path)
        // An empty database is what a failed first import leaves (SQLite made the file).
        if try database.scalar("SELECT count(*) FROM sqlite_schema") == .integer(0) {
            guard try isUnclaimed(database) else { throw notOurs }
            throw MoonshotError("no data in \(shownPath) yet; run '\(importCommand(path))' first")
        }
        guard let version = try schemaVersion(of: database) else { throw notOurs }
        guard version <= schemaVersion else {
            throw MoonshotError("\(shownPath) was made by a newer moonshot (schema version \(version))",
                                hint: "Use a newer moonshot, or make a new database with 'moonshot import --db PATH'.")
        }
        guard version == schemaVersion || acceptingOlder else {
            throw MoonshotError("\(shownPath) has the layout of an older moonshot (schema version \(version); this one reads \(schemaVersion))",
                                hint: "Import it again in the new layout (its import history is kept), from the files its last import read:\n  "
                                    + (try reimportCommand(for: database, path: path)))
        }
    }

    /// The `moonshot import` command that makes the database at `path` again from the files its
    /// last import read, named as that import was given them.
    private static func reimportCommand(for database: Database, path: String) throws -> String {
        var command = importCommand(path)
        let sources = try? database.rows("SELECT missions_source, astronauts_source FROM imports ORDER BY id DESC LIMIT 1").first
        for (option, column) in [("--missions", 0), ("--astronauts", 1)] {
            if let source = sources?.text(column), !source.hasPrefix("embedded:") { command += " \(option) " + shellQuoted(source) }
        }
        return command
    }
}
