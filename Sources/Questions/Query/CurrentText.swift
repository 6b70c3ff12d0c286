import SQLite

/// The full-text indexes propose; the rows' current text decides. An index fallen behind its table holds old text, so each candidate's current text
/// goes into a small in-memory FTS5 table in temp, tokenized as the indexes are; only what matches the same expression there is an answer.
extension MoonshotDatabase {
    /// schema.sql's `tokenize` for the full-text indexes (case and accents ignored, words by their Porter stem), so
    /// that text, prefixes included, matches here as in the indexes.
    static let fullTextTokenizer = "porter unicode61 remove_diacritics 2"

    /// The first `limit` candidates, in the order `page` proposes them, whose current text matches FTS5 `expression`.
    /// Pages are asked for until `limit` are confirmed or the candidates end (one page, with an up-to-date index).
    func confirmed<Thing>(
        _ limit: Int, matching expression: String,
        candidates page: (_ count: Int, _ offset: Int) throws -> [(thing: Thing, text: IndexedText)]
    )
        throws -> [Confirmed<Thing>]
    {
        var found: [Confirmed<Thing>] = []
        var offset = 0
        while found.count < limit {
            let candidates = try page(limit, offset)
            guard !candidates.isEmpty else { break }
            let table = try currentTextTable()
            _ = try query(table.clear, []) { _ in }
            for (index, candidate) in candidates.enumerated() {
                _ = try query(table.insert, [.integer(Int64(index)), .text(candidate.text.name), .text(candidate.text.description)]) { _ in }
            }
            found += try query(table.match, [.text(expression)]) { row in
                Confirmed(
                    thing: candidates[Int(try row.notNullInt64(0))].thing,
                    marked: IndexedText(name: try row.notNullText(1), description: try row.notNullText(2)), snippet: try row.notNullText(3))
            }
            guard candidates.count == limit else { break }
            offset += limit
        }
        return Array(found.prefix(limit))
    }

    private func currentTextTable() throws -> CurrentTextTable {
        if let currentText { return currentText }
        // Before the temp schema is first used: changing this later would drop the table.
        try connection.execute("PRAGMA temp_store = MEMORY")
        try connection.execute("CREATE VIRTUAL TABLE temp.current_text USING fts5(name, description, tokenize = '\(Self.fullTextTokenizer)')")
        let table = CurrentTextTable(
            clear: try connection.prepare("DELETE FROM temp.current_text"),
            insert: try connection.prepare("INSERT INTO temp.current_text (rowid, name, description) VALUES (?, ?, ?)"),
            match: try connection.prepare(
                """
                SELECT rowid, highlight(current_text, 0, char(1), ''), highlight(current_text, 1, char(1), ''),
                       snippet(current_text, \(CannedQuery.snippetArguments))
                FROM temp.current_text WHERE current_text MATCH ? ORDER BY rowid
                """))
        currentText = table
        return table
    }
}

/// A candidate whose current text matches: `marked` has char(1) before each matched phrase (FTS5's `highlight()`),
/// `snippet` is FTS5's `snippet()` with `search`'s arguments.
struct Confirmed<Thing> {
    let thing: Thing
    let marked: IndexedText
    let snippet: String
}

/// The text of a mission or astronaut that its full-text index holds: its name and description.
struct IndexedText {
    let name: String
    let description: String
}

/// The statements that fill and search a connection's table of candidates' current text.
struct CurrentTextTable {
    let clear: Statement
    let insert: Statement
    let match: Statement
}
