-- moonshot database schema.
--
-- This file is the one source of truth for the layout of moonshot.db: every database
-- `moonshot import` makes has exactly these tables, indexes and views, and `moonshot schema`
-- prints it. Open the database with any SQLite client (`sqlite3 moonshot.db`) and start
-- from the views at the end.
--
-- Schema version 1. Bump `user_version` whenever this file changes shape.
--
-- `application_id` marks the file as a moonshot database (the bytes "MOON", 0x4D4F4F4E, in
-- the SQLite header; `file moonshot.db` shows it): moonshot replaces only a database that
-- carries it, one with nothing in it, or one an earlier moonshot made (recognised by the
-- exact columns of its four tables).

PRAGMA application_id = 1297043278;
PRAGMA user_version = 1;

-- One row per mission in missions.json.
CREATE TABLE missions (
    id           INTEGER PRIMARY KEY,                -- the source's "id": 11 for Apollo 11
    launch_date  TEXT NULL                           -- ISO date YYYY-MM-DD; NULL when it never launched
                 CHECK (launch_date IS NULL
                        OR (launch_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
                            AND date(launch_date, '+0 days') IS launch_date)),  -- a real calendar day
    description  TEXT NOT NULL,                      -- Wikipedia text (CC-BY-SA 3.0)
    display_name TEXT NOT NULL GENERATED ALWAYS AS ('Apollo ' || id) VIRTUAL,  -- "Apollo 11"
    badge_image  TEXT NOT NULL GENERATED ALWAYS AS ('apollo' || id) VIRTUAL    -- "apollo11"
) STRICT;

-- One row per astronaut in astronauts.json.
CREATE TABLE astronauts (
    id           TEXT PRIMARY KEY NOT NULL CHECK (id <> ''),  -- the source's key, e.g. 'armstrong'
    name         TEXT NOT NULL CHECK (name <> ''),             -- full name, e.g. 'Neil A. Armstrong'
    description  TEXT NOT NULL                                 -- Wikipedia text (CC-BY-SA 3.0)
) STRICT;

-- Who flew on which mission, in which role: one row per entry of a mission's "crew" list.
CREATE TABLE crew (
    mission_id     INTEGER NOT NULL REFERENCES missions (id) ON DELETE CASCADE,
    astronaut_id   TEXT NOT NULL REFERENCES astronauts (id) ON DELETE CASCADE,
    role           TEXT NOT NULL CHECK (role <> ''),            -- exactly as written in the source
    canonical_role TEXT NOT NULL CHECK (canonical_role <> ''),  -- 'Commander' for "Command Pilot" too
    position       INTEGER NOT NULL CHECK (position >= 1),      -- 1 = first in the source's crew list
    PRIMARY KEY (mission_id, astronaut_id),
    UNIQUE (mission_id, position)
) STRICT, WITHOUT ROWID;

-- "Which missions did this astronaut fly?" is a search of this index, never a table scan.
CREATE INDEX crew_by_astronaut ON crew (astronaut_id, mission_id);

-- Full-text indexes over the descriptions (and names), for `moonshot search`. They hold only
-- the index: the text stays in missions and astronauts. Case and accents are ignored.
--   SELECT rowid FROM missions_search WHERE missions_search MATCH 'lunar rover';
CREATE VIRTUAL TABLE missions_search USING fts5(
    display_name, description,
    content = 'missions', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE astronauts_search USING fts5(
    name, description,
    content = 'astronauts', content_rowid = 'rowid',
    tokenize = 'unicode61 remove_diacritics 2'
);

-- Where the current content came from: one row per successful import, newest last.
CREATE TABLE imports (
    id                 INTEGER PRIMARY KEY,
    imported_at        TEXT NOT NULL,     -- UTC, ISO 8601: 2026-11-21T21:47:00Z
    tool_version       TEXT NOT NULL,     -- moonshot's version
    missions_source    TEXT NOT NULL,     -- file path, or 'embedded:missions.json'
    missions_sha256    TEXT NOT NULL CHECK (length(missions_sha256) = 64),
    astronauts_source  TEXT NOT NULL,
    astronauts_sha256  TEXT NOT NULL CHECK (length(astronauts_sha256) = 64),
    mission_count      INTEGER NOT NULL CHECK (mission_count >= 0),
    astronaut_count    INTEGER NOT NULL CHECK (astronaut_count >= 0),
    crew_count         INTEGER NOT NULL CHECK (crew_count >= 0)
) STRICT;

-- Every crew assignment with the mission's and astronaut's names, in crew-list order.
--   SELECT astronaut, role FROM crew_roster WHERE mission_id = 11;
CREATE VIEW crew_roster AS
SELECT m.id            AS mission_id,
       m.display_name  AS mission,
       m.launch_date   AS launch_date,
       c.position      AS position,
       a.id            AS astronaut_id,
       a.name          AS astronaut,
       c.role          AS role,
       c.canonical_role AS canonical_role
FROM crew AS c
JOIN missions AS m ON m.id = c.mission_id
JOIN astronauts AS a ON a.id = c.astronaut_id
ORDER BY m.id, c.position;

-- The commander of each mission (Apollo 1's "Command Pilot" included).
--   SELECT astronaut FROM mission_commanders WHERE mission_id = 13;
CREATE VIEW mission_commanders AS
SELECT mission_id, mission, launch_date, astronaut_id, astronaut, role
FROM crew_roster
WHERE canonical_role = 'Commander';

-- One line per mission: name, launch date, commander and crew size.
--   SELECT * FROM mission_overview;
CREATE VIEW mission_overview AS
SELECT m.id            AS mission_id,
       m.display_name  AS mission,
       m.launch_date   AS launch_date,
       (SELECT a.name FROM crew AS c JOIN astronauts AS a ON a.id = c.astronaut_id
         WHERE c.mission_id = m.id AND c.canonical_role = 'Commander'
         ORDER BY c.position LIMIT 1) AS commander,
       (SELECT count(*) FROM crew AS c WHERE c.mission_id = m.id) AS crew_size
FROM missions AS m
ORDER BY m.id;

-- One line per astronaut with the missions they flew, in launch order.
--   SELECT * FROM astronaut_flights WHERE astronaut_id = 'lovell';
CREATE VIEW astronaut_flights AS
SELECT a.id            AS astronaut_id,
       a.name          AS astronaut,
       m.id            AS mission_id,
       m.display_name  AS mission,
       m.launch_date   AS launch_date,
       c.role          AS role,
       c.canonical_role AS canonical_role
FROM crew AS c
JOIN astronauts AS a ON a.id = c.astronaut_id
JOIN missions AS m ON m.id = c.mission_id
ORDER BY a.id, m.launch_date, m.id;
