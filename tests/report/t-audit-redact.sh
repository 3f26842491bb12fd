#!/usr/bin/env bash
# needs: servers
# Redaction in `pgknob audit` reports, against a real PostgreSQL 18: a primary_conninfo password
# and a parameter named on the .pgknob.ini redaction list never appear in any format;
# a bad .pgknob.ini stops the audit with file:line and exit 2 before it connects.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

if ! pg_cluster_start 18 >/dev/null 2>"$work/start.err"; then
  fail "could not start PostgreSQL 18: $(head -c 300 "$work/start.err")"; done_testing; exit 1
fi
cat >> "$PGDATA/postgresql.conf" <<'CONF'
primary_conninfo = 'host=primary user=repl password=hunter8-conninfo'
cluster_name = 'hunter9-custom'
CONF
pg_cluster_restart >/dev/null 2>&1 || fail "restart with the secrets"
cd "$work"
out=$("$PGKNOB" audit --fail-on never --format md --appendix 2>/dev/null)
check "control: without a redaction list the custom value is visible" grep -q 'hunter9-custom' <<<"$out"
check "the conninfo password is redacted without any list" bash -c '! grep -q hunter8 <<<"$0"' "$out"
printf '[pgknob]\nredact = cluster_*\n' > .pgknob.ini
for fmt in md html json sarif github text; do
  out=$("$PGKNOB" audit --fail-on never --format "$fmt" 2>/dev/null); rc=$?
  check "audit $fmt: ran (exit $rc)" [ "$rc" -eq 0 ]
  check "audit $fmt: no secret from the server's settings" bash -c '! grep -Eq "hunter[89]" <<<"$0"' "$out"
done
printf '[pgknob]\nredact = a\nbogus = 1\n' > .pgknob.ini
expect_exit 2 "audit with a bad .pgknob.ini: exit 2" -- "$PGKNOB" audit --format json
check "the error names .pgknob.ini:3" grep -q '^pgknob: error: .pgknob.ini:3: unknown key "bogus"' <<<"$ERR"
done_testing
