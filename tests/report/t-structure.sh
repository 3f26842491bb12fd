#!/usr/bin/env bash
# Each format is what it claims to be: the Markdown parses with cmark-gfm (tables included) and
# has the required sections; the HTML page is self-contained; JSON matches the documented schema
# (reports/report.schema.json); SARIF validates against the SARIF 2.1.0 JSON schema.
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
confs=(tests/report/confs/validation.conf tests/report/confs/realworld-15.conf
       labs/03-wal-torture/settings.conf labs/04-no-indexes/settings.conf)

for conf in "${confs[@]}"; do
  name=$(basename "$(dirname "$conf")")-$(basename "$conf" .conf)
  "$PGKNOB" lint --pg-version 18 --format md --appendix "$conf" > "$tmp/$name.md"
  html=$(cmark-gfm --extension table "$tmp/$name.md"); rc=$?
  check "$name.md: cmark-gfm parses it" [ "$rc" -eq 0 ]
  for h2 in Verdict Counts Summary "Appendix: settings the configuration sets"; do
    check "$name.md: section \"$h2\"" grep -qF "<h2>$h2</h2>" <<<"$html"
  done
  check "$name.md: header says what, version, host, pgknob, packs" \
    bash -c 'for k in Checked PostgreSQL "Host facts" pgknob "Rule packs"; do
               grep -qF "<strong>$k:</strong>" <<<"$0" || exit 1; done' "$html"
  check "$name.md: the counts table renders as a table" grep -q '<th>Severity</th>' <<<"$html"
  n_findings=$(grep -c '^### R\{0,1\}[0-9]*\. ' "$tmp/$name.md")
  for part in "Where." "What is wrong."; do
    n=$(grep -c "^\*\*$part\*\*" "$tmp/$name.md")
    check "$name.md: every finding ($n_findings) has \"$part\" ($n)" [ "$n" -eq "$n_findings" ]
  done
  # the other sections only where they have something to say (no filler): most findings do
  for part in "Why it hurts." "What to change." "Risk of changing it."; do
    n=$(grep -c "^\*\*$part\*\*" "$tmp/$name.md")
    check "$name.md: \"$part\" in at most every finding and most ($n of $n_findings)" \
      [ "$n" -le "$n_findings" -a $((n * 2)) -ge "$n_findings" ]
  done
  # summary rows: findings in "Summary", recommendations in their own section's table
  rows=$(grep -c '^| \[R\{0,1\}[0-9]*\](#' "$tmp/$name.md")
  check "$name.md: one summary row per finding, linked to it ($rows)" [ "$rows" -eq "$n_findings" ]
  check "$name.md: every summary link has its heading in the HTML" python3 -c '
import re, subprocess, sys
md = open(sys.argv[1]).read()
html = subprocess.run([sys.argv[2], "lint", "--pg-version", "18", "--format", "html", sys.argv[3]],
                      capture_output=True, text=True).stdout
links = set(re.findall(r"\]\(#([^)]+)\)", md))
ids = set(re.findall(r"<h[23] id=\"([^\"]+)\"", html))
sys.exit(0 if links and links <= ids else 1)' "$tmp/$name.md" "$PGKNOB" "$conf"
  check "$name.md: no paragraph is repeated word for word" python3 -c '
import collections, sys
paras = [p.strip() for p in open(sys.argv[1]).read().split("\n\n")
         if len(p.strip()) > 60 and "as for [" not in p.lower()  # links back are short by design
         and not p.strip().startswith("**Where.**")]  # two findings may sit on one line
sys.exit(0 if all(n == 1 for n in collections.Counter(paras).values()) else 1)' "$tmp/$name.md"
  if grep -q '^### R1\. ' "$tmp/$name.md"; then
    check "$name.md: recommendations are their own section, after the findings" \
      bash -c 'awk "/^## Recommendations/{r=NR} /^## Findings/{f=NR} END{exit !(r && (!f || f < r))}" "$0"' "$tmp/$name.md"
  fi
done

