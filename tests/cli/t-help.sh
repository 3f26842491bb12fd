#!/usr/bin/env bash
# Every command's and subcommand's --help, byte for byte against tests/golden/help/ (the one help
# renderer over the option tables), plus the one wording of usage errors: `pgknob: error: …`
# then `hint: …`, exit 2, a did-you-mean for a misspelled command or option. No servers.
#   tests/cli/t-help.sh --update   rewrite the goldens (review the diff)
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
GOLD=tests/golden/help
# The commands come from `pgknob --help`, the subcommands from each command's usage lines
# (`pgknob CMD SUB ...`), so a new command or subcommand gets a golden without editing this list.
HELPS=()
while read -r cmd; do
  HELPS+=("$cmd")
  while read -r sub; do HELPS+=("$cmd $sub"); done < <("$PGKNOB" "$cmd" --help |
    { sed -nE "s/^(usage:)? +pgknob $cmd ([a-z][a-z-]*)( .*)?$/\2/p"
      "$PGKNOB" "$cmd" --help | sed -n '/^commands:/,/^$/p' | sed -nE 's/^  ([a-z]+) .*/\1/p'; } |
    awk '!seen[$0]++')
done < <("$PGKNOB" --help | sed -n '/^commands:/,/^$/p' | sed -nE 's/^  ([a-z]+) .*/\1/p')
check "the command list was read from pgknob --help (lint, lab ab, rules compile among them)" \
  bash -c 'printf "%s\n" "$@" | grep -qx lint && printf "%s\n" "$@" | grep -qx "lab ab" &&
           printf "%s\n" "$@" | grep -qx "rules compile"' _ "${HELPS[@]}"
for golden in "$GOLD"/*.txt; do
  name=$(basename "$golden" .txt); [ "$name" = pgknob ] && continue
  check "golden $name.txt belongs to a command pgknob --help lists" \
    bash -c 'printf "%s\n" "${@:2}" | tr " " - | grep -qx "$1"' _ "$name" "${HELPS[@]}"
done

for cmd in "${HELPS[@]}"; do
  file="$GOLD/${cmd// /-}.txt"
  # shellcheck disable=SC2086
  expect_exit 0 "$cmd --help" -- "$PGKNOB" $cmd --help
  if [ "${1:-}" = --update ]; then printf '%s\n' "$OUT" > "$file"; fi
  check "$cmd --help matches $file" diff -u "$file" - <<<"$OUT"
  check "$cmd --help prints nothing on stderr" test -z "$ERR"
done
expect_exit 0 "pgknob --help" -- "$PGKNOB" --help
[ "${1:-}" = --update ] && printf '%s\n' "$OUT" > "$GOLD/pgknob.txt"
check "pgknob --help matches" diff -u "$GOLD/pgknob.txt" - <<<"$OUT"

# usage errors: one wording, exit 2, no glibc message
usage_error() { # description, expected hint pattern, command...
  local what="$1" hint="$2"; shift 2
  expect_exit 2 "$what" -- "$PGKNOB" "$@"
  check "$what: error line" grep -q '^pgknob: error: ' <<<"$ERR"
  check "$what: hint line" grep -q "^hint: .*$hint" <<<"$ERR"
  check "$what: no glibc wording" bash -c '! grep -qi "unrecognized option\|invalid option --" <<<"$1"' _ "$ERR"
}
usage_error "lab run --bogus" "pgknob lab run --help" lab run --bogus
usage_error "rules lst" "did you mean list?" rules lst
usage_error "lint --formt" "did you mean --format?" lint --formt json x.conf
usage_error "audit --verbse" "did you mean --verbose?" audit --verbse
usage_error "fix --in-plase" "did you mean --in-place?" fix --in-plase x.conf
usage_error "settings --all-erors" "did you mean --all-errors?" settings --all-erors x.conf
usage_error "upgrade --frm" "did you mean --from?" upgrade --frm 13 --to 18 x.conf
usage_error "tpcc run --clents" "did you mean --clients?" tpcc run --clents 2
usage_error "tpcc lod" "did you mean load?" tpcc lod
usage_error "lab lst" "did you mean list?" lab lst
usage_error "lab restore --dns" "did you mean --dsn?" lab restore --dns x
usage_error "lab show --labz" "did you mean --labs?" lab show --labz x
usage_error "lab ab --trails" "did you mean --trials?" lab ab --trails 3 x.conf
usage_error "lab ab without a configuration" "CONFIG_A" lab ab
usage_error "lab ab --trials 1" "whole number in range 2..100" lab ab --trials 1 x.conf
# an option's value: one parser, PostgreSQL's wording (fe_utils/option_utils.c), the row's range
usage_error "tpcc run --clients x" "whole number in range 1..1000" tpcc run --clients x
check "... invalid value for option" grep -q '^pgknob: error: invalid value for option "--clients": "x"$' <<<"$ERR"
usage_error "tpcc run --clients 0" "whole number in range 1..1000" tpcc run --clients 0
check "... must be in range" grep -q '^pgknob: error: option "--clients" must be in range 1..1000$' <<<"$ERR"
usage_error "tpcc run --duration 5x" "Valid units are us, ms, s, min" tpcc run --duration 5x
usage_error "audit --sample 5ms" "duration .* in range 100ms..1h" audit --sample 5ms
usage_error "lint --pg-version 12" "pgknob knows PostgreSQL 13 to 18" lint --pg-version 12 x.conf
usage_error "settings --pg-version x" "pgknob knows PostgreSQL 13 to 18" settings --pg-version x x.conf
# the help shows a row's range and default
expect_exit 0 "tpcc run --help" -- "$PGKNOB" tpcc run --help
check "... --clients with its range and default from the row" grep -q -- '--clients C .*(1..1000; default 1)$' <<<"$OUT"
usage_error "lnt" "did you mean lint?" lnt
usage_error "an unrelated word gets the list" "use lint, fix" zzzzzz
usage_error "missing value" "pgknob lint --help" lint x.conf --format
usage_error "a flag given a value" "pgknob lint --help" lint --fragment=yes x.conf
usage_error "unknown short option" "pgknob tpcc check --help" tpcc check -z
check "missing value is said" grep -q 'option "--format" needs a value' <<<"$("$PGKNOB" lint x.conf --format 2>&1)"
check "an unambiguous prefix is still taken (glibc behaviour, kept)" grep -q "^usage: pgknob audit" <<<"$("$PGKNOB" audit --hel 2>&1)"
check "a flag's value is refused" grep -q 'option "--fragment=yes" takes no value' <<<"$("$PGKNOB" lint --fragment=yes x.conf 2>&1)"
done_testing
