# Shared helpers for shell test tiers: source it, call ok/fail/expect_*, end with `done_testing`.
# Each assertion prints one line; the tier ends with "N passed, N failed".
set -u
TESTS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PROJECT_ROOT="$(dirname "$TESTS_ROOT")"
PGKNOB="${PGKNOB:-$PROJECT_ROOT/bin/pgknob}"
_pass=0; _fail=0
ok()   { _pass=$((_pass + 1)); echo "ok $*"; }
fail() { _fail=$((_fail + 1)); echo "FAIL $*"; }
check() { # description, command...
  local desc="$1"; shift
  if "$@"; then ok "$desc"; else fail "$desc"; fi
}
# expect_exit CODE DESC -- command...   (stdout/stderr captured in $OUT / $ERR)
expect_exit() {
  local want="$1" desc="$2"; shift 3
  local errf; errf=$(mktemp)
  OUT=$("$@" 2>"$errf"); local rc=$?
  ERR=$(cat "$errf"); rm -f "$errf"
  if [ "$rc" -eq "$want" ]; then ok "$desc (exit $rc)"; else fail "$desc: exit $rc, wanted $want; stderr: ${ERR:0:300}"; fi
}
done_testing() { echo "${_pass} passed, ${_fail} failed"; [ "$_fail" -eq 0 ]; }
