#!/usr/bin/env bash
# Suppressions, baseline, project configuration (.pgknob.ini) and -o: what they do to a run and
# how their mistakes are reported (file:line, exit 2).
source "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

# --- inline suppressions -------------------------------------------------------------------
cat > sup.conf <<'CONF'
shared_buffer = 1GB
work_mem = 4mb  # pgknob: ignore PK0020 — legacy units, fixed in OPS-42
# pgknob: ignore PK0010 — a custom build knows this name
max_conection = 100
# pgknob: ignore PK9999 — names another rule: silences nothing
maintenance_work_mem = 1XB
# pgknob: ignore PK0020
effective_cache_size = 1XB
temp_buffers = 1XB
# pgknob: ignore validation.invalid-value — by rule name
wal_buffers = 1XB
CONF
expect_exit 1 "suppressed run still fails on the rest" -- "$PGKNOB" lint sup.conf
check "unsuppressed: the misspelling on line 1" grep -q '^sup.conf:1: error' <<<"$OUT"
check "a trailing pragma silences its own line" bash -c '! grep -q "^sup.conf:2:" <<<"$0"' "$OUT"
check "an own-line pragma silences the next line" bash -c '! grep -q "^sup.conf:4:" <<<"$0"' "$OUT"
check "a pragma for another rule silences nothing" grep -q '^sup.conf:6: error' <<<"$OUT"
check "a pragma covers one line only" grep -q '^sup.conf:9: error' <<<"$OUT"
check "a pragma may name the rule by name" bash -c '! grep -q "^sup.conf:11:" <<<"$0"' "$OUT"
check "the count says how many were suppressed" grep -q '(4 suppressed)' <<<"$OUT"
json=$("$PGKNOB" lint --format json sup.conf)
check "json: summary.suppressed" grep -q '"suppressed": 4,' <<<"$json"
check "json: the reason is kept" grep -q '"suppress_reason": "legacy units, fixed in OPS-42"' <<<"$json"
md=$("$PGKNOB" lint --format md sup.conf)
check "md: suppressed section lists reasons" bash -c 'grep -q "^## Suppressed findings (4)" <<<"$0" && grep -q "a custom build knows this name" <<<"$0" && grep -q "no reason given" <<<"$0"' "$md"
check "md: counts table shows suppressed per severity" bash -c 'grep -q "^| Findings | 3 |" <<<"$0" && grep -q "^| Suppressed | 4 |" <<<"$0"' "$md"
printf 'shared_buffer = 1GB  # pgknob: ignore PK0010 — only typo here\n' > all.conf
expect_exit 0 "every finding suppressed: exit 0" -- "$PGKNOB" lint all.conf

# --- file-wide suppressions (# pgknob: ignore-file) -----------------------------------------
mkdir -p fw
cat > fw/main.conf <<'CONF'
shared_buffer = 1GB
max_conection = 10
work_mem = 4mb
include 'inc.conf'
# pgknob: ignore-file PK0010, observability.track-io-timing-off — vendored file, reviewed in OPS-7
CONF
printf 'shared_bufferz = 1GB\n# pgknob: ignore-files PK0020\n' > fw/inc.conf
json=$("$PGKNOB" lint --format json fw/main.conf)
check "ignore-file: silences its rules on every line of its file, before and after it" \
  jq -e '[.findings[] | select(.rule == "PK0010" and .file == "fw/main.conf" and .suppressed and .suppress_reason == "vendored file, reviewed in OPS-7")] | length == 2' <<<"$json"
check "ignore-file: an included file is not covered" \
  jq -e 'any(.findings[]; .rule == "PK0010" and .file == "fw/inc.conf" and (.suppressed | not))' <<<"$json"
check "ignore-file: other rules of the file are not covered" \
  jq -e 'any(.findings[]; .rule == "PK0020" and (.suppressed | not))' <<<"$json"
check "ignore-file: a finding with no line (a default) is covered by its top file's pragma (rule by name)" \
  jq -e 'any(.findings[]; .rule == "PK7001" and .line == 0 and .suppressed)' <<<"$json"
