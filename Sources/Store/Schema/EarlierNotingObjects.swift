/// The change-noting objects as schema versions 3 to 5 defined them, unlike version 6: in such a database one that
/// differs from schema.sql is whole if it is as its own version made it, else broken.
enum EarlierNotingObjects {
    /// Each definition, by name (lower case), as SQLite keeps it.
    static let definitions: [String: String] = [
        "edited_rows": """
        CREATE TABLE edited_rows (
            table_name      TEXT NOT NULL,
            row_key         TEXT NOT NULL,
            first_edited_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
            last_edited_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
            PRIMARY KEY (table_name, row_key)
        ) STRICT, WITHOUT ROWID
        """,
        "astronauts_after_insert": """
        CREATE TRIGGER astronauts_after_insert AFTER INSERT ON astronauts BEGIN
            INSERT INTO edited_rows (table_name, row_key) VALUES ('astronauts', new.number)
                ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
        END
        """,
        "astronauts_after_update": """
        CREATE TRIGGER astronauts_after_update AFTER UPDATE ON astronauts BEGIN
            UPDATE crew SET astronaut_id = new.id WHERE astronaut_id = old.id AND new.id IS NOT old.id;
            INSERT INTO edited_rows (table_name, row_key) SELECT 'astronauts', key
              FROM (SELECT old.number AS key UNION SELECT new.number) WHERE true
                ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
        END
        """,
        "crew_after_insert": """
        CREATE TRIGGER crew_after_insert AFTER INSERT ON crew BEGIN
            SELECT RAISE(ABORT, 'crew.canonical_role follows from role ("Commander" for "commander"): leave it out and it is filled in')
              FROM derived_crew_roles AS d
             WHERE d.mission_id = new.mission_id AND d.position = new.position AND new.canonical_role NOT IN ('', d.canonical_role);
            UPDATE crew SET canonical_role = (SELECT d.canonical_role FROM derived_crew_roles AS d
                                               WHERE d.mission_id = new.mission_id AND d.position = new.position)
             WHERE mission_id = new.mission_id AND position = new.position AND canonical_role = '';
            INSERT INTO edited_rows (table_name, row_key) VALUES ('crew', new.mission_id || '/' || new.position)
                ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
        END
        """,
        "missions_after_insert": """
        CREATE TRIGGER missions_after_insert AFTER INSERT ON missions BEGIN
            SELECT RAISE(ABORT, 'missions.name and missions.badge follow from id ("Apollo 11", "apollo11"): leave them out and they are filled in')
              FROM derived_mission_names AS d
             WHERE d.id = new.id AND (new.name NOT IN ('', d.name) OR new.badge NOT IN ('', d.badge));
            UPDATE missions SET (name, badge) = (SELECT d.name, d.badge FROM derived_mission_names AS d WHERE d.id = new.id)
             WHERE id = new.id AND (name = '' OR badge = '');
            INSERT INTO edited_rows (table_name, row_key) VALUES ('missions', new.id)
                ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
        END
        """,
    ]

    /// Whether `sql`, the database's definition of `name`, is the one versions 3 to 5 made.
    static func isEarlierDefinition(of name: String, _ sql: String?) -> Bool {
        guard let sql, let earlier = definitions[name.lowercased()] else { return false }
        return SQLText.normalized(sql) == SQLText.normalized(earlier)
    }
}
