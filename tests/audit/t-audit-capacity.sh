#!/usr/bin/env bash
# needs: servers
# Capacity over time, made real on PostgreSQL 13–18, each against its close miss:
# - max_connections far above the most connections seen (PK2056): max_connections 300 with 12
#   sessions fires; 190 with the same sessions does not (under 200);
# - autovacuum saturated across the samples (PK4058 from --sample) and tables waiting longer than
#   autovacuum_naptime allows (PK4059): one autovacuum worker throttled to a crawl on a large table
#   (or on w's analyze, or a catalog the DDL touched) while tables wait over their threshold through a sampling
#   of 3 naptimes; a sampling of under two naptimes does not claim it, and an unthrottled worker
#   under the same load leaves nothing waiting;
# - the same findings from `audit --collect --sample | psql` then `audit --from`;
# - checkpoints' write and sync time is evidence; on these servers it meets the spread (PK3056 is
#   silent: t-audit-checkpoint.sh makes it fire on slow storage);
# - the budget: a full audit without --sample (pg_stat_statements created, archiving on) sends at
#   most 40 statements (counted by the server's log too) and reads the server within 0.5 s.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-capacity.XXXXXX); chmod 755 "$TMP"
PSQL="$PG_CLIENT_BIN/psql"
source "$(dirname "$0")/live-lib.sh"
trap 'idle_stop; rm -rf "$TMP"' EXIT
NEW='PK2056|PK3056|PK4058|PK4059'

audit() { # [audit options]
  "$PGKNOB" audit -v --format json --fail-on never "$@" >"$TMP/out.json" 2>"$TMP/err"
}
evtext() { jq -r --arg k "$1" '.inputs[0].evidence[] | select(.key == $k) | .text' "${2:-$TMP/out.json}"; }
fired() { jq -r --arg p "^($NEW)$" '[.findings[].rule | select(test($p))] | unique | join(",")' "${1:-$TMP/out.json}"; }

wait_worker() { # until the autovacuum worker is at work (vacuuming or analyzing w, or a catalog
  # the DDL touched; throttled, any keeps it busy; at most 20 s)
  local tries=0
  while [ "$tries" -lt 40 ]; do
    [ "$(pg_psql -c "select count(*) from pg_stat_activity where backend_type = 'autovacuum worker'")" -ge 1 ] && return 0
    sleep 0.5; tries=$((tries + 1))
  done
  return 1
}
wait_due() { # vacuums: until table other shows its dead rows (13 and 14 publish them late; an
  # unthrottled worker may vacuum it first, which counts too; at most 15 s)
  local tries=0
  while [ "$tries" -lt 30 ]; do
    [ "$(pg_psql -c "select coalesce(sum(n_dead_tup), 0) from pg_stat_user_tables where relname = 'other'")" -ge 1000 ] && return 0
    [ "$(pg_psql -c "select coalesce(sum(autovacuum_count), 0) from pg_stat_user_tables where relname = 'other'")" -gt "$1" ] && return 0
    sleep 0.5; tries=$((tries + 1))
  done
  return 1
}
load() { # major [nowait]: a large table for the worker, then a small one over its threshold
  pg_psql -c "create table w (id int, pad text) with (autovacuum_vacuum_scale_factor = 0.01)" \
    -c "create table other (id int)" -c "insert into other select generate_series(1, 2000)" \
    -c "insert into w select g, repeat('x', 200) from generate_series(1, 100000) g" >/dev/null
  pg_psql -c "update w set pad = repeat('y', 200)" >/dev/null
  [ -n "${2:-}" ] || wait_worker || fail "PG$1: no autovacuum worker started"
  local vacuums
  vacuums=$(pg_psql -c "select coalesce(sum(autovacuum_count), 0) from pg_stat_user_tables where relname = 'other'")
  pg_psql -c "delete from other" >/dev/null
  wait_due "$vacuums" || fail "PG$1: the statistics never showed other's dead rows"
}