check "ignore-files (a misspelling) is not a pragma" jq -e '.summary.suppressed == 3' <<<"$json"
printf 'shared_buffer = 1GB\n# pgknob: ignore-file PK0010\n' > fw/only.conf
expect_exit 0 "ignore-file of the only failing rule: exit 0" -- "$PGKNOB" lint --no-rules fw/only.conf
check "  ... and the text count says it" grep -q '(1 suppressed)' <<<"$OUT"
"$PGKNOB" lint --no-rules --format sarif fw/only.conf > fw/only.sarif
check "ignore-file: SARIF marks the result suppressed in source" \
  jq -e '.runs[0].results[0].suppressions[0].kind == "inSource"' fw/only.sarif

# --- baseline -------------------------------------------------------------------------------
printf 'shared_buffer = 1GB\nwork_mem = 4mb\n' > base.conf
"$PGKNOB" lint --no-rules --format json -o baseline.json base.conf
check "-o baseline.json writes JSON (format from the extension)" grep -q '"tool": "pgknob"' baseline.json
expect_exit 0 "nothing new since the baseline: exit 0" -- "$PGKNOB" lint --no-rules --baseline baseline.json base.conf
check "text says no findings" grep -q '^0 errors' <<<"$OUT"
printf '# a new comment moves every line down\n\nshared_buffer = 1GB\nwork_mem = 4mb\nfsync = maybe\n' > base.conf
expect_exit 1 "a new finding after lines moved: exit 1" -- "$PGKNOB" lint --no-rules --baseline baseline.json base.conf
check "only the new finding is reported" bash -c 'grep -q "^base.conf:5: error" <<<"$0" && ! grep -q "^base.conf:3:" <<<"$0" && ! grep -q "^base.conf:4:" <<<"$0"' "$OUT"
json=$("$PGKNOB" lint --no-rules --format json --baseline baseline.json base.conf)
check "json: summary.baseline_known" grep -q '"baseline_known": 2,' <<<"$json"
md=$("$PGKNOB" lint --no-rules --format md --baseline baseline.json base.conf)
check "md: header names the baseline" grep -q 'Baseline:\*\* `baseline.json` (2 known findings left out)' <<<"$md"
printf 'shared_buffer = 1GB\nshared_buffer = 2GB\n' > twice.conf
mkdir one && printf 'shared_buffer = 1GB\n' > one/twice.conf
"$PGKNOB" lint -o single.json --format json one/twice.conf
expect_exit 1 "a baseline entry matches one finding only (file matched by base name)" -- "$PGKNOB" lint --baseline single.json twice.conf
check "the second occurrence is new" grep -q '^1 error' <<<"$OUT"
echo '{"tool": "pgknob", "findings": [' > broken.json
expect_exit 2 "a broken baseline: exit 2" -- "$PGKNOB" lint --baseline broken.json base.conf
check "its error names the file and line" grep -q 'broken.json: line 2: invalid JSON: .*end of file' <<<"$ERR"
echo '{"tool": "other", "findings": []}' > other.json
expect_exit 2 "a JSON file that is not a pgknob report: exit 2" -- "$PGKNOB" lint --baseline other.json base.conf
expect_exit 2 "a missing baseline: exit 2" -- "$PGKNOB" lint --baseline nope.json base.conf

# --- .pgknob.ini ----------------------------------------------------------------------------
mkdir proj && cd proj
printf 'shared_buffers = 1GB\nwal_keep_segments = 10\nmax_conection = 5\nsort_mem = 1MB\n' > postgresql.conf
expect_exit 1 "without a project configuration: fails" -- "$PGKNOB" lint postgresql.conf
cat > .pgknob.ini <<'INI'
; project defaults for CI
[pgknob]
pg_version = 17
fail_on = error
disable = PK0010
redact = listen_addresses

