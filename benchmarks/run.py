#!/usr/bin/env python3
"""Benchmarks moonshot against the sqlite3 shell doing the same work, in one run.

    python3 benchmarks/run.py            # everything: real dataset, ~10 MB and ~300 MB
    python3 benchmarks/run.py --quick    # skip the ~300 MB dataset
    python3 benchmarks/run.py --runs 7 --real-runs 101 --query-runs 100
    python3 benchmarks/run.py --binary /tmp/build/release/moonshot   # a binary built elsewhere

It builds the release binary `make install` builds
(`swift build -c release --static-swift-stdlib`), generates the synthetic datasets once
(benchmarks/data/, not committed), then measures, interleaving the two tools run by run:

- import: `moonshot import` against the sqlite3 shell loading the same files into the same
  schema with readfile() and json_each() in one transaction (benchmarks/shell_import.py), each
  into a new database file, in two variants: "plain" (the tables without the full-text indexes)
  and "same work" (schema.sql whole, the derived columns filled in by moonshot's own UPDATE
  statements, the FTS5 indexes filled with 'rebuild' and the triggers created after the rows,
  as moonshot does: the headline ratio). Median wall times, and peak memory (max RSS, measured by GNU time in one
  more run of each: apt-get install time);
- re-import: `moonshot import` of the same dataset into a database that already holds an import
  of it (made once, untimed, before the runs), so that the import replaces existing content:
  interleaved with the fresh imports, compared with moonshot's fresh import;
- queries: the whole process of `moonshot commander 11` and `moonshot flights <astronaut>`
  against `sqlite3 DB "<the same SELECT>"`, on the real database and the ~300 MB one, each
  program's files read back from disk first (see `read_back_from_disk`);
- check: `moonshot check` on the ~10 MB and ~300 MB databases, its median time and its peak
  memory (max RSS).

Each ratio is printed beside its target (TARGETS), and the last lines say plainly which
targets this run missed, if any.

It prints a table of medians and ratios (moonshot / sqlite3; below 1.0 means moonshot is faster).
moonshot's import also validates everything and records SHA-256 provenance, which the shell does not.
`moonshot export` is measured the same way, against the shell writing the same files, by benchmarks/export.py.
"""
import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import shell_import

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "benchmarks", "data")
BINARY = os.path.join(ROOT, ".build", "release", "moonshot")
SCHEMA = os.path.join(ROOT, "schema.sql")

# name: (missions, astronauts) for the generator; None is the real dataset.
DATASETS = {
    "real (37 KB)": None,
    "~10 MB": (7_000, 1_200),
    "~300 MB": (220_000, 50_000),
}

# The targets a run is held to: an import at most the shell's time for the same work, a question
# at most 0.9 of the shell's time for the same SELECT, `check` at most 64 MiB at every size.
TARGETS = {"import": 1.0, "question": 0.9, "check MiB": 64}

COMMANDER_SQL = ("SELECT astronaut_name, role FROM crew_roster "
                 "WHERE mission_id = {mission} AND canonical_role = 'Commander' ORDER BY position")
FLIGHTS_SQL = ("SELECT mission_name, launch_date, role FROM crew_roster WHERE astronaut_id = '{astronaut}' "
               "ORDER BY launch_date IS NOT NULL, launch_date, mission_id")


def run(argv, stdin=None):
    """Runs argv with output discarded; returns (seconds, max RSS in KiB), failing loudly on error.

    Linux carries the RSS high-water mark of a process across exec, so a child started from
    this Python process reports at least Python's own size: `peak_memory` measures RSS instead."""
    executable = shutil.which(argv[0])
    with open(os.devnull, "wb") as devnull, open(stdin or os.devnull, "rb") as source, \
            tempfile.TemporaryFile() as errors:
        actions = [(os.POSIX_SPAWN_DUP2, source.fileno(), 0), (os.POSIX_SPAWN_DUP2, devnull.fileno(), 1),
                   (os.POSIX_SPAWN_DUP2, errors.fileno(), 2)]
        start = time.perf_counter()
        pid = os.posix_spawn(executable, argv, os.environ, file_actions=actions)
        _, status, usage = os.wait4(pid, 0)
        elapsed = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            errors.seek(0)
            sys.exit(f"benchmark command failed: {' '.join(argv)}\n{errors.read().decode(errors='replace')}")
    return elapsed, usage.ru_maxrss


