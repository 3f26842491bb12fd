#!/usr/bin/env bash
# needs: servers
# The labs: `pgknob lab run series --quick` on a throwaway PostgreSQL 18 cluster (every stage
# runs, the last is at least 10x slower than the baseline, the report renders), and the safety
# of runs against an existing server (refused without --allow-existing-server; settings
# restored after success, after an error, and after SIGINT/SIGTERM at random moments,
# postmaster-context parameters included). Bad lab files and usage: t-lab-cli.sh.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

work="$(mktemp -d /tmp/pgknob-t-lab.XXXXXX)"
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
export XDG_STATE_HOME="$work/state"   # the lab journals of this tier

bin18="$(pg_bin_dir 18)" || { fail "no PostgreSQL 18 build"; done_testing; exit; }

# ---- the quick series on a throwaway 18 cluster ---------------------------------------------
out="$work/series"
expect_exit 0 "lab run series --quick (throwaway 18 cluster)" -- \
  "$PGKNOB" lab run series --quick --pg-bin "$bin18" --out "$out"
echo "$OUT" | sed 's/^/    /'
json="$out/summary.json"
check "summary.json parses" python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$json"
check "summary.md, summary.html, chart.svg written" test -s "$out/summary.md" -a -s "$out/summary.html" -a -s "$out/chart.svg"
check "chart.svg is well-formed XML" xmllint --noout "$out/chart.svg"
check "chart.svg renders in Chromium: dots on a log axis at their values, an honest legend" \
  python3 "$PROJECT_ROOT/tests/lab/chart-check.py" "$out/chart.svg" "${PGKNOB_CHART_DIR:-$work}/series.png"
check "summary.md parses with cmark-gfm into a table" \
  bash -c "cmark-gfm -e table '$out/summary.md' | grep -q '<table>'"
check "summary.html has the table" grep -q '<table>' "$out/summary.html"
check "the conditions do not name the checkout's location (committed examples stay portable)" \
  bash -c '! grep -qF -- "$1" "$2"' _ "$PROJECT_ROOT/" "$out/summary.json"
py() { python3 - "$json" "$@"; }
check "six stages, every one measured, documented fields present" py <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
ids = [s["id"] for s in doc["stages"]]
assert ids == ["00-baseline", "01-tiny-cache", "02-vacuum-storm", "03-wal-torture",
               "04-no-indexes", "05-one-io-worker"], ids
for s in doc["stages"]:
    assert s["ran"], s["id"]
    for key in ("settings", "changes", "tps", "tps_text", "nopm", "latency_ms", "stats",
                "wait_events", "findings", "reference", "per_second", "workload"):
        assert key in s, (s["id"], key)
    assert s["workload"]["type"] == "tpcc"
    assert len(s["per_second"]) >= 1
assert doc["conditions"]["server_version"].startswith("18."), doc["conditions"]
assert doc["conditions"]["machine"]["cores"] >= 1
assert doc["restored"] is True
PY
check "the baseline completed transactions" py <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["stages"][0]
assert s["completed"] > 0 and s["tps"] > 0, s
PY
check "the final stage is at least 10x slower than the baseline" py <<'PY'
import json, sys
st = json.load(open(sys.argv[1]))["stages"]
base, last = st[0], st[-1]
if last["completed"] == 0:
    # nothing completed: its rate is below 1 per measured interval
    factor = base["tps"] * last["measured_s"]
else:
    factor = base["tps"] / last["tps"]
