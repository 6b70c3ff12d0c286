/// Why the repair of the database at `path` stopped, leaving it as it was; the command line phrases it.
package enum RepairRefusal: Error, Equatable, Sendable {
    /// SQLite's quick check finds the file damaged (`finding`, on one line).
    case damaged(path: String, finding: String)
    case rowsWouldChange(path: String, table: String)
    /// Another program's object cannot be made again: SQLite refuses it, or (nil) schema.sql now makes one of that name.
    case cannotMakeAgain(path: String, type: String, name: String, sqliteMessage: String?)
    /// A table stands where schema.sql makes an object of `type` (a view, a full-text index).
    case tableInPlaceOf(path: String, name: String, type: String)
    /// Moonshot's `table` is not where it belongs: `standing` (a view, a virtual table) or nothing is in its place;
    /// `candidate` may hold its rows under another name; `keys` key its rows.
    case tableNotInPlace(path: String, table: String, standing: String?, candidate: String?, keys: [ColumnDifferences.Column])
    /// `table` lacks `column`, one of its key columns; it has `present`, of which `extra` are not schema.sql's.
    case keyColumnMissing(path: String, table: String, column: ColumnDifferences.Column, present: [String], extra: [String])
    /// A row would not keep its key in the rebuilt table: it is NULL, or SQLite would convert it with loss.
    case keyWouldChange(path: String, table: String, row: RowPlace)
    /// A virtual table that keeps rows of its own stands where full-text index `index` belongs.
    case indexHoldsRows(path: String, index: String)
    /// `table`, an object of `type` FTS5 did not make, has the name of one of full-text index `index`'s own tables.
    case tableInIndexsPlace(path: String, index: String, table: String, type: String)
    /// A full-text index cannot even be dropped.
    case fullTextIndexTooDamaged(path: String, index: String, sqliteMessage: String)
    case extraColumns(path: String, table: String, columns: ColumnDifferences)
    case rowBreaksRule(path: String, table: String, row: RowPlace, sqliteMessage: String)
    case notPutRight(path: String, first: SchemaDifference)
    case sqliteFailed(path: String, sqliteMessage: String)

    /// The object of schema.sql's the refusal is about, when it is about one.
    package var object: String? {
        switch self {
        case .damaged, .cannotMakeAgain, .notPutRight, .sqliteFailed: nil
        case .rowsWouldChange(_, let table), .tableNotInPlace(_, let table, _, _, _), .keyColumnMissing(_, let table, _, _, _),
            .keyWouldChange(_, let table, _), .extraColumns(_, let table, _), .rowBreaksRule(_, let table, _, _):
            table
        case .tableInPlaceOf(_, let name, _): name
        case .indexHoldsRows(_, let index), .tableInIndexsPlace(_, let index, _, _), .fullTextIndexTooDamaged(_, let index, _): index
        }
    }
}

/// One thing `check --repair` did, for the command line to say.
package enum RepairStep: Equatable, Sendable {
    /// A trigger of an earlier layout that schema.sql no longer has.
    case droppedRetiredTrigger(String)
    /// Moved an earlier layout's database, of schema version `from`, to schema.sql's, keeping its rows and its record of changes.
    case movedLayout(from: Int64)
    case rebuiltTable(String, rows: Int)
    /// Made again an object of schema.sql's that was changed or replaced.
    case madeAgain(type: String, name: String)
    /// Created an object of schema.sql's that was missing; a table, empty.
    case created(type: String, name: String, isTable: Bool)
    case setDerivedValues(rows: Int)
    case rebuiltFullTextIndex(String)
}

/// Where a row of a table is: by its key's values (`id = '011'`), by its place (1 for the first), or not known.
package enum RowPlace: Equatable, Sendable {
    case keyed(String)
    case numbered(Int)
    case unknown
}
