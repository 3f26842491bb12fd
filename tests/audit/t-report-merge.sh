#!/usr/bin/env bash
# pgknob report merge without a server: JSON reports of pgknob lint (three configurations, one
# with an inline ignore) merged into one fleet report; per finding the servers that have it, counts
# per server, suppressed findings left out, a bad file listed with its reason, usage errors and
# exit codes. The comparison with `audit --from DIR` over real servers is in t-audit-fleet.
source "$(dirname "$0")/../lib.sh"

TMP=$(mktemp -d /tmp/pgknob-merge.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
jqe() { jq -e "$@" >/dev/null; }
mkdir -p "$TMP/reports" "$TMP/conf"

printf "shared_buffers = '128MB'\n" >"$TMP/conf/clean.conf"
printf "fsync = off\nlog_statement = 'all'\n" >"$TMP/conf/risky.conf"
printf "fsync = off\n" >"$TMP/conf/fsync.conf"
for name in clean risky fsync; do
  "$PGKNOB" lint --pg-version 17 --format json --fail-on never "$TMP/conf/$name.conf" >"$TMP/reports/$name.json"
done
rule_of() { jq -r --arg r "$1" '[.findings[] | select(.rule == $r)] | length' "$2"; }
fsync_rule=$(jq -r '.findings[] | select(.settings[]?.name == "fsync") | .rule' "$TMP/reports/fsync.json" | head -1)
check "the fsync configuration has a finding on fsync ($fsync_rule)" test -n "$fsync_rule"

expect_exit 0 "merge a directory of lint reports" -- "$PGKNOB" report merge --format json --fail-on never "$TMP/reports"
echo "$OUT" >"$TMP/fleet.json"
check "a lint fleet says so" jqe '.command == "lint" and .fleet == true' "$TMP/fleet.json"
check "three servers, named after their files, in name order" \
  test "$(jq -r '[.servers[].name] | join(",")' "$TMP/fleet.json")" = "clean,fsync,risky"
check "the fsync finding names the two configurations that have it" \
  test "$(jq -r --arg r "$fsync_rule" '.findings[] | select(.rule == $r) | .servers | join(",")' "$TMP/fleet.json")" = "fsync,risky"
check "each server's counts are those of its own report" \
  bash -c 'for n in clean fsync risky; do
    a=$(jq -c "[.summary.errors, .summary.warnings, .summary.notices, .summary.recommendations]" "$0/reports/$n.json")
    b=$(jq -c --arg n "$n" ".servers[] | select(.name == \$n) | [.counts.error, .counts.warning, .counts.notice, .counts.recommendation]" "$0/fleet.json")
    [ "$a" = "$b" ] || exit 1; done' "$TMP"
check "findings sorted by severity, then spread" \
  jqe '[.findings[] | {s: ({"error": 4, "warning": 3, "notice": 2, "recommendation": 1}[.severity]), c: .count}]
    | . as $f | all(range(1; length); ($f[. - 1].s > $f[.].s) or ($f[. - 1].s == $f[.].s and $f[. - 1].c >= $f[.].c))' "$TMP/fleet.json"

# suppressed findings (an inline ignore) are left out, as the snapshots' fleet leaves them out
printf "fsync = off  # pgknob: ignore $fsync_rule -- a scratch box\n" >"$TMP/conf/ignored.conf"
"$PGKNOB" lint --pg-version 17 --format json --fail-on never "$TMP/conf/ignored.conf" >"$TMP/ignored.json"
check "the report suppresses the fsync finding" \
  jqe --arg r "$fsync_rule" '[.findings[] | select(.rule == $r and .suppressed)] | length == 1' "$TMP/ignored.json"
"$PGKNOB" report merge --format json --fail-on never "$TMP/ignored.json" "$TMP/reports/clean.json" >"$TMP/fleet2.json"
check "suppressed findings are not in the fleet" \
  jqe --arg r "$fsync_rule" '.servers[] | select(.name == "ignored") | .rules | index($r) == null' "$TMP/fleet2.json"

# exit codes by --fail-on over all servers
expect_exit 1 "--fail-on warning with a warning somewhere: exit 1" -- "$PGKNOB" report merge --fail-on warning "$TMP/reports"
expect_exit 0 "--fail-on never: exit 0" -- "$PGKNOB" report merge --fail-on never "$TMP/reports"
check "Markdown by default, with both tables" \
  bash -c 'grep -q "^# pgknob fleet lint: 3 servers" <<<"$0" && grep -q "^## Servers" <<<"$0"' "$OUT"
expect_exit 0 "-o FILE.html: HTML from the extension" -- "$PGKNOB" report merge --fail-on never -o "$TMP/fleet.html" "$TMP/reports"
check "the HTML names every server" test "$(grep -c '<tr><td>\(clean\|fsync\|risky\)</td>' "$TMP/fleet.html")" -eq 3

# bad inputs: listed as not read with the reason, or a usage error
echo "not json" >"$TMP/reports/broken.json"
echo '{"tool": "other"}' >"$TMP/reports/other.json"
cp "$TMP/fleet.json" "$TMP/reports/zfleet.json"
expect_exit 0 "bad files among the reports do not stop the merge" -- "$PGKNOB" report merge --format json --fail-on never "$TMP/reports"
echo "$OUT" >"$TMP/fleet3.json"
check "broken JSON: listed as not read, with the line" \
  jqe '.servers[] | select(.name == "broken") | .error | test("not JSON \\(line 1")' "$TMP/fleet3.json"
check "another tool's JSON: listed, says what to give" \
  jqe '.servers[] | select(.name == "other") | .error | test("--format json")' "$TMP/fleet3.json"
check "a fleet report is not merged again" \
  jqe '.servers[] | select(.name == "zfleet") | .error | test("fleet report already")' "$TMP/fleet3.json"
expect_exit 0 "a missing file: listed as not read" -- "$PGKNOB" report merge --format json --fail-on never "$TMP/missing.json"
check "  ... naming why" bash -c 'jq -e ".servers[0].error | test(\"No such file\")" <<<"$0" >/dev/null' "$OUT"
expect_exit 2 "no report given: usage error" -- "$PGKNOB" report merge
check "  ... says what to give" bash -c 'grep -q "no report to merge" <<<"$0"' "$ERR"
expect_exit 2 "--format sarif: the fleet has no such format" -- "$PGKNOB" report merge --format sarif "$TMP/reports"
expect_exit 2 "an empty directory: usage error" -- "$PGKNOB" report merge "$TMP/conf"
expect_exit 2 "an unknown report subcommand" -- "$PGKNOB" report mrege "$TMP/reports"
check "  ... with a did-you-mean" bash -c 'grep -q "merge" <<<"$0"' "$ERR"
expect_exit 0 "report merge --help" -- "$PGKNOB" report merge --help

done_testing
