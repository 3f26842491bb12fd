#!/usr/bin/env bash
# Benchmark of `pgknob tpcc` against pgbench on one throwaway cluster:
#   1. load rate: `tpcc load -w 4` beside `pgbench -i` at the scale that fills about the same
#      bytes on disk (rows/s, MB/s, both with their keys and VACUUM);
#   2. driver efficiency: client CPU (getrusage) per transaction and per statement of
#      `tpcc run` beside pgbench's TPC-B (-M prepared) with the same clients and duration.
# Prints the conditions and the ratios. BENCH_MAJOR (default 18), BENCH_WAREHOUSES (4),
# BENCH_SECONDS (20), BENCH_CLIENTS (2) override the defaults.
set -u
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
source "$ROOT/tests/pg/lib.sh"
PGKNOB="${PGKNOB:-$ROOT/bin/pgknob}"
MAJOR="${BENCH_MAJOR:-18}"
W="${BENCH_WAREHOUSES:-4}"
SECONDS_RUN="${BENCH_SECONDS:-20}"
CLIENTS="${BENCH_CLIENTS:-2}"
WORK=$(mktemp -d /tmp/pgknob-bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
PSQL() { "$PG_CLIENT_BIN/psql" -X -A -t -q -v ON_ERROR_STOP=1 "$@"; }
calc() { awk "BEGIN { printf \"%.${2:-2}f\", $1 }"; }

pg_cluster_start "$MAJOR" || { echo "bench: could not start PostgreSQL $MAJOR" >&2; exit 1; }
# Same settings for both peers: room for the load's WAL, a cache that holds the data.
cat >> "$PGDATA/postgresql.conf" <<CONF
shared_buffers = 1GB
max_wal_size = 8GB
checkpoint_timeout = 30min
CONF
pg_cluster_restart || exit 1
PSQL -c "CREATE DATABASE pgb"

echo "conditions: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) CPUs," \
     "$(free -g | awk '/^Mem:/ {print $2}') GB RAM; PostgreSQL $(PSQL -c 'SHOW server_version');" \
     "shared_buffers 1GB, max_wal_size 8GB, fsync on; client and server on the same machine"

# --- 1. load rate ---
"$PGKNOB" tpcc load -w "$W" -j 2 --json "$WORK/load.json" >/dev/null || exit 1
t_rows=$(jq .rows "$WORK/load.json"); t_bytes=$(jq .table_bytes "$WORK/load.json")
t_secs=$(jq .total_s "$WORK/load.json"); t_copy=$(jq .copy_bytes "$WORK/load.json")
# pgbench scale 1 is about 15.6 MB on disk with its key; pick the scale with the same bytes
scale=$(calc "$t_bytes / 15.6e6" 0)
start=$(date +%s.%N)
PGDATABASE=pgb "$PG_CLIENT_BIN/pgbench" -i -q -s "$scale" >"$WORK/pgbi.out" 2>&1 || { cat "$WORK/pgbi.out"; exit 1; }
p_secs=$(calc "$(date +%s.%N) - $start" 3)
p_bytes=$(PGDATABASE=pgb PSQL -c "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'")
p_rows=$(( scale * 100000 + scale * 10 + scale ))
echo
echo "load: tpcc -w $W -j 2: $t_rows rows, $(calc "$t_bytes/1e6" 1) MB on disk ($(calc "$t_copy/1e6" 1) MB COPY text)" \
     "in $t_secs s: $(calc "$t_rows/$t_secs" 0) rows/s, $(calc "$t_bytes/1e6/$t_secs" 1) MB/s"
echo "load: pgbench -i -s $scale: $p_rows rows, $(calc "$p_bytes/1e6" 1) MB on disk in $p_secs s:" \
     "$(calc "$p_rows/$p_secs" 0) rows/s, $(calc "$p_bytes/1e6/$p_secs" 1) MB/s"
echo "load ratio (tpcc / pgbench): MB/s $(calc "($t_bytes/$t_secs)/($p_bytes/$p_secs)" 2)," \
     "rows/s $(calc "($t_rows/$t_secs)/($p_rows/$p_secs)" 2) (TPC-C-derived rows are wider)"

# --- 2. driver CPU ---
"$PGKNOB" tpcc run -c "$CLIENTS" -d "${SECONDS_RUN}s" --warmup 2s --progress 0 --json "$WORK/run.json" >/dev/null || exit 1
t_tps=$(jq .tps "$WORK/run.json"); t_txn=$(jq .client.cpu_per_txn_ms "$WORK/run.json")
t_stmt=$(jq .client.cpu_per_statement_us "$WORK/run.json"); t_share=$(jq .client.core_share "$WORK/run.json")
t_spt=$(jq .client.statements_per_txn "$WORK/run.json"); t_rtt=$(jq .client.round_trips_per_txn "$WORK/run.json")
TIMEFORMAT='%U %S'
{ time PGDATABASE=pgb "$PG_CLIENT_BIN/pgbench" -M prepared -c "$CLIENTS" -j "$CLIENTS" -T "$SECONDS_RUN" >"$WORK/pgb.out" 2>&1; } 2>"$WORK/pgb.time" || { cat "$WORK/pgb.out"; exit 1; }
p_cpu=$(awk '{print $1 + $2}' "$WORK/pgb.time")
p_txn=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$WORK/pgb.out")
p_tps=$(calc "$p_txn / $SECONDS_RUN" 1)
p_per_txn=$(calc "$p_cpu * 1000 / $p_txn" 3)
p_per_stmt=$(calc "$p_cpu * 1e6 / ($p_txn * 7)" 1)
echo
echo "driver: tpcc run -c $CLIENTS -d ${SECONDS_RUN}s: $(calc "$t_tps" 1) tps, client CPU $(calc "$t_txn" 3) ms/txn," \
     "$(calc "$t_stmt" 1) us/statement ($(calc "$t_spt" 1) statements in $(calc "$t_rtt" 1) round trips/txn)," \
     "$(calc "$t_share*100" 1)% of one core"
echo "driver: pgbench TPC-B -M prepared -c $CLIENTS -j $CLIENTS -T $SECONDS_RUN: $p_tps tps, client CPU" \
     "$p_per_txn ms/txn, $p_per_stmt us/statement (7 statements/txn), $(calc "$p_cpu*100/$SECONDS_RUN" 1)% of one core"
echo "driver ratio (tpcc / pgbench): CPU per statement $(calc "$t_stmt / $p_per_stmt" 2)," \
     "CPU per transaction $(calc "$t_txn / $p_per_txn" 2)"
pg_cluster_stop
