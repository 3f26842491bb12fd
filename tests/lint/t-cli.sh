#!/usr/bin/env bash
# pgknob lint as a command: options, exit codes per --fail-on, bad input, several inputs, data
# directories, the JSON document's documented keys, colour rules and redaction. No servers.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

tmp="$(mktemp -d /tmp/pgknob-lintcli.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
printf 'shared_buffers = 128MB\nwork_mem = 4MB\n' > "$tmp/clean.conf"
printf 'work_mem = 4mb\n' > "$tmp/error.conf"
printf 'sort_mem = 1024\n' > "$tmp/notice.conf"
printf 'file_extend_method = posix_fallocate\n' > "$tmp/minor.conf"
printf "primary_conninfo = 'host=a user=rep password=s3cr3t-value'\nbogus_param = 1\n" > "$tmp/secret.conf"

# --- help and usage
expect_exit 0 "--help" -- "$PGKNOB" lint --help
check "--help prints the usage on stdout" grep -q '^usage: pgknob lint' <<<"$OUT"
check "--help lists every option" bash -c 'for o in --pg-version --format --fail-on --no-auto-conf; do grep -q -- "$o" <<<"$1" || exit 1; done' _ "$OUT"
expect_exit 0 "pgknob help lint" -- "$PGKNOB" help lint
expect_exit 2 "no input" -- "$PGKNOB" lint
check "no input says so" grep -q 'no configuration file or data directory given' <<<"$ERR"
expect_exit 2 "unknown option" -- "$PGKNOB" lint --bogus "$tmp/clean.conf"
check "unknown option is named" grep -q -- '--bogus' <<<"$ERR"
expect_exit 2 "option without its value" -- "$PGKNOB" lint "$tmp/clean.conf" --format
expect_exit 2 "unknown format" -- "$PGKNOB" lint --format xml "$tmp/clean.conf"
check "unknown format lists the formats" grep -q 'formats are: text, json' <<<"$ERR"
expect_exit 2 "bad --fail-on" -- "$PGKNOB" lint --fail-on sometimes "$tmp/clean.conf"
for v in 12 19 abc 18. ''; do
  expect_exit 2 "--pg-version '$v' refused" -- "$PGKNOB" lint --pg-version "$v" "$tmp/clean.conf"
done

# --- bad inputs are exit 2 with a clear message, never a crash
expect_exit 2 "missing file" -- "$PGKNOB" lint "$tmp/nope.conf"
check "missing file is named on stderr" grep -q 'nope.conf' <<<"$ERR"
check "missing file: nothing on stdout" test -z "$OUT"
mkdir "$tmp/emptydir"
expect_exit 2 "directory without postgresql.conf" -- "$PGKNOB" lint "$tmp/emptydir"
truncate -s 70M "$tmp/huge.conf"
expect_exit 2 "a 70 MB file" -- "$PGKNOB" lint "$tmp/huge.conf"
check "a huge file is refused with a reason" grep -q 'larger than' <<<"$ERR"
expect_exit 2 "one missing among several" -- "$PGKNOB" lint "$tmp/clean.conf" "$tmp/nope.conf"

