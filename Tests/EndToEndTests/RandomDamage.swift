import Foundation
import TestSupport

/// A random sqlite3 script that edits a moonshot database's rows (`RandomEdits`) and damages
/// its layout the ways users and their tools do, for `RepairPropertyTests`.
struct RandomDamage {
    var random: SeededRandom

    private static let tables = ["missions", "astronauts", "crew"]
    private static let columns = [
        "missions": ["id", "name", "badge", "launch_date", "description"], "astronauts": ["id", "number", "name", "description"],
        "crew": ["mission_id", "position", "astronaut_id", "role", "canonical_role"],
    ]
    private static let triggers = [
        "missions_ai", "missions_ad", "missions_au", "astronauts_ai", "astronauts_ad", "astronauts_au", "missions_before_update",
        "astronauts_before_update", "missions_after_insert", "missions_after_update", "missions_after_delete", "astronauts_after_insert",
        "astronauts_after_update", "astronauts_after_delete", "crew_before_update", "crew_after_insert", "crew_after_update",
        "crew_after_delete",
    ]
    private static let views = ["crew_roster", "mission_commanders", "mission_overview", "astronaut_flights", "derived_mission_names", "derived_crew_roles"]

    /// A few edits of the rows, then one to three kinds of damage.
    mutating func make() -> String {
        var edits = RandomEdits(random: random)
        var script = edits.make(Int.random(in: 0...8, using: &edits.random))
        random = edits.random
        for _ in 0..<Int.random(in: 1...3, using: &random) { script += damage() + ";\n" }
        return script
    }

    private mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &random)! }

    private mutating func damage() -> String {
        let table = pick(Self.tables)
        let columns = Self.columns[table]!
        let legacy = pick(["ON", "OFF"])
        switch Int.random(in: 0..<19, using: &random) {
        case 0:
            return "PRAGMA legacy_alter_table = \(legacy); ALTER TABLE \(table) RENAME TO \(table)_old"
        case 1:
            return "PRAGMA legacy_alter_table = ON; ALTER TABLE \(table) RENAME TO \(table)_old; CREATE VIEW \(table) AS SELECT * FROM \(table)_old"
        case 2, 3:
            return "DROP TRIGGER \(pick(Self.triggers))"
        case 4:
            let indexes = ["crew_by_astronaut", "missions_by_launch_date", "astronauts_by_name"]
            return pick(indexes.map { "DROP INDEX \($0)" } + ["DROP VIEW \(pick(Self.views))"])
        case 5:
            return "ALTER TABLE \(table) ADD COLUMN extra_\(Int.random(in: 1...3, using: &random)) TEXT"
        case 6:
            return "ALTER TABLE \(table) DROP COLUMN \(pick(columns))"
        case 7, 8:
            // A rebuild as a hand or a tool makes it: some columns, no constraints, in another order.
            let kept = columns.filter { _ in Int.random(in: 0..<100, using: &random) < 85 }
            let list = kept.isEmpty ? "rowid AS r" : kept.joined(separator: ", ")
            return "PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON; CREATE TABLE \(table)_new AS SELECT \(list) FROM \(table) ORDER BY random(); "
                + "DROP TABLE \(table); ALTER TABLE \(table)_new RENAME TO \(table)"
        case 9:
            // Columns kept, types changed (what `sqlite-utils transform --type` does).
            return
                "PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON; CREATE TABLE \(table)_new (\(columns.map { "\($0) TEXT" }.joined(separator: ", "))); "
                + "INSERT INTO \(table)_new SELECT \(columns.joined(separator: ", ")) FROM \(table); DROP TABLE \(table); ALTER TABLE \(table)_new RENAME TO \(table)"
        case 10:
            return pick([
                "INSERT INTO missions_fts (rowid, name, description) VALUES (11, 'Apollo 11', 'zebra zebra')",
                "DELETE FROM missions_fts_config", "DELETE FROM astronauts_fts_docsize WHERE id = 3", "DELETE FROM missions_fts_data",
                "INSERT INTO astronauts_fts (astronauts_fts) VALUES ('delete-all')", "DROP TABLE \(pick(["missions_fts", "astronauts_fts"]))",
                "DROP TABLE astronauts_fts_config", "DROP TABLE missions_fts; CREATE VIEW missions_fts AS SELECT 1",
                "DROP TABLE missions_fts_docsize; CREATE TABLE missions_fts_docsize (note TEXT)",
                "DROP TABLE missions_fts; CREATE VIRTUAL TABLE missions_fts USING fts5(name, description); INSERT INTO missions_fts VALUES ('mine', 'x')",
            ])
        case 11:
            return pick([
                "CREATE TABLE missions_fts_content (a); INSERT INTO missions_fts_content VALUES (1)",
                "DROP TABLE missions_fts; CREATE TABLE missions_fts_data (a); INSERT INTO missions_fts_data VALUES (2)",
                "CREATE TABLE notes (id INTEGER, description TEXT); INSERT INTO notes VALUES (1, 'mine')",
            ])
        case 12:
            return pick([
                "CREATE TRIGGER user_\(table) AFTER UPDATE ON \(table) BEGIN SELECT 1; END",
                "CREATE TRIGGER user_fts AFTER INSERT ON \(pick(["missions_fts_data", "astronauts_fts_idx"])) BEGIN DELETE FROM crew WHERE mission_id = 11; END",
                "PRAGMA ignore_check_constraints = ON; UPDATE missions SET launch_date = 'someday' WHERE id = 17",
                "PRAGMA ignore_check_constraints = ON; UPDATE crew SET position = 0 WHERE mission_id = 11 AND position = 3",
            ])
        case 13:
            return "DROP TABLE \(pick(["edited_rows", "imports"]))"
        case 14:
            return "PRAGMA legacy_alter_table = \(legacy); ALTER TABLE \(table) RENAME COLUMN \(pick(columns)) TO renamed"
        case 16:
            // Values a conversion could change: text that is not UTF-8, reals, keys as text.
            return pick([
                "UPDATE missions SET description = CAST(x'41ff20c3' AS TEXT) WHERE id = 11",
                "PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON; CREATE TABLE crew_new AS SELECT * FROM crew; DROP TABLE crew; "
                    + "ALTER TABLE crew_new RENAME TO crew; UPDATE crew SET position = position + 0.0 WHERE mission_id = 11",
                "PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON; CREATE TABLE missions_new AS SELECT * FROM missions; DROP TABLE missions; "
                    + "ALTER TABLE missions_new RENAME TO missions; UPDATE missions SET id = \(pick(["'012'", "12.5", "NULL", "'12'"])) WHERE id = 12",
                "PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON; CREATE TABLE missions_new AS SELECT * FROM missions; DROP TABLE missions; "
                    + "ALTER TABLE missions_new RENAME TO missions; UPDATE missions SET description = 1.0000000000000002 WHERE id = 10",
            ])
        case 17:
            return pick([
                "DROP TRIGGER \(pick(Self.triggers)); CREATE VIEW missions_ai AS SELECT 1",
                "PRAGMA legacy_alter_table = ON; CREATE TABLE keep AS SELECT * FROM \(table); DROP TABLE \(table)",
                "ALTER TABLE \(table) ADD COLUMN twice INTEGER AS (1)",
            ])
        case 18:
            return "DROP TABLE \(table)"
        default:
            return "UPDATE missions SET launch_date = '1969-07-20' WHERE id = 11"
        }
    }
}
