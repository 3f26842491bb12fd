#!/usr/bin/env bash
# `pgknob settings` as a user meets it: its output formats, and pgknob's own input problems
# (missing, unreadable, oversized files, a directory that is no data directory, bad options),
# which must give a clear message and exit 2, never a crash.
source "$(dirname "$0")/../lib.sh"
T="$(mktemp -d /tmp/pgknob-settings-cli.XXXXXX)"
chmod 755 "$T"
trap 'rm -rf "$T"' EXIT

printf "work_mem = 4MB\nshared_buffers = 1GB\nrandom_page_cost = 1e300\n" > "$T/bad.conf"
printf "work_mem = 4MB\nWORK_MEM = 8MB\nmyext.x = 'a'\nsort_mem = 1MB\nwork_mem = 4mb\n" > "$T/good.conf"

expect_exit 2 "missing file" -- "$PGKNOB" settings "$T/nope.conf"
check "missing file: message names the path" grep -q "could not open \"$T/nope.conf\": No such file" <<<"$ERR"
check "missing file: nothing on stdout" test -z "$OUT"

mkdir -p "$T/notdata"; touch "$T/notdata/readme"
expect_exit 2 "directory without postgresql.conf" -- "$PGKNOB" settings "$T/notdata"
check "directory: message says what is missing" grep -q "without a postgresql.conf" <<<"$ERR"

truncate -s 100M "$T/huge.conf"
start=$(date +%s%N)
expect_exit 2 "100 MB file" -- "$PGKNOB" settings "$T/huge.conf"
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
check "100 MB file: message says it is too large" grep -q "larger than 64 MB" <<<"$ERR"
check "100 MB file: refused within 5 s (took ${elapsed_ms} ms)" test "$elapsed_ms" -lt 5000
rm -f "$T/huge.conf"

# Root reads everything: run as an unprivileged user for the permission check.
user=postgres; id "$user" >/dev/null 2>&1 || user=nobody
cp "$T/good.conf" "$T/secret.conf"; chmod 000 "$T/secret.conf"
if [ "$(id -u)" = 0 ]; then
  expect_exit 2 "unreadable file (as $user)" -- runuser -u "$user" -- "$PGKNOB" settings "$T/secret.conf"
else
  expect_exit 2 "unreadable file" -- "$PGKNOB" settings "$T/secret.conf"
fi
check "unreadable file: Permission denied" grep -q "Permission denied" <<<"$ERR"

expect_exit 2 "unknown --format" -- "$PGKNOB" settings --format xml "$T/good.conf"
check "unknown --format: says which formats exist" grep -q "text or --format json" <<<"$ERR"
expect_exit 2 "--pg-version out of range" -- "$PGKNOB" settings --pg-version 12 "$T/good.conf"
expect_exit 2 "--pg-version not a number" -- "$PGKNOB" settings --pg-version x "$T/good.conf"
expect_exit 2 "unknown option" -- "$PGKNOB" settings --bogus "$T/good.conf"
expect_exit 2 "--format without its argument" -- "$PGKNOB" settings "$T/good.conf" --format
expect_exit 2 "no FILE" -- "$PGKNOB" settings
expect_exit 2 "two FILEs" -- "$PGKNOB" settings "$T/good.conf" "$T/bad.conf"
expect_exit 0 "--help" -- "$PGKNOB" settings --help
check "--help shows the usage" grep -q "usage: pgknob settings" <<<"$OUT"

expect_exit 0 "a syntax error inside the file is a result, not an input error" -- \
  "$PGKNOB" settings --format json "$T/bad.conf"
