#!/usr/bin/env bash
# needs: servers
# Switches a DBA catches in seconds (review 2026-12w, h24b 19 and h24c 38), each proven on the
# real 13 and 18 with its close miss:
# PK8019: allow_system_table_mods = on lets a superuser create a table in pg_catalog; off refuses.
# PK8020: lo_compat_privileges = on lets a role read a large object it was never granted; off
#   refuses ("permission denied for large object").
# PK8021: at log_min_messages = debug3 the postmaster writes its environment, a secret included,
#   to the log as it starts; at debug2 it does not.
# PK3058/PK3059: an archive_command whose other branch exits 0 has segments counted archived with
#   none in the archive; exit 1 is counted a failure.
# PK0095: listen_addresses with a port after its only address stops the server; beside an entry
#   that works it starts.
# PK9005: lock_timeout in the server's settings fails a session that waits longer for a lock;
#   0 waits.
# PK0060: a well-formed locale the server lacks (xx_YY.UTF-8, which no system has) stops it at
#   startup; C.UTF-8 starts. Off the target pgknob says the server must have it, at notice.
# PK7003: log_statement = ddl, the value its fix writes, still logs a password CREATE or ALTER
#   ROLE gives in clear text; none does not.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-switch.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

fires() { # rule conf-text: the rule's severity, or nothing
  printf '%b' "$2" >"$TMP/c.conf"
  "$PGKNOB" lint --fail-on never --format json "$TMP/c.conf" 2>/dev/null |
    jq -r --arg r "$1" '[.findings[] | select(.rule == $r) | .severity] | join(" ")'
}
check "PK8019 warns on allow_system_table_mods = on" test "$(fires PK8019 'allow_system_table_mods = on\n')" = warning
check "PK8019 is quiet on off" test -z "$(fires PK8019 'allow_system_table_mods = off\n')"
check "PK8020 warns on lo_compat_privileges = on" test "$(fires PK8020 'lo_compat_privileges = on\n')" = warning
check "PK8020 is quiet on off" test -z "$(fires PK8020 'lo_compat_privileges = off\n')"
# one line, one finding: PK7007's warning on the level says the environment too, and PK8021 is
# listed as suppressed; in a debugging setup, where PK7007 is a notice, the leak is its own warning
said() { # conf-text: PK7007's severity, whether it names the environment, PK8021's suppressed
  printf '%b' "$1" >"$TMP/c.conf"
  "$PGKNOB" lint --fail-on never --format json "$TMP/c.conf" 2>/dev/null |
    jq -r '[([.findings[] | select(.rule == "PK7007") | "\(.severity) \(.message | test("whole environment"))"] | join(",")),
            ([.findings[] | select(.rule == "PK8021") | "\(.severity) \(.suppressed // false)"] | join(","))] | join(" / ")'
}
for level in debug3 debug5; do
  check "at $level PK7007 warns and names the environment; PK8021 is suppressed into it" \
    test "$(said "log_min_messages = $level\n")" = "warning true / warning true"
done
check "PK8021 is quiet at debug2" test -z "$(fires PK8021 'log_min_messages = debug2\n')"
check "PK8021 stays a warning of its own in a debugging setup (not the verbose log's cause)" \
  test "$(said 'log_min_messages = debug5\ndebug_print_plan = on\n')" = "notice false / warning false"

