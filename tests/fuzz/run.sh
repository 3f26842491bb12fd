#!/usr/bin/env bash
# Builds every libFuzzer target tests/fuzz/fuzz_*.c into build-fuzz/ and runs each briefly.
#   tests/fuzz/run.sh [TARGET...]     FUZZ_TIME=seconds per target (default 20)
# A target may name the sources it links and its seed files in line comments:
#   // fuzz-sources: src/conf/*.c src/common/*.c
#   // fuzz-seeds: tests/conf/cases/*/postgresql.conf
#   // fuzz-libs: -linih        (libraries those sources need)
# Without fuzz-sources it links every src/**/*.c but main.c (compiled once into build-fuzz/obj)
# with the project's libraries; seeds are also taken from tests/fuzz/corpus/NAME/ (NAME without
# the fuzz_ prefix) when that directory exists.
# Each target's line: executions, executions a second, coverage (edges, libFuzzer's "cov"),
# crashes. Seeds are whole (up to 32 kB) and -max_len is the longest of them.
# Exit status: 0 when every target ran its time without a crash; 1 otherwise (the crashing
# input is left as build-fuzz/crash-* and its path printed); 2 when no fuzzer can be built.
set -u
cd "$(dirname "$0")/../.."
OUT=build-fuzz
FUZZ_TIME="${FUZZ_TIME:-20}"
SEED_MAX=$((32 * 1024)) # larger seeds are left out: they slow every mutation
CLANG="${CLANG:-clang}"
# warnings are errors here too: a caller left behind by an API change must not build
FLAGS=(-std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer -Isrc -Wall -Werror
       -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)
command -v "$CLANG" >/dev/null || { echo "fuzz: clang is not installed" >&2; exit 2; }
mkdir -p "$OUT"

header_field() { # file field: its value, with the "// " lines after it that name no field
  # (clang-format wraps a long list onto them)
  awk -v key="$2:" '
    on && /^\/\/ / && !/^\/\/ [a-z-]+:/ { sub(/^\/\/ */, ""); printf " %s", $0; next }
    on { exit }
    index($0, key) { sub(".*" key " *", ""); printf "%s", $0; on = 1 }
  ' "$1"
}

PKGS="libpq inih libcmark-gfm libpcre2-8 jansson yaml-0.1"

# Every project source but main.c, compiled once with the sanitizers (no libFuzzer main).
all_objects() {
  local src obj objs=()
  for src in $(find src -name '*.c' ! -path src/main.c ! -path src/cli/online_stub.c | LC_ALL=C sort); do
    obj="$OUT/obj/${src%.c}.o"
    if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ -n "$(find src -name '*.h' -newer "$obj" | head -1)" ]; then
      mkdir -p "$(dirname "$obj")"
      # shellcheck disable=SC2046
      "$CLANG" "${FLAGS[@]/-fsanitize=fuzzer,/-fsanitize=fuzzer-no-link,}" \
        $(pkg-config --cflags $PKGS 2>/dev/null) -c -o "$obj" "$src" || return 1
    fi
    objs+=("$obj")
  done
  echo "${objs[@]}"
}

build_target() { # name src
  local name="$1" src="$2" bin="$OUT/$1" declared sources objs newest
  declared=$(header_field "$src" fuzz-sources)
  if [ -n "$declared" ]; then
    # shellcheck disable=SC2086
    sources=$(ls -d $declared 2>/dev/null | LC_ALL=C sort)
    [ -n "$sources" ] || { echo "fuzz: $src: fuzz-sources match no file" >&2; return 1; }
    # shellcheck disable=SC2086
    newest=$(ls -t $sources "$src" $(find src -name '*.h') | head -1)
    if [ -x "$bin" ] && [ "$bin" -nt "$newest" ]; then return 0; fi
    echo "fuzz: building $bin"
    # shellcheck disable=SC2086
    # common/json.c (in common/*.c) wraps jansson; other libraries come from fuzz-libs
    "$CLANG" "${FLAGS[@]}" $(pkg-config --cflags jansson) -o "$bin" "$src" $sources \
      $(header_field "$src" fuzz-libs) $(pkg-config --libs jansson) -lm
  else
    objs=$(all_objects) || return 1
    echo "fuzz: building $bin"
    # shellcheck disable=SC2046,SC2086
    "$CLANG" "${FLAGS[@]}" $(pkg-config --cflags $PKGS 2>/dev/null) -o "$bin" "$src" $objs \
      $(pkg-config --libs $PKGS 2>/dev/null) -lcmark-gfm-extensions -lpthread -lm
  fi
}

