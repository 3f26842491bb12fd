#!/usr/bin/env bash
# needs: servers
# Kill trials: a lab on an existing server is stopped by SIGINT, SIGTERM or SIGKILL at a random
# moment (applying and restarting, loading, measuring, restoring), and once more by SIGKILL in
# the middle of `lab restore` itself. After each trial, the run's own restore (SIGINT, SIGTERM)
# or `pgknob lab restore` (SIGKILL) must leave every pg_settings value, postgresql.auto.conf
# (byte for byte), postmaster.opts and the shared_preload_libraries list as they were, and the
# next `lab run` must refuse the server while a journal of it is pending. Runs on PostgreSQL 18
# and 13 (the oldest supported major). Prints "SIGNAL: N/N restored" per signal and major.
#   PGKNOB_KILL_TRIALS=N   trials per signal and major (default 2 in make test; `make soak` runs 20)
#   PGKNOB_KILL_MAJORS="18 13"
# Also: the SQL-only restore (no access to the data directory) comes back byte-identical for a
# file written by ALTER SYSTEM, list parameters keep their elements, and a throwaway cluster
# left by a killed `lab run` is removed by the next lab command.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TRIALS="${PGKNOB_KILL_TRIALS:-2}"
MAJORS="${PGKNOB_KILL_MAJORS:-18 13}"
work="$(mktemp -d /tmp/pgknob-t-lab-kill.XXXXXX)"
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
export XDG_STATE_HOME="$work/state"
state="$XDG_STATE_HOME/pgknob"
rand() { python3 -c "import random; print(round(random.uniform($1, $2), 2))"; }

# The quickest labs that still restart the server and touch list parameters: a baseline with
# postmaster parameters (shared_buffers, shared_preload_libraries: one library of the two), a
# stage with another restart (max_connections) and search_path as a three-element list.
tl="$work/labs"; mkdir -p "$tl/00-base" "$tl/01-more"
cat > "$tl/00-base/lab.ini" <<'INI'
[lab]
title = kill-trial baseline
kind = stage
order = 0
story = postmaster, sighup and list parameters
settings = settings.conf
[workload]
type = tpcc
warehouses = 1
clients = 1
duration = 2s
warmup = 0s
INI
cat > "$tl/00-base/settings.conf" <<'CONF'
shared_buffers = 32MB
work_mem = 8MB
shared_preload_libraries = 'pg_stat_statements'
search_path = 'public'
CONF
sed -e 's/order = 0/order = 1/' -e 's/kill-trial baseline/more/' "$tl/00-base/lab.ini" > "$tl/01-more/lab.ini"
cat > "$tl/01-more/settings.conf" <<'CONF'
max_connections = 40
autovacuum_naptime = 2
search_path = '"$user", public, pg_catalog'
CONF

snapshot() { pg_psql -c "SELECT name || '=' || coalesce(setting, '') || ' (' || source || ')' FROM pg_settings ORDER BY 1"; }
take_before() {
  snapshot > "$work/before.txt"
  pg_as_postgres cat "$PGDATA/postgresql.auto.conf" > "$work/auto-before"
  pg_as_postgres cat "$PGDATA/postmaster.opts" > "$work/opts-before"
}
# Everything as it was: settings and their sources, the file's bytes, the start options, the
# two libraries as two, nothing pending, no journal left.
same_as_before() {
  snapshot > "$work/now.txt" || return 1
  diff "$work/before.txt" "$work/now.txt" >&2 || return 1
  pg_as_postgres cat "$PGDATA/postgresql.auto.conf" | cmp -s - "$work/auto-before" ||
    { echo "postgresql.auto.conf differs:" >&2; pg_as_postgres cat "$PGDATA/postgresql.auto.conf" | diff "$work/auto-before" - >&2; return 1; }
  pg_as_postgres cat "$PGDATA/postmaster.opts" | cmp -s - "$work/opts-before" ||
    { echo "postmaster.opts differs" >&2; return 1; }
  [ "$(pg_psql -c 'SHOW shared_preload_libraries')" = "pg_stat_statements, auto_explain" ] || return 1
  [ "$(pg_psql -c 'SHOW search_path')" = '"$user", public' ] || return 1
  [ "$(pg_psql -c 'SELECT count(*) FROM pg_settings WHERE pending_restart')" = 0 ] || return 1
  ! ls "$state"/lab-*.json >/dev/null 2>&1 || { echo "a journal is left: $(ls "$state")" >&2; return 1; }
}
journal_pending() { ls "$state"/lab-*.json >/dev/null 2>&1; }

lab_run() { # out-dir, extra args...
  local out="$1"; shift
  "$PGKNOB" lab run 01-more --labs "$tl" --dsn "$dsn" --allow-existing-server --pg-bin "$PG_BIN" \
    --out "$out" "$@"
}
restore() { "$PGKNOB" lab restore --dsn "$dsn" --pg-bin "$PG_BIN"; }
# In the background, as pgknob's own process ($! is pgknob, not a subshell around it).
lab_run_bg() { ( exec "$PGKNOB" lab run 01-more --labs "$tl" --dsn "$dsn" --allow-existing-server \
                   --pg-bin "$PG_BIN" --out "$@" ) & }
restore_bg() { ( exec "$PGKNOB" lab restore --dsn "$dsn" --pg-bin "$PG_BIN" ) & }