check "json output parses and names the error" python3 -c '
import json, sys
doc = json.loads(sys.stdin.read())
rows = doc["entries"]
assert [r["error"] for r in rows] == [None, None, "syntax error"], rows
assert rows[2]["line"] == 3 and rows[2]["token"] == "300", rows[2]
assert all(set(["file","line","seqno","name","value","normalized","applied","error"]) <= set(r) for r in rows)
assert not any(r["applied"] for r in rows)  # the view applies nothing after a reading error
' <<<"$OUT"
expect_exit 0 "text output" -- "$PGKNOB" settings "$T/bad.conf"
check "text output: the error with its token and hint" grep -q "bad.conf:3: #3 error: syntax error, near token \"300\"" <<<"$OUT"
check "text output: the hint to quote 1e300" grep -q "hint: .*'1e300'" <<<"$OUT"
# an unexpanded variable: quoting it would hand the server the name itself (set 5, h5d file 41)
printf 'ssl_ca_file = $ssl_ca_file   # from the template\n' >"$T/var.conf"
expect_exit 0 "an unexpanded \$variable" -- "$PGKNOB" settings "$T/var.conf"
check "  ... the hint says to write the value it stands for, not to quote it" \
  bash -c 'grep -q "hint: \$ssl_ca_file looks like a variable" <<<"$1" && ! grep -q "write '"'"'\$ssl_ca_file" <<<"$1"' _ "$OUT"

expect_exit 0 "view verdicts" -- "$PGKNOB" settings --format json --pg-version 17 "$T/good.conf"
check "applied and normalized as pg_file_settings shows them" python3 -c '
import json, sys
rows = json.loads(sys.stdin.read())["entries"]
got = [(r["name"], r["applied"], r["normalized"], r["error"]) for r in rows]
want = [("work_mem", False, None, None), ("WORK_MEM", True, "8192", None),
        ("myext.x", True, None, None), ("sort_mem", True, "1024", None),
        ("work_mem", False, None, "setting could not be applied")]
assert got == want, got
' <<<"$OUT"

mkdir -p "$T/data"; echo 13 > "$T/data/PG_VERSION"
printf "io_method = worker\n" > "$T/data/postgresql.conf"
expect_exit 0 "data directory with PG_VERSION 13" -- "$PGKNOB" settings --format json "$T/data"
check "PG_VERSION picks the catalog: io_method is unknown to 13" grep -q '"error": "unrecognized configuration parameter"' <<<"$OUT"
expect_exit 0 "--pg-version overrides PG_VERSION" -- "$PGKNOB" settings --format json --pg-version 18 "$T/data"
check "io_method applies on 18" grep -q '"applied": true' <<<"$OUT"

printf "application_name = 'a\xff\xfeb'\nx.y = 'caf\xc3\xa9'\n" > "$T/bytes.conf"
expect_exit 0 "invalid UTF-8 in a value" -- "$PGKNOB" settings --format json "$T/bytes.conf"
check "json stays valid with invalid UTF-8 (escaped)" python3 -c 'import json,sys; json.loads(sys.stdin.read())' <<<"$OUT"

printf "a = 1\nfoo bar baz\nb = 2\nx;\nc = 3\n" > "$T/two.conf"
expect_exit 0 "two syntax errors, as the view reads" -- "$PGKNOB" settings --format json "$T/two.conf"
check "the view stops at the first syntax error of a file" python3 -c '
import json, sys
rows = json.loads(sys.stdin.read())["entries"]
assert [(r["line"], r["error"]) for r in rows] == [(1, None), (2, "syntax error")], rows
' <<<"$OUT"
expect_exit 0 "--all-errors" -- "$PGKNOB" settings --all-errors --format json "$T/two.conf"
check "--all-errors reads on, as server startup does" python3 -c '
import json, sys
rows = json.loads(sys.stdin.read())["entries"]
assert [(r["line"], r["error"]) for r in rows] == [(1, None), (2, "syntax error"), (3, None), (4, "syntax error"), (5, None)], rows
' <<<"$OUT"

sample=/usr/share/postgresql/15/postgresql.conf.sample
if [ -f "$sample" ]; then
  start=$(date +%s%N)
  for run in 1 2 3 4 5 6 7 8 9 10; do "$PGKNOB" settings "$sample" >/dev/null; done
  per_run_ms=$(( ($(date +%s%N) - start) / 10000000 ))
  check "settings on postgresql.conf.sample takes milliseconds (${per_run_ms} ms a run)" test "$per_run_ms" -lt 100
fi
done_testing
