#!/usr/bin/env python3
"""Writes Sources/moonshot/startup-order.txt: the functions a question runs, for the release link.

    python3 benchmarks/startup_order.py            # builds the release binary first
    python3 benchmarks/startup_order.py --no-build

The release build links with lld and this file as its symbol ordering file (Package.swift), so
that the code a question runs sits together in the binary instead of being spread over its 8 MB
of code: a question then maps fewer pages of the binary, about 5-9% of its time when the binary
is read back from disk (benchmarks/run.py measures in that state; docs/performance.md has the figures).

It runs each question below once under valgrind's callgrind (on a copy of the binary without
debug information, which this valgrind cannot read) and lists every function any of them ran:
those all the questions run first, then those fewer run. A function added since is placed
after these: the file needs writing again only when a question's figures slip. Needs valgrind
and objcopy.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "moonshot")
ORDER = os.path.join(ROOT, "Sources", "moonshot", "startup-order.txt")

# The questions whose code is put first: the canned questions in each output format, and a guess.
QUESTIONS = [
    ["commander", "11"], ["crew", "13"], ["mission", "11"], ["missions"], ["flights", "lovell"],
    ["astronaut", "armstrong"], ["astronauts"], ["crewmates", "lovell"], ["search", "oxygen", "tank"],
    ["flights", "Jim", "Lovell"], ["commander", "13", "--format", "json"], ["flights", "lovell", "--format", "csv"],
]


def functions_run(binary, argv):
    """The functions one run of binary with argv executes, as callgrind names them."""
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out.name}", binary] + argv,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        names, ordered = {}, []
        for line in open(out.name, encoding="utf-8", errors="replace"):
            match = re.match(r"^c?fn=\((\d+)\)(?: (.*))?$", line.strip())
            if match:
                number, name = match.groups()
                if name:
                    names[number] = name
                if number in names and not names[number].startswith("0x"):
                    # callgrind marks a recursive call's cycle with 'N; the symbol has no mark.
                    ordered.append(re.sub(r"'\d+$", "", names[number]))
        return ordered


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-build", action="store_true", help="use the existing release binary")
    args = parser.parse_args()
    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory(prefix="moonshot-order-") as scratch:
        binary = os.path.join(scratch, "moonshot")
        subprocess.run(["objcopy", "--strip-debug", BINARY, binary], check=True)
        database = os.path.join(scratch, "apollo.db")
        subprocess.run([binary, "import", "--db", database], check=True, stdout=subprocess.DEVNULL)
        # The functions every question runs first, then those fewer run, so that the path all
        # questions share is the densest; in the order callgrind first names them within that.
        runs, first = {}, {}
        for argv in QUESTIONS:
            names = functions_run(binary, argv + ["--db", database])
            for name in set(names):
                runs[name] = runs.get(name, 0) + 1
            for name in names:
                first.setdefault(name, len(first))
        order = sorted(runs, key=lambda name: (-runs[name], first[name]))
    with open(ORDER, "w", encoding="utf-8") as file:
        file.write("\n".join(order) + "\n")
    # SwiftPM does not know the link reads the file: the next release build links again only
    # when the binary is gone.
    os.remove(BINARY)
    print(f"{len(order)} functions written to {os.path.relpath(ORDER, ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
