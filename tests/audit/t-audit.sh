#!/usr/bin/env bash
# needs: servers
# pgknob audit against real PostgreSQL 13–18 servers: a full audit per version (JSON parses, the
# evidence keys of that version are there), a pg_monitor-only role, induced evidence and the
# findings it produces, a read-only session (checked in the server's statement log), and the
# failure modes: lock/statement timeout, a backend that stops answering, the server stopped
# mid-audit, unreachable server, wrong password, SSL required.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-audit.XXXXXX); chmod 755 "$TMP"
BG_PIDS=()
cleanup_audit() {
  local pid
  for pid in "${BG_PIDS[@]}"; do kill "$pid" 2>/dev/null; done
  [ -n "${BG_STANDBY:-}" ] && pg_as_postgres "$PG_BIN/pg_ctl" -D "$BG_STANDBY/data" -m immediate -w stop >/dev/null 2>&1
  rm -rf "$TMP"
}
trap cleanup_audit EXIT # tests/pg/lib.sh chains its own cluster cleanup after this

# audit ARGS... : JSON audit into $TMP/out.json (stderr $TMP/err), exit code in $RC
audit() {
  "$PGKNOB" audit --format json --fail-on never "$@" >"$TMP/out.json" 2>"$TMP/err"; RC=$?
}
json() { [ -s "$TMP/out.json" ] && jq -e "$@" "$TMP/out.json" >/dev/null 2>&1; }
has_evidence() { json --arg k "$1" '.inputs[0].evidence | map(.key) | index($k) != null'; }
evidence_value() { jq -r --arg k "$1" '.inputs[0].evidence[] | select(.key == $k) | .value' "$TMP/out.json"; }
has_finding() { json --arg r "$1" '.findings | map(.rule) | index($r) != null'; }
finding_text() { jq -r --arg r "$1" '.findings[] | select(.rule == $r) | "\(.title) \(.message)"' "$TMP/out.json"; }
# A number comparison done by awk: gt VALUE LIMIT
gt() { awk -v a="${1:-0}" -v b="$2" 'BEGIN { exit !(a + 0 > b + 0) }'; }

COMMON_KEYS="server.uptime_hours checkpoints.timed checkpoints.requested checkpoints.total
  checkpoints.per_hour checkpoints.backend_fsyncs cache.hit_ratio temp.files temp.bytes
  temp.bytes_per_hour xact.commits xact.rollbacks xact.deadlocks wraparound.oldest_xid_age
  wraparound.xid_age_share wraparound.oldest_mxid_age vacuum.tables_checked vacuum.max_dead_ratio
  vacuum.largest_tables
  connections.in_use connections.max connections.usage_share slots.inactive
  slots.inactive_retained_bytes"

