#!/usr/bin/env bash
# needs: servers
# No reserved connection slots (PK8016 13-15, PK8017 16+): on a real server of every major, with
# superuser_reserved_connections = 0 a superuser is refused once ordinary sessions fill
# max_connections ("sorry, too many clients already"); with one reserved slot (the close miss)
# the superuser gets in. From 16, reserved_connections gives pg_use_reserved_connections members
# a way in, so 0 and 0 is the finding.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-reserved.XXXXXX); chmod 755 "$TMP"
HOLDERS=()
cleanup_reserved() {
  local pid
  for pid in "${HOLDERS[@]}"; do kill "$pid" 2>/dev/null; done
  rm -rf "$TMP"
}
trap cleanup_reserved EXIT

lint_rules() { # major conf-text
  printf '%b' "$2" >"$TMP/c.conf"
  "$PGKNOB" lint --fail-on never --pg-version "$1" --format json "$TMP/c.conf" 2>/dev/null |
    jq -r '[.findings[] | "\(.rule):\(.severity)"] | join(" ")'
}
# fill: two sessions of an ordinary role that stay open
fill() {
  local i
  for i in 1 2; do
    "$PG_CLIENT_BIN/psql" -X -q -U app -d postgres -c "select pg_sleep(30)" >/dev/null 2>&1 &
    HOLDERS+=($!)
  done
  local postmaster
  postmaster=$(head -1 "$PGDATA/postmaster.pid" 2>/dev/null)
  for i in $(seq 200); do
    # counted by process title among this cluster's backends (another cluster on the machine
    # may have its own): with no reserved slot, a query would need a slot itself
    [ "$(pgrep -P "${postmaster:-1}" -fc "postgres: app postgres" 2>/dev/null)" = 2 ] && return 0
    sleep 0.1
  done
  return 1
}
release() {
  local pid
  for pid in "${HOLDERS[@]}"; do kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done
  HOLDERS=()
}

for major in 13 14 15 16 17 18; do
  id=PK8016; [ "$major" -ge 16 ] && id=PK8017
  got=$(lint_rules "$major" "superuser_reserved_connections = 0\nmax_connections = 1000\n")
  check "$major: superuser_reserved_connections = 0 is $id at warning" grep -qw "$id:warning" <<<"$got"
  got=$(lint_rules "$major" "superuser_reserved_connections = 1\n")
  check "$major: one reserved slot, no $id" bash -c '! grep -q "PK801[67]" <<<"$1"' _ "$got"
  if [ "$major" -ge 16 ]; then
    got=$(lint_rules "$major" "superuser_reserved_connections = 0\nreserved_connections = 2\n")
    check "$major: reserved_connections = 2 is a way in, no PK8017" bash -c '! grep -q PK8017 <<<"$1"' _ "$got"
  fi
  # the server: max_connections = 2 filled by an ordinary role, then a superuser tries
  for reserved in 0 1; do
    conns=$((2 + reserved))
    if ! PG_SERVER_OPTS="-c max_connections=$conns -c superuser_reserved_connections=$reserved" \
      pg_cluster_start "$major"; then
      fail "$major: cluster start"; continue
    fi
    pg_psql -c "create role app login" >/dev/null
    if ! fill; then fail "$major: two sessions of app"; pg_cluster_stop; continue; fi
    out=$(pg_psql -c "select 1" 2>&1)
    if [ "$reserved" = 0 ]; then
      check "$major: reserved 0, the superuser is refused when the slots are full" \
        grep -q "too many clients already" <<<"$out"
    else
      check "$major: reserved 1, the superuser gets in" test "$out" = 1
    fi
    release
    pg_cluster_stop
  done
done
printf 'superuser_reserved_connections = 0\n' >"$TMP/c.conf"
got=$("$PGKNOB" lint --fail-on never --purpose test --pg-version 17 --format json "$TMP/c.conf" 2>/dev/null |
  jq -r '.findings[] | select(.rule=="PK8017") | .severity')
check "--purpose test: PK8017 is a notice" test "$got" = notice
done_testing
