#!/usr/bin/env bash
# needs: servers
# tpcc run as pgbench users expect it, against a real PostgreSQL 18 (1 warehouse): the open loop
# (--rate: Poisson arrivals, latency from the scheduled start, schedule lag), --latency-limit
# (late and skipped transactions), -P progress lines with latency average, stddev and failures,
# and tpmC only with --think. The rate is chosen from the capacity measured here, so the tier
# holds on a busy 2-core machine. About a minute.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../pg/lib.sh"

WORK=$(mktemp -d /tmp/pgknob-tpcc-pace.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
jv() { jq -r "$1" "$2"; }
contains() { [[ "$1" == *"$2"* ]]; }
# awk_true EXPR: a numeric condition on values passed in (decimals allowed)
awk_true() { awk "BEGIN { exit !($1) }"; }
PROGRESS_RE='^progress: [0-9]+\.[0-9] s, [0-9]+\.[0-9] tps, lat [0-9]+\.[0-9]{3} ms stddev [0-9]+\.[0-9]{3}, [0-9]+ failed'

# --- option errors (no server needed) ---
expect_exit 2 "--rate 0 is refused" -- "$PGKNOB" tpcc run --rate 0
check "--rate error names the value" contains "$ERR" 'option "--rate" must be above 0 and at most 1000000'
expect_exit 2 "--rate abc is refused" -- "$PGKNOB" tpcc run -R abc
expect_exit 2 "--latency-limit -5 is refused" -- "$PGKNOB" tpcc run --latency-limit -5
check "--latency-limit error names the value" contains "$ERR" 'option "--latency-limit" must be above 0 and at most 86400000'
expect_exit 2 "--rate with --think is refused" -- env PGHOST=/nonexistent "$PGKNOB" tpcc run --rate 10 --think
check "--rate with --think is explained" contains "$ERR" "--rate and --think do not go together"

pg_cluster_start 18 || { fail "could not start PostgreSQL 18"; done_testing; exit 1; }
expect_exit 0 "load 1 warehouse" -- "$PGKNOB" tpcc load -w 1 -j 2

# --- closed loop: capacity, progress lines, average and stddev, no tpmC ---
expect_exit 0 "closed loop, 2 clients, 6 s, -P 1" -- "$PGKNOB" tpcc run -c 2 -d 6s --warmup 2.5s -P 1 --json "$WORK/cap.json"
C="$WORK/cap.json"
cap=$(jv .tps "$C")
lines=$(grep -cE "$PROGRESS_RE \\((warm-up, )?[0-9]+\\.[0-9] s left\\)\$" <<<"$ERR")
check "a progress line per second in pgbench -P format ($lines)" test "$lines" -ge 5
check "warm-up progress lines are marked" grep -qE "$PROGRESS_RE \\(warm-up, [0-9.]+ s left\\)\$" <<<"$ERR"
check "no lag/late/skipped fields in a closed loop without a limit" \
  test "$(grep -cE 'lag|late|skipped' <<<"$ERR")" = 0
check "progress tps are plausible (first line's tps > 0)" \
  awk_true "$(grep -m1 -oE '[0-9.]+ tps' <<<"$ERR" | cut -d' ' -f1) > 0"
mean=$(jv .latency_ms.mean "$C"); sd=$(jv .latency_ms.stddev "$C")
check "summary average and stddev in JSON (mean $mean ms, stddev $sd ms)" \
  awk_true "$mean > 0 && $sd > 0 && $mean <= $(jv .latency_ms.max "$C")"
check "summary line: latency average and stddev" \
  grep -qE "^latency: average $(printf %.3f "$mean") ms, stddev $(printf %.3f "$sd") ms \\(from the start" <<<"$OUT"
check "per-type stddev present" test "$(jv '.types.new_order.latency_ms.stddev > 0' "$C")" = true
check "no paced NOPM without --think" test "$(jv .nopm_paced "$C")" = null
check "NOPM beside TPS, unpaced said" \
  contains "$OUT" "NOPM (New-Order transactions per minute, no keying or think times)"
check "closed loop: rate and latency_limit are null" test "$(jq -c '[.rate, .latency_limit]' "$C")" = "[null,null]"

# --- open loop below capacity: TPS within 10% of the target ---
target=$(awk -v c="$cap" 'BEGIN { t = int(c * 0.4); print (t < 5 ? 5 : t) }')
expect_exit 0 "--rate $target (40% of the $cap tps measured), 4 clients, 12 s" -- \
  "$PGKNOB" tpcc run -c 4 -d 12s --warmup 1s --rate "$target" -P 2 --json "$WORK/rate.json"
R="$WORK/rate.json"
got=$(jv .tps "$R")
check "--rate holds TPS within 10% of $target (got $got)" \
  awk_true "$got >= $target * 0.9 && $got <= $target * 1.1"
check "rate recorded" test "$(jv ".rate.target_tps == $target" "$R")" = true
check "conditions carry the rate" test "$(jv ".conditions.rate_tps == $target" "$R")" = true
lag=$(jv .rate.lag_mean_ms "$R")
check "schedule lag reported and ordered (mean $lag ms, max $(jv .rate.lag_max_ms "$R") ms)" \
  awk_true "$lag >= 0 && $(jv .rate.lag_max_ms "$R") >= $lag"
check "latency from the scheduled start includes the lag" \
  awk_true "$(jv .latency_ms.mean "$R") >= $lag"
check "progress lines carry the lag" grep -qE "$PROGRESS_RE, lag [0-9]+\\.[0-9]{3} ms \\(" <<<"$ERR"
check "summary names the rate and the lag" grep -qE "^rate: $target\\.0 tps asked \\(Poisson arrivals, each client its own schedule\\), [0-9.]+ tps done; schedule lag average" <<<"$OUT"
check "summary says latency is from the scheduled start" contains "$OUT" "(from the scheduled start, retries included)"

# --- open loop far above capacity: queueing shows in the latency ---
over=$(awk -v c="$cap" 'BEGIN { print int(c * 4) + 1 }')
expect_exit 0 "--rate $over (4x capacity), 2 clients, 4 s" -- \
  "$PGKNOB" tpcc run -c 2 -d 4s --rate "$over" -P 0 --json "$WORK/over.json"
O="$WORK/over.json"
check "above capacity the target is not met ($(jv .tps "$O") of $over)" awk_true "$(jv .tps "$O") < $over * 0.8"
check "queueing shows: latency mean $(jv .latency_ms.mean "$O") ms > 5 x closed loop $mean ms" \
  awk_true "$(jv .latency_ms.mean "$O") > 5 * $mean"
check "queueing shows: schedule lag grows ($(jv .rate.lag_mean_ms "$O") ms)" \
  awk_true "$(jv .rate.lag_mean_ms "$O") > 2 * $mean"

# --- latency limit: late transactions counted ---
expect_exit 0 "--latency-limit 0.001 ms: every transaction is late" -- \
  "$PGKNOB" tpcc run -c 2 -d 3s -L 0.001 -P 1 --json "$WORK/l0.json"
check "late = transactions with a limit no transaction meets" \
  test "$(jv .latency_limit.late "$WORK/l0.json")" = "$(jv .transactions "$WORK/l0.json")"
check "progress lines count late ones (no skipped without a rate)" \
  grep -qE "$PROGRESS_RE, [0-9]+ late \\(" <<<"$ERR"
check "without a rate nothing is skipped (null)" test "$(jv .latency_limit.skipped "$WORK/l0.json")" = null
expect_exit 0 "--latency-limit 100000 ms: none is late" -- \
  "$PGKNOB" tpcc run -c 2 -d 2s -L 100000 -P 0 --json "$WORK/lbig.json"
check "late = 0 with a limit every transaction meets" test "$(jv .latency_limit.late "$WORK/lbig.json")" = 0
p50=$(jv .latency_ms.p50 "$C")
expect_exit 0 "--latency-limit $p50 ms (the closed loop's median)" -- \
  "$PGKNOB" tpcc run -c 2 -d 5s -L "$p50" -P 0 --json "$WORK/lmid.json"
share=$(jv .latency_limit.late_pct "$WORK/lmid.json")
check "a median limit makes a part late, not all or none ($share%)" awk_true "$share > 10 && $share < 90"
check "summary line for the limit" grep -qE "^latency limit [0-9.]+ ms: [0-9]+ completed above it \\([0-9.]+%\\)\$" <<<"$OUT"

# --- rate + limit above capacity: pgbench's skip semantics ---
limit=20
expect_exit 0 "--rate $over -L $limit: late schedule slots are skipped" -- \
  "$PGKNOB" tpcc run -c 2 -d 4s --rate "$over" -L "$limit" -P 1 --json "$WORK/skip.json"
S="$WORK/skip.json"
skipped=$(jv .latency_limit.skipped "$S")
check "skipped transactions counted ($skipped)" test "$skipped" -gt 0
# a due time already later than the limit is skipped, so the lag stays below it on average (the
# maximum can exceed it by a scheduling stall between the skip and the start on a busy machine)
check "skipping keeps the lag below the limit (mean $(jv .rate.lag_mean_ms "$S") ms, max $(jv .rate.lag_max_ms "$S") ms)" \
  awk_true "$(jv .rate.lag_mean_ms "$S") <= $limit"
sent_and_skipped=$(jq '(.transactions + .latency_limit.skipped) / .measured_s' "$S")
check "completed + skipped arrive at the asked rate ($sent_and_skipped of $over per s)" \
  awk_true "$sent_and_skipped >= $over * 0.8 && $sent_and_skipped <= $over * 1.2"
check "progress lines carry late and skipped" grep -qE "$PROGRESS_RE, lag [0-9.]+ ms, [0-9]+ late, [0-9]+ skipped \\(" <<<"$ERR"
check "summary names the skipped ones" contains "$OUT" "skipped (already later than the limit when due)"

done_testing