full_audit() { # major
  local major="$1" key missing=""
  # I/O timing on (WAL timing from 14), then some activity, so that ratios and latencies have a
  # denominator (13/14 report stats every 500 ms)
  pg_psql -c "alter system set track_io_timing = on" -c "select pg_reload_conf()" >/dev/null
  [ "$major" -ge 14 ] && pg_psql -c "alter system set track_wal_io_timing = on" -c "select pg_reload_conf()" >/dev/null
  sleep 0.2
  pg_psql -c "create table warm as select generate_series(1, 1000) g" -c "select count(*) from warm" >/dev/null
  [ "$major" -lt 15 ] && sleep 0.7
  audit
  check "PG$major: full audit exits 0 with --fail-on never (rc $RC)" test "$RC" -eq 0
  check "PG$major: the JSON report parses" json .
  check "PG$major: the report names the server's major" json --argjson m "$major" '.target.pg_major == $m'
  for key in $COMMON_KEYS; do has_evidence "$key" || missing="$missing $key"; done
  if [ "$major" -ge 14 ]; then
    for key in wal.bytes wal.bytes_per_hour wal.records wal.fpi_share wal.buffers_full wal.syncs; do
      has_evidence "$key" || missing="$missing $key"; done
  fi
  [ "$major" -ge 14 ] && { has_evidence wal.sync_latency_ms || missing="$missing wal.sync_latency_ms"; }
  [ "$major" -ge 16 ] && for key in io.reads io.writes io.fsyncs io.read_latency_ms; do has_evidence "$key" || missing="$missing $key"; done
  [ "$major" -ge 18 ] && { has_evidence aio.io_uring_available || missing="$missing aio.io_uring_available"; }
  check "PG$major: every evidence key of this version is present${missing:+ (missing:$missing)}" test -z "$missing"
  if [ "$major" -lt 16 ]; then
    check "PG$major: no pg_stat_io evidence before 16" bash -c "! jq -e '.inputs[0].evidence[] | select(.key == \"io.reads\")' $TMP/out.json >/dev/null"
  fi
  if [ "$major" -lt 14 ]; then
    check "PG$major: no pg_stat_wal evidence before 14" bash -c "! jq -e '.inputs[0].evidence[] | select(.key == \"wal.bytes\")' $TMP/out.json >/dev/null"
  fi
  check "PG$major: a superuser audit is not partial" bash -c "! jq -e '.findings[] | select(.rule == \"PK0904\")' $TMP/out.json >/dev/null"
  check "PG$major: settings come from the server (shared_buffers present)" \
    json '.inputs[0].settings | map(.name) | index("shared_buffers") != null'
  # each reported value is the server's own, as an ordinary session sees it in pg_settings (not
  # the audit session's own state: it runs read-only, with its own timeouts)
  pg_psql -F $'\t' -c "select lower(name), setting from pg_settings" | LC_ALL=C sort > "$TMP/live.tsv"
  jq -r '.inputs[0].settings[] | select(.setting != null) | [(.name | ascii_downcase), .setting] | @tsv' \
    "$TMP/out.json" | LC_ALL=C sort > "$TMP/audited.tsv"
  local differs; differs=$(LC_ALL=C comm -23 "$TMP/audited.tsv" "$TMP/live.tsv" | head -3 | tr '\t\n' '= ')
  check "PG$major: every audited setting is pg_settings' value${differs:+ (differs: $differs)}" \
    test -s "$TMP/audited.tsv" -a -z "$differs"
  # a non-superuser holding pg_monitor reads everything but pg_file_settings
  pg_psql -c "create role mon login in role pg_monitor" >/dev/null
  audit "user=mon"
  check "PG$major: pg_monitor role audits (rc $RC), only pg_file_settings and pg_hba_file_rules unavailable" \
    json '[.audit.unavailable[] | select(.failure) | .what] == ["configuration file errors (pg_file_settings)", "client authentication rules (pg_hba_file_rules)"]'
  check "PG$major: pg_monitor role still gets the checkpoint and wraparound evidence" \
    json '[.inputs[0].evidence[].key] | index("checkpoints.total") != null and index("wraparound.oldest_xid_age") != null'
}

for major in 13 14 15 16 17 18; do
  if ! pg_cluster_start "$major" >/dev/null 2>"$TMP/start.err"; then
    fail "PG$major: cluster did not start: $(tail -3 "$TMP/start.err")"; continue
  fi
  full_audit "$major"
  [ "$major" = 15 ] || [ "$major" = 18 ] || pg_cluster_stop
  [ "$major" = 15 ] && H15="$PG_CLUSTER"
  [ "$major" = 18 ] && H18="$PG_CLUSTER"
done

