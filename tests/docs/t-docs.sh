#!/usr/bin/env bash
# Generated documentation is current: docs/rules.md matches the rule packs, and the check can fail.
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"
expect_exit 0 "docs/rules.md is current (make docs-check)" -- tests/docs/gen.sh --check
expect_exit 0 "docs/pgknob.1.md's SYNOPSIS and OPTIONS are current" -- tests/docs/gen-man.sh --check
for c in "tpcc load" "tpcc run" "tpcc check" "lab run" "lab restore" "fix" "rules test"; do
  check "the man page's SYNOPSIS has pgknob $c" grep -q "^\*\*pgknob $c\*\*" docs/pgknob.1.md
done
check "the man page lists tpcc run's options (from the tables)" grep -q -- '\*\*--max-retries\*\*' docs/pgknob.1.md
man_copy="$(mktemp)"; cp docs/pgknob.1.md "$man_copy"
sed -i 's/^\*\*pgknob lab restore\*\*.*/**pgknob lab restore** stale/' "$man_copy"
expect_exit 1 "a stale man page makes the check fail" -- env MAN_PAGE="$man_copy" tests/docs/gen-man.sh --check
check "the failure says what to run" grep -q "run 'make docs'" <<<"$ERR"
rm -f "$man_copy"
expect_exit 0 "docs/architecture.md's module dependencies are current and acyclic" -- tests/docs/deps.sh --check
deps_tmp=$(mktemp -d)
mkdir -p "$deps_tmp/tests/docs" "$deps_tmp/docs" && cp tests/docs/deps.sh "$deps_tmp/tests/docs/"
cp -r src "$deps_tmp/src" && cp docs/architecture.md "$deps_tmp/docs/"
echo '#include "cli/commands.h"' >> "$deps_tmp/src/common/xalloc.c"
expect_exit 1 "a module including cli/ (a cycle) makes the check fail" -- "$deps_tmp/tests/docs/deps.sh" --check
check "... naming the cycle" grep -q "cycle" <<<"$OUT"
sed -i '$d' "$deps_tmp/src/common/xalloc.c"
echo '#include "lint/lint.h"' >> "$deps_tmp/src/tpcc/rand.c"
expect_exit 1 "a new module edge makes the block stale" -- "$deps_tmp/tests/docs/deps.sh" --check
check "... and says what to run" grep -q "deps.sh --update" <<<"$OUT"
rm -rf "$deps_tmp"
expect_exit 0 "every header compiles on its own (make check-headers)" -- make -s --no-print-directory check-headers
check "... and says so" grep -qx 'headers: every header compiles on its own' <<<"$OUT"
hdr_tmp=$(mktemp -d)
mkdir -p "$hdr_tmp/src/common" && printf '%s\n' '#pragma once' 'size_t pk_planted(void);' > "$hdr_tmp/src/common/planted.h"
expect_exit 1 "a header that does not include what it uses is refused" -- tests/docs/headers.sh "$hdr_tmp"
check "... naming it" grep -q '^headers: src/common/planted.h does not compile on its own' <<<"$OUT"
rm -rf "$hdr_tmp"
expect_exit 0 "the workload is TPC-C-derived everywhere; no figure is called tpmC" -- tests/docs/naming.sh .
nm_tmp=$(mktemp -d)
mkdir -p "$nm_tmp/docs" && printf '%s\n' 'Runs a TPC-C workload and reports' 'its tpmC.' > "$nm_tmp/docs/planted.md"
expect_exit 1 "a planted \"TPC-C workload\" and tpmC figure are refused" -- tests/docs/naming.sh "$nm_tmp"
check "... naming the file and line of each" \
  test "$(grep -c '^docs/planted.md:[12]:' <<<"$OUT")" -eq 2
rm -rf "$nm_tmp"
check "every rule has a section" test "$(grep -c '^## PK' docs/rules.md)" -eq "$("$PGKNOB" rules list | grep -c '^PK')"
# a check's category is the first part of its own name (the list sorts the rows, and a category
# pointing into a moved row named another's: PK0099 manifest.no-backup listed as intent)
check "every check's category is its name's first part" test "$("$PGKNOB" rules list --format json |
  jq '[.rules[] | select(.id | test("^PK0")) | select(.category != (.name | split(".")[0]))] | length')" = 0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/docs" "$tmp/tests/docs" "$tmp/bin"
cp -r rules "$tmp/rules"; cp tests/docs/gen.sh tests/docs/stats.sh "$tmp/tests/docs/"
cp tests/lib.sh "$tmp/tests/"; cp docs/rules.md "$tmp/docs/"
shared=$(dirname "$(dirname "$(realworld_dir)")")
expect_exit 0 "an unchanged copy is current" -- env PGKNOB="$PGKNOB" PGKNOB_SHARED="$shared" "$tmp/tests/docs/gen.sh" --check
sed -i 's/^title = fsync is off (data loss and corruption on crash)/title = fsync is off/' "$tmp/rules/durability/PK6001-fsync-off.ini"
expect_exit 1 "a changed rule makes the check fail" -- env PGKNOB="$PGKNOB" PGKNOB_SHARED="$shared" "$tmp/tests/docs/gen.sh" --check
check "the failure says what to run" grep -q "run 'make docs'" <<<"$ERR"
cp -r rules/. "$tmp/rules/"
sed -i 's/^condition = not track_io_timing /condition = false and not track_io_timing /' "$tmp/rules/observability/PK7001-track-io-timing-off.ini"
expect_exit 1 "a rule that fires on fewer real-world files makes the check fail" -- env PGKNOB="$PGKNOB" PGKNOB_SHARED="$shared" "$tmp/tests/docs/gen.sh" --check
check "docs/rules.md gives every rule its real-world count" test "$(grep -c '^- \*\*Fires on real-world files:\*\* ' docs/rules.md)" -eq "$(grep -c '^## PK' docs/rules.md)"
check "docs/rules.md gives every rule the basis of its threshold" test "$(grep -c '^- \*\*Threshold:\*\* ' docs/rules.md)" -eq "$(grep -c '^## PK' docs/rules.md)"

# The README's lint example is real output: its input (after `$ cat postgresql.conf`) linted by
# the command it shows must print exactly the lines shown.
readme_example() { # part (conf|cmd|out)
  python3 - "$1" README.md <<'PY'
import sys
part, text = sys.argv[1], open(sys.argv[2]).read()
block = text.split("```console\n$ cat postgresql.conf\n", 1)[1].split("```\n", 1)[0]
conf, rest = block.split("\n$ ", 1)
cmd, out = rest.split("\n", 1)
sys.stdout.write({"conf": conf + "\n", "cmd": cmd, "out": out}[part])
PY
}
mkdir "$tmp/readme"
readme_example conf > "$tmp/readme/postgresql.conf"
cmd=$(readme_example cmd)
check "README: the lint example runs bin/pgknob lint" grep -q '^bin/pgknob lint ' <<<"$cmd"
# shellcheck disable=SC2086
got=$(cd "$tmp/readme" && NO_COLOR=1 "$PGKNOB" ${cmd#bin/pgknob })
check "README: the lint example's output is what pgknob prints" \
  diff <(readme_example out) <(printf '%s\n' "$got")
done_testing