# --- exit codes per --fail-on
expect_exit 0 "clean file" -- "$PGKNOB" lint --no-rules "$tmp/clean.conf"
check "clean file: summary line, saying the major is the default" grep -q '^0 errors, 0 warnings, 0 notices, 0 recommendations in 1 file for PostgreSQL 18 (the default: nothing read names the major; --pg-version chooses)$' <<<"$OUT"
expect_exit 1 "error file (default --fail-on warning)" -- "$PGKNOB" lint "$tmp/error.conf"
check "compiler-style line" grep -qE "^$tmp/error.conf:1: error: invalid value for parameter \"work_mem\": \"4mb\" \[PK0020\] \[refuses start\]$" <<<"$OUT"
check "hint line indented" grep -q '^  hint: Valid units for this parameter are "B", "kB", "MB", "GB", and "TB".$' <<<"$OUT"
expect_exit 0 "error file with --fail-on never" -- "$PGKNOB" lint --fail-on never "$tmp/error.conf"
expect_exit 1 "error file with --fail-on error" -- "$PGKNOB" lint --fail-on error "$tmp/error.conf"
expect_exit 0 "notice only: default passes" -- "$PGKNOB" lint "$tmp/notice.conf"
check "notice is shown" grep -q 'notice: "sort_mem" is an old name for "work_mem" \[PK0012\]' <<<"$OUT"
expect_exit 1 "notice with --fail-on notice" -- "$PGKNOB" lint --fail-on notice "$tmp/notice.conf"
expect_exit 1 "minor-release parameter, minor unknown: warning fails by default" -- "$PGKNOB" lint "$tmp/minor.conf"
check "says which minor it needs" grep -q 'needs PostgreSQL 18.2 or later \[PK0030\]' <<<"$OUT"
expect_exit 0 "minor-release warning with --fail-on error" -- "$PGKNOB" lint --fail-on error "$tmp/minor.conf"
expect_exit 1 "--pg-version 18.1 makes it an error" -- "$PGKNOB" lint --fail-on error --pg-version 18.1 "$tmp/minor.conf"
expect_exit 0 "--pg-version 18.4 knows it" -- "$PGKNOB" lint --no-rules --fail-on notice --pg-version 18.4 "$tmp/minor.conf"
# --- refusal is not severity: fsync = off is a rule-pack error the server starts with
printf 'fsync = off\n' > "$tmp/fsync.conf"
expect_exit 1 "fsync = off fails --fail-on error" -- "$PGKNOB" lint --fail-on error "$tmp/fsync.conf"
check "fsync = off is not tagged [refuses start]" bash -c '! grep -q "refuses start" <<<"$1"' _ "$OUT"
expect_exit 0 "fsync = off passes --fail-on refusal" -- "$PGKNOB" lint --fail-on refusal "$tmp/fsync.conf"
expect_exit 1 "an invalid value fails --fail-on refusal" -- "$PGKNOB" lint --fail-on refusal "$tmp/error.conf"
expect_exit 0 "a warning only passes --fail-on refusal" -- "$PGKNOB" lint --fail-on refusal "$tmp/minor.conf"
expect_exit 1 "18.1 makes the minor-release parameter a refusal" -- "$PGKNOB" lint --fail-on refusal --pg-version 18.1 "$tmp/minor.conf"
cat "$tmp/fsync.conf" "$tmp/error.conf" > "$tmp/both.conf"
expect_exit 1 "JSON with --fail-on refusal" -- "$PGKNOB" lint --format json --fail-on refusal "$tmp/both.conf"
check "JSON: refuses_start true for PK0020, false for PK6001" test "$(jq -c '[.findings[] | select(.rule == "PK0020" or .rule == "PK6001") | [.rule, .refuses_start]] | sort' <<<"$OUT")" = '[["PK0020",true],["PK6001",false]]'
check "JSON: summary says refusal and counts one" test "$(jq -c '[.summary.fail_on, .summary.refusals]' <<<"$OUT")" = '["refusal",1]'
sarif=$("$PGKNOB" lint --format sarif --fail-on never "$tmp/both.conf")
check "SARIF: refuses_start result property" test "$(jq -c '[.runs[0].results[] | select(.ruleId == "PK0020" or .ruleId == "PK6001") | [.ruleId, .properties.refuses_start]] | sort' <<<"$sarif")" = '[["PK0020",true],["PK6001",false]]'
printf '[pgknob]\nfail_on = refusal\n' > "$tmp/refusal.ini"
expect_exit 0 ".pgknob.ini fail_on = refusal passes fsync = off" -- "$PGKNOB" lint --config "$tmp/refusal.ini" "$tmp/fsync.conf"
expect_exit 1 ".pgknob.ini fail_on = refusal fails an invalid value" -- "$PGKNOB" lint --config "$tmp/refusal.ini" "$tmp/both.conf"
expect_exit 1 "--fail-on error on the command line wins over fail_on = refusal" -- "$PGKNOB" lint --config "$tmp/refusal.ini" --fail-on error "$tmp/fsync.conf"
md=$("$PGKNOB" lint --format md --fail-on never "$tmp/both.conf")
check "Markdown tags the refusal" grep -q '| error, refuses start | PK0020' <<<"$md"
expect_exit 1 "several files: one bad" -- "$PGKNOB" lint "$tmp/clean.conf" "$tmp/error.conf"
check "several files: counted" grep -q ' in 2 files ' <<<"$OUT"

