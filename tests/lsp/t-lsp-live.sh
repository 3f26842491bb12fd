#!/usr/bin/env bash
# needs: servers
# The language server's live mode against real servers 13–18: a value changed by ALTER SYSTEM
# shows in hover with its source (postgresql.auto.conf), a postmaster setting changed in the
# file and reloaded shows as a pending restart on its line, a line the server could not apply
# is an error on its line, and the code action shows the ALTER SYSTEM statement. As a superuser
# (pg_file_settings readable) and as a pg_monitor-only role (it is not: pending restarts by name).
# An unreachable server is one diagnostic, and its password is never shown.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"
T="$(mktemp -d /tmp/pgknob-lsp-live.XXXXXX)"
chmod 755 "$T"
trap 'rm -rf "$T"' EXIT
MAJORS="${PGKNOB_LIVE_MAJORS:-13 14 15 16 17 18}"
lq() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$T/live.json" "$1"; }

for major in $MAJORS; do
  pg_cluster_start "$major" >/dev/null || { check "PostgreSQL $major starts" false; continue; }
  pg_psql -c "ALTER SYSTEM SET work_mem = '8MB'" -c "CREATE ROLE mon LOGIN IN ROLE pg_monitor" >/dev/null
  conf="$PGDATA/postgresql.conf"
  printf 'shared_buffers = 256MB\nmax_wal_size = 2GB\nwal_level = replica\n' >> "$conf"
  printf 'work_mem = 4MB\n' >> "$conf"
  pg_cluster_reload >/dev/null; sleep 0.5
  cp "$conf" "$T/copy.conf"; chmod 644 "$T/copy.conf"
  conninfo="host=$PGHOST port=$PGPORT user=postgres dbname=postgres"
  expect_exit 0 "$major: a live session on the server's own postgresql.conf" -- \
    python3 tests/lsp/live_session.py "$PGKNOB" "$conf" "$conninfo" "$T/live.json" shared_buffers work_mem
  sb_line=$(lq 'd["lines"]["shared_buffers"]')
  check "$major: pending restart shown on the shared_buffers line ($((sb_line + 1)))" \
    test "$(lq '[x["severity"] for x in d["diagnostics"] if x.get("code") == "pending_restart" and x["range"]["start"]["line"] == d["lines"]["shared_buffers"]]')" = "[2]"
  check "$major: ... saying what the server still uses (128MB)" \
    grep -q 'the running server still uses shared_buffers = 128MB' <<<"$(lq 'd["diagnostics"]')"
  check "$major: max_wal_size (applied on reload) has no live diagnostic" \
    test "$(lq 'len([x for x in d["diagnostics"] if x.get("source") == "pgknob live" and "max_wal_size" in x["message"]])')" = 0
  check "$major: hover on work_mem gives the live value and its source, postgresql.auto.conf" \
    bash -c 'grep -q "Live.*work_mem = 8MB.*postgresql.auto.conf" <<<"$1" && grep -q "another file" <<<"$1"' _ "$(lq 'd["hover"]["work_mem"]')"
  check "$major: hover on shared_buffers says pending restart" \
    grep -q 'pending restart' <<<"$(lq 'd["hover"]["shared_buffers"]')"
  check "$major: the code action shows ALTER SYSTEM for the line" \
    test "$(lq 'd["message"]')" = "ALTER SYSTEM SET shared_buffers = '256MB';"
  check "$major: the session ends with exit 0" test "$(lq 'd["exit"]')" = 0
  # a pg_monitor role cannot read pg_file_settings: pending restarts come by name
  expect_exit 0 "$major: as a pg_monitor-only role" -- \
    python3 tests/lsp/live_session.py "$PGKNOB" "$conf" "host=$PGHOST port=$PGPORT user=mon dbname=postgres" "$T/live.json" shared_buffers
  check "$major: pg_monitor: pending restart still on the shared_buffers line" \
    test "$(lq '[x["code"] for x in d["diagnostics"] if x["range"]["start"]["line"] == d["lines"]["shared_buffers"] and x.get("source") == "pgknob live"]')" = "['pending_restart']"
  # a copy elsewhere is not the server's file: no live diagnostic, hover still tells
  expect_exit 0 "$major: a copy of the file outside the data directory" -- \
    python3 tests/lsp/live_session.py "$PGKNOB" "$T/copy.conf" "$conninfo" "$T/live.json" work_mem
  check "$major: ... gets no live diagnostic" \
    test "$(lq 'len([x for x in d["diagnostics"] if x.get("source") == "pgknob live"])')" = 0
  pg_cluster_stop
done

# a line the server rejects: an error on its line (superuser view of pg_file_settings)
pg_cluster_start 18 >/dev/null
printf "log_min_duration_statement = '5 fortnights'\n" >> "$PGDATA/postgresql.conf"
pg_cluster_reload >/dev/null; sleep 0.5
expect_exit 0 "18: a line with a value the server rejects" -- \
  python3 tests/lsp/live_session.py "$PGKNOB" "$PGDATA/postgresql.conf" "host=$PGHOST port=$PGPORT user=postgres dbname=postgres" "$T/live.json" log_min_duration_statement
check "18: ... is an error from the live server on that line" \
  test "$(lq '[x["severity"] for x in d["diagnostics"] if x.get("code") == "not_applied" and x["range"]["start"]["line"] == d["lines"]["log_min_duration_statement"]]')" = "[1]"
# an unreachable server: one diagnostic saying so, the password never shown
expect_exit 0 "a server that cannot be reached" -- \
  python3 tests/lsp/live_session.py "$PGKNOB" "$PGDATA/postgresql.conf" "host=$PGHOST port=1 user=postgres password=hunter2secret dbname=postgres" "$T/live.json" work_mem
check "... says so in one diagnostic" \
  test "$(lq 'len([x for x in d["diagnostics"] if x.get("code") == "live"])')" = 1
check "... without the password" bash -c '! grep -q hunter2secret "$1"' _ "$T/live.json"
done_testing
