#!/usr/bin/env bash
# Reports that respect the reader (issue #24, section 4): a Markdown or HTML report of one finding
# fits in 80 lines and one of 15 in 300 (in between, and beyond, the same slope), on every file
# of the real-world corpus, with and without host facts; lists that are not findings are
# opt-in; "Applies after" is the suggested parameter's; Write never shows the value already
# there nor an example; Markdown is escaped only where Markdown needs it.
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
realworld="$(realworld_dir)" || { fail "the real-world corpus: not found"; done_testing; exit 1; }

limit() { # findings [suppressed] -> lines: a suppressed finding is one line of its own
  # section, which with its heading, sentence and blanks and the summary table's row is 6 more
  local n="$1" sup="${2:-0}" extra=0
  [ "$sup" -gt 0 ] && extra=$((6 + sup))
  [ "$n" -le 1 ] && { echo $((80 + extra)); return; }
  echo $(( 80 + (220 * (n - 1) + 13) / 14 + extra ))
}
over=() n_checked=0 worst=0 worst_what=""
for conf in "$realworld"/*.conf; do
  for host in "" "ram=16GB,cores=8,storage=ssd" "ram=2GB,cores=2,storage=hdd"; do
    args=(--fail-on never --pg-version 18 ${host:+--host "$host"})
    json=$("$PGKNOB" lint "${args[@]}" --format json "$conf")
    n=$(jq '[.findings[] | select(.suppressed | not)] | length' <<<"$json")
    lim=$(limit "$n" "$(jq '[.findings[] | select(.suppressed)] | length' <<<"$json")")
    for fmt in md html; do
      lines=$("$PGKNOB" lint "${args[@]}" --format "$fmt" "$conf" | wc -l)
      n_checked=$((n_checked + 1))
      pct=$(( lines * 100 / lim ))
      [ "$pct" -gt "$worst" ] && { worst=$pct; worst_what="$(basename "$conf") $fmt ${host:-no host}: $lines of $lim"; }
      [ "$lines" -gt "$lim" ] && over+=("$(basename "$conf") $fmt ${host:-no host}: $lines lines for $n findings (limit $lim)")
    done
  done
done
if [ ${#over[@]} -eq 0 ]; then
  ok "all $n_checked reports of the real-world corpus within the limits (fullest: $worst_what)"
else
  fail "${#over[@]} of $n_checked reports too long: ${over[*]:0:3}"
fi

# one finding: 80 lines at most
printf 'log_autovacuum_min_duration = 0\n' >"$tmp/one.conf"
for fmt in md html; do
  lines=$("$PGKNOB" lint --format "$fmt" --disable PK7001,PK7004,PK7005 "$tmp/one.conf" | wc -l)
  [ "$lines" -le 80 ] && ok "$fmt of one finding: $lines lines" || fail "$fmt of one finding: $lines lines (limit 80)"
done

# the settings appendix is opt-in; the skipped rules are one line per kind, not a table
"$PGKNOB" lint --format md "$tmp/one.conf" >"$tmp/one.md"
! grep -q '^## Appendix' "$tmp/one.md" && grep -q -- '`--appendix`' "$tmp/one.md" &&
  ok "the settings appendix is opt-in, and the footer says how" || fail "the appendix is not opt-in"
"$PGKNOB" lint --format md --appendix "$tmp/one.md" >/dev/null 2>&1
"$PGKNOB" lint --format md --appendix "$tmp/one.conf" | grep -q '^## Appendix: settings the configuration sets' &&
  ok "--appendix adds it" || fail "--appendix does not add the appendix"
[ "$(grep -c '^- Host facts: give them with `--host`.*: PK[0-9]* (host\.' "$tmp/one.md")" = 1 ] &&
  ! grep -q '^| Rule | Title | Needs |' "$tmp/one.md" &&
  ok "skipped rules: one line per kind" || fail "skipped rules are not one line per kind"

# Applies after: the suggested parameter's context (archive_command and ssl on reload)
printf "archive_mode = on\n" >"$tmp/arch.conf"
"$PGKNOB" lint --format md "$tmp/arch.conf" | grep -E '^\| \[1\]' | grep -q '| reload |$' &&
  ok "archive_mode on, archive_command empty: applies after a reload (archive_command)" ||
  fail "the archive_command finding does not apply on reload"
printf "listen_addresses = '*'\nssl = off\n" >"$tmp/ssl.conf"
"$PGKNOB" lint --format md "$tmp/ssl.conf" | grep -E '^\| \[[0-9]+\]' | grep 'PK8003' | grep -q '| reload |$' &&
  ok "ssl = off: applies after a reload" || fail "ssl does not apply on reload"

# Write: never the value already there, never an example address
"$PGKNOB" lint --format md "$tmp/ssl.conf" >"$tmp/ssl.md"
! grep -qE "Write \`listen_addresses = 'localhost, 10\.0\.0\.5'\`" "$tmp/ssl.md" &&
  ! grep -qE "^\| \[[0-9]+\].*\`listen_addresses = 'localhost, 10\.0\.0\.5'\`" "$tmp/ssl.md" &&
  ok "the example address of PK8006 is not presented as a line to write" ||
  fail "an example address is presented as advice"
"$PGKNOB" lint --format md "$tmp/arch.conf" | grep -q 'Write `archive_command' &&
  fail "a /path/to/ placeholder is presented as a line to write" ||
  ok "a /path/to/ placeholder is not a line to write"
printf 'max_connections = 10000\nwork_mem = 4MB\n' >"$tmp/mem.conf"
"$PGKNOB" lint --format md --host ram=16GB "$tmp/mem.conf" >"$tmp/mem.md"
! grep -qE 'Write `work_mem = 4MB`|`work_mem = 4MB` \| (restart|reload)' "$tmp/mem.md" &&
  ok "Write never shows the value already there (work_mem = 4MB)" || fail "Write shows work_mem = 4MB, the current value"

# Markdown escaped only where it needs it, in reports and in rules show when piped
printf 'effective_io_concurrency = 1\n' >"$tmp/eic.conf"
"$PGKNOB" lint --pg-version 16 --host storage=ssd --format md "$tmp/eic.conf" >"$tmp/eic.md"
! grep -qF '\_' "$tmp/eic.md" && ! grep -qF '\-' "$tmp/eic.md" &&
  ok "the report escapes no intraword _ and no mid-line -" || fail "needless escapes: $(grep -m2 -F -e '\_' -e '\-' "$tmp/eic.md")"
grep -qF 'from --pg-version' "$tmp/eic.md" && ok "--pg-version as written" || fail "--pg-version escaped"
"$PGKNOB" rules show PK1011 | cat >"$tmp/show.md"
! grep -qF 'effective\_io\_concurrency' "$tmp/show.md" && ! grep -qF '\(' "$tmp/show.md" && ! grep -qF '\-' "$tmp/show.md" &&
  grep -qF 'effective_io_concurrency' "$tmp/show.md" &&
  ok "rules show piped: effective_io_concurrency as written" || fail "rules show escapes: $(grep -m1 -F '\' "$tmp/show.md")"
printf "shared_buffers = '*x* _y_ [z](u) <b>'\n" >"$tmp/markup.conf"
"$PGKNOB" lint --format html "$tmp/markup.conf" | grep -q '<em>x</em>\|<em>y</em>\|<a href="u"\|<b>' &&
  fail "markup in a value is rendered" || ok "markup in a value still renders as text"
# No section of filler (reviews h3a, h3b, rwa): a finding with nothing to explain, change or
# weigh gets no "Why it hurts", "What to change" or "Risk" that says nothing, and so no "As for
# finding N" that points at one. The shapes reviewers read: a file whose paths name an old major,
# a module's placeholder, a line a later one overrides, a restart-only parameter.
cat >"$tmp/shapes.conf" <<'CONF'
data_directory = '/var/lib/postgresql/9.6/main'
myext.mode = 'fast'
work_mem = 8MB
work_mem = 16MB
listen_addresses = '*'
CONF
for fmt in md html; do
  "$PGKNOB" lint --fail-on never --format "$fmt" "$tmp/shapes.conf" >"$tmp/shapes.$fmt"
  ! grep -qE "PostgreSQL accepts this line as written|proposes no value here|gives no explanation|Change one setting at a time" "$tmp/shapes.$fmt" &&
    ok "$fmt: no filler section" || fail "$fmt: filler: $(grep -m1 -oE 'PostgreSQL accepts this line as written|proposes no value here|gives no explanation|Change one setting at a time' "$tmp/shapes.$fmt")"
done
grep -qE '^### [0-9]+\. PK0004' "$tmp/shapes.md" && grep -qE '^### [0-9]+\. PK0024' "$tmp/shapes.md" &&
  ok "the shapes' findings are there (PK0004, PK0024)" || fail "the shapes fixture lost its findings"
! grep -qE 'As for \[finding [0-9]+\]' "$tmp/shapes.md" || {
  # a back-reference is fine only to a section that says something of its own
  grep -qE '^\*\*(Why it hurts|Risk of changing it)\.\*\* [A-Z]' "$tmp/shapes.md" &&
    ok "back-references point at real text" || fail "a back-reference points at filler"
}

# Once per report (reviews rwa, rwb, h6c: "repeated", "padding"): what every restart risks, and
# a secondary source's case (a blog post, a talk), are said at the first finding they concern;
# later findings neither repeat them nor point back at them.
repeats=()
for conf in "$realworld"/*.conf; do
  "$PGKNOB" lint --fail-on never --pg-version 18 --format md "$conf" >"$tmp/once.md" 2>/dev/null
  n_restart=$(grep -o 'The restart drops every connection' "$tmp/once.md" | wc -l)
  n_pointer=$(grep -o "The same source's case is told under" "$tmp/once.md" | wc -l)
  n_cited=$(grep -oE 'Making Postgres 42,000x slower|Postgres Isn.t Slow. Your Storage Is' "$tmp/once.md" | sort | uniq -c | awk '$1 > 1' | wc -l)
  [ "$n_restart" -le 1 ] && [ "$n_pointer" -eq 0 ] && [ "$n_cited" -eq 0 ] ||
    repeats+=("$(basename "$conf"): restart text ${n_restart}x, pointers ${n_pointer}, sources cited twice ${n_cited}")
done
[ ${#repeats[@]} -eq 0 ] &&
  ok "every real-world report says the restart risk and each anecdote once, with no pointer back" ||
  fail "${#repeats[@]} reports repeat: ${repeats[*]:0:3}"
printf 'shared_buffers = 1GB\nmax_connections = 20\nwal_level = logical\nwal_log_hints = on\ncheckpoint_timeout = 30s\nwal_writer_delay = 1ms\nwal_writer_flush_after = 0\n' >"$tmp/restarts.conf"
"$PGKNOB" lint --fail-on never --format md "$tmp/restarts.conf" >"$tmp/restarts.md"
[ "$(grep -c '^\*\*Risk of changing it\.\*\*' "$tmp/restarts.md")" -ge 2 ] &&
  [ "$(grep -o 'The restart drops every connection' "$tmp/restarts.md" | wc -l)" -eq 1 ] &&
  ok "several restart findings: the restart risk once" ||
  fail "restart risk: $(grep -o 'The restart drops every connection' "$tmp/restarts.md" | wc -l) times in $(grep -c '^\*\*Risk' "$tmp/restarts.md") risks"

# "X instead of X" is filler (PK2002 on 13, where hash_mem_multiplier is 1): a comparison is
# written only when its two sides differ, on every file of the corpus and the held-out set
same=()
for conf in "$realworld"/*.conf; do
  for major in 13 16; do
    out=$("$PGKNOB" lint --fail-on never --pg-version "$major" --host ram=4GB,cores=4 "$conf" 2>/dev/null)
    hit=$(grep -oE '([0-9.]+[kMGT]?B) instead of \1\b' <<<"$out" | head -1)
    [ -n "$hit" ] && same+=("$(basename "$conf") on $major: $hit")
  done
done
[ ${#same[@]} -eq 0 ] && ok "no 'X instead of X' in any report of the corpus" || fail "${same[*]:0:3}"
printf 'shared_buffers = 2GB\nwork_mem = 16MB\nmax_connections = 200\n' >"$tmp/hash.conf"
out13=$("$PGKNOB" lint --fail-on never --pg-version 13 --host ram=5GB "$tmp/hash.conf")
out16=$("$PGKNOB" lint --fail-on never --pg-version 16 --host ram=5GB "$tmp/hash.conf")
grep -q 'PK2002' <<<"$out13" && ! grep -q 'hash-heavy' <<<"$out13" &&
  ok "13 (hash_mem_multiplier 1): PK2002 names no separate hash figure" || fail "13: $(grep -o 'hash-heavy[^)]*' <<<"$out13")"
grep -q 'with hash-heavy queries (hash_mem_multiplier 2) the work_mem term is [0-9.]*GB and the sum [0-9.]*GB' <<<"$out16" &&
  ok "16 (hash_mem_multiplier 2): PK2002 names the hash figure" || fail "16: the hash figure is gone"
done_testing
