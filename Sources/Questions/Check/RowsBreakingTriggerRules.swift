import SQLite
import Store

/// Rows that break a rule schema.sql's triggers hold (an astronaut's name and number, a crew row's role), which only a
/// write made while the triggers were gone leaves (a `sqlite-utils transform` drops them until `check --repair`).
/// Neither `check` nor `--repair` changes the row: the report gives the statement that puts it right.
enum RowsBreakingTriggerRules {
    static func problems(in database: Database) throws -> [DatabaseReport.Problem] {
        let nextNumber =
            "1 + max((SELECT max(number) FROM astronauts), "
            + "coalesce((SELECT max(CAST(row_key AS INTEGER)) FROM edited_rows WHERE table_name = 'astronauts'), 0))"
        var problems = try database.rows("SELECT id FROM astronauts WHERE name = '' ORDER BY id").map { row in
            let id = row.values[0]
            return DatabaseReport.Problem(
                kind: .ruleBreak, problem: "astronaut \(plain(id)) has no name, which every astronaut needs",
                fix: "Give them one: UPDATE astronauts SET name = '...' WHERE id = \(sqlLiteral(id));")
        }
        problems += try database.rows("SELECT id FROM astronauts WHERE number = 0 ORDER BY id").map { row in
            let id = row.values[0]
            return DatabaseReport.Problem(
                kind: .ruleBreak, problem: "astronaut \(plain(id)) has number 0, which no astronaut keeps (the full-text index's key)",
                fix: "Give them the next number: UPDATE astronauts SET number = \(nextNumber) WHERE id = \(sqlLiteral(id));")
        }
        problems += try database.rows("SELECT mission_id, position FROM crew WHERE role = '' ORDER BY mission_id, position").map { row in
            let (mission, position) = (row.values[0], row.values[1])
            return DatabaseReport.Problem(
                kind: .ruleBreak, problem: "crew row \(plain(mission))/\(plain(position)) has no role, which every crew row needs",
                fix: "Give it one: UPDATE crew SET role = '...' WHERE mission_id = \(sqlLiteral(mission)) AND position = \(sqlLiteral(position));")
        }
        return problems
    }
}