def peak_memory(argv, stdin=None):
    """The max RSS of argv in MiB, measured by GNU time (which forks from a small process), or None."""
    if not os.path.exists("/usr/bin/time"):
        return None
    with tempfile.NamedTemporaryFile("r") as report:
        run(["/usr/bin/time", "-o", report.name, "-f", "%M"] + argv, stdin=stdin)
        return int(report.read().split()[-1]) / 1024


def dataset_files(name):
    if DATASETS[name] is None:
        return os.path.join(ROOT, "Resources", "missions.json"), os.path.join(ROOT, "Resources", "astronauts.json")
    missions, astronauts = DATASETS[name]
    folder = os.path.join(DATA, f"{missions}m-{astronauts}a")
    files = os.path.join(folder, "missions.json"), os.path.join(folder, "astronauts.json")
    if not all(os.path.exists(f) for f in files):
        print(f"generating {name} dataset in {folder} ...", file=sys.stderr)
        subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "generate.py"),
                        "--missions", str(missions), "--astronauts", str(astronauts), "--out", folder], check=True)
    return files


def measure_import(name, runs, scratch):
    """Interleaved fresh imports by moonshot and by the shell's two variants, and moonshot's
    re-imports over its own previous import: times and peak memory."""
    missions, astronauts = dataset_files(name)
    size = os.path.getsize(missions) + os.path.getsize(astronauts)
    tools = {}
    database = os.path.join(scratch, "moonshot.db")
    tools["moonshot"] = ([BINARY, "import", "--missions", missions, "--astronauts", astronauts, "--db", database], None, database)
    for variant, same_work in (("sqlite3 plain", False), ("sqlite3 same work", True)):
        script = os.path.join(scratch, variant.replace(" ", "-") + ".sql")
        with open(script, "w", encoding="utf-8") as f:
            f.write(shell_import.script(SCHEMA, same_work))
        shell_db = os.path.join(scratch, variant.replace(" ", "-") + ".db")
        argv = ["sqlite3", shell_db, "-cmd", f".param set :missions '{missions}'", "-cmd", f".param set :astronauts '{astronauts}'"]
        tools[variant] = (argv, script, shell_db)
    # The re-import's database keeps its content from run to run: each run replaces the last one's.
    previous = os.path.join(scratch, "moonshot-reimport.db")
    tools["moonshot re-import"] = ([BINARY, "import", "--missions", missions, "--astronauts", astronauts, "--db", previous],
                                   None, previous)
    for leftover in (previous, previous + "-journal"):
        if os.path.exists(leftover):
            os.remove(leftover)
    run(tools["moonshot re-import"][0])  # the content the first timed re-import replaces
    times = {tool: [] for tool in tools}
    memory = {}
    for attempt in range(runs + 1):
        for tool, (argv, stdin, db) in tools.items():
            for leftover in (db, db + "-journal"):
                if db != previous and os.path.exists(leftover):
                    os.remove(leftover)
            if attempt == runs:  # one more run each, for the memory high-water mark
                memory[tool] = peak_memory(argv, stdin)
            else:
                times[tool].append(run(argv, stdin)[0])
    check_same_content(database, tools["sqlite3 same work"][2])
    check_same_content(previous, tools["sqlite3 same work"][2])
    return size, times, memory, database


def check_same_content(mine, theirs):
    """Fails the benchmark unless both tools loaded the same rows (both ways round)."""
    for a, b in ((mine, theirs), (theirs, mine)):
        result = subprocess.run(["sqlite3", a, "-cmd", f".param set :other '{b}'"], input=shell_import.COMPARE,
                                capture_output=True, text=True, check=True)
        differences = [line for line in result.stdout.split() if not line.endswith("|0")]
        if differences:
            sys.exit(f"moonshot and the sqlite3 shell loaded different rows: {differences}")


def shell_files():
    """The sqlite3 shell and the shared libraries it loads (as ldd lists them)."""
    shell = shutil.which("sqlite3")
    listing = subprocess.run(["ldd", shell], capture_output=True, text=True).stdout
    return [shell] + [line.split("=>")[1].split()[0] for line in listing.splitlines() if "=> /" in line]


