import SQLite

/// Columns that follow from others (a mission's `name` and `badge`, a crew row's `canonical_role`) by rules schema.sql writes once, in views
/// `derived_mission_names` and `derived_crew_roles`; the triggers keep them, and the import and `check` fill, compare and repair them through these.
package enum DerivedValues {
    /// A column that disagrees with its rule: where, what it holds and what it should.
    package struct Disagreement: Equatable, Sendable {
        package let table: String
        /// The row: "11" for a mission, "11/2" for a crew row.
        package let rowKey: String
        package let column: String
        package let value: String?
        package let expected: String
    }

    static let columns = ["missions": ["name", "badge"], "crew": ["canonical_role"]]

    /// Sets every derived column (of the missions only, if `onlyMissions`) that disagrees with its rule; returns the rows changed.
    @discardableResult
    static func fillIn(_ database: Database, onlyMissions: Bool = false) throws -> Int {
        var changed = 0
        for update in onlyMissions ? [updateMissions] : [updateMissions, updateCrew] {
            try database.execute(update)
            changed += database.changes
        }
        return changed
    }

    /// A statement setting the canonical role of crew row (`?1` mission, `?2` position) by the rule, returning it.
    static let setCanonicalRoleOfOneCrewRow = updateCrew + " AND mission_id = ?1 AND position = ?2 RETURNING canonical_role"

    /// Every derived value that disagrees with its rule, missions first, in key order.
    package static func disagreements(in database: Database) throws -> [Disagreement] {
        try database.rows(
            """
            SELECT table_name, row_key, column_name, value, expected FROM (
                SELECT 0 AS part, m.id AS first_key, 0 AS second_key, 'missions' AS table_name, CAST(m.id AS TEXT) AS row_key,
                       'name' AS column_name, m.name AS value, d.name AS expected
                  FROM missions AS m JOIN derived_mission_names AS d ON d.id = m.id WHERE m.name IS NOT d.name
                UNION ALL
                SELECT 0, m.id, 0, 'missions', CAST(m.id AS TEXT), 'badge', m.badge, d.badge
                  FROM missions AS m JOIN derived_mission_names AS d ON d.id = m.id WHERE m.badge IS NOT d.badge
                UNION ALL
                SELECT 1, c.mission_id, c.position, 'crew', c.mission_id || '/' || c.position, 'canonical_role', c.canonical_role, d.canonical_role
                  FROM crew AS c JOIN derived_crew_roles AS d ON d.mission_id = c.mission_id AND d.position = c.position
                 WHERE c.canonical_role IS NOT d.canonical_role)
             ORDER BY part, first_key, second_key, column_name DESC
            """
        ).map {
            Disagreement(
                table: $0.text(0) ?? "", rowKey: $0.text(1) ?? "", column: $0.text(2) ?? "",
                value: $0.text(3), expected: $0.text(4) ?? "")
        }
    }

    /// The statements that put the missions' and the crew rows' derived columns right, touching only the rows that disagree.
    private static let updateMissions = """
        UPDATE missions SET (name, badge) = (SELECT d.name, d.badge FROM derived_mission_names AS d WHERE d.id = missions.id)
         WHERE (name, badge) IS NOT (SELECT d.name, d.badge FROM derived_mission_names AS d WHERE d.id = missions.id)
        """
    private static let updateCrew = """
        UPDATE crew SET canonical_role = (SELECT d.canonical_role FROM derived_crew_roles AS d
                                           WHERE d.mission_id = crew.mission_id AND d.position = crew.position)
         WHERE canonical_role IS NOT (SELECT d.canonical_role FROM derived_crew_roles AS d
                                       WHERE d.mission_id = crew.mission_id AND d.position = crew.position)
        """
}
