/// The SHA-256 digests of an import's two inputs.
struct InputHashes: Equatable, Sendable {
    let missions: String
    let astronauts: String

    init(missions: String, astronauts: String) {
        (self.missions, self.astronauts) = (missions, astronauts)
    }

    /// The hashes recorded in a row of the `imports` table (`SELECT *`).
    init?(importRow row: Row) {
        // Columns: id, imported_at, tool_version, missions_source, missions_sha256, astronauts_source, astronauts_sha256, ...
        guard row.values.count > 6, let missions = row.text(4), let astronauts = row.text(6) else { return nil }
        self.init(missions: missions, astronauts: astronauts)
    }
}

/// Where an import's content came from: the row it adds to the `imports` table.
struct Provenance {
    let missions: InputSource
    let astronauts: InputSource
    let hashes: InputHashes
    let counts: DatasetCounts

    /// Adds the row, stamped with the current time and moonshot's version.
    func record(in database: Database) throws {
        try database.execute("""
            INSERT INTO imports (imported_at, tool_version, missions_source, missions_sha256,
                                 astronauts_source, astronauts_sha256, mission_count, astronaut_count, crew_count)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [
                .text(FileSystem.currentTimestamp()), .text(MoonshotVersion.current),
                .text(missions.provenanceName), .text(hashes.missions),
                .text(astronauts.provenanceName), .text(hashes.astronauts),
                .integer(Int64(counts.missions)), .integer(Int64(counts.astronauts)), .integer(Int64(counts.crew)),
            ])
    }
}
