#!/usr/bin/env bash
# What a DBA checks in seconds (issue 24, section 3; set 7's reviews, docs/review/2026-12f): the
# commits synchronous_commit = off may lose, computed from wal_writer_delay (PK6003); every
# autovacuum worker's memory in the worst case (PK2002); temp_buffers no host could give every
# connection (PK2021); resource-usage statistics logged per statement (PK7014) and the
# combination the server refuses (PK0050); the WAL wal_keep_size keeps (PK3032, PK0011's hint);
# wal_level's old value names (PK0032).
# Each with a close miss, at the severity the consequence earns.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/conf"

lint() { # opts lines...
  local opts=$1; shift
  printf '%s\n' "$@" >"$tmp/conf/postgresql.conf"
  # shellcheck disable=SC2086 # opts is a list of words
  "$PGKNOB" lint --fail-on never $opts "$tmp/conf/postgresql.conf" 2>&1
}
# severity of rule $1 in the lint of the lines $3.. with extra options $2 ("" when absent)
sev() { # rule opts lines...
  local rule=$1; shift
  lint "$@" | sed -n "s/^[^ ]*: \(error\|warning\|notice\|recommendation\): .*\[$rule\].*/\1/p" | head -1
}
is() { # expected rule opts lines...
  local want=$1; shift
  local got; got=$(sev "$@")
  check "$1 is '${want:-absent}' for: ${*:3} ${2:+($2)} (got '${got:-absent}')" test "$got" = "$want"
}
says() { # text rule opts lines...
  local text=$1 rule=$2; shift 2
  check "$rule says '$text' for: ${*:2}" grep -qF -- "$text" <<<"$(lint "$@" | grep -A3 "\[$rule\]")"
}

# PK6003: the window is three times wal_writer_delay (walwriter.c, wal-async-commit docs); under
# a second of wal_writer_delay a notice, from 1s a warning (review-h7a 06: 10s, a 30s window)
is notice PK6003 "" "synchronous_commit = off"
is notice PK6003 "" "synchronous_commit = off" "wal_writer_delay = 999ms"
is warning PK6003 "" "synchronous_commit = off" "wal_writer_delay = 1s"
is warning PK6003 "" "synchronous_commit = off" "wal_writer_delay = 10000ms"
is notice PK6003 "--purpose test" "synchronous_commit = off" "wal_writer_delay = 10000ms"
is "" PK6003 "" "synchronous_commit = on" "wal_writer_delay = 10000ms"
says "in the last 30s (three times wal_writer_delay 10s)" PK6003 "" "synchronous_commit = off" \
  "wal_writer_delay = 10000ms"
says "wal_writer_delay is 50 times its default of 200ms" PK6003 "" "synchronous_commit = off" \
  "wal_writer_delay = 10000ms"
says "in the last 600ms" PK6003 "" "synchronous_commit = off"

# PK2002: every autovacuum worker at its full memory beside one maintenance operation (review-h7b
# 27: 10 workers × maintenance_work_mem 1987MB on 16GB); 1GB each before 17 (PK4014's limit)
h7b27=("shared_buffers = 3974MB" "max_connections = 100" "work_mem = 5086kB"
  "maintenance_work_mem = 1987MB" "autovacuum_max_workers = 10")
host="--host ram=16GB,cores=8,storage=ssd"
is warning PK2002 "$host --pg-version 18" "${h7b27[@]}"
is warning PK2002 "$host --pg-version 16" "${h7b27[@]}"
is "" PK2001 "$host --pg-version 18" "${h7b27[@]}"
says "autovacuum 19.4GB (10 workers × 1.94GB) + one maintenance operation 1.94GB" PK2002 \
  "$host --pg-version 18" "${h7b27[@]}"
says "autovacuum 10GB (10 workers × 1GB, the 1GB vacuum can use before 17)" PK2002 \
  "$host --pg-version 16" "${h7b27[@]}"
says "lower autovacuum_work_mem (now maintenance_work_mem's 1.94GB for each of 10 workers)" PK2002 \
  "$host --pg-version 18" "${h7b27[@]}"
# the same with the default three workers fits (a close miss)
is "" PK2002 "$host --pg-version 18" "${h7b27[@]:0:4}"
# autovacuum_work_mem below maintenance_work_mem is what each worker takes
is "" PK2002 "$host --pg-version 18" "${h7b27[@]}" "autovacuum_work_mem = 256MB"

# PK2021: temp_buffers per session with no host facts (review-h7d 58: 8GB beside shared_buffers
# 4GB and 300 connections); with --host the memory model judges it (PK2001/PK2002)
h7d58=("max_connections = 300" "shared_buffers = 4GB" "temp_buffers = 8GB")
is warning PK2021 "" "${h7d58[@]}"
says "one session alone may cache more temporary data than shared_buffers (4GB)" PK2021 "" "${h7d58[@]}"
is "" PK2021 "$host" "${h7d58[@]}"
is warning PK2002 "$host" "${h7d58[@]}"
is "" PK2021 "" "max_connections = 100" "temp_buffers = 768MB"
is notice PK2021 "--purpose test" "${h7d58[@]}"

# PK7014: statistics per statement (review-h7c 34); written at LOG, so a log that takes only
# FATAL and PANIC has none
is warning PK7014 "" "shared_buffers = 1GB" "log_statement_stats = on"
is warning PK7014 "" "shared_buffers = 1GB" "log_planner_stats = on" "log_executor_stats = on"
says "log_planner_stats, log_executor_stats are on" PK7014 "" "log_planner_stats = on" \
  "log_executor_stats = on"
