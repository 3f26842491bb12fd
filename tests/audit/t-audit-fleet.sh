#!/usr/bin/env bash
# needs: servers
# The fleet view: 20 snapshots of real servers (PostgreSQL 13, 15, 17 and 18, five configurations
# each, changed by ALTER SYSTEM and a reload), each collected by the psql line that
# docs/audit.md's Ansible and Kubernetes CronJob examples run, then one `pgknob audit --from DIR`
# report. Each server's findings in the fleet report are exactly those of its own live audit at
# the same moment; every finding names the servers that have it; findings are sorted by severity
# then spread; Markdown, HTML and JSON.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-fleet.XXXXXX); chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT
jqe() { jq -e "$@" >/dev/null; }
HOST="ram=8GB,cores=2,storage=ssd"
mkdir -p "$TMP/snapshots" "$TMP/live" "$TMP/etc"
"$PGKNOB" audit --collect >"$TMP/etc/collect.sql"

# The documentation's psql line, as the Ansible task and the CronJob run it.
DOC_LINE=$(grep -o 'psql -X -f collect.sql -d "$PGURI" > "$OUT"' "$PROJECT_ROOT/docs/audit.md" | head -1)
check "docs/audit.md gives the psql line" test -n "$DOC_LINE"
check "the Ansible and the CronJob examples both run it" \
  test "$(grep -c -F 'psql -X -f collect.sql -d "$PGURI" > "$OUT"' "$PROJECT_ROOT/docs/audit.md")" -ge 3

configure() { # config number: reloadable settings, each making a different set of findings
  local sql="alter system reset all"
  case "$1" in
    1) sql="$sql; alter system set log_statement = 'all'" ;;
    2) sql="$sql; alter system set checkpoint_completion_target = 0.5" ;;
    3) sql="$sql; alter system set track_io_timing = on; alter system set log_checkpoints = on" ;;
    4) sql="$sql; alter system set primary_conninfo = 'host=<primary-host> user=repl password=Pw0rdXy'" ;;
  esac
  printf '%s;\nselect pg_reload_conf();\n' "$sql" | pg_psql >/dev/null
  sleep 0.3
}

for major in ${PGKNOB_FLEET_MAJORS:-13 15 17 18}; do
  if ! pg_cluster_start "$major" >/dev/null 2>"$TMP/start.err"; then
    fail "PG$major: cluster did not start: $(tail -3 "$TMP/start.err")"; continue
  fi
  pg_psql -c "create role auditor login in role pg_monitor" >/dev/null
  for config in 0 1 2 3 4; do
    configure "$config"
    name="pg$major-c$config"
    (cd "$TMP/etc" && PATH="$PG_CLIENT_BIN:$PATH" PGURI="postgresql://auditor@/postgres?host=$PGHOST&port=$PGPORT" \
      OUT="$TMP/snapshots/$name.json" bash -c "$DOC_LINE" 2>>"$TMP/psql.err")
    "$PGKNOB" audit --host "$HOST" --format json --fail-on never "user=auditor" >"$TMP/live/$name.json" 2>/dev/null
  done
  pg_cluster_stop
done

n=$(find "$TMP/snapshots" -name '*.json' -size +1k | wc -l)
check "20 snapshots collected by the documented psql line ($n)" test "$n" -ge 20
check "psql reported no error ($(head -c 300 "$TMP/psql.err" 2>/dev/null))" test ! -s "$TMP/psql.err"
check "no snapshot holds the password" bash -c '! grep -rq Pw0rdXy "$0"' "$TMP/snapshots"

"$PGKNOB" audit --from "$TMP/snapshots" --host "$HOST" --format json --fail-on never >"$TMP/fleet.json"; rc=$?
check "the fleet report (rc $rc)" jqe '.fleet == true' "$TMP/fleet.json"
check "it has every server ($(jq '.servers | length' "$TMP/fleet.json"))" \
  test "$(jq '.servers | length' "$TMP/fleet.json")" -eq "$n"

