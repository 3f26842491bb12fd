#!/usr/bin/env bash
# needs: servers
# pgknob audit on the live pg_hba_file_rules, 13–18: the semantics rules fire on what the
# server reads (the same findings as pgknob lint on the same file), the file's errors come
# out at file:line, and what a pg_monitor role sees: pg_hba_file_rules is superuser-only by
# default; the tier establishes per major which grants open it (SELECT on the view alone,
# EXECUTE on the function alone, both) and records the result in the work dir's grants.txt.
# PGKNOB_HBA_MAJORS narrows the majors.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"
MAJORS="${PGKNOB_HBA_MAJORS:-13 14 15 16 17 18}"
TMP=$(mktemp -d /tmp/pgknob-hbaaudit.XXXXXX); chmod 755 "$TMP"
trap '[ -n "${PGKNOB_KEEP_WORK:-}" ] && echo "work dir kept: $TMP" || rm -rf "$TMP"' EXIT

audit_as() { # role -> $TMP/out.json
  "$PGKNOB" audit --format json --fail-on never "user=$1" >"$TMP/out.json" 2>"$TMP/err"
}
findings_of() { # rule -> "line line …"
  jq -r --arg r "$1" '[.findings[] | select(.rule == $r) | .line] | map(tostring) | join(" ")' "$TMP/out.json"
}
sees_hba() { # the audit read pg_hba_file_rules (no unavailable entry for it)
  jq -e '[.audit.unavailable[]? | select(.what | test("pg_hba_file_rules"))] | length == 0' "$TMP/out.json" >/dev/null
}

HBA='local all all trust
host all all 0.0.0.0/0 trust
host all all 10.0.0.0/8 md5
host replication all 10.0.0.0/8 scram-sha-256
host all all 10.0.0.0/33 md5
host replication all 192.168.0.0/16 md5
host all all fd00::/8 scram-sha-256
host all alice fd00:1::/32 md5
'
for major in $MAJORS; do
  if ! pg_cluster_start "$major" >/dev/null 2>"$TMP/start.log"; then
    fail "PostgreSQL $major did not start: $(tail -3 "$TMP/start.log")"; continue
  fi
  printf '%s' "$HBA" > "$PGDATA/pg_hba.conf"; chown postgres "$PGDATA/pg_hba.conf"
  pg_psql -c "CREATE ROLE mon LOGIN; GRANT pg_monitor TO mon;" >/dev/null
  audit_as postgres
  check "$major: superuser audit reads pg_hba_file_rules" sees_hba
  check "$major: PK0213 (trust for every address) on line 2" test "$(findings_of PK0213)" = 2
  # line 3, hidden by line 2's trust for every address, is named in line 2's PK0213; line 8,
  # hidden by line 7's scram-sha-256 (no warning there), is PK0210
  check "$major: PK0210 (line 8 shadowed by line 7)" test "$(findings_of PK0210)" = 8
  check "$major: PK0213 on line 2 names line 3, which it hides" \
    jq -e '[.findings[] | select(.rule == "PK0213" and .line == 2) | .message | test("line 3 never applies")] == [true]' "$TMP/out.json"
  check "$major: PK0217 (replication over host) on line 4" test "$(findings_of PK0217)" = 4
  check "$major: PK0201 (the file's bad line 5, as a restart would meet it)" test "$(findings_of PK0201)" = 5
  # on line 6: line 3's md5 is shadowed by line 2, and a line that never applies gets no other
  # finding (line 6's own replication over host folds into line 4's PK0217)
  check "$major: PK0214 md5 with the default password_encryption (scram from 14)" \
    test "$(findings_of PK0214)" = "$([ "$major" -ge 14 ] && echo 6)"
  # lint on the same file agrees with audit on the semantics rules
  "$PGKNOB" lint --no-rules --format json --pg-version "$major" "$PGDATA/pg_hba.conf" > "$TMP/lint.json" 2>/dev/null
  for rule in PK0210 PK0213 PK0217; do
    check "$major: lint and audit agree on $rule" \
      test "$(jq -r --arg r "$rule" '[.findings[] | select(.rule == $r) | .line] | map(tostring) | join(" ")' "$TMP/lint.json")" = "$(findings_of "$rule")"
  done
  # pg_monitor alone
  audit_as mon
  check "$major: pg_monitor alone cannot read pg_hba_file_rules (listed as unavailable)" \
    bash -c '! jq -e "[.audit.unavailable[]? | select(.what | test(\"pg_hba_file_rules\"))] | length == 0" "$1" >/dev/null' _ "$TMP/out.json"
  pg_psql -c "GRANT SELECT ON pg_hba_file_rules TO mon" >/dev/null
  audit_as mon; sees_hba && select_only=yes || select_only=no
  pg_psql -c "REVOKE SELECT ON pg_hba_file_rules FROM mon; GRANT EXECUTE ON FUNCTION pg_hba_file_rules() TO mon" >/dev/null
  audit_as mon; sees_hba && exec_only=yes || exec_only=no
  pg_psql -c "GRANT SELECT ON pg_hba_file_rules TO mon" >/dev/null
  audit_as mon; sees_hba && both=yes || both=no
  echo "$major select-only=$select_only execute-only=$exec_only both=$both" >> "$TMP/grants.txt"
  echo "# $major: pg_monitor + SELECT on the view: $select_only; + EXECUTE on the function: $exec_only; both: $both"
  check "$major: pg_monitor with SELECT on pg_hba_file_rules and EXECUTE on pg_hba_file_rules() reads it" test "$both" = yes
  check "$major: …and finds what the superuser finds (PK0213 on line 2)" test "$(findings_of PK0213)" = 2
  # "use scram-sha-256" needs SCRAM verifiers: a password set under the major's default
  # password_encryption logs in through a scram-sha-256 line from 14 on, on 13 (md5) only once
  # it is set again under scram-sha-256; an upgrade keeps MD5 hashes, so PK0213's hint says so
  # on every major, and names md5 as the major's default on 13
  pg_psql -c "CREATE ROLE pw LOGIN PASSWORD 'pw-secret'" >/dev/null
  printf 'local all pw scram-sha-256\nlocal all all trust\n' > "$PGDATA/pg_hba.conf"
  pg_psql -c 'SELECT pg_reload_conf()' >/dev/null; sleep 0.5
  pw_login() { PGPASSWORD=pw-secret "$PG_CLIENT_BIN/psql" -X -At -U pw -d postgres -c 'SELECT 1' >/dev/null 2>&1 && echo yes || echo no; }
  check "$major: a password set under the default encryption logs in through scram-sha-256 only from 14" \
    test "$(pw_login)" = "$([ "$major" -ge 14 ] && echo yes || echo no)"
  pg_psql -c "SET password_encryption = 'scram-sha-256'; ALTER ROLE pw PASSWORD 'pw-secret'" >/dev/null
  check "$major: …and once set again under scram-sha-256, it does" test "$(pw_login)" = yes
  printf 'host all all 0.0.0.0/0 md5\n' > "$TMP/weak.conf"
  "$PGKNOB" lint --pg-version "$major" --format json --fail-on never "$TMP/weak.conf" > "$TMP/weak.json" 2>/dev/null
  check "$major: PK0213's hint names md5 as the default on 13, and on every major says an MD5 hash must be set again" \
    test "$(jq -r '[.findings[] | select(.rule == "PK0213") | .hint | "\(test("PostgreSQL 13.s default")) \(test("again"))"] | join(" ")' "$TMP/weak.json")" = \
    "$([ "$major" -eq 13 ] && echo "true true" || echo "false true")"
  pg_cluster_stop
done
done_testing