is notice PK7014 "--purpose test" "log_statement_stats = on"
is "" PK7014 "" "log_statement_stats = on" "log_min_messages = fatal"
is "" PK7014 "" "log_statement_stats = off"
# PK0050: the server refuses log_statement_stats with a stage's (check hooks, 13-18); the later
# line is the one refused
is error PK0050 "" "log_statement_stats = on" "log_parser_stats = on"
says 'cannot enable "log_parser_stats" when "log_statement_stats" is true' PK0050 "" \
  "log_statement_stats = on" "log_parser_stats = on"
says 'cannot enable "log_statement_stats" when' PK0050 "" "log_executor_stats = on" \
  "log_statement_stats = on"
is "" PK0050 "" "log_parser_stats = on" "log_planner_stats = on" "log_executor_stats = on"
is "" PK0050 "" "log_statement_stats = on" "log_parser_stats = on" "log_statement_stats = off"
is "" PK0050 "" "log_planner_stats = on" "log_planner_stats = off" "log_statement_stats = on"

# PK3032: the WAL wal_keep_size keeps in pg_wal (review-rwa 04: wal_keep_segments = 5001, 78GB)
is notice PK3032 "" "wal_keep_size = 80016MB"
says "pg_wal holds at least 78.1GB at all times (5001 segments of 16MB)" PK3032 "" \
  "wal_keep_size = 80016MB"
is warning PK3032 "" "wal_keep_size = 2TB"
is "" PK3032 "" "wal_keep_size = 4800MB"
says "it keeps 78.1GB of WAL in pg_wal at all times (5001 segments" PK0011 "" \
  "wal_keep_segments = 5001"
check "wal_keep_segments = 32 states no disk cost" \
  bash -c "! grep -q 'standing disk cost' <<<\"\$1\"" _ "$(lint "" "wal_keep_segments = 32")"

# PK0032: wal_level's old names, which 9.6 merged into replica (review-rwb 23); words only
is notice PK0032 "" "wal_level = hot_standby"
is notice PK0032 "" "wal_level = 'archive'"
says "wal_level = replica" PK0032 "" "wal_level = hot_standby"
is "" PK0032 "" "wal_level = replica"
is "" PK0032 "" "wal_level = hot_standby" "wal_level = logical"
# PK2001/PK2002 point at the setting whose term dominates the sum, not at shared_buffers: an editor
# or a SARIF annotation sends the owner to that knob (max_connections = 10000 was the cause)
line_of() { # rule format-less lint of $tmp/conf: the finding's line
  "$PGKNOB" lint --fail-on never --host ram=16GB --format json "$tmp/conf/postgresql.conf" 2>/dev/null |
    jq -r --arg r "$1" '[.findings[] | select(.rule == $r) | .line] | join(" ")'
}
printf 'shared_buffers = 256MB\nwork_mem = 4MB\nmax_connections = 10000\n' >"$tmp/conf/postgresql.conf"
check "PK2001: 10000 connections x 4MB dominate: the finding is on max_connections (line 3)" \
  test "$(line_of PK2001)" = 3
check "  ... SARIF and GitHub annotations say line 3 too" test "$("$PGKNOB" lint --fail-on never --host ram=16GB --format sarif "$tmp/conf/postgresql.conf" |
  jq -r '.runs[0].results[] | select(.ruleId == "PK2001") | .locations[0].physicalLocation.region.startLine'):$("$PGKNOB" lint --fail-on never --host ram=16GB --format github "$tmp/conf/postgresql.conf" | grep -o 'line=[0-9]*,title=PK2001')" = "3:line=3,title=PK2001"
check "  ... its settings list keeps every term (shared_buffers, work_mem, max_connections)" \
  test "$("$PGKNOB" lint --fail-on never --host ram=16GB --format json "$tmp/conf/postgresql.conf" | jq -r '[.findings[] | select(.rule == "PK2001") | .settings[].name | select(. == "shared_buffers" or . == "work_mem" or . == "max_connections")] | sort | join(" ")')" = "max_connections shared_buffers work_mem"
check "  ... and its fix still applies (max_connections lowered)" \
  grep -q '^+max_connections = ' <<<"$("$PGKNOB" fix --host ram=16GB --unsafe-fixes --diff "$tmp/conf/postgresql.conf" 2>/dev/null)"
printf 'shared_buffers = 256MB\nwork_mem = 256MB\nmax_connections = 200\n' >"$tmp/conf/postgresql.conf"
check "PK2001: 256MB x 200 (work_mem raised 64-fold, connections 2-fold): on work_mem (line 2)" \
  test "$(line_of PK2001)" = 2
printf 'shared_buffers = 12GB\nwork_mem = 4MB\nmax_connections = 100\n' >"$tmp/conf/postgresql.conf"
check "close miss: 12GB of shared_buffers dominates: PK2002 on shared_buffers (line 1)" \
  test "$(line_of PK2002)" = 1
printf 'shared_buffers = 1GB\nmaintenance_work_mem = 4GB\nautovacuum_max_workers = 3\nmax_connections = 100\n' >"$tmp/conf/postgresql.conf"
check "PK2002: four 4GB maintenance operations dominate: on maintenance_work_mem (line 2)" \
  test "$(line_of PK2002)" = 2

printf 'shared_buffers = 10GB\nwork_mem = 4MB\nmax_connections = 10000\n' >"$tmp/conf/postgresql.conf"
check "PK2001 on line 3 still counts shared_buffers' line: PK2006 there is the same cause, a notice naming line 3" \
  test "$("$PGKNOB" lint --fail-on never --host ram=16GB --format json "$tmp/conf/postgresql.conf" | jq -r '.findings[] | select(.rule == "PK2006") | "\(.line) \(.severity) \(.hint | contains("PK2001 reports (line 3)"))"')" = "1 notice true"

done_testing
