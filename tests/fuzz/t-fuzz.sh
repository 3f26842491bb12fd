#!/usr/bin/env bash
# The libFuzzer targets, about 10 seconds each: a crash or sanitizer report fails the tier, and
# so does a target below 1,000 executions a second unless its file says why (`// fuzz-slow:`).
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"
if ! command -v "${CLANG:-clang}" >/dev/null; then
  fail "clang is needed for the fuzz targets (make deps installs it)"
  done_testing; exit
fi
out=$(FUZZ_TIME="${FUZZ_TIME:-10}" tests/fuzz/run.sh 2>&1); rc=$?
echo "$out" | grep -E '^(ok|FAIL) ' | while IFS= read -r line; do echo "  $line"; done
for target in tests/fuzz/fuzz_*.c; do
  [ -f "$target" ] || continue
  name=$(basename "$target" .c)
  if echo "$out" | grep -q "^ok $name:"; then ok "fuzz target $name ran without a crash"
  else fail "fuzz target $name: $(echo "$out" | grep -E "^FAIL|ERROR|SUMMARY" | head -3)"; continue; fi
  rate=$(echo "$out" | sed -n "s/^ok $name: .* \([0-9]*\) execs\/s.*/\1/p")
  slow=$(sed -n 's|^// fuzz-slow: *||p' "$target")
  if [ -n "$slow" ]; then ok "  ... $name: ${rate:-?} execs/s (slow by design: $slow)"
  else check "  ... $name: ${rate:-?} execs/s, at least 1,000" test "${rate:-0}" -ge 1000; fi
done
check "tests/fuzz/run.sh exits 0" test "$rc" -eq 0
done_testing