def read_back_from_disk(paths):
    """Drops the files' pages from the page cache, so that the next run reads them from disk.

    How a file's pages came into the page cache changes how fast a process maps them: pages
    written in one piece (a fresh copy, an apt install) map faster than pages read back from
    disk or written by the linker, by up to 0.3 ms of a 2 ms question on this machine. Dropping
    both programs' files before each question gives both the same start, as after a restart.
    (Pages that a running process maps stay: libc's, and libsqlite3's, which this Python maps
    through its sqlite3 module, so the shell keeps an edge.) Dirty pages are written first,
    since only clean ones can be dropped."""
    for path in paths:
        descriptor = os.open(os.path.realpath(path), os.O_RDONLY)
        try:
            os.fsync(descriptor)
            os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(descriptor)


def measure_queries(database, mission, astronaut, runs):
    cases = [
        (f"commander {mission}", [BINARY, "commander", str(mission), "--db", database],
         ["sqlite3", database, COMMANDER_SQL.format(mission=mission)]),
        (f"flights {astronaut}", [BINARY, "flights", astronaut, "--db", database],
         ["sqlite3", database, FLIGHTS_SQL.format(astronaut=astronaut)]),
    ]
    results = []
    for label, moonshot, shell in cases:
        read_back_from_disk([BINARY] + shell_files())
        run(moonshot), run(shell)  # read the programs and the database into the page cache
        mine, theirs = [], []
        for _ in range(runs):
            mine.append(run(moonshot)[0])
            theirs.append(run(shell)[0])
        results.append((label, mine, theirs))
    return results


def milliseconds(values):
    return statistics.median(values) * 1000


def add_binary_options(parser):
    """--quick, --no-build and --binary, which every comparison with the sqlite3 shell takes."""
    parser.add_argument("--quick", action="store_true", help="skip the ~300 MB dataset")
    parser.add_argument("--no-build", action="store_true", help="use the existing release binary")
    parser.add_argument("--binary", help="use this moonshot binary instead of building one (implies --no-build)")


