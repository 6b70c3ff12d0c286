import SQLite

/// Other programs' rows that refer to moonshot's, noted before an import by the row each names and counted after it
/// where they now name none or another (the import numbers astronauts and crew positions by their places in the
/// files). Rows that pointed nowhere before are not the import's doing, and are not counted.
struct OtherReferences {
    private struct Reference {
        let table: String
        let parent: String
        let from: [String]
        let snapshot: String
        let match: String
        let identity: [String]
    }

    private let references: [Reference]

    /// What tells a row apart whatever its keys, for moonshot's tables whose keys an import may give to another row.
    private static let identities = ["astronauts": ["id"], "crew": ["mission_id", "astronaut_id"]]

    /// Notes, in temporary tables of the import's connection, each distinct key other programs' rows hold into
    /// moonshot's tables, with the row it names.
    init(in database: Database) throws {
        var references: [Reference] = []
        let tables = try database.rows(
            "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        ).compactMap { $0.text(0) }.filter { MoonshotTable.named($0) == nil }
        for table in tables {
            let columns = try database.rows(#"SELECT id, "table", "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id, seq"#, [.text(table)])
            for id in Set(columns.compactMap { $0.int64(0) }).sorted() {
                let key = columns.filter { $0.int64(0) == id }
                guard let parent = key.first?.text(1).flatMap(MoonshotTable.named)?.name else { continue }
                let from = key.compactMap { $0.text(2) }
                var to = key.compactMap { $0.text(3) }
                if to.count < from.count {
                    to = try database.rows("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", [.text(parent)]).compactMap { $0.text(0) }
                }
                guard to.count == from.count else { continue }
                // An older layout's table may lack the identity's columns: its key is then its identity.
                let present = try MoonshotTable.columns(of: parent, in: database)
                let identity = Self.identities[parent].flatMap { $0.allSatisfy(present.contains) ? $0 : nil } ?? to
                let snapshot = "moonshot_references_\(references.count)"
                let kept = from.enumerated().map { "c.\(identifier($1)) AS f\($0)" } + identity.enumerated().map { "p.\(identifier($1)) AS i\($0)" }
                let joined = zip(from, to).map { "p.\(identifier($1)) = c.\(identifier($0))" }.joined(separator: " AND ")
                try database.execute(
                    """
                    CREATE TEMP TABLE \(snapshot) AS SELECT DISTINCT \(kept.joined(separator: ", "))
                      FROM main.\(identifier(table)) AS c JOIN main.\(identifier(parent)) AS p ON \(joined)
                    """)
                let match = to.enumerated().map { "p.\(identifier($1)) = s.f\($0)" }.joined(separator: " AND ")
                references.append(Reference(table: table, parent: parent, from: from, snapshot: snapshot, match: match, identity: identity))
            }
        }
        self.references = references
    }

    /// Other programs' tables with rows that the new content leaves naming no row, or another row, than before.
    func obstacles(in database: Database) throws -> [ImportRefusal.Obstacle] {
        var gone: [String: (rows: Int, parents: [String])] = [:]
        var renamed: [String: (rows: Int, parent: String)] = [:]
        for reference in references {
            let parent = "main.\(identifier(reference.parent))"
            let same = reference.identity.indices.map { "p.\(identifier(reference.identity[$0])) = s.i\($0)" }.joined(separator: " AND ")
            let keys = reference.from.indices.map { "s.f\($0)" }.joined(separator: ", ")
            let held = reference.from.indices.map { "b.f\($0) = c.\(identifier(reference.from[$0]))" }.joined(separator: " AND ")
            // The keys that no longer name their row, then the rows that hold them, counted by SQLite.
            let counts = try database.rows(
                """
                SELECT count(*) FILTER (WHERE b.gone), count(*) FILTER (WHERE NOT b.gone) FROM main.\(identifier(reference.table)) AS c
                  JOIN (SELECT \(keys), NOT EXISTS (SELECT 1 FROM \(parent) AS p WHERE \(reference.match)) AS gone FROM temp.\(reference.snapshot) AS s
                         WHERE NOT EXISTS (SELECT 1 FROM \(parent) AS p WHERE \(reference.match) AND \(same))) AS b ON \(held)
                """
            ).first
            if let rows = counts?.int64(0), rows > 0 {
                gone[reference.table, default: (0, [])].rows += Int(rows)
                gone[reference.table]?.parents.append(reference.parent)
            }
            if let rows = counts?.int64(1), rows > 0 { renamed[reference.table, default: (0, reference.parent)].rows += Int(rows) }
        }
        let obstacles: [(String, ImportRefusal.Obstacle.Reason)] =
            renamed.map { ($0.key, .renumbered(rows: $0.value.rows, in: $0.value.parent)) }
            + gone.map { ($0.key, .foreignKeys(rows: $0.value.rows, into: Array(Set($0.value.parents)).sorted())) }
        return obstacles.sorted { $0.0 < $1.0 }.map { ImportRefusal.Obstacle(name: "table \($0.0)", reason: $0.1) }
    }
}
