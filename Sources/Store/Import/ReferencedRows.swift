import SQLite

/// Which of moonshot's rows other programs' rows refer to, by identity (a mission's id, an astronaut's id, a crew row's
/// mission and astronaut). The import numbers astronauts and crew positions by their places in the files, so a key into
/// `astronauts (number)` or `crew (mission_id, position)` can come to name another row: compared before and after.
struct ReferencedRows {
    /// Another program's foreign key: for each value of its columns, the row it names and how many rows hold it.
    private struct Reference {
        let table: String
        let key: Int64
        let parent: String
        var named: [String: (row: String, count: Int)] = [:]
    }

    private let references: [Reference]

    /// What each row's identity is made of, for moonshot's tables that keys may change under.
    private static let identities = ["astronauts": ["id"], "crew": ["mission_id", "astronaut_id"]]

    /// Other programs' foreign keys into astronauts or crew by columns other than the rows' identities.
    init(in database: Database) throws {
        var references: [Reference] = []
        for table in try OtherObjects.tables(in: database) {
            for key in try ForeignKey.all(of: table, in: database) {
                let parent = key.parent.lowercased()
                guard let identity = Self.identities[parent], key.to.count == key.from.count,
                    Set(key.to.map { $0.lowercased() }) != Set(identity)
                else { continue }
                let from = key.from
                let selected = (from.map { "c.\(identifier($0))" } + identity.map { "p.\(identifier($0))" }).joined(separator: ", ")
                var reference = Reference(table: table, key: key.id, parent: parent)
                // Counted by SQLite: a row per value, not per row of a table that can be any size.
                for row in try database.rows(
                    """
                    SELECT \(selected), count(*) FROM \(identifier(table)) AS c JOIN \(identifier(parent)) AS p ON \(key.match) GROUP BY \(selected)
                    """)
                {
                    let key = row.values.prefix(from.count).map(sqlLiteral).joined(separator: ", ")
                    let named = row.values.dropFirst(from.count).dropLast().map(sqlLiteral).joined(separator: ", ")
                    reference.named[key, default: (named, 0)].count += Int(row.int64(from.count + identity.count) ?? 0)
                }
                references.append(reference)
            }
        }
        self.references = references
    }

    /// The tables with rows that name another row than in `earlier` (rows naming none are `DanglingReferences`').
    func changedSince(_ earlier: ReferencedRows) -> [(table: String, rows: Int, parent: String)] {
        var changed: [(table: String, rows: Int, parent: String)] = []
        for before in earlier.references {
            guard let now = references.first(where: { $0.table == before.table && $0.key == before.key }) else { continue }
            let count = before.named.reduce(0) { sum, entry in
                guard let current = now.named[entry.key], current.row != entry.value.row else { return sum }
                return sum + entry.value.count
            }
            if count == 0 { continue }
            if let index = changed.firstIndex(where: { $0.table == before.table }) {
                changed[index].rows += count
            } else {
                changed.append((before.table, count, before.parent))
            }
        }
        return changed.sorted { $0.table < $1.table }
    }
}