bad=""
for live in "$TMP"/live/*.json; do
  name=$(basename "$live" .json)
  want=$(jq -r '[.findings[].rule] | unique | join(",")' "$live")
  got=$(jq -r --arg n "$name" '.servers[] | select(.name == $n) | .rules | unique | join(",")' "$TMP/fleet.json")
  [ "$want" = "$got" ] || bad="$bad $name (live: $want; fleet: $got)"
  # each finding of the server's own audit lists it among its servers
  missing=$(jq -r --arg n "$name" --slurpfile live "$live" \
    '[$live[0].findings[] | {rule, title}] - [.findings[] | select(.servers | index($n)) | {rule, title}] | length' "$TMP/fleet.json")
  [ "$missing" = 0 ] || bad="$bad $name ($missing findings not naming it)"
done
check "each server's findings in the fleet report are its own audit's${bad:+:$bad}" test -z "$bad"

check "PK7003 names exactly the log_statement servers" \
  test "$(jq -r '.findings[] | select(.rule == "PK7003") | .servers | join(",")' "$TMP/fleet.json")" = "pg13-c1,pg15-c1,pg17-c1,pg18-c1"
check "PK3023 (placeholder) names exactly the c4 servers" \
  test "$(jq -r '.findings[] | select(.rule == "PK3023") | .servers | join(",")' "$TMP/fleet.json")" = "pg13-c4,pg15-c4,pg17-c4,pg18-c4"
check "every finding's count is the number of servers it names" \
  jqe 'all(.findings[]; .count == (.servers | length))' "$TMP/fleet.json"
check "findings sorted by severity, then by spread" \
  jqe '[.findings[] | {s: ({"error": 4, "warning": 3, "notice": 2, "recommendation": 1}[.severity]), c: .count}]
    | . as $f | all(range(1; length); ($f[. - 1].s > $f[.].s) or ($f[. - 1].s == $f[.].s and $f[. - 1].c >= $f[.].c))' "$TMP/fleet.json"
check "per server counts add up to its findings" \
  jqe 'all(.servers[]; (.counts | add) == (.rules | length))' "$TMP/fleet.json"

"$PGKNOB" audit --from "$TMP/snapshots" --host "$HOST" --format md --fail-on never >"$TMP/fleet.md"
"$PGKNOB" audit --from "$TMP/snapshots" --host "$HOST" --fail-on never -o "$TMP/fleet.html"
check "Markdown: both tables and every server" \
  bash -c 'grep -q "^## Findings" "$0" && grep -q "^## Servers" "$0" && [ "$(grep -c "^| pg[0-9]*-c[0-4] |" "$0")" -eq "$1" ]' "$TMP/fleet.md" "$n"
check "HTML (from -o's extension): every server" \
  bash -c 'grep -q "<!DOCTYPE html>" "$0" && [ "$(grep -c "<tr><td>pg[0-9]*-c[0-4]</td>" "$0")" -eq "$1" ]' "$TMP/fleet.html" "$n"
# pgknob report merge: the servers' own JSON reports (as a CI job or a CronJob running
# `pgknob audit --format json` would gather them) give the same fleet report in every format
mkdir -p "$TMP/reports"
for snap in "$TMP"/snapshots/*.json; do
  "$PGKNOB" audit --from "$snap" --host "$HOST" --format json --fail-on never >"$TMP/reports/$(basename "$snap")"
done
for fmt in json md html; do
  "$PGKNOB" audit --from "$TMP/snapshots" --host "$HOST" --format "$fmt" --fail-on never >"$TMP/fleet-from.$fmt"
  "$PGKNOB" report merge --format "$fmt" --fail-on never "$TMP/reports" >"$TMP/fleet-merge.$fmt"; rc=$?
  check "report merge over the 20 reports: the same $fmt fleet report as audit --from DIR (rc $rc; $(diff "$TMP/fleet-from.$fmt" "$TMP/fleet-merge.$fmt" | head -3 | tr '\n' ' '))" \
    diff "$TMP/fleet-from.$fmt" "$TMP/fleet-merge.$fmt"
done
"$PGKNOB" report merge --fail-on warning "$TMP"/reports/pg13-c1.json "$TMP"/reports/pg18-c1.json -o "$TMP/two-merge.html"; rc=$?
check "report merge of two files: exit 1 by --fail-on warning, HTML from -o (rc $rc)" \
  bash -c '[ "$0" -eq 1 ] && grep -q "<tr><td>pg18-c1</td>" "$1"' "$rc" "$TMP/two-merge.html"
# the live audits' reports, taken at the same moment, name the same findings per server
"$PGKNOB" report merge --format json --fail-on never "$TMP/live" >"$TMP/fleet-live.json"
check "report merge of the live audits' reports: each server's rules as from the snapshots" \
  diff <(jq -c '.servers[] | [.name, (.rules | unique)]' "$TMP/fleet.json") <(jq -c '.servers[] | [.name, (.rules | unique)]' "$TMP/fleet-live.json")

"$PGKNOB" audit --from "$TMP/snapshots" --format sarif >/dev/null 2>"$TMP/err"; rc=$?
check "a per-file format for a fleet is a usage error (rc $rc)" test "$rc" -eq 2
echo "not json" >"$TMP/snapshots/broken.json"
"$PGKNOB" audit --from "$TMP/snapshots" --format json --fail-on never >"$TMP/fleet2.json"
check "a broken snapshot is listed as not audited, the rest still reported" \
  jqe '(.servers[] | select(.name == "broken") | .error | test("not a pgknob snapshot")) and (.servers | length) == 21' "$TMP/fleet2.json"
"$PGKNOB" audit --from "$TMP/snapshots/pg13-c1.json" "$TMP/snapshots/pg18-c1.json" --format json --fail-on warning >"$TMP/two.json"; rc=$?
check "two files after --from: a fleet of two, exit 1 by --fail-on warning (rc $rc)" \
  bash -c '[ "$0" -eq 1 ] && jq -e ".servers | length == 2" "$1" >/dev/null' "$rc" "$TMP/two.json"

done_testing
