#!/usr/bin/env python3
"""Benchmarks `moonshot export` against the sqlite3 shell writing the same two files, in one run.

    python3 benchmarks/export.py             # the Apollo dataset, ~10 MB and ~300 MB, 5 runs each
    python3 benchmarks/export.py --quick     # skip the ~300 MB dataset
    python3 benchmarks/export.py --runs 3 --no-build
    python3 benchmarks/export.py --binary /tmp/build/release/moonshot   # a binary built elsewhere

The target (issue #28): an export works on a database of any size in memory that does not grow
with it. It builds the release binary (`swift build -c release --static-swift-stdlib`), uses
run.py's datasets (generated once into benchmarks/data/ by benchmarks/generate.py, shared with
run.py), imports each once with `moonshot import` (the Apollo one built in), then measures, the
tools interleaved run by run after one untimed run of each (which warms the page cache and
makes the files that every timed run replaces):

- moonshot: `moonshot --db DB export --missions m.json --astronauts a.json`;
- sqlite3 streaming: the sqlite3 shell writing the same two files from the same tables, a
  mission (an astronaut) a line from json_object(), with the brackets and commas between them,
  in one read transaction (SHELL_SCRIPT): memory does not grow with the data either;
- sqlite3 json_group_array: the same, each file one json_group_array() / json_group_object()
  value, as one would first write it: the shell holds the whole file in memory;
- validation: `moonshot import --check` of the files moonshot exported, which runs the same
  validation (`Importer.check`) that the export runs on its files before moving them into place.

Wall and CPU time of every run (medians), peak RSS of one more run of each (GNU time, as run.py:
apt-get install time). Both shell variants are checked to write the same JSON values as moonshot,
members and elements in the same order, at every size. The shell writes compact JSON straight to
the targets and neither validates, flushes to the disk nor renames; moonshot pretty-prints, checks
that no crew row is dangling, writes beside the targets, flushes both to the disk, re-reads and
validates both, and renames them into place: all of that is in the ratio (moonshot / sqlite3).
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

import run as bench
from run import DATASETS, ROOT, dataset_files, machine, peak_memory, sqlite_version

# A mission as the app's missions.json carries it: id, launchDate unless NULL, crew in position
# order (name and role), description; the crew list from a scalar subquery over crew's primary key.
MISSION = """CASE WHEN launch_date IS NULL
     THEN json_object('id', id, 'crew', {crew}, 'description', description)
     ELSE json_object('id', id, 'launchDate', launch_date, 'crew', {crew}, 'description', description) END""".format(
    crew="(SELECT json_group_array(json_object('name', astronaut_id, 'role', role)) "
         "FROM (SELECT astronaut_id, role FROM crew WHERE mission_id = missions.id ORDER BY position))")
ASTRONAUT = "json_object('id', id, 'name', name, 'description', description)"

# The shell's two variants, run as `sqlite3 DB < script` (":missions" and ":astronauts" replaced
# by the files' paths). Both files from one read transaction, as moonshot's export.
SHELL_SCRIPT = {
    "streaming": f"""
.headers off
.mode list
BEGIN;
.output ':missions'
SELECT '[';
SELECT iif(id = (SELECT min(id) FROM missions), '', ',') || {MISSION} FROM missions ORDER BY id;
SELECT ']';
.output ':astronauts'
SELECT '{{';
SELECT iif(rowid = (SELECT min(rowid) FROM astronauts), '', ',') || json_quote(id) || ':' || {ASTRONAUT}
  FROM astronauts ORDER BY rowid;
SELECT '}}';
.output stdout
COMMIT;
""",
    "json_group_array": f"""