tight() { # major: max_connections 300, one worker throttled to a crawl
  local major="$1" queries ms logged log start_line
  # the budget first, on a quiet server: every evidence query runs (pg_stat_statements created,
  # archiving on, a superuser), the server's log counts the statements
  pg_psql -c "create extension pg_stat_statements" -c "checkpoint" -c "alter system set log_line_prefix = '%a|'" \
    -c "alter system set log_statement = 'all'" -c "select pg_reload_conf()" >/dev/null
  # before 15 the statistics collector receives the checkpoint's counters asynchronously
  if [ "$major" -lt 15 ]; then
    for _ in $(seq 50); do
      [ "$(pg_psql -Atc "select checkpoints_timed + checkpoints_req from pg_stat_bgwriter")" -gt 0 ] && break
      sleep 0.1
    done
  fi
  sleep 0.3
  log=$(pg_server_log); start_line=$(wc -l <"$log")
  audit
  queries=$(sed -n 's/.* \([0-9]*\) queries in.*/\1/p' "$TMP/err")
  ms=$(sed -n 's/.* queries in \([0-9.]*\) ms.*/\1/p' "$TMP/err")
  logged=$(tail -n +"$((start_line + 1))" "$log" | grep -c '^pgknob|.*statement: ')
  check "PG$major budget: at most 40 statements without --sample ($queries)" test "${queries:-99}" -le 40
  check "PG$major budget: the server's log counts as many ($logged)" test "$logged" -eq "${queries:-0}"
  check "PG$major budget: the server is read within 0.5 s ($ms ms)" \
    bash -c 'awk -v m="$0" "BEGIN { exit !(m > 0 && m < 500) }"' "$ms"
  pg_psql -c "alter system reset log_statement" -c "select pg_reload_conf()" >/dev/null
  check "PG$major checkpoints: their write and sync time is evidence ($(evtext checkpoints.duration_share))" \
    test -n "$(ev checkpoints.duration_share)"
  check "PG$major checkpoints: close miss, they meet the spread: PK3056 does not fire" silent PK3056

  idle_sessions 12
  audit
  check "PG$major connections: PK2056 fires (peak $(ev connections.peak), share $(ev connections.peak_share))" fires PK2056
  check "PG$major connections: the text says one audit sees one moment" \
    bash -c 'grep -q "one moment" <<<"$0"' "$(evtext connections.peak)"
  load "$major"
  audit --sample 1s
  check "PG$major autovacuum: a sampling under two naptimes does not claim waiting tables" silent PK4059
  check "  ... and says why" jq -e '.audit.unavailable[] | select(.what | test("naptime allows")) | .why | test("shorter than two autovacuum_naptime")' "$TMP/out.json"
  audit --sample 3s
  check "PG$major autovacuum: PK4059 fires after 3 naptimes ($(evtext autovacuum.tables_overdue))" fires PK4059
  check "PG$major autovacuum: the evidence names the waiting table" \
    bash -c 'grep -q "longest-waiting is public\.\(w\|other\)" <<<"$0"' "$(evtext autovacuum.tables_overdue)"
  check "PG$major autovacuum: PK4058 from the samples ($(ev autovacuum.saturated_share) of them saturated)" fires PK4058
  check "PG$major connections: the samples count the sessions ($(ev connections.peak_sampled))" \
    test "$(ev connections.peak_sampled)" -ge 12
  cp "$TMP/out.json" "$TMP/live.json"
  "$PGKNOB" audit --collect --sample 3s >"$TMP/collect.sql"
  "$PSQL" -X -f "$TMP/collect.sql" >"$TMP/snap.json" 2>"$TMP/psql.err"
  "$PGKNOB" audit --from "$TMP/snap.json" --format json --fail-on never >"$TMP/from.json"
  check "PG$major --collect --sample then --from: the same new findings ($(fired "$TMP/live.json") / $(fired "$TMP/from.json"); $(head -c 200 "$TMP/psql.err"))" \
    test "$(fired "$TMP/live.json")" = "$(fired "$TMP/from.json")" -a -n "$(fired "$TMP/from.json")"
  idle_stop
}

closer() { # major: max_connections 190, an unthrottled worker, the same load
  local major="$1"
  idle_sessions 12
  audit
  check "PG$major close miss: max_connections 190, 12 sessions: PK2056 does not fire" silent PK2056
  load "$major" nowait
  audit --sample 3s
  check "PG$major close miss: an unthrottled worker leaves no table waiting (got: $(fired); $(evtext autovacuum.tables_overdue))" silent PK4059
  idle_stop
}

for major in ${PGKNOB_TEST_MAJORS:-13 14 15 16 17 18}; do
  base="-c shared_preload_libraries=pg_stat_statements -c autovacuum_naptime=1 -c autovacuum_max_workers=1"
  base="$base -c archive_mode=on -c archive_command=true"
  if ! PG_SERVER_OPTS="$base -c max_connections=300 -c autovacuum_vacuum_cost_delay=100 -c autovacuum_vacuum_cost_limit=1" \
      pg_cluster_start "$major" >/dev/null 2>"$TMP/start.err"; then
    fail "PG$major: tight cluster did not start: $(tail -3 "$TMP/start.err")"; continue
  fi
  tight "$major"
  pg_cluster_stop
  if ! PG_SERVER_OPTS="$base -c max_connections=190" pg_cluster_start "$major" >/dev/null 2>"$TMP/start.err"; then
    fail "PG$major: close-miss cluster did not start: $(tail -3 "$TMP/start.err")"; continue
  fi
  closer "$major"
  pg_cluster_stop
done

done_testing
