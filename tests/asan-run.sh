#!/usr/bin/env bash
# `make asan`, after the build: the whole suite with PGKNOB=bin/pgknob-asan and the unit tests of
# build-asan/tests. Sanitizer reports (ASan, LSan leaks, UBSan) go to files under
# build-asan/reports/ rather than to stderr, so a report from a pgknob run whose exit code or
# stderr a test does not look at still fails `make asan`: any report file is a failure.
# Only pgknob is instrumented; the servers, psql and pgbench are not.
set -u
cd "$(dirname "$0")/.."
reports="$PWD/build-asan/reports"
rm -rf "$reports"; mkdir -p "$reports"
export PGKNOB="$PWD/bin/pgknob-asan" UNIT_DIR=build-asan/tests
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:log_path=$reports/asan"
# ASan's shadow memory and checks cost about 2-3 times the memory and CPU: resource bounds
# (t-limits) are scaled by 3 here, and still catch what grows without bound
export PGKNOB_BOUND_SCALE=3
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$reports/ubsan"
supp="$PWD/tests/asan/lsan.supp"
[ -f "$supp" ] && export LSAN_OPTIONS="suppressions=$supp:print_suppressions=0"
start=$SECONDS
log="$reports/../run.log"
tests/run "$@" | tee "$log"; rc=${PIPESTATUS[0]}
read -r passed failed < <(tail -1 "$log" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\1 \2/p')
n=$(find "$reports" -type f | wc -l)
if [ "$n" -gt 0 ]; then
  echo "asan: $n sanitizer report(s) under build-asan/reports, each counted as a failure:"
  for f in $(find "$reports" -type f | LC_ALL=C sort | head -5); do
    echo "== $f"; grep -E 'ERROR|SUMMARY|runtime error|#[0-9]+ ' "$f" | head -25
  done
  rc=1
else
  echo "asan: no sanitizer report"
fi
echo "asan: the suite took $((SECONDS - start))s"
echo "${passed:-0} passed, $(( ${failed:-1} + n )) failed"
exit $rc
