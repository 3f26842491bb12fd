#!/usr/bin/env bash
# needs: servers
# `pgknob lab ab` on a throwaway PostgreSQL 18 cluster, kept short (--quick: 3 interleaved
# trials of 6 s each, 1 warehouse, 4 clients): a configuration against itself shows no
# measurable difference; the series' 04-no-indexes settings against the baseline stage are
# significantly slower, with the interval printed. The charts are rendered by headless
# Chromium and their geometry checked (tests/lab/chart-check.py); screenshots are kept in
# $PGKNOB_CHART_DIR when it is set. Usage errors: t-lab-cli.sh.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

work="$(mktemp -d /tmp/pgknob-t-lab-ab.XXXXXX)"
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
export XDG_STATE_HOME="$work/state"
shots="${PGKNOB_CHART_DIR:-$work}"
mkdir -p "$shots"

bin18="$(pg_bin_dir 18)" || { fail "no PostgreSQL 18 build"; done_testing; exit; }

# A configuration as users have them: environment settings the lab must leave out, and a
# data directory's worth of include layout is not needed for the point.
cat > "$work/mine.conf" <<'CONF'
shared_buffers = 256MB
work_mem = 8MB
checkpoint_completion_target = 0.9
port = 5999
listen_addresses = '*'
shared_preload_libraries = 'pg_stat_statements'
CONF

py() { python3 - "$1/summary.json"; }

# ---- a configuration against itself ------------------------------------------------------
expect_exit 0 "lab ab X X --quick" -- \
  "$PGKNOB" lab ab "$work/mine.conf" "$work/mine.conf" --quick --duration 6s --pg-bin "$bin18" \
    --out "$work/same"
echo "$OUT" | sed 's/^/    /'
check "  ... the first line names the server it used" \
  bash -c 'head -1 <<<"$1" | grep -q "^server: throwaway cluster, PostgreSQL 18\."' _ "$OUT"
check "  ... says: no measurable difference" grep -q '^verdict: no measurable difference' <<<"$OUT"
check "  ... the measured runs follow a burn-in on the freshly loaded database" \
  grep -q 'burn-in: 9 s of the workload, not measured' <<<"$ERR"
check "  ... left out the environment's settings, by name" \
  grep -q 'left out.*port, listen_addresses, shared_preload_libraries' <<<"$ERR"
check "  ... 3 trials of each, an interval within the lab's 5% floor" py "$work/same" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["report"] == "lab-ab" and doc["conditions"]["trials"] == 3, doc["conditions"]
# one trial's length (3 s warm-up + 6 s) run unmeasured on the fresh database first
assert doc["conditions"]["burn_in_s"] == 9, doc["conditions"]
a, b = doc["stages"]
assert a["trials"]["n"] == 3 and b["trials"]["n"] == 3, (a["trials"], b["trials"])
assert all(t > 0 for t in a["trials"]["tps"] + b["trials"]["tps"])
ci = a["slower_ci95"]
# not called: the interval contains 1, or reaches within the lab's 5% floor
assert ci["floor"] == 1.05 and not ci["beyond_floor"], ci
assert ci["ci95_low"] <= 1.05 and ci["ci95_high"] >= 1 / 1.05, ci
assert "t interval" in ci["method"]
assert [s["name"] for s in a["settings"]] == ["shared_buffers", "work_mem",
                                              "checkpoint_completion_target"], a["settings"]
assert doc["restored"] is True
PY
check "  ... the report states the verdict and the trials" \
  grep -q 'no measurable difference' "$work/same/summary.md"
check "  ... chart.svg renders in Chromium: linear bars proportional to the medians" \
  python3 "$PROJECT_ROOT/tests/lab/chart-check.py" "$work/same/chart.svg" "$shots/ab-same.png"

