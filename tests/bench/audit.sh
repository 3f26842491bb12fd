#!/usr/bin/env bash
# Benchmark: a full `pgknob audit` (no sampling) against a local server, beside `psql -c 'select 1'`
# (process start, connection, one round trip) as the floor. Prints the median and best wall time
# of RUNS runs of each, the number of statements the audit sent, and the ratio.
#   tests/bench/audit.sh [MAJOR]     (default 18; RUNS=20 in the environment to change the count)
set -u
cd "$(dirname "$0")/../.."
source tests/lib.sh
source tests/pg/lib.sh
MAJOR="${1:-18}"; RUNS="${RUNS:-20}"
pg_cluster_start "$MAJOR" >/dev/null || { echo "bench: could not start PostgreSQL $MAJOR" >&2; exit 2; }
# a little content, so the table and database queries have rows to read
pg_psql -c "create table bench_t as select g, md5(g::text) as v from generate_series(1, 20000) g" \
  -c "analyze bench_t" >/dev/null

ns_now() { date +%s%N; }
# time_runs CMD... → prints "median best" in ms over RUNS runs (after one warm-up run)
time_runs() {
  local run t0 times=()
  "$@" >/dev/null 2>&1
  for run in $(seq 1 "$RUNS"); do
    t0=$(ns_now); "$@" >/dev/null 2>&1; times+=($(( ($(ns_now) - t0) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { printf "%.1f %.1f\n", a[int((NR + 1) / 2)] / 1000, a[1] / 1000 }'
}

read -r audit_med audit_best < <(time_runs "$PGKNOB" audit --format json --fail-on never)
read -r psql_med psql_best < <(time_runs "$PG_CLIENT_BIN/psql" -X -q -c 'select 1')
# the server part alone (connection excluded: setup, settings, evidence), from -v, over RUNS runs
db_times=()
for run in $(seq 1 "$RUNS"); do
  line=$("$PGKNOB" audit -v --format json --fail-on never 2>&1 >/dev/null | head -1)
  db_times+=("$(sed -n 's/.* queries in \([0-9.]*\) ms.*/\1/p' <<<"$line")")
done
queries=$(sed -n 's/.* \([0-9]*\) queries in.*/\1/p' <<<"$line")
db_med=$(printf '%s\n' "${db_times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
evidence=$("$PGKNOB" audit --format json --fail-on never | jq '.inputs[0].evidence | length')

echo "conditions: PostgreSQL $(pg_psql -c 'show server_version'), fresh cluster over a Unix socket, $(nproc) cores,"
echo "            load average $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine inflates every number),"
echo "            $RUNS runs each after one warm-up; wall time includes process start and connection"
printf 'pgknob audit (no sampling): median %s ms, best %s ms, %s statements, %s evidence values\n' \
  "$audit_med" "$audit_best" "$queries" "$evidence"
printf '  of which reading the server (after connecting): median %s ms\n' "$db_med"
printf "psql -c 'select 1' (floor): median %s ms, best %s ms\n" "$psql_med" "$psql_best"
awk -v a="$audit_med" -v p="$psql_med" 'BEGIN { printf "ratio audit / floor (medians): %.1fx\n", a / p }'
