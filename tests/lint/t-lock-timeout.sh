#!/usr/bin/env bash
# needs: servers
# lock_timeout in postgresql.conf (PK9001): on a real server of every major, lock_timeout = 1 is
# one millisecond, and a second session that waits for a row lock the first holds fails with
# "canceling statement due to lock timeout" instead of waiting. Close miss: no line, and the
# second session waits (it is stopped by its own statement_timeout, a different error).
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

MAJORS="${LT_MAJORS:-13 14 15 16 17 18}"
TMP=$(mktemp -d /tmp/pgknob-lt.XXXXXX); chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT

rules_of() { # major conf-text
  printf '%b' "$2" >"$TMP/c.conf"
  "$PGKNOB" lint --fail-on never --pg-version "$1" --format json "$TMP/c.conf" 2>/dev/null |
    jq -r '[.findings[] | select(.rule == "PK9001") | "\(.rule):\(.severity)"] | join(" ")'
}
set_line() { # line or "" for none
  sed -i '/^lock_timeout/d' "$PGDATA/postgresql.conf"
  [ -n "$1" ] && echo "$1" >>"$PGDATA/postgresql.conf"
  pg_cluster_restart
}
# the first session holds a row lock for 3 seconds; the second updates the same row
contend() {
  "$PG_CLIENT_BIN/psql" -X -q -c 'BEGIN; UPDATE t SET v = v + 1; SELECT pg_sleep(3); COMMIT;' >/dev/null 2>&1 &
  local holder=$!
  sleep 1
  "$PG_CLIENT_BIN/psql" -X -q -c "SET statement_timeout = '1500ms'" -c 'UPDATE t SET v = v + 1' 2>&1
  wait "$holder"
}

for major in $MAJORS; do
  pg_cluster_start "$major" || { fail "PostgreSQL $major: cluster"; continue; }
  "$PG_CLIENT_BIN/psql" -X -q -c 'CREATE TABLE t (v int); INSERT INTO t VALUES (0);' >/dev/null
  set_line "lock_timeout = 1"
  got="$("$PG_CLIENT_BIN/psql" -X -A -t -c 'SHOW lock_timeout' 2>&1)"
  check "$major: lock_timeout = 1 is one millisecond ($got)" test "$got" = 1ms
  got="$(contend)"
  check "$major: a second session's row-lock wait fails with the lock timeout ($got)" \
    grep -q 'canceling statement due to lock timeout' <<<"$got"
  check "$major: pgknob warns (PK9001)" test "$(rules_of "$major" "lock_timeout = 1\n")" = "PK9001:warning"

  set_line ""
  got="$(contend)"
  check "$major: close miss, no line: the session waits until its own statement timeout ($got)" \
    grep -q 'canceling statement due to statement timeout' <<<"$got"
  check "$major: close miss: lock_timeout = 100ms, no finding" test -z "$(rules_of "$major" "lock_timeout = 100ms\n")"
  pg_cluster_stop
done
done_testing
