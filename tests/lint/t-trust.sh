#!/usr/bin/env bash
# Findings a DBA can trust (issue #10 §5): the recommendation tier never fails a build and is its
# own section in every format; rules reading a parameter whose line was rejected are skipped, not
# run on the default; a fragment linted alone gets no finding about what it does not set; a line
# overridden by a later one with another value is a notice naming both places. No servers.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
tmp="$(mktemp -d /tmp/pgknob-trust.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
lint() { "$PGKNOB" lint --config /dev/null "$@"; }

# --- the recommendation tier
printf 'shared_buffers = 256MB\n' > "$tmp/plain.conf"
for level in error warning notice; do
  expect_exit 0 "recommendations never fail a build (--fail-on $level)" -- lint --fail-on "$level" "$tmp/plain.conf"
done
check "text: recommendations are their own section, last" bash -c 'tail -n +1 <<<"$0" | grep -n "^recommendations (" >/dev/null && grep -q "^recommendation: track_io_timing is off" <<<"$0"' "$OUT"
check "text: the summary line counts them apart" grep -q '^0 errors, 0 warnings, 0 notices, 2 recommendations in 1 file' <<<"$OUT"
expect_exit 0 "json" -- lint --format json "$tmp/plain.conf"
check "json: severity recommendation and a summary count" python3 -c '
import json, sys
doc = json.loads(sys.argv[1])
sev = {f["rule"]: f["severity"] for f in doc["findings"]}
assert sev["PK7001"] == "recommendation" and sev["PK7004"] == "recommendation", sev
assert doc["summary"]["recommendations"] == 2 and doc["summary"]["notices"] == 0
assert doc["summary"]["exit_code"] == 0' "$OUT"
expect_exit 0 "sarif" -- lint --format sarif "$tmp/plain.conf"
check "sarif: level note with the tier as a property" python3 -c '
import json, sys
res = json.loads(sys.argv[1])["runs"][0]["results"]
rec = [r for r in res if r["ruleId"] == "PK7001"][0]
assert rec["level"] == "note" and rec["properties"]["pgknob-tier"] == "recommendation"' "$OUT"
expect_exit 0 "github" -- lint --format github "$tmp/plain.conf"
check "github: a notice titled as a recommendation" grep -q '^::notice title=PK7001 recommendation%3A ' <<<"$OUT"
expect_exit 0 "md" -- lint --format md "$tmp/plain.conf"
check "md: a Recommendations section, and the Summary does not list them" bash -c '
grep -q "^## Recommendations$" <<<"$0" && grep -q "^| Findings | 0 | 0 | [0-9]* | 2 |$" <<<"$0" &&
! sed -n "/^## Summary/,/^## /p" <<<"$0" | grep -q PK7001' "$OUT"
printf "shared_preload_libraries = 'auto_explain'\n" > "$tmp/spl.conf"
expect_exit 0 "pg_stat_statements advice on a file preloading another library" -- lint "$tmp/spl.conf"
check "its suggestion keeps the library already preloaded" grep -q "suggestion: shared_preload_libraries = 'auto_explain,pg_stat_statements'" <<<"$OUT"
printf '[severity]\nPK6001 = recommendation\n' > "$tmp/demote.ini"
printf 'fsync = off\n' > "$tmp/fsync.conf"
expect_exit 0 "a [severity] override can demote a rule to a recommendation" -- "$PGKNOB" lint --config "$tmp/demote.ini" --fail-on notice "$tmp/fsync.conf"
expect_exit 2 "--fail-on recommendation is refused (nothing fails on them)" -- lint --fail-on recommendation "$tmp/plain.conf"

# --- a rejected line: its rules are skipped, not run on the default
printf 'random_page_cost = {{ RANDOM_PAGE_COST }}\nmax_connections = mc\n' > "$tmp/template.conf"
expect_exit 1 "a template with placeholders" -- lint --host storage=ssd,ram=8GB,cores=4 "$tmp/template.conf"
check "no random_page_cost finding computed from the default" bash -c '! grep -v "^note:" <<<"$0" | grep -q "PK5002\|PK5005\|random_page_cost is 4"' "$OUT"
check "no max_connections finding computed from the default" bash -c '! grep -v "^note:" <<<"$0" | grep -q "PK2011\|PK1013"' "$OUT"
check "a note says which rules were skipped and why" grep -q 'PK5002, PK5005 need the value of random_page_cost (template.conf:1 is a template placeholder)' <<<"$OUT"
check "the rejected value is named" grep -q 'need the value of max_connections (template.conf:2 holds "mc", which the server rejects)' <<<"$OUT"
printf 'random_page_cost = {{ X }}\nrandom_page_cost = 4\n' > "$tmp/fixed.conf"
expect_exit 0 "a later valid line makes the value known again (the placeholder a notice: a template by design)" -- lint --host storage=ssd "$tmp/fixed.conf"
check "so the rule runs on it" grep -q 'PK5002' <<<"$OUT"
expect_exit 1 "json" -- lint --format json --host storage=ssd "$tmp/template.conf"
check "json: the skipped entry says what was missing" python3 -c '
import json, sys
skip = {s["rule"]: s["needs"] for s in json.loads(sys.argv[1])["skipped"]}
assert "is a template placeholder" in skip["PK5002"], skip' "$OUT"
printf 'random_page_cost = 1 2\n' > "$tmp/broken.conf"
check "close miss: a line broken without a placeholder did not parse" grep -q \
  'need the value of random_page_cost (broken.conf:1 did not parse).*; fix the line and lint again' \
  <<<"$("$PGKNOB" lint --host storage=ssd --fail-on never "$tmp/broken.conf" 2>&1)"

