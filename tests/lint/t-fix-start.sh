#!/usr/bin/env bash
# needs: servers
# Fixes that start (issue #23, item 4), on real files: after `pgknob fix` with no flags, a real
# server of pgknob's target major starts with a file whose only refusals have safe fixes (a
# removed parameter on 17, checkpoint_segments on 15, a misspelt name), and a refusal no fix
# clears is said (not fixed) rather than passed over. The files are copied at run time from the
# real-world corpus (shared/corpus/realworld, sources and terms in its SOURCES.md) and, where this
# machine has them, from the development sets (held-out sets 3 and 4; sources in their
# SOURCES.md and docs/review/heldout-2026-12b.md, -12c.md). tests/lint/soak-fix-start.sh runs
# every file of those sets.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh
source tests/lint/verdict-lib.sh
source tests/lint/fix-start-lib.sh
REALWORLD="${REALWORLD_DIR:-$(realworld_dir)}" || fail "the real-world corpus: not found"
H4="${HELDOUT4_DIR:-/work/heldout4}" H3="${HELDOUT3_DIR:-/work/heldout3}"
vd_setup 15 17 18 || { fail "scratch data directories"; done_testing; exit 1; }

# root, path under it, the major pgknob must target, what the file shows
CASES=(
  "$REALWORLD|36-HYKINGDOM__benchmark-IO.conf|17|stats_temp_directory on a file its header names 17: commented out"
  "$REALWORLD|12-ethos-link__postgres-backrest.conf|17|a pgtune PostgreSQL 17 file, nothing to change"
  "$REALWORLD|05-MarquezProject__marquez.conf|18|pg_stat_statements preloaded, nothing named"
  "$H4|QuickBom/docker/postgresql.conf|15|checkpoint_segments in a 15 file: max_wal_size"
  "$H4|Prctice_1/postgresql.auto.conf|18|a misspelt checkpoint_completion_targets: renamed"
  "$H4|ITFACT-IA/postgresql/postgresql.conf|17|stats_temp_directory in a 17 file: commented out"
  "$H3|20-pgraft-ram-docker.conf|17|wal_keep_segments in a 17 file: wal_keep_size"
)
for c in "${CASES[@]}"; do
  IFS='|' read -r root rel want what <<<"$c"
  if [ ! -f "$root/$rel" ]; then echo "# not on this machine: $root/$rel"; continue; fi
  fs_try "$root" "$rel" "$rel"
  if [ "$FS_VERDICT" = started ] && [[ "$FS_WHY" == "PostgreSQL $want"* ]]; then
    ok "${root##*/}/$rel ($what): $FS_WHY starts after pgknob fix"
  else
    fail "${root##*/}/$rel ($what): $FS_VERDICT: $FS_WHY (wanted PostgreSQL $want to start)"
  fi
done

# a refusal no safe fix clears: listed as not fixed, and the server indeed refuses the file
work="$(mktemp -d /tmp/pgknob-fix-start.XXXXXX)"; trap 'rm -rf "$work"; vd_cleanup' EXIT
printf "log_destination = 'stdout'\nshared_buffers = 128MB\n" > "$work/byhand.conf"
expect_exit 0 "pgknob fix --diff of log_destination = 'stdout' (nothing it can change)" -- "$PGKNOB" fix --pg-version 18 "$work/byhand.conf" --diff
check "  ... says the refusal is not fixed" grep -q "not fixed: PK0020 log_destination (line 1)" <<<"$ERR"
vd_install 18 "$work/byhand.conf"; vd_start 18
check "  ... and the server refuses that file indeed" test "$VD_RC" != 0

# units the server rejects whose meaning is clear (IEC sizes, a bare prefix, time words, a case):
# refused as written, started after pgknob fix with the server's spellings
printf "work_mem = 64M\nshared_buffers = 256MiB\ncheckpoint_timeout = 5mins\nlog_rotation_age = 1day\nstatement_timeout = '30 seconds'\nmaintenance_work_mem = 1Gb\n" > "$work/units.conf"
vd_install 18 "$work/units.conf"; vd_start 18
check "the server refuses the file of misspelt units" test "$VD_RC" != 0
fs_try "$work" units.conf units.conf
check "after pgknob fix it starts ($FS_VERDICT: $FS_WHY)" test "$FS_VERDICT" = started

