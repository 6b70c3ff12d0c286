/// The full-text indexes of schema.sql, one per kind of record.
enum FullTextIndex: String, CaseIterable, Sendable {
    case missions = "missions_search"
    case astronauts = "astronauts_search"

    /// The tables FTS5 keeps an index of this kind in (external content, with column sizes):
    /// `missions_search_config`, ... A test checks these against the schema.
    var shadowTables: [String] {
        ["config", "data", "docsize", "idx"].map { rawValue + "_" + $0 }
    }
}

/// Writes the records into the full-text indexes of schema.sql.
///
/// A large import builds both indexes in a database of its own beside the table writer and
/// copies them in (`copyIndex`); a small one builds the astronauts' index on its helper thread
/// (see `SmallImportHelper` and `SearchIndexContent`) and the missions' in the new database.
///
/// The search tables are external-content FTS5 tables over `missions` and `astronauts`;
/// only their index is written here, from the same text and with the same rowids (a
/// mission's id, an astronaut's insertion order), so the index answers exactly as one made by
/// `INSERT INTO missions_search(missions_search) VALUES ('rebuild')` would (FTS5's own
/// integrity check agrees; a test checks).
final class SearchIndexWriter {
    private let insertMission: Statement?
    private let insertAstronaut: Statement?

    /// A writer of `indexes`; `database` must hold the `CREATE VIRTUAL TABLE` statements of
    /// schema.sql already.
    init(_ database: Database, indexes: [FullTextIndex] = FullTextIndex.allCases) throws {
        insertMission = indexes.contains(.missions)
            ? try database.prepare("INSERT INTO missions_search (rowid, display_name, description) VALUES (?, ?, ?)")
            : nil
        insertAstronaut = indexes.contains(.astronauts)
            ? try database.prepare("INSERT INTO astronauts_search (rowid, name, description) VALUES (?, ?, ?)")
            : nil
    }

    /// Indexes `record`, if this writer writes its index.
    func add(_ record: Record) throws {
        switch record {
        case .astronaut(let astronaut, let rowID):
            guard let insertAstronaut else { return }
            try insertAstronaut.bind(rowID, at: 1)
            try insertAstronaut.bind(astronaut.name, at: 2)
            try insertAstronaut.bind(astronaut.description, at: 3)
            try insertAstronaut.run()
        case .mission(let mission):
            guard let insertMission else { return }
            try insertMission.bind(mission.id, at: 1)
            try insertMission.bind(mission.displayName, at: 2)
            try insertMission.bind(mission.description, at: 3)
            try insertMission.run()
        }
    }

    /// Turns FTS5's merging of index segments during inserts off (a fifth less work for a large
    /// import; FTS5 still merges when segments pile up) or back to its default for the
    /// finished index.
    static func setAutomerge(_ on: Bool, in database: Database) throws {
        for table in try database.rows("SELECT name FROM sqlite_schema WHERE sql LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name") {
            let name = quotedName(table.text(0) ?? "")
            try database.execute("INSERT INTO \(name) (\(name), rank) VALUES ('automerge', \(on ? 4 : 0))")
        }
    }

    /// `name` as an SQL identifier.
    static func quotedName(_ name: String) -> String {
        guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + name + "\"" }
        return "\"" + name.replacingAll("\"", with: "\"\"") + "\""
    }

    /// Replaces the (empty) search indexes of `target`'s main database with the ones built in
    /// the database attached to it as `source`.
    static func copyIndex(into target: Database, from source: String) throws {
        for table in FullTextIndex.allCases.flatMap(\.shadowTables) {
            let name = quotedName(table)
            try target.execute("DELETE FROM main.\(name); INSERT INTO main.\(name) SELECT * FROM \(source).\(name)")
        }
    }
}