# Induced evidence: each must show in the evidence and produce its finding.
induce_and_audit() { # handle
  pg_cluster_use "$1" || return
  local major="$PG_MAJOR"
  # Counters start now: the clusters come from a cached initdb whose statistics persisted (a
  # real server's would too), and rates divide by the time since the reset.
  pg_psql -c "select pg_stat_reset()" -c "select pg_stat_reset_shared('bgwriter')" >/dev/null
  [ "$major" -ge 17 ] && pg_psql -c "select pg_stat_reset_shared('checkpointer')" >/dev/null
  pg_psql -c "alter system set work_mem = '64kB'" -c "alter system set max_wal_size = '32MB'" \
    -c "select pg_reload_conf()" >/dev/null
  sleep 0.3 # let the postmaster take the reload before the next backends fork
  pg_psql -c "set work_mem = '64kB'" \
    -c "select count(*) from (select g from generate_series(1, 1000000) g order by g desc) s" >/dev/null
  # large enough to be judged (8 MB or more: tables below are left out), half dead
  pg_psql -c "create table dead (id int primary key, v int, pad text) with (autovacuum_enabled = false)" \
    -c "insert into dead select g, 0, repeat('x', 120) from generate_series(1, 60000) g" \
    -c "update dead set v = 1" >/dev/null
  pg_psql -c "create table w (a int, b text)" \
    -c "insert into w select g, repeat('x', 100) from generate_series(1, 300000) g" -c "checkpoint" -c "checkpoint" >/dev/null
  pg_psql -c "select pg_create_physical_replication_slot('forgotten', true)" \
    -c "create table more_wal as select g from generate_series(1, 50000) g" -c "select pg_switch_wal()" >/dev/null
  pg_psql -c "alter system set shared_buffers = '64MB'" -c "select pg_reload_conf()" >/dev/null
  sleep 0.5
  echo "include 'missing-include.conf'" | pg_as_postgres tee -a "$PGDATA/postgresql.conf" >/dev/null
  pg_psql -c "select pg_reload_conf()" >/dev/null
  sleep 0.5
  audit
  check "PG$major induced: audit ran (rc $RC)" test "$RC" -eq 0
  check "PG$major induced: temp files counted ($(evidence_value temp.files))" gt "$(evidence_value temp.files)" 0
  check "PG$major induced: temp bytes per hour above 1 GB/h ($(evidence_value temp.bytes_per_hour))" \
    gt "$(evidence_value temp.bytes_per_hour)" 1073741824
  check "PG$major induced: dead-tuple ratio about 0.5 ($(evidence_value vacuum.max_dead_ratio))" \
    gt "$(evidence_value vacuum.max_dead_ratio)" 0.4
  check "PG$major induced: the dead-tuple evidence names the table and its disabled autovacuum" \
    json '.inputs[0].evidence[] | select(.key == "vacuum.max_dead_ratio") | .text | test("public.dead.*autovacuum disabled")'
  check "PG$major induced: requested checkpoints counted ($(evidence_value checkpoints.requested))" \
    gt "$(evidence_value checkpoints.requested)" 2
  check "PG$major induced: requested share above 20% ($(evidence_value checkpoints.requested_share))" \
    gt "$(evidence_value checkpoints.requested_share)" 0.2
  check "PG$major induced: pending restart of shared_buffers is a PK0902 finding" \
    bash -c "jq -e '.findings[] | select(.rule == \"PK0902\") | .settings[0].name == \"shared_buffers\"' $TMP/out.json >/dev/null"
  check "PG$major induced: the broken include is a PK0901 error at its line" \
    json '.findings[] | select(.rule == "PK0901" and .severity == "error") | .message | test("missing-include.conf")'
  check "PG$major induced: the inactive slot is counted and named" \
    json '.inputs[0].evidence[] | select(.key == "slots.inactive") | .value == 1 and (.text | test("forgotten"))'
  check "PG$major induced: the WAL it holds is measured ($(evidence_value slots.inactive_retained_bytes) bytes)" \
    gt "$(evidence_value slots.inactive_retained_bytes)" 1000000
  for rule in $INDUCED_RULES; do
    check "PG$major induced: rule $rule fires ($(finding_text "$rule" | head -c 120))" has_finding "$rule"
  done
  # seconds of statistics: the rate rules wait for their minimum window (their notices fired)
  for rule in $HELD_BACK_RULES; do
    check "PG$major induced: rule $rule is held back over a window of seconds" bash -c "! jq -e --arg r $rule '.findings[] | select(.rule == \$r)' $TMP/out.json >/dev/null"
  done
  expect_exit 1 "PG$major induced: with the default --fail-on warning, the audit fails" -- \
    "$PGKNOB" audit
  check "PG$major induced: text output names the pending restart" grep -q "PK0902" <<<"$OUT"
  # remove the broken include again: it would stop any restart (or a standby copied from here)
  pg_as_postgres sed -i "/missing-include.conf/d" "$PGDATA/postgresql.conf"
  pg_psql -c "select pg_reload_conf()" >/dev/null
}
# Rules shipped in rules/ that the induced evidence must fire (ids in the evidence packs).
INDUCED_RULES="PK2052 PK3051 PK4050"
HELD_BACK_RULES="PK2012 PK3003"
[ -n "${H15:-}" ] && induce_and_audit "$H15"
[ -n "${H18:-}" ] && induce_and_audit "$H18"

