#!/usr/bin/env python3
"""Runs moonshot on hostile inputs and reports how each went: wall time, peak memory, exit status.

    python3 benchmarks/hostile.py                                   # builds the release binary if needed
    python3 benchmarks/hostile.py --binary /tmp/build/release/moonshot --work /tmp/hostile

The cases, each input generated deterministically into the scratch folder (--work, or a temporary
folder removed at the end):

a. `import --check` of 30,000 missions whose "id" is a string (one problem each);
b. `import --check` of 333,334 `{"id":"a"}` missions: 1,000,002 problems;
c. `import --check` of ~100 MB of missions in the Apollo shape, 20,000 of them launched YYYY/MM/DD;
d. `import` of one mission whose crew lists 40,000 astronauts;
e. `import` of a mission with a 100 MB description (over the 16 MiB limit of a record), of one with
   a 10 MB description, and `mission 1 --format json` on that database;
f. on a 2 MB tmpfs (root only): `import` of the Apollo data, then of a ~3 MB dataset that does not fit;
g. `import` of a ~29 MB dataset under `ulimit -f 1000`;
h. `mission 1` and `sql` as tables 80 columns wide, of a mission whose description is one word of 1 MB, then 10 MB;
i. `search` and `astronaut` given 5,000 words: the same word, and different ones;
j. `sql --timeout 1` and `--timeout 3` of one `instr()` call that takes about a minute (one step of SQLite's),
   and `crew 11` on a database whose crew_roster view computes it (refused);
k. `import --wait 5` of ~90 MB (60,000 missions) while a sqlite3 reader keeps a transaction open, in
   rollback-journal mode: the import spills its page cache and asks for the lock each time.

Missions files alone use the built-in astronauts.json. Each case stops after --timeout seconds
(TIMEOUT). Peak memory is the max RSS measured by GNU time (apt-get install time).
"""
import argparse
import datetime
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

import generate

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# moonshot imports a missions file together with an astronauts file: the Apollo one, for missions of a case's own.
APOLLO_ASTRONAUTS = os.path.join(ROOT, "Resources", "astronauts.json")


def measure(argv, timeout, work):
    """Runs argv under GNU time, stdout discarded; returns (seconds, max RSS in KiB or None, status, stderr).

    status is the exit code, "signal N (NAME)" or "TIMEOUT"; stderr is (first line, line count)."""
    report, errors = os.path.join(work, "time.out"), os.path.join(work, "stderr.out")
    with open(os.devnull, "wb") as devnull, open(errors, "wb") as stderr:
        start = time.perf_counter()
        process = subprocess.Popen(["/usr/bin/time", "-o", report, "-f", "%M"] + argv, stdin=subprocess.DEVNULL,
                                   stdout=devnull, stderr=stderr, start_new_session=True)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)  # GNU time and what it runs
        elapsed = time.perf_counter() - start
    with open(report) as f:  # GNU time creates it first thing
        lines = f.read().splitlines()
    rss = int(lines[-1]) if lines and lines[-1].isdigit() else None
    status = str(process.wait())  # GNU time's, which is the command's when it exited
    for line in lines:  # GNU time's own words for how the command ended
        if "terminated by signal" in line:
            number = int(line.split()[-1])
            status = f"signal {number} ({signal.Signals(number).name})"
    if process.returncode == -signal.SIGKILL:  # killed above: GNU time is killed by nothing else
        status = "TIMEOUT"
    return elapsed, rss, status, first_line_and_count(errors)


def first_line_and_count(path):
    """The first line of a file (which may be hundreds of MB) and its number of lines."""
    with open(path, "rb") as f:
        first = f.readline().decode(errors="replace").rstrip("\n")
        count = 1 if first else 0
        while chunk := f.read(1 << 20):
            count += chunk.count(b"\n")
    return first, count


def prose(rng, size):
    """About size bytes of sentences in generate.py's words (non-ASCII ones included), JSON-escaped."""
    sentences, length = [], 0
    while length < size:
        sentence = " ".join(rng.choice(generate.WORDS) for _ in range(rng.randint(6, 14)))
        if rng.random() < 0.3:
            sentence += ' "' + rng.choice(generate.ACCENTED) + '"'
        sentence = sentence.capitalize() + (".\n\n" if rng.random() < 0.1 else ". ")
        sentences.append(sentence)
        length += len(sentence.encode())
    return json.dumps("".join(sentences).strip(), ensure_ascii=False)[1:-1]


