#!/usr/bin/env bash
# needs: servers
# PK9006 and PK9007 on the real servers: a plain integer is milliseconds, and a session idle past
# idle_session_timeout (14+), or a transaction idle past idle_in_transaction_session_timeout, is
# terminated, as the rules say. Close miss: a session that does not wait that long keeps going.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

idle_run() { # script-lines...: runs them through one psql session, a "sleep N" line pausing it
  local line
  for line in "$@"; do
    case "$line" in
      sleep\ *) sleep "${line#sleep }" ;;
      *) printf '%s\n' "$line" ;;
    esac
  done | pg_psql 2>&1
}

for major in 14 18; do
  PG_SERVER_OPTS="-c idle_session_timeout=500 -c idle_in_transaction_session_timeout=300" \
    pg_cluster_start "$major" || { fail "PostgreSQL $major did not start"; continue; }
  check "$major: idle_session_timeout = 500 reads as 500ms" test "$(pg_psql -c 'SHOW idle_session_timeout')" = 500ms
  check "$major: idle_in_transaction_session_timeout = 300 reads as 300ms" \
    test "$(pg_psql -c 'SHOW idle_in_transaction_session_timeout')" = 300ms
  out=$(idle_run 'SELECT 1;' 'sleep 1.2' 'SELECT 2;')
  check "$major: a session idle 1.2 s is terminated (idle-session timeout)" \
    grep -q "terminating connection due to idle-session timeout" <<<"$out"
  out=$(idle_run 'BEGIN;' 'SELECT 1;' 'sleep 0.8' 'SELECT 2;' 'COMMIT;')
  check "$major: a transaction idle 0.8 s is terminated (idle-in-transaction timeout)" \
    grep -q "terminating connection due to idle-in-transaction timeout" <<<"$out"
  out=$(idle_run 'BEGIN;' 'SELECT 1;' 'sleep 0.1' 'SELECT 2;' 'COMMIT;')
  check "$major: close miss: a transaction idle 0.1 s goes on (both statements answer)" \
    test "$(tr '\n' ' ' <<<"$out")" = "1 2 "
  pg_cluster_stop
done
done_testing
