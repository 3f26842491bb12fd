#!/usr/bin/env bash
# needs: servers
# PK5008 (max_parallel_workers above max_worker_processes): on the real 13 and 18, with
# max_worker_processes = 2 and max_parallel_workers = 8, a query planned for 6 workers launches
# at most 2 (the pool's slots); close miss: with max_worker_processes = 8 it launches more than 2.
# pgknob gives the notice on the first and nothing when the pool is at least as large.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-ppool.XXXXXX); chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT

pk5008() { # max_worker_processes max_parallel_workers: PK5008's severity
  printf 'max_worker_processes = %s\nmax_parallel_workers = %s\n' "$1" "$2" >"$TMP/c.conf"
  "$PGKNOB" lint --fail-on never --format json "$TMP/c.conf" 2>/dev/null |
    jq -r '[.findings[] | select(.rule == "PK5008") | .severity] | join(" ")'
}
check "pgknob: max_parallel_workers 8 above a pool of 2 is a notice (PK5008)" test "$(pk5008 2 8)" = notice
check "  close miss: a pool of 8 for 8 is not" test -z "$(pk5008 8 8)"

launched() { # major max_worker_processes: "planned launched" of a 6-worker parallel scan
  PG_SERVER_OPTS="-c max_worker_processes=$2 -c max_parallel_workers=8" pg_cluster_start "$1" ||
    { echo "no-server"; return; }
  pg_psql -c "CREATE TABLE t AS SELECT g AS x FROM generate_series(1, 200000) g; ANALYZE t" >/dev/null
  pg_psql -c "SET max_parallel_workers_per_gather = 6; SET parallel_setup_cost = 0;
    SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
    ALTER TABLE t SET (parallel_workers = 6);
    EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) SELECT count(*) FROM t" |
    awk '/Workers Planned/ {p=$NF} /Workers Launched/ {l=$NF} END {print p, l}'
  pg_cluster_stop
}
for major in 13 18; do
  read -r planned got <<<"$(launched "$major" 2)"
  check "$major: a pool of 2: $planned planned, $got launched (at most 2)" \
    bash -c '[ "$1" = 6 ] && [ "$2" -le 2 ] 2>/dev/null' _ "$planned" "$got"
  read -r planned got <<<"$(launched "$major" 8)"
  check "$major: close miss: a pool of 8: $planned planned, $got launched (more than 2)" \
    bash -c '[ "$1" = 6 ] && [ "$2" -gt 2 ] 2>/dev/null' _ "$planned" "$got"
done
done_testing