# A standby (15: Debian's pg_basebackup): recovery is no obstacle (WAL positions come from
# pg_last_wal_replay_lsn there), and the primary's slot used by it is active.
if [ -n "${H15:-}" ]; then
  pg_cluster_use "$H15"
  SB="$TMP/standby"; mkdir -p "$SB"; chown postgres "$SB" 2>/dev/null
  pg_psql -c "select pg_create_physical_replication_slot('standby1')" >/dev/null
  if pg_as_postgres "$PG_CLIENT_BIN/pg_basebackup" -h "$PGHOST" -p "$PGPORT" -U postgres -D "$SB/data" \
       -R -S standby1 -X stream >/dev/null 2>"$TMP/bb.err"; then
    SB_PORT=$((PGPORT + 1))
    pg_as_postgres "$PG_BIN/pg_ctl" -D "$SB/data" -l "$SB/log" -w -t 30 \
      -o "-c listen_addresses='' -c unix_socket_directories='$SB' -p $SB_PORT" start >/dev/null
    BG_STANDBY="$SB"
    audit "host=$SB port=$SB_PORT user=postgres dbname=postgres"
    check "standby: the audit of a server in recovery succeeds (rc $RC)" test "$RC" -eq 0
    check "standby: no evidence failed in recovery" json '[.audit.unavailable[] | select(.failure)] | length == 0'
    check "standby: its WAL and checkpoint evidence is there" has_evidence checkpoints.total
    audit
    check "standby: on the primary the slot it streams from is active (1 inactive: forgotten)" \
      json '.inputs[0].evidence[] | select(.key == "slots.inactive") | .value == 1 and (.text | test("standby1") | not)'
    pg_as_postgres "$PG_BIN/pg_ctl" -D "$SB/data" -m fast -w stop >/dev/null; BG_STANDBY=""
  else
    fail "standby: pg_basebackup failed: $(head -c 300 "$TMP/bb.err")"
  fi
fi

# The rest runs on 18 (remove the broken include first: it would stop a restart).
pg_cluster_use "$H18" || { done_testing; exit; }
audit
check "pending restart: with pg_file_settings readable, PK0902 points at postgresql.auto.conf" \
  json '.findings[] | select(.rule == "PK0902") | .file | test("postgresql.auto.conf$")'

# A role holding only pg_monitor: the audit succeeds and lists what it could not read.
audit "user=mon"
check "pg_monitor role: audit succeeds (rc $RC)" test "$RC" -eq 0
check "pg_monitor role: JSON parses and has checkpoint evidence" has_evidence checkpoints.total
check "pg_monitor role: pg_settings file and line are visible (pg_read_all_settings)" \
  json '.inputs[0].settings[] | select(.name == "max_connections") | .line > 0'
check "pg_monitor role: pg_file_settings is listed as unavailable, with why" \
  json '.findings[] | select(.rule == "PK0903") | .message | test("pg_file_settings.*permission denied")'
check "pg_monitor role: the audit is marked partial" has_finding PK0904
check "pg_monitor role: pending restart still found from pg_settings" has_finding PK0902

# The hints' advice works: pg_monitor plus the grants (pg_file_settings, pg_hba_file_rules)
# makes the audit complete.
pg_psql -c "create role mon2 login in role pg_monitor" -c "grant select on pg_file_settings to mon2" \
  -c "grant execute on function pg_show_all_file_settings() to mon2" \
  -c "grant select on pg_hba_file_rules to mon2" \
  -c "grant execute on function pg_hba_file_rules() to mon2" >/dev/null
audit "user=mon2"
check "pg_monitor + pg_file_settings grants: the audit is complete (not partial)" json '.audit.partial == false'
check "pg_monitor + pg_file_settings grants: the pending restart is located in postgresql.auto.conf" \
  json '.findings[] | select(.rule == "PK0902") | .file | test("postgresql.auto.conf$")'

# A role without pg_monitor: still an audit, and it says what such a role cannot see.
pg_psql -c "create role plain login" >/dev/null
audit "user=plain"
check "plain role: audit succeeds (rc $RC) with the statistics evidence" has_evidence checkpoints.total
check "plain role: setting origins are listed as unavailable" \
  json '[.audit.unavailable[] | select(.failure) | .what] | any(test("sourcefile"))'
