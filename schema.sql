-- moonshot database schema.
--
-- This file is the one source of truth for the layout of moonshot.db: every database
-- `moonshot import` makes has exactly these tables, indexes and views, and `moonshot schema`
-- prints it. Open the database with any SQLite client (`sqlite3 moonshot.db`, sqlite-utils,
-- Datasette) and start from the views at the end.
--
-- The comments are the documentation: `moonshot metadata` hands the comment above each table
-- or view (its first paragraph, without the example lines) and the comment after each column
-- to Datasette as their descriptions, so write them for a reader of the data.
--
-- Schema version 5. Version 4 had the same tables, views and triggers, without the index of
-- astronauts' names. Version 3's full-text indexes did not stem words (a search for "rovers"
-- missed "rover"). Version 2 kept itself right only when moonshot wrote it: it had no
-- triggers, so an edit made with another program left the full-text indexes, the derived
-- columns and the crew rows behind. Version 1 had computed name columns, an astronaut
-- full-text index on implicit rowids and a crew table keyed by astronaut. Bump
-- `user_version` whenever this file changes shape.
--
-- The database keeps itself right whoever writes to it, whatever the client's settings (the
-- sqlite3 shell and Python leave foreign keys off): the triggers at the end keep the
-- full-text indexes up to date, fill in the derived columns, carry deletes and key changes
-- over to the crew rows, refuse crew rows that point nowhere, and note every changed row in
-- `edited_rows`. `moonshot check` says what is wrong if something got past them (a trigger
-- dropped, say), and `moonshot check --repair` puts it right.
--
-- `application_id` marks the file as a moonshot database (the bytes "MOON", 0x4D4F4F4E, in
-- the SQLite header; `file moonshot.db` shows it): moonshot replaces only a database that
-- carries it, one with nothing in it, or one an earlier moonshot made.

PRAGMA application_id = 1297043278;
PRAGMA user_version = 6;

-- The Apollo missions, one row per mission of missions.json. The descriptions are from
-- Wikipedia (CC BY-SA 3.0).
CREATE TABLE missions (
    id          INTEGER PRIMARY KEY,                        -- The mission's number, 11 for Apollo 11 (the source's "id").
    name        TEXT NOT NULL DEFAULT '',                   -- The mission's name, "Apollo 11": filled in from id (leave it out).
    badge       TEXT NOT NULL DEFAULT '',                   -- The name of the mission's badge picture in the app, "apollo11": filled in from id.
    launch_date TEXT NULL                                   -- Launch day as YYYY-MM-DD; empty (NULL) for a mission that never launched.
        CHECK (launch_date IS NULL
               OR (launch_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
                   AND date(launch_date, '+0 days') IS launch_date)),
    description TEXT NOT NULL DEFAULT ''                    -- What happened on the mission, from Wikipedia (CC BY-SA 3.0). A new mission needs one.
) STRICT;

-- The astronauts, one row per entry of astronauts.json. The descriptions are from Wikipedia
-- (CC BY-SA 3.0).
CREATE TABLE astronauts (
    id          TEXT PRIMARY KEY NOT NULL CHECK (id <> ''), -- The source's key for the astronaut, "armstrong"; crew rows refer to it.
    number      INTEGER NOT NULL UNIQUE DEFAULT 0 CHECK (number >= 0),   -- The astronaut's place in astronauts.json, from 1; the full-text index's key. A new astronaut gets the next after every number given since the import: leave it out and it is filled in.
    name        TEXT NOT NULL DEFAULT '',                   -- The astronaut's full name, "Neil A. Armstrong". A new astronaut needs one.
    description TEXT NOT NULL DEFAULT ''                    -- The astronaut's biography, from Wikipedia (CC BY-SA 3.0). A new astronaut needs one.
) STRICT;

-- Who flew on which mission, in which role: one row per entry of a mission's crew list, in
-- the order of that list.
CREATE TABLE crew (
    mission_id     INTEGER NOT NULL REFERENCES missions (id) ON DELETE CASCADE ON UPDATE CASCADE,   -- The mission (missions.id).
    position       INTEGER NOT NULL CHECK (position >= 1),                            -- Place in the mission's crew list, 1 for the first.
    astronaut_id   TEXT NOT NULL DEFAULT '' REFERENCES astronauts (id) ON DELETE CASCADE ON UPDATE CASCADE,   -- The astronaut (astronauts.id).
    role           TEXT NOT NULL DEFAULT '',                   -- The role exactly as the source writes it, "Command module pilot".
    canonical_role TEXT NOT NULL DEFAULT '',                   -- The role in title case, "Command Module Pilot"; Apollo 1's "Command Pilot" is "Commander". Filled in from role.
    PRIMARY KEY (mission_id, position),
    UNIQUE (mission_id, astronaut_id)
) STRICT;

