"""The sqlite3 shell's side of the import benchmark: SQL that loads the same files into the
same schema, written from schema.sql so that both tools build exactly the same tables.

Two variants, both as strong as plain SQL makes them:

- plain: the tables, views and provenance table of schema.sql without the full-text indexes
  and the triggers (which keep them), the derived columns filled in;
- same work: all of schema.sql, the FTS5 indexes filled with 'rebuild' and the triggers
  created after the rows, as moonshot's import does.

In both, one transaction; foreign keys enforced during the load, as moonshot enforces them;
the same page cache size as moonshot's import; the steps in moonshot's order: the tables
first, then the rows (crew rows with their canonical_role, schema.sql's rule applied once per
role title, as moonshot does; missions without name and badge), then the indexes of
schema.sql, then the missions' name and badge by moonshot's UPDATE (see DERIVED_VALUES), then
the full-text indexes and the triggers. Each JSON file is parsed once by json_each
(missions.json's elements are kept in a temporary table for the inserts that read them; the
crew lists are read once more for their distinct role titles). Run as:

    sqlite3 DB -cmd ".param set :missions 'm.json'" -cmd ".param set :astronauts 'a.json'" < script.sql
"""
import sqlite3

LOAD_ROWS = """
CREATE TEMP TABLE mission_json AS SELECT value FROM json_each(readfile(:missions));
INSERT INTO astronauts (number, id, name, description)
    SELECT row_number() OVER (), key, value ->> 'name', value ->> 'description' FROM json_each(readfile(:astronauts));
INSERT INTO missions (id, launch_date, description)
    SELECT value ->> 'id', value ->> 'launchDate', value ->> 'description' FROM temp.mission_json;
CREATE TEMP TABLE role_input AS
    SELECT 0 AS mission_id, row_number() OVER () AS position, role
    FROM (SELECT DISTINCT c.value ->> 'role' AS role FROM temp.mission_json AS m, json_each(m.value, '$.crew') AS c);
CREATE TEMP TABLE role_titles AS
    SELECT i.role, t.canonical_role FROM temp.role_input AS i JOIN ({role_rule}) AS t ON t.position = i.position;
INSERT INTO crew (mission_id, position, astronaut_id, role, canonical_role)
    SELECT m.value ->> 'id', c.key + 1, c.value ->> 'name', c.value ->> 'role', t.canonical_role
    FROM temp.mission_json AS m, json_each(m.value, '$.crew') AS c JOIN temp.role_titles AS t ON t.role = c.value ->> 'role';
"""

# A mission's name and badge, set by the UPDATE moonshot's import runs (from schema.sql's view
# derived_mission_names); a crew row's canonical_role is written with the row, as moonshot
# writes it: schema.sql's rule (the view derived_crew_roles, its SELECT run here over the
# distinct role titles instead of the crew table) applied once per title.
DERIVED_VALUES = """
UPDATE missions SET (name, badge) = (SELECT d.name, d.badge FROM derived_mission_names AS d WHERE d.id = missions.id)
 WHERE (name, badge) IS NOT (SELECT d.name, d.badge FROM derived_mission_names AS d WHERE d.id = missions.id);
"""


def role_rule(parts):
    """The SELECT of schema.sql's view derived_crew_roles, reading temp.role_input for crew."""
    view = next(s for s in parts if first_words(s, 3) == ["CREATE", "VIEW", "DERIVED_CREW_ROLES"])
    select = view[view.upper().index(" AS\n") + 4:].rstrip().rstrip(";")
    if select.count("FROM crew)") != 1:
        raise SystemExit("cannot find the crew table in schema.sql's view derived_crew_roles")
    return select.replace("FROM crew)", "FROM temp.role_input)")


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
    load = LOAD_ROWS.strip().replace("{role_rule}", role_rule(parts))
    lines = ["PRAGMA foreign_keys = ON;", "PRAGMA cache_size = -16384;", "BEGIN;"] + setup + [load] + indexes
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
