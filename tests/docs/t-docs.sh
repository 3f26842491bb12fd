#!/usr/bin/env bash
# Generated documentation is current: docs/rules.md matches the rule packs, and the check can fail.
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"
expect_exit 0 "docs/rules.md is current (make docs-check)" -- tests/docs/gen.sh --check
check "every rule has a section" test "$(grep -c '^## PK' docs/rules.md)" -eq "$("$PGKNOB" rules list | grep -c '^PK')"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/docs" "$tmp/tests/docs" "$tmp/bin"
cp -r rules "$tmp/rules"; cp tests/docs/gen.sh "$tmp/tests/docs/"; cp docs/rules.md "$tmp/docs/"
sed -i 's/^title = fsync is off (data loss and corruption on crash)/title = fsync is off/' "$tmp/rules/durability/PK6001-fsync-off.ini"
expect_exit 1 "a changed rule makes the check fail" -- env PGKNOB="$PGKNOB" "$tmp/tests/docs/gen.sh" --check
check "the failure says what to run" grep -q "run 'make docs'" <<<"$ERR"
done_testing
