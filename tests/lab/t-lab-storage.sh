#!/usr/bin/env bash
# needs: servers
# The storage lab, run by pgknob itself: `pgknob lab run storage --quick` on PostgreSQL 18 puts
# the throwaway cluster's data directory and its WAL on two pgknob-slowfs mounts and measures
# three runs (nothing added, 0.1 ms as local NVMe, 2 ms as a network disk), switching the
# latency through the mounts' control files. Asserted from the report: at 2 ms IO waits
# dominate the wait samples, pg_stat_io's time per read is the injected latency (within a
# stated tolerance), storage is the binding resource, the predicted ceiling is within a stated
# tolerance of the measured TPS on every run; `pgknob audit --sample` during the 2 ms run names
# storage (PK7052: IO waits dominate the samples); the mounts are gone afterwards; and a
# storage lab killed with SIGKILL leaves its server and mounts to `pgknob lab restore`, which
# stops, unmounts and removes them; on PostgreSQL 14 the report says that pg_stat_io needs 16.
# About 3 minutes.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

bin18="$(pg_bin_dir 18)" || { fail "no PostgreSQL 18 build"; done_testing; exit; }
if [ ! -x "$(dirname "$PGKNOB")/pgknob-slowfs" ] || [ ! -c /dev/fuse ] || [ "$(id -u)" != 0 ]; then
  fail "the storage lab needs root, /dev/fuse and bin/pgknob-slowfs (libfuse3)"
  done_testing; exit
fi
work="$(mktemp -d /tmp/pgknob-t-lab-storage.XXXXXX)"
chmod 755 "$work"
state="$work/state"
trap 'rm -rf "$work"' EXIT
awk_true() { awk "BEGIN { exit !($1) }"; }
mounts_under() { awk -v p="$1/" 'index($2, p) == 1' /proc/mounts | wc -l; }

# Tolerances, stated (docs/labs.md): pg_stat_io's time per read is at least the injected latency
# and at most 1.5 ms over it (FUSE's own round trip is 0.3-0.5 ms here, more when the machine is
# busy); the predicted ceiling is within 35% of the measured TPS.
READ_OVER_MS=1.5
CEILING_TOL=0.35

expect_exit 2 "the storage lab refuses an existing server" -- \
  "$PGKNOB" lab run storage --dsn "host=/nonexistent" --allow-existing-server --state-dir "$state"
check "  and says to run it on a throwaway cluster" grep -q "cannot run on an existing server" <<<"$ERR"

# ---- the lab, with pgknob audit --sample during the 2 ms run --------------------------------
out="$work/lab"
"$PGKNOB" lab run storage --quick --pg-bin "$bin18" --out "$out" --state-dir "$state" \
  > "$work/lab.out" 2> "$work/lab.err" &
lab=$!
# the cluster's socket directory and port, from the lab's own lines
for _ in $(seq 1 600); do grep -q "cluster in" "$work/lab.err" && break; sleep 0.1; done
read -r base port <<<"$(sed -n 's/^pgknob: cluster in \([^,]*\), port \([0-9]*\).*/\1 \2/p' "$work/lab.err")"
check "the lab names its cluster ($base, port $port)" test -n "$base" -a -n "$port"
check "two pgknob-slowfs mounts under the cluster's directory" test "$(mounts_under "$base")" = 2
check "  the data directory on one, the WAL on the other" \
  test -d "$base/data/pgdata" -a -L "$base/data/pgdata/pg_wal" -a -d "$base/wal/pg_wal"
for _ in $(seq 1 1800); do grep -q "storage/network: applying" "$work/lab.err" && break; sleep 0.1; done
sleep 7 # past the 0.5 s switch and the 5 s warm-up: into the measured interval
"$PGKNOB" audit "host=$base port=$port user=postgres dbname=postgres" --sample 5s --format json \
  > "$work/audit.json" 2> "$work/audit.err"