[severity]
PK0011 = notice
INI
expect_exit 0 "./.pgknob.ini applies: fail_on error, PK0011 lowered to notice" -- "$PGKNOB" lint postgresql.conf
check "PK0011 is reported as a notice" grep -q 'postgresql.conf:2: notice:' <<<"$OUT"
check "disabled PK0010 is gone" bash -c '! grep -q PK0010 <<<"$0"' "$OUT"
check "pg_version 17 from the file" grep -q 'for PostgreSQL 17' <<<"$OUT"
expect_exit 1 "the command line wins over the file (--fail-on notice)" -- "$PGKNOB" lint --fail-on notice postgresql.conf
expect_exit 0 "--pg-version on the command line wins" -- "$PGKNOB" lint --pg-version 16 postgresql.conf
check "PostgreSQL 16 used" grep -q 'for PostgreSQL 16' <<<"$OUT"
# SARIF: the rule table keeps the rule's own level, each result carries the overridden one
"$PGKNOB" lint --format sarif postgresql.conf > over.sarif
check "sarif: PK0011's rule keeps its own default level (error)" \
  jq -e '.runs[0].tool.driver.rules[] | select(.id == "PK0011") | .defaultConfiguration.level == "error"' over.sarif
check "sarif: PK0011's result has the overridden level (note)" \
  jq -e '[.runs[0].results[] | select(.ruleId == "PK0011") | .level] | length > 0 and all(. == "note")' over.sarif
check "sarif: a rule without an override keeps one level in both places (PK0012 note)" \
  jq -e '(.runs[0].tool.driver.rules[] | select(.id == "PK0012") | .defaultConfiguration.level == "note") and
         ([.runs[0].results[] | select(.ruleId == "PK0012") | .level] | all(. == "note"))' over.sarif
md=$("$PGKNOB" lint --format md postgresql.conf)
check "md: header names the project configuration" grep -q 'Project configuration:\*\* `.pgknob.ini`' <<<"$md"
mkdir ../elsewhere && cp .pgknob.ini ../elsewhere/team.ini && cd ../elsewhere
printf 'max_conection = 5\n' > pg.conf
expect_exit 1 "no .pgknob.ini here: PK0010 fires" -- "$PGKNOB" lint pg.conf
expect_exit 0 "--config FILE applies it" -- "$PGKNOB" lint --config team.ini pg.conf

bad_ini() { # name, expected "file:line", ini text
  printf '%b' "$3" > "$1.ini"
  expect_exit 2 "bad .pgknob.ini ($1): exit 2" -- "$PGKNOB" lint --config "$1.ini" pg.conf
  check "bad .pgknob.ini ($1): error at $2" grep -q "^pgknob: error: $2: " <<<"$ERR"
}
bad_ini unknown-key "unknown-key.ini:3" '[pgknob]\nfail_on = error\ncolour = blue\n'
bad_ini unknown-section "unknown-section.ini:2" '\n[rules]\nx = 1\n'
bad_ini bad-severity "bad-severity.ini:4" '[severity]\nPK0010 = error\n\nPK0011 = fatal\n'
bad_ini bad-fail-on "bad-fail-on.ini:2" '[pgknob] \nfail_on = sometimes\n'
bad_ini bad-version "bad-version.ini:2" '[pgknob]\npg_version = 12\n'
bad_ini no-section "no-section.ini:1" 'fail_on = error\n'
bad_ini syntax "syntax.ini:3" '[pgknob]\nfail_on = error\nthis line has no equals sign\n'
bad_ini unclosed "unclosed.ini:1" '[pgknob\n'
bad_ini host "host.ini:3" '[host]\nram = 16GB\nstorage = floppy\n'
bad_ini host-unit "host-unit.ini:2" '[host]\nram = 16 GJ\n'
printf '[host]\nram = 16GiB\n' > host-iec.ini
expect_exit 1 "[host] ram takes the sizes --host takes (16GiB)" -- "$PGKNOB" lint --config host-iec.ini pg.conf
bad_ini long-line "long-line.ini:2" "[pgknob]\nredact = $(printf 'a%.0s' $(seq 1 250))\n"
check "a hint follows the error" grep -q '^hint: Split the value over continuation lines' <<<"$ERR"
bad_ini inline-comment "inline-comment.ini:2" '[pgknob]\nfail_on = never ;typo\n'
check "an inline ; comment is named, not taken as never" grep -q 'starts an INI inline comment' <<<"$ERR"
bad_ini hash-comment "hash-comment.ini:3" '[pgknob]\nfail_on = error\nredact = token # ours\n'
bad_ini continued-comment "continued-comment.ini:3" '[pgknob]\ndisable = PK0010,\n  PK0011 ;later\n'
bad_ini twice "twice.ini:3" '[pgknob]\npg_version = 17\npg_version = 18\n'
printf '[pgknob]\nfail_on = error\n\0\n' > nul.ini
expect_exit 2 "a NUL byte in .pgknob.ini: exit 2" -- "$PGKNOB" lint --config nul.ini pg.conf
check "a NUL byte: error at its line" grep -q '^pgknob: error: nul.ini:3: ' <<<"$ERR"
expect_exit 2 "--config of a missing file: exit 2" -- "$PGKNOB" lint --config missing.ini pg.conf
printf '[pgknob]\ndisable = PK0010,\n  PK0011\n' > multi.ini
printf 'max_conection = 5\nstats_temp_directory = '"'"'x'"'"'\n' > two.conf
expect_exit 0 "a list continued on an indented line" -- "$PGKNOB" lint --pg-version 16 --config multi.ini two.conf