def prepare(args):
    """Sets BINARY from the options, checks for the sqlite3 shell, builds moonshot unless told not
    to, and returns the names of the datasets to measure."""
    global BINARY
    if args.binary:
        BINARY, args.no_build = os.path.abspath(args.binary), True
    if args.no_build and not os.path.exists(BINARY):
        sys.exit(f"no moonshot binary at {BINARY}: build it, or leave out --no-build")
    if not shutil.which("sqlite3"):
        sys.exit("the sqlite3 shell is needed: apt-get install sqlite3")
    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    return [n for n in DATASETS if not (args.quick and n == "~300 MB")]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="import runs per tool on the synthetic datasets (default 5)")
    parser.add_argument("--real-runs", type=int, default=51,
                        help="import runs per tool on the real dataset, whose few milliseconds vary more (default 51)")
    parser.add_argument("--query-runs", type=int, default=50, help="runs per query and tool (default 50)")
    parser.add_argument("--check-runs", type=int, default=3, help="runs of check per synthetic dataset (default 3)")
    add_binary_options(parser)
    args = parser.parse_args()
    names = prepare(args)

    import_rows, reimport_rows, query_rows, check_rows, per_mb = [], [], [], [], {}
    with tempfile.TemporaryDirectory(prefix="moonshot-bench-", dir=os.path.join(ROOT, ".build")) as scratch:
        databases = {}
        for name in names:
            print(f"import: {name} ...", file=sys.stderr)
            runs = args.real_runs if DATASETS[name] is None else args.runs
            size, times, memory, database = measure_import(name, runs, scratch)
            kept = os.path.join(scratch, f"kept-{len(databases)}.db")
            os.replace(database, kept)
            databases[name] = kept
            medians = {tool: milliseconds(values) for tool, values in times.items()}
            per_mb[name] = medians["moonshot"] / (size / 1e6)
            import_rows.append((name, medians, memory))
            reimport_rows.append((name, medians["moonshot"], medians["moonshot re-import"],
                                  memory["moonshot"], memory["moonshot re-import"]))
        for name in (n for n in names if DATASETS[n] is not None):
            print(f"check: {name} ...", file=sys.stderr)
            argv = [BINARY, "check", "--db", databases[name]]
            times = [run(argv)[0] for _ in range(args.check_runs)]
            check_rows.append((name, milliseconds(times), peak_memory(argv)))
        for name in (n for n in names if n in ("real (37 KB)", "~300 MB")):
            print(f"queries: {name} ...", file=sys.stderr)
            astronaut = "lovell" if DATASETS[name] is None else first_astronaut(databases[name])
            for label, mine, theirs in measure_queries(databases[name], 11, astronaut, args.query_runs):
                query_rows.append((f"{label} ({name})", milliseconds(mine), milliseconds(theirs)))

    print()
    print(f"moonshot {moonshot_version()} vs sqlite3 {sqlite_version()} on {machine()}")
    print(f"medians of interleaved runs: {args.real_runs} imports of the real dataset, {args.runs} of each synthetic one, "
          f"{args.query_runs} of each query; ratio = moonshot / sqlite3 (below 1.0: moonshot is faster); "
          "re-import: moonshot's import over a database holding the same dataset, ratio = re-import / fresh")
    print()
    def megabytes(value):
        return "n/a" if value is None else f"{value:.1f} MB"
    def duration(ms):
        return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.1f} ms"
    missed = []
    def against(ratio, target, what):
        """The ratio with its target beside it; a ratio above its target is also listed as missed."""
        if ratio > target:
            missed.append(f"{what}: {ratio:.2f} (target ≤ {target:.2f})")
        return f"{ratio:.2f} (target ≤ {target:.2f})"
    header = (f"{'import':<14} {'moonshot':>9} {'sqlite3 same work':>18} {'ratio':>22} {'sqlite3 plain':>14} {'ratio':>6} "
              f"{'RSS moonshot':>13} {'RSS same work':>14} {'RSS plain':>10}")
    print(header)
    print("-" * len(header))
    for name, medians, memory in import_rows:
        mine, same, plain = medians["moonshot"], medians["sqlite3 same work"], medians["sqlite3 plain"]
        print(f"{name:<14} {duration(mine):>9} {duration(same):>18} {against(mine / same, TARGETS['import'], f'import {name}'):>22} "
              f"{duration(plain):>14} {mine / plain:>6.2f} "
              f"{megabytes(memory['moonshot']):>13} {megabytes(memory['sqlite3 same work']):>14} {megabytes(memory['sqlite3 plain']):>10}")
    print()
    header = f"{'re-import':<14} {'fresh':>9} {'re-import':>10} {'ratio':>6} {'RSS fresh':>10} {'RSS re-import':>14}"
    print(header)
    print("-" * len(header))
    for name, fresh, again, fresh_memory, again_memory in reimport_rows:
        print(f"{name:<14} {duration(fresh):>9} {duration(again):>10} {again / fresh:>6.2f} "
              f"{megabytes(fresh_memory):>10} {megabytes(again_memory):>14}")
    if query_rows:
        print()
        header = f"{'question':<38} {'moonshot':>10} {'sqlite3':>10} {'ratio':>22}"
        print(header)
        print("-" * len(header))
        for label, mine, theirs in query_rows:
            print(f"{label:<38} {mine:>8.2f}ms {theirs:>8.2f}ms {against(mine / theirs, TARGETS['question'], label):>22}")
    if check_rows:
        print()
        header = f"{'check':<14} {'time':>9} {'peak memory':>26}"
        print(header)
        print("-" * len(header))
        for name, ms, memory in check_rows:
            shown = "n/a" if memory is None else against(memory, TARGETS["check MiB"], f"check {name}, MiB").replace("(", "MiB (")
            print(f"{name:<14} {duration(ms):>9} {shown:>26}")
    print()
    print("content: at every size both tools loaded the same missions, astronauts and crew rows, "
          "canonical_role included, and so did moonshot's re-import")
    if "~10 MB" in per_mb and "~300 MB" in per_mb:
        small, large = per_mb["~10 MB"], per_mb["~300 MB"]
        print()
        print(f"import cost per MB: {small:.1f} ms at ~10 MB, {large:.1f} ms at ~300 MB "
              f"({(large / small - 1) * 100:+.0f}%)")
    print()
    if missed:
        print("TARGETS MISSED in this run:")
        for line in missed:
            print(f"  {line}")
    else:
        print("every target was met in this run")


def first_astronaut(database):
    result = subprocess.run(["sqlite3", database, "SELECT astronaut_id FROM crew ORDER BY mission_id LIMIT 1"],
                            capture_output=True, text=True, check=True)
    return result.stdout.strip()


def moonshot_version():
    return subprocess.run([BINARY, "--version"], capture_output=True, text=True).stdout.strip()


def sqlite_version():
    return subprocess.run(["sqlite3", "--version"], capture_output=True, text=True).stdout.split()[0]


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


if __name__ == "__main__":
    main()
