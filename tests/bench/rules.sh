#!/usr/bin/env bash
# Benchmark: the rule packs inside `pgknob lint` on PostgreSQL 18's postgresql.conf.sample, beside
# the parse alone. Each variant runs REPS times in one shell loop (process start included):
#   parse       pgknob settings (read the file as the server would; no validation, no rules)
#   validate    pgknob lint --no-rules (parse + validation)
#   all packs   pgknob lint --host … (parse + validation + every shipped rule, host facts given)
#   load packs  pgknob rules list (reading and checking every rule file, nothing evaluated)
# Prints absolute times, the ratio all-packs / parse, and the conditions. REPS overrides.
cd "$(dirname "$0")/../.." || exit 2
source tests/pg/lib.sh
REPS="${REPS:-200}"
sample="$(dirname "$(pg_bin_dir 18)")/share/postgresql/postgresql.conf.sample"
[ -f "$sample" ] || { echo "bench: no 18 sample at $sample" >&2; exit 1; }
host=ram=16GB,cores=4,storage=ssd,kernel=6.8,container=no
timed_loop() { # reps command...
  local reps=$1; shift
  local start; start=$(date +%s%N)
  for ((i = 0; i < reps; i++)); do "$@" >/dev/null 2>&1; done
  echo $(( $(date +%s%N) - start ))
}
# CPU time (user + system) of REPS runs, in ns: steadier than wall time on a loaded machine.
cpu_loop() { # reps command...
  local reps=$1; shift
  ( for ((i = 0; i < reps; i++)); do "$@" >/dev/null 2>&1; done; times ) | tail -1 |
    awk '{ t = 0; for (f = 1; f <= 2; f++) { split($f, p, /[ms]/); t += p[1] * 60 + p[2] }
           printf "%.0f", t * 1e9 }'
}
ms() { awk -v ns="$1" -v n="$2" 'BEGIN { printf "%.3f", ns / n / 1e6 }'; }

bin/pgknob lint --pg-version 18 --host "$host" --fail-on error "$sample" >/dev/null \
  || { echo "bench: the 18 sample raises an error" >&2; exit 1; }
n_rules=$(bin/pgknob rules list | wc -l)
base_ns=$(timed_loop "$REPS" /bin/true)
parse_ns=$(timed_loop "$REPS" bin/pgknob settings --pg-version 18 "$sample")
validate_ns=$(timed_loop "$REPS" bin/pgknob lint --no-rules --pg-version 18 --fail-on never "$sample")
rules_ns=$(timed_loop "$REPS" bin/pgknob lint --pg-version 18 --host "$host" --fail-on never "$sample")
load_ns=$(timed_loop "$REPS" bin/pgknob rules list)
parse_cpu=$(ms "$(cpu_loop "$REPS" bin/pgknob settings --pg-version 18 "$sample")" "$REPS")
validate_cpu=$(ms "$(cpu_loop "$REPS" bin/pgknob lint --no-rules --pg-version 18 --fail-on never "$sample")" "$REPS")
rules_cpu=$(ms "$(cpu_loop "$REPS" bin/pgknob lint --pg-version 18 --host "$host" --fail-on never "$sample")" "$REPS")
base=$(ms "$base_ns" "$REPS"); parse=$(ms "$parse_ns" "$REPS"); validate=$(ms "$validate_ns" "$REPS")
rules=$(ms "$rules_ns" "$REPS"); load=$(ms "$load_ns" "$REPS")
echo "conditions: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"
echo "  kernel $(uname -r), load average $(cut -d' ' -f1-3 /proc/loadavg), $(bin/pgknob --version),"
echo "  $n_rules rules, $(wc -l < "$sample") lines in the 18 sample, $REPS runs each"
echo "baseline /bin/true:                      $base ms per run"
echo "parse alone (pgknob settings):           $parse ms per run"
echo "parse + validation (lint --no-rules):    $validate ms per run"
echo "parse + validation + all packs (lint):   $rules ms per run"
echo "loading the packs only (rules list):     $load ms per run"
awk -v r="$rules" -v p="$parse" -v v="$validate" -v b="$base" 'BEGIN {
  printf "ratio all packs / parse alone: %.2f (above the process baseline: %.2f)\n", r / p,
         (p - b > 0) ? (r - b) / (p - b) : 0
  printf "cost of the rule packs over validation: %.3f ms per run\n", r - v }'
echo "CPU time (user + system) per run: parse $parse_cpu ms, parse + validation $validate_cpu ms,"
echo "  parse + validation + all packs $rules_cpu ms"
awk -v r="$rules_cpu" -v p="$parse_cpu" 'BEGIN { printf "CPU ratio all packs / parse alone: %.2f\n", r / p }'
