#!/usr/bin/env bash
# Golden reports in every format (tests/report/golden.sh), determinism, and timestamps that
# come only from SOURCE_DATE_EPOCH.
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"
while IFS= read -r line; do
  case "$line" in
    ok*) ok "${line#ok }" ;;
    FAIL*) fail "${line#FAIL }" ;;
    *) echo "  $line" ;;
  esac
done < <(tests/report/golden.sh --check)

conf=tests/report/confs/validation.conf
for fmt in md html json sarif github text; do
  a=$("$PGKNOB" lint --format "$fmt" "$conf"); b=$("$PGKNOB" lint --format "$fmt" "$conf")
  check "$fmt: same input, same bytes" [ "$a" = "$b" ]
done
out=$(env -u SOURCE_DATE_EPOCH "$PGKNOB" lint --format md "$conf")
check "md: no timestamp without SOURCE_DATE_EPOCH" bash -c '! grep -q "Generated" <<<"$0"' "$out"
out=$(SOURCE_DATE_EPOCH=1700000000 "$PGKNOB" lint --format md "$conf")
check "md: timestamp from SOURCE_DATE_EPOCH" grep -q '^- \*\*Generated:\*\* 2023-11-14T22:13:20Z$' <<<"$out"
out=$(SOURCE_DATE_EPOCH=1700000000 "$PGKNOB" lint --format sarif "$conf")
check "sarif: endTimeUtc from SOURCE_DATE_EPOCH" grep -q '"endTimeUtc": "2023-11-14T22:13:20Z"' <<<"$out"
out=$(SOURCE_DATE_EPOCH=garbage "$PGKNOB" lint --format md "$conf")
check "md: an invalid SOURCE_DATE_EPOCH is ignored" bash -c '! grep -q "Generated" <<<"$0"' "$out"
done_testing