-- "Which missions did this astronaut fly?" is a search of this index, never a table scan.
-- (The unique constraint above does not serve it: its first column is mission_id.)
CREATE INDEX crew_by_astronaut ON crew (astronaut_id, mission_id);

-- "Is this an astronaut's full name, whatever the case of its letters A to Z?" is a search of
-- this index: an id given to a question that is also another astronaut's full name is a tie.
CREATE INDEX astronauts_by_name ON astronauts (name COLLATE NOCASE);

-- "Which missions flew in 1969?" (`moonshot missions --year 1969`) is a search of this index,
-- and so are a mission's launch-date order and the missions without one (NULL).
CREATE INDEX missions_by_launch_date ON missions (launch_date);

-- Full-text index of the missions' names and descriptions, for `moonshot search`, Datasette's
-- search box and `sqlite-utils search`. It holds only the index: the text stays in missions.
-- Case and accents are ignored, and words are indexed by their stems (Porter's algorithm, for
-- English: "rovers" and "rover" are one word, "landed" and "landing" too); `lov*` finds
-- words that begin with "lov".
--   SELECT m.name FROM missions AS m JOIN missions_fts ON missions_fts.rowid = m.id
--   WHERE missions_fts MATCH 'lunar rover';
CREATE VIRTUAL TABLE missions_fts USING fts5(
    name, description,
    content="missions", content_rowid="id",
    tokenize="porter unicode61 remove_diacritics 2"
);

-- Full-text index of the astronauts' names and biographies, keyed by astronauts.number.
CREATE VIRTUAL TABLE astronauts_fts USING fts5(
    name, description,
    content="astronauts", content_rowid="number",
    tokenize="porter unicode61 remove_diacritics 2"
);

-- Where the current content came from: one row per successful import, newest last.
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

-- The rows changed since the last import, by any program: one row per row of missions,
-- astronauts or crew that was inserted, changed or deleted (the triggers below add them), so
-- that moonshot can say whether, how much and since when the data differs from what the
-- import read. An import empties it.
CREATE TABLE edited_rows (
    table_name      TEXT NOT NULL,      -- The table: missions, astronauts or crew (edited_rows for the time `moonshot check --repair` last made this record whole again: changes before it may be missing).
    row_key         TEXT NOT NULL,      -- The row: a mission's id, an astronaut's number, or a crew row's "mission_id/position".
    first_edited_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),   -- When it was first changed, in UTC: 2026-11-25T10:47:00Z.
    last_edited_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),   -- When it was last changed, in UTC.
    PRIMARY KEY (table_name, row_key)
) STRICT;

-- Every crew assignment with the mission's and astronaut's names, in crew-list order. A crew
-- row whose mission or astronaut is missing is listed too, with an empty (NULL) name, so that
-- lists and counts agree (`moonshot check` names such rows).
--   SELECT astronaut_name, role FROM crew_roster WHERE mission_id = 11;
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

