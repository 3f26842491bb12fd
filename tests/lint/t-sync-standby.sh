#!/usr/bin/env bash
# needs: servers
# PK3037 (one named synchronous standby) against the real 13 and 18: with
# synchronous_standby_names = 'replica1' and no standby attached, a commit does not return (3
# seconds here; statement_timeout does not end the wait, which comes after the statement); with the
# setting empty it returns at once. pgknob warns on the first, not on ANY 1 of two or '*'. PK0079
# (Patroni passing synchronous_standby_names it does not manage): 'ANY 1 (*)' with no standby
# connected waits the same on 13 and 18. PK3040 (several standbys, or '*'): 'replica1,replica2'
# with neither connected waits the same.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-sync.XXXXXX); chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT

pk3037() { # value
  printf "synchronous_standby_names = '%s'\n" "$1" >"$TMP/c.conf"
  "$PGKNOB" lint --fail-on never --format json "$TMP/c.conf" 2>/dev/null |
    jq -r '[.findings[] | select(.rule == "PK3037") | .severity] | join(" ")'
}
check "pgknob: one standby, 'replica1', is a warning (PK3037)" test "$(pk3037 replica1)" = warning
check "  ... and 'FIRST 1 (replica1)'" test "$(pk3037 'FIRST 1 (replica1)')" = warning
check "  close miss: 'ANY 1 (replica1, replica2)' and '*' are not" \
  test -z "$(pk3037 'ANY 1 (replica1, replica2)')$(pk3037 '*')"

# PK3040: several standbys or '*': the notice says they must exist and be connected; one
# standby is PK3037's alone (review 2026-12s, h20c 35; 2026-12r, h19a 09)
pk3040() { # value
  printf "synchronous_standby_names = '%s'\n" "$1" >"$TMP/c.conf"
  "$PGKNOB" lint --fail-on never --format json "$TMP/c.conf" 2>/dev/null |
    jq -r '[.findings[] | select(.rule == "PK3040") | .severity] | join(" ")'
}
check "pgknob: 'replica1,replica2' and '*' are a notice (PK3040)" \
  test "$(pk3040 'replica1,replica2') $(pk3040 '*')" = "notice notice"
check "  close miss: one standby is PK3037's, not PK3040's" test -z "$(pk3040 replica1)"

# PK0079: in a Patroni file with synchronous_mode off; close misses: synchronous_mode on (Patroni
# manages the list), synchronous_commit local
patroni() { # synchronous_mode line, synchronous_commit
  printf 'scope: s\nbootstrap:\n  dcs:\n%b    postgresql:\n      parameters:\n        synchronous_commit: "%s"\n        synchronous_standby_names: "ANY 1 (*)"\npostgresql:\n  listen: 0.0.0.0:5432\n' "$1" "$2" >"$TMP/p.yml"
  "$PGKNOB" lint --fail-on never --format json "$TMP/p.yml" 2>/dev/null |
    jq -r '[.findings[] | select(.rule == "PK0079") | .severity] | join(" ")'
}
check "pgknob: Patroni, synchronous_mode off, 'ANY 1 (*)': a warning (PK0079)" test "$(patroni '' on)" = warning
check "  close miss: synchronous_mode: true, or quorum" \
  test -z "$(patroni '    synchronous_mode: true\n' on)$(patroni '    synchronous_mode: quorum\n' on)"
check "  close miss: synchronous_commit local" test -z "$(patroni '' local)"

commit() { # a write, given 3 seconds: the client's exit status (124: still waiting)
  timeout 3 "$PG_CLIENT_BIN/psql" -X -A -t -q -c "INSERT INTO t VALUES (1)" >/dev/null 2>&1
  echo $?
}
for major in 13 18; do
  if ! PG_SERVER_OPTS="-c synchronous_standby_names=replica1" pg_cluster_start "$major"; then
    fail "$major: a cluster with synchronous_standby_names = replica1 did not start"; continue
  fi
  pg_psql -c "SET synchronous_commit = local; CREATE TABLE t (x int)" >/dev/null
  check "$major: with replica1 absent the commit is still waiting after 3 seconds" \
    test "$(commit)" = 124
  pg_cluster_stop
  # PK0079: Patroni passes 'ANY 1 (*)' as written when its synchronous_mode is off; with no
  # standby connected at all, '*' matches none and the commit waits the same
  if PG_SERVER_OPTS="-c synchronous_standby_names='ANY 1 (*)'" pg_cluster_start "$major"; then
    pg_psql -c "SET synchronous_commit = local; CREATE TABLE t (x int)" >/dev/null
    check "$major: 'ANY 1 (*)' with no standby connected: the commit is still waiting after 3 seconds" \
      test "$(commit)" = 124
    pg_cluster_stop
  fi
  # PK3040: two named, neither connected: the commit waits the same
  if PG_SERVER_OPTS="-c synchronous_standby_names='replica1,replica2'" pg_cluster_start "$major"; then
    pg_psql -c "SET synchronous_commit = local; CREATE TABLE t (x int)" >/dev/null
    check "$major: 'replica1,replica2' with neither connected: the commit is still waiting after 3 seconds" \
      test "$(commit)" = 124
    pg_cluster_stop
  fi
  if PG_SERVER_OPTS="-c synchronous_standby_names=''" pg_cluster_start "$major"; then
    pg_psql -c "CREATE TABLE t (x int)" >/dev/null
    check "$major: close miss: with the setting empty it commits at once" test "$(commit)" = 0
    pg_cluster_stop
  fi
done
# PK3027 said of synchronous_standby_names is at that line, not wal_level's (review 2026-12zo,
# h59c 41: line 205 for a finding about line 312)
printf "wal_level = replica\nmax_wal_senders = 10\nsynchronous_standby_names = 'standby'\n" >"$TMP/slots.conf"
check "PK3027 of synchronous_standby_names: at its line (3)" \
  test "$("$PGKNOB" lint --fail-on never --format json "$TMP/slots.conf" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK3027") | .line] | join(",")')" = 3
done_testing
