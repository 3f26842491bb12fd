#!/usr/bin/env bash
# needs: servers
# Collection without pgknob on the server, on PostgreSQL 13–18: the script of
# `pgknob audit --collect`, run by Debian's psql 15 client as a role holding only pg_monitor,
# writes one JSON document; `pgknob audit --from` on it gives the same findings as the live audit
# of the same server at the same moment (an idle-in-transaction session holding the horizon, a
# failing archive_command, a primary_conninfo with a password). The server's log
# (log_statement = all) shows that the script only reads; the password never leaves the server;
# every report format works from the document; --sample adds wait events; a live --save writes
# the same document shape; a broken document is a clear error.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-collect.XXXXXX); chmod 755 "$TMP"
HOLDER_PID=""
cleanup_collect() {
  [ -n "$HOLDER_PID" ] && kill "$HOLDER_PID" 2>/dev/null
  rm -rf "$TMP"
}
trap cleanup_collect EXIT
HOST="ram=16GB,cores=4,storage=ssd" # a snapshot carries no host facts: both audits get the same
PSQL="$PG_CLIENT_BIN/psql"

jqe() { jq -e "$@" >/dev/null; }
findings() { jq -r '.findings[] | .rule + " " + .title' "$1" | LC_ALL=C sort; }
evidence_value() { jq -r --arg k "$2" '.inputs[0].evidence[] | select(.key == $k) | .value' "$1"; }

"$PGKNOB" audit --collect >"$TMP/collect.sql"; rc=$?
check "--collect prints the script (rc $rc)" test "$rc" -eq 0 -a -s "$TMP/collect.sql"
check "the script is one read-only transaction with SET LOCAL timeouts" \
  bash -c 'grep -q "^BEGIN TRANSACTION READ ONLY;" "$0" && grep -q "^SET LOCAL statement_timeout = 5000;" "$0" &&
    grep -q "^SET LOCAL lock_timeout = 1000;" "$0"' "$TMP/collect.sql"
check "the script adapts to the major inside (psql \\if on server_version_num)" \
  bash -c 'grep -q "server_version_num" "$0" && grep -q "^\\\\if :pk_q" "$0"' "$TMP/collect.sql"
check "without --sample the script samples nothing" bash -c '! grep -q pg_sleep "$0"' "$TMP/collect.sql"
"$PGKNOB" audit --collect --sample 300ms >"$TMP/collect-sample.sql"
check "--sample 300ms at collect time: three samples" \
  test "$(grep -c 'pg_stat_clear_snapshot' "$TMP/collect-sample.sql")" -eq 3
"$PGKNOB" audit --collect "host=x" >/dev/null 2>"$TMP/err"; rc=$?
check "--collect with a connection string is a usage error (rc $rc)" test "$rc" -eq 2

# Bad documents: clear errors, exit 2, no crash.
"$PGKNOB" audit --from "$TMP/missing.json" >/dev/null 2>"$TMP/err"; rc=$?
check "--from a missing file: exit 2 naming it (rc $rc)" bash -c '[ "$0" -eq 2 ] && grep -q "missing.json" "$1"' "$rc" "$TMP/err"
printf '{"results": ' >"$TMP/bad.json"
"$PGKNOB" audit --from "$TMP/bad.json" >/dev/null 2>"$TMP/err"; rc=$?
check "--from broken JSON: exit 2, file and line ($(head -1 "$TMP/err"))" \
  bash -c '[ "$0" -eq 2 ] && grep -q "bad.json:1.*not a pgknob snapshot: not JSON" "$1"' "$rc" "$TMP/err"
echo '{"a": 1}' >"$TMP/other.json"
"$PGKNOB" audit --from "$TMP/other.json" >/dev/null 2>"$TMP/err"; rc=$?
check "--from another JSON document: exit 2, says what to give" \
  bash -c '[ "$0" -eq 2 ] && grep -q "pgknob_snapshot" "$1" && grep -q "audit --collect" "$1"' "$rc" "$TMP/err"
: >"$TMP/empty.json"
"$PGKNOB" audit --from "$TMP/empty.json" >/dev/null 2>"$TMP/err"; rc=$?
check "--from an empty file (psql failed): exit 2, says so" \
  bash -c '[ "$0" -eq 2 ] && grep -q "empty" "$1"' "$rc" "$TMP/err"

