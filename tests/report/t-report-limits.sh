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

limit() { # findings -> lines
  local n="$1"
  [ "$n" -le 1 ] && { echo 80; return; }
  echo $(( 80 + (220 * (n - 1) + 13) / 14 ))
}
over=() n_checked=0 worst=0 worst_what=""
for conf in "$realworld"/*.conf; do
  for host in "" "ram=16GB,cores=8,storage=ssd" "ram=2GB,cores=2,storage=hdd"; do
    args=(--fail-on never --pg-version 18 ${host:+--host "$host"})
    n=$("$PGKNOB" lint "${args[@]}" --format json "$conf" | jq '[.findings[] | select(.suppressed | not)] | length')
    lim=$(limit "$n")
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
done_testing
