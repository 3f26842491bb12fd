#!/usr/bin/env bash
# needs: servers
# One lab at a time on a server, a change waiting for a restart, and a role without the rights
# (issue #25, L1-L3), on PostgreSQL 18 and 13:
# - L1: a setting pending a restart before the lab (in postgresql.conf: one the lab sets and one
#   it does not) is journalled as pending; the lab's restart applies it, and the restore
#   verifies against the pending value, with or without a SIGKILL in between. A lab that needs
#   no restart leaves a stranger's pending change pending (no restart).
# - L2: two runs with different state directories: the second is refused (the lock while the
#   first runs, also through another database: the marker; the marker once the first was
#   killed), and the server ends on its original settings (pg_settings, SHOW ALL,
#   postgresql.auto.conf's bytes). `lab restore --forget` drops a marker or a journal a human
#   gave up on, or accepts a setting someone else changed meanwhile (which restore reports).
# - L3: a role that may not ALTER SYSTEM is refused before any journal is written.
# - A journal whose server is gone: restore says so and offers --forget, which drops it.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

MAJORS="${PGKNOB_CLAIM_MAJORS:-18 13}"
work="$(mktemp -d /tmp/pgknob-t-lab-claim.XXXXXX)"
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
stateA="$work/a" stateB="$work/b"

# A series that restarts (shared_buffers), and one that only reloads (tl2).
tl="$work/labs"; tl2="$work/labs2"; mkdir -p "$tl/00-base" "$tl/01-restart" "$tl2/00-base"
cat > "$tl/00-base/lab.ini" <<'INI'
[lab]
title = claim baseline
kind = stage
order = 0
story = a postmaster parameter and a reload one
settings = settings.conf
[workload]
type = tpcc
warehouses = 1
clients = 1
duration = 2s
warmup = 0s
INI
printf 'shared_buffers = 32MB\nwork_mem = 8MB\n' > "$tl/00-base/settings.conf"
sed -e 's/order = 0/order = 1/' -e 's/claim baseline/restart/' "$tl/00-base/lab.ini" > "$tl/01-restart/lab.ini"
printf 'shared_buffers = 24MB\n' > "$tl/01-restart/settings.conf"
sed -e 's/duration = 2s/duration = 8s/' "$tl/00-base/lab.ini" > "$tl2/00-base/lab.ini"
printf 'work_mem = 6MB\n' > "$tl2/00-base/settings.conf"

run_lab() { # state-dir, lab, out, extra args...
  local state="$1" lab="$2" out="$3"; shift 3
  XDG_STATE_HOME="$state" "$PGKNOB" lab run "$lab" --labs "${LABS:-$tl}" --dsn "$dsn" \
    --allow-existing-server --pg-bin "$PG_BIN" --out "$work/$out" "$@"
}
run_reload() { LABS="$tl2" run_lab "$1" 00-base "$2"; } # state-dir, out
# In the background as pgknob's own process ($! is pgknob).
run_lab_bg() { # state-dir, out [labs-dir lab]
  ( XDG_STATE_HOME="$1" exec "$PGKNOB" lab run "${4:-01-restart}" --labs "${3:-$tl}" --dsn "$dsn" \
      --allow-existing-server --pg-bin "$PG_BIN" --out "$work/$2" ) >"$work/bg.log" 2>&1 &
}
restore() { # state-dir, extra args...
  local state="$1"; shift
  XDG_STATE_HOME="$state" "$PGKNOB" lab restore --dsn "$dsn" --pg-bin "$PG_BIN" "$@"
}

