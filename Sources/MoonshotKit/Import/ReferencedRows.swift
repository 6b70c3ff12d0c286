/// Which of moonshot's rows other programs' rows refer to, by what the data calls those rows:
/// a mission by its id, an astronaut by their id, a crew row by its mission and astronaut.
///
/// An import numbers astronauts and crew positions by their places in the files, so a foreign
/// key into `astronauts (number)` or `crew (mission_id, position)` can come to name another row
/// than it did, while every key still points somewhere. The import compares this before and
/// after it replaces moonshot's tables.
struct ReferencedRows {
    /// One foreign key of another program's table: for each value of its columns, the row it
    /// names and how many of the table's rows hold it.
    private struct Reference {
        let table: String
        let key: Int64
        let parent: String
        var named: [String: (row: String, count: Int)] = [:]
    }

    private let references: [Reference]

    /// What each row's identity is made of, for moonshot's tables that keys may change under.
    private static let identities = ["astronauts": ["id"], "crew": ["mission_id", "astronaut_id"]]

    /// The references of the tables of `database` that are not moonshot's into astronauts or
    /// crew by columns other than what names the row.
    init(in database: Database) throws {
        var references: [Reference] = []
        let tables = try database.rows("""
            SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            """).compactMap { $0.text(0) }.filter { !OtherObjects.isMoonshots($0, version: MoonshotDatabase.schemaVersion) }
        for table in tables {
            let keys = try database.rows("""
                SELECT id, "table", "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id, seq
                """, [.text(table)])
            for id in Set(keys.compactMap { $0.int64(0) }).sorted() {
                let columns = keys.filter { $0.int64(0) == id }
                guard let parent = columns.first?.text(1)?.lowercased(), let identity = Self.identities[parent] else { continue }
                var to = columns.map { $0.text(3) }
                if to.contains(nil) {
                    // No columns named: the parent's primary key.
                    to = try database.rows("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", [.text(parent)]).map { $0.text(0) }
                }
                let named = to.compactMap { $0?.lowercased() }
                guard named.count == columns.count, Set(named) != Set(identity) else { continue }
                let from = columns.compactMap { $0.text(2) }
                let join = zip(from, named).map { "p.\(identifier($1)) = c.\(identifier($0))" }.joined(separator: " AND ")
                let selected = (from.map { "c.\(identifier($0))" } + identity.map { "p.\(identifier($0))" }).joined(separator: ", ")
                var reference = Reference(table: table, key: id, parent: parent)
                // Counted by SQLite: a row per value, not per row of a table that can be any size.
                for row in try database.rows("""
                    SELECT \(selected), count(*) FROM \(identifier(table)) AS c JOIN \(identifier(parent)) AS p ON \(join) GROUP BY \(selected)
                    """) {
                    let key = row.values.prefix(from.count).map(sqlLiteral).joined(separator: ", ")
                    let named = row.values.dropFirst(from.count).dropLast().map(sqlLiteral).joined(separator: ", ")
                    reference.named[key, default: (named, 0)].count += Int(row.int64(from.count + identity.count) ?? 0)
                }
                references.append(reference)
            }
        }
        self.references = references
    }

    /// The tables with rows that name another row now than in `earlier` (rows that name none
    /// now are `DanglingReferences`'), with how many, and the table they point into.
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
