import SQLite
import Store

/// Rows that break a rule schema.sql's triggers hold (an astronaut's name and number, a crew row's role), left by a write made while the triggers
/// were gone (a `sqlite-utils transform`). Neither `check` nor `--repair` changes the row: the report gives the statement that puts it right.
enum RowsBreakingTriggerRules {
    static func problems(in database: Database) throws -> [DatabaseReport.Problem] {
        let nextNumber =
            "1 + max((SELECT max(number) FROM astronauts), "
            + "coalesce((SELECT max(CAST(row_key AS INTEGER)) FROM edited_rows WHERE table_name = 'astronauts'), 0))"
        var problems = try database.rows("SELECT id FROM astronauts WHERE name = '' ORDER BY id").map {
            DatabaseReport.Problem.namelessAstronaut(id: $0.values[0])
        }
        problems += try database.rows("SELECT id FROM astronauts WHERE number = 0 ORDER BY id").map {
            DatabaseReport.Problem.astronautNumberedZero(id: $0.values[0], nextNumber: nextNumber)
        }
        problems += try database.rows("SELECT mission_id, position FROM crew WHERE role = '' ORDER BY mission_id, position").map {
            DatabaseReport.Problem.rolelessCrewRow(missionID: $0.values[0], position: $0.values[1])
        }
        return problems
    }
}
