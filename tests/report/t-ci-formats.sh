#!/usr/bin/env bash
# CI report formats validated against their consumers' schemas: GitLab Code Quality
# (--format codequality, tests/report/codequality.schema.json, from GitLab's documented format)
# with python3-jsonschema, and JUnit XML (--format junit, tests/report/junit.xsd, from the Jenkins
# JUnit schema) with xmllint. Each validator is first shown to reject a broken document.
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
CQ_SCHEMA=tests/report/codequality.schema.json
XSD=tests/report/junit.xsd
# Debian's python3-jsonschema lives under /usr/bin/python3; another python3 on PATH may lack it.
PY=python3
python3 -c 'import jsonschema' 2>/dev/null || PY=/usr/bin/python3
validate_cq() { # file
  "$PY" - "$CQ_SCHEMA" "$1" <<'PY'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft7Validator.check_schema(schema)
doc = json.load(open(sys.argv[2]))
jsonschema.Draft7Validator(schema).validate(doc)
prints = [issue["fingerprint"] for issue in doc]
sys.exit(0 if len(prints) == len(set(prints)) else 3)
PY
}
validate_junit() { xmllint --noout --schema "$XSD" "$1" 2>/dev/null; }
jqe() { jq -e "$@" >/dev/null; }

# the validators reject what they should
echo '[{"description": "x", "check_name": "c", "fingerprint": "f", "severity": "fatal", "location": {"path": "a", "lines": {"begin": 1}}}]' > "$tmp/bad-sev.json"
check "the Code Quality validator rejects an unknown severity" bash -c '! validate_cq "$0" 2>/dev/null' "$tmp/bad-sev.json"
echo '[{"description": "x", "check_name": "c", "fingerprint": "f", "severity": "info", "location": {"path": "/abs", "lines": {"begin": 1}}}]' > "$tmp/bad-path.json"
check "... an absolute path" bash -c '! validate_cq "$0" 2>/dev/null' "$tmp/bad-path.json"
echo '[{"description": "x", "check_name": "c", "fingerprint": "f", "severity": "info", "location": {"path": "a"}}]' > "$tmp/bad-line.json"
check "... a location without a line" bash -c '! validate_cq "$0" 2>/dev/null' "$tmp/bad-line.json"
echo '<testsuites><testsuite name="x" tests="1" failures="0"><testcase name="t"/></testsuite></testsuites>' > "$tmp/bad.xml"
check "the JUnit validator rejects a suite without errors=" bash -c '! validate_junit "$0"' "$tmp/bad.xml"
echo '<testsuites skipped="1"><testsuite name="x" tests="1" failures="0" errors="0"><testcase name="t"/></testsuite></testsuites>' > "$tmp/bad2.xml"
check "... an attribute the schema does not declare" bash -c '! validate_junit "$0"' "$tmp/bad2.xml"
export -f validate_cq validate_junit; export PY CQ_SCHEMA XSD

# every configuration of the golden set, and two inputs at once
cases=("tests/report/confs/validation.conf" "tests/report/confs/healthy.conf"
       "--pg-version 17 tests/report/confs/realworld-15.conf"
       "--pg-version 18 --host ram=24GB,cores=2,storage=ssd labs/03-wal-torture/settings.conf"
       "--pg-version 16 tests/report/confs/validation.conf tests/report/confs/healthy.conf"
       "--pg-version 18 --config tests/report/confs/override.ini tests/report/confs/validation.conf")
n=0
for args in "${cases[@]}"; do
  n=$((n + 1))
  # shellcheck disable=SC2086
  "$PGKNOB" lint --fail-on never --format codequality $args > "$tmp/$n.cq.json"
  check "codequality #$n ($args): valid, fingerprints unique" validate_cq "$tmp/$n.cq.json"
  # shellcheck disable=SC2086
  "$PGKNOB" lint --fail-on never --format junit $args > "$tmp/$n.xml"
  check "junit #$n: valid against the JUnit XSD" validate_junit "$tmp/$n.xml"
done

# what the documents say
f=tests/report/confs/validation.conf
"$PGKNOB" lint --format codequality "$f" > "$tmp/v.json"
check "codequality: one issue per unsuppressed finding" bash -c '
  want=$("$0" lint --format json --fail-on never "$1" | jq "[.findings[] | select(.suppressed | not)] | length")
  test "$(jq length "$2")" -eq "$want" -a "$want" -gt 0' "$PGKNOB" "$f" "$tmp/v.json"
check "codequality: a line the server refuses is a blocker, at its line" \
  jqe 'any(.[]; .check_name == "PK0010" and .severity == "blocker" and .location.path == "tests/report/confs/validation.conf" and .location.lines.begin == 2)' "$tmp/v.json"
