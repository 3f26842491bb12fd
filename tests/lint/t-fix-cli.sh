#!/usr/bin/env bash
# pgknob fix as a command (no server): options and exit codes, never over an input, -o / --diff /
# --in-place agree (the diff applied with patch gives the -o copy), a second run finds nothing,
# include-aware rewrites, appends, comments/CRLF kept, ALTER SYSTEM with rollback, JSON fixes.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

tmp="$(mktemp -d /tmp/pgknob-fixcli.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
printf '# tuned by hand\nfsync = off   # fast!\r\nshared_bufers = 1GB\ncheckpoint_timeout = 30s\n' > "$tmp/a.conf"
cp "$tmp/a.conf" "$tmp/a.orig"

expect_exit 0 "--help" -- "$PGKNOB" fix --help
check "--help names the forms" grep -q -- '-o OUT | --diff | --in-place' <<<"$OUT"
expect_exit 2 "no input" -- "$PGKNOB" fix
expect_exit 2 "two inputs" -- "$PGKNOB" fix "$tmp/a.conf" "$tmp/a.conf"
expect_exit 2 "-o with --in-place" -- "$PGKNOB" fix -o "$tmp/x.conf" --in-place "$tmp/a.conf"
expect_exit 2 "unknown format" -- "$PGKNOB" fix --format yaml "$tmp/a.conf"
expect_exit 2 "missing file" -- "$PGKNOB" fix "$tmp/nope.conf"

# the diff (default) and -o agree, and patch applies the diff
expect_exit 1 "changes shown as a diff" -- "$PGKNOB" fix --no-rules "$tmp/a.conf"
check "the diff renames the misspelt line" grep -q '^+shared_buffers = 1GB$' <<<"$OUT"
check "the input is untouched" cmp -s "$tmp/a.conf" "$tmp/a.orig"
expect_exit 1 "-o writes a fixed copy" -- "$PGKNOB" fix "$tmp/a.conf" -o "$tmp/fixed.conf"
check "fsync comment and CRLF kept" grep -q $'^fsync = on   # fast!\r$' "$tmp/fixed.conf"
check "unset parameter appended with its rule" grep -q '^track_io_timing = on	# pgknob fix: PK7001$' "$tmp/fixed.conf"
check "checkpoint_timeout rewritten" grep -q '^checkpoint_timeout = 15min$' "$tmp/fixed.conf"
check "the first line is kept" test "$(head -1 "$tmp/fixed.conf")" = '# tuned by hand'
(cd "$tmp" && "$PGKNOB" fix a.conf 2>/dev/null > a.diff; cp a.conf p.conf; sed -i 's/^--- a.conf$/--- p.conf/; s/^+++ a.conf$/+++ p.conf/' a.diff; patch -s -p0 < a.diff)
check "patch -p0 with the diff gives the -o copy" cmp -s "$tmp/p.conf" "$tmp/fixed.conf"
expect_exit 0 "a second fix finds nothing to change" -- "$PGKNOB" fix "$tmp/fixed.conf"
check "nothing printed" test -z "$OUT"
expect_exit 0 "the fixed file passes --fail-on refusal" -- "$PGKNOB" lint --fail-on refusal "$tmp/fixed.conf"

# never over an input
expect_exit 2 "-o over the input" -- "$PGKNOB" fix "$tmp/a.conf" -o "$tmp/a.conf"
check "says to use --in-place" grep -q 'use --in-place' <<<"$ERR"
ln -s a.conf "$tmp/link.conf"
expect_exit 2 "-o over the input through a symlink" -- "$PGKNOB" fix "$tmp/a.conf" -o "$tmp/link.conf"
check "the input is still untouched" cmp -s "$tmp/a.conf" "$tmp/a.orig"
cp "$tmp/a.conf" "$tmp/b.conf"; chmod 640 "$tmp/b.conf"
expect_exit 1 "--in-place" -- "$PGKNOB" fix --in-place "$tmp/b.conf"
check "--in-place gives the -o copy" cmp -s "$tmp/b.conf" "$tmp/fixed.conf"
check "--in-place keeps the mode" test "$(stat -c %a "$tmp/b.conf")" = 640

# include-aware: the winning line is rewritten where it is, appends go to the top-level file
mkdir "$tmp/inc"
printf "include 'memory.conf'\nwork_mem = 4MB\n" > "$tmp/inc/postgresql.conf"
printf "# memory\nfsync = off # bad\n" > "$tmp/inc/memory.conf"
expect_exit 1 "fix with an include" -- "$PGKNOB" fix "$tmp/inc/postgresql.conf"
check "the include's line is fixed in the diff" grep -q "^+++ .*inc/memory.conf$" <<<"$OUT"
expect_exit 1 "-o DIR when an include changes" -- "$PGKNOB" fix "$tmp/inc/postgresql.conf" -o "$tmp/incout"
check "the include's copy is fixed" grep -q '^fsync = on # bad$' "$tmp/incout/memory.conf"
check "the include itself is untouched" grep -q '^fsync = off # bad$' "$tmp/inc/memory.conf"

# ALTER SYSTEM: grouped by reload and restart, with the rollback
printf "shared_preload_libraries = 'auto_explain'\nfsync = off\n" > "$tmp/as.conf"
expect_exit 1 "--format alter-system" -- "$PGKNOB" fix --format alter-system "$tmp/as.conf"
check "reload group" grep -q "^ALTER SYSTEM SET fsync = 'on';  -- PK6001$" <<<"$OUT"
check "list parameters quote each element" grep -q "^ALTER SYSTEM SET shared_preload_libraries = 'auto_explain', 'pg_stat_statements';" <<<"$OUT"
check "the restart group comes after a reload" bash -c 'grep -n "" <<<"$1" | grep -q "restart"' _ "$OUT"
check "rollback resets" grep -q '^ALTER SYSTEM RESET fsync;$' <<<"$OUT"

# JSON: applies from the catalog context, not from the other settings involved
printf 'max_connections = 800\nwork_mem = 64MB\n' > "$tmp/mem.conf"
json=$("$PGKNOB" lint --host ram=8GB,cores=4 --format json --fail-on never "$tmp/mem.conf")
check "PK2001's work_mem fix applies on a reload" test "$(jq -r '.findings[] | select(.rule == "PK2001") | .fix[0] | .name + " " + .applies' <<<"$json")" = "work_mem reload"
printf 'effective_cache_size = 96GB\nshared_buffers = 64GB\n' > "$tmp/ram.conf"
json=$("$PGKNOB" lint --host ram=64GB,cores=8 --format json --fail-on never "$tmp/ram.conf")
check "no memory fix above --host ram" test "$(jq '[.findings[].fix[] | select(.name == "effective_cache_size" or .name == "shared_buffers") | .value] | map(select(test("^[0-9]+GB$")) | sub("GB"; "") | tonumber) | map(select(. > 64)) | length' <<<"$json")" = 0
printf 'checkpoint_completion_target = 0.5\n' > "$tmp/cct.conf"
json=$("$PGKNOB" lint --pg-version 16 --format json --fail-on never "$tmp/cct.conf")
check "a fix is never the current value" test "$(jq '[.findings[] | select(.rule == "PK3004") | .fix[] | select(.value == "0.5")] | length' <<<"$json")" = 0
done_testing
