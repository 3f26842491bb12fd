#!/usr/bin/env bash
# The C sources follow .clang-format (make format-check), and the check can fail.
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"
expect_exit 0 "make format-check passes on the tree" -- make --no-print-directory format-check
check "... and counts the files it checked" grep -Eq '^[0-9]+ C files follow' <<<"$OUT"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tests/docs" "$tmp/tests/unit" "$tmp/tests/fuzz" "$tmp/tests/pg" "$tmp/tools"
cp .clang-format "$tmp/"; cp tests/docs/format.sh "$tmp/tests/docs/"; cp -r src "$tmp/src"
expect_exit 0 "an unchanged copy passes" -- "$tmp/tests/docs/format.sh" --check "$tmp"
printf 'int pk_badly_formatted(void){return  1;}\n' >> "$tmp/src/common/xalloc.c"
expect_exit 1 "a badly formatted function makes the check fail" -- "$tmp/tests/docs/format.sh" --check "$tmp"
check "... naming the file" grep -q 'src/common/xalloc.c: not formatted' <<<"$ERR"
check "... and saying what to run" grep -q "run 'make format'" <<<"$ERR"
expect_exit 0 "make format's rewrite fixes it" -- "$tmp/tests/docs/format.sh" "$tmp"
expect_exit 0 "... and the check passes again" -- "$tmp/tests/docs/format.sh" --check "$tmp"
printf 'static const char x[] = "generated"  ;\n' >> "$tmp/src/catalog/catalog_data.auto.c" 2>/dev/null || true
expect_exit 0 "generated *.auto.* files are left alone" -- "$tmp/tests/docs/format.sh" --check "$tmp"
done_testing
