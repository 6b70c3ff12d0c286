/// The columns whose values follow from others (a mission's `name` and `badge` from its `id`,
/// a crew row's `canonical_role` from its `role`), by the rules schema.sql writes once, in
/// the views `derived_mission_names` and `derived_crew_roles`. The triggers keep them; the
/// import fills them in, and `check` compares and repairs them, through these statements.
public enum DerivedValues {
    /// A column that disagrees with its rule: where, what it holds and what it should.
    public struct Disagreement: Equatable, Sendable {
        /// "missions", "crew".
        public let table: String
        /// The row: "11" for a mission, "11/2" for a crew row.
        public let rowKey: String
        public let column: String
        public let value: String?
        public let expected: String
    }

    /// Sets every derived column that disagrees with its rule; returns how many rows changed.
    @discardableResult
    public static func fillIn(_ database: Database) throws -> Int {
        var changed = 0
        for statement in updates {
            try database.execute(statement)
            changed += database.changes
        }
        return changed
    }

    /// Every derived value that disagrees with its rule, missions first, in key order.
    public static func disagreements(in database: Database) throws -> [Disagreement] {
        try database.rows("""
            SELECT 'missions', m.id, column, value, expected FROM missions AS m JOIN derived_mission_names AS d ON d.id = m.id,
                   (SELECT 'name' AS column UNION ALL SELECT 'badge') AS c,
                   (SELECT CASE c.column WHEN 'name' THEN m.name ELSE m.badge END AS value,
                           CASE c.column WHEN 'name' THEN d.name ELSE d.badge END AS expected)
             WHERE value IS NOT expected
            UNION ALL
            SELECT 'crew', c.mission_id || '/' || c.position, 'canonical_role', c.canonical_role, d.canonical_role
              FROM crew AS c JOIN derived_crew_roles AS d ON d.mission_id = c.mission_id AND d.position = c.position
             WHERE c.canonical_role IS NOT d.canonical_role
            """).map {
            Disagreement(table: $0.text(0) ?? "", rowKey: $0.text(1) ?? "", column: $0.text(2) ?? "",
                         value: $0.text(3), expected: $0.text(4) ?? "")
        }
    }

    /// The statements that put the derived columns right, each touching only the rows that disagree.
    private static let updates = [
        """
        UPDATE missions SET (name, badge) = (SELECT d.name, d.badge FROM derived_mission_names AS d WHERE d.id = missions.id)
         WHERE (name, badge) IS NOT (SELECT d.name, d.badge FROM derived_mission_names AS d WHERE d.id = missions.id)
        """,
        """
        UPDATE crew SET canonical_role = (SELECT d.canonical_role FROM derived_crew_roles AS d
                                           WHERE d.mission_id = crew.mission_id AND d.position = crew.position)
         WHERE canonical_role IS NOT (SELECT d.canonical_role FROM derived_crew_roles AS d
                                       WHERE d.mission_id = crew.mission_id AND d.position = crew.position)
        """,
    ]
}
