#!/usr/bin/env python3
"""Benchmarks `moonshot site` on the Apollo dataset: time, peak memory and size.

    python3 benchmarks/site.py               # builds the release binary, 31 runs of each
    python3 benchmarks/site.py --runs 101 --binary /tmp/build/release/moonshot

The targets (issue #14): the whole Apollo site, pictures included, under 2 MB, written in
under a second. For scale, the same run measures the floor for writing those files: `cp -r`
of the site moonshot wrote into a new folder followed by `sync -f` on it, since moonshot flushes
every file to the disk before the new folder takes the old one's place (what makes the write
survive a power cut). Runs are interleaved; each moonshot run replaces the site of the run
before, as a user's second `moonshot site site` does. It prints medians and the ratio
(moonshot / cp; moonshot also reads the database, renders 45 pages and decodes the pictures).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from run import BINARY, ROOT, machine, peak_memory, run


def folder_bytes(path):
    return sum(os.path.getsize(os.path.join(folder, name)) for folder, _, names in os.walk(path) for name in names)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=31, help="runs of each (default 31)")
    parser.add_argument("--binary", help="use this moonshot binary instead of building one")
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


def version(binary):
    return subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    sys.exit(main())
