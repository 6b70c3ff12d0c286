"""The sqlite3 shell's side of the import benchmark: SQL that loads the same files into the
same schema, written from schema.sql so that both tools build exactly the same tables.

Two variants, both as strong as plain SQL makes them:

- plain: the tables, views and provenance table of schema.sql without the full-text indexes
  and the triggers (which keep them), the derived columns filled in;
- same work: all of schema.sql, the FTS5 indexes filled with 'rebuild' and the triggers
  created after the rows, as moonshot's import does.

In both, one transaction; foreign keys enforced during the load, as moonshot enforces them;
the same page cache size as moonshot's import; the steps in moonshot's order: the tables
first, then the rows without their derived columns, then the indexes of schema.sql, then the
derived columns filled in by schema.sql's rules (see DERIVED_VALUES), then the full-text
indexes and the triggers. Each JSON file is parsed once by
json_each (missions.json's elements are kept in a temporary table for the two inserts that
read them). Run as:

    sqlite3 DB -cmd ".param set :missions 'm.json'" -cmd ".param set :astronauts 'a.json'" < script.sql
"""
import sqlite3

LOAD_ROWS = """
CREATE TEMP TABLE mission_json AS SELECT value FROM json_each(readfile(:missions));
INSERT INTO astronauts (number, id, name, description)
    SELECT row_number() OVER (), key, value ->> 'name', value ->> 'description' FROM json_each(readfile(:astronauts));
INSERT INTO missions (id, launch_date, description)
    SELECT value ->> 'id', value ->> 'launchDate', value ->> 'description' FROM temp.mission_json;
INSERT INTO crew (mission_id, position, astronaut_id, role)
    SELECT m.value ->> 'id', c.key + 1, c.value ->> 'name', c.value ->> 'role'
    FROM temp.mission_json AS m, json_each(m.value, '$.crew') AS c;
"""

# The derived columns, by schema.sql's rules (its views derived_mission_names and
# derived_crew_roles), as strongly as plain SQL does it: missions' names and badges with the
# UPDATE moonshot's import runs; the role rule worked out once per role title (on one crew row
# of each) and written into every row of that title. moonshot writes a crew row's title with
# the row (the rule once per title), which SQL cannot; the shell's extra pass over crew is the
# price of doing it in SQL.
DERIVED_VALUES = """
UPDATE missions SET (name, badge) = (SELECT d.name, d.badge FROM derived_mission_names AS d WHERE d.id = missions.id)
 WHERE (name, badge) IS NOT (SELECT d.name, d.badge FROM derived_mission_names AS d WHERE d.id = missions.id);
UPDATE crew SET canonical_role = titles.canonical_role
  FROM (SELECT one.role, d.canonical_role
          FROM (SELECT role, mission_id, position FROM crew GROUP BY role) AS one
          JOIN derived_crew_roles AS d ON d.mission_id = one.mission_id AND d.position = one.position) AS titles
 WHERE titles.role = crew.role;
"""


def statements(schema):
    """schema.sql split into its statements (sqlite3.complete_statement knows where they end)."""
    result, current = [], ""
    for line in schema.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            result.append(current.strip())
            current = ""
    return result


def first_words(statement, count):
    code = " ".join(line.split("--")[0] for line in statement.splitlines())
    return code.replace("(", " ").upper().split()[:count]


def script(schema_path, same_work):
    with open(schema_path, encoding="utf-8") as f:
        parts = statements(f.read())
    is_index = lambda s: first_words(s, 3)[:2] == ["CREATE", "INDEX"] or first_words(s, 3) == ["CREATE", "UNIQUE", "INDEX"]
    is_fts = lambda s: first_words(s, 3) == ["CREATE", "VIRTUAL", "TABLE"]
    is_trigger = lambda s: first_words(s, 2) == ["CREATE", "TRIGGER"]
    fts_names = [first_words(s, 4)[3].lower() for s in parts if is_fts(s)]
    setup = [s for s in parts if not is_index(s) and not is_trigger(s) and (same_work or not is_fts(s))]
    indexes = [s for s in parts if is_index(s)]
    triggers = [s for s in parts if is_trigger(s)]
    lines = ["PRAGMA foreign_keys = ON;", "PRAGMA cache_size = -16384;", "BEGIN;"] + setup + [LOAD_ROWS.strip()] + indexes
    lines.append(DERIVED_VALUES.strip())
    if same_work:
        lines += [f"INSERT INTO {name} ({name}) VALUES ('rebuild');" for name in fts_names]
        lines += triggers
    lines.append("COMMIT;")
    return "\n".join(lines) + "\n"


# Rows that are in one database and not the other, per table.
COMPARE = """
ATTACH :other AS other;
SELECT 'missions', count(*) FROM (SELECT id, name, badge, launch_date, description FROM missions
    EXCEPT SELECT id, name, badge, launch_date, description FROM other.missions);
SELECT 'astronauts', count(*) FROM (SELECT number, id, name, description FROM astronauts
    EXCEPT SELECT number, id, name, description FROM other.astronauts);
SELECT 'crew', count(*) FROM (SELECT mission_id, astronaut_id, role, canonical_role, position FROM crew
    EXCEPT SELECT mission_id, astronaut_id, role, canonical_role, position FROM other.crew);
"""
