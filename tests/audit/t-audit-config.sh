#!/usr/bin/env bash
# needs: servers
# `pgknob audit` honours the project configuration as `pgknob lint` does, against a real
# PostgreSQL 15: ./.pgknob.ini or --config (fail_on, disabled rules, severity overrides, extra
# rule directories, host facts), --baseline, --disable, and command-line options over the file;
# a bad .pgknob.ini stops the audit with FILE:LINE and exit 2 before it connects.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"
TMP=$(mktemp -d /tmp/pgknob-audit-config.XXXXXX); trap 'rm -rf "$TMP"' EXIT

if ! pg_cluster_start 15 >/dev/null 2>"$TMP/start.err"; then
  fail "PostgreSQL 15 did not start: $(tail -3 "$TMP/start.err")"; done_testing; exit 1
fi
cd "$TMP"
# audit ARGS... : JSON audit into out.json, exit code in $RC (stderr in err)
audit() { "$PGKNOB" audit --format json "$@" >out.json 2>err; RC=$?; }
json() { [ -s out.json ] && jq -e "$@" out.json >/dev/null 2>&1; }
has() { json --arg r "$1" '.findings | map(.rule) | index($r) != null'; }
severity_of() { jq -r --arg r "$1" '.findings[] | select(.rule == $r) | .severity' out.json; }
rules() { jq -r '[.findings[].rule] | join(" ")' out.json; }

# Without a project configuration: a default server gets notices (PK2004 shared_buffers, PK7001
# track_io_timing, PK7004 pg_stat_statements), below the default --fail-on warning.
audit
check "control: exit 0 with notices only (rc $RC)" test "$RC" -eq 0
for rule in PK2004 PK7001 PK7004; do check "control: $rule fires ($(rules))" has "$rule"; done
check "control: PK2004 is a notice" test "$(severity_of PK2004)" = notice

# ./.pgknob.ini: a disabled rule goes, an overridden severity changes the output and exit code.
cat >.pgknob.ini <<'INI'
[pgknob]
disable = PK7004
[severity]
PK2004 = error
INI
audit
check ".pgknob.ini: PK2004 raised to error turns the exit code to 1 (rc $RC)" test "$RC" -eq 1
check ".pgknob.ini: PK2004 is reported as an error" test "$(severity_of PK2004)" = error
check ".pgknob.ini: the disabled PK7004 is gone ($(rules))" bash -c '! jq -e ".findings[] | select(.rule == \"PK7004\")" out.json >/dev/null'
check ".pgknob.ini: PK7001 still there" has PK7001
out=$("$PGKNOB" audit 2>&1)
check ".pgknob.ini: the text format shows PK2004 as an error" grep -q 'error: shared_buffers.*\[PK2004\]' <<<"$out"
"$PGKNOB" audit --format sarif --fail-on never >audit.sarif 2>/dev/null
check ".pgknob.ini: SARIF's rule table keeps PK2004's own level (note)" \
  jq -e '.runs[0].tool.driver.rules[] | select(.id == "PK2004") | .defaultConfiguration.level == "note"' audit.sarif
check ".pgknob.ini: SARIF's PK2004 result has the overridden level (error)" \
  jq -e '.runs[0].results[] | select(.ruleId == "PK2004") | .level == "error"' audit.sarif
"$PGKNOB" audit --format md --fail-on never -o report.md 2>/dev/null
check ".pgknob.ini: the Markdown header names the project configuration" \
  grep -q 'Project configuration:\*\* `.pgknob.ini`' report.md

# The command line wins over the file: --fail-on, --disable (joined with the file's list).
expect_exit 0 "--fail-on never overrides the file's severity-driven failure" -- "$PGKNOB" audit --fail-on never
audit --disable PK7001,PK2004
check "--disable joins the file's list: PK7001, PK2004 and PK7004 all gone ($(rules))" \
  bash -c '! jq -e ".findings[] | select(.rule | test(\"PK7001|PK2004|PK7004\"))" out.json >/dev/null'
check "--disable: nothing left at or above warning, exit 0 (rc $RC)" test "$RC" -eq 0

# fail_on, [host] facts and an extra rule directory from the file; --host wins over [host].
mkdir -p policies
cp "$PROJECT_ROOT/tests/audit/rules/PK9901-policy.ini" policies/
cat >.pgknob.ini <<'INI'
[pgknob]
fail_on = notice
rules = policies
[host]
ram = 64GB
cores = 4
INI
audit
check "fail_on = notice in the file: notices fail the audit (rc $RC)" test "$RC" -eq 1
check "[host] ram = 64GB is the host the rules see" \
  json '.findings[] | select(.rule == "PK2004") | .message | test("of 64GB")'
check "rules = policies (relative to the file) runs the policy rule" has PK9901
audit --host ram=32GB --fail-on error
check "--host wins over [host]" json '.findings[] | select(.rule == "PK2004") | .message | test("of 32GB")'
check "--fail-on error wins over fail_on = notice (rc $RC)" test "$RC" -eq 0

