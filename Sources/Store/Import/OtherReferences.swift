import Dataset
import SQLite

/// Other programs' rows that refer to moonshot's, noted before an import and counted after it where they now name none or another (the import
/// renumbers astronauts and crew positions). Rows that pointed nowhere before, and keys SQLite cannot check, are not counted.
struct OtherReferences {
    private struct Reference {
        let table: String
        let parent: String
        let from: [String]
        /// The parent's columns, or nil for its primary key, which an older layout's move may change.
        let to: [String]?
        let snapshot: String
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
                let named = key.compactMap { $0.text(3) }
                let to = named.count == from.count ? named : try Self.primaryKey(of: parent, in: database)
                guard to.count == from.count, try Self.isKey(to, of: parent, in: database) else { continue }
                let snapshot = "moonshot_references_\(references.count)"
                let identity = try Self.identity(of: parent, key: to, in: database)
                let kept = from.indices.map { "c.\(identifier(from[$0])) AS f\($0)" } + identity.indices.map { "p.\(identifier(identity[$0])) AS i\($0)" }
                try database.execute(
                    """
                    CREATE TEMP TABLE \(snapshot) AS SELECT DISTINCT \(kept.joined(separator: ", "))
                      FROM main.\(identifier(table)) AS c JOIN main.\(identifier(parent)) AS p ON \(Self.match(from, to, child: "c"))
                    """)
                references.append(Reference(table: table, parent: parent, from: from, to: named.count == from.count ? named : nil, snapshot: snapshot))
            }
        }
        self.references = references
    }

    /// Other programs' tables with rows that the new content leaves naming no row, or another row, than before: for
    /// each table and moonshot's table it refers to, the rows counted once however many of their keys changed.
    func obstacles(in database: Database) throws -> [ImportRefusal.Obstacle] {
        var obstacles: [ImportRefusal.Obstacle] = []
        let groups = Dictionary(grouping: references) { [$0.table, $0.parent] }
        for group in groups.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            var gone: [String] = []
            var other: [String] = []
            for reference in groups[group] ?? [] {
                let parent = reference.parent
                let to = try reference.to ?? Self.primaryKey(of: parent, in: database)
                let present = try MoonshotTable.columns(of: parent, in: database)
                let isThere = to.count == reference.from.count && to.allSatisfy { column in present.contains { $0.lowercased() == column.lowercased() } }
                let identity = isThere ? try Self.identity(of: parent, key: to, in: database) : []
                let keys = reference.from.indices.map { "f\($0)" }
                // A key into a column the new layout lacks names no row.
                let match = isThere ? Self.match(keys, to, child: "s") : "0"
                let same = identity.isEmpty ? "1" : identity.indices.map { "p.\(identifier(identity[$0])) = s.i\($0)" }.joined(separator: " AND ")
                // The keys that no longer name their row (few), indexed for one pass over the child table.
                let changed = reference.snapshot + "_changed"
                try database.execute(
                    """
                    CREATE TEMP TABLE \(changed) AS SELECT \(keys.map { "s.\($0)" }.joined(separator: ", ")),
                           NOT EXISTS (SELECT 1 FROM main.\(identifier(parent)) AS p WHERE \(match)) AS gone
                      FROM temp.\(reference.snapshot) AS s
                     WHERE NOT EXISTS (SELECT 1 FROM main.\(identifier(parent)) AS p WHERE \(match) AND \(same));
                    CREATE INDEX temp.\(changed)_keys ON \(changed) (\(keys.joined(separator: ", ")), gone);
                    """)
                guard try database.scalar("SELECT count(*) FROM temp.\(changed)") != .integer(0) else { continue }
                let held = reference.from.indices.map { "x.f\($0) = c.\(identifier(reference.from[$0]))" }.joined(separator: " AND ")
                gone.append("EXISTS (SELECT 1 FROM temp.\(changed) AS x WHERE \(held) AND x.gone)")
                other.append("EXISTS (SELECT 1 FROM temp.\(changed) AS x WHERE \(held) AND NOT x.gone)")
            }
            guard !gone.isEmpty else { continue }
            let isGone = gone.joined(separator: " OR ")
            let counts = try database.rows(
                """
                SELECT count(*) FILTER (WHERE \(isGone)), count(*) FILTER (WHERE NOT (\(isGone)) AND (\(other.joined(separator: " OR "))))
                  FROM main.\(identifier(group[0])) AS c
                """
            ).first
            if let rows = counts?.int64(1), rows > 0 {
                obstacles.append(.init(name: "table \(shownName(group[0]))", reason: .renumbered(rows: Int(rows), in: group[1])))
            }
            if let rows = counts?.int64(0), rows > 0 {
                obstacles.append(.init(name: "table \(shownName(group[0]))", reason: .foreignKeys(rows: Int(rows), into: [group[1]])))
            }
        }
        return obstacles
    }

    /// `p.to = child.from` for each column.
    private static func match(_ from: [String], _ to: [String], child: String) -> String {
        zip(from, to).map { "p.\(identifier($1)) = \(child).\(identifier($0))" }.joined(separator: " AND ")
    }

    private static func primaryKey(of table: String, in database: Database) throws -> [String] {
        try database.rows("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", [.text(table)]).compactMap { $0.text(0) }
    }

    /// Whether `columns` are `table`'s primary key or those of a UNIQUE index of it, as SQLite requires of a parent key.
    private static func isKey(_ columns: [String], of table: String, in database: Database) throws -> Bool {
        let wanted = Set(columns.map { $0.lowercased() })
        if Set(try primaryKey(of: table, in: database).map { $0.lowercased() }) == wanted { return true }
        let unique = try database.rows(
            #"SELECT l.name, i.name FROM pragma_index_list(?1) AS l, pragma_index_info(l.name) AS i WHERE l."unique" AND l.partial = 0"#,
            [.text(table)])
        return Dictionary(grouping: unique) { $0.text(0) ?? "" }.values.contains { Set($0.compactMap { $0.text(1)?.lowercased() }) == wanted }
    }

    /// The columns that tell `table`'s rows apart whatever their keys; the key itself where the table lacks them.
    private static func identity(of table: String, key: [String], in database: Database) throws -> [String] {
        let present = try MoonshotTable.columns(of: table, in: database)
        return identities[table].flatMap { $0.allSatisfy(present.contains) ? $0 : nil } ?? key
    }
}
