#!/usr/bin/env bash
# TPC-C and tpmC are the TPC's trademarks: the docs, help texts, labs, rule explanations, report
# examples and goldens call the workload "TPC-C-derived" and never name a figure tpmC. A use
# that only refers to the specification, its results or the trademark itself is allowed.
# Prints each offending file:line.   tests/docs/naming.sh [ROOT]
set -uo pipefail
root="${1:-.}"
cd "$root" || exit 2
python3 - <<'PY'
import pathlib, re, sys
roots = ["README.md", "docs", "labs", "rules", "reports", "tests/golden", "editors"]
exts = {".md", ".ini", ".txt", ".conf", ".json", ".html", ".sarif", ".svg"}
files = []
for r in roots:
    p = pathlib.Path(r)
    if p.is_file():
        files.append(p)
    elif p.is_dir():
        files += [f for f in p.rglob("*") if f.is_file() and f.suffix in exts
                  and "node_modules" not in f.parts and not str(f).startswith("docs/review/")]
# a line break inside a phrase ("TPC-C\n  results") is a space
allowed = re.compile(r"TPC-C(-derived|[\s*\\]+(specification|results|and\s+tpmC\s+are\s+trademarks))")
bad = []
for f in sorted(set(files)):
    text = f.read_text(errors="replace")
    for m in re.finditer(r"TPC-C|tpmC", text):
        line = text.count("\n", 0, m.start()) + 1
        if m.group() == "TPC-C" and (allowed.match(text, m.start())
                                     or re.search(r"derived\s+from\s+$", text[max(0, m.start() - 20):m.start()])):
            continue
        if m.group() == "tpmC" and re.search(r"TPC-C\s+and\s+tpmC$", text[max(0, m.start() - 20):m.end()]):
            continue
        bad.append(f"{f}:{line}: {text[m.start():m.start() + 40].splitlines()[0]}")
if bad:
    print('naming: TPC-C named without "derived", or a figure called tpmC:')
    print("\n".join(bad))
    sys.exit(1)
print("naming: every TPC-C is TPC-C-derived; no figure is called tpmC")
PY