# --- fragments linted alone
mkdir -p "$tmp/main/conf.d"
printf 'work_mem = 64MB\nwal_level = minimal\n' > "$tmp/main/conf.d/10-tune.conf"
printf 'track_io_timing = off\n' > "$tmp/main/postgresql.auto.conf"
expect_exit 0 "a conf.d file is a fragment" -- lint --fail-on notice "$tmp/main/conf.d/10-tune.conf"
check "no finding about what it does not set" bash -c '! grep -q "PK7001\|PK7004\|PK0050" <<<"$0"' "$OUT"
check "a note says what was not run" grep -q 'rules read parameters this fragment does not set' <<<"$OUT"
expect_exit 0 "postgresql.auto.conf alone is a fragment" -- lint --format json "$tmp/main/postgresql.auto.conf"
check "json: kind fragment; the setting it makes is still checked" python3 -c '
import json, sys
doc = json.loads(sys.argv[1])
assert doc["inputs"][0]["kind"] == "fragment"
assert [f["rule"] for f in doc["findings"]] == ["PK7001"], doc["findings"]' "$OUT"
cp "$tmp/main/conf.d/10-tune.conf" "$tmp/whole.conf"
expect_exit 1 "the same lines as a whole configuration" -- lint "$tmp/whole.conf"
check "get the startup check and the defaults' findings" bash -c 'grep -q PK0050 <<<"$0" && grep -q PK7001 <<<"$0"' "$OUT"
expect_exit 0 "--fragment makes any file a fragment" -- lint --fragment --fail-on error "$tmp/whole.conf"
check "--fragment: no startup check on defaults" bash -c '! grep -q PK0050 <<<"$0"' "$OUT"
# a file its name calls an override is laid over a base it does not hold (held-out set 30, h30b 20)
for name in postgresql.override.conf 99-overrides.conf; do
  cp "$tmp/whole.conf" "$tmp/$name"
  expect_exit 0 "$name is a fragment" -- lint --fail-on error "$tmp/$name"
  check "  ... no startup check nor default's finding" bash -c '! grep -q "PK0050\|PK7001" <<<"$0"' "$OUT"
done
cp "$tmp/whole.conf" "$tmp/overrider.conf"
expect_exit 1 "close miss: overrider.conf is a whole configuration" -- lint "$tmp/overrider.conf"
# a header that places the file in a conf.d directory makes it one too (held-out set 43, h43b
# 20 and h43c 43: "Ubicación: /etc/postgresql/16/main/conf.d/harmoni.conf"); close miss: a
# header that names include_dir describes the file that includes the directory
{ printf '# Ubicación: /etc/postgresql/16/main/conf.d/harmoni.conf\n'; cat "$tmp/whole.conf"; } >"$tmp/harmoni.conf"
expect_exit 0 "a header placing it in conf.d: a fragment" -- lint --fail-on error "$tmp/harmoni.conf"
check "  ... no startup check nor default's finding" bash -c '! grep -q "PK0050\|PK7001" <<<"$0"' "$OUT"
{ printf "# local settings; include_dir 'conf.d' adds the rest\n"; cat "$tmp/whole.conf"; } >"$tmp/main-with-dir.conf"
expect_exit 1 "close miss: a header naming include_dir 'conf.d' is the whole configuration's" -- lint "$tmp/main-with-dir.conf"
{ printf '# per-host tuning goes in conf.d/\n'; cat "$tmp/whole.conf"; printf "include_dir = 'conf.d'\n"; } >"$tmp/main-body-dir.conf"
expect_exit 1 "close miss: a conf.d header above an include_dir line is the including file" -- lint "$tmp/main-body-dir.conf"
# a file in a .d directory that a compose service runs as its config_file is the whole
# configuration (held-out set 43, h43a 11: a 410GB maintenance_work_mem hidden as a fragment's)
mkdir -p "$tmp/stack/docker/conf.d"
cp "$tmp/whole.conf" "$tmp/stack/docker/conf.d/postgresql.conf"
printf 'services:\n  db:\n    image: postgres:16\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./docker/conf.d/postgresql.conf:/etc/postgresql/postgresql.conf\n' >"$tmp/stack/docker-compose.yml"
expect_exit 1 "conf.d/postgresql.conf a compose service runs as config_file: the whole configuration" -- lint "$tmp/stack/docker/conf.d/postgresql.conf"
rm "$tmp/stack/docker-compose.yml"
expect_exit 0 "  close miss: with no compose file it stays a fragment" -- lint --fail-on error "$tmp/stack/docker/conf.d/postgresql.conf"