seed_dir() { # name src -> prints the seed directory
  local dir="$OUT/seeds-$1" idx=0 f
  rm -rf "$dir"; mkdir -p "$dir"
  local short="${1#fuzz_}"
  # shellcheck disable=SC2086
  for f in $(header_field "$2" fuzz-seeds) tests/fuzz/corpus/"$short"/* tests/fuzz/corpus/"$1"/*; do
    [ -f "$f" ] || continue
    # whole: a seed cut short is no longer valid JSON or YAML, and only the error path runs
    [ "$(stat -c %s "$f")" -le "$SEED_MAX" ] || continue
    cp "$f" "$dir/seed-$idx"; idx=$((idx + 1))
  done
  echo "$dir"
}

# -max_len: the longest seed (at least 4096), so that libFuzzer keeps every seed whole.
max_len() { # seed-dir
  local longest
  longest=$(find "$1" -type f -printf '%s\n' | sort -n | tail -1)
  [ "${longest:-0}" -gt 4096 ] && echo "$longest" || echo 4096
}

# A final statistic of the run (-print_final_stats=1): average_exec_per_sec, ...
stat_of() { # name stat
  sed -n "s/^stat::$2: *//p" "$OUT/$1.log" | tail -1
}

# Coverage: the edges libFuzzer's last status line reports ("cov: N").
edges() {
  grep -oE 'cov: [0-9]+' "$OUT/$1.log" | tail -1 | sed 's/cov: //'
}

# Executions the run made (libFuzzer's final stats; its last status line when it crashed).
execs() {
  local n
  n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$OUT/$1.log" | tail -1)
  [ -n "$n" ] || n=$(grep -oE '^#[0-9]+' "$OUT/$1.log" | tail -1 | tr -d '#')
  echo "${n:-0}"
}

status=0
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=($(ls tests/fuzz/fuzz_*.c 2>/dev/null | xargs -n1 basename | sed 's/\.c$//'))
for name in "${targets[@]}"; do
  src="tests/fuzz/$name.c"
  [ -f "$src" ] || { echo "fuzz: no such target $src" >&2; status=1; continue; }
  if ! build_target "$name" "$src"; then echo "FAIL build $name"; status=1; continue; fi
  seeds=$(seed_dir "$name" "$src")
  corpus="$OUT/corpus-$name"; mkdir -p "$corpus"
  echo "fuzz: running $name for ${FUZZ_TIME}s"
  len=$(max_len "$seeds")
  if (cd "$OUT" && "./$name" -max_total_time="$FUZZ_TIME" -max_len="$len" -rss_limit_mb=2048 \
        -timeout=10 -print_final_stats=1 "corpus-$name" "seeds-$name" </dev/null \
        > "$name.log" 2>&1); then
    echo "ok $name: $(execs "$name") execs, $(stat_of "$name" average_exec_per_sec) execs/s, cov: $(edges "$name") edges, 0 crashes in ${FUZZ_TIME}s (max_len $len, $(ls "$seeds" | wc -l) seeds)"
  else
    echo "FAIL $name: crash after $(execs "$name") execs, see $OUT/$name.log"; grep -E 'ERROR|SUMMARY|Test unit written' "$OUT/$name.log" | head -5
    status=1
  fi
done
exit $status
