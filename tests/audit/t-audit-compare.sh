#!/usr/bin/env bash
# needs: servers
# pgknob audit --compare against a real server (17): a value changed by ALTER SYSTEM, one given on
# the command line and one the configuration's line sets but the server was not reloaded for are
# each reported with where the live value comes from; ALTER ROLE and ALTER DATABASE settings are
# listed (a role's work_mem as a warning); a setting ALTER SYSTEM changed that needs a restart is
# pending_restart; and a configuration equal to the live values reports no drift.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh

tmp="$(mktemp -d /tmp/pgknob-drift.XXXXXX)"; chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
PG_SERVER_OPTS="-c maintenance_work_mem=96MB" pg_cluster_start 17 || { fail "server 17 did not start"; done_testing; exit 1; }

printf "work_mem = 4MB\nmaintenance_work_mem = 64MB\nshared_buffers = 128MB\nrandom_page_cost = 4\n" > "$tmp/want.conf"
pg_psql -c "ALTER SYSTEM SET work_mem = '32MB'" -c "ALTER SYSTEM SET shared_buffers = '256MB'" \
  -c "SELECT pg_reload_conf()" >/dev/null
pg_psql -c "CREATE ROLE alice" -c "ALTER ROLE alice SET work_mem = '1GB'" \
  -c "ALTER DATABASE postgres SET random_page_cost = 1.1" -c "ALTER ROLE alice IN DATABASE postgres SET statement_timeout = '5s'" >/dev/null
sleep 0.5
j=$("$PGKNOB" audit --compare "$tmp/want.conf" --format json 2>/dev/null)
drift() { jq -r --arg n "$1" '.findings[] | select(.rule == "PK0910" and .settings[0].name == $n) | .message' <<<"$j"; }
check "work_mem: the drift names ALTER SYSTEM as the source" grep -q 'comes from ALTER SYSTEM (.*postgresql.auto.conf' <<<"$(drift work_mem)"
check "work_mem: the live value 32MB and the file's 4MB" grep -q 'work_mem = 32MB, but .*want.conf:1 sets 4MB' <<<"$(drift work_mem)"
check "maintenance_work_mem: from the server's command line" grep -q "command line" <<<"$(drift maintenance_work_mem)"
check "random_page_cost: ALTER DATABASE of this session's database" grep -q 'ALTER DATABASE' <<<"$(drift random_page_cost)"
check "shared_buffers: no drift yet (the restart is pending), pending_restart reported" \
  test "$(jq '[.findings[] | select(.rule == "PK0902" and .settings[0].name == "shared_buffers")] | length' <<<"$j")" = 1
check "ALTER ROLE alice SET work_mem = 1GB: a warning (memory)" \
  test "$(jq -r '.findings[] | select(.rule == "PK0911" and .title == "ALTER ROLE alice SET work_mem") | .severity' <<<"$j")" = warning
check "ALTER DATABASE postgres SET random_page_cost listed" \
  test "$(jq '[.findings[] | select(.rule == "PK0911" and .title == "ALTER DATABASE postgres SET random_page_cost")] | length' <<<"$j")" = 1
check "ALTER ROLE alice IN DATABASE postgres SET statement_timeout listed" \
  test "$(jq '[.findings[] | select(.rule == "PK0911" and (.title | startswith("ALTER ROLE alice IN DATABASE postgres")))] | length' <<<"$j")" = 1
# the live values as a file: no drift (the role settings stay listed)
pg_psql -c "SELECT name || ' = ''' || setting || coalesce(unit, '') || '''' FROM pg_settings WHERE name IN ('work_mem', 'maintenance_work_mem') AND unit = 'kB'" \
  | sed "s/'\([0-9]*\)kB'/'\1kB'/" > "$tmp/live.conf"
j=$("$PGKNOB" audit --compare "$tmp/live.conf" --format json 2>/dev/null)
check "the live values as the file: no PK0910 ($(tr '\n' ' ' < "$tmp/live.conf"))" \
  test "$(jq '[.findings[] | select(.rule == "PK0910")] | length' <<<"$j")" = 0
expect_exit 2 "--compare a missing file" -- "$PGKNOB" audit --compare "$tmp/none.conf"
j=$("$PGKNOB" audit --format json 2>/dev/null)
check "without --compare no drift finding" test "$(jq '[.findings[] | select(.rule == "PK0910")] | length' <<<"$j")" = 0
done_testing
