#!/usr/bin/env bash
# needs: servers
# pgknob lint --cluster against a real primary and a streaming standby made by pg_basebackup, on
# each major 13–18: the standby with max_connections (then max_worker_processes) below the
# primary's refuses to start, and pgknob says so (PK0080, refuses_start) for the two data
# directories; with the values raised the standby starts, and pgknob reports nothing. Plus the
# serverless checks: wal_level = minimal, synchronous_standby_names naming no standby,
# hot_standby_feedback with an unlimited delay.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh

tmp="$(mktemp -d /tmp/pgknob-cluster.XXXXXX)"; chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT

# a standby handle shaped like pg/lib.sh's, so its EXIT trap stops and removes it too
# The standby is made by pg_basebackup -R where this machine has one that can stream from the
# primary (the server's own, else Debian's 15 for 13–15); the official 16–18 builds here ship no
# pg_basebackup, so for those the standby is a copy of the cleanly stopped primary with
# standby.signal and primary_conninfo (what -R writes). BASE_HOW says which.
standby_make() { # primary-handle -> prints the standby handle
  local primary="$1" dir port major bb=""
  major="$(cat "$primary/major")"
  dir="$(mktemp -d /tmp/pgknob-pg.XXXXXX)"; chmod 755 "$dir"
  port="$(_pg_free_port)"
  echo "$port" > "$dir/port"; echo "$major" > "$dir/major"; cat "$primary/bin" > "$dir/bin"
  : > "$dir/opts"; : > "$dir/server.log"
  [ "$(id -u)" = 0 ] && chown postgres "$dir" "$dir/server.log"
  if [ -x "$(cat "$primary/bin")/pg_basebackup" ]; then bb="$(cat "$primary/bin")/pg_basebackup"
  elif [ "$major" -le 15 ] && [ -x "$PG_CLIENT_BIN/pg_basebackup" ]; then bb="$PG_CLIENT_BIN/pg_basebackup"; fi
  if [ -n "$bb" ]; then
    pg_as_postgres "$bb" -h "$primary" -p "$(cat "$primary/port")" -U postgres -D "$dir/data" -R \
      -X stream >"$dir/basebackup.log" 2>&1 || { cat "$dir/basebackup.log" >&2; return 1; }
    echo "pg_basebackup" > "$dir/how"
  else
    pg_as_postgres "$(cat "$primary/bin")/pg_ctl" -D "$primary/data" -m fast -w stop >/dev/null 2>&1 || return 1
    cp -a "$primary/data" "$dir/data" && rm -f "$dir/data/postmaster.pid"
    touch "$dir/data/standby.signal"
    echo "primary_conninfo = 'host=$primary port=$(cat "$primary/port") user=postgres'" >> "$dir/data/postgresql.auto.conf"
    [ "$(id -u)" = 0 ] && chown -R postgres "$dir/data"
    _pg_ctl_start "$primary" && _pg_wait_ready "$primary" || return 1
    echo "copy of the stopped primary" > "$dir/how"
  fi
  echo "$dir"
}
standby_start() { # handle: 0 when it got ready
  local dir="$1"
  : > "$dir/server.log"
  _pg_ctl_start "$dir" && _pg_wait_ready "$dir"
}
standby_stop() { pg_as_postgres "$(cat "$1/bin")/pg_ctl" -D "$1/data" -m immediate -w stop >/dev/null 2>&1; }
standby_set() { # handle name value: the standby's own setting (after pg_basebackup's lines)
  echo "$2 = $3" >> "$1/data/postgresql.auto.conf"
}