check "plain role: other sessions' activity is listed as unavailable" \
  json '[.audit.unavailable[] | select(.failure) | .what] | any(test("pg_stat_activity"))'

# Every report format for a partial audit (the pg_monitor role), with the documented schemas.
"$PGKNOB" audit --fail-on never -o "$TMP/a.md" "user=mon" 2>"$TMP/a.err"
check "formats: -o FILE still prints the one-line summary on stderr" \
  grep -q "^pgknob: [0-9]* errors\?, .* on the server (written to $TMP/a.md)$" "$TMP/a.err"
check "formats: -o a.md writes Markdown with the live evidence" grep -q "^## Live evidence" "$TMP/a.md"
check "formats: the Markdown lists the evidence not available, with why" \
  bash -c 'grep -q "^## Evidence not available" "$0" && grep -q "permission denied for view pg_file_settings" "$0"' "$TMP/a.md"
check "formats: the Markdown header marks the audit partial" grep -q '^- \*\*Audit:\*\* partial' "$TMP/a.md"
"$PGKNOB" audit --fail-on never -o "$TMP/a.html" "user=mon"
check "formats: -o a.html is one self-contained page with the evidence table" \
  bash -c 'grep -Eq "<h2( id=\"[^\"]*\")?>Live evidence" "$0" && ! grep -Eqi "<script|<link|<img" "$0"' "$TMP/a.html"
"$PGKNOB" audit --format github --fail-on never "user=mon" >"$TMP/a.gh"
check "formats: github annotations, one per finding" bash -c '[ -s "$0" ] && ! grep -vq "^::" "$0"' "$TMP/a.gh"
"$PGKNOB" audit --format junit --fail-on notice "user=mon" >"$TMP/a.xml"
check "formats: audit JUnit is valid against tests/report/junit.xsd" \
  xmllint --noout --schema tests/report/junit.xsd "$TMP/a.xml"
