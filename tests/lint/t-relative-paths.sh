#!/usr/bin/env bash
# needs: servers
# PK0066 (a relative hba_file): on the real 13 and 18, hba_file = 'sub/pg_hba.conf' in the data
# directory's postgresql.conf is read from sub/ under the directory pg_ctl was run from, not
# under the data directory: with the file only beside the data directory the server refuses to
# start, naming the launch directory; with it under the launch directory, it starts. pgknob warns
# on the relative path, makes ident_file's a notice, and says nothing of an absolute one.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-relpath.XXXXXX); chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT

pk0066() { # setting value: PK0066's severity
  printf "%s = '%s'\n" "$1" "$2" >"$TMP/c.conf"
  "$PGKNOB" lint --fail-on never --format json "$TMP/c.conf" 2>/dev/null |
    jq -r '[.findings[] | select(.rule == "PK0066") | .severity] | join(" ")'
}
check "pgknob: a relative hba_file is a warning (PK0066)" test "$(pk0066 hba_file sub/pg_hba.conf)" = warning
check "  a relative data_directory is a warning" test "$(pk0066 data_directory data)" = warning
check "  a relative ident_file is a notice" test "$(pk0066 ident_file ./pg_ident.conf)" = notice
check "  close miss: an absolute hba_file is not" test -z "$(pk0066 hba_file /etc/postgresql/pg_hba.conf)"

start_from() { # launch-dir: 0 when the server started from there
  local bin; bin=$(cat "$PG_CLUSTER/bin")
  chown postgres "$1"
  (cd "$1" && runuser -u postgres -- "$bin/pg_ctl" -D "$PG_CLUSTER/data" -l "$1/log" -w -t 20 \
    -o "-c listen_addresses='' -c unix_socket_directories='$PG_CLUSTER' -p $(cat "$PG_CLUSTER/port")" \
    start >/dev/null 2>&1)
}
refuses_from() { ! start_from "$1"; }
for major in 13 18; do
  pg_cluster_start "$major" || { check "$major: a server starts" false; continue; }
  data=$PG_CLUSTER/data
  pg_as_postgres "$(cat "$PG_CLUSTER/bin")/pg_ctl" -D "$data" -m fast -w stop >/dev/null
  pg_as_postgres mkdir -p "$data/sub"
  pg_as_postgres cp "$data/pg_hba.conf" "$data/sub/"
  echo "hba_file = 'sub/pg_hba.conf'" | pg_as_postgres tee -a "$data/postgresql.conf" >/dev/null
  launch=$TMP/launch$major; mkdir -p "$launch"
  check "$major: with sub/pg_hba.conf only under the data directory, it refuses to start" \
    refuses_from "$launch"
  check "  and its log names the launch directory's sub/pg_hba.conf" \
    grep -q "\"$launch/sub/pg_hba.conf\"" "$launch/log"
  mkdir -p "$launch/sub" && cp "$data/pg_hba.conf" "$launch/sub/" && chown -R postgres "$launch/sub"
  rm -f "$launch/log"
  check "  close miss: with it under the launch directory, it starts" start_from "$launch"
  pg_cluster_stop
done

# PK0061 on log_directory: the collector makes only its last directory, so logs/pg_log in a new
# data directory refuses to start on the real 13 and 18; one level (pg_log) starts
pk0061() { # log_directory: PK0061's severity
  printf "logging_collector = on\nlog_directory = '%s'\n" "$1" >"$TMP/l.conf"
  "$PGKNOB" lint --fail-on never --format json "$TMP/l.conf" 2>/dev/null |
    jq -r '[.findings[] | select(.rule == "PK0061") | .severity] | join(" ")'
}
check "pgknob: a nested relative log_directory is a warning (PK0061)" test "$(pk0061 logs/pg_log)" = warning
check "  an absolute one is a notice (it must exist on the server)" test "$(pk0061 /LOGS)" = notice
check "  close miss: one level, which the server makes, is nothing" test -z "$(pk0061 pg_log)"
for major in 13 18; do
  PG_SERVER_OPTS="-c logging_collector=on -c log_directory=logs/pg_log" pg_cluster_start "$major" 2>/dev/null &&
    { started=yes; pg_cluster_stop; } || started=no
  check "$major: log_directory = logs/pg_log in a new data directory: refused" test "$started" = no
  PG_SERVER_OPTS="-c logging_collector=on -c log_directory=pg_log" pg_cluster_start "$major" 2>/dev/null &&
    { started=yes; pg_cluster_stop; } || started=no
  check "$major: close miss: log_directory = pg_log starts" test "$started" = yes
done
done_testing
