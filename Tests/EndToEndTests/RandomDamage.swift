import Foundation

/// A random sqlite3 script that edits a moonshot database's rows (`RandomEdits`) and damages
/// its layout the ways users and their tools do, for `RepairPropertyTests`.
struct RandomDamage {
    var random: SplitMix

    private static let tables = ["missions", "astronauts", "crew"]
    private static let columns = [
        "missions": ["id", "name", "badge", "launch_date", "description"], "astronauts": ["number", "id", "name", "description"],
        "crew": ["mission_id", "position", "astronaut_id", "role", "canonical_role"],
    ]
    private static let triggers = [
        "missions_ai", "missions_ad", "missions_au", "astronauts_ai", "astronauts_ad", "astronauts_au", "missions_before_update",
        "astronauts_before_update", "missions_after_insert", "missions_after_update", "missions_after_delete", "astronauts_after_insert",
        "astronauts_after_update", "astronauts_after_delete", "crew_before_insert", "crew_before_update", "crew_after_insert", "crew_after_update",
        "crew_after_delete",
    ]
    private static let views = ["crew_roster", "mission_commanders", "mission_overview", "astronaut_flights", "derived_mission_names", "derived_crew_roles"]

    init(random: SplitMix) { self.random = random }

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
        switch Int.random(in: 0..<16, using: &random) {
        case 0:
            return "PRAGMA legacy_alter_table = \(legacy); ALTER TABLE \(table) RENAME TO \(table)_old"
        case 1:
            return "PRAGMA legacy_alter_table = ON; ALTER TABLE \(table) RENAME TO \(table)_old; CREATE VIEW \(table) AS SELECT * FROM \(table)_old"
        case 2, 3:
            return "DROP TRIGGER \(pick(Self.triggers))"
        case 4:
            return pick(["DROP INDEX crew_by_astronaut", "DROP INDEX missions_by_launch_date", "DROP VIEW \(pick(Self.views))"])
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
            return "PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON; CREATE TABLE \(table)_new (\(columns.map { "\($0) TEXT" }.joined(separator: ", "))); "
                + "INSERT INTO \(table)_new SELECT \(columns.joined(separator: ", ")) FROM \(table); DROP TABLE \(table); ALTER TABLE \(table)_new RENAME TO \(table)"
        case 10:
            return pick([
                "INSERT INTO missions_fts (rowid, name, description) VALUES (11, 'Apollo 11', 'zebra zebra')",
                "DELETE FROM missions_fts_config", "DELETE FROM astronauts_fts_docsize WHERE id = 3",
                "INSERT INTO astronauts_fts (astronauts_fts) VALUES ('delete-all')", "DROP TABLE \(pick(["missions_fts", "astronauts_fts"]))",
            ])
        case 11:
            return pick([
                "CREATE TABLE missions_fts_content (a); INSERT INTO missions_fts_content VALUES (1)",
                "DROP TABLE missions_fts; CREATE TABLE missions_fts_data (a); INSERT INTO missions_fts_data VALUES (2)",
                "CREATE TABLE notes (id INTEGER, description TEXT); INSERT INTO notes VALUES (1, 'mine')",
            ])
        case 12:
            return "CREATE TRIGGER user_\(table) AFTER UPDATE ON \(table) BEGIN SELECT 1; END"
        case 13:
            return "DROP TABLE \(pick(["edited_rows", "imports"]))"
        case 14:
            return "PRAGMA legacy_alter_table = \(legacy); ALTER TABLE \(table) RENAME COLUMN \(pick(columns)) TO renamed"
        default:
            return "UPDATE missions SET launch_date = '1969-07-20' WHERE id = 11"
        }
    }
}
