#!/usr/bin/env bash
# lane: shared
# The libFuzzer targets, about 6 seconds each (`make fuzz` runs 20, `make fuzz-long` ten
# minutes): a crash or sanitizer report fails the tier, and
# so does a target below a twentieth of the run's median rate unless its file says why
# (`// fuzz-slow:`). The floor is a ratio against the other targets of the same run, not an
# absolute rate: a loaded machine slows every target alike (the guide: speed as ratios).
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"
if ! command -v "${CLANG:-clang}" >/dev/null; then
  fail "clang is needed for the fuzz targets (make deps installs it)"
  done_testing; exit
fi
out=$(FUZZ_TIME="${FUZZ_TIME:-6}" tests/fuzz/run.sh 2>&1); rc=$?
echo "$out" | grep -E '^(ok|FAIL) ' | while IFS= read -r line; do echo "  $line"; done
rate_of() { echo "$out" | sed -n "s/^ok $1: .* \([0-9]*\) execs\/s.*/\1/p"; }
slow_why() { sed -n 's|^// fuzz-slow: *||p' "$1"; }
rates=()
for target in tests/fuzz/fuzz_*.c; do
  [ -f "$target" ] && [ -z "$(slow_why "$target")" ] || continue
  r=$(rate_of "$(basename "$target" .c)"); [ -n "$r" ] && rates+=("$r")
done
median=$(printf '%s\n' "${rates[@]}" | sort -n | awk '{v[NR]=$1} END {print NR ? v[int((NR+1)/2)] : 0}')
floor=$(( median / 20 ))
for target in tests/fuzz/fuzz_*.c; do
  [ -f "$target" ] || continue
  name=$(basename "$target" .c)
  if echo "$out" | grep -q "^ok $name:"; then ok "fuzz target $name ran without a crash"
  else fail "fuzz target $name: $(echo "$out" | grep -E "^FAIL|ERROR|SUMMARY" | head -3)"; continue; fi
  rate=$(rate_of "$name")
  slow=$(slow_why "$target")
  if [ -n "$slow" ]; then ok "  ... $name: ${rate:-?} execs/s (slow by design: $slow)"
  else check "  ... $name: ${rate:-?} execs/s, at least a twentieth of the run's median ($median)" \
    test "$floor" -gt 0 -a "${rate:-0}" -ge "$floor"; fi
done
check "tests/fuzz/run.sh exits 0" test "$rc" -eq 0
done_testing
