-- What a user would run to load the dataset with the sqlite3 shell alone:
--   sqlite3 shell.db -cmd ".param set :missions missions.json" -cmd ".param set :astronauts astronauts.json" < shell-import.sql
-- The same three tables as schema.sql (STRICT, foreign keys, the crew index), one transaction.
PRAGMA foreign_keys = ON;
BEGIN;
CREATE TABLE missions (
    id INTEGER PRIMARY KEY,
    launch_date TEXT NULL,
    description TEXT NOT NULL
) STRICT;
CREATE TABLE astronauts (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL
) STRICT;
CREATE TABLE crew (
    mission_id INTEGER NOT NULL REFERENCES missions (id),
    astronaut_id TEXT NOT NULL REFERENCES astronauts (id),
    role TEXT NOT NULL,
    canonical_role TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (mission_id, astronaut_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX crew_by_astronaut ON crew (astronaut_id, mission_id);
INSERT INTO astronauts (id, name, description)
    SELECT key, value ->> 'name', value ->> 'description' FROM json_each(readfile(:astronauts));
INSERT INTO missions (id, launch_date, description)
    SELECT value ->> 'id', value ->> 'launchDate', value ->> 'description' FROM json_each(readfile(:missions));
INSERT INTO crew (mission_id, astronaut_id, role, canonical_role, position)
    SELECT m.value ->> 'id', c.value ->> 'name', c.value ->> 'role', lower(c.value ->> 'role'), c.key + 1
    FROM json_each(readfile(:missions)) AS m, json_each(m.value, '$.crew') AS c;
COMMIT;
