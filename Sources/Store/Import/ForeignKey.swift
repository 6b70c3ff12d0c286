import SQLite

/// A foreign key as `pragma_foreign_key_list` gives it, the parent's columns filled in (none means its primary key).
struct ForeignKey {
    /// The key's number among its table's.
    let id: Int64
    /// The table it refers to, as written.
    let parent: String
    /// The child's columns and the parent's they match (`to` is empty when it names none and the parent is missing).
    let from: [String]
    let to: [String]

    static func all(of table: String, in database: Database) throws -> [ForeignKey] {
        let columns = try database.rows(#"SELECT id, "table", "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id, seq"#, [.text(table)])
        var keys: [ForeignKey] = []
        for id in Set(columns.compactMap { $0.int64(0) }).sorted() {
            let key = columns.filter { $0.int64(0) == id }
            guard let parent = key.first?.text(1) else { continue }
            var to = key.compactMap { $0.text(3) }
            if to.count < key.count { to = try primaryKey(of: parent, in: database) }
            keys.append(ForeignKey(id: id, parent: parent, from: key.compactMap { $0.text(2) }, to: to))
        }
        return keys
    }

    /// The columns of `table`'s primary key, in order (none for a table that does not exist).
    static func primaryKey(of table: String, in database: Database) throws -> [String] {
        try database.rows("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", [.text(table)]).compactMap { $0.text(0) }
    }

    /// The condition that a row `c` of the child matches a row `p` of the parent.
    var match: String {
        zip(from, to).map { "p.\(identifier($1)) = c.\(identifier($0))" }.joined(separator: " AND ")
    }
}

extension OtherObjects {
    /// The ordinary tables that are not moonshot's (no virtual tables or their own tables).
    static func tables(in database: Database) throws -> [String] {
        try database.rows(
            """
            SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            """
        ).compactMap { $0.text(0) }.filter { !isMoonshots($0, version: MoonshotFile.schemaVersion) }
    }
}