check "codequality: recommendations are info" jqe 'any(.[]; .check_name == "PK7001" and .severity == "info")' "$tmp/v.json"
check "codequality: suppressed findings are left out" jqe 'all(.[]; .check_name != "PK0020")' "$tmp/v.json"
check "codequality: secrets stay redacted" bash -c '! grep -q "hunter2\|password=" "$0"' "$tmp/v.json"
printf 'shared_buffer = 1GB\nshared_buffer = 2GB\n' > "$tmp/twice.conf"
(cd "$tmp" && "$PGKNOB" lint --format codequality --fail-on never twice.conf) > "$tmp/twice.json"
check "codequality: the same finding twice gets two fingerprints" \
  jqe '[.[] | select(.check_name == "PK0010") | .fingerprint] | length == 2 and (unique | length) == 2' "$tmp/twice.json"
check "  ... and both stay valid" validate_cq "$tmp/twice.json"
mkdir -p "$tmp/sub"; printf 'max_connections = 0\n' > "$tmp/sub/pg.conf"
(cd "$tmp" && "$PGKNOB" lint --format codequality --fail-on never sub/pg.conf) > "$tmp/sub.json"
check "codequality: the path is relative to the working directory" jqe '.[0].location.path == "sub/pg.conf"' "$tmp/sub.json"

expect_exit 1 "junit: the exit code is the run's" -- "$PGKNOB" lint --format junit "$f"
printf '%s' "$OUT" > "$tmp/v.xml"
check "junit: failures are the findings at or above --fail-on" bash -c '
  want=$("$0" lint --format json "$1" | jq "[.findings[] | select((.suppressed | not) and (.severity == \"error\" or .severity == \"warning\"))] | length")
  got=$(xmllint --xpath "count(//testcase/failure)" "$2")
  top=$(xmllint --xpath "string(/testsuites/@failures)" "$2")
  test "$got" -eq "$want" -a "$top" -eq "$want" -a "$want" -gt 0' "$PGKNOB" "$f" "$tmp/v.xml"
check "junit: suppressed findings are skipped, with their reason" \
  test "$(xmllint --xpath 'string(//testcase[starts-with(@name, "PK0020")]/skipped/@message)' "$tmp/v.xml")" = "migrated file, fixed in OPS-42"
check "junit: below --fail-on a finding passes, its text in system-out" \
  bash -c 'xmllint --xpath "//testcase[starts-with(@name, \"PK7001\")]/system-out" "$0" >/dev/null 2>&1 && ! xmllint --xpath "//testcase[starts-with(@name, \"PK7001\")]/failure" "$0" >/dev/null 2>&1' "$tmp/v.xml"
rw=tests/report/confs/realworld-15.conf
"$PGKNOB" lint --pg-version 17 --format junit --fail-on error "$rw" > "$tmp/err.xml"
"$PGKNOB" lint --pg-version 17 --format junit --fail-on notice "$rw" > "$tmp/notice.xml"
check "junit: --fail-on notice makes more failures than --fail-on error" test "$(xmllint --xpath 'count(//failure)' "$tmp/err.xml")" -lt "$(xmllint --xpath 'count(//failure)' "$tmp/notice.xml")"
printf 'shared_buffers = 1GB\n' > "$tmp/clean.conf"
"$PGKNOB" lint --no-rules --format junit "$tmp/clean.conf" > "$tmp/h.xml"
check "junit: a clean input is one passing case" test "$(xmllint --xpath 'count(//testcase[not(*)])' "$tmp/h.xml")" = 1
printf "cluster_name = 'a\033]0;x\007b'\nshared_buferz = 'x\033[8my'\n" > "$tmp/ctl.conf"
"$PGKNOB" lint --format junit --pg-version 18 "$tmp/ctl.conf" > "$tmp/ctl.xml"
check "junit: control bytes of a value give valid XML" validate_junit "$tmp/ctl.xml"
"$PGKNOB" lint --format codequality --pg-version 18 "$tmp/ctl.conf" > "$tmp/ctl.json"
check "codequality: ... and valid JSON without a raw control byte" bash -c 'validate_cq "$0" && ! grep -qaP "[\x00-\x08\x0b-\x1f\x7f]" "$0"' "$tmp/ctl.json"
expect_exit 1 "-o FILE.xml infers junit" -- "$PGKNOB" lint -o "$tmp/out.xml" "$f"
check "  ... and wrote valid JUnit" validate_junit "$tmp/out.xml"
expect_exit 2 "an unknown format lists codequality and junit" -- "$PGKNOB" lint --format gitlab "$f"
check "  ... in its hint" grep -q "codequality, junit" <<<"$ERR"
done_testing