wait "$lab"; rc=$?
check "lab run storage --quick exits 0 (rc $rc)" test "$rc" = 0
sed 's/^/    /' "$work/lab.out"
check "the mounts are gone afterwards" test "$(mounts_under "$base")" = 0
check "  and so is the cluster's directory" test ! -e "$base"
json="$out/summary.json"
check "summary.json parses" jq -e . "$json" >/dev/null
stage() { jq -r --arg id "storage/$1" ".stages[] | select(.id == \$id) | $2" "$json"; }
for run in baseline nvme network; do
  check "storage/$run ran completely" test "$(stage $run .complete)" = true
done
check "latencies as the lab says: 0, 0.1 ms, 2 ms" \
  test "$(stage baseline .storage.read_latency_ms) $(stage nvme .storage.read_latency_ms) $(stage network .storage.wal_fsync_latency_ms)" = "0 0.1 2"

io=$(stage network .checklist.io_wait_share)
dfr=$(stage network .checklist.data_file_read_share)
check "2 ms: IO waits dominate the samples ($io, IO:DataFileRead $dfr)" awk_true "$io > 0.5"
check "2 ms: TPS below 60% of the run without added latency ($(stage network .tps) vs $(stage baseline .tps))" \
  awk_true "$(stage network .tps) < 0.6 * $(stage baseline .tps)"
for run in nvme network; do
  inj=$(stage $run .storage.read_latency_ms); per=$(stage $run .checklist.ms_per_read)
  check "$run: pg_stat_io time per read is the injected latency ($per ms for $inj ms, within +$READ_OVER_MS)" \
    awk_true "$per >= $inj && $per <= $inj + $READ_OVER_MS"
done
check "reads and WAL syncs per transaction are counted (2 ms: $(stage network .checklist.reads_per_txn) reads, $(stage network .checklist.wal_syncs_per_txn) syncs)" \
  awk_true "$(stage network .checklist.reads_per_txn) > 1 && $(stage network .checklist.wal_syncs_per_txn) > 0.3"
check "2 ms: the binding resource is storage ($(stage network .ceiling.binding), by $(stage network .ceiling.limit))" \
  test "$(stage network .ceiling.binding)" = storage
# The ceilings are predicted from the baseline run, so they hold only when the machine gave each
# run the same share of its cores. Added latency cannot raise throughput: an nvme run faster than
# the baseline by more than the tolerance means other load on a shared machine starved the
# baseline (seen: 466 against 943 TPS, in either build). The lab then runs once more, said
# here, and the ceilings are checked on that run; a second such run fails them as any other.
lab_json=$json
if awk_true "$(stage nvme .tps) > (1 + $CEILING_TOL) * $(stage baseline .tps)"; then
  echo "# baseline disturbed: $(stage baseline .tps) TPS against $(stage nvme .tps) with 0.1 ms" \
    "added (load average $(stage baseline .load_avg), then $(stage nvme .load_avg)): run again"
  "$PGKNOB" lab run storage --quick --pg-bin "$bin18" --out "$work/again" --state-dir "$state" \
    > "$work/again.out" 2> "$work/again.err"; rc=$?
  check "  the lab run again exits 0 (rc $rc)" test "$rc" = 0
  json="$work/again/summary.json"
fi
for run in baseline nvme network; do
  pred=$(stage $run .ceiling.predicted); tps=$(stage $run .tps)
  check "$run: predicted ceiling within $CEILING_TOL of the measured TPS ($pred vs $tps)" \
    awk_true "$pred >= (1 - $CEILING_TOL) * $tps && $pred <= (1 + $CEILING_TOL) * $tps"
done
json=$lab_json
md="$out/summary.md"
check "summary.md has the storage checklist and the ceiling table" \
  bash -c "grep -q '^## The storage checklist' '$md' && grep -q '^## The throughput ceiling' '$md'"
check "  the 2 ms run's checklist row" grep -q '^| network | +2 ms, +2 ms / +2 ms |' "$md"
check "  the 2 ms run's ceiling row names storage" grep -q '^| storage/network | .*| \*\*storage\*\* |' "$md"
check "  cites the article" grep -q 'Sai Srirampur, "Postgres Isn.t Slow. Your Storage Is"' "$md"
check "summary.md renders with cmark-gfm" bash -c "cmark-gfm -e table '$md' | grep -q '<table>'"
check "chart.svg renders in Chromium (bars on a linear axis)" \
  python3 "$PROJECT_ROOT/tests/lab/chart-check.py" "$out/chart.svg" "${PGKNOB_CHART_DIR:-$work}/storage.png"

