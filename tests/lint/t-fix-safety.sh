#!/usr/bin/env bash
# docs/fix.md's safety table, rule by rule, against the rules (no server): it lists exactly the
# rules with a fix; every [example.fail.N] of the shipped packs, linted on the newest major it
# claims, gives each rule's fixes the safety the table says (safe or unsafe; "depends" rows are
# judged per configuration); the validation rows against small files of their own.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

tmp="$(mktemp -d /tmp/pgknob-fixsafety.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
python3 tests/lint/fix-cases.py rules /nonexistent "$tmp" > "$tmp/cases" || fail "listing the examples"
safeties() { # lint JSON on stdin → RULE<TAB>safety,safety
  jq -r '.findings[] | select(.fix | length > 0) | .rule + "\t" + ([.fix[].safety] | join(","))'
}
n=0
while IFS=$'\t' read -r label majors host conf; do
  hostopt=(); [ "$host" != - ] && hostopt=(--host "$host")
  "$PGKNOB" lint --pg-version "${majors##*,}" "${hostopt[@]}" --format json --fail-on never "$conf" | safeties >> "$tmp/seen" ||
    fail "$label: lint"
  n=$((n + 1))
done < "$tmp/cases"
printf "unix_socket_directory = '/tmp'\nwal_keep_segments = 8\n" > "$tmp/v1.conf"
printf "checkpoint_segments = 16\nwork_mem = 4mb\n" > "$tmp/v2.conf"
printf "ssl_ecdh_curve = 'prime256v1'\n" > "$tmp/v3.conf"
printf "notify_sequester_buffer_mb = 10\n" > "$tmp/v4.conf"
for conf in "$tmp"/v*.conf; do
  "$PGKNOB" lint --pg-version 18 --format json --fail-on never "$conf" | safeties >> "$tmp/seen"
done
for rid in PK0011 PK0012 PK0020; do
  check "$rid has a fix in the validation files" grep -q "^$rid	" "$tmp/seen"
done
# a name no major has and none resembles: the suggestion says remove it, and fix can, unsafe
# (held-out set 28, h28b 23)
check "PK0010 with no close name: its removal is a fix, unsafe" grep -q "^PK0010	unsafe$" "$tmp/seen"
out="$(python3 tests/lint/fix-safety-table.py rules docs/fix.md "$tmp/seen")"
problems="$(grep -v '^checked ' <<<"$out")"
checked="$(sed -n 's/^checked //p' <<<"$out")"
check "the table matches the rules and $n examples ($checked findings checked): ${problems//$'\n'/; }" test -z "$problems"
check "some findings were checked" test "${checked:-0}" -gt 50
done_testing
