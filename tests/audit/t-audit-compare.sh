#!/usr/bin/env bash
# needs: servers
# The drift tier: pgknob audit --compare against real servers 13–18 (PG_MAJORS, or the majors
# given as arguments). On each: a value changed by ALTER SYSTEM, one given on the command line
# (-c), one from ALTER DATABASE and one the file sets but the server runs at its default are
# each reported with where the live value comes from; a postmaster setting changed by ALTER
# SYSTEM is pending_restart until reset; ALTER ROLE, ALTER DATABASE, ALTER ROLE … IN DATABASE
# and ALTER ROLE ALL settings (pg_db_role_setting) are listed, a credential-like one redacted;
# pg_db_role_setting is read by a pg_monitor role and a role with no privilege; the memory
# rules count a role's work_mem = 1GB and a database's maintenance_work_mem (PK2001 with
# --host ram, PK2020 without), naming them, and stop when they are reset; a CloudNativePG
# manifest is compared like a file, at its YAML line; a file equal to the live values reports
# no drift.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh

tmp="$(mktemp -d /tmp/pgknob-drift.XXXXXX)"; chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
majors="${*:-$PG_MAJORS}"

for major in $majors; do
  t="$major:"
  PG_SERVER_OPTS="-c maintenance_work_mem=96MB" pg_cluster_start "$major" \
    || { fail "$t server did not start"; continue; }
  printf "work_mem = 4MB\nmaintenance_work_mem = 64MB\nshared_buffers = 128MB\nrandom_page_cost = 4\ncheckpoint_completion_target = 0.7\n" > "$tmp/want.conf"
  pg_psql -c "ALTER SYSTEM SET work_mem = '32MB'" -c "ALTER SYSTEM SET shared_buffers = '256MB'" \
    -c "SELECT pg_reload_conf()" >/dev/null
  pg_psql -c "CREATE ROLE alice" -c "ALTER ROLE alice SET work_mem = '1GB'" \
    -c "ALTER DATABASE postgres SET random_page_cost = 1.1" \
    -c "ALTER ROLE alice IN DATABASE postgres SET statement_timeout = '5s'" \
    -c "ALTER ROLE ALL SET lock_timeout = '3s'" \
    -c "ALTER ROLE alice SET myapp.api_password = 'hunter2-secret'" \
    -c "CREATE ROLE mon LOGIN IN ROLE pg_monitor" -c "CREATE ROLE nobody LOGIN" >/dev/null
  sleep 0.5
  j=$("$PGKNOB" audit --compare "$tmp/want.conf" --format json 2>/dev/null)
  drift() { jq -r --arg n "$1" '.findings[] | select(.rule == "PK0910" and .settings[0].name == $n) | .message' <<<"$j"; }
  role() { jq -r --arg t "$1" '.findings[] | select(.rule == "PK0911" and .title == $t) | .severity' <<<"$j"; }
  check "$t work_mem: the drift names ALTER SYSTEM as the source" grep -q 'comes from ALTER SYSTEM (.*postgresql.auto.conf' <<<"$(drift work_mem)"
  check "$t work_mem: the live value 32MB and the file's 4MB" grep -q 'work_mem = 32MB, but .*want.conf:1 sets 4MB' <<<"$(drift work_mem)"
  check "$t maintenance_work_mem: from the server's command line" grep -q "command line" <<<"$(drift maintenance_work_mem)"
  check "$t random_page_cost: ALTER DATABASE of this session's database" grep -q 'ALTER DATABASE' <<<"$(drift random_page_cost)"
  check "$t checkpoint_completion_target: the server's default, the file's line not in effect" \
    grep -q "the server's default" <<<"$(drift checkpoint_completion_target)"
  check "$t shared_buffers: no drift yet (the restart is pending), pending_restart reported" \
    test "$(jq '[.findings[] | select(.rule == "PK0902" and .settings[0].name == "shared_buffers")] | length' <<<"$j")" = 1
  check "$t ALTER ROLE alice SET work_mem = 1GB: a warning (memory)" test "$(role "ALTER ROLE alice SET work_mem")" = warning
  check "$t ALTER DATABASE postgres SET random_page_cost: a notice" test "$(role "ALTER DATABASE postgres SET random_page_cost")" = notice
  check "$t ALTER ROLE alice IN DATABASE postgres SET statement_timeout listed" \
    test "$(role "ALTER ROLE alice IN DATABASE postgres SET statement_timeout")" = notice
  check "$t ALTER ROLE ALL SET lock_timeout listed as such" test "$(role "ALTER ROLE ALL SET lock_timeout")" = notice
  check "$t a credential-like role setting is listed, its value redacted" \
    grep -q 'myapp.api_password = <redacted>' <<<"$(jq -r '.findings[] | select(.rule == "PK0911") | .message' <<<"$j")"
  check "$t the credential appears nowhere in the report" bash -c '! grep -q hunter2-secret <<<"$1"' _ "$j"
  # pg_db_role_setting is readable without privileges (verified, not assumed)
  for who in mon nobody; do
    jw=$(PGUSER=$who "$PGKNOB" audit --compare "$tmp/want.conf" --format json 2>/dev/null)
    check "$t as $who: ALTER ROLE alice SET work_mem still listed" \
      test "$(jq '[.findings[] | select(.rule == "PK0911" and .title == "ALTER ROLE alice SET work_mem")] | length' <<<"$jw")" = 1
    check "$t as $who: pg_db_role_setting not among the unavailable" \
      test "$(jq '[.audit.unavailable[] | select(.what | contains("pg_db_role_setting"))] | length' <<<"$jw")" = 0
  done
  check "$t as nobody: the source file is not visible, the drift says a configuration file" \
    grep -q 'from a configuration file' <<<"$(PGUSER=nobody "$PGKNOB" audit --compare "$tmp/want.conf" --format json 2>/dev/null \
      | jq -r '.findings[] | select(.rule == "PK0910" and .settings[0].name == "work_mem") | .message')"

  # the memory model counts the role's work_mem and the database's maintenance_work_mem
  pg_psql -c "ALTER DATABASE postgres SET maintenance_work_mem = '2GB'" >/dev/null
  mem=$("$PGKNOB" audit --host ram=64GB,cores=8 --format json 2>/dev/null)
  msg=$(jq -r '.findings[] | select(.rule == "PK2001") | .message' <<<"$mem")
  check "$t PK2001 names role alice's work_mem = 1GB (ALTER ROLE alice SET)" \
    grep -q '^role alice has work_mem = 1GB (ALTER ROLE alice SET)' <<<"$msg"
  check "$t PK2001 names database postgres's maintenance_work_mem (this session's own)" \
    grep -q 'database postgres has maintenance_work_mem = 2GB (ALTER DATABASE postgres SET)' <<<"$msg"
  check "$t PK2001 counts 1GB per connection" grep -q 'work_mem [0-9.]*[kMGT]*B (1GB for each of ' <<<"$msg"
  nohost=$("$PGKNOB" audit --host cores=8 --format json 2>/dev/null)
  check "$t PK2020 without RAM: 100 connections × work_mem 1GB, naming the role" \
    grep -q '^role alice has work_mem = 1GB (ALTER ROLE alice SET).*100 connections × work_mem 1GB = 100GB' \
    <<<"$(jq -r '.findings[] | select(.rule == "PK2020") | .message' <<<"$nohost")"
  pg_psql -c "ALTER ROLE alice RESET work_mem" -c "ALTER DATABASE postgres RESET maintenance_work_mem" >/dev/null
  mem=$("$PGKNOB" audit --host ram=64GB,cores=8 --format json 2>/dev/null)
  check "$t reset: no PK2001 any more" test "$(jq '[.findings[] | select(.rule == "PK2001")] | length' <<<"$mem")" = 0
  nohost=$("$PGKNOB" audit --host cores=8 --format json 2>/dev/null)
  check "$t reset: no PK2020 any more" test "$(jq '[.findings[] | select(.rule == "PK2020")] | length' <<<"$nohost")" = 0

  # pending_restart ends when the change is taken back
  pg_psql -c "ALTER SYSTEM RESET shared_buffers" -c "SELECT pg_reload_conf()" >/dev/null
  sleep 0.5
  jr=$("$PGKNOB" audit --format json 2>/dev/null)
  check "$t ALTER SYSTEM RESET shared_buffers + reload: no longer pending_restart" \
    test "$(jq '[.findings[] | select(.rule == "PK0902")] | length' <<<"$jr")" = 0

  # a CloudNativePG manifest is compared as lint reads it: the finding at its YAML line
  cat > "$tmp/cluster.yaml" <<'EOF'
