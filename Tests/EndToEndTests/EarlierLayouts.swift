/// Databases as earlier versions of moonshot made them, for the tests of what a newer one does
/// with them.
enum EarlierLayouts {
    /// Schema version 1 (moonshot 0.1 before schema.sql's version 2), with the Apollo 11 crew and
    /// an import history that names the files it came from. `applicationID` is 0 for the
    /// databases made before moonshot marked its files.
    static func version1(applicationID: Int = 0x4D4F4F4E) -> String {
        """
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = 1;
        CREATE TABLE missions (
            id INTEGER PRIMARY KEY,
            launch_date TEXT NULL,
            description TEXT NOT NULL,
            display_name TEXT NOT NULL GENERATED ALWAYS AS ('Apollo ' || id) VIRTUAL,
            badge_image TEXT NOT NULL GENERATED ALWAYS AS ('apollo' || id) VIRTUAL
        ) STRICT;
        CREATE TABLE astronauts (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, description TEXT NOT NULL) STRICT;
        CREATE TABLE crew (
            mission_id INTEGER NOT NULL REFERENCES missions (id) ON DELETE CASCADE,
            astronaut_id TEXT NOT NULL REFERENCES astronauts (id) ON DELETE CASCADE,
            role TEXT NOT NULL, canonical_role TEXT NOT NULL, position INTEGER NOT NULL,
            PRIMARY KEY (mission_id, astronaut_id), UNIQUE (mission_id, position)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX crew_by_astronaut ON crew (astronaut_id, mission_id);
        CREATE VIRTUAL TABLE missions_search USING fts5(display_name, description, content = 'missions', content_rowid = 'id');
        CREATE VIRTUAL TABLE astronauts_search USING fts5(name, description, content = 'astronauts', content_rowid = 'rowid');
        CREATE TABLE imports (
            id INTEGER PRIMARY KEY, imported_at TEXT NOT NULL, tool_version TEXT NOT NULL,
            missions_source TEXT NOT NULL, missions_sha256 TEXT NOT NULL, astronauts_source TEXT NOT NULL,
            astronauts_sha256 TEXT NOT NULL, mission_count INTEGER NOT NULL, astronaut_count INTEGER NOT NULL,
            crew_count INTEGER NOT NULL
        ) STRICT;
        CREATE VIEW crew_roster AS
        SELECT m.id AS mission_id, m.display_name AS mission, c.position AS position, a.id AS astronaut_id, a.name AS astronaut
        FROM crew AS c JOIN missions AS m ON m.id = c.mission_id JOIN astronauts AS a ON a.id = c.astronaut_id;
        INSERT INTO missions (id, launch_date, description) VALUES (11, '1969-07-16', 'The first crewed landing on the Moon.');
        INSERT INTO astronauts VALUES ('armstrong', 'Neil A. Armstrong', 'The first person to walk on the Moon.');
        INSERT INTO crew VALUES (11, 'armstrong', 'Commander', 'Commander', 1);
        INSERT INTO missions_search (missions_search) VALUES ('rebuild');
        INSERT INTO astronauts_search (astronauts_search) VALUES ('rebuild');
        INSERT INTO imports VALUES (1, '2026-11-20T10:00:00Z', '0.1.0', 'data/my missions.json', '\(String(repeating: "a", count: 64))',
                                    'data/astronauts.json', '\(String(repeating: "b", count: 64))', 1, 1, 1);
        """
    }
}