# HTML: one page, inline CSS, no script, no external resource of any kind.
"$PGKNOB" lint --format html tests/report/confs/validation.conf > "$tmp/v.html"
check "html: doctype and inline style" bash -c 'grep -q "^<!DOCTYPE html>" "$0" && grep -q "<style>" "$0"' "$tmp/v.html"
check "html: tables rendered (GFM extension)" grep -q '<table>' "$tmp/v.html"
check "html: tables stay within the page (wrap, else scroll on their own)" bash -c 'grep -q "overflow-wrap: anywhere" "$0" && grep -q "overflow-x: auto" "$0"' "$tmp/v.html"
check "html: no script, link, img, iframe or @import" bash -c '! grep -Eqi "<script|<link|<img|<iframe|@import|url\(" "$0"' "$tmp/v.html"
check "html: only documentation, the versioning policy and cited-source links leave the page" bash -c '! grep -Eo "href=\"[^\"]*\"" "$0" | grep -v "https://www.postgresql.org/docs/\|https://www.postgresql.org/support/versioning/\|href=\"#\|https://\(byteofdev.com\|clickhouse.com\|malisper.me\|dev.to\)/" | grep -q .' "$tmp/v.html"
printf "shared_buffers = '<script>alert(1)</script>'\nwork_mem = '<b>x</b>'\n" > "$tmp/evil.conf"
"$PGKNOB" lint --format html "$tmp/evil.conf" > "$tmp/evil.html"
check "html: markup in values is escaped, never raw" bash -c '! grep -q "<script>alert" "$0" && ! grep -q "<b>x</b>" "$0"' "$tmp/evil.html"

# JSON against the documented schema, SARIF against the SARIF 2.1.0 schema.
if tests/report/node-deps.sh; then
  sarif_schema=.cache/node/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json
  for conf in "${confs[@]}" tests/report/confs/healthy.conf; do
    name=$(basename "$(dirname "$conf")")-$(basename "$conf" .conf)
    "$PGKNOB" lint --format json "$conf" > "$tmp/$name.json"
    "$PGKNOB" lint --format sarif "$conf" > "$tmp/$name.sarif"
    check "$name.json: parses" python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/$name.json"
    check "$name.json: matches reports/report.schema.json" node tests/report/validate.js reports/report.schema.json "$tmp/$name.json"
    check "$name.sarif: valid SARIF 2.1.0" node tests/report/validate.js "$sarif_schema" "$tmp/$name.sarif"
  done
  # a removed parameter's line: it applies at the start, not "a restart (a postmaster setting)"
  printf 'operator_precedence_warning = off\n' > "$tmp/removed.conf"
  md=$("$PGKNOB" lint --pg-version 14 --format md --fail-on never "$tmp/removed.conf")
  check "a removed parameter applies at the server's start (held-out review 2026-12e)" bash -c \
    'grep -q "| start |" <<<"$0" && grep -q "the corrected file applies when the server \*\*starts\*\*" <<<"$0" && ! grep "What to change.\*\* Remove the operator_precedence_warning" <<<"$0" | grep -q restart' "$md"
  # a renamed parameter the server refuses to start with: its rename applies at that start too,
  # as the removal beside it does (review 2026-12q, h18c 32); a shell's && in prose stays &&
  printf "force_parallel_mode = off\nstats_temp_directory = '/tmp/st'\narchive_mode = on\narchive_command = 'cp %%p /backups/wal/%%f'\n" > "$tmp/renamed.conf"
  md=$("$PGKNOB" lint --pg-version 18 --format md --fail-on never "$tmp/renamed.conf")
  check "a rename of a line that refuses start applies at the start, as the removal does" bash -c \
    '[ "$(grep -c "parameter not in this version.* | start |$" <<<"$0")" = 2 ]' "$md"
  check "a shell's && in the Markdown prose is written as &&, not as an entity" bash -c \
    'grep -q "test ! -f /archive/%f && cp %p" <<<"$0" && ! grep -q "&amp;" <<<"$0"' "$md"
  # an error about who may connect is a security risk in the verdict, not "data or
  # availability", and a shadowed line is a line that never applies (review 2026-12q, h18d 41);
  # the hidden line is behind a scram-sha-256 line, since a line hidden by the trust line is
  # named in that line's finding instead
  mkdir -p "$tmp/hbav"; printf 'local all all peer\nhost all all 0.0.0.0/0 trust\nhost all all fd00::/8 scram-sha-256\nhost all alice fd00:1::/32 md5\n' > "$tmp/hbav/pg_hba.conf"
  md=$("$PGKNOB" lint --format md --fail-on never "$tmp/hbav/pg_hba.conf")
  check "verdict: trust from any address puts security at risk; the shadowed line never applies" bash -c \
    'grep -q "1 setting puts security at risk" <<<"$0" && ! grep -q "data or availability" <<<"$0" &&
     grep -q "about pg_hba lines that never apply" <<<"$0"' "$(sed -n '/## Verdict/,+3p' <<<"$md")"
  # a purpose the file shows (PK0090, purpose_source "file"), outside any repository
  mkdir -p "$tmp/test-db"; printf 'fsync = off\n' > "$tmp/test-db/postgresql.conf"
  "$PGKNOB" lint --format json --fail-on never "$tmp/test-db/postgresql.conf" > "$tmp/purpose.json"
  check "a purpose from the file's path: purpose_source is file" test "$(jq -r .purpose_source "$tmp/purpose.json")" = file
  check "... and the report matches reports/report.schema.json" node tests/report/validate.js reports/report.schema.json "$tmp/purpose.json"
  echo '{"version": "2.1.0", "runs": [{"tool": {"driver": {}}, "results": []}]}' > "$tmp/broken.sarif"
  check "the SARIF validator rejects a run without a driver name" bash -c '! node tests/report/validate.js "$0" "$1" >/dev/null' "$sarif_schema" "$tmp/broken.sarif"
  "$PGKNOB" lint --format json tests/report/confs/validation.conf | sed 's/"severity": "error"/"severity": "fatal"/' > "$tmp/broken.json"
  check "the JSON validator rejects an unknown severity" bash -c '! node tests/report/validate.js reports/report.schema.json "$0" >/dev/null' "$tmp/broken.json"