majors=0
for major in 13 14 15 16 17 18; do
  pg_cluster_start "$major" || { fail "$major: primary did not start"; continue; }
  primary="$PG_CLUSTER"
  pg_psql -c "ALTER SYSTEM SET max_connections = 120" && pg_psql -c "ALTER SYSTEM SET max_worker_processes = 12"
  pg_cluster_restart "$primary" || { fail "$major: primary did not restart"; continue; }
  standby="$(standby_make "$primary")" || { fail "$major: pg_basebackup failed"; continue; }
  _PG_CLUSTERS+=("$standby")
  majors=$((majors + 1))
  echo "# $major: standby made by $(cat "$standby/how")"
  for name in max_connections max_worker_processes; do
    low=60; [ "$name" = max_worker_processes ] && low=4
    standby_set "$standby" "$name" "$low"
    if standby_start "$standby"; then
      fail "$major: the standby with $name = $low (primary higher) started"; standby_stop "$standby"
    else
      msg=$(grep -E 'FATAL|insufficient|lower setting' "$standby/server.log" | head -2 | tr '\n' ' ')
      check "$major: the standby with $name = $low refuses to start (${msg:0:160})" \
        grep -qE 'insufficient parameter settings|is a lower setting than on the (primary|master) server' "$standby/server.log"
    fi
    j=$("$PGKNOB" lint --no-rules --cluster --format json "$primary/data" "$standby/data" 2>/dev/null)
    check "$major: pgknob: PK0080 refuses_start for $name on the standby" \
      test "$(jq --arg n "$name" '[.findings[] | select(.rule == "PK0080" and .refuses_start and .settings[0].name == $n)] | length' <<<"$j")" = 1
    # the server's sentence (its DETAIL from 14, its FATAL in 13) is in pgknob's message
    said=$(grep -oE "$name = $low is a lower setting than on the (primary|master) server[^.]*" "$standby/server.log" | head -1)
    mine=$(jq -r --arg n "$name" '.findings[] | select(.rule == "PK0080" and .settings[0].name == $n) | .message' <<<"$j")
    check "$major: pgknob words it as the server does (\"$said\")" test -n "$said" -a "${mine#*"$said"}" != "$mine"
    expect_exit 1 "$major: --fail-on refusal fails on it" -- "$PGKNOB" lint --no-rules --cluster --fail-on refusal "$primary/data" "$standby/data"
    high=120; [ "$name" = max_worker_processes ] && high=12
    standby_set "$standby" "$name" "$high"
  done
  if standby_start "$standby"; then
    rec=$(PGHOST="$standby" PGPORT="$(cat "$standby/port")" pg_psql -c 'SELECT pg_is_in_recovery()')
    check "$major: with the values raised the standby starts and replays (in recovery: $rec)" test "$rec" = t
    standby_stop "$standby"
  else
    fail "$major: the standby did not start with equal values: $(grep FATAL "$standby/server.log" | head -1)"
  fi
  j=$("$PGKNOB" lint --no-rules --cluster --format json "$primary/data" "$standby/data" 2>/dev/null)
  check "$major: pgknob: no PK0080 once the values match" \
    test "$(jq '[.findings[] | select(.rule == "PK0080")] | length' <<<"$j")" = 0
  pg_cluster_stop "$standby"; pg_cluster_stop "$primary"
done
echo "# majors tested with a real standby: $majors"
check "a real standby on every major 13–18" test "$majors" = 6

# serverless: wal_level, synchronous_standby_names, feedback, hot_standby = off
printf "wal_level = minimal\nmax_wal_senders = 0\nsynchronous_standby_names = 'FIRST 1 (s1, s2)'\n" > "$tmp/p.conf"
printf "primary_conninfo = 'host=p application_name=s3'\nhot_standby_feedback = on\nmax_standby_streaming_delay = -1\n" > "$tmp/s.conf"
j=$("$PGKNOB" lint --no-rules --cluster --format json "$tmp/p.conf" "$tmp/s.conf" 2>/dev/null)
check "wal_level = minimal on the primary: PK0081" test "$(jq '[.findings[] | select(.rule == "PK0081")] | length' <<<"$j")" = 1
check "synchronous_standby_names without s3: PK0082" test "$(jq '[.findings[] | select(.rule == "PK0082")] | length' <<<"$j")" = 1
check "feedback on with delay -1: PK0083 at the delay's line" \
  test "$(jq '[.findings[] | select(.rule == "PK0083" and .line == 3)] | length' <<<"$j")" = 1
printf "primary_conninfo = 'host=p application_name=s2'\n" > "$tmp/s2.conf"
j=$("$PGKNOB" lint --no-rules --cluster --format json "$tmp/p.conf" "$tmp/s.conf" "$tmp/s2.conf" 2>/dev/null)
check "a standby named s2 is in the list: no PK0082" test "$(jq '[.findings[] | select(.rule == "PK0082")] | length' <<<"$j")" = 0
printf "max_connections = 10\nhot_standby = off\n" > "$tmp/cold.conf"
j=$("$PGKNOB" lint --no-rules --cluster --format json "$tmp/p.conf" "$tmp/cold.conf" 2>/dev/null)
check "hot_standby = off: the server does not compare, no PK0080" test "$(jq '[.findings[] | select(.rule == "PK0080")] | length' <<<"$j")" = 0
expect_exit 2 "--cluster with one input" -- "$PGKNOB" lint --cluster "$tmp/p.conf"
j=$("$PGKNOB" lint --no-rules --format json "$tmp/p.conf" "$tmp/s.conf" 2>/dev/null)
check "without --cluster no cluster finding" test "$(jq '[.findings[] | select(.category == "cluster")] | length' <<<"$j")" = 0

done_testing