print("    final stage: %.1fx slower" % factor)
assert factor >= 10, factor
PY
check "stage 01 measured a lower cache hit ratio than the baseline" py <<'PY'
import json, sys
st = json.load(open(sys.argv[1]))["stages"]
assert st[1]["stats"]["cache_hit_ratio"] < st[0]["stats"]["cache_hit_ratio"], st[1]["stats"]
PY
check "stage 02 measured autovacuum runs" py <<'PY'
import json, sys
st = json.load(open(sys.argv[1]))["stages"]
assert st[2]["stats"]["autovacuum_runs"] > st[0]["stats"]["autovacuum_runs"], st[2]["stats"]
PY
check "stage 03 measured checkpoints requested by WAL volume" py <<'PY'
import json, sys
st = json.load(open(sys.argv[1]))["stages"]
assert st[3]["stats"]["checkpoints_requested"] >= 1, st[3]["stats"]
PY
check "the restarts the postmaster parameters need were made" py <<'PY'
import json, sys
st = {s["id"]: s for s in json.load(open(sys.argv[1]))["stages"]}
assert st["01-tiny-cache"]["restarted"] and "shared_buffers" in st["01-tiny-cache"]["restart_params"]
assert "wal_level" in st["03-wal-torture"]["restart_params"]
assert not st["05-one-io-worker"]["restarted"]  # io_workers: reload only (io_method unchanged)
PY
cluster_dir="$(sed -n 's/^pgknob: cluster in \([^,]*\), port.*/\1/p' <<<"$ERR")"
check "the throwaway cluster ($cluster_dir) was stopped and removed" \
  bash -c "[ -n '$cluster_dir' ] && [ ! -e '$cluster_dir' ] && ! pgrep -f -- 'postgres [-]k $cluster_dir ' >/dev/null"

# ---- an existing server: refuse, restore after success, error, signals -----------------------
pg_cluster_start 18 >/dev/null || { fail "could not start a test server"; done_testing; exit; }
dsn="host=$PGHOST port=$PGPORT user=postgres dbname=postgres"
# An ALTER SYSTEM value that must survive, and a postmaster-context one.
pg_psql -c "ALTER SYSTEM SET work_mem = '5MB'" -c "ALTER SYSTEM SET max_connections = 60"
pg_cluster_restart >/dev/null
snapshot() { pg_psql -c "SELECT name || '=' || coalesce(setting, '') FROM pg_settings ORDER BY 1" ; }
# postgresql.auto.conf comes back byte for byte, postmaster.opts unchanged (no -D added by a
# rescue), and no lab journal is left.
auto_conf() { pg_as_postgres cat "$PGDATA/postgresql.auto.conf" "$PGDATA/postmaster.opts"; }
snapshot > "$work/before.txt"; auto_conf > "$work/auto-before.txt"
same_as_before() {
  snapshot > "$work/now.txt" && auto_conf > "$work/auto-now.txt" &&
    diff "$work/before.txt" "$work/now.txt" >&2 && cmp "$work/auto-before.txt" "$work/auto-now.txt" >&2 &&
    [ "$(pg_psql -c 'SELECT count(*) FROM pg_settings WHERE pending_restart')" = 0 ] &&
    ! ls "$XDG_STATE_HOME"/pgknob/lab-*.json >/dev/null 2>&1
}

# A small labs tree: a baseline with postmaster and sighup parameters, a stage that restarts
# again, and a stage whose value the server refuses.
tl="$work/testlabs"; mkdir -p "$tl/00-base" "$tl/01-more" "$tl/02-wait" "$tl/03-bad"
cat > "$tl/00-base/lab.ini" <<'INI'
[lab]
title = test baseline
kind = stage
order = 0
story = postmaster and sighup parameters
settings = settings.conf
[workload]
type = tpcc
warehouses = 1
clients = 2
duration = 3s
warmup = 1s
INI
printf 'shared_buffers = 64MB\nwork_mem = 8MB\ncheckpoint_timeout = 10min\n' > "$tl/00-base/settings.conf"
sed -e 's/order = 0/order = 1/' -e 's/test baseline/more/' "$tl/00-base/lab.ini" > "$tl/01-more/lab.ini"
printf 'wal_level = logical\nmax_connections = 40\nautovacuum_naptime = 2\n' > "$tl/01-more/settings.conf"
sed -e 's/order = 0/order = 2/' -e 's/test baseline/wait/' -e 's/duration = 3s/duration = 15s/' \
  "$tl/00-base/lab.ini" > "$tl/02-wait/lab.ini"