catalog_ddl() { # major on|off: prints created|refused
  PG_SERVER_OPTS="-c allow_system_table_mods=$2" pg_cluster_start "$1" || { echo no-server; return; }
  local err
  if err=$(pg_psql -c "CREATE TABLE pg_catalog.pgknob_t (i int)" 2>&1 >/dev/null); then
    echo created
  elif grep -q "permission denied" <<<"$err"; then
    echo refused
  else
    echo "other: ${err:0:200}"
  fi
  pg_cluster_stop
}
foreign_lo() { # major on|off: prints read|refused
  PG_SERVER_OPTS="-c lo_compat_privileges=$2" pg_cluster_start "$1" || { echo no-server; return; }
  local oid out
  pg_psql -c "CREATE ROLE reader LOGIN" >/dev/null
  oid=$(pg_psql -c "SELECT lo_from_bytea(0, 'secret-doc')")
  out=$(PGUSER=reader pg_psql -c "SELECT convert_from(lo_get($oid), 'UTF8')" 2>&1)
  if [ "$out" = secret-doc ]; then
    echo read
  elif grep -q "permission denied for large object" <<<"$out"; then
    echo refused
  else
    echo "other: ${out:0:200}"
  fi
  pg_cluster_stop
}
environment_logged() { # major level: prints logged|absent
  local secret="pgknob-secret-$RANDOM$RANDOM" result
  PGKNOB_T_SECRET="$secret" PG_SERVER_OPTS="-c log_min_messages=$2" pg_cluster_start "$1" ||
    { echo no-server; return; }
  if grep -q "PGKNOB_T_SECRET=$secret" "$PG_CLUSTER/server.log"; then result=logged; else result=absent; fi
  pg_cluster_stop
  echo "$result"
}
server_start() { # major setting value refusal: prints started, refused, or the complaint
  local err
  # started inside $( ), the cluster stops when that ends; the refusal may be in its log
  if err=$(PG_SERVER_OPTS="-c $2='$3'" pg_cluster_start "$1" 2>&1 >/dev/null); then
    echo started
  elif grep -q "$4" <<<"$err$(cat /tmp/pgknob-pg.*/server.log 2>/dev/null)"; then
    echo refused
  else
    echo "other: ${err:0:200}"
  fi
}
locale_start() { server_start "$1" lc_messages "$2" 'invalid value for parameter "lc_messages"'; }
lock_wait() { # major lock_timeout: prints waited|timed-out, for a session waiting on a lock
  PG_SERVER_OPTS="-c lock_timeout=$2" pg_cluster_start "$1" || { echo no-server; return; }
  pg_psql -c "CREATE TABLE pgknob_l (i int)" >/dev/null
  # one session holds the table for 3 seconds; the other asks for it after a moment
  pg_psql -c "BEGIN; LOCK pgknob_l; SELECT pg_sleep(3); COMMIT" >/dev/null 2>&1 &
  local holder=$! err
  sleep 0.5
  if err=$(pg_psql -c "BEGIN; LOCK pgknob_l; COMMIT" 2>&1); then echo waited
  elif grep -q "canceling statement due to lock timeout" <<<"$err"; then echo timed-out
  else echo "other: ${err:0:200}"; fi
  wait "$holder"
  pg_cluster_stop
}
archived() { # major command: prints "<archived_count> <failed_count> <files in the archive>"
  local arch="$TMP/arch$1$RANDOM"; mkdir -p "$arch"; chmod 777 "$arch"
  local cmd=${2//ARCH/$arch}
  PG_SERVER_OPTS="-c archive_mode=on -c archive_command='$cmd' -c archive_timeout=0" \
    pg_cluster_start "$1" || { echo no-server; return; }
  pg_psql -c "CREATE TABLE w (i int); INSERT INTO w SELECT generate_series(1, 1000)" >/dev/null
  pg_psql -c "SELECT pg_switch_wal()" >/dev/null
  local tries out=""
  for tries in $(seq 1 40); do
    out=$(pg_psql -c "SELECT archived_count, failed_count FROM pg_stat_archiver" | tr '|' ' ')
    [ "${out%% *}" != 0 ] || [ "${out##* }" != 0 ] && break
    sleep 0.25
  done
  pg_cluster_stop
  echo "$out $(ls "$arch" | wc -l)"
}
check "PK3059 warns on an archive_command whose other branch exits 0" \
  test "$(fires PK3059 "archive_mode = on\narchive_command = 'if [ -f /run/on ]; then cp %p /a/%f; else exit 0; fi'\n")" = warning
check "PK3059 is quiet where the paused branch exits 1" \
  test -z "$(fires PK3059 "archive_mode = on\narchive_command = 'if [ -f /run/pause ]; then exit 1; else cp %p /a/%f; fi'\n")"
conninfo_reader() { # major role-setup: prints what the role reads of primary_conninfo
  PG_SERVER_OPTS="-c primary_conninfo='host=x user=r password=s3cret'" pg_cluster_start "$1" ||
    { echo no-server; return; }
  pg_psql -c "CREATE ROLE watcher LOGIN; $2" >/dev/null
  local got; got=$(PGUSER=watcher pg_psql -c "SHOW primary_conninfo" 2>&1 | head -1)
  pg_cluster_stop
  if [[ $got == *s3cret* ]]; then echo read; elif [[ $got == *ERROR* ]]; then echo refused; else echo "other: $got"; fi
}
check "PK8015 names pg_read_all_settings beside superusers" \
  bash -c '"$1" lint --fail-on never --format json "$2" | grep -q "members of pg_read_all_settings"' _ "$PGKNOB" \
  "$(printf "primary_conninfo = 'host=x user=r password=s3cret'\n" >"$TMP/pc.conf"; echo "$TMP/pc.conf")"
listen_start() { server_start "$1" listen_addresses "$2" "could not create any TCP/IP sockets"; }
role_password_logged() { # major log_statement: prints logged|absent for ALTER ROLE's password
  PG_SERVER_OPTS="-c log_statement=$2" pg_cluster_start "$1" || { echo no-server; return; }
  pg_psql -c "CREATE ROLE pgknob_r" -c "ALTER ROLE pgknob_r PASSWORD 'pgknob-clear-text'" >/dev/null
  sleep 0.3
  if grep -q "pgknob-clear-text" "$(pg_server_log)"; then echo logged; else echo absent; fi
  pg_cluster_stop
}
printf "listen_addresses = 'localhost:5432'\n" >"$TMP/lp.conf"
check "PK0095: an address written with a port is an error that refuses start" \
  test "$("$PGKNOB" lint --fail-on never --format json "$TMP/lp.conf" | jq -r '.findings[] | select(.rule == "PK0095") | "\(.severity) \(.refuses_start)"')" = "error true"
printf "listen_addresses = 'localhost:5432, *'\n" >"$TMP/lp2.conf"
check "PK0095: beside an entry that works it is a warning" \
  test "$("$PGKNOB" lint --fail-on never --format json "$TMP/lp2.conf" | jq -r '.findings[] | select(.rule == "PK0095") | "\(.severity) \(.refuses_start // false)"')" = "warning false"
printf "listen = 'localhost:5432'\n" >"$TMP/lp3.conf"
check "PK0010's rename of listen keeps no port: no fix is proposed that PK0095 refuses" \
  bash -c '! "$1" fix --diff "$2" 2>/dev/null | grep -q "listen_addresses"' _ "$PGKNOB" "$TMP/lp3.conf"
check "PK9005 is a notice on lock_timeout = '1s' set server-wide" test "$(fires PK9005 "lock_timeout = '1s'\n")" = notice
check "PK9005 leaves 50ms to PK9001's warning" test "$(fires PK9005 "lock_timeout = '50ms'\n")/$(fires PK9001 "lock_timeout = '50ms'\n")" = "/warning"
printf "lc_messages = 'xx_YY.UTF-8'\n" >"$TMP/loc.conf"
check "PK0060: a well-formed locale off the target is a notice that the server must have it" \
  test "$("$PGKNOB" lint --fail-on never --format json "$TMP/loc.conf" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0060") | .severity + " " + (.message | test("must exist on the server") | tostring)] | join(",")')" = "notice true"
