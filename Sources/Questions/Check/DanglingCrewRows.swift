import SQLite
import Store

/// Crew rows whose mission or astronaut is not in its table, left by a delete made with foreign keys off and the
/// triggers dropped. Neither `check` nor `--repair` deletes them: the report gives the statement that would.
package enum DanglingCrewRows {
    package struct Row: Equatable, Sendable {
        package let missionID: SQLValue
        package let position: SQLValue
        package let astronautID: SQLValue
        package let missionIsMissing: Bool
        package let astronautIsMissing: Bool
    }

    package static let deleteAll = "DELETE FROM crew WHERE mission_id NOT IN (SELECT id FROM missions) OR astronaut_id NOT IN (SELECT id FROM astronauts);"

    package static func find(in database: Database) throws -> [Row] {
        try database.rows(
            """
            SELECT mission_id, position, astronaut_id, mission_is_missing, astronaut_is_missing FROM (
                SELECT c.mission_id, c.position, c.astronaut_id,
                       NOT EXISTS (SELECT 1 FROM missions AS m WHERE m.id = c.mission_id) AS mission_is_missing,
                       NOT EXISTS (SELECT 1 FROM astronauts AS a WHERE a.id = c.astronaut_id) AS astronaut_is_missing
                  FROM crew AS c)
             WHERE mission_is_missing OR astronaut_is_missing
             ORDER BY mission_id, position
            """
        ).map {
            Row(
                missionID: $0.values[0], position: $0.values[1], astronautID: $0.values[2],
                missionIsMissing: $0.int64(3) == 1, astronautIsMissing: $0.int64(4) == 1)
        }
    }
}
