import Dataset
import SQLite

/// The content of a moonshot database as the app's files carry it, as one digest: two
/// databases with equal digests export the same files (and have the same crew rows whose
/// mission is missing, which the files cannot carry). The import compares the content it
/// would replace with the content it made, to know whether edits would be lost.
enum ContentDigest {
    /// The SHA-256 of the missions.json and of the astronauts.json that `moonshot export`
    /// would write from `database`, and of its crew rows whose mission is missing, together;
    /// nil when the tables cannot be read as the export reads them (a column renamed, text
    /// that is not UTF-8, a view in a table's place, which is not read: it could take any
    /// time): such content differs from any an import makes.
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
        } catch is AppFiles.UnwritableValue {
            return nil
        } catch is AppFiles.NotATable {
            return nil
        }
        return missions.hexDigest() + astronauts.hexDigest() + unlisted.hexDigest()
    }
}
