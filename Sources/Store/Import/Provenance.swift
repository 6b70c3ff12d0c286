import Dataset
import SQLite

/// The SHA-256 digests of an import's two inputs.
package struct InputHashes: Equatable, Sendable {
    let missions: String
    let astronauts: String

    package init(missions: String, astronauts: String) {
        (self.missions, self.astronauts) = (missions, astronauts)
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

    /// Whether the `imports` table has the columns of the history: one dropped or changed by hand has none to keep.
    static func hasHistory(in database: Database) throws -> Bool {
        let present = try database.rows("SELECT name FROM pragma_table_info('imports')").compactMap { $0.text(0) }
        return (["id"] + columns).allSatisfy(present.contains)
    }

    /// The input hashes of the last import recorded, if any.
    static func lastInputHashes(in database: Database) throws -> InputHashes? {
        guard try hasHistory(in: database),
            let row = try database.rows("SELECT missions_sha256, astronauts_sha256 FROM imports ORDER BY id DESC LIMIT 1").first,
            let missions = row.text(0), let astronauts = row.text(1)
        else { return nil }
        return InputHashes(missions: missions, astronauts: astronauts)
    }

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
