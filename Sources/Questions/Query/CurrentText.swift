import SQLite

/// The full-text indexes propose; the rows' current text decides. An index that has fallen
/// behind its table (its triggers dropped while rows changed) still holds the old text of a
/// changed row, so a match there is only a candidate: each candidate's current name and
/// description go into a small FTS5 table of this connection's own (in its temp schema, in
/// memory), which splits and folds text as the indexes do, and the same expression is matched
/// again there. What matches there, and only that, is an answer.
extension MoonshotDatabase {
    /// How the full-text indexes split and fold text, as schema.sql's `tokenize` says: case and
    /// accents ignored, each word by its Porter stem ("rovers" is "rover"). A prefix (`"lov"*`)
    /// is matched here as in the indexes.
    static let fullTextTokenizer = "porter unicode61 remove_diacritics 2"

    /// The first `limit` of the candidates `page` proposes whose current text matches FTS5
    /// `expression`, in the order proposed, each with its text as FTS5 marks it (see
    /// `Confirmed`). `page(count, offset)` gives the candidates from `offset` on, at most
    /// `count`, in rank order; pages are asked for until `limit` are confirmed or the
    /// candidates end (with an up-to-date index, one page).
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
            found += try matching(candidates, expression)
            guard candidates.count == limit else { break }
            offset += limit
        }
        return Array(found.prefix(limit))
    }

    /// Those of `candidates` whose text matches `expression`, in their order, marked.
    private func matching<Thing>(_ candidates: [(thing: Thing, text: IndexedText)], _ expression: String) throws
        -> [Confirmed<Thing>]
    {
        guard !candidates.isEmpty else { return [] }
        let table = try currentTextTable()
        _ = try query(table.clear, []) { _ in }
        for (index, candidate) in candidates.enumerated() {
            _ = try query(table.insert, [.integer(Int64(index)), .text(candidate.text.name), .text(candidate.text.description)]) { _ in }
        }
        return try query(table.match, [.text(expression)]) { row in
            Confirmed(
                thing: candidates[Int(try row.notNullInt64(0))].thing,
                marked: IndexedText(name: try row.notNullText(1), description: try row.notNullText(2)), snippet: try row.notNullText(3))
        }
    }

    /// The connection's table of candidates' text, made the first time it is needed.
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

/// A candidate whose current text matches: `marked` is its text as FTS5's `highlight()`
/// marks it (char(1) before each matched phrase), `snippet` the stretch that matches best as
/// `search` shows it (FTS5's `snippet()` with the arguments of `CannedQuery.search`).
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
