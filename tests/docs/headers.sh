#!/usr/bin/env bash
# Every header below ROOT/src compiles on its own (it includes what it uses): each is compiled as
# a translation unit of one #include line. Prints the failing header and the compiler's error.
#   tests/docs/headers.sh [ROOT]   (CC and CFLAGS from the environment, as make passes them)
set -uo pipefail
root="${1:-.}"
cc="${CC:-cc}"
# shellcheck disable=SC2086
flags=${CFLAGS:--std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror $(pkg-config --cflags libpq 2>/dev/null)}
bad=0
for h in $(cd "$root/src" && find . -name '*.h' | sed 's|^\./||' | LC_ALL=C sort); do
  # shellcheck disable=SC2086
  if ! out=$(echo "#include \"$h\"" | $cc $flags -I"$root/src" -x c -fsyntax-only - 2>&1); then
    echo "headers: src/$h does not compile on its own:"
    printf '%s\n' "$out" | head -5
    bad=1
  fi
done
[ "$bad" -eq 0 ] && echo "headers: every header compiles on its own"
exit "$bad"
