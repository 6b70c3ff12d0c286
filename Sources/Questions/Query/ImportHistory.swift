import Store

/// One row of the `imports` table: where the database's content came from.
package struct ImportRecord: Equatable, Sendable {
    /// When, in UTC: "2026-11-21T21:47:00Z".
    package let importedAt: String
    package let toolVersion: String
    /// The missions file's path, or "embedded:missions.json" for the built-in data.
    package let missionsSource: String
    package let missionsSHA256: String
    /// The astronauts file's path, or "embedded:astronauts.json".
    package let astronautsSource: String
    package let astronautsSHA256: String

    /// Whether both files were the Apollo dataset built into moonshot.
    package var isBuiltIn: Bool { missionsSource.hasPrefix("embedded:") && astronautsSource.hasPrefix("embedded:") }
}

extension MoonshotDatabase {
    /// The import that made the current content, or nil if the database records none.
    package func latestImport() throws -> ImportRecord? {
        try query(
            """
            SELECT imported_at, tool_version, missions_source, missions_sha256, astronauts_source, astronauts_sha256
            FROM imports ORDER BY id DESC LIMIT 1
            """
        ) {
            ImportRecord(
                importedAt: try $0.notNullText(0), toolVersion: try $0.notNullText(1),
                missionsSource: try $0.notNullText(2), missionsSHA256: try $0.notNullText(3),
                astronautsSource: try $0.notNullText(4), astronautsSHA256: try $0.notNullText(5))
        }.first
    }

    /// The changes made to the data since the last import, or nil when it is as imported.
    package func editsSinceImport() throws -> DataEdits? {
        try DataEdits.read(from: connection)
    }
}