def write_string_ids(path, count):
    """Case a: missions valid but for their string "id"."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("[" + ",".join(f'{{"id":"apollo{n}","launchDate":"1969-07-16","crew":[{{"name":"armstrong",'
                               f'"role":"Commander"}}],"description":"Mission {n}."}}' for n in range(count)) + "]")


def write_bare_ids(path, count):
    """Case b: [{"id":"a"},...], three problems each: id type, crew and description missing."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("[" + ",".join(['{"id":"a"}'] * count) + "]")


def write_astronauts(path, count, rng):
    """An astronauts.json object of count astronauts a0, a1, ... with one-sentence descriptions."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("{" + ",".join(f'"a{n}":{{"id":"a{n}","name":"{rng.choice(generate.FIRST)} {rng.choice(generate.LAST)}",'
                               f'"description":"{prose(rng, 40)}"}}' for n in range(count)) + "}")


def write_bad_dates(folder, missions, astronauts, bad_dates):
    """Case c: minified Apollo-shaped missions with ~900-byte descriptions; bad_dates of them YYYY/MM/DD."""
    rng = random.Random(1969)
    write_astronauts(os.path.join(folder, "astronauts.json"), astronauts, rng)
    pool = [prose(rng, 880) for _ in range(128)]  # descriptions drawn from a pool: fast, still varied
    start, spacing = datetime.date(1961, 1, 1), missions // bad_dates
    with open(os.path.join(folder, "missions.json"), "w", encoding="utf-8") as f:
        f.write("[")
        for n in range(missions):
            date = (start + datetime.timedelta(days=rng.randrange(40000))).isoformat()
            if n % spacing == 0 and n // spacing < bad_dates:
                date = date.replace("-", "/")
            crew = ",".join(f'{{"name":"a{a}","role":"{rng.choice(generate.ROLES)}"}}'
                            for a in rng.sample(range(astronauts), rng.randint(2, 7)))
            f.write(("," if n else "") + f'{{"id":{n + 1},"launchDate":"{date}","crew":[{crew}],'
                                         f'"description":"{rng.choice(pool)}"}}')
        f.write("]")


def write_huge_crew(folder, count):
    """Case d: one mission crewed by all count astronauts of astronauts.json."""
    rng = random.Random(1969)
    write_astronauts(os.path.join(folder, "astronauts.json"), count, rng)
    crew = ",".join(f'{{"name":"a{n}","role":"{rng.choice(generate.ROLES)}"}}' for n in range(count))
    with open(os.path.join(folder, "missions.json"), "w", encoding="utf-8") as f:
        f.write(f'[{{"id":1,"launchDate":"1969-07-16","crew":[{crew}],"description":"A crowded flight."}}]')


def write_long_description(path, size):
    """Case e: one Apollo 11-like mission whose description is size bytes of prose."""
    block = prose(random.Random(1969), 1 << 16)
    text = (block * (size // len(block) + 1))[:size].rstrip("\\")  # never cut an escape in two
    with open(path, "w", encoding="utf-8") as f:
        f.write('[{"id":1,"launchDate":"1969-07-16","crew":[{"name":"armstrong","role":"Commander"}],'
                f'"description":"{text}"}}]')


def write_long_word(path, size):
    """Case h: one mission whose description is a single word of size letters, crewed by Armstrong."""
    with open(path, "w", encoding="utf-8") as f:
        f.write('[{"id":1,"launchDate":"1969-07-16","crew":[{"name":"armstrong","role":"Commander"}],'
                f'"description":"{"x" * size}"}}]')


def generated(work, missions, astronauts):
    """generate.py's dataset of that size (pretty-printed, like the benchmark's) in work; its two paths."""
    folder = os.path.join(work, f"gen-{missions}m-{astronauts}a")
    generate.generate(missions, astronauts, folder)
    return os.path.join(folder, "missions.json"), os.path.join(folder, "astronauts.json")


def megabytes(*paths):
    return f"{sum(os.path.getsize(p) for p in paths) / 1e6:.0f} MB"


def tmpfs_cases(binary, work, timeout):
    """Case f: the Apollo import, then a ~3 MB one, into a database on a 2 MB tmpfs. Rows and a note."""
    if os.geteuid() != 0:
        return [], "f. skipped: mounting a tmpfs needs root"
    missions, astronauts = generated(work, 2_100, 360)
    mount = os.path.join(work, "tmpfs")
    os.makedirs(mount, exist_ok=True)
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mount]).returncode != 0:
        return [], "f. skipped: mount -t tmpfs failed"
    try:
        db = os.path.join(mount, "moonshot.db")
        rows = [("f. import Apollo data, 2 MB tmpfs", measure([binary, "import", "--db", db], timeout, work)),
                (f"f. then import {megabytes(missions, astronauts)}, 2 MB tmpfs",
                 measure([binary, "import", "--missions", missions, "--astronauts", astronauts, "--db", db], timeout, work))]
        return rows, "f. afterwards: " + database_state(db)
    finally:
        subprocess.run(["umount", mount], check=True)


def database_state(db):
    """What a database file holds after a case, read only (a journal left behind is not rolled back)."""
    if not os.path.exists(db):
        return f"{os.path.basename(db)} is missing"
    state = f"{os.path.basename(db)} is {os.path.getsize(db):,} bytes"
    if os.path.exists(db + "-journal"):
        state += f", with a {os.path.getsize(db + '-journal'):,}-byte journal left beside it"
    if os.path.getsize(db) == 0:
        return state + " (no database yet)"
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
        missions = connection.execute("SELECT count(*) FROM missions").fetchone()[0]
        return f"{state}: integrity_check {integrity}, {missions} missions"
    except sqlite3.Error as error:
        return f"{state}; a read-only sqlite3 connection says: {error}"
    finally:
        connection.close()


def run_cases(binary, work, timeout):
    """Every case in order: a list of (label, measurement) and a list of notes."""
    rows, notes = [], []
    def case(label, argv):
        print(f"{label} ...", file=sys.stderr)
        rows.append((label, measure(argv, timeout, work)))
    path = lambda *names: os.path.join(work, *names)
    for name in os.listdir(work):  # a --work folder used before: every import starts without a database
        if ".db" in name:
            os.remove(path(name))

    write_string_ids(path("a.json"), 30_000)
    case("a. --check 30,000 string ids", [binary, "import", "--check", "--missions", path("a.json"), "--astronauts", APOLLO_ASTRONAUTS])
    write_bare_ids(path("b.json"), 333_334)
    case("b. --check 1,000,002 problems", [binary, "import", "--check", "--missions", path("b.json"), "--astronauts", APOLLO_ASTRONAUTS])
    os.makedirs(path("c"), exist_ok=True)
    write_bad_dates(path("c"), 87_000, 2_000, 20_000)
    c = path("c", "missions.json"), path("c", "astronauts.json")
    case(f"c. --check {megabytes(*c)}, 20,000 bad dates", [binary, "import", "--check", "--missions", c[0], "--astronauts", c[1]])
    os.remove(c[0])
    os.makedirs(path("d"), exist_ok=True)
    write_huge_crew(path("d"), 40_000)
    case("d. import crew of 40,000", [binary, "import", "--missions", path("d", "missions.json"),
                                      "--astronauts", path("d", "astronauts.json"), "--db", path("d.db")])
    write_long_description(path("e100.json"), 100_000_000)
    case("e. import 100 MB description", [binary, "import", "--missions", path("e100.json"), "--astronauts", APOLLO_ASTRONAUTS, "--db", path("e100.db")])
    notes.append("e. 100 MB description, afterwards: " + database_state(path("e100.db")))
    os.remove(path("e100.json"))
    write_long_description(path("e10.json"), 10_000_000)
    case("e. import 10 MB description", [binary, "import", "--missions", path("e10.json"), "--astronauts", APOLLO_ASTRONAUTS, "--db", path("e10.db")])
    case("e. mission 1 --format json (10 MB)", [binary, "--db", path("e10.db"), "mission", "1", "--format", "json"])
    tmpfs_rows, note = tmpfs_cases(binary, work, timeout)
    rows += tmpfs_rows
    notes.append(note)
    g = generated(work, 20_000, 4_000)
    case(f"g. import {megabytes(*g)}, ulimit -f 1000", ["sh", "-c", 'ulimit -f 1000; exec "$@"', "sh", binary, "import",
                                                        "--missions", g[0], "--astronauts", g[1], "--db", path("g.db")])
    notes.append("g. afterwards: " + database_state(path("g.db")))
    case("g. then missions (a question)", [binary, "--db", path("g.db"), "missions"])
    notes.append("g. after the question: " + database_state(path("g.db")))
    for size, label in [(1_000_000, "1 MB"), (10_000_000, "10 MB")]:
        write_long_word(path("h.json"), size)
        db = path(f"h{size}.db")
        subprocess.run([binary, "import", "--missions", path("h.json"), "--astronauts", APOLLO_ASTRONAUTS, "--db", db],
                       check=True, stdout=subprocess.DEVNULL)
        case(f"h. mission 1, a {label} word, table of 80", ["env", "COLUMNS=80", binary, "--db", db, "mission", "1"])
        case(f"h. sql of the {label} word, table of 80", ["env", "COLUMNS=80", binary, "--db", db, "sql", "SELECT description FROM missions"])
    os.remove(path("h.json"))
    apollo = path("i.db")
    subprocess.run([binary, "import", "--db", apollo], check=True, stdout=subprocess.DEVNULL)
    case("i. search, 5,000 times the same word", [binary, "--db", apollo, "search", " ".join(["moon"] * 5_000)])
    case("i. search, 5,000 different words", [binary, "--db", apollo, "search", " ".join(f"w{n}" for n in range(5_000))])
    case("i. astronaut, 5,000 times the same word", [binary, "--db", apollo, "astronaut", " ".join(["the"] * 5_000)])
    slow = "instr(printf('%.*c', 30000000, 'a'), printf('%.*c', 100000, 'a') || 'b')"
    for limit in ["1", "3"]:
        case(f"j. sql --timeout {limit}, one minute-long call", [binary, "--db", apollo, "sql", f"SELECT {slow}", "--timeout", limit])
    crafted = path("j.db")
    subprocess.run([binary, "import", "--db", crafted], check=True, stdout=subprocess.DEVNULL)
    connection = sqlite3.connect(crafted)
    connection.executescript(f"""DROP VIEW mission_commanders; DROP VIEW crew_roster;
        CREATE VIEW crew_roster AS SELECT m.id AS mission_id, m.name AS mission_name, m.launch_date, c.position,
        a.id AS astronaut_id, a.name AS astronaut_name, c.role, c.canonical_role FROM crew AS c
        JOIN missions AS m ON m.id = c.mission_id JOIN astronauts AS a ON a.id = c.astronaut_id WHERE {slow} = 0;""")
    connection.close()
    case("j. crew 11, crew_roster computes it", [binary, "--db", crafted, "crew", "11"])
    k = generated(work, 60_000, 10_000)
    held = path("k.db")
    subprocess.run([binary, "import", "--db", held], check=True, stdout=subprocess.DEVNULL)
    reader = subprocess.Popen(["sqlite3", held], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    reader.stdin.write("BEGIN; SELECT count(*) FROM missions;\n")
    reader.stdin.flush()
    reader.stdout.readline()  # the reader holds its lock from here
    case(f"k. import --wait 5 of {megabytes(*k)}, a reader", [binary, "import", "--wait", "5", "--missions", k[0],
                                                               "--astronauts", k[1], "--db", held])
    reader.communicate("COMMIT;\n")
    notes.append("k. afterwards: " + database_state(held))
    return rows, notes


def default_binary():
    """.build/release/moonshot, built as docs/install.md says when it is not there yet."""
    binary = os.path.join(ROOT, ".build", "release", "moonshot")
    if not os.path.exists(binary):
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    return binary


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", help="the moonshot binary (default: .build/release/moonshot, built if missing)")
    parser.add_argument("--work", help="scratch folder for inputs and databases (default: a temporary one, removed)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds each case may take (default 120)")
    args = parser.parse_args()
    if not os.path.exists("/usr/bin/time"):
        sys.exit("GNU time is needed: apt-get install time")
    binary = os.path.abspath(args.binary) if args.binary else default_binary()
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="moonshot-hostile-")
    os.makedirs(work, exist_ok=True)
    try:
        rows, notes = run_cases(binary, work, args.timeout)
    finally:
        if not args.work:
            shutil.rmtree(work)

    version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()
    print()
    print(f"hostile inputs: {binary} ({version}), timeout {args.timeout:.0f} s per case")
    print()
    header = f"{'case':<40} {'wall':>8} {'peak RSS':>9} {'exit':<19} {'stderr lines':>12}  first line of stderr"
    print(header)
    print("-" * len(header))
    for label, (seconds, rss, status, (first, count)) in rows:
        memory = "n/a" if rss is None else f"{rss / 1024:.1f} MB"
        print(f"{label:<40} {seconds:>6.2f} s {memory:>9} {status:<19} {count:>12,}  {first}")
    print()
    for note in notes:
        print(note)


if __name__ == "__main__":
    main()
