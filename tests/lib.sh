# Shared helpers for shell test tiers: source it, call ok/fail/expect_*, end with `done_testing`.
# Each assertion prints one line; the tier ends with "N passed, N failed".
set -u
TESTS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PROJECT_ROOT="$(dirname "$TESTS_ROOT")"
PGKNOB="${PGKNOB:-$PROJECT_ROOT/bin/pgknob}"
# The real-world corpus: shared/ beside the checkout (CI puts a copy there), or PGKNOB_SHARED; a
# clone made elsewhere from a local repository falls back to the shared/ beside that origin, and
# says so. Prints the corpus directory; without one says where it looked and returns 1.
realworld_dir() {
  local origin base dir tried=""
  origin=$(git -C "$PROJECT_ROOT" config --get remote.origin.url 2>/dev/null)
  case "$origin" in /*) ;; *) origin="" ;; esac
  for base in ${PGKNOB_SHARED:+"$PGKNOB_SHARED"} "$PROJECT_ROOT/../shared" ${origin:+"$origin/../shared"}; do
    dir="$base/corpus/realworld"
    if ls "$dir"/*.conf >/dev/null 2>&1; then
      [ "$base" = "$origin/../shared" ] && echo "# shared/ is not beside the checkout: using $dir, beside the clone's origin" >&2
      (cd "$dir" && pwd); return 0
    fi
    tried="$tried $dir"
  done
  echo "no real-world corpus (looked in:$tried); shared/ belongs beside the checkout, or set PGKNOB_SHARED" >&2
  return 1
}
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
