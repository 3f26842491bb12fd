#!/usr/bin/env bash
# needs: servers
# What holds vacuum back, and a failing archiver, made real on PostgreSQL 13–18 and audited by a
# role holding only pg_monitor: an archive_command that fails ('false') on a real WAL switch, then
# works again; a session idle in a transaction, a prepared transaction and an inactive logical
# slot holding the xmin horizon while real transaction ids are consumed; multixacts created by
# real row locks; an xid age past vacuum_failsafe_age. Each rule fires when its condition is met
# and a close miss does not fire it. The servers run with autovacuum_freeze_max_age at its
# minimum (100000), so the horizon rules' count (a tenth of it: 10000, a notice from 1000) is
# reached in seconds.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-horizon.XXXXXX); chmod 755 "$TMP"
HOLDER_PID=""
cleanup_horizon() {
  [ -n "$HOLDER_PID" ] && kill "$HOLDER_PID" 2>/dev/null
  rm -rf "$TMP"
}
trap cleanup_horizon EXIT # tests/pg/lib.sh chains its own cluster cleanup after this

audit() { # as the pg_monitor-only role; -v for the statement count and time
  "$PGKNOB" audit -v --format json --fail-on never "user=mon" >"$TMP/out.json" 2>"$TMP/err"; RC=$?
}
json() { [ -s "$TMP/out.json" ] && jq -e "$@" "$TMP/out.json" >/dev/null 2>&1; }
fires() { json --arg r "$1" '.findings | map(.rule) | index($r) != null'; }
silent() { ! fires "$1"; }
evidence_value() { jq -r --arg k "$1" '.inputs[0].evidence[] | select(.key == $k) | .value' "$TMP/out.json"; }
evidence_text() { jq -r --arg k "$1" '.inputs[0].evidence[] | select(.key == $k) | .text' "$TMP/out.json"; }
finding_evidence() { jq -r --arg r "$1" '.findings[] | select(.rule == $r) | .evidence | join(" | ")' "$TMP/out.json"; }
# the new rules that fired (default: all of them; "405" the horizon and wraparound ones)
fired() { jq -r --arg p "^PK(${1:-405[1-7]|305[23]})" '[.findings[].rule | select(test($p))] | join(",")' "$TMP/out.json"; }
gt() { awk -v a="${1:-0}" -v b="$2" 'BEGIN { exit !(a + 0 > b + 0) }'; }
# burn N: consume N transaction ids (one per subtransaction that writes)
burn() {
  pg_psql -c "do \$\$ begin for i in 1..$1 loop begin insert into burn values (i);
    exception when others then null; end; end loop; end \$\$" >/dev/null
}
# multixacts N: N real multixacts, each a row locked by a transaction and its subtransaction
multixacts() {
  pg_psql -c "begin" -c "do \$\$ begin for r in 1..$1 loop
    perform 1 from locked where id = r for key share;
    begin perform 1 from locked where id = r for share; exception when others then null; end;
    end loop; end \$\$" -c "commit" >/dev/null
}

# statements FROM TO: distinct statements for pg_stat_statements (select with FROM..TO columns)
statements() {
  local n
  for n in $(seq "$1" "$2"); do printf 'select %s1;\n' "$(printf '1,%.0s' $(seq "$n"))"; done |
    pg_psql >/dev/null
}

# pg_stat_statements.max = 100 (its minimum): a few distinct statements beyond it are the notice,
# many the warning (14+: pg_stat_statements_info).
pgss_audit() { # major
  local major="$1"
  pg_psql -c "create extension pg_stat_statements" >/dev/null
  statements 1 30
  audit
  if [ "$major" -lt 14 ]; then
    check "PG13 pgss: no pg_stat_statements_info before 14, no evidence" test -z "$(evidence_value pgss.dealloc)"
    return
  fi
  check "PG$major pgss: evictions read ($(evidence_value pgss.dealloc)), max 100 ($(evidence_value pgss.max))" \
    test "$(evidence_value pgss.max)" = 100
  check "PG$major pgss: close miss (fewer distinct statements than max): neither PK7053 nor PK7054 (got: $(fired 705))" \
    test -z "$(fired '705[34]')"
  local before; before=$(evidence_value pgss.dealloc)
  statements 31 150
  audit
  check "PG$major pgss: evictions counted ($before, then $(evidence_value pgss.dealloc))" gt "$(evidence_value pgss.dealloc)" 9
  check "PG$major pgss: PK7053 fires past 10 evictions" fires PK7053
  check "PG$major pgss: the evidence names pg_stat_statements.max" \
    bash -c 'grep -q "pg_stat_statements.max = 100" <<<"$0"' "$(finding_evidence PK7053)"
  check "PG$major pgss: the notice gives way to the warning" silent PK7054
}

