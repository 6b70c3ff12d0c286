#!/usr/bin/env python3
"""Runs a Python command-line program (datasette, sqlite-utils: its console script) once for
each of many argument lists, one after another in this one process: the program's own entry
point each time, as its script calls it, without starting Python and importing the program
again each time (most of the time of a run such as `datasette DB --get PATH`).

    run_many.py PROGRAM < ARGUMENTS.json

ARGUMENTS.json is a list of argument lists. Prints a JSON list with, for each, the exit status
and what the run wrote: {"status": 0, "stdout": "...", "stderr": "..."}.
"""
import contextlib
import io
import json
import sys
import traceback
from importlib.metadata import entry_points


def run(main, program, arguments):
    """Runs `main` as the console script `program` with `arguments`; returns its exit status
    and what it wrote on standard output and standard error."""
    stdout, stderr = io.StringIO(), io.StringIO()
    status = 0
    sys.argv = [program, *arguments]
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            main()
        except SystemExit as exit:
            if isinstance(exit.code, int):
                status = exit.code
            elif exit.code is not None:
                print(exit.code, file=sys.stderr)
                status = 1
        except Exception:  # what Python does with an exception no one caught
            traceback.print_exc()
            status = 1
    return {"status": status, "stdout": stdout.getvalue(), "stderr": stderr.getvalue()}


def main(arguments):
    if len(arguments) != 1:
        sys.exit(__doc__)
    program = arguments[0]
    scripts = entry_points(group="console_scripts", name=program)
    if not scripts:
        sys.exit(f"{program} is not installed (no console script of that name)")
    entry = next(iter(scripts)).load()
    runs = [run(entry, program, each) for each in json.load(sys.stdin)]
    json.dump(runs, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
