import Dataset
import SQLite

/// The SHA-256 digests of an import's two inputs.
package struct InputHashes: Equatable, Sendable {
    let missions: String
    let astronauts: String

    package init(missions: String, astronauts: String) {
        (self.missions, self.astronauts) = (missions, astronauts)
    }

    /// The hashes recorded in a row of `Provenance.history`.
    init?(historyRow row: Row) {
        guard let missions = row.text(Provenance.historyColumn("missions_sha256")),
            let astronauts = row.text(Provenance.historyColumn("astronauts_sha256"))
        else { return nil }
        self.init(missions: missions, astronauts: astronauts)
    }
}

/// Where an import's content came from: the row it adds to the `imports` table.
struct Provenance {
    let missions: InputSource
    let astronauts: InputSource
    let hashes: InputHashes
    let counts: DatasetCounts

    /// The columns of the `imports` table an import writes, by name.
    static let columns = [
        "imported_at", "tool_version", "missions_source", "missions_sha256", "astronauts_source",
        "astronauts_sha256", "mission_count", "astronaut_count", "crew_count",
    ]

    /// The `imports` rows, oldest first: `id`, then `columns`. A table no longer as moonshot made it (dropped, columns
    /// changed by hand) has no history to keep, and the import starts a new one.
    static func history(in database: Database) throws -> [Row] {
        let present = try database.rows("SELECT name FROM pragma_table_info('imports')").compactMap { $0.text(0) }
        guard (["id"] + columns).allSatisfy(present.contains) else { return [] }
        return try database.rows("SELECT id, \(columns.joined(separator: ", ")) FROM imports ORDER BY id")
    }

    /// Writes `rows` (from `history`) into the `imports` table as they were.
    static func restore(_ rows: [Row], in database: Database) throws {
        let insert = try database.prepare(
            """
            INSERT INTO imports (id, \(columns.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: columns.count)))
            """)
        for row in rows { try insert.execute(row.values) }
    }

    /// Where `column` is in a row of `history`.
    static func historyColumn(_ column: String) -> Int { 1 + columns.firstIndex(of: column)! }

    /// Adds the row, stamped with the current time and moonshot's version.
    func record(in database: Database) throws {
        try database.execute(
            """
            INSERT INTO imports (\(Self.columns.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: Self.columns.count - 1)))
            """,
            [
                .text(FileSystem.currentTimestamp()), .text(MoonshotVersion.current),
                .text(missions.provenanceName), .text(hashes.missions),
                .text(astronauts.provenanceName), .text(hashes.astronauts),
                .integer(Int64(counts.missions)), .integer(Int64(counts.astronauts)), .integer(Int64(counts.crew)),
            ])
    }
}
