#!/usr/bin/env bash
# needs: servers
# `--workload pgbench:FILE.sql[@weight],...` in `lab ab` and `lab run`, kept short (--quick:
# 3 s warm-up, 3 s trials, 3 interleaved trials each (5 for the A/A), PostgreSQL 18, Debian's
# pgbench): a configuration against itself on a read script (--init 'pgbench -i -s 1') finds no measurable
# difference; synchronous_commit = off against on, on a script of one-row INSERTs each its own
# commit (--init FILE.sql), finds a significant one: every commit waits for its WAL fsync when
# it is on. The usage errors: no pgbench, a bad script list, --init without the workload.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

work="$(mktemp -d /tmp/pgknob-t-lab-pgbench.XXXXXX)"
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
export XDG_STATE_HOME="$work/state"

printf 'CREATE TABLE events (id bigserial PRIMARY KEY, payload text);\n' > "$work/init.sql"
printf "INSERT INTO events (payload) VALUES ('x');\n" > "$work/write.sql"
cat > "$work/read.sql" <<'SQL'
\set aid random(1, 100000)
SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
SQL
printf 'shared_buffers = 128MB\n' > "$work/same.conf"
printf 'synchronous_commit = on\n' > "$work/on.conf"
printf 'synchronous_commit = off\n' > "$work/off.conf"

# ---- usage errors, before any cluster ------------------------------------------------------
PGKNOB_PGBENCH=/nonexistent/pgbench expect_exit 2 "no pgbench: exit 2 and what to do" -- \
  "$PGKNOB" lab ab "$work/off.conf" --workload "pgbench:$work/write.sql"
check "  ... names the missing program and make deps" \
  bash -c 'grep -q "no pgbench program found" <<<"$1" && grep -q "make deps" <<<"$1"' _ "$ERR"
expect_exit 2 "a script that does not exist" -- \
  "$PGKNOB" lab ab "$work/off.conf" --workload "pgbench:$work/write.sql@2,$work/nope.sql"
check "  ... names the file" grep -q "nope.sql" <<<"$ERR"
expect_exit 2 "a weight beyond 1000" -- \
  "$PGKNOB" lab ab "$work/off.conf" --workload "pgbench:$work/write.sql@5000"
expect_exit 2 "a workload that is not pgbench:" -- \
  "$PGKNOB" lab run --workload "sysbench:$work/write.sql"
expect_exit 2 "--init without --workload pgbench:" -- \
  "$PGKNOB" lab run --init "$work/init.sql"
expect_exit 2 "--init 'pgbench -i' with a bad scale" -- \
  "$PGKNOB" lab ab "$work/off.conf" --workload "pgbench:$work/read.sql" --init 'pgbench -i -s x'

bin18="$(pg_bin_dir 18)" || { fail "no PostgreSQL 18 build"; done_testing; exit; }
[ -x /usr/lib/postgresql/15/bin/pgbench ] || fail "Debian's pgbench is missing: run make deps"

py() { python3 - "$1/summary.json"; }

# ---- a configuration against itself ----------------------------------------------------
# five trials: the A/A verdict is the check here that noise can break, and three 3 s trials
# on a loaded machine leave it to chance
expect_exit 0 "lab ab X X --workload pgbench:read.sql --init 'pgbench -i -s 1'" -- \
  "$PGKNOB" lab ab "$work/same.conf" "$work/same.conf" --quick --trials 5 --duration 3s --pg-bin "$bin18" \
    --workload "pgbench:$work/read.sql" --init 'pgbench -i -s 1' --out "$work/same"
echo "$OUT" | sed 's/^/    /'
check "  ... says: no measurable difference" grep -q '^verdict: no measurable difference' <<<"$OUT"
check "  ... the report: pgbench's workload, 5 trials each, a per-second series, restored" \
  py "$work/same" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["conditions"]["trials"] == 5 and doc["restored"] is True
a, b = doc["stages"]
for s in (a, b):
    assert s["workload"]["type"] == "pgbench", s["workload"]
    assert s["workload"]["pgbench_scripts"].endswith("read.sql")
    assert s["trials"]["n"] == 5 and all(t > 0 for t in s["trials"]["tps"])
    assert len(s["per_second"]) >= 3 and sum(s["per_second"]) > 0, s["per_second"]
    assert s["latency_ms"]["p95"] > 0
assert not a["slower_ci95"]["beyond_floor"], a["slower_ci95"]
PY
check "  ... the report names the scripts, not the TPC-C-derived database" \
  bash -c 'grep -q "pgbench scripts" "$1" && ! grep -q "TPC-C.* database of" "$1"' _ "$work/same/summary.md"

# ---- synchronous_commit = off against on, on small commits ------------------------------
expect_exit 0 "lab ab off.conf on.conf --workload pgbench:write.sql --init init.sql" -- \
  "$PGKNOB" lab ab "$work/off.conf" "$work/on.conf" --quick --duration 3s --pg-bin "$bin18" \
    --workload "pgbench:$work/write.sql" --init "$work/init.sql" --out "$work/sync"
echo "$OUT" | sed 's/^/    /'
check "  ... A (off) is significantly faster" \
  grep -Eq '^verdict: A is [0-9.e+]+× faster than B, significant' <<<"$OUT"
check "  ... the interval lies beyond the floor" py "$work/sync" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
a, b = doc["stages"]
ci = a["slower_ci95"]
assert ci["significant"] and ci["beyond_floor"] and ci["ci95_high"] < 1 / 1.05, ci
PY

# ---- lab run with the user's workload -----------------------------------------------------
expect_exit 0 "lab run 00-baseline --workload pgbench:write.sql@3,read-free.sql@1" -- \
  "$PGKNOB" lab run 00-baseline --quick --duration 2s --pg-bin "$bin18" \
    --workload "pgbench:$work/write.sql@3,$work/write.sql@1" --init "$work/init.sql" \
    --out "$work/run"
check "  ... measured the baseline with pgbench" py "$work/run" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
(s,) = doc["stages"]
assert s["workload"]["type"] == "pgbench" and s["tps"] > 0, s
PY

done_testing