# --- a line overridden by a later one
printf "shared_buffers = 1GB\nwork_mem = 4MB\ninclude 'extra.conf'\nwork_mem = 4096kB\n" > "$tmp/over.conf"
printf 'shared_buffers = 2GB\n' > "$tmp/extra.conf"
expect_exit 0 "an override is a notice" -- lint --no-rules --fail-on warning "$tmp/over.conf"
check "it names both places" grep -q 'over.conf:1: notice: shared_buffers = 1GB here is overridden by extra.conf:1, which sets 2GB \[PK0024\]' <<<"$OUT"
check "the same value written another way is no override" bash -c '! grep -q "work_mem = 4MB here" <<<"$0"' "$OUT"
expect_exit 0 "sarif" -- lint --no-rules --format sarif "$tmp/over.conf"
check "sarif: the winning line is a relatedLocation" python3 -c '
import json, sys
r = [r for r in json.loads(sys.argv[1])["runs"][0]["results"] if r["ruleId"] == "PK0024"][0]
rel = r["relatedLocations"][0]["physicalLocation"]
assert rel["artifactLocation"]["uri"].endswith("extra.conf") and rel["region"]["startLine"] == 1' "$OUT"
# --- locales: off the target, the form of each name only (the same findings on every machine);
# on it (--host local, a data directory) a locale this machine lacks is a warning
printf "lc_messages = 'xx_YY.UTF-8'\n" > "$tmp/locale.conf"
expect_exit 1 "a well-formed locale is not looked up on this machine: a notice that the server must have it" -- lint --no-rules --fail-on notice "$tmp/locale.conf"
check "PK0060 says the server must have it (review 2026-12x, h25b 22)" grep -q 'notice: the locale "xx_YY.UTF-8" of lc_messages (line 1) must exist on the server' <<<"$OUT"
printf "lc_messages = 'C.UTF-8'\nlc_time = 'en_US.UTF-8'\n" > "$tmp/common.conf"
expect_exit 0 "close miss: C.UTF-8 and en_US.UTF-8, which every server and the official image have" -- lint --no-rules --fail-on notice "$tmp/common.conf"
printf "lc_messages = 'en_us.UTF-8'\nlc_monetary = 'UTF-8'\nlc_numeric = 'C'\nlc_time = 'English_United States.1252'\n" > "$tmp/badnames.conf"
expect_exit 0 "malformed locale names: a notice" -- lint --no-rules --fail-on warning "$tmp/badnames.conf"
check "malformed names give one PK0060 that lists each with its line" grep -q 'notice: the locales "en_us.UTF-8" of lc_messages (line 1), "UTF-8" of lc_monetary (line 2), "English_United States.1252" of lc_time (line 4) are not well-formed locale names for a server on Linux or another Unix' <<<"$OUT"
check "a well-formed name (C) is not listed" bash -c '! grep -q "of lc_numeric" <<<"$1"' _ "$OUT"
printf "dynamic_shared_memory_type = windows\nlc_messages = 'English_United States.1252'\nlc_time = 'en-US'\n" > "$tmp/windows.conf"
expect_exit 0 "close miss: Windows names in a file for Windows" -- lint --no-rules --fail-on warning "$tmp/windows.conf"
check "no PK0060 for Windows names where the file is for Windows" bash -c '! grep -q PK0060 <<<"$0"' "$OUT"
if ! locale -a 2>/dev/null | grep -qi '^xx_yy'; then
  expect_exit 1 "with --host local a locale missing here is a warning" -- lint --no-rules --host local "$tmp/locale.conf"
  check "PK0060 as a warning" grep -q 'warning: locale "xx_YY.UTF-8" of lc_messages (line [0-9]*) is not installed on this machine \[PK0060\]' <<<"$OUT"
  # one cause, one finding: every missing lc_* locale of the file in one PK0060
  printf "lc_messages = 'xx_YY.UTF-8'\nlc_monetary = 'xx_YY.UTF-8'\nlc_numeric = 'C'\nlc_time = 'yy_ZZ.UTF-8'\n" > "$tmp/locales.conf"
  expect_exit 1 "several missing locales on the target" -- lint --no-rules --host local "$tmp/locales.conf"
  check "several missing locales give one PK0060" test "$(grep -c 'PK0060' <<<"$OUT")" -eq 1
  check "it lists each setting with its line" grep -q 'lc_monetary (line 2), "yy_ZZ.UTF-8" of lc_time (line 4) are not installed' <<<"$OUT"
  check "an installed locale (C) is not listed" bash -c '! grep -q "of lc_numeric" <<<"$1"' _ "$OUT"
fi
done_testing
