#!/usr/bin/env bash
# needs: servers
# client_encoding in postgresql.conf (PK6006 SQL_ASCII, PK6007 another encoding): on a real server
# of every major, the file's value is the encoding of a session whose client names none (psql
# without a terminal and without PGCLIENTENCODING, as libpq sends none unless asked), in place of
# the database's. SQL_ASCII turns conversion off: a LATIN1 byte is refused by a UTF8 database and
# the database's bytes go out as they are. LATIN1 converts: UTF-8 text becomes other characters.
# Close misses: no line (the database's encoding) and utf8. backslash_quote (PK8018): the default
# refuses \' from an SJIS client, on accepts it.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

MAJORS="${CE_MAJORS:-13 14 15 16 17 18}"
TMP=$(mktemp -d /tmp/pgknob-ce.XXXXXX); chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT
unset PGCLIENTENCODING

rules_of() { # major conf-text
  printf '%b' "$2" >"$TMP/c.conf"
  "$PGKNOB" lint --fail-on never --pg-version "$1" --format json "$TMP/c.conf" 2>/dev/null |
    jq -r '[.findings[] | select(.rule | test("PK600[67]")) | "\(.rule):\(.severity)"] | join(" ")'
}
# a session of psql with no terminal (stdin a pipe): libpq sends no client_encoding
piped() { printf '%b' "$1" | "$PG_CLIENT_BIN/psql" -X -A -t -q 2>&1; }
set_line() { # line or "" for none
  sed -i '/^client_encoding/d' "$PGDATA/postgresql.conf"
  [ -n "$1" ] && echo "$1" >>"$PGDATA/postgresql.conf"
  pg_cluster_restart
}

for major in $MAJORS; do
  pg_cluster_start "$major" -E UTF8 --locale=C || { fail "PostgreSQL $major: cluster"; continue; }
  set_line "client_encoding = sql_ascii"
  got="$(pg_as_postgres "$PG_BIN/postgres" -D "$PGDATA" -C client_encoding 2>&1)"
  check "$major: postgres -C client_encoding with the line is SQL_ASCII ($got)" test "$got" = SQL_ASCII
  got="$(piped 'SHOW client_encoding;')"
  check "$major: a session without a terminal takes the file's SQL_ASCII ($got)" test "$got" = SQL_ASCII
  got="$(piped "SELECT 'caf\\xe9';")"
  check "$major: no conversion: a LATIN1 byte reaches the UTF8 database and is refused" \
    grep -q 'invalid byte sequence for encoding "UTF8"' <<<"$got"
  got="$(PGCLIENTENCODING=LATIN1 "$PG_CLIENT_BIN/psql" -X -A -t -q -c 'SHOW client_encoding' 2>&1)"
  check "$major: a client that names its encoding keeps it ($got)" test "$got" = LATIN1
  check "$major: pgknob warns (PK6006)" test "$(rules_of "$major" "client_encoding = sql_ascii\n")" = "PK6006:warning"

  set_line "client_encoding = latin1"
  got="$(piped "SELECT length('caf\\xc3\\xa9');")"
  check "$major: with latin1, a UTF-8 é is read as two characters (length $got)" test "$got" = 5
  check "$major: pgknob gives a notice (PK6007)" test "$(rules_of "$major" "client_encoding = latin1\n")" = "PK6007:notice"

  set_line ""
  got="$(piped 'SHOW client_encoding;')"
  check "$major: close miss, no line: the session takes the database's encoding ($got)" test "$got" = UTF8
  check "$major: close miss: no line, no finding" test -z "$(rules_of "$major" "work_mem = 8MB\n")"
  check "$major: close miss: utf8, no finding" test -z "$(rules_of "$major" "client_encoding = utf8\n")"

  # backslash_quote (PK8018): the default refuses \' from a client in SJIS, where a backslash's
  # byte can end a character; on accepts it, as the rule says
  got="$(printf "SELECT E'a\\\\'b';" | PGCLIENTENCODING=SJIS "$PG_CLIENT_BIN/psql" -X -A -t -q 2>&1)"
  check "$major: safe_encoding refuses \\' from an SJIS client" grep -q "unsafe use of \\\\' in a string literal" <<<"$got"
  echo "backslash_quote = on" >>"$PGDATA/postgresql.conf"
  pg_cluster_restart
  got="$(printf "SELECT E'a\\\\'b';" | PGCLIENTENCODING=SJIS "$PG_CLIENT_BIN/psql" -X -A -t -q 2>&1)"
  check "$major: backslash_quote = on takes it as a quote ($got)" test "$got" = "a'b"
  sed -i '/^backslash_quote/d' "$PGDATA/postgresql.conf"
  bq() { printf '%b' "$1" >"$TMP/b.conf"; "$PGKNOB" lint --fail-on never --pg-version "$major" --format json "$TMP/b.conf" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK8018") | .severity] | join(" ")'; }
  check "$major: pgknob warns on backslash_quote = on (PK8018), not on safe_encoding" \
    test "$(bq "backslash_quote = on\n")/$(bq "backslash_quote = safe_encoding\n")" = "warning/"
  pg_cluster_stop
done
done_testing
