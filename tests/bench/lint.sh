#!/usr/bin/env bash
# Benchmark: `pgknob lint` on PostgreSQL 18's postgresql.conf.sample (process start included),
# beside the peer `postgres -C shared_buffers` (18 build) reading the same file (the sample as
# a data directory's postgresql.conf: both read that one path), and a batch
# of 1,000 files in one invocation. Paired runs: tests/bench/pairtime.c runs /bin/true, lint
# --no-rules, lint with the compiled shipped packs (as installed) and postgres -C in turn, ROUNDS
# rounds, in one process as the postgres user, so load from other processes falls on all alike;
# the ratio is the median of the per-round ratios lint / postgres -C. Exits 1 when that ratio
# is above TARGET (0.33: issue #13, lint at least 3x faster than the server's own check).
# ROUNDS / SRC_ROUNDS / BATCH / TARGET override.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh
ROUNDS="${ROUNDS:-300}"; SRC_ROUNDS="${SRC_ROUNDS:-40}"; BATCH="${BATCH:-1000}"
TARGET="${TARGET:-0.33}"
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

# Runs a command once, as postgres; prints its wall time in ns.
timed_once() { # command...
  pg_as_postgres bash -c 'start=$(date +%s%N); "$@" >/dev/null 2>&1; echo $(( $(date +%s%N) - start ))' _ "$@"
}
ms() { awk -v ns="$1" -v n="$2" 'BEGIN { printf "%.3f", ns / n / 1e6 }'; }
cc -O2 -o "$work/pairtime" tests/bench/pairtime.c || { echo "bench: cannot build pairtime" >&2; exit 1; }

# lint reads the very file postgres -C reads: the data directory's postgresql.conf (the sample)
conf="$work/data/postgresql.conf"
"$work/pgknob" lint --no-rules --pg-version 18 --fail-on error "$conf" >/dev/null \
  || { echo "bench: the 18 sample does not lint clean" >&2; exit 1; }
"$bin18/postgres" --version >/dev/null || exit 1
peer=("$bin18/postgres" -D "$work/data" -C shared_buffers)
lint=("$work/pgknob" lint --pg-version 18 "$conf")
# Columns: /bin/true, lint --no-rules, lint (compiled packs), postgres -C.
pg_as_postgres env PGKNOB_RULES_DIR="$work/rules" "$work/pairtime" "$ROUNDS" /bin/true --- \
  "${lint[@]}" --no-rules --- "${lint[@]}" --- "${peer[@]}" > "$work/main.tsv" \
  || { echo "bench: a timed run failed" >&2; exit 1; }
# The packs parsed from their sources (no compiled pack), against the peer.
pg_as_postgres env PGKNOB_RULES_DIR="$work/rules-src" "$work/pairtime" "$SRC_ROUNDS" \
  "${lint[@]}" --- "${peer[@]}" > "$work/src.tsv" || { echo "bench: a timed run failed" >&2; exit 1; }
# median of a column (1-based) in ms; median of the per-round ratio of two columns
median_ms() { cut -f"$2" "$1" | sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.3f", m / 1e6 }'; }
median_ratio() { awk -F'\t' -v a="$2" -v b="$3" '{ print $a / $b }' "$1" | sort -g |
  awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.3f", m }'; }
base_ms=$(median_ms "$work/main.tsv" 1); lint_ms=$(median_ms "$work/main.tsv" 2)
rules_ms=$(median_ms "$work/main.tsv" 3); peer_ms=$(median_ms "$work/main.tsv" 4)
src_ms=$(median_ms "$work/src.tsv" 1); src_peer_ms=$(median_ms "$work/src.tsv" 2)
ratio=$(median_ratio "$work/main.tsv" 3 4); ratio_norules=$(median_ratio "$work/main.tsv" 2 4)
ratio_src=$(median_ratio "$work/src.tsv" 1 2)
batch_ns=$(timed_once "$work/pgknob" lint --no-rules --pg-version 18 --fail-on never "$work"/batch/*.conf)
batch_files=$(ls "$work/batch" | wc -l)
batch_ms=$(ms "$batch_ns" 1); per_file_ms=$(ms "$batch_ns" "$batch_files")

echo "conditions: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"
echo "  kernel $(uname -r), load average $(cut -d' ' -f1-3 /proc/loadavg), $(bin/pgknob --version),"
echo "  peer $("$bin18/postgres" --version), $(wc -l < "$sample") lines in the 18 sample,"
echo "  $ROUNDS paired rounds (medians), process start included, as the postgres user"
echo "baseline, /bin/true in the same rounds (the cost of starting any process here): $base_ms ms"
echo "pgknob lint --no-rules (validation), 18 sample: $lint_ms ms"
echo "pgknob lint with the rule packs (compiled pack, as installed), same sample: $rules_ms ms"
echo "postgres -C shared_buffers, same sample (peer): $peer_ms ms"
echo "pgknob lint with the rule packs parsed from their sources (no pack): $src_ms ms" \
  "(peer in those $SRC_ROUNDS rounds: $src_peer_ms ms; ratio $ratio_src)"
echo "ratio pgknob lint --no-rules / postgres -C: $ratio_norules"
echo "pgknob lint --no-rules, batch of $batch_files files in one invocation: $batch_ms ms ($per_file_ms ms per file)"
echo "ratio pgknob lint (rule packs) / postgres -C, median of paired rounds: $ratio (target <= $TARGET)"
if awk -v r="$ratio" -v t="$TARGET" 'BEGIN { exit !(r <= t) }'; then
  echo "lint / postgres -C: within the target"
else
  echo "lint / postgres -C: ABOVE the target of $TARGET" >&2
  exit 1
fi
