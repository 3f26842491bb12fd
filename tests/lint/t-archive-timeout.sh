#!/usr/bin/env bash
# needs: servers
# PK3036 (archive_timeout of seconds) against the real 13 and 18: with archive_timeout = 1 and one
# small insert a second, the server switches segments and the archive receives whole 16MB
# segments for a handful of rows. On 15-18 a freshly started server forced no switch before a
# checkpoint had run, so the test checkpoints first. pgknob warns at 5 seconds, not at a minute.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-atmo.XXXXXX); chmod 777 "$TMP"
trap 'rm -rf "$TMP"' EXIT

pk3036() { # archive_timeout
  printf "archive_mode = on\narchive_command = 'cp %%p /mnt/a/%%f'\narchive_timeout = %s\n" "$1" >"$TMP/c.conf"
  "$PGKNOB" lint --fail-on never --format json "$TMP/c.conf" 2>/dev/null |
    jq -r '[.findings[] | select(.rule == "PK3036") | .severity] | join(" ")'
}
check "pgknob: archive_timeout = 5 is a warning (PK3036)" test "$(pk3036 5)" = warning
check "  ... close miss: 60 is not" test -z "$(pk3036 60)"

for major in 13 18; do
  arch="$TMP/a$major"; mkdir -p "$arch"; chown postgres "$arch"
  if ! PG_SERVER_OPTS="-c archive_mode=on -c archive_timeout=1 -c archive_command='cp %p $arch/%f'" \
    pg_cluster_start "$major"; then
    fail "$major: a cluster with archive_timeout = 1 did not start"; continue
  fi
  pg_psql -c "CREATE TABLE beat (t timestamptz)" -c "CHECKPOINT" >/dev/null
  before=$(find "$arch" -type f | wc -l)
  for i in 1 2 3 4 5 6; do pg_psql -c "INSERT INTO beat VALUES (now())" >/dev/null; sleep 1.2; done
  sleep 1
  n=$(( $(find "$arch" -type f -size 16M | wc -l) - before ))
  rows=$(pg_psql -c "SELECT count(*) FROM beat")
  check "$major: $n more whole 16MB segments archived for $rows rows" \
    bash -c '[ "$1" -ge 3 ] && [ "$2" -le 6 ]' _ "$n" "$rows"
  pg_cluster_stop
done
done_testing
