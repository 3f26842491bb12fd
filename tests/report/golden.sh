#!/usr/bin/env bash
# Golden reports: every format on several configurations, compared byte for byte with
# tests/golden/report/. `golden.sh --update` (make golden-update) rewrites them; review the diff.
# Runs from the project root so paths in reports are relative and stable.
set -u
cd "$(dirname "$0")/../.."
PGKNOB="${PGKNOB:-$PWD/bin/pgknob}"
dir=tests/golden/report
mode="${1:---check}"
# name | pgknob lint arguments
cases=(
  "validation|tests/report/confs/validation.conf"
  "healthy|--host ram=16GB,cores=4,storage=nvme tests/report/confs/healthy.conf"
  "realworld-15|--pg-version 17 tests/report/confs/realworld-15.conf"
  "wal-torture|--pg-version 18 --host ram=24GB,cores=2,storage=ssd labs/03-wal-torture/settings.conf"
  "two-files|--pg-version 16 tests/report/confs/validation.conf tests/report/confs/healthy.conf"
  "one-io-worker|--host ram=24GB,cores=2,storage=ssd,kernel=6.8 labs/05-one-io-worker/settings.conf"
  "override|--pg-version 18 --config tests/report/confs/override.ini tests/report/confs/validation.conf"
)
formats=(md html json sarif github text)
ext() { case "$1" in text) echo txt ;; *) echo "$1" ;; esac; }
mkdir -p "$dir"
rc=0; n=0
for c in "${cases[@]}"; do
  name="${c%%|*}"; args="${c#*|}"
  for fmt in "${formats[@]}"; do
    want="$dir/$name.$(ext "$fmt")"
    # shellcheck disable=SC2086
    got=$(env -u SOURCE_DATE_EPOCH NO_COLOR=1 "$PGKNOB" lint --fail-on never --format "$fmt" $args; echo x)
    got="${got%x}"
    n=$((n + 1))
    if [ "$mode" = --update ]; then
      printf '%s' "$got" > "$want"
    elif ! diff -u "$want" <(printf '%s' "$got") > /tmp/pgknob-golden.$$ 2>&1; then
      echo "FAIL golden $want differs:"; head -40 /tmp/pgknob-golden.$$; rc=1
    else
      echo "ok golden $want"
    fi
  done
done
rm -f /tmp/pgknob-golden.$$
[ "$mode" = --update ] && echo "golden: wrote $n files under $dir"
exit $rc
