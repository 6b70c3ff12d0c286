#!/usr/bin/env python3
"""Checks text that moonshot wrote for a terminal, read from standard input or from each FILE.

    python3 Tests/tools/check_terminal_output.py [--tables] [--pty] < output
    python3 Tests/tools/check_terminal_output.py [--tables] [--pty] FILE...

Prints one line per problem (under a line naming its FILE) and exits 1 when there are any.
Widths are measured by glibc's wcwidth under the C.UTF-8 locale, as a terminal measures them,
independently of moonshot.

- Nothing a terminal would obey: no C0 control but line feed, no DEL, no C1 control, no
  bidirectional control (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) and no line or
  paragraph separator (U+2028, U+2029).
- --pty: the text came through a pseudo-terminal, which turns each line feed into CR LF.
- --tables: every table (a heading line, then a rule of dashes) lines up: no line is wider
  than the rule, every line has spaces in the gaps between columns, no character straddles a
  column's edge, and each cell's text touches its column's left or right edge.
"""
import ctypes
import functools
import locale
import re
import sys

FORBIDDEN = set(range(0x00, 0x20)) - {0x0A}
FORBIDDEN |= {0x7F} | set(range(0x80, 0xA0))
FORBIDDEN |= {0x061C, 0x200E, 0x200F, 0x2028, 0x2029} | set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))

# One search a line finds the first of them.
FORBIDDEN_PATTERN = re.compile("[" + "".join(re.escape(chr(code)) for code in sorted(FORBIDDEN)) + "]")

locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
_libc_wcwidth = ctypes.CDLL("libc.so.6").wcwidth
_libc_wcwidth.argtypes = [ctypes.c_wchar]
_libc_wcwidth.restype = ctypes.c_int
# A text of a million characters holds few distinct ones: each is measured once.
_wcwidth = functools.lru_cache(maxsize=None)(_libc_wcwidth)


def cells(line):
    """The line as terminal cells: each holds the character that starts there, or None for the
    second cell of a wide character."""
    if line.isascii() and line.isprintable():
        return list(line)  # one cell each
    result = []
    for character in line:
        width = _wcwidth(character)
        if width < 0:
            width = 1
        if width == 0 and result:
            continue
        result.append(character)
        result.extend([None] * (width - 1))
    return result


@functools.lru_cache(maxsize=None)
def heading_cells(heading):
    """The cells of a table's heading line, worked out once for all its rows."""
    return cells(heading)


@functools.lru_cache(maxsize=None)
def heading_edges(heading, start, end):
    """Which edges of a column its heading's text touches: the side its values line up on."""
    return edges(heading_cells(heading), start, end) or (True, True)


def rule_columns(line):
    """The (start, end) cells of each column of a rule line such as '-----  ---', or None."""
    if not line or set(line) - {"-", " "} or line.startswith(" ") or line.endswith(" "):
        return None
    columns, start = [], None
    for index, character in enumerate(line + " "):
        if character == "-" and start is None:
            start = index
        elif character == " " and start is not None:
            columns.append((start, index))
            start = None
    gaps = [b[0] - a[1] for a, b in zip(columns, columns[1:])]
    return columns if all(gap == 2 for gap in gaps) else None


def edges(row, start, end):
    """Whether the text of the cells from start to end touches the left edge, the right edge."""
    segment = row[start:min(end, len(row))]
    if not "".join(filter(None, segment)).strip():  # (a cell is a character, or None)
        return None
    return segment[0] != " ", len(row) >= end and segment[-1] != " "


def check_table_line(number, line, columns, heading, problems):
    """Checks one line of a table; `heading` is the table's heading line, whose text shows on
    which side each column's values line up."""
    row = cells(line)
    width = columns[-1][1]
    if len(row) > width:
        problems.append(f"line {number}: {len(row)} cells, wider than its table ({width}): {line!r}")
    for index, (start, end) in enumerate(columns):
        if index > 0 and set(row[start - 2:start]) - {" "}:
            problems.append(f"line {number}: no gap before column {index + 1}: {line!r}")
        if start >= len(row):
            break
        if row[start] is None:
            problems.append(f"line {number}: a character straddles column {index + 1}'s edge: {line!r}")
        touches, aligned = edges(row, start, end), heading_edges(heading, start, end)
        if touches and not ((touches[0] and aligned[0]) or (touches[1] and aligned[1])):
            problems.append(f"line {number}: column {index + 1} is out of line: {line!r}")


def check(text, tables, pty):
    problems = []
    if pty:
        text = text.replace("\r\n", "\n")
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        if forbidden := FORBIDDEN_PATTERN.search(line):
            problems.append(f"line {number}: U+{ord(forbidden.group()):04X} would reach the terminal: {line!r}")
    if tables:
        columns, heading = None, None
        for number, line in enumerate(lines, 1):
            found = rule_columns(line) if number > 1 else None
            if found:
                columns, heading = found, lines[number - 2]
                check_table_line(number - 1, heading, columns, heading, problems)
            elif not line:
                columns = None
            elif columns:
                check_table_line(number, line, columns, heading, problems)
    return problems


def report(problems):
    for problem in problems[:20]:
        print(problem)
    if len(problems) > 20:
        print(f"... and {len(problems) - 20} more")


def main():
    tables, pty = "--tables" in sys.argv, "--pty" in sys.argv
    files = [argument for argument in sys.argv[1:] if argument not in ("--tables", "--pty")]
    failed = False
    for name in files or [None]:
        data = open(name, "rb").read() if name else sys.stdin.buffer.read()
        problems = check(data.decode("utf-8", errors="replace"), tables, pty)
        if problems and name:
            print(f"{name}:")
        report(problems)
        failed = failed or bool(problems)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
