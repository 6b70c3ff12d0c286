#!/usr/bin/env python3
"""What stemming and the last word as a prefix change in `moonshot search` on the Apollo data.

    python3 benchmarks/search.py                 # builds the release binary first
    python3 benchmarks/search.py --no-build --runs 51
    python3 benchmarks/search.py --binary /tmp/build/release/moonshot

It imports the Apollo dataset, then makes a copy whose full-text indexes use the tokenizer of
schema version 3 ("unicode61 remove_diacritics 2", no stemming), and prints, for a list of
typical queries:

- hits: the rows of the search's SQL (`moonshot search WORDS --show-sql`, without its LIMIT) in
  the old layout with the old expression (every word exactly) and in the new one (stems, the
  last word also as a prefix);
- the size of the full-text indexes (their pages, from dbstat) in each layout;
- median wall time of the whole process: `moonshot search WORDS` against the sqlite3 shell
  running the same SQL on the same database, interleaved run by run.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from run import add_binary_options, prepare
import run as common

QUERIES = ["lov", "apoll", "rovers", "landed", "buzz", "oxygen tank", "lunar module", "moon", "test pilot", "splashdown",
           "navy", "geologist", "Apollo's 13", "command module pilot", "orbits", "walked", "apollo 1", "commander"]
OLD_TOKENIZER = "unicode61 remove_diacritics 2"


def sql_of(database, words):
    """The SQL `moonshot search` runs for `words`, as --show-sql prints it, without its LIMIT."""
    shown = subprocess.run([common.BINARY, "search", words, "--db", database, "--show-sql"], capture_output=True, text=True,
                           check=True).stderr
    statement = shown.split("LIMIT 20;")[0]
    return "\n".join(line for line in statement.splitlines() if not line.startswith("-- SQL run by")) + ";"


def count_rows(database, sql):
    """The number of rows `sql` gives (counted by SQLite: a row's text may hold line breaks)."""
    counted = f"SELECT count(*) FROM (\n{sql.rstrip().removesuffix(';')}\n);"
    return int(subprocess.run(["sqlite3", "-bail", database, counted], capture_output=True, text=True, check=True).stdout)


def command_hits(database, words):
    """The number of hits `moonshot search` itself gives for `words`, all of them."""
    shown = subprocess.run([common.BINARY, "search", words, "--db", database, "--limit", "1000", "--format", "json"],
                           capture_output=True, text=True, check=True).stdout
    return len(json.loads(shown))


def index_bytes(database):
    return int(subprocess.run(["sqlite3", database, "SELECT sum(pgsize) FROM dbstat WHERE name LIKE '%\\_fts%' ESCAPE '\\'"],
                              capture_output=True, text=True, check=True).stdout.strip())


def with_old_tokenizer(database, copy):
    """A copy of `database` whose full-text indexes are made again with schema version 3's tokenizer."""
    shutil.copyfile(database, copy)
    statements = []
    for index, key, table in [("missions_fts", "id", "missions"), ("astronauts_fts", "number", "astronauts")]:
        statements += [f"DROP TABLE {index};",
                       f"CREATE VIRTUAL TABLE {index} USING fts5(name, description, content=\"{table}\", content_rowid=\"{key}\", "
                       f"tokenize=\"{OLD_TOKENIZER}\");",
                       f"INSERT INTO {index} ({index}) VALUES ('rebuild');"]
    subprocess.run(["sqlite3", "-bail", copy, "\n".join(statements + ["VACUUM;"])], check=True)
    subprocess.run(["sqlite3", "-bail", database, "VACUUM;"], check=True)


def timed(argv):
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=31, help="timed runs per query and tool (default 31)")
    add_binary_options(parser)
    args = parser.parse_args()
    prepare(args)
    with tempfile.TemporaryDirectory() as scratch:
        new, old = os.path.join(scratch, "new.db"), os.path.join(scratch, "old.db")
        subprocess.run([common.BINARY, "import", "--db", new], stdout=subprocess.DEVNULL, check=True)
        with_old_tokenizer(new, old)
        print(f"Full-text indexes: {index_bytes(old) / 1024:.0f} KiB with {OLD_TOKENIZER!r} (schema version 3), "
              f"{index_bytes(new) / 1024:.0f} KiB with porter (version 4)\n")
        print(f"{'query':24} {'hits v3':>8} {'hits v4':>8} {'moonshot ms':>12} {'sqlite3 ms':>11} {'ratio':>6}")
        totals, found_nothing = [0, 0], []
        for words in QUERIES:
            sql = sql_of(new, words)
            # The old expression: every word exactly (no "*" after the last).
            exact = sql.replace("ELSE '*' END", "ELSE '' END")
            if exact == sql:
                sys.exit("the search's SQL no longer says where the last word becomes a prefix: update this script")
            hits_old = count_rows(old, exact)
            hits_new = count_rows(new, sql)
            if hits_new != command_hits(new, words):
                sys.exit(f"{words!r}: the SQL gives {hits_new} rows, moonshot search {command_hits(new, words)} hits")
            ours, theirs = [], []
            for _ in range(args.runs):
                ours.append(timed([common.BINARY, "search", words, "--db", new]))
                theirs.append(timed(["sqlite3", new, sql]))
            mine, shell = statistics.median(ours) * 1000, statistics.median(theirs) * 1000
            found_nothing += [words] if hits_old == 0 else []
            totals[0] += hits_old
            totals[1] += hits_new
            print(f"{words:24} {hits_old:8} {hits_new:8} {mine:12.1f} {shell:11.1f} {mine / shell:6.2f}")
        print(f"{'all':24} {totals[0]:8} {totals[1]:8}")
        print(f"\nFound nothing in version 3: {', '.join(found_nothing) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