horizon_audit() { # major
  local major="$1"
  pg_psql -c "create role mon login in role pg_monitor" -c "create table burn (i int)" \
    -c "create table locked (id int primary key)" \
    -c "insert into locked select generate_series(1, 20000)" >/dev/null
  # in postgresql.auto.conf, not on the command line: a reload must be able to change it
  pg_psql -c "alter system set archive_command = 'false'" -c "select pg_reload_conf()" >/dev/null

  pgss_audit "$major"
  # Nothing holds anything, nothing failed: none of the new rules fires.
  audit
  check "PG$major: the audit as a pg_monitor role runs (rc $RC)" test "$RC" -eq 0
  check "PG$major baseline: none of PK3052-3053, PK4051-4057 fires (got: $(fired))" test -z "$(fired)"
  check "PG$major baseline: the new statements fail for no pg_monitor role" \
    json '[.audit.unavailable[] | select(.failure) | .what] | all(test("pg_file_settings|pg_hba_file_rules"))'
  local queries ms
  queries=$(sed -n 's/.* \([0-9]*\) queries in.*/\1/p' "$TMP/err")
  ms=$(sed -n 's/.* queries in \([0-9.]*\) ms.*/\1/p' "$TMP/err")
  check "PG$major: at most 40 statements without --sample ($queries)" test "${queries:-99}" -le 40
  check "PG$major: within 0.5 s without --sample ($ms ms)" bash -c 'awk -v m="$0" "BEGIN { exit !(m > 0 && m < 500) }"' "$ms"
  check "PG$major baseline: the archiver has not failed ($(evidence_value archiver.failed_count))" \
    test "$(evidence_value archiver.failed_count)" = 0

  # archive_command = 'false' and a real WAL switch: failing now, with the WAL file it fails on.
  pg_psql -c "create table wal_some as select g from generate_series(1, 1000) g" \
    -c "select pg_switch_wal()" >/dev/null
  sleep 1.5
  audit
  check "PG$major archiver: failing now ($(evidence_value archiver.failing))" test "$(evidence_value archiver.failing)" = 1
  check "PG$major archiver: PK3052 fires (evidence: $(finding_evidence PK3052 | head -c 200))" fires PK3052
  check "PG$major archiver: the evidence names the WAL file it fails on and the segments waiting" \
    bash -c 'grep -Eq "failed on WAL file [0-9A-F]{24}.*[1-9][0-9]* WAL segments? \(.*\) wait in pg_wal" <<<"$0"' "$(evidence_text archiver.failing)"
  check "PG$major archiver: PK3053 (recovered) does not fire while failing" silent PK3053
  # fixed: the archiver retries and succeeds; the failure is a notice of the last 24 hours
  pg_psql -c "alter system set archive_command = 'true'" -c "select pg_reload_conf()" >/dev/null
  sleep 0.3
  pg_psql -c "insert into wal_some select 1" -c "select pg_switch_wal()" >/dev/null
  local tries=0
  while [ "$tries" -lt 20 ]; do
    [ "$(pg_psql -c "select last_archived_time > last_failed_time from pg_stat_archiver")" = t ] && break
    sleep 0.5; tries=$((tries + 1))
  done
  audit
  check "PG$major archiver recovered: PK3052 no longer fires (failing: $(evidence_value archiver.failing))" silent PK3052
  check "PG$major archiver recovered: PK3053 notice fires" fires PK3053

  # A session idle in a transaction that wrote (it holds its xid).
  mkfifo "$TMP/holder.in"
  "$PG_CLIENT_BIN/psql" -X -q "application_name=forgotten-app" <"$TMP/holder.in" >/dev/null 2>&1 &
  HOLDER_PID=$!
  exec 7>"$TMP/holder.in"
  echo "begin; insert into burn values (0);" >&7
  sleep 0.5
  burn 500
  audit
  check "PG$major session: its age is counted ($(evidence_value horizon.session_age))" gt "$(evidence_value horizon.session_age)" 400
  check "PG$major session: close miss (about 500 of 1000 for the notice): nothing fires (got: $(fired 405))" test -z "$(fired 405)"
  burn 1500
  audit
  check "PG$major session: PK4052 notice at about 2000 transactions" fires PK4052
  check "PG$major session: no warning yet (got: $(fired))" silent PK4051
  check "PG$major session: the notice's evidence names the session" \
    bash -c 'grep -q "session pid [0-9]* (application \"forgotten-app\", role \"postgres\", idle in transaction" <<<"$0"' "$(finding_evidence PK4052)"
  burn 9000
  audit
  check "PG$major session: PK4051 warning past 10000 transactions ($(evidence_value horizon.session_age))" fires PK4051
  check "PG$major session: the notice gives way to the warning" silent PK4052
  check "PG$major session: the warning names the holder's application and pid" \
    bash -c 'grep -q "pid [0-9]* (application \"forgotten-app\"" <<<"$0"' "$(finding_evidence PK4051)"
  check "PG$major session: the warning relates idle_in_transaction_session_timeout" \
    json '.findings[] | select(.rule == "PK4051") | .message | test("idle_in_transaction_session_timeout is 0")'
  echo "rollback;" >&7; exec 7>&-
  wait "$HOLDER_PID" 2>/dev/null; HOLDER_PID=""; rm -f "$TMP/holder.in"

  # An inactive logical slot (made while nothing runs: its creation waits for running
  # transactions) and a prepared transaction.
  pg_psql -c "select pg_create_logical_replication_slot('cdc_gone', 'test_decoding')" >/dev/null
  pg_psql -c "begin" -c "insert into burn values (-1)" -c "prepare transaction 'tm-42'" >/dev/null
  burn 500
  audit
  check "PG$major slot, prepared: close miss (about 500): nothing fires (got: $(fired 405))" test -z "$(fired 405)"
  burn 10500
  audit
  check "PG$major prepared: PK4053 fires ($(evidence_value horizon.prepared_age))" fires PK4053
  check "PG$major prepared: the evidence names the gid" \
    bash -c 'grep -q "prepared transaction \"tm-42\" (database \"postgres\"" <<<"$0"' "$(finding_evidence PK4053)"
  check "PG$major prepared: the message relates max_prepared_transactions" \
    json '.findings[] | select(.rule == "PK4053") | .message | test("max_prepared_transactions 5")'
  check "PG$major slot: PK4054 fires ($(evidence_value horizon.slot_age))" fires PK4054
  check "PG$major slot: the evidence names the inactive logical slot" \
    bash -c 'grep -q "inactive logical replication slot \"cdc_gone\"" <<<"$0"' "$(finding_evidence PK4054)"
  check "PG$major slot: the suggestion relates max_slot_wal_keep_size" \
    json '.findings[] | select(.rule == "PK4054") | .suggestion | test("max_slot_wal_keep_size")'
  check "PG$major: no standby, no PK4055" silent PK4055

  # Multixacts (autovacuum_multixact_freeze_max_age = 10000: the rule at 15000); the prepared
  # transaction keeps vacuum from freezing them meanwhile.
  multixacts 12000
  audit
  check "PG$major multixact: about 12000 counted ($(evidence_value wraparound.oldest_mxid_age))" \
    gt "$(evidence_value wraparound.oldest_mxid_age)" 11000
  check "PG$major multixact: close miss (12000 of 15000): PK4056 does not fire" silent PK4056
  multixacts 5000
  audit
  check "PG$major multixact: PK4056 fires past 15000 ($(evidence_value wraparound.oldest_mxid_age))" fires PK4056
  check "PG$major multixact: the evidence names the database" \
    bash -c 'grep -q "mxid_age(datminmxid) of database" <<<"$0"' "$(finding_evidence PK4056)"

  # vacuum_failsafe_age = 0 is raised to 105% of autovacuum_freeze_max_age (105000) by vacuum.
  check "PG$major failsafe: close miss ($(evidence_value wraparound.oldest_xid_age) of 105000): PK4057 does not fire" silent PK4057
  local age
  age=$(evidence_value wraparound.oldest_xid_age)
  burn $((110000 - ${age%.*}))
  audit
  if [ "$major" -ge 14 ]; then
    check "PG$major failsafe: PK4057 fires past 105000 ($(evidence_value wraparound.oldest_xid_age))" fires PK4057
  else
    check "PG13 failsafe: no vacuum_failsafe_age before 14, PK4057 does not claim 13" silent PK4057
  fi
  pg_psql -c "rollback prepared 'tm-42'" -c "select pg_drop_replication_slot('cdc_gone')" >/dev/null
  audit
  check "PG$major: with the holders gone, no holder rule fires" \
    test -z "$(fired '405[1-5]')"
}

for major in ${PGKNOB_TEST_MAJORS:-13 14 15 16 17 18}; do
  opts="-c max_prepared_transactions=5 -c wal_level=logical -c archive_mode=on"
  opts="$opts -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.max=100"
  opts="$opts -c autovacuum_freeze_max_age=100000"
  opts="$opts -c autovacuum_multixact_freeze_max_age=10000"
  [ "$major" -ge 14 ] && opts="$opts -c vacuum_failsafe_age=0"
  if ! PG_SERVER_OPTS="$opts" pg_cluster_start "$major" >/dev/null 2>"$TMP/start.err"; then
    fail "PG$major: cluster did not start: $(tail -3 "$TMP/start.err")"; continue
  fi
  horizon_audit "$major"
  pg_cluster_stop
done

done_testing
