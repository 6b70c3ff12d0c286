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
-- Schema version 2 (version 1 had computed name columns, an astronaut full-text index on
-- implicit rowids and a crew table keyed by astronaut). Bump `user_version` whenever this
-- file changes shape.
--
-- `application_id` marks the file as a moonshot database (the bytes "MOON", 0x4D4F4F4E, in
-- the SQLite header; `file moonshot.db` shows it): moonshot replaces only a database that
-- carries it, one with nothing in it, or one an earlier moonshot made.

PRAGMA application_id = 1297043278;
PRAGMA user_version = 2;

-- The Apollo missions, one row per mission of missions.json. The descriptions are from
-- Wikipedia (CC BY-SA 3.0).
CREATE TABLE missions (
    id          INTEGER PRIMARY KEY,                        -- The mission's number, 11 for Apollo 11 (the source's "id").
    name        TEXT NOT NULL CHECK (name = 'Apollo ' || id),   -- The mission's name, "Apollo 11".
    badge       TEXT NOT NULL CHECK (badge = 'apollo' || id),   -- The name of the mission's badge picture in the app, "apollo11".
    launch_date TEXT NULL                                   -- Launch day as YYYY-MM-DD; empty (NULL) for a mission that never launched.
        CHECK (launch_date IS NULL
               OR (launch_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
                   AND date(launch_date, '+0 days') IS launch_date)),
    description TEXT NOT NULL                               -- What happened on the mission, from Wikipedia (CC BY-SA 3.0).
) STRICT;

-- The astronauts, one row per entry of astronauts.json. The descriptions are from Wikipedia
-- (CC BY-SA 3.0).
CREATE TABLE astronauts (
    number      INTEGER PRIMARY KEY,                        -- The astronaut's place in astronauts.json, from 1; the full-text index's key.
    id          TEXT NOT NULL UNIQUE CHECK (id <> ''),      -- The source's key for the astronaut, "armstrong"; crew rows refer to it.
    name        TEXT NOT NULL CHECK (name <> ''),           -- The astronaut's full name, "Neil A. Armstrong".
    description TEXT NOT NULL                               -- The astronaut's biography, from Wikipedia (CC BY-SA 3.0).
) STRICT;

-- Who flew on which mission, in which role: one row per entry of a mission's crew list, in
-- the order of that list.
CREATE TABLE crew (
    mission_id     INTEGER NOT NULL REFERENCES missions (id) ON DELETE CASCADE,       -- The mission (missions.id).
    position       INTEGER NOT NULL CHECK (position >= 1),                            -- Place in the mission's crew list, 1 for the first.
    astronaut_id   TEXT NOT NULL REFERENCES astronauts (id) ON DELETE CASCADE,        -- The astronaut (astronauts.id).
    role           TEXT NOT NULL CHECK (role <> ''),           -- The role exactly as the source writes it, "Command module pilot".
    canonical_role TEXT NOT NULL CHECK (canonical_role <> ''), -- The role in title case, "Command Module Pilot"; Apollo 1's "Command Pilot" is "Commander".
    PRIMARY KEY (mission_id, position),
    UNIQUE (mission_id, astronaut_id)
) STRICT, WITHOUT ROWID;

-- "Which missions did this astronaut fly?" is a search of this index, never a table scan.
-- (The unique constraint above does not serve it: its first column is mission_id.)
CREATE INDEX crew_by_astronaut ON crew (astronaut_id, mission_id);

-- Full-text index of the missions' names and descriptions, for `moonshot search`, Datasette's
-- search box and `sqlite-utils search`. It holds only the index: the text stays in missions.
-- Case and accents are ignored.
--   SELECT m.name FROM missions AS m JOIN missions_fts ON missions_fts.rowid = m.id
--   WHERE missions_fts MATCH 'lunar rover';
CREATE VIRTUAL TABLE missions_fts USING fts5(
    name, description,
    content="missions", content_rowid="id",
    tokenize="unicode61 remove_diacritics 2"
);

-- Full-text index of the astronauts' names and biographies, keyed by astronauts.number.
CREATE VIRTUAL TABLE astronauts_fts USING fts5(
    name, description,
    content="astronauts", content_rowid="number",
    tokenize="unicode61 remove_diacritics 2"
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

-- Every crew assignment with the mission's and astronaut's names, in crew-list order.
--   SELECT astronaut_name, role FROM crew_roster WHERE mission_id = 11;
CREATE VIEW crew_roster AS
SELECT m.id             AS mission_id,       -- The mission's number.
       m.name           AS mission_name,     -- The mission's name.
       m.launch_date    AS launch_date,      -- The mission's launch day, YYYY-MM-DD (empty if it never launched).
       c.position       AS position,         -- Place in the crew list, 1 for the first.
       a.id             AS astronaut_id,     -- The astronaut's id.
       a.name           AS astronaut_name,   -- The astronaut's full name.
       c.role           AS role,             -- The role as the source writes it.
       c.canonical_role AS canonical_role    -- The role in title case ("Commander" for "Command Pilot").
FROM crew AS c
JOIN missions AS m ON m.id = c.mission_id
JOIN astronauts AS a ON a.id = c.astronaut_id
ORDER BY m.id, c.position;

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
       (SELECT a.name FROM crew AS c JOIN astronauts AS a ON a.id = c.astronaut_id
         WHERE c.mission_id = m.id AND c.canonical_role = 'Commander'
         ORDER BY c.position LIMIT 1) AS commander_name,   -- The commander's full name (empty if none).
       (SELECT count(*) FROM crew AS c WHERE c.mission_id = m.id) AS crew_size   -- How many flew.
FROM missions AS m
ORDER BY m.id;

-- Every mission each astronaut flew, with the role, in launch order.
--   SELECT * FROM astronaut_flights WHERE astronaut_id = 'lovell';
CREATE VIEW astronaut_flights AS
SELECT a.id             AS astronaut_id,     -- The astronaut's id.
       a.name           AS astronaut_name,   -- The astronaut's full name.
       m.id             AS mission_id,       -- The mission's number.
       m.name           AS mission_name,     -- The mission's name.
       m.launch_date    AS launch_date,      -- The mission's launch day (empty if it never launched).
       c.role           AS role,             -- The role as the source writes it.
       c.canonical_role AS canonical_role    -- The role in title case.
FROM crew AS c
JOIN astronauts AS a ON a.id = c.astronaut_id
JOIN missions AS m ON m.id = c.mission_id
ORDER BY a.id, m.launch_date, m.id;
