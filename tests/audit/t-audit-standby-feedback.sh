#!/usr/bin/env bash
# needs: servers
# A standby's hot_standby_feedback holding the primary's xmin horizon (PK4055), made real on 15
# (the one major with pg_basebackup here, Debian's): a streaming standby without a slot, a
# REPEATABLE READ transaction left open on it, transaction ids consumed on the primary. The
# audit of the primary names the standby; with the standby's transaction ended, it does not fire.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-feedback.XXXXXX); chmod 755 "$TMP"
SB=""; READER_PID=""
cleanup_feedback() {
  [ -n "$READER_PID" ] && kill "$READER_PID" 2>/dev/null
  [ -n "$SB" ] && pg_as_postgres "$PG_BIN/pg_ctl" -D "$SB/data" -m immediate -w stop >/dev/null 2>&1
  rm -rf "$TMP"
}
trap cleanup_feedback EXIT # tests/pg/lib.sh chains its own cluster cleanup after this

audit() { "$PGKNOB" audit --format json --fail-on never "user=mon" >"$TMP/out.json" 2>"$TMP/err"; RC=$?; }
json() { [ -s "$TMP/out.json" ] && jq -e "$@" "$TMP/out.json" >/dev/null 2>&1; }
fires() { json --arg r "$1" '.findings | map(.rule) | index($r) != null'; }
evidence_value() { jq -r --arg k "$1" '.inputs[0].evidence[] | select(.key == $k) | .value' "$TMP/out.json"; }
burn() {
  pg_psql -c "do \$\$ begin for i in 1..$1 loop begin insert into burn values (i);
    exception when others then null; end; end loop; end \$\$" >/dev/null
}

if ! PG_SERVER_OPTS="-c autovacuum_freeze_max_age=100000" pg_cluster_start 15 >/dev/null 2>"$TMP/start.err"; then
  fail "PG15: cluster did not start: $(tail -3 "$TMP/start.err")"; done_testing; exit
fi
pg_psql -c "create role mon login in role pg_monitor" -c "create table burn (i int)" >/dev/null
mkdir -p "$TMP/standby"; chown postgres "$TMP/standby" 2>/dev/null
if ! pg_as_postgres "$PG_CLIENT_BIN/pg_basebackup" -h "$PGHOST" -p "$PGPORT" -U postgres \
     -D "$TMP/standby/data" -R -X stream >/dev/null 2>"$TMP/bb.err"; then
  fail "standby: pg_basebackup failed: $(head -c 300 "$TMP/bb.err")"; done_testing; exit
fi
SB="$TMP/standby"; SB_PORT=$((PGPORT + 1))
pg_as_postgres "$PG_BIN/pg_ctl" -D "$SB/data" -l "$SB/log" -w -t 30 \
  -o "-c listen_addresses='' -c unix_socket_directories='$SB' -p $SB_PORT -c hot_standby_feedback=on -c wal_receiver_status_interval=1 -c cluster_name=reporting-replica" \
  start >/dev/null
pg_psql -c "insert into burn values (0)" >/dev/null
sleep 1
# a report on the standby: its snapshot stays while the transaction is open
mkfifo "$TMP/reader.in"
"$PG_CLIENT_BIN/psql" -X -q -h "$SB" -p "$SB_PORT" -U postgres postgres <"$TMP/reader.in" >/dev/null 2>&1 &
READER_PID=$!
exec 7>"$TMP/reader.in"
echo "begin isolation level repeatable read; select count(*) from burn;" >&7
sleep 2
burn 12000
sleep 2 # the standby reports its xmin every second
audit
check "standby feedback: the audit of the primary runs (rc $RC)" test "$RC" -eq 0
check "standby feedback: its age is counted ($(evidence_value horizon.standby_age))" \
  bash -c 'awk -v a="$0" "BEGIN { exit !(a > 10000) }"' "$(evidence_value horizon.standby_age)"
check "standby feedback: PK4055 fires" fires PK4055
check "standby feedback: the evidence names the standby" \
  json '.findings[] | select(.rule == "PK4055") | .evidence | any(test("standby \"reporting-replica\" \\(local"))'
echo "commit;" >&7; exec 7>&-
wait "$READER_PID" 2>/dev/null; READER_PID=""
pg_psql -c "insert into burn values (0)" >/dev/null
sleep 2.5
audit
check "standby feedback: with the standby's transaction ended, PK4055 does not fire ($(evidence_value horizon.standby_age))" \
  bash -c '! jq -e ".findings[] | select(.rule == \"PK4055\")" "$0" >/dev/null' "$TMP/out.json"

done_testing
