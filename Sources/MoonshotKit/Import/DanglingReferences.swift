/// Rows of other programs' tables whose foreign keys point nowhere, into the tables a test
/// picks: what the import compares before and after it replaces moonshot's tables (it runs
/// with foreign keys off, so that their rows stay as they are).
struct DanglingReferences {
    /// One table's rows that point nowhere.
    struct Rows: Equatable {
        /// Those with a row id; a row that points nowhere in two ways counts once.
        var rowIDs: Set<Int64> = []
        /// How many of a table without row ids (WITHOUT ROWID).
        var unkeyed = 0
        /// The tables they point into.
        var parents: Set<String> = []
    }

    /// By table name, as `sqlite_schema` gives it.
    let byTable: [String: Rows]

    /// The rows of the tables of `database` that are not moonshot's whose foreign keys point
    /// nowhere in a table `counts` says to count. A foreign key SQLite cannot check (one into
    /// a column that is not a key: "foreign key mismatch") never held, and is passed over.
    init(in database: Database, counting counts: (_ parent: String) -> Bool) throws {
        var byTable: [String: Rows] = [:]
        for table in try database.rows("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'") {
            guard let table = table.text(0), !OtherObjects.isMoonshots(table, version: MoonshotDatabase.schemaVersion) else { continue }
            let violations: [Row]
            do {
                violations = try database.rows("SELECT rowid, parent FROM pragma_foreign_key_check(?)", [.text(table)])
            } catch let error as SQLiteError where error.code.primary == .error {
                continue
            }
            var rows = Rows()
            for violation in violations where counts(violation.text(1) ?? "") {
                if let rowID = violation.int64(0) { rows.rowIDs.insert(rowID) } else { rows.unkeyed += 1 }
                rows.parents.insert(violation.text(1) ?? "")
            }
            if rows != Rows() { byTable[table] = rows }
        }
        self.byTable = byTable
    }

    /// The tables with rows that point nowhere now and did not in `earlier`, with how many
    /// such rows and where they point, by name.
    func newSince(_ earlier: DanglingReferences) -> [(table: String, rows: Int, parents: [String])] {
        byTable.compactMap { table, rows in
            let before = earlier.byTable[table] ?? Rows()
            let count = rows.rowIDs.subtracting(before.rowIDs).count + max(0, rows.unkeyed - before.unkeyed)
            return count == 0 ? nil : (table, count, rows.parents.sorted())
        }.sorted { $0.table < $1.table }
    }
}
