#!/usr/bin/env bash
# needs: servers
# What the configuration causes, made real on PostgreSQL 13–18, each rule against its close miss.
# A tight server (wal_buffers 32kB, shared_buffers 1MB, max_wal_size 32MB, work_mem 64kB, one
# slow autovacuum worker) under a real load: wal_buffers filling (PK3054, 14+), WAL volume over
# the checkpoint distance (PK3055, 14+), client backends writing buffers (PK2053), a statement
# spilling on every call (PK2054), idle connections (PK2055), every autovacuum worker busy while a
# table waits (PK4058), and a setting waiting for a restart (PK0902) in a plain audit and from a
# collected snapshot. A roomy server (defaults, wal_buffers 64MB, work_mem 64MB, autovacuum
# unthrottled) under the same load fires none of them.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-depth.XXXXXX); chmod 755 "$TMP"
PSQL="$PG_CLIENT_BIN/psql"
source "$(dirname "$0")/live-lib.sh"
trap 'idle_stop; rm -rf "$TMP"' EXIT
NEW='PK3054|PK3055|PK2053|PK2054|PK2055|PK4058'

audit() {
  "$PGKNOB" audit -v --format json --fail-on never >"$TMP/out.json" 2>"$TMP/err"; RC=$?
}
fired() { jq -r --arg p "^(${1:-$NEW})$" '[.findings[].rule | select(test($p))] | join(",")' "$TMP/out.json"; }
finding_evidence() { jq -r --arg r "$1" '.findings[] | select(.rule == $r) | .evidence | join(" | ")' "$TMP/out.json"; }

load() { # the same workload on both servers
  pg_psql -c "create extension if not exists pg_stat_statements" \
    -c "create table w (id int, pad text)" -c "create table other (id int)" \
    -c "insert into other select generate_series(1, 2000)" >/dev/null
  pg_psql -c "insert into w select g, repeat('x', 200) from generate_series(1, 150000) g" >/dev/null
  pg_psql -c "update w set pad = repeat('y', 200)" -c "delete from other" >/dev/null
}
spill() { # N calls of a sort of 200000 rows
  local n
  for n in $(seq "$1"); do
    pg_psql -c "select g from generate_series(1, 200000) g order by g desc offset 199999" >/dev/null
  done
}
wait_dead() { # until the statistics show the deleted rows (13 and 14 send them to the stats
  # collector, which publishes them about half a second later; at most 15 s)
  local tries=0
  while [ "$tries" -lt 30 ]; do
    [ "$(pg_psql -c "select coalesce(sum(n_dead_tup), 0) from pg_stat_user_tables where relname = 'other'")" -ge 1 ] && return 0
    sleep 0.5; tries=$((tries + 1))
  done
  return 1
}
wait_autovacuum() { # until a worker is at work (at most 15 s)
  local tries=0
  while [ "$tries" -lt 30 ]; do
    [ "$(pg_psql -c "select count(*) from pg_stat_activity where backend_type = 'autovacuum worker'")" -ge 1 ] && return 0
    sleep 0.5; tries=$((tries + 1))
  done
  return 1
}