-- The commander of each mission (Apollo 1's "Command Pilot" included).
--   SELECT astronaut_name FROM mission_commanders WHERE mission_id = 13;
CREATE VIEW mission_commanders AS
SELECT mission_id,        -- The mission's number.
       mission_name,      -- The mission's name.
       launch_date,       -- The mission's launch day (empty if it never launched).
       astronaut_id,      -- The commander's id.
       astronaut_name,    -- The commander's full name.
       role               -- The role as the source writes it ("Commander" or "Command Pilot").
FROM crew_roster
WHERE canonical_role = 'Commander';

-- One line per mission: name, launch date, commander and crew size.
--   SELECT * FROM mission_overview;
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

-- Every mission each astronaut flew, with the role, in launch order.
--   SELECT * FROM astronaut_flights WHERE astronaut_id = 'lovell';
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

-- What each mission's derived columns hold: its name and badge follow from its number.
-- The triggers fill them in from here, and `moonshot check` compares with it.
--   SELECT * FROM derived_mission_names WHERE id = 11;
CREATE VIEW derived_mission_names AS
SELECT id,                            -- The mission's number.
       'Apollo ' || id AS name,       -- Its name: "Apollo 11".
       'apollo' || id  AS badge       -- Its badge picture's name: "apollo11".
FROM missions;

-- What each crew row's canonical_role is, by the one rule for role titles: white space
-- becomes spaces, a run of them one, the ends are trimmed, ASCII letters go to lower case and
-- each word's first letter to upper case; "Command Pilot" (Apollo 1's Grissom) is "Commander".
-- The triggers fill canonical_role in from here, the import too, and `moonshot check` compares.
--   SELECT * FROM derived_crew_roles WHERE mission_id = 1;
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
             -- Each word's first letter in upper case, a to m here and n to z above (one
             -- expression for all 26 would be nested too deep for SQLite's parser).
             replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
                 folded, ' a', ' A'), ' b', ' B'), ' c', ' C'), ' d', ' D'), ' e', ' E'), ' f', ' F'), ' g', ' G'),
                 ' h', ' H'), ' i', ' I'), ' j', ' J'), ' k', ' K'), ' l', ' L'), ' m', ' M') AS half
      FROM (SELECT mission_id, position,
                   -- White space to spaces; a run of spaces to one (each space is marked with a
                   -- char(1) after it, a mark followed by a space goes, then the marks); trimmed.
                   trim(replace(replace(replace(
                       lower(replace(replace(replace(replace(replace(role, char(9), ' '), char(10), ' '), char(11), ' '),
                                     char(12), ' '), char(13), ' ')),
                       ' ', ' ' || char(1)), char(1) || ' ', ''), char(1), '')) AS folded
            FROM crew));

-- The triggers. A table's triggers fire newest first; none of these depends on that.
--
-- The full-text indexes follow every change, in the form SQLite's FTS5 documentation gives
-- for external-content tables, named as sqlite-utils names its own (`sqlite-utils triggers`
-- lists them, `sqlite-utils disable-fts` removes them), with these additions:
-- - An INSERT OR REPLACE deletes the row it replaces without firing delete triggers (unless
--   PRAGMA recursive_triggers is on), which leaves the index an entry of text that is gone:
--   then the index is rebuilt from its table. An entry is deleted only if the index has one.
-- - Any change of an astronaut fires astronauts_au, an id's too: UPDATE OR REPLACE may delete
--   another astronaut's row on an id it takes.
-- - A mission's name is indexed as it follows from its id (what the name column holds once
--   the statement is done: the trigger that fills it in may run after these).
-- - A new astronaut without a number (0) is indexed when astronauts_after_insert fills it in.
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

CREATE TRIGGER astronauts_ai AFTER INSERT ON astronauts WHEN new.number <> 0 BEGIN
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

-- A key is never taken over from another row: UPDATE OR REPLACE would delete that row without
-- its delete triggers (unless recursive triggers are on) and leave its crew rows to this one.
CREATE TRIGGER missions_before_update BEFORE UPDATE OF id ON missions BEGIN
    SELECT RAISE(ABORT, 'missions.id: another mission has that id; delete it first if this one is to take its place')
     WHERE new.id IS NOT old.id AND EXISTS (SELECT 1 FROM missions WHERE id = new.id);
END;

CREATE TRIGGER astronauts_before_update BEFORE UPDATE OF number, id, name ON astronauts BEGIN
    SELECT RAISE(ABORT, 'astronauts.id: another astronaut has that id; delete them first if this one is to take their place')
     WHERE new.id IS NOT old.id AND EXISTS (SELECT 1 FROM astronauts WHERE id = new.id);
    SELECT RAISE(ABORT, 'astronauts.number: another astronaut has that number; numbers are never given twice')
     WHERE new.number IS NOT old.number AND EXISTS (SELECT 1 FROM astronauts WHERE number = new.number);
    SELECT RAISE(ABORT, 'astronauts.number: 0 is not a number an astronaut keeps; leave the number as it is')
     WHERE new.number = 0 AND old.number <> 0;
    SELECT RAISE(ABORT, 'astronauts.name: an astronaut needs a name')
     WHERE new.name = '' AND old.name <> '';
END;

-- A new mission needs a description. Its name and badge are filled in from its number
-- (derived_mission_names); writing anything else into them is refused. (These rules are here,
-- not in the table, so that an upsert of some of a mission's columns, INSERT ... ON CONFLICT
-- DO UPDATE, changes just those: what an upsert inserts is checked by the table before it
-- finds the row there, and AFTER INSERT triggers fire only for a row that is new.)
CREATE TRIGGER missions_after_insert AFTER INSERT ON missions BEGIN
    SELECT RAISE(ABORT, 'missions.description: a new mission needs a description')
     WHERE new.description = '';
    SELECT RAISE(ABORT, 'missions.name and missions.badge follow from id ("Apollo 11", "apollo11"): leave them out and they are filled in')
      FROM derived_mission_names AS d
     WHERE d.id = new.id AND (new.name NOT IN ('', d.name) OR new.badge NOT IN ('', d.badge));
    UPDATE missions SET (name, badge) = (SELECT d.name, d.badge FROM derived_mission_names AS d WHERE d.id = new.id)
     WHERE id = new.id AND (name = '' OR badge = '');
    INSERT INTO edited_rows (table_name, row_key) VALUES ('missions', new.id)
        ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
