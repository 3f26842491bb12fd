#!/usr/bin/env bash
# `make bench`: runs every tests/bench/*.sh (except this one), each printing its own ratios and
# conditions. Exits non-zero if any benchmark script failed to run.
set -u
cd "$(dirname "$0")/../.."
status=0
for script in $(find tests/bench -maxdepth 1 -name '*.sh' ! -name run.sh | LC_ALL=C sort); do
  echo "== $script"
  bash "$script" || { echo "== $script: failed (exit $?)"; status=1; }
done
exit $status
