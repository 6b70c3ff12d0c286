import SQLite

/// An astronaut's number is never given twice: AUTOINCREMENT keeps the highest given in
/// `sqlite_sequence`. A table rebuilt by hand, or an edit of `sqlite_sequence`, can lower it
/// below a number the database has used (a row's, or one `edited_rows` remembers as changed
/// or deleted), and the next astronaut would get that number again.
enum AstronautNumbers {
    /// What `sqlite_sequence` holds for astronauts and the highest number used, when it holds less.
    static func lowered(in database: Database) throws -> (holds: Int64, highest: Int64)? {
        let remembered =
            try database.hasSchemaObject(named: "edited_rows", type: "table")
            ? "(SELECT max(CAST(row_key AS INTEGER)) FROM edited_rows WHERE table_name = 'astronauts')" : "NULL"
        let row = try database.rows(
            """
            SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'astronauts'), 0),
                   max(coalesce((SELECT max(number) FROM astronauts), 0), coalesce(\(remembered), 0))
            """
        ).first
        guard let holds = row?.int64(0), let highest = row?.int64(1), holds < highest else { return nil }
        return (holds, highest)
    }

    /// Raises `sqlite_sequence` for astronauts to the highest number used; says whether it did.
    static func raise(in database: Database) throws -> Bool {
        guard let (_, highest) = try lowered(in: database) else { return false }
        try database.execute(
            "INSERT INTO sqlite_sequence (name, seq) SELECT 'astronauts', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'astronauts')")
        try database.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'astronauts'", [.integer(highest)])
        return true
    }
}
