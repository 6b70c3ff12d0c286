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
derived columns filled in by the UPDATE statements moonshot runs (read from
Sources/MoonshotKit/Schema/DerivedValues.swift, so both use schema.sql's one rule for role
titles), then the full-text indexes and the triggers. Each JSON file is parsed once by
json_each (missions.json's elements are kept in a temporary table for the two inserts that
read them). Run as:

    sqlite3 DB -cmd ".param set :missions 'm.json'" -cmd ".param set :astronauts 'a.json'" < script.sql
"""
import os
import re
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

DERIVED_VALUES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                              "Sources", "MoonshotKit", "Schema", "DerivedValues.swift")


def derived_value_updates(path=DERIVED_VALUES):
    """The UPDATE statements moonshot's import fills the derived columns with (DerivedValues.updates)."""
    with open(path, encoding="utf-8") as f:
        source = f.read()
    array = source[source.index("static let updates = ["):]
    updates = [text.strip() for text in re.findall(r'"""\n(.*?)"""', array[:array.index("]\n")], re.S)]
    if len(updates) != 2 or not all(u.startswith("UPDATE ") for u in updates):
        raise SystemExit(f"cannot read the derived values' UPDATE statements from {path}")
    return [u + ";" for u in updates]


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
    lines += derived_value_updates()
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