# One trial: returns 0 when everything came back. Its log is $work/trial.log.
trial() { # signal
  local sig="$1" delay rc want
  : > "$work/trial.log"
  delay="$(rand 0.3 7)"
  [ "$sig" = KILL-RESTORE ] && delay="$(rand 1.5 7)"
  lab_run_bg "$work/r-trial" >>"$work/trial.log" 2>&1
  local pid=$!
  sleep "$delay"
  kill -s "${sig%-RESTORE}" "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null; rc=$?
  echo "SIG$sig after ${delay}s: lab run exit $rc" >> "$work/trial.log"
  case "$sig" in
    INT|TERM)
      want=$([ "$sig" = INT ] && echo 130 || echo 143)
      # A late signal may find the run finished: then it must have succeeded and restored.
      [ "$rc" = "$want" ] || [ "$rc" = 0 ] || return 1 ;;
    KILL|KILL-RESTORE)
      if journal_pending; then
        # The next lab command refuses the server and names the restore.
        lab_run "$work/r-refused" >>"$work/trial.log" 2>"$work/refused.err"; rc=$?
        cat "$work/refused.err" >> "$work/trial.log"
        [ "$rc" = 2 ] && grep -q 'pgknob lab restore --dsn' "$work/refused.err" || return 1
      fi
      if [ "$sig" = KILL-RESTORE ]; then
        restore_bg >>"$work/trial.log" 2>&1
        local rpid=$! rdelay; rdelay="$(rand 0.05 2.5)"
        sleep "$rdelay"; kill -9 "$rpid" 2>/dev/null; wait "$rpid"
        echo "restore killed after ${rdelay}s (exit $?)" >> "$work/trial.log"
      fi
      restore >>"$work/trial.log" 2>&1 || return 1 ;;
  esac
  same_as_before 2>>"$work/trial.log"
}

for major in $MAJORS; do
  bin="$(pg_bin_dir "$major")" || { fail "no PostgreSQL $major build"; continue; }
  PG_START_BIN="$bin" pg_cluster_start "$major" >/dev/null || { fail "could not start PostgreSQL $major"; continue; }
  dsn="host=$PGHOST port=$PGPORT user=postgres dbname=postgres"
  # Originals written by ALTER SYSTEM: two libraries, a quoted list, a postmaster parameter.
  pg_psql -c "ALTER SYSTEM SET work_mem = '5MB'" -c "ALTER SYSTEM SET search_path = '\$user', 'public'" \
    -c "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements', 'auto_explain'" \
    -c "ALTER SYSTEM SET max_connections = 60"
  pg_cluster_restart >/dev/null
  take_before

  # The first run loads the TPC-C tables and must end restored, byte for byte.
  expect_exit 0 "$major: a lab run that succeeds" -- lab_run "$work/r-ok"
  check "$major:   ... every setting, postgresql.auto.conf's bytes and the lists as before" same_as_before

  # Without the data directory (as for a remote server): ALTER SYSTEM RESET ALL and the entries
  # in their order, each list element its own literal.
  export PGKNOB_LAB_REMOTE=1
  expect_exit 0 "$major: a run restored over SQL only" -- lab_run "$work/r-remote"
  check "$major:   ... byte-identical too (the file was written by ALTER SYSTEM)" same_as_before
  lab_run_bg "$work/r-remote" >/dev/null 2>&1; pid=$!
  sleep 3; kill -9 "$pid"; wait "$pid" 2>/dev/null
  expect_exit 0 "$major: SIGKILL, then lab restore over SQL only" -- restore
  check "$major:   ... settings, bytes and lists as before" same_as_before
  unset PGKNOB_LAB_REMOTE

  # From here the file also holds what ALTER SYSTEM would not write: only the bytes can bring
  # it back (the data directory is local and ours).
  pg_as_postgres sh -c "printf '# kept by hand: a comment ALTER SYSTEM would drop\n' >> '$PGDATA/postgresql.auto.conf'"
  pg_cluster_reload >/dev/null; sleep 0.5
  take_before

  expect_exit 0 "$major: lab restore with nothing to restore" -- restore
  check "$major:   ... says so" grep -q 'nothing to restore' <<<"$ERR"

  for sig in INT TERM KILL KILL-RESTORE; do
    good=0
    for n in $(seq 1 "$TRIALS"); do
      if trial "$sig"; then good=$((good + 1)); else
        echo "  trial $n of SIG$sig failed:"; sed 's/^/    /' "$work/trial.log" | tail -25
        # leave the server restored for the next trial
        restore >/dev/null 2>&1
      fi
    done
    echo "PostgreSQL $major SIG$sig: $good/$TRIALS restored"
    if [ "$good" = "$TRIALS" ]; then ok "$major: SIG$sig kill trials: $good/$TRIALS restored"
    else fail "$major: SIG$sig kill trials: $good/$TRIALS restored"; fi
  done
  pg_cluster_stop
done

# A throwaway cluster whose pgknob was killed: the next lab command removes it.
bin18="$(pg_bin_dir 18)"
( exec "$PGKNOB" lab run 00-base --labs "$tl" --pg-bin "$bin18" --out "$work/r-tw" ) >"$work/tw.out" 2>&1 &
pid=$!
for _ in $(seq 1 600); do grep -q 'cluster in' "$work/tw.out" && break; sleep 0.1; done
sleep "$(rand 0.2 2)"; kill -9 "$pid"; wait "$pid" 2>/dev/null
dir="$(sed -n 's/^pgknob: cluster in \([^,]*\), port.*/\1/p' "$work/tw.out")"
check "a killed lab run left its throwaway cluster ($dir)" test -n "$dir" -a -d "$dir"
expect_exit 0 "the next lab command (lab list)" -- "$PGKNOB" lab list --labs "$tl"
check "  ... says it removed the cluster" grep -q "removed a throwaway cluster left by a killed pgknob (pid $pid): $dir" <<<"$ERR"
check "  ... which is gone, its server stopped" \
  bash -c "[ ! -e '$dir' ] && ! pgrep -f -- '$dir/[d]ata' >/dev/null"
check "  ... and its record too" bash -c "! ls '$state'/clusters/*.json >/dev/null 2>&1"
done_testing