# --- -o and format inference ----------------------------------------------------------------
for ext in md html json sarif txt; do
  "$PGKNOB" lint -o "out.$ext" pg.conf >stdout.txt 2>/dev/null
  check "-o out.$ext: nothing on stdout" [ ! -s stdout.txt ]
done
check "-o out.md is Markdown" grep -q '^# PostgreSQL configuration review' out.md
check "-o out.html is HTML" grep -q '^<!DOCTYPE html>' out.html
check "-o out.json is JSON" grep -q '"tool": "pgknob"' out.json
check "-o out.sarif is SARIF" grep -q '"version": "2.1.0"' out.sarif
check "-o out.txt is text" grep -q '^pg.conf:1: error' out.txt
"$PGKNOB" lint -o report.unknown pg.conf
check "-o with another extension: Markdown" grep -q '^# PostgreSQL configuration review' report.unknown
"$PGKNOB" lint --format json -o forced.md pg.conf
check "--format wins over the extension" grep -q '"tool": "pgknob"' forced.md
expect_exit 1 "the exit code does not change with -o" -- "$PGKNOB" lint -o x.md pg.conf
expect_exit 2 "-o into a missing directory: exit 2" -- "$PGKNOB" lint -o no/such/dir/r.md pg.conf
check "-o error message" grep -q 'could not write "no/such/dir/r.md": No such file or directory' <<<"$ERR"
expect_exit 1 "-o FILE: a one-line summary still goes to stderr" -- "$PGKNOB" lint -o summary.xml pg.conf
check "  ... with the counts and where the report went" \
  grep -qx 'pgknob: [0-9]* errors\?, [0-9]* warnings\?, .* in 1 file (written to summary.xml)' <<<"$ERR"
check "  ... the counts are the report's" bash -c 'grep -q "^pgknob: $(xmllint --xpath "count(//failure[@type=\"error\"])" summary.xml) error" <<<"$0"' "$ERR"
check "  ... and nothing on stdout" test -z "$OUT"
expect_exit 0 "-o FILE of a clean run: the summary says so" -- "$PGKNOB" lint --no-rules -o clean.md "$tmp/fw/only.conf"
check "  ... 0 errors, 1 suppressed" grep -qx 'pgknob: 0 errors, 0 warnings, 0 notices, 0 recommendations (1 suppressed) in 1 file (written to clean.md)' <<<"$ERR"
expect_exit 0 "without -o, no summary on stderr" -- "$PGKNOB" lint --no-rules "$tmp/fw/only.conf"
check "  ... stderr is empty" test -z "$ERR"
expect_exit 2 "-o onto an input: refused, and no summary" -- "$PGKNOB" lint -o pg.conf pg.conf
check "  ... only the error" bash -c '! grep -q "written to" <<<"$0"' "$ERR"
gh=$("$PGKNOB" lint --format github pg.conf)
check "github: ::error with file, line and title" grep -q '^::error file=pg.conf,line=1,title=PK0010 unknown parameter (refuses start)::' <<<"$gh"
done_testing
