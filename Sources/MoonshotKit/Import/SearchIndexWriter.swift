/// Builds the full-text indexes of schema.sql in a database of their own, in parallel with
/// the table writer; `Importer` then copies the finished index into the new database.
///
/// The search tables there are external-content FTS5 tables over `missions` and
/// `astronauts`; here only their index is built, from the same text and with the same
/// rowids (a mission's id, an astronaut's insertion order), so the copy is exactly what
/// `INSERT INTO missions_search(missions_search) VALUES ('rebuild')` would have made.
final class SearchIndexWriter {
    private let insertMission: Statement
    private let insertAstronaut: Statement
    private var astronautRowID: Int64 = 0

    /// `database` must hold the `CREATE VIRTUAL TABLE` statements of schema.sql already.
    init(_ database: Database) throws {
        insertMission = try database.prepare("INSERT INTO missions_search (rowid, display_name, description) VALUES (?, ?, ?)")
        insertAstronaut = try database.prepare("INSERT INTO astronauts_search (rowid, name, description) VALUES (?, ?, ?)")
    }

    func add(_ record: Record) throws {
        switch record {
        case .astronaut(let astronaut):
            astronautRowID += 1
            try insertAstronaut.bind(astronautRowID, at: 1)
            try insertAstronaut.bind(astronaut.name, at: 2)
            try insertAstronaut.bind(astronaut.description, at: 3)
            try insertAstronaut.run()
        case .mission(let mission):
            try insertMission.bind(mission.id, at: 1)
            try insertMission.bind(mission.displayName, at: 2)
            try insertMission.bind(mission.description, at: 3)
            try insertMission.run()
        }
    }

    /// Replaces the (empty) search index of `target`'s main database with the one built in
    /// the database attached to it as `source`: every table there but the virtual tables
    /// themselves is one of their shadow tables.
    static func copyIndex(into target: Database, from source: String) throws {
        let shadowTables = try target.rows(
            "SELECT name FROM \(source).sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")
            .compactMap { $0.text(0) }
        for table in shadowTables {
            let name = "\"" + table.replacingAll("\"", with: "\"\"") + "\""
            try target.execute("DELETE FROM main.\(name); INSERT INTO main.\(name) SELECT * FROM \(source).\(name)")
        }
    }
}
