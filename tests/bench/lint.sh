#!/usr/bin/env bash
# Benchmark: `pgknob lint` on PostgreSQL 18's postgresql.conf.sample (process start included,
# many repetitions) and on a batch of 1,000 files in one invocation, beside the peer
# `postgres -C shared_buffers` (18 build, as the postgres user) reading the same sample.
# Both loops run in the same shell as the same user, so process start costs are alike.
# Prints absolute times, the ratio and the conditions. REPS / PEER_REPS / BATCH override sizes.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh
REPS="${REPS:-300}"; PEER_REPS="${PEER_REPS:-100}"; BATCH="${BATCH:-1000}"
REALWORLD="${REALWORLD_DIR:-$(realworld_dir)}" || exit 1

bin18="$(pg_bin_dir 18)" || exit 1
sample="$(dirname "$bin18")/share/postgresql/postgresql.conf.sample"
[ -f "$sample" ] || { echo "bench: no 18 sample at $sample" >&2; exit 1; }
work="$(mktemp -d /tmp/pgknob-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
cp bin/pgknob "$work/pgknob"
cp bin/pgknob-online "$work/pgknob-online" 2>/dev/null
cp -r rules "$work/rules"
rm -f "$work/rules/.pgknob-pack"
cp -r rules "$work/rules-src"
rm -f "$work/rules-src/.pgknob-pack"
"$work/pgknob" rules compile "$work/rules" || { echo "bench: rules compile failed" >&2; exit 1; }
export PGKNOB_RULES_DIR="$work/rules"
cp "$sample" "$work/sample.conf"
mkdir "$work/batch"
idx=0
while [ "$idx" -lt "$BATCH" ]; do
  for file in "$REALWORLD"/*.conf "$sample"; do
    [ -f "$file" ] || continue
    [ "$idx" -ge "$BATCH" ] && break
    cp "$file" "$work/batch/$(printf '%04d' "$idx").conf"; idx=$((idx + 1))
  done
done
[ "$(id -u)" = 0 ] && chown -R postgres "$work"
pg_as_postgres "$bin18/initdb" -D "$work/data" -U postgres --auth=trust -N >/dev/null 2>&1 \
  || { echo "bench: initdb failed" >&2; exit 1; }
cp "$sample" "$work/data/postgresql.conf"
[ "$(id -u)" = 0 ] && chown postgres "$work/data/postgresql.conf"

# Runs a command REPS times in one shell as postgres; prints the total wall time in ns.
timed_loop() { # reps command...
  pg_as_postgres bash -c 'reps=$1; shift; start=$(date +%s%N)
    for ((i = 0; i < reps; i++)); do "$@" >/dev/null 2>&1; done
    echo $(( $(date +%s%N) - start ))' _ "$@"
}
ms() { awk -v ns="$1" -v n="$2" 'BEGIN { printf "%.3f", ns / n / 1e6 }'; }

"$work/pgknob" lint --no-rules --pg-version 18 --fail-on error "$work/sample.conf" >/dev/null \
  || { echo "bench: the 18 sample does not lint clean" >&2; exit 1; }
"$bin18/postgres" --version >/dev/null || exit 1
# Interleaved rounds, so that load from other processes falls on both sides alike.
ROUNDS="${ROUNDS:-5}"
base_ns=0; lint_ns=0; rules_ns=0; src_ns=0; peer_ns=0
for ((round = 0; round < ROUNDS; round++)); do
  base_ns=$((base_ns + $(timed_loop $((REPS / ROUNDS)) /bin/true)))
  peer_ns=$((peer_ns + $(timed_loop $((PEER_REPS / ROUNDS)) "$bin18/postgres" -D "$work/data" -C shared_buffers)))
  lint_ns=$((lint_ns + $(timed_loop $((REPS / ROUNDS)) "$work/pgknob" lint --no-rules --pg-version 18 "$work/sample.conf")))
  rules_ns=$((rules_ns + $(timed_loop $((REPS / ROUNDS)) env PGKNOB_RULES_DIR="$work/rules" "$work/pgknob" lint --pg-version 18 "$work/sample.conf")))
  src_ns=$((src_ns + $(timed_loop $((REPS / ROUNDS)) env PGKNOB_RULES_DIR="$work/rules-src" "$work/pgknob" lint --pg-version 18 "$work/sample.conf")))
done
REPS=$(( (REPS / ROUNDS) * ROUNDS )); PEER_REPS=$(( (PEER_REPS / ROUNDS) * ROUNDS ))
batch_ns=$(timed_loop 1 "$work/pgknob" lint --no-rules --pg-version 18 --fail-on never "$work"/batch/*.conf)
batch_files=$(ls "$work/batch" | wc -l)

rules_ms=$(ms "$rules_ns" "$REPS"); src_ms=$(ms "$src_ns" "$REPS"); lint_ms=$(ms "$lint_ns" "$REPS"); peer_ms=$(ms "$peer_ns" "$PEER_REPS"); base_ms=$(ms "$base_ns" "$REPS")
batch_ms=$(ms "$batch_ns" 1); per_file_ms=$(ms "$batch_ns" "$batch_files")
echo "conditions: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"
echo "  kernel $(uname -r), load average $(cut -d' ' -f1-3 /proc/loadavg), $(bin/pgknob --version),"
echo "  peer $("$bin18/postgres" --version), $(wc -l < "$sample") lines in the 18 sample"
echo "baseline, /bin/true in the same loop (the cost of starting any process here): $base_ms ms"
echo "pgknob lint --no-rules (validation), 18 sample, process start included: $lint_ms ms per run ($REPS runs)"
echo "pgknob lint with the rule packs (compiled pack, as installed), same sample: $rules_ms ms per run ($REPS runs)"
echo "pgknob lint with the rule packs parsed from their sources (no pack): $src_ms ms per run ($REPS runs)"
echo "postgres -C shared_buffers, same sample (peer): $peer_ms ms per run ($PEER_REPS runs)"
echo "ratio pgknob lint (rules, pack) / postgres -C: $(awk -v a="$rules_ms" -v b="$peer_ms" 'BEGIN { printf "%.2f", a / b }') (target <= 0.33)"
echo "ratio pgknob lint (rules, sources) / postgres -C: $(awk -v a="$src_ms" -v b="$peer_ms" 'BEGIN { printf "%.2f", a / b }')"
echo "ratio pgknob lint --no-rules / postgres -C: $(awk -v a="$lint_ms" -v b="$peer_ms" 'BEGIN { printf "%.2f", a / b }')" \
  "(above the baseline: $(awk -v a="$lint_ms" -v b="$peer_ms" -v c="$base_ms" 'BEGIN { d = b - c; printf "%.2f", (d > 0) ? (a - c) / d : 0 }'))"
echo "pgknob lint --no-rules, batch of $batch_files files in one invocation: $batch_ms ms ($per_file_ms ms per file)"
echo "batch per file vs one postgres -C: $(awk -v a="$per_file_ms" -v b="$peer_ms" 'BEGIN { printf "%.3f", a / b }')"
