#!/usr/bin/env bash
# needs: servers
# PK2015 (fewer shared buffers than two per connection) against the real servers 13-18: every
# buffer a session pins (an open cursor keeps the page it stopped on) is one the others cannot
# use, and a backend that finds none unpinned fails with "no unpinned buffers available". With
# shared_buffers = 128kB (16 buffers, the least the server accepts) one session holding cursors on
# 16 tables gets the error; with 1MB (128 buffers) the same session does not. pgknob warns on the
# first configuration with max_connections = 20 and not on the second.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

MAJORS="${PINS_MAJORS:-13 14 15 16 17 18}"
TMP=$(mktemp -d /tmp/pgknob-pins.XXXXXX); chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT

pk2015() { # major conf-text
  printf '%b' "$2" >"$TMP/c.conf"
  "$PGKNOB" lint --fail-on never --pg-version "$1" --format json "$TMP/c.conf" 2>/dev/null |
    jq -r '[.findings[] | select(.rule == "PK2015") | .severity] | join(" ")'
}

# one session: 16 tables of one page each, a cursor on each holding its page, then one more read
hold_cursors() {
  {
    for i in $(seq 16); do echo "CREATE TABLE IF NOT EXISTS pin$i AS SELECT g FROM generate_series(1, 10) g;"; done
    echo "BEGIN;"
    for i in $(seq 16); do echo "DECLARE c$i CURSOR FOR SELECT * FROM pin$i; FETCH 1 FROM c$i;"; done
    echo "SELECT count(*) FROM pg_class;"
    echo "COMMIT;"
  } | "$PG_CLIENT_BIN/psql" -X -A -t -q 2>&1
}

for major in $MAJORS; do
  if PG_SERVER_OPTS="-c shared_buffers=128kB -c max_connections=20" pg_cluster_start "$major"; then
    out=$(hold_cursors)
    check "$major: 16 buffers, 16 cursors held: \"no unpinned buffers available\"" \
      grep -q "no unpinned buffers available" <<<"$out"
    pg_cluster_stop
  else
    fail "$major: a cluster with shared_buffers = 128kB did not start"
  fi
  if PG_SERVER_OPTS="-c shared_buffers=1MB -c max_connections=20" pg_cluster_start "$major"; then
    out=$(hold_cursors)
    check "$major: close miss: 128 buffers, the same cursors: no error" \
      bash -c '! grep -q "ERROR" <<<"$1"' _ "$out"
    pg_cluster_stop
  else
    fail "$major: a cluster with shared_buffers = 1MB did not start"
  fi
  check "$major: pgknob warns on 128kB for 20 connections (PK2015)" \
    test "$(pk2015 "$major" "shared_buffers = 128kB\nmax_connections = 20\n")" = "warning"
  check "$major: close miss: 1MB for 20 connections is two or more each" \
    test -z "$(pk2015 "$major" "shared_buffers = 1MB\nmax_connections = 20\n")"
done
done_testing
