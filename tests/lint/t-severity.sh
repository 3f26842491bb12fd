#!/usr/bin/env bash
# The severity policy of docs/lint.md ("Severity"), held against every rule of the shipped packs
# and every check of validation: built-in defaults are never above notice, facts about the target
# machine are notices for a lone file, one cause gives one finding, and the stated purpose decides
# what endangers data.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

work="$(mktemp -d /tmp/pgknob-severity.XXXXXX)"
trap 'rm -rf "$work"' EXIT
: >"$work/empty.conf"

# --- a built-in default is never above notice: every major, a grid of host facts ---
# Each (major, host) pair is one lint of an empty configuration; the pairs that fail are listed.
grid_fail=() n=0
for major in 13 14 15 16 17 18; do
  for ram in 256MB 1GB 4GB 16GB 64GB 512GB 4TB; do
    for cores in 1 2 4 16 128; do
      for storage in hdd ssd nvme network; do
        for extra in "" ",kernel=5.4,container=yes" ",kernel=6.8,container=no,io_uring=no"; do
          host="ram=$ram,cores=$cores,storage=$storage$extra"
          n=$((n + 1))
          out=$("$PGKNOB" lint --pg-version "$major" --host "$host" --fail-on warning "$work/empty.conf" 2>&1)
          rc=$?
          if [ "$rc" -ne 0 ] || ! grep -qE '^0 errors, 0 warnings,' <<<"$(tail -1 <<<"$out")"; then
            grid_fail+=("$major/$host: $(grep -m1 -E ': (warning|error):' <<<"$out")")
          fi
        done
      done
    done
  done
done
if [ ${#grid_fail[@]} -eq 0 ]; then
  ok "an empty configuration gives no warning or error on any of $n (major, --host) pairs"
else
  fail "${#grid_fail[@]} of $n (major, --host) pairs warn on an empty configuration: ${grid_fail[*]:0:3}"
fi
for major in 13 18; do
  expect_exit 0 "--host local on $major: an empty configuration passes --fail-on warning" -- \
    "$PGKNOB" lint --pg-version "$major" --host local --fail-on warning "$work/empty.conf"
done

# A default named by its value still counts as the default; a value someone chose keeps the
# rule's level (the same rules, the same host).
printf 'effective_io_concurrency = 1\nrandom_page_cost = 4\n' >"$work/stock.conf"
[ "$("$PGKNOB" lint --pg-version 16 --host storage=ssd --format json "$work/stock.conf" |
  jq '[.findings[] | select(.rule == "PK1011" or .rule == "PK5002") | .severity] | unique')" = '[
  "notice"
]' ] && ok "PK1011 and PK5002 on values equal to the defaults: notices" ||
  fail "PK1011 and PK5002 on values equal to the defaults are not notices"
printf 'random_page_cost = 8\n' >"$work/chosen.conf"
[ "$("$PGKNOB" lint --pg-version 16 --host storage=ssd --format json "$work/chosen.conf" |
  jq -r '.findings[] | select(.rule == "PK5002") | .severity')" = warning ] &&
  ok "PK5002 on a chosen random_page_cost = 8 keeps its warning" ||
  fail "PK5002 on random_page_cost = 8 is not a warning"
# SARIF keeps the rule's own level as its default configuration
"$PGKNOB" lint --pg-version 16 --host storage=ssd --format sarif "$work/empty.conf" >"$work/e.sarif"
check "SARIF: a default's finding is a note" \
  jq -e '[.runs[0].results[] | select(.ruleId == "PK5002") | .level] == ["note"]' "$work/e.sarif"
