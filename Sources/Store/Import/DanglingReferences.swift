import SQLite

/// Rows of other programs' tables whose foreign keys point nowhere (into tables a test picks). The import, which runs
/// with foreign keys off so those rows stay as they are, compares them before and after it replaces moonshot's tables.
struct DanglingReferences {
    /// One table's rows that point nowhere.
    struct Rows: Equatable {
        /// Row ids, or primary-key values for a WITHOUT ROWID table; a row that points nowhere in two ways counts once.
        var keys: Set<String> = []
        var parents: Set<String> = []
    }

    /// By table name, as `sqlite_schema` gives it.
    let byTable: [String: Rows]

    /// Finds other programs' rows whose foreign keys point nowhere into a table `counts` accepts. A foreign key SQLite
    /// cannot check ("foreign key mismatch": into a column that is not a key) never held, and is passed over.
    init(in database: Database, counting counts: (_ parent: String) -> Bool) throws {
        var byTable: [String: Rows] = [:]
        for table in try OtherObjects.tables(in: database) {
            let violations: [Row]
            do {
                violations = try database.rows("SELECT rowid, parent FROM pragma_foreign_key_check(?)", [.text(table)])
            } catch let error as SQLiteError where error.code.primary == .error {
                continue
            }
            var rows = Rows()
            // SQLite gives no row id for a table without them: its rows are found by their keys.
            let keyed =
                violations.contains { $0.int64(0) == nil }
                ? try Self.withoutRowIDViolations(of: table, in: database)
                : violations.map { (key: sqlLiteral($0.values[0]), parent: $0.text(1) ?? "") }
            for violation in keyed where counts(violation.parent) {
                rows.keys.insert(violation.key)
                rows.parents.insert(violation.parent)
            }
            if rows != Rows() { byTable[table] = rows }
        }
        self.byTable = byTable
    }

    /// The tables with rows that point nowhere now but did not in `earlier`, with how many and where they point.
    func newSince(_ earlier: DanglingReferences) -> [(table: String, rows: Int, parents: [String])] {
        byTable.compactMap { table, rows in
            let before = earlier.byTable[table] ?? Rows()
            let count = rows.keys.subtracting(before.keys).count
            return count == 0 ? nil : (table, count, rows.parents.sorted())
        }.sorted { $0.table < $1.table }
    }

    /// What `pragma_foreign_key_check` finds in a WITHOUT ROWID table, keyed by primary-key values, matching keys as
    /// SQLite does (NULLs never point nowhere; a key into a missing table always does).
    private static func withoutRowIDViolations(of table: String, in database: Database) throws -> [(key: String, parent: String)] {
        let primaryKey = try ForeignKey.primaryKey(of: table, in: database)
        var found: [(key: String, parent: String)] = []
        for key in try ForeignKey.all(of: table, in: database) {
            let parent = key.parent
            let held = key.from.map { "c.\(identifier($0)) IS NOT NULL" }.joined(separator: " AND ")
            let parentExists = try database.scalar("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ? COLLATE NOCASE", [.text(parent)]) != nil
            let nowhere = parentExists ? "NOT EXISTS (SELECT 1 FROM \(identifier(parent)) AS p WHERE \(key.match))" : "1"
            let select = primaryKey.map { "c.\(identifier($0))" }.joined(separator: ", ")
            for row in try database.rows("SELECT \(select) FROM \(identifier(table)) AS c WHERE \(held) AND \(nowhere)") {
                found.append((row.values.map(sqlLiteral).joined(separator: ", "), parent))
            }
        }
        return found
    }
}
