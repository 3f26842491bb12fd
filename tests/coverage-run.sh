#!/usr/bin/env bash
# `make coverage`, after the build: runs tests/run (its arguments: none for the whole suite,
# --fast for unit + serverless tiers, or a PATTERN) with PGKNOB=bin/pgknob-cov and the unit tests
# of build-cov/tests, then prints the line coverage of src/ from the counters gcov left in
# build-cov (one line per file in build-cov/coverage.txt, the total as the last line here).
# Counters start from zero on each run. Only pgknob is instrumented.
set -u
cd "$(dirname "$0")/.."
command -v gcov >/dev/null || { echo "coverage: gcov is not installed" >&2; exit 2; }
command -v jq >/dev/null || { echo "coverage: jq is not installed" >&2; exit 2; }
find build-cov -name '*.gcda' -delete
export PGKNOB="$PWD/bin/pgknob-cov" UNIT_DIR=build-cov/tests
tests/run "$@"; rc=$?

# gcov's JSON lists each source's executable lines with their counts; only src/*.c count (the
# headers' inline functions are counted where they are included, not again).
report="build-cov/coverage.txt"
: > "$report"
for gcno in $(find build-cov/src -name '*.gcno' | LC_ALL=C sort); do
  src="${gcno#build-cov/}"; src="${src%.gcno}.c"
  gcov --json-format --stdout --object-directory "$(dirname "$gcno")" "$src" 2>/dev/null |
    jq -r --arg src "$src" '.files[] | select(.file == $src)
      | "\([.lines[] | select(.count > 0)] | length) \(.lines | length) \(.file)"' >> "$report"
done
read -r hit total < <(awk '{ h += $1; t += $2 } END { print h + 0, t + 0 }' "$report")
if [ "$total" -eq 0 ]; then
  echo "coverage: no counters found under build-cov" >&2; exit 2
fi
awk -v h="$hit" -v t="$total" -v n="$(wc -l < "$report")" 'BEGIN {
  printf "coverage: %.1f%% of src/ lines (%d of %d, %d files; per file in build-cov/coverage.txt)\n",
         100 * h / t, h, t, n }'
exit $rc
