#!/usr/bin/env bash
# reports/examples/ and the compiled-in stylesheet are current: `make examples` and
# tests/report/gen-style.sh would write exactly what is committed.
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"
while IFS= read -r line; do
  case "$line" in ok*) ok "${line#ok }" ;; FAIL*) fail "${line#FAIL }" ;; esac
done < <(tests/report/examples.sh --check)
check "src/report/style_css.auto.h matches reports/style.css" \
  bash -c 'cmp -s <(tests/report/gen-style.sh reports/style.css) src/report/style_css.auto.h'
check "examples cover every slow-series stage" \
  bash -c 'for s in labs/0*/; do [ -f "reports/examples/$(basename "$s").md" ] || exit 1; done'
if ! compgen -G "reports/examples/*.json" >/dev/null || ! compgen -G "reports/examples/*.sarif" >/dev/null; then
  fail "reports/examples has no JSON or no SARIF example (run make examples)"
elif tests/report/node-deps.sh; then
  check "every example JSON matches reports/report.schema.json" \
    node tests/report/validate.js reports/report.schema.json reports/examples/*.json
  check "every example SARIF is valid SARIF 2.1.0" node tests/report/validate.js \
    .cache/node/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json \
    reports/examples/*.sarif
else
  fail "could not install the JSON Schema validator (tests/report/node-deps.sh)"
fi
man=$(cmark-gfm --to man docs/pgknob.1.md)
check "the man page source renders with cmark-gfm --to man" grep -q '^\.SH' <<<"$man"
check "the man page documents -o, --config and --baseline" \
  bash -c 'for o in -o --config --baseline; do grep -qF -- "$o" docs/pgknob.1.md || exit 1; done'
done_testing
