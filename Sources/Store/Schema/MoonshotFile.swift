import Dataset
import Glibc
import SQLite

/// A moonshot file's marks (application id, schema version) and the checks the import, questions and `check` share.
package enum MoonshotFile {
    /// The newest schema version this build understands (schema.sql's `user_version`).
    package static let schemaVersion: Int64 = 6

    /// The `application_id` every moonshot database carries ("MOON"), as schema.sql sets it.
    package static let applicationID: Int64 = 0x4D4F_4F4E
    /// schema.sql, exactly as in the repository (built into the binary).
    package static var schemaSQL: String { EmbeddedResources.schemaSQL }

    /// The schema version of `database` if moonshot made it, else nil. Version 1 set no application id and is known by
    /// its exact columns; the usual case takes one statement, for a quick start.
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

    /// Whether an empty `database` is free for moonshot: no other program claimed it with an application id.
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
            if access(path, R_OK) != 0 { throw .unreadableFile(path: path, reason: SystemError(operation: "read \(path)").reason) }
        }
    }

    /// Returns the schema version of a moonshot database of version `oldest` to this one; throws why not otherwise
    /// (`notOurs` for one that is not moonshot's).
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