# ---- 04-no-indexes against the baseline stage (on slow storage where it can run) ---------
storage=(); slow=False
if [ "$(id -u)" = 0 ] && [ -c /dev/fuse ] && [ -x "$(dirname "$PGKNOB")/pgknob-slowfs" ]; then
  storage=(--read-latency 0.1ms --fsync-latency 0.5ms); slow=True
fi
expect_exit 0 "lab ab labs/04-no-indexes/settings.conf (B: the baseline stage) --quick ${storage[*]}" -- \
  "$PGKNOB" lab ab "$PROJECT_ROOT/labs/04-no-indexes/settings.conf" --quick --duration 6s \
    --pg-bin "$bin18" --out "$work/noidx" "${storage[@]}"
echo "$OUT" | sed 's/^/    /'
check "  ... significant, with the interval printed" \
  grep -Eq '^verdict: A is (at least )?[0-9.e+]+× slower than B, significant \(95% CI [0-9.e+]+–[0-9.e+]+' <<<"$OUT"
check "  ... the interval lies above 1" py "$work/noidx" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
a, b = doc["stages"]
assert b["id"] == "B" and b["lab"] == "00-baseline", b["lab"]
ci = a["slower_ci95"]
assert ci["significant"] and ci["beyond_floor"] and ci["ci95_low"] > 1.05, ci
assert a["stats"]["blks_read"] / max(a["completed"], 1) > b["stats"]["blks_read"] / max(b["completed"], 1)
PY
check "  ... --read-latency puts both on pgknob-slowfs with it (slowfs available: $slow)" \
  python3 - "$work/noidx/summary.json" "$slow" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
st = doc["conditions"]["series_storage"]
if sys.argv[2] == "True":
    near = lambda x, y: x is not None and abs(x - y) < 1e-6
    assert st["slowfs"] is True and near(st["read_latency_ms"], 0.1) and near(st["fsync_latency_ms"], 0.5), st
    assert all(near(s["storage"]["read_latency_ms"], 0.1) for s in doc["stages"]), [s["storage"] for s in doc["stages"]]
else:
    assert st is None, st
PY
check "  ... explained: blocks read per transaction and lint's finding on A" bash -c \
  'grep -q "blocks read per transaction" "$1" && grep -q "A, not B: .*PK5001" "$1"' _ "$work/noidx/summary.md"
check "  ... chart.svg renders in Chromium: dots on a log axis, whiskers, honest legend" \
  python3 "$PROJECT_ROOT/tests/lab/chart-check.py" "$work/noidx/chart.svg" "$shots/ab-noidx.png"

# ---- a series stage with --trials ---------------------------------------------------------
expect_exit 0 "lab run 04-no-indexes --quick --trials 2 (baseline and stage 04, interleaved)" -- \
  "$PGKNOB" lab run 04-no-indexes --quick --trials 2 --duration 4s --pg-bin "$bin18" \
    --out "$work/trials"
echo "$OUT" | sed 's/^/    /'
check "  ... the first line names the server, the table shows medians and intervals" bash -c \
  'head -1 <<<"$1" | grep -q "^server: " && grep -q "MEDIAN TPS" <<<"$1" && grep -q "95% CI" <<<"$1"' _ "$OUT"
check "  ... two trials of each, paired, with the article's ratio" py "$work/trials" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["conditions"]["trials"] == 2
base, stage = doc["stages"]
assert base["trials"]["n"] == 2 and stage["trials"]["n"] == 2
assert base["slower_ci95"] is None and stage["slower_ci95"]["significant"], stage["slower_ci95"]
assert stage["trials"]["tps_min"] <= stage["trials"]["tps_median"] <= stage["trials"]["tps_max"]
PY
check "  ... the report puts the article's ratio beside ours" \
  grep -q '8140× (0.87 TPS)' "$work/trials/summary.md"
check "  ... chart.svg renders in Chromium" \
  python3 "$PROJECT_ROOT/tests/lab/chart-check.py" "$work/trials/chart.svg" "$shots/trials.png"

done_testing