.headers off
.mode list
BEGIN;
.output ':missions'
SELECT json_group_array(json(mission)) FROM (SELECT {MISSION} AS mission FROM missions ORDER BY id);
.output ':astronauts'
SELECT json_group_object(id, json(astronaut)) FROM (SELECT id, {ASTRONAUT} AS astronaut FROM astronauts ORDER BY rowid);
.output stdout
COMMIT;
""",
}


def measured(argv, stdin=None):
    """Runs argv (output discarded); returns (wall seconds, CPU seconds), failing loudly on error."""
    with open(os.devnull, "wb") as devnull, open(stdin or os.devnull, "rb") as source, \
            tempfile.TemporaryFile() as errors:
        actions = [(os.POSIX_SPAWN_DUP2, source.fileno(), 0), (os.POSIX_SPAWN_DUP2, devnull.fileno(), 1),
                   (os.POSIX_SPAWN_DUP2, errors.fileno(), 2)]
        start = time.perf_counter()
        pid = os.posix_spawn(shutil.which(argv[0]), argv, os.environ, file_actions=actions)
        _, status, usage = os.wait4(pid, 0)
        elapsed = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            errors.seek(0)
            sys.exit(f"benchmark command failed: {' '.join(argv)}\n{errors.read().decode(errors='replace')}")
    return elapsed, usage.ru_utime + usage.ru_stime


def ordered_json(path):
    """The file's JSON value with every object as its list of members, so that order counts too."""
    with open(path, encoding="utf-8") as f:
        return json.load(f, object_pairs_hook=list)