for major in 13 18; do
  # PK7003's explanation: ddl, the value it suggests, still logs a role's clear-text password
  check "$major: log_statement = ddl logs the password ALTER ROLE gives in clear text (PK7003)" \
    test "$(role_password_logged "$major" ddl)" = logged
  check "$major: close miss: log_statement = none does not" test "$(role_password_logged "$major" none)" = absent
  check "$major: a locale the system lacks stops the server at startup" test "$(locale_start "$major" xx_YY.UTF-8)" = refused
  check "$major: close miss: C.UTF-8 starts" test "$(locale_start "$major" C.UTF-8)" = started
  check "$major: allow_system_table_mods = on lets a superuser create a table in pg_catalog" \
    test "$(catalog_ddl "$major" on)" = created
  check "$major: close miss: off refuses it" test "$(catalog_ddl "$major" off)" = refused
  check "$major: lo_compat_privileges = on lets a role read a large object it was not granted" \
    test "$(foreign_lo "$major" on)" = read
  check "$major: close miss: off refuses it" test "$(foreign_lo "$major" off)" = refused
  check "$major: log_min_messages = debug3 writes the environment's secret to the log" \
    test "$(environment_logged "$major" debug3)" = logged
  check "$major: close miss: debug2 does not" test "$(environment_logged "$major" debug2)" = absent
  check "$major: lock_timeout = 1s in the server's settings fails a session waiting 3s for a lock" \
    test "$(lock_wait "$major" 1s)" = timed-out
  check "$major: close miss: lock_timeout = 0 waits" test "$(lock_wait "$major" 0)" = waited
  check "$major: listen_addresses = 'localhost:5432' stops the server (PK0095)" \
    test "$(listen_start "$major" 'localhost:5432')" = refused
  check "$major: close miss: 'localhost:5432, localhost' starts on the entry that works" \
    test "$(listen_start "$major" 'localhost:5432, localhost')" = started
  check "$major: a pg_monitor member reads primary_conninfo's password (PK8015)" \
    test "$(conninfo_reader "$major" "GRANT pg_monitor TO watcher")" = read
  check "$major: close miss: a plain role is refused" test "$(conninfo_reader "$major" "SELECT 1")" = refused
  # the server counts a segment as archived when the command exits 0, whatever it copied
  got=$(archived "$major" "if [ -f /nonexistent/on ]; then cp %p ARCH/%f; else exit 0; fi")
  check "$major: an else-exit-0 archive_command: segments counted archived, none in the archive ($got)" \
    bash -c '[ "${1%% *}" -ge 1 ] && [ "${1##* }" = 0 ]' _ "$got"
  got=$(archived "$major" "if [ -f /nonexistent/on ]; then cp %p ARCH/%f; else exit 1; fi")
  check "$major: close miss: exit 1 is counted a failure and the segment kept ($got)" \
    bash -c 'set -- $1; [ "$1" = 0 ] && [ "$2" -ge 1 ]' _ "$got"
done

done_testing
