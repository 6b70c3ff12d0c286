/// Databases as earlier versions of moonshot made them, for the tests of what a newer one does
/// with them.
enum EarlierLayouts {
    /// Schema version 1 (moonshot 0.1 before schema.sql's version 2), with the Apollo 11 crew and
    /// an import history that names the files it came from. `applicationID` is 0 for the
    /// databases made before moonshot marked its files.
    static func version1(applicationID: Int = 0x4D4F_4F4E) -> String {
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

    /// Schema version 2 (moonshot before the triggers of version 3), as its schema.sql made it
    /// (comments left out), with the Apollo 11 crew and two imports in its history.
    static func version2() -> String {
        """
        PRAGMA application_id = 1297043278;
        PRAGMA user_version = 2;
        CREATE TABLE missions (
            id          INTEGER PRIMARY KEY,
            name        TEXT NOT NULL CHECK (name = 'Apollo ' || id),
            badge       TEXT NOT NULL CHECK (badge = 'apollo' || id),
            launch_date TEXT NULL
                CHECK (launch_date IS NULL
                       OR (launch_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
                           AND date(launch_date, '+0 days') IS launch_date)),
            description TEXT NOT NULL
        ) STRICT;
        CREATE TABLE astronauts (
            number      INTEGER PRIMARY KEY,
            id          TEXT NOT NULL UNIQUE CHECK (id <> ''),
            name        TEXT NOT NULL CHECK (name <> ''),
            description TEXT NOT NULL
        ) STRICT;
        CREATE TABLE crew (
            mission_id     INTEGER NOT NULL REFERENCES missions (id) ON DELETE CASCADE,
            position       INTEGER NOT NULL CHECK (position >= 1),
            astronaut_id   TEXT NOT NULL REFERENCES astronauts (id) ON DELETE CASCADE,
            role           TEXT NOT NULL CHECK (role <> ''),
            canonical_role TEXT NOT NULL CHECK (canonical_role <> ''),
            PRIMARY KEY (mission_id, position),
            UNIQUE (mission_id, astronaut_id)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX crew_by_astronaut ON crew (astronaut_id, mission_id);
        CREATE VIRTUAL TABLE missions_fts USING fts5(
            name, description, content="missions", content_rowid="id", tokenize="unicode61 remove_diacritics 2"
        );
        CREATE VIRTUAL TABLE astronauts_fts USING fts5(
            name, description, content="astronauts", content_rowid="number", tokenize="unicode61 remove_diacritics 2"
        );
        CREATE TABLE imports (
            id                 INTEGER PRIMARY KEY,
            imported_at        TEXT NOT NULL,
            tool_version       TEXT NOT NULL,
            missions_source    TEXT NOT NULL,
            missions_sha256    TEXT NOT NULL CHECK (length(missions_sha256) = 64),
            astronauts_source  TEXT NOT NULL,
            astronauts_sha256  TEXT NOT NULL CHECK (length(astronauts_sha256) = 64),
            mission_count      INTEGER NOT NULL CHECK (mission_count >= 0),
            astronaut_count    INTEGER NOT NULL CHECK (astronaut_count >= 0),
            crew_count         INTEGER NOT NULL CHECK (crew_count >= 0)
        ) STRICT;
        CREATE VIEW crew_roster AS
        SELECT m.id AS mission_id, m.name AS mission_name, m.launch_date AS launch_date, c.position AS position,
               a.id AS astronaut_id, a.name AS astronaut_name, c.role AS role, c.canonical_role AS canonical_role
        FROM crew AS c
        JOIN missions AS m ON m.id = c.mission_id
        JOIN astronauts AS a ON a.id = c.astronaut_id
        ORDER BY m.id, c.position;
        CREATE VIEW mission_commanders AS
        SELECT mission_id, mission_name, launch_date, astronaut_id, astronaut_name, role
        FROM crew_roster
        WHERE canonical_role = 'Commander';
        CREATE VIEW mission_overview AS
        SELECT m.id AS mission_id, m.name AS mission_name, m.launch_date AS launch_date,
               (SELECT a.name FROM crew AS c JOIN astronauts AS a ON a.id = c.astronaut_id
                 WHERE c.mission_id = m.id AND c.canonical_role = 'Commander'
                 ORDER BY c.position LIMIT 1) AS commander_name,
               (SELECT count(*) FROM crew AS c WHERE c.mission_id = m.id) AS crew_size
        FROM missions AS m
        ORDER BY m.id;
        CREATE VIEW astronaut_flights AS
        SELECT a.id AS astronaut_id, a.name AS astronaut_name, m.id AS mission_id, m.name AS mission_name,
               m.launch_date AS launch_date, c.role AS role, c.canonical_role AS canonical_role
        FROM crew AS c
        JOIN astronauts AS a ON a.id = c.astronaut_id
        JOIN missions AS m ON m.id = c.mission_id
        ORDER BY a.id, m.launch_date, m.id;
        INSERT INTO missions VALUES (11, 'Apollo 11', 'apollo11', '1969-07-16', 'The first crewed landing on the Moon.');
        INSERT INTO astronauts VALUES (1, 'armstrong', 'Neil A. Armstrong', 'The first person to walk on the Moon.');
        INSERT INTO crew VALUES (11, 1, 'armstrong', 'Commander', 'Commander');
        INSERT INTO missions_fts (missions_fts) VALUES ('rebuild');
        INSERT INTO astronauts_fts (astronauts_fts) VALUES ('rebuild');
        INSERT INTO imports VALUES (1, '2026-11-20T10:00:00Z', '0.2.0', 'data/my missions.json', '\(String(repeating: "a", count: 64))',
                                    'data/astronauts.json', '\(String(repeating: "b", count: 64))', 1, 1, 1);
        INSERT INTO imports VALUES (2, '2026-11-21T10:00:00Z', '0.2.0', 'data/v2 missions.json', '\(String(repeating: "c", count: 64))',
                                    'data/astronauts.json', '\(String(repeating: "b", count: 64))', 1, 1, 1);
        """
    }
}
