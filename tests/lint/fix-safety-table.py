#!/usr/bin/env python3
"""Checks docs/fix.md's rule-by-rule safety table against the rules (t-fix-safety.sh). Arguments:
the rules directory, docs/fix.md, then files of "RULE<TAB>SAFETY,SAFETY" lines (the safeties each
linted example gave each rule's fixes). Prints one line per disagreement, then "checked N"."""
import glob, os, re, sys

rules_dir, doc = sys.argv[1:3]
text = open(doc, encoding='utf-8').read()
m = re.search(r'<!-- fix-safety-table -->\n(.*?)<!-- /fix-safety-table -->', text, re.S)
if not m:
    print('no table between the fix-safety-table markers in %s' % doc)
    sys.exit(0)
table = {}
for line in m.group(1).splitlines():
    cells = [c.strip() for c in line.strip().strip('|').split('|')]
    if len(cells) == 4 and re.fullmatch(r'[A-Z]+[0-9]+', cells[0]):
        if cells[0] in table:
            print('%s is listed twice' % cells[0])
        if cells[2] not in ('safe', 'unsafe', 'depends'):
            print('%s: safety "%s" is not safe, unsafe or depends' % (cells[0], cells[2]))
        table[cells[0]] = cells[2]

with_fix = set()
for path in glob.glob(os.path.join(rules_dir, '**', '*.ini'), recursive=True):
    src = open(path, encoding='utf-8').read()
    rid = re.search(r'^id\s*=\s*(\S+)', src, re.M)
    if rid and re.search(r'^fix\s*=', src, re.M):
        with_fix.add(rid.group(1))
for rid in sorted(with_fix - set(table)):
    print('%s has a fix but no row in the table' % rid)
for rid in sorted(r for r in set(table) - with_fix if not r.startswith('PK00')):
    print('%s has a row but no fix' % rid)

checked = 0
for path in sys.argv[3:]:
    for line in open(path):
        rid, seen = line.rstrip('\n').split('\t')
        want = table.get(rid)
        if want in ('safe', 'unsafe'):
            checked += 1
            for got in seen.split(','):
                if got != want:
                    print('%s: the table says %s, an example gives %s' % (rid, want, got))
print('checked %d' % checked)
