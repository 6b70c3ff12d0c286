import SQLite

extension Database {
    /// Whether `sqlite_schema` holds an object named `name` (as SQLite folds names), of `type`
    /// when given; a virtual table only, when `virtual`.
    func hasSchemaObject(named name: String, type: String? = nil, virtual: Bool = false) throws -> Bool {
        try scalar(
            """
            SELECT count(*) FROM sqlite_schema WHERE name = ?1 COLLATE NOCASE AND (?2 IS NULL OR type = ?2)
               AND (NOT ?3 OR sql LIKE 'CREATE VIRTUAL TABLE%')
            """, [.text(name), type.map { .text($0) } ?? .null, .integer(virtual ? 1 : 0)]
        ) != .integer(0)
    }
}
