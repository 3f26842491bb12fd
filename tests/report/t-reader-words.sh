#!/usr/bin/env bash
# Words that respect the reader (issue 24, §2 and §4; held-out set 8's reviews): each sentence a
# report or a message prints is true of the finding it sits in, says what to do, and points at
# nothing that is not there. Small configurations written here; no server needed.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

work="$(mktemp -d /tmp/pgknob-reader.XXXXXX)"
trap 'rm -rf "$work"' EXIT

conf() { printf '%b' "$1" >"$work/c.conf"; }
lint_json() { "$PGKNOB" lint --format json --fail-on never "$@" "$work/c.conf" 2>/dev/null; }
lint_md() { "$PGKNOB" lint --format md --fail-on never "$@" "$work/c.conf" 2>/dev/null; }
rule() { # rule field [lint options]
  local r="$1" field="$2"
  shift 2
  lint_json "$@" | jq -r --arg r "$r" ".findings[] | select(.rule == \$r) | $field // empty"
}

# --- a change that does not clear its finding says so in plain words (review-rwa) ---
conf 'shared_buffers = 128MB\nmax_connections = 1000\nwork_mem = 64MB\n'
out=$("$PGKNOB" lint --host ram=256MB --fail-on never "$work/c.conf" 2>&1)
check "no 'Applied, the proposed change does not clear this finding by itself'" \
  bash -c '! grep -q "Applied, the proposed change" <<<"$1"' _ "$out"

# --- the verdict names what the warnings are about (review-h8c: encoding is not durability) ---
conf 'client_encoding = sql_ascii\n'
v=$(lint_md | sed -n '/^## Verdict/,/^## Counts/p')
check "an encoding warning is not called one about durability" bash -c '! grep -q "about durability" <<<"$1"' _ "$v"
check "  ... but about character encoding" grep -q "about character encoding" <<<"$v"
conf 'data_sync_retry = on\n'
check "close miss: data_sync_retry = on is still about durability" \
  grep -q "about durability" <<<"$(lint_md | sed -n '/^## Verdict/,/^## Counts/p')"

# --- the example error names a library of the finding (review-h8d, file 59) ---
conf "shared_preload_libraries = 'pg_stat_monitor,vector'\n"
e=$(rule PK0061 .explanation)
check "PK0061's example error names the first library it is about" grep -q 'could not access file "pg_stat_monitor"' <<<"$e"
check "  ... and no library the file does not load" bash -c '! grep -q pg_cron <<<"$1"' _ "$e"

# --- a parameter no major has: the advice is to delete the line (review-h8d, file 59) ---
conf 'autovacuum_analyze_cost_delay = 10ms\n'
check "PK0010 with no close name suggests removing the line" \
  grep -q "remove this line" <<<"$(rule PK0010 .suggestion)"
md=$(lint_md)
check "  ... and the report's 'What to change' points at nothing absent" bash -c '! grep -q "(see above)" <<<"$1"' _ "$md"
check "  ... and says to remove it" grep -q "What to change.\*\* Remove this line" <<<"$md"
conf 'shared_bufers = 1GB\n'
check "close miss: a near name still gets its did-you-mean" grep -q "shared_buffers = 1GB" <<<"$(rule PK0010 .suggestion)"

# --- a rename keeps the value, a template's placeholder included (review-h8a, file 14) ---
conf "unix_socket_directory = '{{ sock }}'\nlisten_addresses = '{{ listen }}'\n"
out=$("$PGKNOB" fix --pg-version 16 --unsafe-fixes --min-severity notice --diff "$work/c.conf" 2>&1)
check "unix_socket_directory = '{{ sock }}' is renamed, its value kept" \
  grep -q "^+unix_socket_directories = '{{ sock }}'" <<<"$out"
check "  ... not left as 'cannot tell the value meant'" bash -c '! grep -q "cannot tell the value meant" <<<"$1"' _ "$out"
conf "checkpoint_segments = {{ segs }}\nlisten_addresses = '{{ listen }}'\n"
out=$("$PGKNOB" fix --pg-version 16 --unsafe-fixes --min-severity notice --diff "$work/c.conf" 2>&1)
check "close miss: a conversion of a placeholder is not made up" bash -c '! grep -q "^+max_wal_size" <<<"$1"' _ "$out"

# --- "lint the rendered template" changes nothing on a server: no restart (review-h8a) ---
conf "listen_addresses = '{{ listen }}'\nport = {{ port }}\n"
md=$(lint_md)
sec=$(awk '/^### .*PK0003/ {on = 1; print; next} on && /^##/ {exit} on' <<<"$md")
check "PK0003's section has no restart paragraph" bash -c '! grep -qi "restart" <<<"$1"' _ "$sec"
check "  ... and its summary row applies after nothing" grep -q "PK0003 .* | — |$" <<<"$md"
conf "unix_socket_directory = '/tmp'\ncheckpoint_segments = 8\n"
check "PK0011's summary row takes the strictest of its lines (a rename to a postmaster setting)" \
  grep -q "PK0011 .* | restart |$" <<<"$(lint_md --pg-version 16)"

done_testing
