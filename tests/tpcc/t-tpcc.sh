#!/usr/bin/env bash
# needs: servers
# pgknob tpcc against real PostgreSQL 15 and 18: load (row counts of clause 4.3), run (mix,
# rollbacks, by-last-name, remote shares), check (clause 3.3.2), faults (killed server, Ctrl-C,
# interrupted load, blocked stage) and bad input. About a minute on 2 cores.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../pg/lib.sh"

WORK=$(mktemp -d /tmp/pgknob-tpcc-test.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
PSQL() { "$PG_CLIENT_BIN/psql" -X -A -t -q -v ON_ERROR_STOP=1 "$@"; }
jv() { jq -r "$1" "$2"; }
# between VALUE LOW HIGH: LOW <= VALUE <= HIGH (decimals allowed)
between() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v >= lo && v <= hi) }'; }
contains() { [[ "$1" == *"$2"* ]]; }
not_contains() { [[ "$1" != *"$2"* ]]; }
not_contains_cr() { [[ "$1" != *$'\r'* ]]; }
is_json() { jq -e .tps "$1" >/dev/null 2>&1; }

# --- no server needed: help and option errors ---
expect_exit 0 "tpcc --help" -- "$PGKNOB" tpcc --help
check "tpcc --help lists the subcommands" contains "$OUT" "check   verify consistency"
for sub in load run check; do
  expect_exit 0 "tpcc $sub --help" -- "$PGKNOB" tpcc $sub --help
done
expect_exit 2 "tpcc without a subcommand" -- "$PGKNOB" tpcc
expect_exit 2 "unknown tpcc subcommand" -- "$PGKNOB" tpcc frobnicate
check "unknown subcommand names it" contains "$ERR" 'unknown tpcc command "frobnicate"'
expect_exit 2 "load without --warehouses" -- "$PGKNOB" tpcc load
check "missing --warehouses is explained" contains "$ERR" "missing --warehouses"
expect_exit 2 "load --warehouses 0" -- "$PGKNOB" tpcc load -w 0
expect_exit 2 "run --clients 0" -- "$PGKNOB" tpcc run -c 0
check "bad clients message" contains "$ERR" 'option "--clients" must be in range 1..1000'
expect_exit 2 "run --duration abc" -- "$PGKNOB" tpcc run -d abc
check "bad duration message" contains "$ERR" 'invalid value for option "--duration": "abc"'
expect_exit 2 "run --isolation sloppy" -- "$PGKNOB" tpcc run --isolation sloppy
expect_exit 2 "run unknown option" -- "$PGKNOB" tpcc run --bogus
check "unknown option message" contains "$ERR" '"--bogus"'
expect_exit 2 "run with two positional arguments" -- "$PGKNOB" tpcc run a b
expect_exit 2 "run against no server" -- env PGHOST=/nonexistent PGPORT=1 "$PGKNOB" tpcc run -d 1
check "connection error is clear" contains "$ERR" "could not connect to the server"
check "connection error has a hint" contains "$ERR" "hint: Give a connection string"

# --- PostgreSQL 15: 2 warehouses ---
pg_cluster_start 15 || { fail "could not start PostgreSQL 15"; done_testing; exit 1; }
expect_exit 2 "run on an empty database" -- "$PGKNOB" tpcc run -d 1
check "missing schema says to load first" contains "$ERR" "pgknob tpcc load"
expect_exit 2 "check on an empty database" -- "$PGKNOB" tpcc check

expect_exit 0 "load 2 warehouses on 15" -- "$PGKNOB" tpcc load -w 2 -j 2 --json "$WORK/load15.json"
check "load reports rows" contains "$OUT" "loaded 2 warehouses"
check "no progress bar when stderr is not a terminal" not_contains_cr "$ERR"
check "load progress lines on a non-terminal: copy started" grep -qE '^load: copy [0-9.]+%, [0-9.]+M rows, [0-9.]+ MB/s, [0-9.]+ s$' <<<"$ERR"
check "load progress lines: each phase ends with done" \
  test "$(grep -cE '^load: (copy 100.0%.*|keys and indexes|VACUUM ANALYZE), [0-9.]+ s, done$' <<<"$ERR")" = 3