apiVersion: postgresql.cnpg.io/v1
kind: Cluster
metadata:
  name: cluster-example
spec:
  instances: 3
  postgresql:
    parameters:
      work_mem: "4MB"
      random_page_cost: "1.1"
EOF
  jm=$("$PGKNOB" audit --compare "$tmp/cluster.yaml" --format json 2>/dev/null)
  check "$t manifest: work_mem drift at cluster.yaml:9" \
    grep -q 'cluster.yaml:9 sets 4MB' <<<"$(jq -r '.findings[] | select(.rule == "PK0910" and .settings[0].name == "work_mem") | .message' <<<"$jm")"
  check "$t manifest: random_page_cost equal to the live 1.1 (ALTER DATABASE): no drift" \
    test "$(jq '[.findings[] | select(.rule == "PK0910" and .settings[0].name == "random_page_cost")] | length' <<<"$jm")" = 0

  # the live values as a file: no drift (the role settings stay listed)
  pg_psql -c "SELECT name || ' = ''' || setting || coalesce(unit, '') || '''' FROM pg_settings WHERE name IN ('work_mem', 'maintenance_work_mem') AND unit = 'kB'" \
    > "$tmp/live.conf"
  j=$("$PGKNOB" audit --compare "$tmp/live.conf" --format json 2>/dev/null)
  check "$t the live values as the file: no PK0910 ($(tr '\n' ' ' < "$tmp/live.conf"))" \
    test "$(jq '[.findings[] | select(.rule == "PK0910")] | length' <<<"$j")" = 0
  expect_exit 2 "$t --compare a missing file" -- "$PGKNOB" audit --compare "$tmp/none.conf"
  j=$("$PGKNOB" audit --format json 2>/dev/null)
  check "$t without --compare no drift finding" test "$(jq '[.findings[] | select(.rule == "PK0910" or .rule == "PK0911")] | length' <<<"$j")" = 0
  pg_cluster_stop
done
done_testing
