/// Schema version 5 (moonshot before partial upserts, rowid crew rows and astronauts keyed by
/// id): version 4 with the index of astronauts' names, the same rows and history.
extension EarlierLayouts {
    static func version5() -> String {
        let changes = [
            ("PRAGMA user_version = 4;", "PRAGMA user_version = 5;"),
            (
                "CREATE INDEX crew_by_astronaut ON crew (astronaut_id, mission_id);\n",
                "CREATE INDEX crew_by_astronaut ON crew (astronaut_id, mission_id);\nCREATE INDEX astronauts_by_name ON astronauts (name COLLATE NOCASE);\n"
            ),
            ("'0.4.0', 'data/v4 missions.json'", "'0.4.0', 'data/v5 missions.json'"),
        ]
        return changes.reduce(version4()) { sql, change in
            precondition(sql.contains(change.0), "version 4's statements no longer hold \(change.0)")
            return sql.replacingOccurrences(of: change.0, with: change.1)
        }
    }
}
