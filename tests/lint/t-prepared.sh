#!/usr/bin/env bash
# needs: servers
# PK4017 (two-phase commit enabled) against the real servers 13 and 18: a transaction prepared and
# left survives a restart, and VACUUM then keeps every row deleted after it began, dead but not
# removable, until ROLLBACK PREPARED. pgknob notes max_prepared_transactions = 100 and is quiet
# on 0.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-2pc.XXXXXX); chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT

pk4017() { # conf-text
  printf '%b' "$1" >"$TMP/c.conf"
  "$PGKNOB" lint --fail-on never --format json "$TMP/c.conf" 2>/dev/null |
    jq -r '[.findings[] | select(.rule == "PK4017") | .severity] | join(" ")'
}
check "pgknob: max_prepared_transactions = 100 is a notice (PK4017)" \
  test "$(pk4017 "max_prepared_transactions = 100\n")" = notice
check "pgknob: close miss: 0 is quiet" test -z "$(pk4017 "max_prepared_transactions = 0\n")"

# 13 writes "N dead row versions cannot be removed yet", 18 "N are dead but not yet removable"
held='1000 (dead row versions cannot be removed yet|are dead but not yet removable)'
for major in 13 18; do
  if ! PG_SERVER_OPTS="-c max_prepared_transactions=5" pg_cluster_start "$major"; then
    fail "$major: a cluster with max_prepared_transactions = 5 did not start"; continue
  fi
  pg_psql -c "CREATE TABLE t AS SELECT g FROM generate_series(1, 1000) g; CREATE TABLE u (x int);" >/dev/null
  pg_psql -c "BEGIN; INSERT INTO u VALUES (1); PREPARE TRANSACTION 'left';" >/dev/null
  pg_psql -c "DELETE FROM t" >/dev/null
  pg_cluster_restart
  check "$major: the prepared transaction survives a restart" \
    test "$(pg_psql -c "SELECT gid FROM pg_prepared_xacts")" = left
  out=$(pg_psql -c "VACUUM (VERBOSE) t" 2>&1)
  check "$major: VACUUM keeps the 1000 deleted rows while it is prepared" grep -Eq "$held" <<<"$out"
  pg_psql -c "ROLLBACK PREPARED 'left'" >/dev/null
  out=$(pg_psql -c "VACUUM (VERBOSE) t" 2>&1)
  check "$major: close miss: after ROLLBACK PREPARED VACUUM removes them" \
    bash -c '! grep -Eq "$1" <<<"$2" && grep -Eq "(found|tuples:) 1000 removed|removed 1000 row versions" <<<"$2"' _ "$held" "$out"
  pg_cluster_stop
done
done_testing
