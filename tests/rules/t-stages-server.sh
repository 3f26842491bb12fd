#!/usr/bin/env bash
# needs: servers
# The seed-004 stage configurations (tests/rules/slow-stages) are accepted by a real PostgreSQL 18:
# `postgres -C` reads each file with the server's own parser and checks, and the last, cumulative
# stage (all 32 knobs, '1e300' quoted) actually starts and shows its values.
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"
source tests/pg/lib.sh
if ! pg_cluster_start 18; then
  fail "could not start PostgreSQL 18"; done_testing; exit 1
fi
for conf in tests/rules/slow-stages/*.conf; do
  [ -f "$conf" ] || continue
  name=$(basename "$conf" .conf)
  cp "$conf" "$PG_CLUSTER/$name.conf" && chmod 644 "$PG_CLUSTER/$name.conf"
  out=$(pg_as_postgres "$PG_BIN/postgres" -D "$PGDATA" -c "config_file=$PG_CLUSTER/$name.conf" -C shared_buffers 2>&1)
  rc=$?
  check "$name: postgres -C accepts the file ($out)" test "$rc" -eq 0
done
# the unquoted spelling of the post is refused by the server, as pgknob says
printf "random_page_cost = 1e300\n" > "$PG_CLUSTER/unquoted.conf"; chmod 644 "$PG_CLUSTER/unquoted.conf"
out=$(pg_as_postgres "$PG_BIN/postgres" -D "$PGDATA" -c "config_file=$PG_CLUSTER/unquoted.conf" -C random_page_cost 2>&1)
check "unquoted 1e300 is refused by the server" test $? -ne 0
expect_exit 1 "and by pgknob lint" -- "$PGKNOB" lint --no-rules --pg-version 18 --fail-on error "$PG_CLUSTER/unquoted.conf"
# start the cumulative last stage for real
pg_as_postgres sh -c "echo \"include '$PG_CLUSTER/stage-5-one-io-worker.conf'\" >> '$PGDATA/postgresql.conf'"
if pg_cluster_restart; then
  ok "stage 5 starts"
  check "io_workers is 1" test "$(pg_psql -c 'SHOW io_workers')" = 1
  check "random_page_cost is 1e+300" test "$(pg_psql -c 'SHOW random_page_cost')" = "1e+300"
  check "shared_buffers is 8MB" test "$(pg_psql -c 'SHOW shared_buffers')" = 8MB
  check "max_wal_size is 32MB" test "$(pg_psql -c 'SHOW max_wal_size')" = 32MB
else
  fail "stage 5 starts"
fi
pg_cluster_stop
done_testing
