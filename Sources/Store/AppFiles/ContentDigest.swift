import Dataset
import SQLite

/// A digest of a moonshot database's content as the app's files carry it, plus its crew rows whose mission is missing
/// (which the files cannot carry). The import compares it before and after, to know whether edits would be lost.
enum ContentDigest {
    /// The SHA-256s of what `moonshot export` would write and of the crew rows whose mission is missing. Nil when the export could not read the
    /// tables (a column renamed, text not UTF-8): such content differs from any an import makes.
    static func of(_ database: Database) throws -> String? {
        var missions = SHA256()
        var astronauts = SHA256()
        var unlisted = SHA256()
        do {
            _ = try AppFiles.write(from: database, missions: &missions, astronauts: &astronauts)
            for row in try database.rows(
                """
                SELECT mission_id, position, astronaut_id, role FROM crew AS c
                 WHERE NOT EXISTS (SELECT 1 FROM missions AS m WHERE m.id = c.mission_id) ORDER BY mission_id, position
                """)
            {
                unlisted.write(row.values.map(sqlLiteral).joined(separator: ",") + "\n")
            }
        } catch let error as SQLiteError where error.code.primary == .error {
            return nil
        } catch is AppFiles.UnwritableValue, is AppFiles.NotATable {
            return nil
        }
        return missions.hexDigest() + astronauts.hexDigest() + unlisted.hexDigest()
    }
}