check "formats: audit JUnit: one suite (the server), failures exactly the findings at or above notice" bash -c '
  test "$(xmllint --xpath "count(/testsuites/testsuite)" "$0")" = 1 &&
  test "$(xmllint --xpath "count(//failure)" "$0")" -gt 0 &&
  test "$(xmllint --xpath "count(//failure[@type != \"error\" and @type != \"warning\" and @type != \"notice\"])" "$0")" = 0 &&
  test "$(xmllint --xpath "count(//system-out[starts-with(., \"error\") or starts-with(., \"warning\") or starts-with(., \"notice\")])" "$0")" = 0' \
  "$TMP/a.xml"
expect_exit 2 "formats: audit refuses --format codequality (no file to place findings in)" -- \
  "$PGKNOB" audit --format codequality "user=mon"
if tests/report/node-deps.sh >/dev/null 2>&1; then
  "$PGKNOB" audit --format json --fail-on never "user=mon" >"$TMP/a.json"
  "$PGKNOB" audit --format sarif --fail-on never "user=mon" >"$TMP/a.sarif"
  check "formats: audit JSON matches reports/report.schema.json" \
    node tests/report/validate.js reports/report.schema.json "$TMP/a.json"
  check "formats: audit SARIF is valid SARIF 2.1.0" node tests/report/validate.js \
    .cache/node/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json "$TMP/a.sarif"
else
  fail "formats: the schema validators (tests/report/node-deps.sh) are not available"
fi

# Read-only session: every statement pgknob sent, as the server logged it, is SELECT or SET, the
# session is made read-only before anything else, and the count matches pgknob's own count.
pg_psql -c "alter system set log_statement = 'all'" -c "alter system set log_line_prefix = '%a|'" \
  -c "select pg_reload_conf()" >/dev/null
sleep 0.3
log="$(pg_server_log)"; start_line=$(wc -l <"$log")
"$PGKNOB" audit -v --sample 300ms --fail-on never >/dev/null 2>"$TMP/err"
sleep 0.3
tail -n +"$((start_line + 1))" "$log" | grep '^pgknob|' | sed -n 's/.*statement: //p' >"$TMP/stmts"
check "read-only: statements were logged ($(wc -l <"$TMP/stmts"))" test -s "$TMP/stmts"
check "read-only: the first statement sets default_transaction_read_only = on" \
  bash -c "head -1 $TMP/stmts | grep -q '^SET default_transaction_read_only = on; SET statement_timeout'"
check "read-only: every statement is a SELECT or SET" \
  bash -c "! grep -viE '^(select|set) ' $TMP/stmts"
reported=$(sed -n 's/.* \([0-9]*\) queries in.*/\1/p' "$TMP/err")
check "read-only: pgknob's query count ($reported) equals the statements logged ($(wc -l <"$TMP/stmts"))" \
  test "${reported:-x}" = "$(wc -l <"$TMP/stmts" | tr -d ' ')"
pg_psql -c "alter system reset log_statement" -c "select pg_reload_conf()" >/dev/null

# Wait-event sampling: a backend sleeping in pg_sleep is seen as Timeout:PgSleep, not CPU.
pg_psql -c "select pg_sleep(3)" >/dev/null & BG_PIDS+=($!)
sleep 0.5
audit --sample 1s
check "sampling: about 10 samples taken ($(evidence_value wait.samples))" gt "$(evidence_value wait.samples)" 6
check "sampling: the sleeping backend is Timeout:PgSleep ($(evidence_value wait.share.Timeout:PgSleep))" \
  gt "$(evidence_value wait.share.Timeout:PgSleep)" 0.9
for key in wait.share.IO:DataFileRead wait.share.IO:WalSync wait.share.LWLock:WALWrite wait.share.CPU; do
  check "sampling: $key reported" has_evidence "$key"
done
wait

# Ctrl-C during --sample ends the sampling early: a report from the samples taken, exit 0.
"$PGKNOB" audit --format json --fail-on never --sample 5s >"$TMP/out.json" 2>"$TMP/err" &
audit_pid=$!; BG_PIDS+=($audit_pid)
sleep 1.5
kill -INT "$audit_pid"
wait "$audit_pid"; RC=$?
check "interrupted sampling: exit 0 with a report (rc $RC)" test "$RC" -eq 0
check "interrupted sampling: fewer samples than planned ($(evidence_value wait.samples) of 50)" \
  bash -c 'v=$0; [ -n "$v" ] && [ "$v" -gt 3 ] && [ "$v" -lt 50 ]' "$(evidence_value wait.samples)"
check "interrupted sampling: the report says it was interrupted" \
  json '.audit.unavailable[] | select(.failure == false) | .why | test("interrupted after [0-9]+ of 50 samples")'

# Host facts and user rule packs.
audit
check "host facts: over a Unix socket, --host local is the default (PK2004 names this machine's RAM)" \
  json '.findings[] | select(.rule == "PK2004") | .message | test("of [0-9.]+GB")'
audit --host ram=64GB,cores=4,storage=nvme
check "host facts: --host ram=64GB is used by the rules" \
  json '.findings[] | select(.rule == "PK2004") | .message | test("of 64GB")'
expect_exit 2 "host facts: a bad --host is a usage error before connecting" -- \
  "$PGKNOB" audit --host bogus=1 "host=127.0.0.1 port=1"
check "host facts: the message names the bad fact" grep -q 'unknown host fact "bogus"' <<<"$ERR"
mkdir -p "$TMP/rules"
cp "$PROJECT_ROOT/tests/audit/rules/PK9901-policy.ini" "$TMP/rules/"
audit --rules "$TMP/rules"
check "rule packs: a --rules DIR policy on evidence fires" has_finding PK9901
check "rule packs: the finding carries its evidence line" \
  json '.findings[] | select(.rule == "PK9901") | .evidence[0] | test("max_connections = 100")'
printf '[rule]\nid = PK9902\ncondition = (\n' >"$TMP/rules/PK9902-broken.ini"
expect_exit 2 "rule packs: a broken rule file is exit 2 before connecting" -- \
  "$PGKNOB" audit --rules "$TMP/rules" "host=127.0.0.1 port=1"
check "rule packs: the error names the file" grep -q "PK9902-broken.ini" <<<"$ERR"
rm -f "$TMP/rules/PK9902-broken.ini"

# A query that waits on a lock is cancelled by lock_timeout; the rest of the audit goes on.
pg_psql -c "begin" -c "lock table dead in access exclusive mode" -c "select pg_sleep(6)" -c "commit" >/dev/null 2>&1 &
BG_PIDS+=($!)
sleep 0.5
audit --timeout 800
cp "$TMP/out.json" "$TMP/lock.json"
check "lock timeout: audit still succeeds (rc $RC)" test "$RC" -eq 0
check "lock timeout: table statistics listed as unavailable with the timeout" \
  json '.findings[] | select(.rule == "PK0903") | .message | test("table statistics.*lock timeout")'
check "lock timeout: other evidence still read" has_evidence checkpoints.total
check "lock timeout: the audit is marked partial" has_finding PK0904

# A backend that stops answering (SIGSTOP): the client deadline passes, PQcancel is sent, the
# connection is given up, and the audit ends partial instead of hanging.
"$PGKNOB" audit --format json --fail-on never --timeout 300 --sample 4s >"$TMP/out.json" 2>"$TMP/err" &
audit_pid=$!; BG_PIDS+=($audit_pid)
sleep 1
backend=$(pg_psql -c "select pid from pg_stat_activity where application_name = 'pgknob'" | head -1)
[ -n "$backend" ] && kill -STOP "$backend"
t0=$(date +%s)
wait "$audit_pid"; RC=$?
elapsed=$(( $(date +%s) - t0 ))
[ -n "$backend" ] && kill -CONT "$backend"
check "stopped backend: found the audit's backend by application_name ($backend)" test -n "$backend"
check "stopped backend: the audit ended in ${elapsed}s (under 10) with rc $RC" test "$elapsed" -lt 10 -a "$RC" -eq 0
check "stopped backend: the sampling is listed as unavailable: no answer after a cancel" \
  json '.findings[] | select(.rule == "PK0903") | .message | test("wait-event sampling.*no answer")'
check "stopped backend: evidence read before it is kept" has_evidence checkpoints.total

# The server stopped mid-audit (during --sample): a clear partial result, no crash, not exit 2.
"$PGKNOB" audit --format json --fail-on never --sample 5s >"$TMP/out.json" 2>"$TMP/err" &
audit_pid=$!; BG_PIDS+=($audit_pid)
sleep 1.5
pg_as_postgres "$PG_BIN/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null
wait "$audit_pid"; RC=$?
check "server stopped: exit $RC is 0 (a partial report, not a failure to read anything)" test "$RC" -eq 0
check "server stopped: JSON parses" json .
check "server stopped: the sampling stopped with the lost connection" \
  json '.findings[] | select(.rule == "PK0903") | .message | test("wait-event sampling \\(stopped after [0-9]+ of 50.*(connection|terminat)")'
check "server stopped: marked partial" has_finding PK0904
check "server stopped: no crash message" bash -c "! grep -qiE 'segmentation|abort|core' $TMP/err"

# Connection failures, each a clear message and exit 2.
expect_exit 2 "server down: exit 2" -- "$PGKNOB" audit
check "server down: the message says it could not connect" grep -q "could not connect to the server" <<<"$ERR"
check "server down: the hint asks whether the server is running" grep -q "hint: Is the server running" <<<"$ERR"

# TCP on 127.0.0.1 with password authentication for one role, SSL demanded for another.
{ echo "host all pw 127.0.0.1/32 scram-sha-256"
  echo "hostnossl all sslonly 127.0.0.1/32 reject"
  cat "$PGDATA/pg_hba.conf"; } >"$TMP/hba"
pg_as_postgres cp "$TMP/hba" "$PGDATA/pg_hba.conf"
pg_as_postgres "$PG_BIN/pg_ctl" -D "$PGDATA" -l "$(pg_server_log)" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -c unix_socket_directories='$PG_CLUSTER' -p $PGPORT -c max_connections=10" start >/dev/null
pg_psql -c "set password_encryption = 'scram-sha-256'" -c "create role pw login password 'right-pw' in role pg_monitor" \
  -c "create role sslonly login" >/dev/null
TCP="host=127.0.0.1 port=$PGPORT dbname=postgres"

# Connections near max_connections (10, of which 7 usable by ordinary roles): six sleeping
# sessions make 6 of 7 in use besides the audit's own.
for n in 1 2 3 4 5 6; do pg_psql -c "select pg_sleep(4)" >/dev/null 2>&1 & BG_PIDS+=($!); done
sleep 1
audit
check "connections: 6 in use besides the audit ($(evidence_value connections.in_use))" \
  test "$(evidence_value connections.in_use)" = 6
check "connections: PK2050 fires at 6 of 7 usable ($(evidence_value connections.usage_share))" has_finding PK2050
wait

expect_exit 2 "wrong password: exit 2" -- "$PGKNOB" audit "$TCP user=pw password=wrong-pw"
check "wrong password: the message names the authentication failure" \
  grep -q 'password authentication failed for user "pw"' <<<"$ERR"
check "wrong password: the hint points at the password sources" grep -q "hint: Check the password" <<<"$ERR"
check "wrong password: the password is not echoed" bash -c "! grep -q wrong-pw <<<\"\$0\"" "$ERR"
expect_exit 0 "right password in the connection string: audit runs" -- \
  "$PGKNOB" audit --fail-on never "$TCP user=pw password=right-pw"
printf '127.0.0.1:%s:*:pw:right-pw\n' "$PGPORT" >"$TMP/pgpass"; chmod 600 "$TMP/pgpass"
expect_exit 0 "libpq conventions: password from PGPASSFILE" -- \
  env PGPASSFILE="$TMP/pgpass" "$PGKNOB" audit --fail-on never "$TCP user=pw"
printf '[prod]\nhost=127.0.0.1\nport=%s\ndbname=postgres\nuser=pw\n' "$PGPORT" >"$TMP/services"
expect_exit 0 "libpq conventions: a service file entry" -- \
  env PGSERVICEFILE="$TMP/services" PGPASSWORD=right-pw "$PGKNOB" audit --fail-on never "service=prod"
expect_exit 0 "libpq conventions: a URI with PG* environment defaults" -- \
  env PGPASSWORD=right-pw "$PGKNOB" audit --fail-on never "postgresql://pw@127.0.0.1:$PGPORT/postgres"
expect_exit 2 "SSL demanded by pg_hba: exit 2" -- "$PGKNOB" audit "$TCP user=sslonly sslmode=disable"
check "SSL demanded by pg_hba: the hint suggests sslmode" grep -q "hint: The server may require SSL" <<<"$ERR"
expect_exit 2 "SSL required by the client, server without SSL: exit 2" -- \
  "$PGKNOB" audit "$TCP user=pw password=right-pw sslmode=require"
check "SSL required by the client: the message says so" grep -q "server does not support SSL" <<<"$ERR"
check "SSL required by the client: the hint says the server has SSL off" grep -q "hint: The server does not offer SSL" <<<"$ERR"
# The same server with SSL on (a self-signed certificate): sslmode=require now connects, and the
# role that pg_hba.conf rejects without encryption gets in.
if openssl req -new -x509 -days 1 -nodes -subj /CN=localhost -keyout "$TMP/server.key" \
     -out "$TMP/server.crt" >/dev/null 2>&1; then
  chmod 644 "$TMP/server.key" # a throwaway key; install gives the server its own 0600 copy
  pg_as_postgres install -m 600 "$TMP/server.key" "$TMP/server.crt" "$PGDATA/"
  pg_psql -c "alter system set ssl = on" -c "select pg_reload_conf()" >/dev/null; sleep 0.3
  expect_exit 0 "SSL: sslmode=require connects once the server has SSL" -- \
    "$PGKNOB" audit --fail-on never "$TCP user=sslonly sslmode=require"
else
  fail "SSL: could not make a test certificate with openssl"
fi
expect_exit 2 "unreachable server: exit 2" -- "$PGKNOB" audit "host=127.0.0.1 port=1 connect_timeout=2"
check "unreachable server: connection refused, with a hint" grep -q "Connection refused" <<<"$ERR"
expect_exit 2 "usage: a bad --sample" -- "$PGKNOB" audit --sample 10x
expect_exit 2 "usage: two connection strings" -- "$PGKNOB" audit a b
expect_exit 0 "usage: --help" -- "$PGKNOB" audit --help
check "usage: --help lists --sample" grep -q -- "--sample DURATION" <<<"$OUT"

done_testing
