#!/usr/bin/env bash
# Rule packs without servers: every rule's examples (fire + close miss on every version it
# claims), `rules list/show` output, user packs with --rules, and broken rule files (file:line,
# exit 2, never a silent misfire).
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"

# 1. every example of every shipped rule, with coverage of each claimed version
expect_exit 0 "shipped rule examples pass with coverage" -- "$PGKNOB" rules test --coverage
summary=$(printf '%s\n' "$OUT" | tail -1)
check "examples ran ($summary)" test "$(printf '%s\n' "$OUT" | grep -c '^ok ')" -gt 400
check "no failed example" test "$(printf '%s\n' "$OUT" | grep -c '^FAIL')" -eq 0

# the runner can fail: an example that expects the wrong outcome is reported, exit 1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
sed 's/^\[example.pass.1\]/[example.fail.2]/' tests/rules/policy/PKORG1-max-connections.ini > "$tmp/wrong.ini"
expect_exit 1 "a wrong example fails the run" -- "$PGKNOB" rules test --no-builtin --rules "$tmp/wrong.ini"
check "the failing example is named with file:line" grep -q "^FAIL ORG001 \[example.fail.2\] on 13 ($tmp/wrong.ini:17): expected it to fire, but it did not fire" <<<"$OUT"
sed '/^\[example.pass.1\]/,$d' tests/rules/policy/PKORG1-max-connections.ini > "$tmp/nopass.ini"
expect_exit 1 "coverage: a rule without a close miss fails" -- "$PGKNOB" rules test --coverage --no-builtin --rules "$tmp/nopass.ini"
check "coverage failure names the version" grep -q "FAIL ORG001: no pass example for PostgreSQL 18" <<<"$OUT"

# 2. list and show
expect_exit 0 "rules list" -- "$PGKNOB" rules list
n_rules=$(printf '%s\n' "$OUT" | wc -l)
check "at least 40 rules ($n_rules)" test "$n_rules" -ge 40
expect_exit 0 "rules list --format json" -- "$PGKNOB" rules list --format json
check "json has the documented fields" python3 -c '
import json, sys
doc = json.loads(sys.stdin.read())
rules = doc["rules"]
assert len(rules) >= 40
for r in rules:
    for key in ("id", "title", "severity", "category", "versions"):
        assert isinstance(r[key], str) and r[key], (r, key)
    assert r["severity"] in ("error", "warning", "notice", "recommendation")
ids = [r["id"] for r in rules]
assert ids == sorted(ids) and len(set(ids)) == len(ids)
' <<<"$OUT"
for family in aio direct-io memory wal autovacuum planner durability observability; do
  count=$(printf '%s\n' "$OUT" | grep -c "\"category\": \"$family\"")
  check "family $family has rules ($count)" test "$count" -gt 0
done
expect_exit 0 "rules show PK2001" -- "$PGKNOB" rules show PK2001
check "show prints the explanation with the seed numbers" grep -q "800 connections × 32 MB work_mem = 25,600 MB" <<<"$OUT"
check "show links the documentation of the version" grep -q "https://www.postgresql.org/docs/18/runtime-config-resource.html#GUC-WORK-MEM" <<<"$OUT"
expect_exit 0 "rules show --pg-version 13" -- "$PGKNOB" rules show PK2001 --pg-version 13
check "links follow --pg-version" grep -q "docs/13/runtime-config-resource.html" <<<"$OUT"
expect_exit 2 "rules show of an unknown id" -- "$PGKNOB" rules show PK9999
check "unknown id message" grep -q 'unknown rule "PK9999"' <<<"$ERR"
expect_exit 2 "rules without a subcommand" -- "$PGKNOB" rules
expect_exit 2 "rules list --format xml" -- "$PGKNOB" rules list --format xml
expect_exit 0 "rules --help" -- "$PGKNOB" rules --help
check "help lists the subcommands" grep -q "pgknob rules test" <<<"$OUT"

# 3. a user's policy pack next to the shipped ones
expect_exit 0 "user pack loads with --rules" -- "$PGKNOB" rules list --rules tests/rules/policy
check "user rule listed" grep -q "^ORG001 " <<<"$OUT"
expect_exit 0 "user pack examples" -- "$PGKNOB" rules test --coverage --no-builtin --rules tests/rules/policy

# the shipped packs are found beside the binary, or where PGKNOB_RULES_DIR says
expect_exit 0 "PGKNOB_RULES_DIR replaces the shipped packs" -- env PGKNOB_RULES_DIR=tests/rules/policy "$PGKNOB" rules list
check "only the policy rule is listed beside the validation checks" test "$(grep -v '^PK0' <<<"$OUT")" = "$(printf '%-8s %-14s %-14s %-7s %s' ORG001 error policy 13- "max_connections above the organisation's limit of 300")"
check "the validation checks are listed too" grep -q '^PK0010   error          validation     13-     unknown parameter$' <<<"$OUT"
expect_exit 0 "rules show of a validation check" -- "$PGKNOB" rules show PK0050
check "show describes the validation check" grep -q 'refused at startup' <<<"$OUT"
expect_exit 0 "rules show --format text prints plain text" -- "$PGKNOB" rules show --format text PK3017
check "plain text has no Markdown escapes or marks" bash -c '! grep -q "\\\\[_(){}-]\|\*\*\|^- \*\*" <<<"$0" && grep -q "^Severity: notice" <<<"$0"' "$OUT"
expect_exit 0 "rules show --format md prints Markdown" -- "$PGKNOB" rules show --format md PK3017
check "Markdown keeps its marks" grep -q '^- \*\*Severity:\*\* notice' <<<"$OUT"

# 4. broken rule files: exit 2, the true file:line, the expected message
for f in tests/rules/broken/*.ini; do
  [ -f "$f" ] || continue
  want=$(head -1 "$f" | sed 's/^# expect: //')
  line=${want%%:*}; msg=${want#*: }
  expect_exit 2 "broken $(basename "$f")" -- "$PGKNOB" rules list --no-builtin --rules "$f"
  check "$(basename "$f") reports $f:$line" grep -qF "pgknob: error: $f:$line: $msg" <<<"$ERR"
  check "$(basename "$f") prints no rules" test -z "$OUT"
done
expect_exit 2 "duplicate ids across files" -- "$PGKNOB" rules list --no-builtin --rules tests/rules/broken/dup-id
check "duplicate id names both files" grep -q 'dup-id/b.ini:1: duplicate rule id "X9"' <<<"$ERR"
expect_exit 2 "missing rule directory" -- "$PGKNOB" rules list --rules /nonexistent/rules
check "missing directory message" grep -q "could not open rule directory" <<<"$ERR"
done_testing
