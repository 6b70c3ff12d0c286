#!/usr/bin/env python3
"""Benchmarks `moonshot site` on the Apollo dataset: time, peak memory and size; and on a
large synthetic dataset: time and peak memory.

    python3 benchmarks/site.py               # builds the release binary, 31 runs of each, 60,000 missions
    python3 benchmarks/site.py --runs 101 --binary /tmp/build/release/moonshot
    python3 benchmarks/site.py --large 0     # the Apollo site only
    python3 benchmarks/site.py --compare /tmp/old/moonshot   # the large site by an older build too

The targets (issue #14): the whole Apollo site, pictures included, under 2 MB, written in
under a second. For scale, the same run measures the floor for writing those files: `cp -r`
of the site moonshot wrote into a new folder followed by `sync -f` on it, since moonshot flushes
every file to the disk before the new folder takes the old one's place (what makes the write
survive a power cut). Runs are interleaved; each moonshot run replaces the site of the run
before, as a user's second `moonshot site site` does. It prints medians and the ratio
(moonshot / cp; moonshot also reads the database, renders 45 pages and decodes the pictures).

The large site: `--large N` missions and N/3 astronauts in the Apollo shape from
benchmarks/generate.py (deterministic; kept in benchmarks/data/), imported once, then one
`moonshot site` into a new folder measured by GNU time (`/usr/bin/time -v`: wall time, CPU time
and peak RSS; apt-get install time). The pages are flushed to the disk one by one, so the wall
time depends on the disk; the CPU time less so. ext4 creates files more slowly for a few minutes
after many were deleted, so each run writes a new folder and the folders are removed at the end.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

from run import BINARY, DATA, ROOT, machine, peak_memory, run


def folder_bytes(path):
    return sum(os.path.getsize(os.path.join(folder, name)) for folder, _, names in os.walk(path) for name in names)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=31, help="runs of each (default 31)")
    parser.add_argument("--binary", help="use this moonshot binary instead of building one")
    parser.add_argument("--large", type=int, default=60_000, help="missions of the large site (default 60000; 0 skips it)")
    parser.add_argument("--compare", help="also measure the large site by this (older) moonshot binary")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary) if args.binary else BINARY
    if not args.binary:
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory(prefix="moonshot-site-bench-", dir=os.path.join(ROOT, ".build")) as scratch:
        os.chdir(scratch)
        run([binary, "import"])
        run([binary, "site", "site"])
        mine, theirs = [], []
        for index in range(args.runs):
            mine.append(run([binary, "site", "site"])[0])
            copy = f"copy-{index}"
            theirs.append(run(["sh", "-c", f"cp -r site {copy} && sync -f {copy}"])[0])
            shutil.rmtree(copy)
        memory = peak_memory([binary, "site", "site"])
        size = folder_bytes("site")
        files = sum(len(names) for _, _, names in os.walk("site"))

    median, worst, floor = statistics.median(mine) * 1000, max(mine) * 1000, statistics.median(theirs) * 1000
    print(f"moonshot {version(binary)} on {machine()}")
    print(f"{args.runs} interleaved runs of each; the Apollo site: {files} files, {size / 1e6:.2f} MB")
    print()
    header = f"{'':<34} {'median':>9} {'slowest':>9} {'peak RSS':>9}"
    print(header)
    print("-" * len(header))
    print(f"{'moonshot site (replacing)':<34} {median:>7.1f}ms {worst:>7.1f}ms {memory or 0:>7.1f}MB")
    print(f"{'cp -r + sync -f (same files)':<34} {floor:>7.1f}ms")
    print(f"{'ratio moonshot / cp':<34} {median / floor:>9.2f}")
    print()
    print(f"targets: size under 2 MB: {'met' if size < 2e6 else 'MISSED'}; "
          f"written in under a second: {'met' if worst < 1000 else 'MISSED'} (slowest run {worst:.0f} ms)")
    if args.large:
        binaries = [binary] + ([os.path.abspath(args.compare)] if args.compare else [])
        large_site(args.large, binaries)


def large_site(missions, binaries):
    """One `moonshot site` of `missions` synthetic missions by each binary, measured by GNU time."""
    if not os.path.exists("/usr/bin/time"):
        print("\nthe large site needs GNU time: apt-get install time")
        return
    astronauts = missions // 3
    folder = os.path.join(DATA, f"{missions}m-{astronauts}a")
    files = os.path.join(folder, "missions.json"), os.path.join(folder, "astronauts.json")
    if not all(os.path.exists(f) for f in files):
        print(f"generating {missions} missions in {folder} ...", file=sys.stderr)
        subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "generate.py"), "--missions", str(missions),
                        "--astronauts", str(astronauts), "--out", folder], check=True)
    print()
    print(f"large site: {missions} missions, {astronauts} astronauts (benchmarks/generate.py), one run each")
    header = f"{'':<34} {'wall':>9} {'CPU':>9} {'peak RSS':>9} {'pages':>7} {'index':>7} {'size':>9}"
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory(prefix="moonshot-site-large-", dir=os.path.join(ROOT, ".build")) as scratch:
        database = os.path.join(scratch, "large.db")
        run([binaries[0], "import", "--db", database, "--missions", files[0], "--astronauts", files[1]])
        for index, binary in enumerate(binaries):
            site = os.path.join(scratch, f"site-{index}")
            report = os.path.join(scratch, "time.txt")
            run(["/usr/bin/time", "-v", "-o", report, binary, "site", "--db", database, site])
            with open(report) as f:
                text = f.read()
            wall = text.split("Elapsed (wall clock) time (h:mm:ss or m:ss): ")[1].split()[0].split(":")
            seconds = sum(float(part) * 60 ** power for power, part in enumerate(reversed(wall)))
            cpu = float(re.search(r"User time \(seconds\): ([\d.]+)", text)[1]) + float(re.search(r"System time \(seconds\): ([\d.]+)", text)[1])
            memory = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)[1]) / 1024
            pages = sum(name.endswith(".html") for _, _, names in os.walk(site) for name in names)
            index_size = os.path.getsize(os.path.join(site, "index.html")) / 1e6
            label = f"moonshot site ({version(binary)})"
            print(f"{label:<34} {seconds:>8.1f}s {cpu:>8.1f}s {memory:>7.1f}MB {pages:>7} {index_size:>5.1f}MB {folder_bytes(site) / 1e6:>7.0f}MB")


def version(binary):
    return subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    sys.exit(main())
