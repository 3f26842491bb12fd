#!/usr/bin/env bash
# Issue #12's layout rules hold over src/ (tests/docs/layout.sh), and each of them can fail: a
# copy of src/ with one violation planted per rule is refused, naming the rule and the place.
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"
expect_exit 0 "src/ keeps the layout rules (getopt, libpq, report-cli, json, globals, stderr, error-line, finding-id, finding-alloc, destructors)" \
  -- tests/docs/layout.sh .
check "... all ten of them" grep -qx 'layout: 10 rules hold' <<<"$OUT"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ln -s "$PROJECT_ROOT/rules" "$tmp/rules" # the shipped rules' ids are known ids
plant() { # rule, file (below src/), lines to append
  local rule="$1" file="$2"; shift 2
  rm -rf "$tmp/src"; cp -r src "$tmp/src"
  printf '%s\n' "$@" >> "$tmp/src/$file"
  expect_exit 1 "$rule: a planted violation in $file is refused" -- tests/docs/layout.sh "$tmp"
  check "... naming the rule and the file" grep -q "^layout: $rule: src/$file:[0-9]*:" <<<"$ERR"
}
plant getopt lint/lint.c 'int pk_planted(int c, char **v) { return getopt_long(c, v, "", 0, 0); }'
plant libpq audit/audit.c 'static void pk_planted(void *c) { PQfinish(c); }'
plant report-cli report/md.c '#include "cli/cli_diag.h"'
plant json report/json.c 'static const char *const pk_planted = "{\"findings\": []}";'
plant globals conf/conf.c 'static int pk_planted_counter;'
plant globals common/strbuf.c 'static const char *pk_planted_name = "x";'
plant globals lint/lint.c 'void pk_planted(void)' '{' '    static _Thread_local char buf[32];' '    (void)buf;' '}'
plant stderr rules/rules.c 'void pk_planted(void) { fprintf(stderr, "oops\n"); }'
plant error-line engine/engine.c 'const char *const pk_planted = "pgknob: error: x";'
plant finding-id audit/drift.c 'void pk_planted(FindingList *out) { findings_add(out, "PK0912", "audit.x", SEV_NOTICE, "audit"); }'
plant finding-alloc lint/cluster.c 'void pk_planted(Finding *f) { f->hint = xasprintf("%d", 1); }'
plant destructors model/finding.h 'void pk_planted_free(FindingList *list);'
plant finding-id lint/cluster.c 'void pk_planted(FindingList *out) { finding_raise(out, "PK0989", NULL); }'
rm -rf "$tmp/src"; cp -r src "$tmp/src"
printf '%s\n' 'static const char *const pk_fine[] = {"a", NULL};' 'static volatile sig_atomic_t pk_flag;' \
  '/* a comment may name getopt_long and PQexec( */' \
  'void pk_fine2(FindingList *out) { finding_raise(out, "PK0210", NULL); (void)"PK2001"; }' >> "$tmp/src/lint/lint.c"
expect_exit 0 "const tables, a signal flag, comments, a row's id and a shipped rule's id are not violations" -- tests/docs/layout.sh "$tmp"
done_testing
