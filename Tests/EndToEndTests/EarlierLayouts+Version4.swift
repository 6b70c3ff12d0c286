/// Schema version 4 (moonshot before the index of astronauts' names, `astronauts_by_name`): version 3
/// with its full-text indexes stemming words and the index of launch dates, the same rows and history.
extension EarlierLayouts {
    static func version4() -> String {
        let changes = [
            ("PRAGMA user_version = 3;", "PRAGMA user_version = 4;"),
            (
                "CREATE INDEX crew_by_astronaut ON crew (astronaut_id, mission_id);\n",
                "CREATE INDEX crew_by_astronaut ON crew (astronaut_id, mission_id);\nCREATE INDEX missions_by_launch_date ON missions (launch_date);\n"
            ),
            ("tokenize=\"unicode61 remove_diacritics 2\"", "tokenize=\"porter unicode61 remove_diacritics 2\""),
            ("'0.3.0', 'data/v3 missions.json'", "'0.4.0', 'data/v4 missions.json'"),
        ]
        return changes.reduce(version3()) { sql, change in
            precondition(sql.contains(change.0), "version 3's statements no longer hold \(change.0)")
            return sql.replacingOccurrences(of: change.0, with: change.1)
        }
    }
}
