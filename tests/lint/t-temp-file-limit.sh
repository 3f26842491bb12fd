#!/usr/bin/env bash
# needs: servers
# PK9004 (temp_file_limit of 0 or below work_mem or maintenance_work_mem) against the real servers
# 13-18: 0 is a limit of zero bytes, not "no limit", so a sort that spills fails; a limit below
# work_mem fails a sort that only just spills, because the sort writes its whole memory out at
# once, and a limit below maintenance_work_mem an index build that only just spills (held-out set
# 30, h30a 06: 16000kB under maintenance_work_mem = 16MB). -1 runs them all. pgknob warns on the
# first three and not on -1 or a limit above both.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

MAJORS="${TFL_MAJORS:-13 14 15 16 17 18}"
TMP=$(mktemp -d /tmp/pgknob-tfl.XXXXXX); chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT

pk9004() { # major conf-text
  printf '%b' "$2" >"$TMP/c.conf"
  "$PGKNOB" lint --fail-on never --pg-version "$1" --format json "$TMP/c.conf" 2>/dev/null |
    jq -r '[.findings[] | select(.rule == "PK9004") | .severity] | join(" ")'
}

spill() { # limit work_mem rows: one sort that outgrows work_mem
  "$PG_CLIENT_BIN/psql" -X -A -t -q -c "SET temp_file_limit = '$1'" -c "SET work_mem = '$2'" \
    -c "SELECT count(*) FROM (SELECT g FROM generate_series(1, $3) g ORDER BY g DESC) s" 2>&1
}

index_build() { # limit maintenance_work_mem: a CREATE INDEX whose sort just outgrows its memory
  "$PG_CLIENT_BIN/psql" -X -A -t -q -c "SET max_parallel_maintenance_workers = 0" \
    -c "SET maintenance_work_mem = '$2'" -c "SET temp_file_limit = '$1'" \
    -c "CREATE INDEX t_g ON t (g)" -c "DROP INDEX t_g" -c "SELECT 'built'" 2>&1
}

for major in $MAJORS; do
  if pg_cluster_start "$major"; then
    "$PG_CLIENT_BIN/psql" -X -q -c "CREATE TABLE t AS SELECT g FROM generate_series(1, 220000) g" >/dev/null
    check "$major: temp_file_limit = 3MB fails a CREATE INDEX that just spills past maintenance_work_mem 4MB" \
      grep -q "temporary file size exceeds" <<<"$(index_build 3MB 4MB)"
    check "$major: close miss: temp_file_limit = -1 builds it" test "$(index_build -1 4MB)" = "built"
    check "$major: temp_file_limit = 0 fails a sort that spills past 64kB" \
      grep -q "temporary file size exceeds" <<<"$(spill 0 64kB 100000)"
    check "$major: temp_file_limit = 1MB fails a sort that just spills past work_mem 4MB" \
      grep -q "temporary file size exceeds" <<<"$(spill 1MB 4MB 300000)"
    check "$major: close miss: temp_file_limit = -1 runs the same sort" \
      test "$(spill -1 4MB 300000)" = "300000"
    pg_cluster_stop
  else
    fail "$major: a cluster did not start"
  fi
  check "$major: pgknob warns on temp_file_limit = 0 (PK9004)" \
    test "$(pk9004 "$major" "temp_file_limit = 0\n")" = "warning"
  check "$major: pgknob warns on 1MB below work_mem 4MB" \
    test "$(pk9004 "$major" "temp_file_limit = 1MB\nwork_mem = 4MB\n")" = "warning"
  check "$major: pgknob warns on 16000kB below maintenance_work_mem 16MB" \
    test "$(pk9004 "$major" "temp_file_limit = 16000\nwork_mem = 512kB\nmaintenance_work_mem = 16MB\n")" = "warning"
  check "$major: close miss: -1 and a limit above work_mem and maintenance_work_mem are quiet" \
    test -z "$(pk9004 "$major" "temp_file_limit = -1\n")$(pk9004 "$major" "temp_file_limit = 10GB\nwork_mem = 64MB\n")"
done
done_testing
