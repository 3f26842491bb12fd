#!/usr/bin/env bash
# needs: servers
# PK0061 on the paths a configuration names, against real servers 13 and 18: a missing
# hba_file stops the server (as the hint says), a missing ident_file does not (the server logs
# the error and starts: postmaster.c loads pg_ident.conf softly), and pgknob's hint says which.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"
T="$(mktemp -d /tmp/pgknob-host-paths.XXXXXX)"
chmod 755 "$T"
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/ident" "$T/hba"
printf "shared_buffers = 1GB\nident_file = '/nonexistent/pg_ident.conf'\n" > "$T/ident/postgresql.conf"
printf "shared_buffers = 1GB\nhba_file = '/nonexistent/pg_hba.conf'\n" > "$T/hba/postgresql.conf"
hint() { "$PGKNOB" lint "$1" --format json | jq -r '.findings[] | select(.rule == "PK0061") | .hint'; }
check "lint: a missing ident_file starts the server, says the hint" grep -q "the server starts" <<<"$(hint "$T/ident/postgresql.conf")"
check "lint: a missing hba_file refuses start, says the hint" grep -q "refuses to start" <<<"$(hint "$T/hba/postgresql.conf")"
for major in 13 18; do
  PG_SERVER_OPTS="-c ident_file=/nonexistent/pg_ident.conf" pg_cluster_start "$major" >/dev/null 2>&1
  check "$major: with ident_file missing the server starts" test "$(pg_psql -c "select 1")" = 1
  check "$major: ... and logs the missing file" grep -q "pg_ident.conf" "$(pg_server_log)"
  pg_cluster_stop
  if PG_SERVER_OPTS="-c hba_file=/nonexistent/pg_hba.conf" pg_cluster_start "$major" >/dev/null 2>&1; then
    fail "$major: with hba_file missing the server started"
    pg_cluster_stop
  else
    check "$major: with hba_file missing the server refuses to start" true
  fi
done
done_testing
