import Dataset
import SQLite

/// What makes a database file moonshot's, shared by the import (before it replaces a
/// database's content), the questions (before they trust one) and `check`: its application
/// id and schema version, the checks that it is a moonshot database of this version, and how
/// messages name the file.
package enum MoonshotFile {
    /// The newest schema version this build understands (schema.sql's `user_version`).
    package static let schemaVersion: Int64 = 6

    /// The `application_id` every moonshot database carries ("MOON"), as schema.sql sets it.
    package static let applicationID: Int64 = 0x4D4F_4F4E
    /// schema.sql, exactly as in the repository (built into the binary).
    package static var schemaSQL: String { EmbeddedResources.schemaSQL }

    /// The schema version of `database` if moonshot made it, or nil for any other database.
    /// A moonshot database says so in its header (`applicationID`); one made by a moonshot
    /// from before that has no application id, schema version 1 and exactly the columns it
    /// made. One statement in the usual case, for a quick start.
    static func schemaVersion(of database: Database) throws -> Int64? {
        guard case .integer(let applicationID) = try database.scalar("PRAGMA application_id"),
            case .integer(let version) = try database.scalar("PRAGMA user_version")
        else { return nil }
        if applicationID == Self.applicationID { return version }
        guard applicationID == 0, version == 1 else { return nil }
        let columns = try database.rows(
            """
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

    /// `path` as messages show it: with "./" before a name in the current folder.
    package static func shown(_ path: String) -> String {
        path.contains("/") ? path : "./" + path
    }

    /// Throws, saying why, unless there is a file at `path` that can be read.
    package static func checkFile(_ path: String) throws(DatabaseProblem) {
        switch FileSystem.entry(at: path) {
        case .missing:
            throw .missing(path: path)
        case .directory:
            throw .folder(path: path)
        case .other:
            throw .notARegularFile(path: path)
        case .file:
            if let error = FileSystem.readError(path) {
                throw .unreadableFile(path: path, reason: error.reason)
            }
        }
    }

    /// Throws, saying why, unless `database` (at `path`) is a moonshot database of this
    /// schema version, or of one from `oldest` on: `notOurs` for one that is not moonshot's.
    /// Returns its version.
    @discardableResult
    package static func checkLayout(of database: Database, path: String, notOurs: any Error, accepting oldest: Int64 = schemaVersion) throws -> Int64 {
        // An empty database is what a failed first import leaves (SQLite made the file).
        if try database.scalar("SELECT count(*) FROM sqlite_schema") == .integer(0) {
            guard try isUnclaimed(database) else { throw notOurs }
            throw DatabaseProblem.empty(path: path)
        }
        guard let version = try schemaVersion(of: database) else { throw notOurs }
        guard version <= schemaVersion else {
            throw DatabaseProblem.newerLayout(path: path, version: version)
        }
        guard version >= oldest else {
            throw DatabaseProblem.olderLayout(path: path, version: version, lastImport: lastImportSources(of: database))
        }
        return version
    }

    /// The files the last import of `database` read, as it was given them, when it can tell.
    private static func lastImportSources(of database: Database) -> ImportSources? {
        guard let sources = try? database.rows("SELECT missions_source, astronauts_source FROM imports ORDER BY id DESC LIMIT 1").first else { return nil }
        let given = { (column: Int) in sources.text(column).flatMap { $0.hasPrefix("embedded:") ? nil : $0 } }
        return ImportSources(missions: given(0), astronauts: given(1))
    }
}
