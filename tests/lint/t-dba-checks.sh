#!/usr/bin/env bash
# What a DBA checks in seconds (issue 24, section 3), at the severity the consequence earns:
# parallel worker limits several times the cores (PK5007), a server log that never rotates under
# verbose logging (PK7013), listen_addresses left at localhost in a file for a networked server
# (PK0093, in t-listen.sh, which needs servers). Each with a close miss.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/conf"

# severity of rule $1 in the lint of the lines $3.. with extra options $2 ("" when absent)
sev() { # rule opts lines...
  local rule=$1 opts=$2; shift 2
  printf '%s\n' "$@" >"$tmp/conf/postgresql.conf"
  # shellcheck disable=SC2086 # opts is a list of words
  "$PGKNOB" lint --fail-on never $opts "$tmp/conf/postgresql.conf" 2>&1 |
    sed -n "s/^[^ ]*: \(error\|warning\|notice\|recommendation\): .*\[$rule\].*/\1/p" | head -1
}
is() { # expected rule opts lines...
  local want=$1; shift
  local got; got=$(sev "$@")
  check "$1 is '${want:-absent}' for: ${*:3} ${2:+($2)} (got '${got:-absent}')" test "$got" = "$want"
}

# PK5007: a modest excess is a notice, four times the cores or per query beyond every slot a
# warning with the numbers (set 6, review-rwb file 31: 150 per query, 300 in all, 16 cores)
is notice PK5007 "--host cores=8" "max_parallel_workers_per_gather = 12" "max_worker_processes = 16"
is notice PK5007 "--host cores=8" "max_parallel_workers = 16"
is notice PK5007 "--host cores=8" "max_parallel_workers = 32"
is warning PK5007 "--host cores=8" "max_parallel_workers = 64" "max_worker_processes = 64"
is warning PK5007 "--host cores=8" "max_parallel_workers_per_gather = 32"
is warning PK5007 "--host cores=16" "max_parallel_workers_per_gather = 150" \
  "max_parallel_workers = 300" "max_worker_processes = 300"
is warning PK5007 "--host cores=8" "max_parallel_workers_per_gather = 12" "max_worker_processes = 8"
is "" PK5007 "--host cores=8" "max_parallel_workers_per_gather = 4" "max_parallel_workers = 8"
printf 'max_parallel_workers_per_gather = 32\n' >"$tmp/conf/postgresql.conf"
check "PK5007's warning gives the multiple of the cores" \
  grep -q '32 is 4 times the cores' <<<"$("$PGKNOB" lint --host cores=8 "$tmp/conf/postgresql.conf")"

# PK7013: no rotation (or a fixed file name) with the collector: a warning under verbose logging
# on a server's file (a file that only sets up the log is a log feed: a notice, t-intent)
# on a production file, a notice otherwise
is warning PK7013 "" "shared_buffers = 1GB" "logging_collector = on" "log_rotation_age = 0" "log_rotation_size = 0" \
  "log_filename = 'postgresql.log'" "log_min_messages = debug5"
is warning PK7013 "" "shared_buffers = 1GB" "logging_collector = on" "log_filename = 'postgresql.log'" \
  "log_statement = 'all'"
is warning PK7013 "" "shared_buffers = 1GB" "logging_collector = on" "log_rotation_age = 0" "log_rotation_size = 0" \
  "log_min_duration_statement = 0"
is notice PK7013 "--purpose test" "logging_collector = on" "log_rotation_age = 0" \
  "log_rotation_size = 0" "log_statement = 'all'"
is notice PK7013 "" "logging_collector = on" "log_rotation_age = 0" "log_rotation_size = 0"
is "" PK7013 "" "logging_collector = on" "log_statement = 'all'"
is "" PK7013 "" "logging_collector = off" "log_rotation_age = 0" "log_rotation_size = 0" \
  "log_statement = 'all'"
is "" PK7013 "" "logging_collector = on" "log_destination = 'syslog'" "log_rotation_age = 0" \
  "log_rotation_size = 0" "log_statement = 'all'"
done_testing