check "load json: complete" test "$(jv .complete "$WORK/load15.json")" = true
counts=$(PSQL -c "SELECT (SELECT count(*) FROM tpcc.item), (SELECT count(*) FROM tpcc.warehouse),
  (SELECT count(*) FROM tpcc.district), (SELECT count(*) FROM tpcc.stock),
  (SELECT count(*) FROM tpcc.customer), (SELECT count(*) FROM tpcc.history),
  (SELECT count(*) FROM tpcc.orders), (SELECT count(*) FROM tpcc.new_order)" -F ' ')
check "row counts of clause 4.3 for 2 warehouses ($counts)" \
  test "$counts" = "100000 2 20 200000 60000 60000 60000 18000"
ol=$(PSQL -c "SELECT count(*) FROM tpcc.order_line")
check "order lines between 5 and 15 per order, mean ~10 ($ol)" between "$ol" 570000 630000
check "load json rows match the tables" \
  test "$(jv .rows "$WORK/load15.json")" = "$((100000 + 2 + 20 + 200000 + 60000 * 3 + 18000 + ol))"
check "every district has its 1000 syllable last names" \
  test "$(PSQL -c "SELECT count(DISTINCT c_last) FROM tpcc.customer WHERE c_w_id = 1 AND c_d_id = 1")" = 1000
orig=$(PSQL -c "SELECT round(100.0 * count(*) FILTER (WHERE i_data LIKE '%ORIGINAL%') / count(*), 2) FROM tpcc.item")
check "10% of items are ORIGINAL ($orig%)" between "$orig" 9 11
bc=$(PSQL -c "SELECT round(100.0 * count(*) FILTER (WHERE c_credit = 'BC') / count(*), 2) FROM tpcc.customer")
check "10% of customers have bad credit ($bc%)" between "$bc" 9 11
check "secondary indexes exist" test "$(PSQL -c "SELECT count(*) FROM pg_indexes WHERE schemaname = 'tpcc' AND indexname IN ('customer_by_name', 'orders_by_customer')")" = 2
item15=$(PSQL -c "SELECT md5(string_agg(i_id || i_name || i_price || i_data, ',' ORDER BY i_id)) FROM tpcc.item")
expect_exit 0 "check passes after the load" -- "$PGKNOB" tpcc check
expect_exit 0 "a URI as CONNINFO" -- env -u PGHOST -u PGPORT "$PGKNOB" tpcc check "postgresql:///postgres?host=$PGHOST&port=$PGPORT&user=postgres"
expect_exit 0 "a key=value string as CONNINFO" -- env -u PGHOST -u PGPORT "$PGKNOB" tpcc check "host=$PGHOST port=$PGPORT user=postgres dbname=postgres"
expect_exit 2 "a CONNINFO naming a missing database" -- "$PGKNOB" tpcc check "dbname=nosuchdb"
check "missing database is reported by libpq" contains "$ERR" 'database "nosuchdb" does not exist'
expect_exit 2 "load again without --drop is refused" -- "$PGKNOB" tpcc load -w 2
check "refusal names --drop" contains "$ERR" "--drop"
expect_exit 2 "run with a mismatched warehouse count" -- "$PGKNOB" tpcc run -w 3 -d 1
check "mismatch is explained" contains "$ERR" "warehouse count mismatch: asked for 3, the database holds 2"

expect_exit 0 "run 8 s, 2 clients, on 15" -- "$PGKNOB" tpcc run -w 2 -c 2 -d 8s --progress 2 \
  --seed 7 --json "$WORK/run15.json" --report "$WORK/run15.md"
R="$WORK/run15.json"
check "progress lines on stderr, pgbench -P style" \
  grep -qE '^progress: [0-9]+\.[0-9] s, [0-9]+\.[0-9] tps, lat [0-9]+\.[0-9]{3} ms stddev [0-9]+\.[0-9]{3}, [0-9]+ failed \([0-9.]+ s left\)$' <<<"$ERR"
check "summary on stdout" contains "$OUT" "throughput:"
check "json: complete run" test "$(jv .complete "$R")" = true
total=$(jv .transactions "$R")
check "enough transactions to judge the mix ($total)" test "$total" -gt 1000
check "mix New-Order 45% ($(jv .mix.new_order "$R"))" between "$(jv .mix.new_order "$R")" 43 47
check "mix Payment 43% ($(jv .mix.payment "$R"))" between "$(jv .mix.payment "$R")" 41 45
for t in order_status delivery stock_level; do
  check "mix $t 4% ($(jv .mix.$t "$R"))" between "$(jv .mix.$t "$R")" 3 5
done
check "New-Order rollback ~1% ($(jv .new_order.rollback_pct "$R"))" between "$(jv .new_order.rollback_pct "$R")" 0.2 2.5
check "rolled-back New-Orders are not committed ones" \
  test "$(jv '.types.new_order.completed - .types.new_order.committed' "$R")" = "$(jv .types.new_order.rolled_back "$R")"
check "rollbacks happened" test "$(jv .types.new_order.rolled_back "$R")" -gt 0
check "remote order lines ~1% with 2 warehouses ($(jv .new_order.remote_line_pct "$R"))" \
  between "$(jv .new_order.remote_line_pct "$R")" 0.4 1.8
check "Payment by last name ~60% ($(jv .payment.by_last_name_pct "$R"))" between "$(jv .payment.by_last_name_pct "$R")" 53 67
check "Payment remote ~15% ($(jv .payment.remote_pct "$R"))" between "$(jv .payment.remote_pct "$R")" 10 20
check "Order-Status by last name ~60% ($(jv .order_status.by_last_name_pct "$R"))" \
  between "$(jv .order_status.by_last_name_pct "$R")" 40 80
check "Order-Status reads exactly o_ol_cnt lines" test "$(jv .order_status.line_count_mismatches "$R")" = 0
check "Delivery visits all ten districts" \
  test "$(jv '.delivery.districts_delivered + .delivery.districts_skipped' "$R")" = "$(( $(jv .types.delivery.completed "$R") * 10 ))"
check "latency percentiles ordered" test "$(jv '.types.new_order.latency_ms | (.p50 <= .p90 and .p90 <= .p95 and .p95 <= .p99 and .p99 <= .max)' "$R")" = true
check "series has one entry per second" test "$(jv '.series | length' "$R")" = 8
check "series sums to the total" test "$(jv '[.series[].transactions] | add' "$R")" = "$total"
check "client CPU measured" test "$(jv '.client.cpu_per_txn_ms > 0' "$R")" = true
check "New-Orders per minute = completed New-Orders * 60 / measured seconds" \
  test "$(jv '((.types.new_order.completed * 60 / .measured_s) - .nopm) | fabs < 0.01' "$R")" = true
check "no paced NOPM without think time (json null)" test "$(jv .nopm_paced "$R")" = null
check "the trademark is not used for a figure (summary)" not_contains "$OUT" "tpmC"
check "the summary says once that these are not TPC-C results" \
  test "$(grep -c 'its results are not TPC-C results and cannot be compared with published ones' <<<"$OUT")" = 1
check "summary has latency average and stddev" grep -qE '^latency: average [0-9.]+ ms, stddev [0-9.]+ ms' <<<"$OUT"
check "markdown report has the table" grep -q '^| New-Order |' "$WORK/run15.md"
check "json: driver not client-bound here" test "$(jv .client.client_bound "$R")" = false
expect_exit 2 "an unwritable --report path is an error" -- "$PGKNOB" tpcc run -d 1s --progress 0 --report /nonexistent/dir/r.md
check "unwritable report names the file" contains "$ERR" 'could not open "/nonexistent/dir/r.md" for writing'
check "the summary is still printed" contains "$OUT" "throughput:"
expect_exit 0 "check passes after the run" -- "$PGKNOB" tpcc check

# a stage so slow that nothing completes: after the warm-up every transaction waits on locks
# taken elsewhere (taken once the clients have prepared their statements)
(sleep 0.7; PSQL -c "BEGIN; LOCK tpcc.district, tpcc.customer IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(9); COMMIT" >/dev/null 2>&1) &
locker=$!
start=$(date +%s)
expect_exit 0 "run blocked by locks ends on time" -- "$PGKNOB" tpcc run -c 2 --warmup 1.5s -d 2s --progress 0 --json "$WORK/blocked.json"
check "blocked run took under 7 s" test $(( $(date +%s) - start )) -lt 7
check "nothing completed: rate is '< 1 per 2 s'" test "$(jv .tps_text "$WORK/blocked.json")" = "< 1 per 2 s"
check "below_resolution flag set" test "$(jv .below_resolution "$WORK/blocked.json")" = true
check "summary says < 1 per 2 s" contains "$OUT" "no transaction completed: < 1 per 2 s transactions"
wait "$locker"

# Ctrl-C: partial result, exit 1
"$PGKNOB" tpcc run -c 2 -d 30s --progress 0 --json "$WORK/int.json" >"$WORK/int.out" 2>"$WORK/int.err" &
pid=$!
sleep 2; kill -INT "$pid"; wait "$pid"; rc=$?
check "Ctrl-C exits 1 (got $rc)" test "$rc" = 1
check "Ctrl-C result is marked interrupted" test "$(jv .stop_reason "$WORK/int.json")" = interrupted
check "Ctrl-C result is incomplete" test "$(jv .complete "$WORK/int.json")" = false
check "Ctrl-C partial result has transactions" test "$(jv .transactions "$WORK/int.json")" -gt 0
check "Ctrl-C prints the partial summary" grep -q "INCOMPLETE (interrupted" "$WORK/int.out"

# --seed fixes the run-time NURand constants (and every client's inputs); --json - is JSON only
expect_exit 0 "run --seed 11 --json -" -- "$PGKNOB" tpcc run -d 1s --progress 0 --seed 11 --json -
printf '%s\n' "$OUT" > "$WORK/seed11a.json"
check "--json - writes only JSON to stdout" is_json "$WORK/seed11a.json"
"$PGKNOB" tpcc run -d 1s --progress 0 --seed 11 --json "$WORK/seed11b.json" >/dev/null
"$PGKNOB" tpcc run -d 1s --progress 0 --seed 12 --json "$WORK/seed12.json" >/dev/null
check "same seed, same NURand constants" test "$(jq -c .conditions.nurand_c "$WORK/seed11a.json")" = "$(jq -c .conditions.nurand_c "$WORK/seed11b.json")"
check "another seed, other constants" test "$(jq -c .conditions.nurand_c "$WORK/seed11a.json")" != "$(jq -c .conditions.nurand_c "$WORK/seed12.json")"
check "load C_LAST carried into the run" test "$(jv .conditions.nurand_c.c_last_load "$WORK/seed12.json")" = "$(jv .c_last_load "$WORK/load15.json")"

# --think: keying times of 2-18 s, so a 3 s run completes at most one transaction per client
start=$(date +%s)
expect_exit 0 "run --think for 3 s" -- "$PGKNOB" tpcc run -c 2 -d 3s --think --progress 0 --json "$WORK/think.json"
check "--think run ends on time" test $(( $(date +%s) - start )) -lt 6
check "--think: at most one transaction per client ($(jv .transactions "$WORK/think.json"))" test "$(jv .transactions "$WORK/think.json")" -le 2
check "--think recorded in the conditions" test "$(jv .conditions.think "$WORK/think.json")" = true
check "--think: the paced NOPM is given" test "$(jv '.nopm_paced | type' "$WORK/think.json")" = number

# a failed consistency condition is reported, exit 1
PSQL -c "UPDATE tpcc.warehouse SET w_ytd = w_ytd + 1 WHERE w_id = 2"
expect_exit 1 "check fails on a broken W_YTD" -- "$PGKNOB" tpcc check
check "check names the warehouse" contains "$OUT" "warehouse 2: w_ytd ="
PSQL -c "UPDATE tpcc.warehouse SET w_ytd = w_ytd - 1 WHERE w_id = 2"

# an interrupted load is marked and refused by run
PSQL -c "CREATE DATABASE interrupted"
PGDATABASE=interrupted "$PGKNOB" tpcc load -w 2 -j 1 >"$WORK/iload.out" 2>"$WORK/iload.err" &
pid=$!
sleep 1; kill -INT "$pid"; wait "$pid"; rc=$?
check "interrupted load exits 1 (got $rc)" test "$rc" = 1
check "interrupted load says so" grep -q "load interrupted" "$WORK/iload.err"
expect_exit 2 "run refuses an interrupted load" -- env PGDATABASE=interrupted "$PGKNOB" tpcc run -d 1
check "refusal says incompletely loaded" contains "$ERR" "incompletely loaded"
expect_exit 2 "load refuses it without --drop" -- env PGDATABASE=interrupted "$PGKNOB" tpcc load -w 1

# a server lost while every client sleeps in think time is still noticed within seconds
"$PGKNOB" tpcc run -c 2 -d 60s --think --progress 0 --json "$WORK/thinkkill.json" >/dev/null 2>&1 &
pid=$!
sleep 2
start=$(date +%s)
pg_as_postgres "$PG_BIN/pg_ctl" -D "$PGDATA" -m immediate stop >/dev/null 2>&1
wait "$pid"; rc=$?
check "server lost during think time: exit 1 (got $rc)" test "$rc" = 1
check "server lost during think time: noticed within 5 s" test $(( $(date +%s) - start )) -lt 5
check "server lost during think time: stop_reason server_lost" test "$(jv .stop_reason "$WORK/thinkkill.json")" = server_lost
pg_cluster_stop

# --- PostgreSQL 18: 1 warehouse, then the server is killed mid-run ---
pg_cluster_start 18 || { fail "could not start PostgreSQL 18"; done_testing; exit 1; }
expect_exit 0 "load 1 warehouse on 18" -- "$PGKNOB" tpcc load -w 1
counts=$(PSQL -c "SELECT (SELECT count(*) FROM tpcc.item), (SELECT count(*) FROM tpcc.warehouse),
  (SELECT count(*) FROM tpcc.district), (SELECT count(*) FROM tpcc.stock),
  (SELECT count(*) FROM tpcc.customer), (SELECT count(*) FROM tpcc.history),
  (SELECT count(*) FROM tpcc.orders), (SELECT count(*) FROM tpcc.new_order)" -F ' ')
check "row counts of clause 4.3 for 1 warehouse on 18 ($counts)" test "$counts" = "100000 1 10 100000 30000 30000 30000 9000"
ol=$(PSQL -c "SELECT count(*) FROM tpcc.order_line")
check "order lines on 18 between 5 and 15 per order ($ol)" between "$ol" 285000 315000
expect_exit 0 "check --full passes on the fresh load (conditions 5-10, 12 hold initially)" -- "$PGKNOB" tpcc check --full
check "same seed, same items on 15 and 18" \
  test "$(PSQL -c "SELECT md5(string_agg(i_id || i_name || i_price || i_data, ',' ORDER BY i_id)) FROM tpcc.item")" = "$item15"
expect_exit 0 "run 3 s on 18" -- "$PGKNOB" tpcc run -c 2 -d 3s --progress 0 --json "$WORK/run18.json"
check "one warehouse: no remote order lines" test "$(jv .new_order.remote_lines "$WORK/run18.json")" = 0
check "one warehouse: no remote payments" test "$(jv .payment.remote "$WORK/run18.json")" = 0
check "server version recorded" test "$(jv '.conditions.server_version_num >= 180000' "$WORK/run18.json")" = true
expect_exit 0 "check passes on 18" -- "$PGKNOB" tpcc check
expect_exit 0 "check --full (conditions 1-10, 12) passes after the run" -- "$PGKNOB" tpcc check --full
check "full check ran 11 conditions" test "$(grep -c '^condition .*: pass' <<<"$OUT")" = 11
PSQL -c "UPDATE tpcc.customer SET c_balance = c_balance + 0.01 WHERE c_w_id = 1 AND c_d_id = 4 AND c_id = 77"
expect_exit 1 "check --full fails on a wrong customer balance" -- "$PGKNOB" tpcc check --full
check "condition 10 names the customer" contains "$OUT" "condition 10: C_BALANCE = sum(delivered OL_AMOUNT) - sum(H_AMOUNT) for every customer: FAIL (30000 checked, 1 violations; first: warehouse 1 district 4 customer 77"
check "condition 12 fails too" contains "$OUT" "condition 12: C_BALANCE + C_YTD_PAYMENT"
expect_exit 0 "the default check (1-4) does not look at balances" -- "$PGKNOB" tpcc check
PSQL -c "UPDATE tpcc.customer SET c_balance = c_balance - 0.01 WHERE c_w_id = 1 AND c_d_id = 4 AND c_id = 77"
"$PGKNOB" tpcc run -c 2 -d 30s --progress 0 --json "$WORK/kill.json" >"$WORK/kill.out" 2>"$WORK/kill.err" &
pid=$!
sleep 2
pg_as_postgres "$PG_BIN/pg_ctl" -D "$PGDATA" -m immediate stop >/dev/null 2>&1
wait "$pid"; rc=$?
check "killed server: exit 1, not a crash (got $rc)" test "$rc" = 1
check "killed server: result marked server_lost" test "$(jv .stop_reason "$WORK/kill.json")" = server_lost
check "killed server: incomplete" test "$(jv .complete "$WORK/kill.json")" = false
check "killed server: what was measured is kept" test "$(jv .transactions "$WORK/kill.json")" -gt 0
check "killed server: warning on stderr" grep -q "run is incomplete (server_lost)" "$WORK/kill.err"
pg_cluster_stop
done_testing