# PK0050, wal_level = minimal with WAL senders (issue #23/#24): the server refuses the file, so a
# reason about who connects now is empty; the fix is safe and applied by default, the other way out
# is offered beside it, and the fixed file starts on a real server. Senders left at their default
# ask for nothing (max_wal_senders = 0); senders set in the file ask for streaming (replica).
printf "wal_level = minimal\nshared_buffers = 128MB\n" > "$work/minimal.conf"
printf "wal_level = minimal\nmax_wal_senders = 3\n" > "$work/senders.conf"
for c in "minimal|18|max_wal_senders = 0|wal_level = replica" "senders|15|wal_level = replica|max_wal_senders = 0"; do
  IFS='|' read -r name major applied other <<<"$c"
  vd_install "$major" "$work/$name.conf"; vd_start "$major"
  check "PK0050 $name.conf: PostgreSQL $major refuses it as written" test "$VD_RC" != 0
  expect_exit 1 "PK0050 $name.conf: pgknob fix (no flags) changes it" -- "$PGKNOB" fix --pg-version "$major" "$work/$name.conf" -o "$work/$name.fixed"
  check "  ... with $applied" grep -q "^${applied}" "$work/$name.fixed"
  json="$("$PGKNOB" lint --format json --fail-on never --pg-version "$major" "$work/$name.conf")"
  check "  ... its fix is safe: nothing connects to a server that does not start" \
    jq -e '[.findings[] | select(.rule == "PK0050") | .fix[] | select(.safety == "safe")] | length == 1' <<<"$json" >/dev/null
  check "  ... and the suggestion offers $other too" \
    jq -e --arg o "$other" '[.findings[] | select(.rule == "PK0050") | .suggestion | select(contains(", or " + $o))] | length == 1' <<<"$json" >/dev/null
  vd_install "$major" "$work/$name.fixed"; vd_start "$major"
  check "  ... and PostgreSQL $major starts with the fixed file ($VD_MSG)" test "$VD_RC" = 0
done
# PK0040, a parameter no file can set (review-h15b 20): the server refuses the line whatever its
# value, so removing one that writes the built-in value changes nothing and is safe; the fixed
# file starts on 15 and 18. A value the build does not have (max_identifier_length = 128) asked for
# another build: its removal is unsafe and not applied by default.
printf "max_identifier_length = 63\nblock_size = 8192\nshared_buffers = 128MB\n" > "$work/internal.conf"
printf "max_identifier_length = 128\n" > "$work/otherbuild.conf"
for major in 15 18; do
  vd_install "$major" "$work/internal.conf"; vd_start "$major"
  check "PK0040: PostgreSQL $major refuses max_identifier_length = 63 and block_size = 8192" test "$VD_RC" != 0
  expect_exit 1 "PK0040: pgknob fix (no flags) removes both on $major" -- "$PGKNOB" fix --pg-version "$major" "$work/internal.conf" -o "$work/internal.fixed"
  check "  ... both lines commented out" test "$(grep -c '^#.*# pgknob fix: PK0040' "$work/internal.fixed")" = 2
  vd_install "$major" "$work/internal.fixed"; vd_start "$major"
  check "  ... and PostgreSQL $major starts with the fixed file ($VD_MSG)" test "$VD_RC" = 0
done
expect_exit 0 "PK0040: max_identifier_length = 128 is not removed by default" -- "$PGKNOB" fix --pg-version 18 "$work/otherbuild.conf" --diff
check "  ... its removal is unsafe: another build's value" grep -q "not applied: PK0040 max_identifier_length: unsafe: the file asks for max_identifier_length = 128" <<<"$ERR"
done_testing
