/// Schema version 3 (moonshot before its full-text indexes stemmed words), as its schema.sql
/// made it (comment lines left out), with the Apollo 11 crew, as imported (no changes noted),
/// and two imports in its history.
extension EarlierLayouts {
    static func version3() -> String {
        """
        PRAGMA application_id = 1297043278;
        PRAGMA user_version = 3;
        CREATE TABLE missions (
            id          INTEGER PRIMARY KEY,                        -- The mission's number, 11 for Apollo 11 (the source's "id").
            name        TEXT NOT NULL DEFAULT '',                   -- The mission's name, "Apollo 11": filled in from id (leave it out).
            badge       TEXT NOT NULL DEFAULT '',                   -- The name of the mission's badge picture in the app, "apollo11": filled in from id.
            launch_date TEXT NULL                                   -- Launch day as YYYY-MM-DD; empty (NULL) for a mission that never launched.
                CHECK (launch_date IS NULL
                       OR (launch_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
                           AND date(launch_date, '+0 days') IS launch_date)),
            description TEXT NOT NULL                               -- What happened on the mission, from Wikipedia (CC BY-SA 3.0).
        ) STRICT;
        CREATE TABLE astronauts (
            number      INTEGER PRIMARY KEY AUTOINCREMENT,          -- The astronaut's place in astronauts.json, from 1 (new ones after, never reusing one); the full-text index's key.
            id          TEXT NOT NULL UNIQUE CHECK (id <> ''),      -- The source's key for the astronaut, "armstrong"; crew rows refer to it.
            name        TEXT NOT NULL CHECK (name <> ''),           -- The astronaut's full name, "Neil A. Armstrong".
            description TEXT NOT NULL                               -- The astronaut's biography, from Wikipedia (CC BY-SA 3.0).
        ) STRICT;
        CREATE TABLE crew (
            mission_id     INTEGER NOT NULL REFERENCES missions (id) ON DELETE CASCADE ON UPDATE CASCADE,   -- The mission (missions.id).
            position       INTEGER NOT NULL CHECK (position >= 1),                            -- Place in the mission's crew list, 1 for the first.
            astronaut_id   TEXT NOT NULL REFERENCES astronauts (id) ON DELETE CASCADE ON UPDATE CASCADE,    -- The astronaut (astronauts.id).
            role           TEXT NOT NULL CHECK (role <> ''),           -- The role exactly as the source writes it, "Command module pilot".
            canonical_role TEXT NOT NULL DEFAULT '',                   -- The role in title case, "Command Module Pilot"; Apollo 1's "Command Pilot" is "Commander". Filled in from role.
            PRIMARY KEY (mission_id, position),
            UNIQUE (mission_id, astronaut_id)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX crew_by_astronaut ON crew (astronaut_id, mission_id);
        CREATE VIRTUAL TABLE missions_fts USING fts5(
            name, description,
            content="missions", content_rowid="id",
            tokenize="unicode61 remove_diacritics 2"
        );
        CREATE VIRTUAL TABLE astronauts_fts USING fts5(
            name, description,
            content="astronauts", content_rowid="number",
            tokenize="unicode61 remove_diacritics 2"
        );
        CREATE TABLE imports (
            id                 INTEGER PRIMARY KEY,     -- 1 for the first import into this file.
            imported_at        TEXT NOT NULL,           -- When, in UTC: 2026-11-21T21:47:00Z.
            tool_version       TEXT NOT NULL,           -- The version of moonshot that imported.
            missions_source    TEXT NOT NULL,           -- The missions file's path, or embedded:missions.json for the built-in data.
            missions_sha256    TEXT NOT NULL CHECK (length(missions_sha256) = 64),     -- SHA-256 of the missions file, in hex.
            astronauts_source  TEXT NOT NULL,           -- The astronauts file's path, or embedded:astronauts.json.
            astronauts_sha256  TEXT NOT NULL CHECK (length(astronauts_sha256) = 64),   -- SHA-256 of the astronauts file, in hex.
            mission_count      INTEGER NOT NULL CHECK (mission_count >= 0),            -- Missions imported.
            astronaut_count    INTEGER NOT NULL CHECK (astronaut_count >= 0),          -- Astronauts imported.
            crew_count         INTEGER NOT NULL CHECK (crew_count >= 0)                -- Crew entries imported.
        ) STRICT;
        CREATE TABLE edited_rows (
            table_name      TEXT NOT NULL,      -- The table: missions, astronauts or crew (edited_rows for the time `moonshot check --repair` last made this record whole again: changes before it may be missing).
            row_key         TEXT NOT NULL,      -- The row: a mission's id, an astronaut's number, or a crew row's "mission_id/position".
            first_edited_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),   -- When it was first changed, in UTC: 2026-11-25T10:47:00Z.
            last_edited_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),   -- When it was last changed, in UTC.
            PRIMARY KEY (table_name, row_key)
        ) STRICT, WITHOUT ROWID;
        CREATE VIEW crew_roster AS
        SELECT c.mission_id     AS mission_id,       -- The mission's number.
               m.name           AS mission_name,     -- The mission's name (empty if the mission is missing).
               m.launch_date    AS launch_date,      -- The mission's launch day, YYYY-MM-DD (empty if it never launched).
               c.position       AS position,         -- Place in the crew list, 1 for the first.
               c.astronaut_id   AS astronaut_id,     -- The astronaut's id.
               a.name           AS astronaut_name,   -- The astronaut's full name (empty if the astronaut is missing).
               c.role           AS role,             -- The role as the source writes it.
               c.canonical_role AS canonical_role    -- The role in title case ("Commander" for "Command Pilot").
        FROM crew AS c
        LEFT JOIN missions AS m ON m.id = c.mission_id
        LEFT JOIN astronauts AS a ON a.id = c.astronaut_id
        ORDER BY c.mission_id, c.position;
        CREATE VIEW mission_commanders AS
        SELECT mission_id,        -- The mission's number.
               mission_name,      -- The mission's name.
               launch_date,       -- The mission's launch day (empty if it never launched).
               astronaut_id,      -- The commander's id.
               astronaut_name,    -- The commander's full name.
               role               -- The role as the source writes it ("Commander" or "Command Pilot").
        FROM crew_roster
        WHERE canonical_role = 'Commander';
        CREATE VIEW mission_overview AS
        SELECT m.id            AS mission_id,        -- The mission's number.
               m.name          AS mission_name,      -- The mission's name.
               m.launch_date   AS launch_date,       -- The mission's launch day (empty if it never launched).
               (SELECT c.astronaut_id FROM crew AS c
                 WHERE c.mission_id = m.id AND c.canonical_role = 'Commander'
                 ORDER BY c.position LIMIT 1) AS commander_id,     -- The commander's id (empty if none).
               (SELECT a.name FROM crew AS c JOIN astronauts AS a ON a.id = c.astronaut_id
                 WHERE c.mission_id = m.id AND c.canonical_role = 'Commander'
                 ORDER BY c.position LIMIT 1) AS commander_name,   -- The commander's full name (empty if none).
               (SELECT count(*) FROM crew AS c WHERE c.mission_id = m.id) AS crew_size   -- How many flew.
        FROM missions AS m
        ORDER BY m.id;
        CREATE VIEW astronaut_flights AS
        SELECT c.astronaut_id   AS astronaut_id,     -- The astronaut's id.
               a.name           AS astronaut_name,   -- The astronaut's full name (empty if the astronaut is missing).
               c.mission_id     AS mission_id,       -- The mission's number.
               m.name           AS mission_name,     -- The mission's name (empty if the mission is missing).
               m.launch_date    AS launch_date,      -- The mission's launch day (empty if it never launched).
               c.role           AS role,             -- The role as the source writes it.
               c.canonical_role AS canonical_role    -- The role in title case.
        FROM crew AS c
        LEFT JOIN astronauts AS a ON a.id = c.astronaut_id
        LEFT JOIN missions AS m ON m.id = c.mission_id
        ORDER BY c.astronaut_id, m.launch_date, c.mission_id;
        CREATE VIEW derived_mission_names AS
        SELECT id,                            -- The mission's number.
               'Apollo ' || id AS name,       -- Its name: "Apollo 11".
               'apollo' || id  AS badge       -- Its badge picture's name: "apollo11".
        FROM missions;
        CREATE VIEW derived_crew_roles AS
        SELECT mission_id,                    -- The mission's number.
               position,                      -- Place in the crew list.
               CASE folded WHEN 'command pilot' THEN 'Commander'
               ELSE upper(substr(folded, 1, 1)) || substr(
                   replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
                       half, ' n', ' N'), ' o', ' O'), ' p', ' P'), ' q', ' Q'), ' r', ' R'), ' s', ' S'), ' t', ' T'),
                       ' u', ' U'), ' v', ' V'), ' w', ' W'), ' x', ' X'), ' y', ' Y'), ' z', ' Z'), 2)
               END AS canonical_role          -- The role's canonical title: "Command Module Pilot".
        FROM (SELECT mission_id, position, folded,
                     replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
                         folded, ' a', ' A'), ' b', ' B'), ' c', ' C'), ' d', ' D'), ' e', ' E'), ' f', ' F'), ' g', ' G'),
                         ' h', ' H'), ' i', ' I'), ' j', ' J'), ' k', ' K'), ' l', ' L'), ' m', ' M') AS half
              FROM (SELECT mission_id, position,
                           trim(replace(replace(replace(
                               lower(replace(replace(replace(replace(replace(role, char(9), ' '), char(10), ' '), char(11), ' '),
                                             char(12), ' '), char(13), ' ')),
                               ' ', ' ' || char(1)), char(1) || ' ', ''), char(1), '')) AS folded
                    FROM crew));
        CREATE TRIGGER missions_ai AFTER INSERT ON missions BEGIN
            INSERT INTO "missions_fts" ("missions_fts") SELECT 'rebuild'
             WHERE EXISTS (SELECT 1 FROM "missions_fts_docsize" WHERE id = new.id);
            INSERT INTO "missions_fts" ("missions_fts", rowid, name, description) SELECT 'delete', id, name, description FROM missions
             WHERE id = new.id AND EXISTS (SELECT 1 FROM "missions_fts_docsize" WHERE id = new.id);
            INSERT INTO "missions_fts" (rowid, name, description) VALUES (new.id, 'Apollo ' || new.id, new.description);
        END;
        CREATE TRIGGER missions_ad AFTER DELETE ON missions BEGIN
            INSERT INTO "missions_fts" ("missions_fts", rowid, name, description) SELECT 'delete', old.id, 'Apollo ' || old.id, old.description
             WHERE EXISTS (SELECT 1 FROM "missions_fts_docsize" WHERE id = old.id);
        END;
        CREATE TRIGGER missions_au AFTER UPDATE OF id, description ON missions BEGIN
            INSERT INTO "missions_fts" ("missions_fts", rowid, name, description) SELECT 'delete', old.id, 'Apollo ' || old.id, old.description
             WHERE EXISTS (SELECT 1 FROM "missions_fts_docsize" WHERE id = old.id);
            INSERT INTO "missions_fts" ("missions_fts") SELECT 'rebuild'
             WHERE EXISTS (SELECT 1 FROM "missions_fts_docsize" WHERE id = new.id);
            INSERT INTO "missions_fts" ("missions_fts", rowid, name, description) SELECT 'delete', id, name, description FROM missions
             WHERE id = new.id AND EXISTS (SELECT 1 FROM "missions_fts_docsize" WHERE id = new.id);
            INSERT INTO "missions_fts" (rowid, name, description) VALUES (new.id, 'Apollo ' || new.id, new.description);
        END;
        CREATE TRIGGER astronauts_ai AFTER INSERT ON astronauts BEGIN
            INSERT INTO "astronauts_fts" ("astronauts_fts") SELECT 'rebuild'
             WHERE EXISTS (SELECT 1 FROM "astronauts_fts_docsize" WHERE id = new.number)
                OR (SELECT count(*) FROM "astronauts_fts_docsize") >= (SELECT count(*) FROM astronauts);
            INSERT INTO "astronauts_fts" (rowid, name, description) SELECT new.number, new.name, new.description
             WHERE NOT EXISTS (SELECT 1 FROM "astronauts_fts_docsize" WHERE id = new.number);
        END;
        CREATE TRIGGER astronauts_ad AFTER DELETE ON astronauts BEGIN
            INSERT INTO "astronauts_fts" ("astronauts_fts", rowid, name, description) SELECT 'delete', old.number, old.name, old.description
             WHERE EXISTS (SELECT 1 FROM "astronauts_fts_docsize" WHERE id = old.number);
        END;
        CREATE TRIGGER astronauts_au AFTER UPDATE ON astronauts BEGIN
            INSERT INTO "astronauts_fts" ("astronauts_fts", rowid, name, description) SELECT 'delete', old.number, old.name, old.description
             WHERE EXISTS (SELECT 1 FROM "astronauts_fts_docsize" WHERE id = old.number);
            INSERT INTO "astronauts_fts" ("astronauts_fts") SELECT 'rebuild'
             WHERE EXISTS (SELECT 1 FROM "astronauts_fts_docsize" WHERE id = new.number)
                OR (SELECT count(*) FROM "astronauts_fts_docsize") >= (SELECT count(*) FROM astronauts);
            INSERT INTO "astronauts_fts" (rowid, name, description) SELECT new.number, new.name, new.description
             WHERE NOT EXISTS (SELECT 1 FROM "astronauts_fts_docsize" WHERE id = new.number);
        END;
        CREATE TRIGGER missions_before_update BEFORE UPDATE OF id ON missions BEGIN
            SELECT RAISE(ABORT, 'missions.id: another mission has that id; delete it first if this one is to take its place')
             WHERE new.id IS NOT old.id AND EXISTS (SELECT 1 FROM missions WHERE id = new.id);
        END;
        CREATE TRIGGER astronauts_before_update BEFORE UPDATE OF number, id ON astronauts BEGIN
            SELECT RAISE(ABORT, 'astronauts.id: another astronaut has that id; delete them first if this one is to take their place')
             WHERE new.id IS NOT old.id AND EXISTS (SELECT 1 FROM astronauts WHERE id = new.id);
            SELECT RAISE(ABORT, 'astronauts.number: another astronaut has that number; numbers are never given twice')
             WHERE new.number IS NOT old.number AND EXISTS (SELECT 1 FROM astronauts WHERE number = new.number);
        END;
        CREATE TRIGGER missions_after_insert AFTER INSERT ON missions BEGIN
            SELECT RAISE(ABORT, 'missions.name and missions.badge follow from id ("Apollo 11", "apollo11"): leave them out and they are filled in')
              FROM derived_mission_names AS d
             WHERE d.id = new.id AND (new.name NOT IN ('', d.name) OR new.badge NOT IN ('', d.badge));
            UPDATE missions SET (name, badge) = (SELECT d.name, d.badge FROM derived_mission_names AS d WHERE d.id = new.id)
             WHERE id = new.id AND (name = '' OR badge = '');
            INSERT INTO edited_rows (table_name, row_key) VALUES ('missions', new.id)
                ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
        END;
        CREATE TRIGGER missions_after_update AFTER UPDATE ON missions BEGIN
            SELECT RAISE(ABORT, 'missions.name and missions.badge follow from id ("Apollo 11", "apollo11"): change id, or set them to '''' to fill them in again')
              FROM derived_mission_names AS d
             WHERE d.id = new.id AND ((new.name IS NOT old.name AND new.name NOT IN ('', d.name))
                                      OR (new.badge IS NOT old.badge AND new.badge NOT IN ('', d.badge)));
            UPDATE missions SET (name, badge) = (SELECT d.name, d.badge FROM derived_mission_names AS d WHERE d.id = new.id)
             WHERE id = new.id AND (name, badge) IS NOT (SELECT d.name, d.badge FROM derived_mission_names AS d WHERE d.id = new.id);
            UPDATE crew SET mission_id = new.id WHERE mission_id = old.id AND new.id IS NOT old.id;
            INSERT INTO edited_rows (table_name, row_key) SELECT 'missions', key
              FROM (SELECT old.id AS key UNION SELECT new.id) WHERE true
                ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
        END;
        CREATE TRIGGER missions_after_delete AFTER DELETE ON missions BEGIN
            DELETE FROM crew WHERE mission_id = old.id;
            INSERT INTO edited_rows (table_name, row_key) VALUES ('missions', old.id)
                ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
        END;
        CREATE TRIGGER astronauts_after_insert AFTER INSERT ON astronauts BEGIN
            INSERT INTO edited_rows (table_name, row_key) VALUES ('astronauts', new.number)
                ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
        END;
        CREATE TRIGGER astronauts_after_update AFTER UPDATE ON astronauts BEGIN
            UPDATE crew SET astronaut_id = new.id WHERE astronaut_id = old.id AND new.id IS NOT old.id;
            INSERT INTO edited_rows (table_name, row_key) SELECT 'astronauts', key
              FROM (SELECT old.number AS key UNION SELECT new.number) WHERE true
                ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
        END;
        CREATE TRIGGER astronauts_after_delete AFTER DELETE ON astronauts BEGIN
            DELETE FROM crew WHERE astronaut_id = old.id;
            INSERT INTO edited_rows (table_name, row_key) VALUES ('astronauts', old.number)
                ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
        END;
        CREATE TRIGGER crew_before_insert BEFORE INSERT ON crew BEGIN
            SELECT RAISE(ABORT, 'crew.mission_id names no mission: add the mission to missions first')
             WHERE NOT EXISTS (SELECT 1 FROM missions WHERE id = new.mission_id);
            SELECT RAISE(ABORT, 'crew.astronaut_id names no astronaut: add the astronaut to astronauts first (crew rows refer to astronauts.id)')
             WHERE NOT EXISTS (SELECT 1 FROM astronauts WHERE id = new.astronaut_id);
        END;
        CREATE TRIGGER crew_before_update BEFORE UPDATE OF mission_id, astronaut_id ON crew BEGIN
            SELECT RAISE(ABORT, 'crew.mission_id names no mission: add the mission to missions first')
             WHERE new.mission_id IS NOT old.mission_id AND NOT EXISTS (SELECT 1 FROM missions WHERE id = new.mission_id);
            SELECT RAISE(ABORT, 'crew.astronaut_id names no astronaut: add the astronaut to astronauts first (crew rows refer to astronauts.id)')
             WHERE new.astronaut_id IS NOT old.astronaut_id AND NOT EXISTS (SELECT 1 FROM astronauts WHERE id = new.astronaut_id);
        END;
        CREATE TRIGGER crew_after_insert AFTER INSERT ON crew BEGIN
            SELECT RAISE(ABORT, 'crew.canonical_role follows from role ("Commander" for "commander"): leave it out and it is filled in')
              FROM derived_crew_roles AS d
             WHERE d.mission_id = new.mission_id AND d.position = new.position AND new.canonical_role NOT IN ('', d.canonical_role);
            UPDATE crew SET canonical_role = (SELECT d.canonical_role FROM derived_crew_roles AS d
                                               WHERE d.mission_id = new.mission_id AND d.position = new.position)
             WHERE mission_id = new.mission_id AND position = new.position AND canonical_role = '';
            INSERT INTO edited_rows (table_name, row_key) VALUES ('crew', new.mission_id || '/' || new.position)
                ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
        END;
        CREATE TRIGGER crew_after_update AFTER UPDATE ON crew BEGIN
            SELECT RAISE(ABORT, 'crew.canonical_role follows from role ("Commander" for "commander"): change role, or set it to '''' to fill it in again')
              FROM derived_crew_roles AS d
             WHERE d.mission_id = new.mission_id AND d.position = new.position
               AND new.canonical_role IS NOT old.canonical_role AND new.canonical_role NOT IN ('', d.canonical_role);
            UPDATE crew SET canonical_role = (SELECT d.canonical_role FROM derived_crew_roles AS d
                                               WHERE d.mission_id = new.mission_id AND d.position = new.position)
             WHERE mission_id = new.mission_id AND position = new.position
               AND canonical_role IS NOT (SELECT d.canonical_role FROM derived_crew_roles AS d
                                           WHERE d.mission_id = new.mission_id AND d.position = new.position);
            INSERT INTO edited_rows (table_name, row_key) SELECT 'crew', key
              FROM (SELECT old.mission_id || '/' || old.position AS key UNION SELECT new.mission_id || '/' || new.position) WHERE true
                ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
        END;
        CREATE TRIGGER crew_after_delete AFTER DELETE ON crew BEGIN
            INSERT INTO edited_rows (table_name, row_key) VALUES ('crew', old.mission_id || '/' || old.position)
                ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
        END;
        INSERT INTO missions (id, launch_date, description) VALUES (11, '1969-07-16', 'The first crewed landing on the Moon.');
        INSERT INTO astronauts (id, name, description) VALUES ('armstrong', 'Neil A. Armstrong', 'The first person to walk on the Moon.');
        INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (11, 1, 'armstrong', 'Commander');
        DELETE FROM edited_rows;
        INSERT INTO imports VALUES (1, '2026-11-20T10:00:00Z', '0.3.0', 'data/my missions.json', '\(String(repeating: "a", count: 64))',
                                    'data/astronauts.json', '\(String(repeating: "b", count: 64))', 1, 1, 1);
        INSERT INTO imports VALUES (2, '2026-11-21T10:00:00Z', '0.3.0', 'data/v3 missions.json', '\(String(repeating: "c", count: 64))',
                                    'data/astronauts.json', '\(String(repeating: "b", count: 64))', 1, 1, 1);
        """
    }
}
