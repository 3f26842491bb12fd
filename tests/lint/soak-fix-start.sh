#!/usr/bin/env bash
# needs: servers
# Soak only (not in make test): every file of the development sets (held-out sets 3 and 4, now
# development data, and shared/corpus/realworld), `pgknob fix` with no flags, then a real server
# of pgknob's target major with the fixed file (tests/lint/fix-start-lib.sh). A file whose
# refusals all have safe fixes must start, unless it is refused for something of this machine
# (a library or locale not installed here); prints the count and each file's verdict.
#   FIX_START_SETS="ROOT:LIST ..."  ROOT a directory, LIST a file of paths under it, or "*.conf"
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh
source tests/lint/verdict-lib.sh
source tests/lint/fix-start-lib.sh
SETS="${FIX_START_SETS:-/work/heldout4:files.txt /work/heldout3:*.conf $(realworld_dir 2>/dev/null):*.conf}"
vd_setup 13 14 15 16 17 18 || { fail "scratch data directories"; done_testing; exit 1; }
declare -A count=()
for set in $SETS; do
  root="${set%%:*}" list="${set#*:}"
  [ -d "$root" ] || { echo "# $root: not here"; continue; }
  if [ "$list" = "*.conf" ]; then files="$(cd "$root" && ls -- *.conf)"; else files="$(cat "$root/$list")"; fi
  for rel in $files; do
    fs_try "$root" "$rel" "$rel"
    count[$FS_VERDICT]=$(( ${count[$FS_VERDICT]:-0} + 1 ))
    echo "# $FS_VERDICT: ${root##*/}/$rel: $FS_WHY"
    if [ "$FS_VERDICT" = refused ]; then fail "${root##*/}/$rel: every refusal had a safe fix, yet $FS_WHY"
    elif [ "$FS_VERDICT" != skipped ]; then ok "${root##*/}/$rel: $FS_VERDICT ($FS_WHY)"; fi
  done
done
echo "# tried $(( ${count[started]:-0} + ${count[refused]:-0} + ${count[refused-env]:-0} )): started ${count[started]:-0}, refused ${count[refused]:-0}, refused for this machine ${count[refused-env]:-0}; not tried ${count[skipped]:-0}"
done_testing