# --- target version: --pg-version, else PG_VERSION, else 18
mkdir "$tmp/data16"
echo 16 > "$tmp/data16/PG_VERSION"
printf 'io_method = worker\n' > "$tmp/data16/postgresql.conf"
printf "work_mem = '8MB'\n" > "$tmp/data16/postgresql.auto.conf"
expect_exit 1 "data directory: PG_VERSION 16 is the target" -- "$PGKNOB" lint "$tmp/data16"
check "io_method on 16 is not in that version" grep -q 'unrecognized configuration parameter "io_method" \[PK0011\]' <<<"$OUT"
expect_exit 0 "--pg-version overrides PG_VERSION" -- "$PGKNOB" lint --pg-version 18 "$tmp/data16"
expect_exit 0 "data directory JSON" -- "$PGKNOB" lint --pg-version 18 --format json "$tmp/data16"
check "postgresql.auto.conf is read" grep -q 'postgresql.auto.conf' <<<"$OUT"
echo 12 > "$tmp/data16/PG_VERSION"
expect_exit 2 "data directory of 12" -- "$PGKNOB" lint "$tmp/data16"
check "unsupported data directory explained" grep -q 'PostgreSQL 12' <<<"$ERR"

# --- JSON: parses, documented keys
expect_exit 1 "json format" -- "$PGKNOB" lint --no-rules --format json "$tmp/error.conf" "$tmp/notice.conf"
check "json parses (python3 -m json.tool)" bash -c 'python3 -m json.tool >/dev/null <<<"$1"' _ "$OUT"
check "json has the documented keys" python3 -c '
import json, sys
d = json.loads(sys.argv[1])
assert d["tool"] == "pgknob" and d["version"] and d["command"] == "lint"
assert d["target"]["pg_version"] == "18" and d["target"]["pg_major"] == 18
assert len(d["inputs"]) == 2 and d["inputs"][0]["kind"] == "file"
f = d["findings"][0]
for key in ("rule", "name", "severity", "category", "title", "message", "hint", "file", "line",
            "settings", "suggestion", "explanation", "suppressed", "suppress_reason"):
    assert key in f, key
assert f["rule"] == "PK0020" and f["severity"] == "error" and f["line"] == 1
assert f["settings"] == [{"name": "work_mem", "value": "4mb", "file": f["file"], "line": 1}]
assert d["findings"][1]["rule"] == "PK0012" and d["findings"][1]["suggestion"] == "work_mem = 1024"
s = d["summary"]
assert (s["errors"], s["warnings"], s["notices"], s["fail_on"], s["exit_code"]) == (1, 0, 1, "warning", 1)
' "$OUT"
expect_exit 1 "did-you-mean in JSON" -- "$PGKNOB" lint --format json "$tmp/secret.conf"
check "unknown name gets a suggestion" python3 -c '
import json, sys
d = json.loads(sys.argv[1])
f = [f for f in d["findings"] if f["rule"] == "PK0010"][0]
assert f["message"] == "unrecognized configuration parameter \"bogus_param\"", f["message"]
' "$OUT"
check "credentials never printed (json)" bash -c '! grep -q s3cr3t <<<"$1"' _ "$OUT"
expect_exit 1 "text format of the same" -- "$PGKNOB" lint "$tmp/secret.conf"
check "credentials never printed (text)" bash -c '! grep -q s3cr3t <<<"$1"' _ "$OUT"

# --- colour: only on a TTY, never with NO_COLOR, never into a pipe
expect_exit 1 "pipe" -- "$PGKNOB" lint "$tmp/error.conf"
check "no escape codes into a pipe" bash -c '! grep -q $'"'"'\033'"'"' <<<"$1"' _ "$OUT"
tty_out="$(script -qec "$PGKNOB lint $tmp/error.conf" /dev/null 2>&1)"
check "escape codes on a TTY" grep -q $'\033\[' <<<"$tty_out"
tty_out="$(NO_COLOR=1 script -qec "$PGKNOB lint $tmp/error.conf" /dev/null 2>&1)"
check "NO_COLOR on a TTY: no escape codes" bash -c '! grep -q $'"'"'\033'"'"' <<<"$1"' _ "$tty_out"
check "NO_COLOR on a TTY: same text" grep -q 'error: invalid value for parameter "work_mem"' <<<"$tty_out"

done_testing