tight() { # major
  local major="$1"
  audit
  check "PG$major tight, idle server: none of the new rules fires (got: $(fired))" test -z "$(fired)"
  spill 2
  idle_sessions 12
  audit
  check "PG$major spill: close miss (2 calls of 3): PK2054 does not fire ($(ev pgss.temp_top_calls) calls)" silent PK2054
  check "PG$major idle: close miss ($(ev connections.in_use) connections, under 20): PK2055 does not fire" silent PK2055
  spill 1
  idle_sessions 10
  load
  wait_autovacuum || fail "PG$major: no autovacuum worker started"
  wait_dead || fail "PG$major: the statistics never showed the deleted rows"
  audit
  local queries
  queries=$(sed -n 's/.* \([0-9]*\) queries in.*/\1/p' "$TMP/err")
  check "PG$major: at most 40 statements ($queries)" test "${queries:-99}" -le 40
  check "PG$major spill: PK2054 fires ($(ev pgss.temp_top_calls) calls, $(ev pgss.temp_top_bytes_per_call) B a call)" fires PK2054
  check "PG$major spill: the evidence names the statement and its role" \
    bash -c 'grep -q "order by g desc.*role \"postgres\"" <<<"$0"' "$(finding_evidence PK2054)"
  check "PG$major idle: PK2055 fires ($(ev connections.idle) of $(ev connections.in_use) idle)" fires PK2055
  check "PG$major backend writes: PK2053 fires ($(ev io.backend_write_share) of $(ev io.buffer_writes))" fires PK2053
  check "PG$major autovacuum: PK4058 fires ($(ev autovacuum.workers_busy) busy, $(ev autovacuum.tables_due) due)" fires PK4058
  check "PG$major autovacuum: the evidence names the waiting table" \
    bash -c 'grep -q "waiting longest is public\.\(w\|other\)" <<<"$0"' "$(finding_evidence PK4058)"
  if [ "$major" -ge 14 ]; then
    check "PG$major wal_buffers: PK3054 fires ($(ev wal.buffers_full) times)" fires PK3054
    check "PG$major WAL volume: PK3055 fires (share $(ev wal.checkpoint_trigger_share), $(ev wal.bytes_over_max_wal_size) x max_wal_size)" fires PK3055
  else
    check "PG13: no pg_stat_wal, PK3054 and PK3055 do not claim 13 (got: $(fired 'PK305[45]'))" test -z "$(fired 'PK305[45]')"
  fi
  idle_stop
  # pending_restart: a plain audit names it, and so does --from a collected snapshot
  pg_psql -c "alter system set shared_buffers = '2MB'" -c "select pg_reload_conf()" >/dev/null
  sleep 0.3
  audit
  check "PG$major pending restart: PK0902 in a plain audit" fires PK0902
  "$PGKNOB" audit --collect >"$TMP/collect.sql"
  "$PSQL" -X -f "$TMP/collect.sql" >"$TMP/snap.json" 2>/dev/null
  "$PGKNOB" audit --from "$TMP/snap.json" --format json --fail-on never >"$TMP/out.json"
  check "PG$major pending restart: PK0902 from the snapshot" fires PK0902
  check "PG$major: the new rules fire from the snapshot too (got: $(fired))" test -n "$(fired 'PK2054|PK2053')"
}

roomy() { # major
  local major="$1"
  spill 3
  idle_sessions 10
  load
  wait_autovacuum
  audit
  check "PG$major roomy: under the same load none of the new rules fires (got: $(fired); wal_buffers full $(ev wal.buffers_full), backend share $(ev io.backend_write_share), workers $(ev autovacuum.workers_busy))" \
    test -z "$(fired)"
  idle_stop
}

for major in ${PGKNOB_TEST_MAJORS:-13 14 15 16 17 18}; do
  base="-c shared_preload_libraries=pg_stat_statements -c autovacuum_naptime=1"
  opts="$base -c autovacuum_vacuum_cost_delay=100 -c autovacuum_vacuum_cost_limit=1"
  opts="$opts -c wal_buffers=32kB -c shared_buffers=1MB -c max_wal_size=32MB -c min_wal_size=32MB"
  opts="$opts -c work_mem=64kB -c autovacuum_max_workers=1"
  if ! PG_SERVER_OPTS="$opts" pg_cluster_start "$major" >/dev/null 2>"$TMP/start.err"; then
    fail "PG$major: tight cluster did not start: $(tail -3 "$TMP/start.err")"; continue
  fi
  tight "$major"
  pg_cluster_stop
  if ! PG_SERVER_OPTS="$base -c work_mem=64MB -c wal_buffers=64MB" pg_cluster_start "$major" >/dev/null 2>"$TMP/start.err"; then
    fail "PG$major: roomy cluster did not start: $(tail -3 "$TMP/start.err")"; continue
  fi
  roomy "$major"
  pg_cluster_stop
done

done_testing