# --config FILE elsewhere; ./.pgknob.ini is then not read.
mkdir -p team && printf '[severity]\nPK7001 = warning\n' >team/pgknob.ini
audit --config team/pgknob.ini
check "--config: its override applies (PK7001 $(severity_of PK7001), rc $RC)" \
  test "$(severity_of PK7001)" = warning -a "$RC" -eq 1
check "--config: ./.pgknob.ini is not read (no PK9901)" bash -c '! jq -e ".findings[] | select(.rule == \"PK9901\")" out.json >/dev/null'
rm .pgknob.ini

# Findings the server itself gives (not the rule engine) obey disable too: a pending restart.
pg_psql -c "alter system set shared_buffers = '64MB'" -c "select pg_reload_conf()" >/dev/null
sleep 0.5
audit
check "pending restart: PK0902 fires" has PK0902
audit --disable PK0902
check "--disable PK0902 removes the server's pending-restart finding" bash -c '! jq -e ".findings[] | select(.rule == \"PK0902\")" out.json >/dev/null'
printf '[pgknob]\ndisable = audit.pending-restart\n' >named.ini
audit --config named.ini
check "disable by name in the file removes it too" bash -c '! jq -e ".findings[] | select(.rule == \"PK0902\")" out.json >/dev/null'

# --baseline: a JSON audit report as the baseline leaves only new findings.
"$PGKNOB" audit --format json --fail-on never -o base.json 2>/dev/null
audit --baseline base.json
n_base=$(jq '.findings | length' base.json)
check "--baseline: every known finding left out ($(rules))" json '.findings | length == 0'
check "--baseline: exit 0 (rc $RC)" test "$RC" -eq 0
check "--baseline: summary.baseline_known counts them ($n_base)" json --argjson n "$n_base" '.summary.baseline_known == $n'
audit --baseline base.json --rules policies
check "--baseline: a finding new since the baseline is reported ($(rules))" json '[.findings[].rule] == ["PK9901"]'
printf '[pgknob]\nbaseline = base.json\n' >team/base.ini
cp base.json team/
audit --config team/base.ini
check "baseline = in the file, relative to it" json --argjson n "$n_base" '.summary.baseline_known == $n'
pg_psql -c "alter system reset shared_buffers" -c "select pg_reload_conf()" >/dev/null

# A bad .pgknob.ini: FILE:LINE and exit 2 before connecting (port 1 would refuse the connection).
NOWHERE="host=127.0.0.1 port=1 connect_timeout=2"
printf '[pgknob]\ndisable = PK7004\n[severity]\nPK2004 = loud\n' >.pgknob.ini
expect_exit 2 "bad .pgknob.ini: exit 2" -- "$PGKNOB" audit "$NOWHERE"
check "bad .pgknob.ini: the error names .pgknob.ini:4" \
  grep -q '^pgknob: error: .pgknob.ini:4: invalid severity "loud" for rule "PK2004"' <<<"$ERR"
check "bad .pgknob.ini: no connection was tried" bash -c '! grep -q "could not connect" <<<"$0"' "$ERR"
printf '[host]\nstorage = floppy\n' >.pgknob.ini
expect_exit 2 "bad [host] fact: exit 2" -- "$PGKNOB" audit "$NOWHERE"
check "bad [host] fact: the error names .pgknob.ini:2" grep -q '^pgknob: error: .pgknob.ini:2: ' <<<"$ERR"
rm .pgknob.ini
expect_exit 2 "--config of a missing file: exit 2" -- "$PGKNOB" audit --config missing.ini "$NOWHERE"
check "--config of a missing file: the message names it" grep -q 'missing.ini' <<<"$ERR"
printf '[pgknob]\nrules = nowhere\n' >norules.ini
expect_exit 2 "a rule directory in the file that does not exist: exit 2" -- \
  "$PGKNOB" audit --config norules.ini "$NOWHERE"
check "missing rule directory: no connection was tried" bash -c '! grep -q "could not connect" <<<"$0"' "$ERR"
echo 'not json' >bad.json
expect_exit 2 "a baseline that is not a pgknob report: exit 2" -- "$PGKNOB" audit --baseline bad.json "$NOWHERE"
check "bad baseline: the error names the file and line" grep -q '^pgknob: error: bad.json: line 1: invalid JSON' <<<"$ERR"
check "bad baseline: no connection was tried" bash -c '! grep -q "could not connect" <<<"$0"' "$ERR"
expect_exit 2 "bad --fail-on: exit 2" -- "$PGKNOB" audit --fail-on loud "$NOWHERE"
expect_exit 0 "--help lists --config, --baseline and --disable" -- "$PGKNOB" audit --help
check "--help: the three options" bash -c 'grep -q -- "--config FILE" <<<"$0" && grep -q -- "--baseline FILE" <<<"$0" && grep -q -- "--disable ID" <<<"$0"' "$OUT"

done_testing
