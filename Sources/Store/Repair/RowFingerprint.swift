import Dataset
import SQLite

/// The rows of moonshot's tables as a repair must keep them: each table's row count and an order-free digest of its schema.sql columns' values.
/// A value is kept when its bytes are, or when SQLite converts it without loss ('11' into an INTEGER column as 11).
struct RowFingerprint: Equatable {
    /// A table's rows: how many, and the sum of their digests (a sum, so that order does not count).
    struct Rows: Equatable {
        var count = 0
        var digest: [UInt64] = [0, 0, 0, 0]
    }

    /// The columns read of each table, those of schema.sql's that it had when first read.
    private let columns: [String: [String]]
    /// Each table's rows; a table that is missing has none.
    private(set) var rows: [String: Rows] = [:]

    init(of tables: [MoonshotTable], in database: Database) throws {
        var columns: [String: [String]] = [:]
        for table in tables {
            let present = try MoonshotTable.columns(of: table.name, in: database)
            columns[table.name] = table.columns.filter { column in
                !table.derivedColumns.contains(column) && present.contains { $0.lowercased() == column.lowercased() }
            }
        }
        self.columns = columns
        rows = try Self.read(columns, in: database)
    }

    /// The fingerprint of the same tables and columns as they stand now.
    func again(in database: Database) throws -> RowFingerprint {
        var copy = self
        copy.rows = try Self.read(columns, in: database)
        return copy
    }

    /// The first table (in schema.sql's order) whose rows differ in `other`.
    func firstDifference(from other: RowFingerprint) -> String? {
        MoonshotTable.all.map(\.name).first { rows[$0] != other.rows[$0] }
    }

    /// SQL giving `expression`'s value by its exact bytes, with text, integers and whole reals alike, so that SQLite's
    /// lossless conversions ('11' or 11.0 into an INTEGER column as 11) keep a value and no other does.
    static func canonical(_ expression: String) -> String {
        let e = expression
        return "CASE typeof(\(e)) WHEN 'null' THEN 'n' WHEN 'blob' THEN 'b' || hex(\(e)) "
            + "WHEN 'real' THEN CASE WHEN \(e) = CAST(\(e) AS INTEGER) THEN 't' || hex(CAST(CAST(\(e) AS INTEGER) AS BLOB)) "
            + "ELSE 'r' || printf('%!.17g', \(e)) END ELSE 't' || hex(CAST(\(e) AS BLOB)) END"
    }

    private static func read(_ columns: [String: [String]], in database: Database) throws -> [String: Rows] {
        var found: [String: Rows] = [:]
        for (table, names) in columns {
            guard try database.hasSchemaObject(named: table, type: "table") else {
                found[table] = Rows()
                continue
            }
            let values = names.map { Self.canonical(identifier($0)) }
            let statement = try database.prepare("SELECT \(values.isEmpty ? "''" : values.joined(separator: " || '|' || ")) FROM \(identifier(table))")
            var rows = Rows()
            while try statement.step() {
                var hasher = SHA256()
                var text = statement.text(0) ?? ""
                text.withUTF8 { hasher.update($0) }
                let bytes = hasher.finalize()
                for lane in 0..<4 {
                    let word = bytes[(lane * 8)..<(lane * 8 + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                    rows.digest[lane] &+= word
                }
                rows.count += 1
            }
            found[table] = rows
        }
        return found
    }
}