def measure(name, runs, scratch):
    """Imports the dataset once, then interleaves the tools: times, CPU, peak memory, sizes."""
    database = os.path.join(scratch, "export.db")
    for leftover in (database, database + "-journal"):
        if os.path.exists(leftover):
            os.remove(leftover)
    if DATASETS[name] is None:
        bench.run([bench.BINARY, "--db", database, "import"])
        input_size = sum(os.path.getsize(os.path.join(ROOT, "Resources", f)) for f in ("missions.json", "astronauts.json"))
    else:
        missions, astronauts = dataset_files(name)
        bench.run([bench.BINARY, "--db", database, "import", "--missions", missions, "--astronauts", astronauts])
        input_size = os.path.getsize(missions) + os.path.getsize(astronauts)
    outputs = {}
    tools = {}
    files = os.path.join(scratch, "moonshot-missions.json"), os.path.join(scratch, "moonshot-astronauts.json")
    outputs["moonshot"] = files
    tools["moonshot"] = ([bench.BINARY, "--db", database, "export", "--missions", files[0], "--astronauts", files[1]], None)
    for variant, text in SHELL_SCRIPT.items():
        files = os.path.join(scratch, f"{variant}-missions.json"), os.path.join(scratch, f"{variant}-astronauts.json")
        script = os.path.join(scratch, f"{variant}.sql")
        with open(script, "w", encoding="utf-8") as f:
            f.write(text.replace(":missions", files[0]).replace(":astronauts", files[1]))
        outputs[f"sqlite3 {variant}"] = files
        tools[f"sqlite3 {variant}"] = (["sqlite3", database], script)
    tools["validation"] = ([bench.BINARY, "import", "--check", "--missions", outputs["moonshot"][0],
                            "--astronauts", outputs["moonshot"][1]], None)
    for argv, stdin in tools.values():  # warms the page cache; makes the files the timed runs replace
        measured(argv, stdin)
    walls = {tool: [] for tool in tools}
    cpus = {tool: [] for tool in tools}
    for _ in range(runs):
        for tool, (argv, stdin) in tools.items():
            wall, cpu = measured(argv, stdin)
            walls[tool].append(wall)
            cpus[tool].append(cpu)
    memory = {tool: peak_memory(argv, stdin) for tool, (argv, stdin) in tools.items()}
    sizes = {tool: sum(os.path.getsize(f) for f in files) for tool, files in outputs.items()}
    expected = [ordered_json(f) for f in outputs["moonshot"]]
    same = {tool: [ordered_json(f) for f in files] == expected for tool, files in outputs.items() if tool != "moonshot"}
    counts = (len(expected[0]), len(expected[1]))
    return {"walls": walls, "cpus": cpus, "memory": memory, "sizes": sizes, "same": same, "counts": counts,
            "input": input_size, "database": os.path.getsize(database)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each tool per dataset (default 5)")
    bench.add_binary_options(parser)
    args = parser.parse_args()
    names = bench.prepare(args)
    results = {}
    os.makedirs(os.path.join(ROOT, ".build"), exist_ok=True)
    for name in names:
        with tempfile.TemporaryDirectory(prefix="moonshot-export-bench-", dir=os.path.join(ROOT, ".build")) as scratch:
            print(f"export: {name} ...", file=sys.stderr)
            results[name] = measure(name, args.runs, scratch)
    report(results, args.runs)


def report(results, runs):
    version = subprocess.run([bench.BINARY, "--version"], capture_output=True, text=True).stdout.strip()
    print()
    print(f"moonshot {version} vs sqlite3 {sqlite_version()} on {machine()}")
    print(f"medians of {runs} interleaved runs per tool and dataset, after one untimed run of each; "
          "peak RSS of one more run (GNU time); ratio = moonshot / sqlite3 (below 1.0: moonshot is faster)")
    print()

    def mb(value):
        return "n/a" if value is None else f"{value:.1f}"

    def seconds(values):
        value = statistics.median(values)
        return f"{value:.3f}" if value < 10 else f"{value:.2f}"

    header = (f"{'dataset':<13} {'moonshot s':>10} {'CPU s':>7} {'RSS MB':>7} "
              f"{'streaming s':>11} {'RSS MB':>7} {'ratio':>6} "
              f"{'group_array s':>13} {'RSS MB':>7} {'ratio':>6} {'validation s':>12} {'share':>6}")
    print(header)
    print("-" * len(header))
    for name, r in results.items():
        walls, memory = r["walls"], r["memory"]
        mine = statistics.median(walls["moonshot"])
        stream = statistics.median(walls["sqlite3 streaming"])
        group = statistics.median(walls["sqlite3 json_group_array"])
        check = statistics.median(walls["validation"])
        print(f"{name:<13} {seconds(walls['moonshot']):>10} {seconds(r['cpus']['moonshot']):>7} {mb(memory['moonshot']):>7} "
              f"{seconds(walls['sqlite3 streaming']):>11} {mb(memory['sqlite3 streaming']):>7} {mine / stream:>6.2f} "
              f"{seconds(walls['sqlite3 json_group_array']):>13} {mb(memory['sqlite3 json_group_array']):>7} {mine / group:>6.2f} "
              f"{seconds(walls['validation']):>12} {check / mine:>6.0%}")
    print()
    print("streaming = the sqlite3 shell writing a mission (an astronaut) a line with json_object(); group_array = "
          "each file one json_group_array() / json_group_object() value. validation = `moonshot import --check` of "
          "the files moonshot exported, the validation the export runs (a whole process: for the Apollo data mostly "
          "start-up); share = validation / moonshot export.")
    print("The shell writes compact JSON straight to the targets: no validation, no flush to the disk, no staging "
          "file and rename, no dangling-crew check. moonshot pretty-prints, writes beside the targets, flushes both, "
          "re-reads and validates both, then renames them into place: all of that is in the ratio.")
    print()

    header = (f"{'dataset':<13} {'missions':>9} {'astronauts':>10} {'input MB':>9} {'DB MB':>7} {'moonshot out MB':>15} "
              f"{'shell out MB':>12} {'RSS moonshot':>12} {'RSS validation':>14} {'RSS streaming':>13} {'RSS group_array':>15}")
    print(header)
    print("-" * len(header))
    for name, r in results.items():
        memory = r["memory"]
        print(f"{name:<13} {r['counts'][0]:>9} {r['counts'][1]:>10} {r['input'] / 1e6:>9.2f} {r['database'] / 1e6:>7.1f} "
              f"{r['sizes']['moonshot'] / 1e6:>15.2f} {r['sizes']['sqlite3 streaming'] / 1e6:>12.2f} "
              f"{mb(memory['moonshot']):>12} {mb(memory['validation']):>14} {mb(memory['sqlite3 streaming']):>13} "
              f"{mb(memory['sqlite3 json_group_array']):>15}")
    sized = [(name, r["sizes"]["moonshot"], r["memory"]["moonshot"]) for name, r in results.items()
             if r["memory"]["moonshot"] is not None]
    if len(sized) >= 2:
        print()
        print("moonshot export's peak RSS against the size of what it writes: "
              + ", ".join(f"{rss:.1f} MB for {size / 1e6:.2f} MB ({name})" for name, size, rss in sized))
        (_, small, small_rss), (_, large, large_rss) = sized[-2], sized[-1]
        print(f"from the second-largest to the largest: {large_rss / small_rss:.2f}x the memory for {large / small:.0f}x the output")
    print()
    for name, r in results.items():
        verdicts = ", ".join(f"{tool}: {'same' if same else 'DIFFERENT'}" for tool, same in r["same"].items())
        print(f"content ({name}): the shell's files against moonshot's as JSON values, members and elements in order: {verdicts}")
    if not all(same for r in results.values() for same in r["same"].values()):
        sys.exit("the sqlite3 shell wrote different JSON from moonshot's: the comparison is not of the same work")


if __name__ == "__main__":
    main()