printf 'shared_buffers = 32MB\nwal_buffers = 1MB\n' > "$tl/02-wait/settings.conf"
sed -e 's/order = 0/order = 3/' -e 's/test baseline/bad/' "$tl/00-base/lab.ini" > "$tl/03-bad/lab.ini"
printf 'random_page_cost = 2\nwork_mem = 12parsecs\n' > "$tl/03-bad/settings.conf"

# A standalone lab whose settings stop the server from starting (ssl without a certificate,
# applied by the restart that max_connections needs).
mkdir -p "$tl/nostart"
cat > "$tl/nostart/lab.ini" <<'INI'
[lab]
title = a server that does not come back
kind = standalone
story = the restart fails
[workload]
type = tpcc
warehouses = 1
clients = 2
duration = 2s
warmup = 1s
[run.x]
title = ssl without a certificate
settings = x.conf
INI
printf 'ssl = on\nmax_connections = 45\n' > "$tl/nostart/x.conf"

expect_exit 2 "existing server refused without --allow-existing-server" -- \
  "$PGKNOB" lab run 01-more --labs "$tl" --dsn "$dsn" --out "$work/r0"
check "  ... says why and how" grep -q 'refusing to change the settings of an existing server' <<<"$ERR"
check "  ... and changed nothing" same_as_before

expect_exit 0 "existing server: a run that succeeds (two restarts)" -- \
  "$PGKNOB" lab run 01-more --labs "$tl" --dsn "$dsn" --allow-existing-server --pg-bin "$PG_BIN" --out "$work/r1"
check "  ... measured both stages" python3 -c "
import json; d = json.load(open('$work/r1/summary.json'))
assert [s['ran'] for s in d['stages']] == [True, True]
assert d['stages'][1]['restarted'] and d['restored']"
check "  ... settings restored exactly (pg_settings, auto.conf, nothing pending)" same_as_before

expect_exit 2 "existing server: a stage with a value the server refuses" -- \
  "$PGKNOB" lab run 03-bad --labs "$tl" --dsn "$dsn" --allow-existing-server --pg-bin "$PG_BIN" --out "$work/r2"
check "  ... names the parameter" grep -q 'work_mem' <<<"$ERR"
check "  ... settings restored exactly" same_as_before

expect_exit 2 "existing server: a stage with which the server does not restart" -- \
  "$PGKNOB" lab run nostart --labs "$tl" --dsn "$dsn" --allow-existing-server --pg-bin "$PG_BIN" --out "$work/r3"
check "  ... says the server was started again" grep -q 'server was started again' <<<"$ERR"
check "  ... the server runs and its settings are restored exactly" same_as_before

# Signals at random moments: during apply/restart, warm-up, or the measured interval.
for sig in INT TERM INT TERM; do
  delay="$(python3 -c 'import random; print(round(random.uniform(0.5, 10), 1))')"
  "$PGKNOB" lab run 02-wait --labs "$tl" --dsn "$dsn" --allow-existing-server --pg-bin "$PG_BIN" \
    --out "$work/r-sig" >"$work/sig.out" 2>&1 &
  pid=$!
  sleep "$delay"; kill -s "$sig" "$pid" 2>/dev/null
  wait "$pid"; rc=$?
  want=$([ "$sig" = INT ] && echo 130 || echo 143)
  # A run may finish before a late signal: then it must have succeeded and restored too.
  if [ "$rc" = "$want" ] || [ "$rc" = 0 ]; then ok "SIG$sig after ${delay}s: exit $rc"; else
    fail "SIG$sig after ${delay}s: exit $rc, wanted $want"; tail -5 "$work/sig.out"; fi
  check "  ... settings restored exactly" same_as_before
done
done_testing