collect_audit() { # major
  local major="$1" log start_line
  pg_psql -c "create role mon login in role pg_monitor" -c "create table t (i int)" \
    -c "create extension pg_stat_statements" \
    -c "alter system set primary_conninfo = 'host=primary.example user=repl password=Sup3rS3cret'" \
    -c "alter system set archive_command = 'false'" \
    -c "alter system set restore_command = 'curl -s https://backup:UrlPw0rd9@store.example/%f -o %p'" \
    -c "alter role mon set myapp.token_secret = 'RoleS3cret7'" \
    -c "alter system set log_line_prefix = '%a|'" -c "alter system set log_statement = 'all'" \
    -c "select pg_reload_conf()" >/dev/null
  pg_psql -c "insert into t values (1)" -c "select pg_switch_wal()" >/dev/null
  # a session idle in a transaction holding its xid: evidence both audits must see alike
  mkfifo "$TMP/holder.in"
  "$PSQL" -X -q "application_name=forgotten-app" <"$TMP/holder.in" >/dev/null 2>&1 &
  HOLDER_PID=$!
  exec 7>"$TMP/holder.in"
  echo "begin; insert into t values (0);" >&7
  sleep 1

  log=$(pg_server_log); start_line=$(wc -l <"$log")
  "$PSQL" -X -f "$TMP/collect.sql" "user=mon application_name=pk-collect" >"$TMP/snap.json" 2>"$TMP/psql.err"; rc=$?
  "$PGKNOB" audit --host "$HOST" --format json --fail-on never "user=mon" >"$TMP/live.json" 2>/dev/null
  check "PG$major: psql 15 runs the script as a pg_monitor role (rc $rc, stderr: $(head -c 200 "$TMP/psql.err"))" \
    test "$rc" -eq 0 -a ! -s "$TMP/psql.err"
  check "PG$major: standard output is one JSON document" jqe '.pgknob_snapshot == 1' "$TMP/snap.json"
  check "PG$major: the document names the server's major" \
    jqe --argjson m "$major" '.server_version_num / 10000 | floor == $m' "$TMP/snap.json"
  check "PG$major: the password never leaves the server" bash -c '! grep -q Sup3rS3cret "$0"' "$TMP/snap.json"
  check "PG$major: no URL password, secret-named setting or role setting's secret either" \
    bash -c '! grep -Eq "UrlPw0rd9|NameS3cret7|RoleS3cret7" "$0"' "$TMP/snap.json"
  # restore_command is reloadable from 14 (on 13 it waits for a restart: pending_restart)
  [ "$major" -ge 14 ] && check "PG$major: a URL keeps all but its password" \
    bash -c 'grep -q "https://backup:<redacted>@store.example/%f" "$0"' "$TMP/snap.json"
  check "PG$major: primary_conninfo keeps all but the password" \
    bash -c 'grep -q "host=primary.example user=repl password=<redacted>" "$0"' "$TMP/snap.json"

  "$PGKNOB" audit --host "$HOST" --from "$TMP/snap.json" --format json --fail-on never >"$TMP/from.json"; rc=$?
  check "PG$major: audit --from reads it (rc $rc)" test "$rc" -eq 0
  check "PG$major: the same findings as the live audit ($(diff <(findings "$TMP/live.json") <(findings "$TMP/from.json") | tr '\n' ' '))" \
    diff <(findings "$TMP/live.json") <(findings "$TMP/from.json")
  check "PG$major: the findings include the archiver and the horizon's holder" \
    bash -c 'grep -q "^PK3052 " <<<"$0"' "$(findings "$TMP/from.json")"
  check "PG$major: the horizon evidence names the holder from the document" \
    bash -c 'grep -q "forgotten-app" <<<"$0"' "$(jq -r '.inputs[0].evidence[] | select(.key == "horizon.session_age") | .text' "$TMP/from.json")"
  check "PG$major: same evidence keys as the live audit" \
    diff <(jq -r '.inputs[0].evidence[].key' "$TMP/live.json" | sort) <(jq -r '.inputs[0].evidence[].key' "$TMP/from.json" | sort)

  # the server's log: the script's statements are reads (SELECT) and transaction control only
  tail -n +"$((start_line + 1))" "$log" | grep '^pk-collect|' | sed -n 's/.*statement: //p' >"$TMP/stmts"
  check "PG$major: the log shows the script's statements ($(wc -l <"$TMP/stmts"))" test "$(wc -l <"$TMP/stmts")" -gt 10
  check "PG$major: only SELECT, BEGIN READ ONLY, SET LOCAL, COMMIT ($(grep -viE '^(select |BEGIN TRANSACTION READ ONLY|SET LOCAL |COMMIT)' "$TMP/stmts" | head -2 | cut -c1-80))" \
    test -z "$(grep -viE '^(select |BEGIN TRANSACTION READ ONLY|SET LOCAL |COMMIT)' "$TMP/stmts")"
  check "PG$major: no error in the server's log from the script" \
    test -z "$(tail -n +"$((start_line + 1))" "$log" | grep '^pk-collect|' | grep -E 'ERROR|FATAL')"

  # every report format from the document
  local fmt ok=1
  for fmt in text json md html sarif github junit; do
    "$PGKNOB" audit --from "$TMP/snap.json" --format "$fmt" --fail-on never >"$TMP/out.$fmt" 2>/dev/null || ok=0
    [ -s "$TMP/out.$fmt" ] || ok=0
  done
  check "PG$major: every report format from the document" test "$ok" -eq 1

  # wait events sampled at collect time
  "$PSQL" -X -f "$TMP/collect-sample.sql" "user=mon" >"$TMP/snap-sample.json" 2>/dev/null
  "$PGKNOB" audit --from "$TMP/snap-sample.json" --format json --fail-on never >"$TMP/from-sample.json"
  check "PG$major: --sample at collect time: 3 samples in the audit ($(evidence_value "$TMP/from-sample.json" wait.samples))" \
    test "$(evidence_value "$TMP/from-sample.json" wait.samples)" = 3
  check "PG$major: the samples give the connections' peak and autovacuum's saturation" \
    test -n "$(evidence_value "$TMP/from-sample.json" connections.peak_sampled)" -a \
      -n "$(evidence_value "$TMP/from-sample.json" autovacuum.saturated_share)"
  check "PG$major: the tables over their threshold are read again after the samples" \
    jqe '.results.vacuum_due | length == 2 and all(.[]; .rows | length == 1)' "$TMP/snap-sample.json"
  check "PG$major: without samples, the connections' peak is of this moment" \
    bash -c 'grep -q "one moment" <<<"$0"' "$(jq -r '.inputs[0].evidence[] | select(.key == "connections.peak") | .text' "$TMP/from.json")"

  # a live audit's --save is the same document shape, and --from on it the same findings
  "$PGKNOB" audit --host "$HOST" --format json --fail-on never --save "$TMP/saved.json" "user=mon" >"$TMP/live2.json" 2>/dev/null
  "$PGKNOB" audit --host "$HOST" --from "$TMP/saved.json" --format json --fail-on never >"$TMP/from2.json"
  check "PG$major: --save then --from: the same findings" diff <(findings "$TMP/live2.json") <(findings "$TMP/from2.json")
  check "PG$major: --save has the script's queries" \
    diff <(jq -r '.results | keys[]' "$TMP/saved.json" | grep -v setting_sources | sort) \
      <(jq -r '.results | to_entries[] | select(.value | length > 0) | .key' "$TMP/snap.json" | grep -v setting_sources | sort)
  check "PG$major: --save redacts the secrets too" \
    bash -c '! grep -Eq "Sup3rS3cret|UrlPw0rd9|NameS3cret7|RoleS3cret7" "$0"' "$TMP/saved.json"

  # a damaged cell: that evidence is unavailable, the rest is audited
  jq '.results.archiver[0].rows[0][1] = "many"' "$TMP/snap.json" >"$TMP/damaged.json"
  "$PGKNOB" audit --from "$TMP/damaged.json" --format json --fail-on never >"$TMP/from3.json" 2>/dev/null; rc=$?
  check "PG$major: a damaged cell is unavailable evidence, not a number (rc $rc)" \
    jqe '[.audit.unavailable[] | select(.why | test("archiver.*column 2"))] | length == 1' "$TMP/from3.json"

  echo "rollback;" >&7; exec 7>&-
  wait "$HOLDER_PID" 2>/dev/null; HOLDER_PID=""; rm -f "$TMP/holder.in"
}

for major in ${PGKNOB_TEST_MAJORS:-13 14 15 16 17 18}; do
  # a custom setting whose name says it is a secret (a placeholder in pg_settings)
  opts="-c archive_mode=on -c shared_preload_libraries=pg_stat_statements -c myapp.api_secret=NameS3cret7"
  if ! PG_SERVER_OPTS="$opts" pg_cluster_start "$major" >/dev/null 2>"$TMP/start.err"; then
    fail "PG$major: cluster did not start: $(tail -3 "$TMP/start.err")"; continue
  fi
  collect_audit "$major"
  pg_cluster_stop
done

done_testing