snapshot() {
  pg_psql -c "SELECT name || '=' || coalesce(setting, '') || ' (' || source || ', pending ' || pending_restart || ')' FROM pg_settings ORDER BY 1"
  pg_psql -c "SHOW ALL"
}
take_before() {
  snapshot > "$work/before.txt"
  pg_as_postgres cat "$PGDATA/postgresql.auto.conf" > "$work/auto-before"
}
no_journal() { ! ls "$stateA"/pgknob/lab-*.json "$stateB"/pgknob/lab-*.json >/dev/null 2>&1; }
# Every setting, SHOW ALL, the file's bytes as before; no journal, no marker.
same_as_before() {
  snapshot > "$work/now.txt" || return 1
  diff "$work/before.txt" "$work/now.txt" >&2 || return 1
  pg_as_postgres cat "$PGDATA/postgresql.auto.conf" | cmp -s - "$work/auto-before" ||
    { echo "postgresql.auto.conf differs" >&2; return 1; }
  no_journal || { echo "a journal is left" >&2; return 1; }
}
marker_on_server() { pg_as_postgres grep -q '^pgknob.lab = ' "$PGDATA/postgresql.auto.conf"; }
no_marker() { ! marker_on_server; }
no_journal_of() { ! ls "$1"/pgknob/lab-*.json >/dev/null 2>&1; }
forgotten() { ls "$stateA"/pgknob/lab-*.json.forgotten >/dev/null 2>&1 && no_journal_of "$stateA"; }
auto_as_before() { pg_as_postgres cat "$PGDATA/postgresql.auto.conf" | cmp -s - "$work/auto-before"; }
# Until the background run has written its journal and its marker (and a moment more).
wait_claimed() { # state-dir
  for _ in $(seq 1 300); do
    ls "$1"/pgknob/lab-*.json >/dev/null 2>&1 && marker_on_server && return 0
    sleep 0.1
  done
  return 1
}
start_time() { pg_psql -c "SELECT pg_postmaster_start_time()"; }