END;

-- The same on an update; a new number carries over to the mission's crew rows, as the
-- foreign key's ON UPDATE CASCADE would.
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

-- Deleting a mission deletes its crew rows, as the foreign key's ON DELETE CASCADE would.
CREATE TRIGGER missions_after_delete AFTER DELETE ON missions BEGIN
    DELETE FROM crew WHERE mission_id = old.id;
    INSERT INTO edited_rows (table_name, row_key) VALUES ('missions', old.id)
        ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
END;

-- A new astronaut needs a name and a description; one without a number gets the next after
-- every number given since the import (the astronauts' and those edited_rows remembers).
CREATE TRIGGER astronauts_after_insert AFTER INSERT ON astronauts BEGIN
    SELECT RAISE(ABORT, 'astronauts: a new astronaut needs a name and a description')
     WHERE new.name = '' OR new.description = '';
    UPDATE astronauts SET number = 1 + max(
            (SELECT max(number) FROM astronauts),
            coalesce((SELECT max(CAST(row_key AS INTEGER)) FROM edited_rows WHERE table_name = 'astronauts'), 0))
     WHERE id = new.id AND new.number = 0;
    INSERT INTO edited_rows (table_name, row_key) SELECT 'astronauts', new.number WHERE new.number <> 0
        ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
END;

-- A new id carries over to the astronaut's crew rows, as ON UPDATE CASCADE would.
CREATE TRIGGER astronauts_after_update AFTER UPDATE ON astronauts BEGIN
    UPDATE crew SET astronaut_id = new.id WHERE astronaut_id = old.id AND new.id IS NOT old.id;
    INSERT INTO edited_rows (table_name, row_key) SELECT 'astronauts', key
      FROM (SELECT old.number AS key UNION SELECT new.number) WHERE key <> 0
        ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
END;

-- Deleting an astronaut deletes their crew rows, as ON DELETE CASCADE would.
CREATE TRIGGER astronauts_after_delete AFTER DELETE ON astronauts BEGIN
    DELETE FROM crew WHERE astronaut_id = old.id;
    INSERT INTO edited_rows (table_name, row_key) VALUES ('astronauts', old.number)
        ON CONFLICT DO UPDATE SET last_edited_at = excluded.last_edited_at;
END;

-- A crew row must name a mission and an astronaut that exist, as its foreign keys say, and a role.
CREATE TRIGGER crew_before_update BEFORE UPDATE OF mission_id, astronaut_id, role ON crew BEGIN
    SELECT RAISE(ABORT, 'crew.mission_id names no mission: add the mission to missions first')
     WHERE new.mission_id IS NOT old.mission_id AND NOT EXISTS (SELECT 1 FROM missions WHERE id = new.mission_id);
    SELECT RAISE(ABORT, 'crew.astronaut_id names no astronaut: add the astronaut to astronauts first (crew rows refer to astronauts.id)')
     WHERE new.astronaut_id IS NOT old.astronaut_id AND NOT EXISTS (SELECT 1 FROM astronauts WHERE id = new.astronaut_id);
    SELECT RAISE(ABORT, 'crew.role: a crew row needs a role')
     WHERE new.role = '' AND old.role <> '';
END;

-- A new crew row names a mission and an astronaut that exist, and a role. Its canonical_role
-- is filled in from its role (derived_crew_roles); writing anything else into it is refused.
CREATE TRIGGER crew_after_insert AFTER INSERT ON crew BEGIN
    SELECT RAISE(ABORT, 'crew.mission_id names no mission: add the mission to missions first')
     WHERE NOT EXISTS (SELECT 1 FROM missions WHERE id = new.mission_id);
    SELECT RAISE(ABORT, 'crew.astronaut_id names no astronaut: add the astronaut to astronauts first (crew rows refer to astronauts.id)')
     WHERE NOT EXISTS (SELECT 1 FROM astronauts WHERE id = new.astronaut_id);
    SELECT RAISE(ABORT, 'crew.role: a new crew row needs a role')
     WHERE new.role = '';
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
