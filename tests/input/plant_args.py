#!/usr/bin/env python3
"""Plants three mistakes into a real compose file's postgres argument list, by its lines (no YAML
library: the file's own text stays as it is).

    plant_args.py FILE OUT [MARKER]

After the first line that is `-c name=value` (after the line equal to MARKER, a service's
`  target:`, when given) (in a `command: |` or `>` block, one option a line),
three lines with its indentation are written: a typo, a bad unit and a removed parameter. Prints
one line per planted parameter: NAME LINE KEYCOLUMN VALUECOLUMN.
"""
import re
import sys

lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
start = lines.index(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[3] else 0
at = next(i for i, l in enumerate(lines) if i > start and re.match(r"^ *-c [a-z_.]+=", l))
ind = len(lines[at]) - len(lines[at].lstrip(" "))
planted = [("shared_bufers", "128MB"), ("work_mem", "64mb"), ("wal_keep_segments", "64")]
lines[at + 1:at + 1] = [" " * ind + "-c " + n + "=" + v for n, v in planted]
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(lines))
for k, (name, value) in enumerate(planted):
    print(name, at + 2 + k, ind + 4, ind + 4 + len(name) + 1)
