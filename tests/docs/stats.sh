#!/usr/bin/env bash
# Per-rule fire counts on the real-world corpus (shared/corpus/realworld, found by tests/lib.sh),
# for docs/rules.md: each file linted for PostgreSQL 18 without host facts, counting each
# (rule, severity) once per file. A file is not its target, so no count depends on the machine
# running lint (PK0060 checks a locale name's form only).
#   stats.sh OUT    writes "# files N" and "ID<TAB>SEVERITY<TAB>FILES" lines to OUT
set -eu
source "$(dirname "$0")/../lib.sh"
out="$1"
dir=$(realworld_dir)
PGKNOB="${PGKNOB:-$PROJECT_ROOT/bin/pgknob}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
n=0
for conf in "$dir"/*.conf; do
  n=$((n + 1))
  # --config /dev/null: no .pgknob.ini of the working directory changes the counts
  PGKNOB_RULES_DIR="$PROJECT_ROOT/rules" "$PGKNOB" lint --pg-version 18 --fail-on never --format json \
    --config /dev/null "$conf" > "$tmp/$n.json" 2>/dev/null || { echo "stats.sh: lint failed on $conf" >&2; exit 2; }
done
python3 - "$tmp" "$n" > "$out" <<'PY'
import collections, glob, json, sys
tmp, n = sys.argv[1], int(sys.argv[2])
counts = collections.Counter()
for path in glob.glob(tmp + "/*.json"):
    seen = {(f["rule"], f["severity"]) for f in json.load(open(path))["findings"] if not f["suppressed"]}
    counts.update(seen)
print("# files %d" % n)
for (rule, sev), count in sorted(counts.items()):
    print("%s\t%s\t%d" % (rule, sev, count))
PY
