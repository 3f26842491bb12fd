#!/usr/bin/env bash
# Builds every libFuzzer target tests/fuzz/fuzz_*.c into build-fuzz/ and runs each briefly.
#   tests/fuzz/run.sh [TARGET...]     FUZZ_TIME=seconds per target (default 20)
# A target names the sources it links and its seed files in line comments:
#   // fuzz-sources: src/conf/*.c src/common/*.c
#   // fuzz-seeds: tests/conf/cases/*/postgresql.conf
# Exit status: 0 when every target ran its time without a crash; 1 otherwise (the crashing
# input is left as build-fuzz/crash-* and its path printed); 2 when no fuzzer can be built.
set -u
cd "$(dirname "$0")/../.."
OUT=build-fuzz
FUZZ_TIME="${FUZZ_TIME:-20}"
CLANG="${CLANG:-clang}"
FLAGS=(-std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer -Isrc
       -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)
command -v "$CLANG" >/dev/null || { echo "fuzz: clang is not installed" >&2; exit 2; }
mkdir -p "$OUT"

header_field() { # file field
  sed -n "s|^.*$2: *||p" "$1" | head -1
}

build_target() { # name src
  local name="$1" src="$2" bin="$OUT/$1" sources
  # shellcheck disable=SC2086
  sources=$(ls $(header_field "$src" fuzz-sources) 2>/dev/null | LC_ALL=C sort)
  [ -n "$sources" ] || { echo "fuzz: $src names no fuzz-sources" >&2; return 1; }
  local newest; newest=$(ls -t $sources "$src" src/*/*.h 2>/dev/null | head -1)
  if [ -x "$bin" ] && [ "$bin" -nt "$newest" ]; then return 0; fi
  echo "fuzz: building $bin"
  # shellcheck disable=SC2086
  "$CLANG" "${FLAGS[@]}" -o "$bin" "$src" $sources -lm
}

seed_dir() { # name src -> prints the seed directory
  local dir="$OUT/seeds-$1" idx=0 f
  rm -rf "$dir"; mkdir -p "$dir"
  # shellcheck disable=SC2086
  for f in $(header_field "$2" fuzz-seeds); do
    [ -f "$f" ] || continue
    # Long seeds only slow the mutator down.
    head -c 4096 "$f" > "$dir/seed-$idx"; idx=$((idx + 1))
  done
  echo "$dir"
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
  if (cd "$OUT" && "./$name" -max_total_time="$FUZZ_TIME" -max_len=4096 -rss_limit_mb=2048 \
        -timeout=10 -print_final_stats=0 "corpus-$name" "seeds-$name" </dev/null \
        > "$name.log" 2>&1); then
    echo "ok $name: $(grep -E '^#[0-9]+.*DONE' "$OUT/$name.log" | tail -1)"
  else
    echo "FAIL $name: crash, see $OUT/$name.log"; grep -E 'ERROR|SUMMARY|Test unit written' "$OUT/$name.log" | head -5
    status=1
  fi
done
exit $status
