#!/usr/bin/env python3
"""Plants three mistakes into a real CloudFormation JSON template's parameter map, by its lines (no
JSON library: the file's own text stays as it is).

    plant_json.py FILE OUT RESOURCE

After the first `"Parameters": {` line that follows the line opening `"RESOURCE": {`, three
`"name": "value",` lines with the indentation of the map's first member are written: a typo, a bad
unit and a removed parameter. Prints one line per planted parameter: NAME LINE KEYCOLUMN
VALUECOLUMN (the columns of the opening quotes, where pgknob places a JSON key and value).
"""
import re
import sys

lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
start = next(i for i, l in enumerate(lines) if re.match(r'^ *"' + re.escape(sys.argv[3]) + r'": *\{', l))
at = next(i for i, l in enumerate(lines) if i > start and re.match(r'^ *"Parameters": *\{ *$', l))
member = lines[at + 1]
ind = len(member) - len(member.lstrip(" "))
planted = [("shared_bufers", "128MB"), ("work_mem", "64mb"), ("wal_keep_segments", "64")]
lines[at + 1:at + 1] = [" " * ind + '"%s": "%s",' % (n, v) for n, v in planted]
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(lines))
for k, (name, value) in enumerate(planted):
    print(name, at + 2 + k, ind + 1, ind + 1 + len(name) + 4)
