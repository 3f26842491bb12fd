#!/usr/bin/env bash
# Generates docs/rules.md from the shipped rule packs and the validation checks (`make docs`),
# with each rule's fire counts on the real-world corpus (tests/docs/stats.sh). With --check
# (`make docs-check`, and the t-docs tier) it regenerates into a temporary file and fails when the
# committed page differs, so the reference can never drift from the packs or the counts.
set -eu
cd "$(dirname "$0")/../.."
PGKNOB="${PGKNOB:-bin/pgknob}"
tmp=$(mktemp); stats=$(mktemp)
trap 'rm -f "$tmp" "$stats"' EXIT
PGKNOB="$PGKNOB" tests/docs/stats.sh "$stats"
PGKNOB_RULES_DIR=rules "$PGKNOB" rules doc --stats "$stats" > "$tmp"
if [ "${1:-}" = "--check" ]; then
  if ! cmp -s docs/rules.md "$tmp"; then
    echo "docs/rules.md is out of date with rules/: run 'make docs'" >&2
    diff -u docs/rules.md "$tmp" 2>&1 | head -20 >&2 || true
    exit 1
  fi
  echo "docs/rules.md is current"
  exit 0
fi
mkdir -p docs
cp "$tmp" docs/rules.md
echo "wrote docs/rules.md ($(grep -c '^## ' docs/rules.md) rules)"