for major in $MAJORS; do
  bin="$(pg_bin_dir "$major")" || { fail "no PostgreSQL $major build"; continue; }
  PG_START_BIN="$bin" pg_cluster_start "$major" >/dev/null || { fail "could not start PostgreSQL $major"; continue; }
  dsn="host=$PGHOST port=$PGPORT user=postgres dbname=postgres"
  pg_psql -c "ALTER SYSTEM SET work_mem = '5MB'" -c "CREATE DATABASE other"
  pg_cluster_reload >/dev/null; sleep 0.3

  # ---- L2: a second run with another state directory, while the first runs ----
  # (the first only reloads: a restart would refuse the second's connection instead)
  take_before
  run_lab_bg "$stateA" rA "$tl2" 00-base; pidA=$!
  check "$major: L2: the first run claimed the server (journal and marker)" wait_claimed "$stateA"
  expect_exit 2 "$major: L2: a second run with another state directory is refused" -- \
    run_reload "$stateB" rB
  check "$major:   ... naming the first (pid, host, state directory)" \
    grep -q "a lab is running on the server (port $PGPORT.*pid $pidA on host $(hostname).*state directory $stateA/pgknob" <<<"$ERR"
  dsn_main="$dsn"; dsn="host=$PGHOST port=$PGPORT user=postgres dbname=other"
  expect_exit 2 "$major: L2: ... also through another database (the lock is per database; the marker is not)" -- \
    run_reload "$stateB" rB
  check "$major:   ... naming the first" grep -q "a lab is running on the server.*pid $pidA on host" <<<"$ERR"
  dsn="$dsn_main"
  check "$major:   ... the refused run wrote no journal" no_journal_of "$stateB"
  wait "$pidA"; rc=$?
  check "$major: L2: the first run finished and restored (exit $rc)" test "$rc" = 0
  check "$major:   ... the server is on its original settings (pg_settings, SHOW ALL, bytes; no marker)" same_as_before

  # ---- L2: the first run killed: its marker refuses the second, whose restore says where ----
  run_lab_bg "$stateA" rA; pidA=$!
  wait_claimed "$stateA"; sleep 4; kill -9 "$pidA"; wait "$pidA" 2>/dev/null
  expect_exit 2 "$major: L2: after a SIGKILL, a run with another state directory is refused" -- \
    run_reload "$stateB" rB
  check "$major:   ... it did not finish; restore from its state directory on its host" \
    grep -q "still has the settings of a lab that did not finish.*pid $pidA" <<<"$ERR"
  check "$major:   ... the hint names --state-dir and --forget" \
    grep -q -- "--state-dir $stateA/pgknob\` on host $(hostname).*--forget" <<<"$ERR"
  expect_exit 2 "$major: L2: lab restore from the other state directory says the same" -- restore "$stateB"
  check "$major:   ... naming the first" grep -q "pid $pidA on host" <<<"$ERR"
  expect_exit 0 "$major: L2: lab restore from the first's state directory" -- restore "$stateA"
  check "$major:   ... settings, SHOW ALL and bytes as before; no marker" same_as_before

  # ---- --forget: a marker whose journal is elsewhere, then a journal given up on ----
  run_lab_bg "$stateA" rA; pidA=$!
  wait_claimed "$stateA"; sleep 1; kill -9 "$pidA"; wait "$pidA" 2>/dev/null
  expect_exit 0 "$major: restore --forget from another state directory removes the marker" -- \
    restore "$stateB" --forget
  check "$major:   ... says whose, and that the settings stay" grep -q "removed the lab marker of .*pid $pidA" <<<"$ERR"
  check "$major:   ... the marker is gone" no_marker
  expect_exit 0 "$major: the first's journal still restores" -- restore "$stateA"
  check "$major:   ... as before" same_as_before
  run_lab_bg "$stateA" rA; pidA=$!
  wait_claimed "$stateA"; sleep 1; kill -9 "$pidA"; wait "$pidA" 2>/dev/null
  expect_exit 0 "$major: restore --forget of its own journal" -- restore "$stateA" --forget
  check "$major:   ... the journal is kept as *.forgotten, no longer pending" forgotten
  check "$major:   ... and the marker is gone" no_marker
  rm -f "$stateA"/pgknob/lab-*.forgotten
  # What was forgotten is put back by hand, as the human who forgot it would.
  pg_as_postgres cp "$work/auto-before" "$PGDATA/postgresql.auto.conf"
  pg_cluster_restart >/dev/null
  check "$major:   ... (put back by hand) as before" same_as_before

  # ---- a setting the lab never set, changed by someone else while it was down ----
  run_lab_bg "$stateA" rA; pidA=$!
  wait_claimed "$stateA"; sleep 2; kill -9 "$pidA"; wait "$pidA" 2>/dev/null
  pg_as_postgres cat "$PGDATA/postgresql.conf" > "$work/conf-before"
  pg_as_postgres sh -c "printf 'maintenance_work_mem = 77MB\n' >> '$PGDATA/postgresql.conf'"
  expect_exit 2 "$major: restore with a setting someone else changed since the lab began" -- restore "$stateA"
  check "$major:   ... lists it, says the lab did not set it, offers --forget" \
    grep -qz 'maintenance_work_mem.*The lab set none of them.*--forget' <<<"$ERR"
  check "$major:   ... postgresql.auto.conf is back, the marker gone" auto_as_before
  expect_exit 0 "$major: restore --forget accepts it" -- restore "$stateA" --forget
  check "$major:   ... journal forgotten" forgotten
  rm -f "$stateA"/pgknob/lab-*.forgotten
  pg_as_postgres sh -c "cat > '$PGDATA/postgresql.conf'" < "$work/conf-before"
  pg_cluster_reload >/dev/null; sleep 0.5
  check "$major:   ... (the edit undone by hand) as before" same_as_before

  # ---- L1: changes waiting for a restart ----
  # One the lab sets (shared_buffers) and one it does not (max_prepared_transactions).
  pg_as_postgres sh -c "printf 'shared_buffers = 48MB\nmax_prepared_transactions = 7\n' >> '$PGDATA/postgresql.conf'"
  pg_cluster_reload >/dev/null; sleep 0.5
  check "$major: L1: two settings pending a restart" \
    test "$(pg_psql -c 'SELECT count(*) FROM pg_settings WHERE pending_restart')" = 2
  take_before
  started="$(start_time)"
  expect_exit 0 "$major: L1: a lab that needs no restart" -- run_reload "$stateA" r1
  check "$major:   ... did not restart the server for someone else's pending change" \
    test "$(start_time)" = "$started"
  check "$major:   ... everything as before, still pending" same_as_before
  run_lab_bg "$stateA" rA; pidA=$!
  wait_claimed "$stateA"
  check "$major: L1: the journal records them as pending, with the pending value" \
    grep -q '"pending_value": "7"' "$stateA"/pgknob/lab-*.json
  sleep 5; kill -9 "$pidA"; wait "$pidA" 2>/dev/null
  expect_exit 0 "$major: L1: SIGKILL, then lab restore verifies against the pending values" -- restore "$stateA"
  check "$major:   ... says the restart applied them" grep -q "had a change waiting for a restart" <<<"$ERR"
  check "$major:   ... now live: max_prepared_transactions 7, shared_buffers 48MB, nothing pending" \
    test "$(pg_psql -c "SELECT current_setting('max_prepared_transactions') || ' ' || current_setting('shared_buffers') || ' ' || (SELECT count(*) FROM pg_settings WHERE pending_restart)")" = "7 48MB 0"
  check "$major:   ... no journal left" no_journal
  check "$major:   ... postgresql.auto.conf's bytes as before" auto_as_before
  pg_as_postgres sh -c "printf 'max_prepared_transactions = 9\n' >> '$PGDATA/postgresql.conf'"
  pg_cluster_reload >/dev/null; sleep 0.5
  expect_exit 0 "$major: L1: a lab run with a change pending finishes and restores" -- \
    run_lab "$stateA" 01-restart r2
  check "$major:   ... max_prepared_transactions 9, nothing pending, no journal" \
    test "$(pg_psql -c "SELECT current_setting('max_prepared_transactions') || ' ' || (SELECT count(*) FROM pg_settings WHERE pending_restart)")" = "9 0"
  check "$major:   ... no journal" no_journal
  take_before

  # ---- L3: a role without the rights is refused before any journal ----
  pg_psql -c "CREATE ROLE labber LOGIN" -c "GRANT pg_read_all_settings, pg_read_server_files TO labber"
  dsn="host=$PGHOST port=$PGPORT user=labber dbname=postgres"
  expect_exit 2 "$major: L3: a run as a role that may not ALTER SYSTEM is refused" -- run_lab "$stateA" 01-restart r3
  if [ "$major" -ge 15 ]; then
    check "$major:   ... naming what it may not ALTER SYSTEM" grep -q 'may not ALTER SYSTEM .*shared_buffers' <<<"$ERR"
    check "$major:   ... and the GRANT that allows it" grep -q 'GRANT ALTER SYSTEM ON PARAMETER' <<<"$ERR"
  else
    check "$major:   ... before 15 only a superuser may" grep -q 'before PostgreSQL 15, ALTER SYSTEM needs a superuser' <<<"$ERR"
  fi
  check "$major:   ... no journal written, nothing changed" same_as_before
  expect_exit 0 "$major: L3: lab restore then has nothing to restore" -- restore "$stateA"
  if [ "$major" -ge 15 ]; then
    # Granted what the lab needs, the role gets past the check; whatever the run then meets
    # (here: the TPC-C tables are another role's), its restore clears its journal.
    pg_psql -c "GRANT ALTER SYSTEM ON PARAMETER shared_buffers, work_mem, pgknob.lab TO labber" \
      -c "GRANT EXECUTE ON FUNCTION pg_reload_conf() TO labber"
    run_lab "$stateA" 01-restart r4 >/dev/null 2>"$work/granted.err"
    check "$major: L3: a role granted ALTER SYSTEM and pg_reload_conf passes the check" \
      bash -c '! grep -q "cannot run" "$1"' _ "$work/granted.err"
    check "$major:   ... and its run leaves no journal, the server as before" same_as_before
  fi
  dsn="host=$PGHOST port=$PGPORT user=postgres dbname=postgres"

  # ---- a journal whose server is gone ----
  run_lab_bg "$stateA" rA; pidA=$!
  wait_claimed "$stateA"; sleep 1; kill -9 "$pidA"; wait "$pidA" 2>/dev/null
  pg_bin_kept="$PG_BIN"; pg_cluster_stop; PG_BIN="$pg_bin_kept"
  expect_exit 2 "$major: restore of a server that is gone" -- restore "$stateA"
  check "$major:   ... keeps the journal and offers --forget" grep -q -- '--forget` drops the journal' <<<"$ERR"
  expect_exit 0 "$major: restore --forget of a server that is gone" -- restore "$stateA" --forget
  check "$major:   ... says nothing on it was checked or changed" grep -q 'did not answer, so nothing on it was checked' <<<"$ERR"
  check "$major:   ... the journal is forgotten" forgotten
  rm -f "$stateA"/pgknob/lab-*.forgotten
done
done_testing