else
  fail "could not install the JSON Schema validator (tests/report/node-deps.sh)"
fi
for f in "$tmp"/*.sarif; do
  [ -f "$f" ] || continue
  [ "$(basename "$f")" = broken.sarif ] && continue
  check "$(basename "$f"): every result's ruleIndex points at its rule, every line >= 1" python3 -c '
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
rules = run["tool"]["driver"]["rules"]
ok = all(rules[r["ruleIndex"]]["id"] == r["ruleId"] and
         all(l["physicalLocation"]["region"]["startLine"] >= 1 for l in r.get("locations", []))
         for r in run["results"])
sys.exit(0 if ok and len({r["id"] for r in rules}) == len(rules) else 1)' "$f"
done
sarif=$("$PGKNOB" lint --format sarif tests/report/confs/validation.conf)
check "sarif: results located at file and line" jq -e '[.runs[0].results[].locations[0].physicalLocation | select(.artifactLocation == {"uri": "tests/report/confs/validation.conf", "uriBaseId": "%SRCROOT%"} and .region.startLine == 2)] | length == 1' <<<"$sarif"
check "sarif: rule metadata has help, helpUri and default level" jq -e '.runs[0].tool.driver.rules | any(.help.text and .helpUri and .defaultConfiguration == {"level": "error"})' <<<"$sarif"
check "sarif: suppressed findings carry an inSource suppression with the reason" jq -e '[.runs[0].results[].suppressions // [] | .[] | select(. == {"kind": "inSource", "justification": "migrated file, fixed in OPS-42"})] | length == 1' <<<"$sarif"
# a suggestion in words takes what its first remedy takes, and says what its alternative takes:
# PK2002's "lower work_mem or max_connections" applies on reload, and lowering max_connections,
# a postmaster setting, needs a restart (set 5, h5a file 11; set 8, review-rwb)
printf 'shared_buffers = 256MB\nwork_mem = 16MB\nmax_connections = 50\n' > "$tmp/words.conf"
md=$("$PGKNOB" lint --pg-version 17 --host ram=1GB --format md "$tmp/words.conf")
check "md: PK2002's change in words applies on reload, and max_connections instead on a restart" \
  bash -c 'sed -n "/^### 1\. PK2002/,/^### [0-9]/p" <<<"$1" | grep -q "reload\*\* applies it.* Changing \`max_connections\` instead needs a \*\*restart\*\*"' _ "$md"

# --- the Markdown's words follow each finding's own facts (issue 24, set 5 reviews) ---
w="$tmp/words"; mkdir -p "$w"
mdlint() { "$PGKNOB" lint --fail-on never --format md "$@" 2>/dev/null; }
verdict() { sed -n '/^## Verdict/,/^## Counts/p' <<<"$1"; }
printf "data_directory = '/var/lib/postgresql/9.3/main'\nshared_buffers = 1GB\n" >"$w/eol.conf"
printf "archive_mode = on\narchive_command = 'cp %%p /arch/%%f'\n" >"$w/arch.conf"
printf "shared_buffers = 1GB\nmax_connections = 200\nwork_mem = 24MB\n" >"$w/mem.conf"
md=$(mdlint "$w/eol.conf")
check "verdict: an end-of-life warning is about support status, not a cost under load" bash -c \
  'grep -q "warning is about support status" <<<"$0" && ! grep -q "under load" <<<"$0"' "$(verdict "$md")"
md=$(mdlint --pg-version 17 "$w/arch.conf")
check "verdict: an archive_command warning is about the WAL, not a cost under load" bash -c \
  'grep -q "warning is about the WAL and archiving" <<<"$0" && ! grep -q "under load" <<<"$0"' "$(verdict "$md")"
check "PK3028 applies after a reload: archive_command is sighup (archive_mode, postmaster, is context)" \
  bash -c 'grep -q "^| \[1\](#1-pk3028.* | reload |$" <<<"$0" &&
    awk "/^### 1\\. PK3028/,/^## Recommendations/" <<<"$0" | grep -q "A \*\*reload\*\* applies it" &&
    ! awk "/^### 1\\. PK3028/,/^## Recommendations/" <<<"$0" | grep -q "restart"' "$md"
md=$(mdlint --pg-version 17 --host ram=5GB "$w/mem.conf")
check "verdict: a memory warning is still a cost under load" \
  grep -q "1 setting is likely to cost performance or stability under load" <<<"$(verdict "$md")"
printf "include_dir = 'conf.d.absent'\n" >"$w/incdir.conf"
check "a missing include_dir is titled by what happened, not 'unreadable configuration file'" bash -c \
  'grep -q "^### 1\. PK0002 [a-z]*: include directory missing$" <<<"$0" && ! grep -q "unreadable configuration file" <<<"$0"' \
  "$(mdlint --pg-version 17 "$w/incdir.conf")"
printf "data_directory = '/srv/pg/data'\nident_file = '/srv/pg/ident.conf'\nshared_preload_libraries = 'pg_cron'\n" >"$w/host.conf"
md=$(mdlint --pg-version 17 "$w/host.conf")
ident=$(awk '/^### .*PK0061/ {s = /ident_file|depends/} s' <<<"$md" | awk '/ident_file points to/,/^\*\*What to change/')
check "PK0061 ident_file: its own 'why it hurts' (the server starts), no other finding's" bash -c \
  'grep -q "Why it hurts.\*\* This setting names a file on the server host.*does not stop the server" <<<"$0" &&
   ! grep -q "As for \[finding\|pg_cron\|stops at startup" <<<"$0"' "$ident"
check "PK0061 data_directory and the library each say what their absence does" bash -c \
  'grep -q "names a path on the server host.*stops at startup" <<<"$0" &&
   grep -q "names a library in the server.s .\$libdir." <<<"$0"' "$md"
printf "lc_messages = 'xx_YY.UTF-8'\n" >"$w/locale.conf"
md=$(mdlint --pg-version 17 --host local "$w/locale.conf")
check "a command quoted in a finding's text is a code span, not escaped backticks" bash -c \
  'grep -qF "(\`locale -a\` lists them)" <<<"$0" && ! grep -qF "\\\`" <<<"$0"' "$md"
check "... and cmark-gfm renders it as code" grep -qF "<code>locale -a</code>" <<<"$(cmark-gfm --extension table <<<"$md")"
printf "compute_query_id = on\nvacuum_cleanup_index_scale_factor = 0.1\ndb_user_namespace = off\nstats_temp_directory = 'pg_stat_tmp'\n" >"$w/removed.conf"
md=$(mdlint "$w/removed.conf")
n18=$("$PGKNOB" lint --fail-on never --format json "$w/removed.conf" | jq '[.findings[] | select(.rule == "PK0011")] | length')
check "verdict: the lines 18 refuses are counted from the findings, notices of an unsaid major too ($n18)" bash -c \
  'grep -q "PostgreSQL 18 would refuse $1 of its lines" <<<"$0" && grep -q "2 of them name parameters only older majors have: not errors" <<<"$0"' \
  "$(verdict "$md")" "$n18"
# two majors named (15, 16) and a parameter 16 still has: the file does not say its major
printf "data_directory = '/var/lib/postgresql/15/main'\ncluster_name = '16/main'\ndb_user_namespace = off\n" >"$w/removed1.conf"
check "verdict: a file whose only refused line is a notice says so, without 'Do not deploy'" bash -c \
  'grep -q "PostgreSQL 18 would refuse 1 of its lines, which names a parameter only older majors have: not an error" <<<"$0" &&
   ! grep -q "Do not deploy" <<<"$0"' "$(verdict "$(mdlint "$w/removed1.conf")")"
# a report written with another gate says what the default gate decides (review 2026-12k)
printf 'fsync = off\n' >"$w/gate.conf"
check "verdict: under --fail-on never, the default gate's verdict too" bash -c \
  'grep -q "The default gate, \`--fail-on warning\`, fails it (exit 1)." <<<"$0"' "$(verdict "$(mdlint "$w/gate.conf")")"
check "  ... close miss: the default gate itself is not said twice" bash -c \
  '! grep -q "The default gate" <<<"$0"' "$(verdict "$("$PGKNOB" lint --format md "$w/gate.conf" 2>/dev/null)")"
# one unsafe reason shared by several fixes is written once, then linked (h12b 24: four times)
printf 'checkpoint_segments = 32\nwal_keep_segments = 64\ncheckpoint_completion_target = 0.5\nlog_checkpoints = off\n' >"$w/oldfix.conf"
check "a fix-safety reason said before is a link to where it was said" bash -c \
  'test "$(grep -c "was written for PostgreSQL 9.4 or older" <<<"$0")" -ge 1 && grep -q "Fix safety:\* as for \[finding " <<<"$0"' "$(mdlint "$w/oldfix.conf")"
done_testing
