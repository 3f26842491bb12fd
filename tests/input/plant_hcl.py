#!/usr/bin/env python3
"""Plants three mistakes into a real Terraform file, by its lines.

    plant_hcl.py FILE ANCHOR OUT [LIST]

ANCHOR is a regular expression for the line to plant at: a list that opens on it
(`parameters = [`, `database_flags = [{ … }]`) gets three { name, value } objects right after
its `[`; any other line (a module's `family = "postgres17"`) gets a LIST (`parameters`) below it.
Prints one line per planted parameter: NAME LINE NAMECOLUMN VALUECOLUMN (the columns of the
opening quotes, where pgknob reports them).
"""
import re
import sys

path, anchor, out = sys.argv[1:4]
list_name = sys.argv[4] if len(sys.argv) > 4 else "parameters"
lines = open(path, encoding="utf-8").read().split("\n")
at = next(i for i, l in enumerate(lines) if re.search(anchor, l))
indent = len(lines[at]) - len(lines[at].lstrip(" "))
planted = [("shared_bufers", "128MB"), ("work_mem", "64mb"), ("wal_keep_segments", "64")]
items = []
pad = " " * (indent + 2)
for name, value in planted:
    items.append(f'{pad}{{ name = "{name}", value = "{value}" }},')
bracket = lines[at].find("[")
if bracket >= 0:
    head, rest = lines[at][:bracket + 1], lines[at][bracket + 1:]
    new = [head] + items + ([pad + rest.strip()] if rest.strip() else [])
    first = at + 2
else:
    new = [lines[at], " " * indent + list_name + " = ["] + items + [" " * indent + "]"]
    first = at + 3
lines[at:at + 1] = new
open(out, "w", encoding="utf-8").write("\n".join(lines))
for k, (name, value) in enumerate(planted):
    text = items[k]
    print(name, first + k, text.index('"') + 1, text.index('"', text.index("value")) + 1)