rules=$(jq -r '[.. | objects | select(has("rule")) | .rule] | unique | join(" ")' "$work/audit.json" 2>/dev/null)
check "audit --sample during the 2 ms run names storage: PK7052 ($rules)" grep -qw PK7052 <<<"$rules"
check "  with the message 'IO waits dominate the samples'" grep -q "IO waits dominate the samples" "$work/audit.json"
check "  and the read waits of PK7050" grep -qw PK7050 <<<"$rules"

[ -n "${STORAGE_REPORT:-}" ] && cp -r "$out" "$STORAGE_REPORT" # the docs' table comes from here

# ---- an older server: no pg_stat_io before 16, and the report says so ------------------------
if bin14="$(pg_bin_dir 14)"; then
  expect_exit 0 "lab run storage on PostgreSQL 14 (4 s per run)" -- \
    "$PGKNOB" lab run storage --quick --duration 4s --pg-bin "$bin14" --out "$work/pg14" --state-dir "$state"
  j14="$work/pg14/summary.json"
  check "14: the report says pg_stat_io needs 16" grep -q 'pg_stat_io` exists from PostgreSQL 16 on; this server is 14' "$work/pg14/summary.md"
  check "14: no time per read, and no storage ceiling without it" \
    test "$(jq -r '[.stages[] | .checklist.ms_per_read, .ceiling] | unique | @json' "$j14")" = '[null]'
  w14=$(jq -r '.stages[] | select(.id == "storage/network") | .checklist.wal_sync_share' "$j14")
  check "14: IO:WALSync (so spelled before 17) counts as IO:WalSync ($w14)" awk_true "$w14 > 0"
else
  fail "no PostgreSQL 14 build"
fi

# ---- SIGKILL: the server and the mounts stay behind; lab restore removes them ---------------
"$PGKNOB" lab run storage --quick --pg-bin "$bin18" --out "$work/killed" --state-dir "$state" \
  > /dev/null 2> "$work/kill.err" &
victim=$!
for _ in $(seq 1 900); do grep -q "preparing the TPC-C" "$work/kill.err" && break; sleep 0.1; done
kbase=$(sed -n 's/^pgknob: cluster in \([^,]*\),.*/\1/p' "$work/kill.err")
sleep 1
kill -KILL "$victim"; wait "$victim" 2>/dev/null
check "after SIGKILL the two mounts are still there ($kbase)" test "$(mounts_under "$kbase")" = 2
pm=$(head -1 "$kbase/data/pgdata/postmaster.pid" 2>/dev/null)
check "  and so is the server (pid $pm)" kill -0 "${pm:-0}"
expect_exit 0 "pgknob lab restore (no --dsn) cleans up after the killed storage lab" -- \
  "$PGKNOB" lab restore --state-dir "$state"
check "  it says so (${ERR:0:160})" grep -q "removed a throwaway cluster left by a killed pgknob.*pgknob-slowfs mounts unmounted" <<<"$ERR"
check "  the mounts are gone" test "$(mounts_under "$kbase")" = 0
# the processes end just after (the server's pid file goes first; the daemons when unmounted)
for _ in $(seq 1 50); do
  kill -0 "${pm:-0}" 2>/dev/null || pgrep -f "[p]gknob-slowfs .*$kbase" >/dev/null || break
  sleep 0.1
done
check "  the server is stopped" bash -c "! kill -0 ${pm:-0} 2>/dev/null"
check "  the cluster's directory is removed" test ! -e "$kbase"
no_daemon() { ! pgrep -f "[p]gknob-slowfs .*$kbase" >/dev/null; } # [p]: not this test's own line
check "  no slowfs daemon of it is left" no_daemon
done_testing
