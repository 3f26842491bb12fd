#!/usr/bin/env bash
# The C sources follow .clang-format. --check (make format-check) lists each file that differs,
# with clang-format's own file:line:col notes, and fails; without it (make format) the files are
# rewritten in place. Generated *.auto.* files are left alone. ROOT defaults to the project.
set -euo pipefail
mode=fix
[ "${1:-}" = --check ] && { mode=check; shift; }
root="${1:-$(cd "$(dirname "$0")/../.." && pwd)}"
cd "$root"
command -v clang-format >/dev/null || { echo "pgknob: error: clang-format is not installed" >&2
                                         echo "hint: run 'make deps'" >&2; exit 2; }
mapfile -t files < <(find src tests/unit tests/fuzz tests/pg tools -name '*.[ch]' ! -name '*.auto.*' | sort)
if [ "$mode" = fix ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
# One clang-format run over every file; its notes start with FILE:LINE:COL: warning:.
notes="$(clang-format --dry-run "${files[@]}" 2>&1 || true)"
mapfile -t bad < <(sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning:.*/\1/p' <<<"$notes" | uniq)
if [ "${#bad[@]}" -gt 0 ]; then
  for f in "${bad[@]}"; do
    grep -m3 "^$f:[0-9]*:[0-9]*: warning:" <<<"$notes" >&2 || true
    echo "$f: not formatted" >&2
  done
  echo "pgknob: error: ${#bad[@]} of ${#files[@]} C files differ from .clang-format" >&2
  echo "hint: run 'make format' and commit the result" >&2
  exit 1
fi
echo "${#files[@]} C files follow .clang-format"
