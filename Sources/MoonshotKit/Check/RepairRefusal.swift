/// Why the repair of the database at `path` stopped, leaving it as it was: the facts, which
/// the command line phrases.
package enum RepairRefusal: Error, Equatable, Sendable {
    /// SQLite's quick check finds the file damaged (`finding`, on one line).
    case damaged(path: String, finding: String)
    /// The repair would have changed how many rows the tables hold ("missions 36, ...").
    case rowCountsWouldChange(path: String, before: String, after: String)
    /// An object of another program's, which the repair had to drop, cannot be made again.
    case cannotMakeAgain(path: String, type: String, name: String, sqliteMessage: String)
    /// A table stands where schema.sql makes an object of `type`.
    case tableInPlaceOf(path: String, name: String, type: String)
    /// A full-text index cannot even be dropped.
    case fullTextIndexTooDamaged(path: String, index: String, sqliteMessage: String)
    /// A table has columns schema.sql does not make, which a rebuild would lose.
    case extraColumns(path: String, table: String, columns: ColumnDifferences)
    /// A row (`row`: "the row of crew where ...") breaks a rule of schema.sql's table.
    case rowBreaksRule(path: String, table: String, row: String, sqliteMessage: String)
}
