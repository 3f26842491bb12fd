#!/usr/bin/env bash
# needs: servers
# Fixes for the major the file names: a configuration whose own words name 15 (Debian's
# cluster_name '15/main') and whose log_connections fix differs by major is fixed for 15 with no
# --pg-version, so the real 15 server starts with the fixed file. The same file fixed as 18
# (--pg-version 18) gets 18's list syntax, which the real 15 server refuses: the check can fail.
# Likewise a pgtune header (# DB Version: 14) and a removed parameter the file's major still has
# (stats_temp_directory on 14): kept, and the real 14 server starts.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh
source tests/lint/verdict-lib.sh

vd_setup 14 15 || { fail "scratch data directories"; done_testing; exit 1; }
work="$(mktemp -d /tmp/pgknob-major-fix.XXXXXX)"
chmod 755 "$work"
trap 'rm -rf "$work"; vd_cleanup' EXIT

starts() { # major file: -C accepts it and a real start gets ready
  vd_install "$1" "$2"
  vd_check_c "$1"
  [ "$VD_RC" -eq 0 ] && vd_start "$1"
  return "$VD_RC"
}

# --- 15: log_connections (PK8008 on 13-17, PK8009's list on 18) ---
printf "cluster_name = '15/main'\nlog_statement = 'ddl'\nlog_connections = off\nlog_disconnections = on\n" >"$work/audit.conf"
check "the original starts on a real 15" starts 15 "$work/audit.conf"
for sel in "" "--unsafe-fixes --min-severity notice"; do
  rm -f "$work/fixed.conf"
  # shellcheck disable=SC2086
  "$PGKNOB" fix $sel "$work/audit.conf" -o "$work/fixed.conf" 2>"$work/fix.err"
  [ -f "$work/fixed.conf" ] || cp "$work/audit.conf" "$work/fixed.conf"
  check "fix ${sel:-(default)}: no 18-only list syntax in a file that names 15" \
    bash -c '! grep -q "receipt" "$0"' "$work/fixed.conf"
  if starts 15 "$work/fixed.conf"; then ok "fix ${sel:-(default)}: the fixed file starts on a real 15"
  else fail "fix ${sel:-(default)}: the real 15 server refuses the fixed file: $VD_MSG"; fi
done
check "with every fix, log_connections is turned on as 15 spells it" \
  grep -qE "^log_connections = on" "$work/fixed.conf"
# fixed as 18, PK8009 writes on, which 18 reads as the list receipt,authentication,authorization
# and every major accepts (review 2026-12x, h25a 10); the list itself 15 refuses, so the checks
# above can fail
"$PGKNOB" fix --pg-version 18 --unsafe-fixes --min-severity notice "$work/audit.conf" -o "$work/fixed18.conf" 2>/dev/null
check "fixed as 18 (--pg-version), log_connections = on, not the list" \
  bash -c 'grep -qE "^log_connections = on" "$0" && ! grep -q receipt "$0"' "$work/fixed18.conf"
if starts 15 "$work/fixed18.conf"; then ok "... which the real 15 server accepts too"
else fail "the real 15 server refused the file fixed as 18: $VD_MSG"; fi
printf "log_connections = 'receipt,authentication,authorization'\n" >"$work/list.conf"
if starts 15 "$work/list.conf"; then fail "the real 15 server accepted 18's log_connections list"
else ok "close miss: the list form on is written instead of is refused by the real 15 ($VD_MSG)"; fi

# --- a file that may still be for a major before 13 (a removed parameter it sets, its stock
# sample): a fix that adds a parameter is unsafe (development corpus review rwo 02: track_io_timing
# offered safe on an 8.2 sample, whose server has no such parameter) ---
printf "shared_buffers = 32MB\nmax_fsm_pages = 204800\n" >"$work/old82.conf"
check "a file setting max_fsm_pages (8.3 or older): PK7001's fix is unsafe, naming 8.3" \
  grep -q "may still be for PostgreSQL 8.3 or older" <<<"$("$PGKNOB" lint --format json --fail-on never "$work/old82.conf" | jq -r '.findings[] | select(.rule == "PK7001") | .fix[0].why // ""')"
printf "shared_buffers = 32MB\nwal_keep_segments = 64\n" >"$work/old12.conf"
check "close miss: a file that may be for 12 keeps it safe, since 9.2 brought track_io_timing" \
  test "$("$PGKNOB" lint --format json --fail-on never "$work/old12.conf" | jq -r '.findings[] | select(.rule == "PK7001") | .fix[0].safety')" = safe
printf "shared_buffers = 32MB\n" >"$work/new.conf"
check "close miss: a file with nothing old keeps PK7001's fix safe" \
  test "$("$PGKNOB" lint --format json --fail-on never "$work/new.conf" | jq -r '.findings[] | select(.rule == "PK7001") | .fix[0].safety')" = safe

# --- 14 by a pgtune header: stats_temp_directory is still 14's ---
printf "# DB Version: 14\n# OS Type: linux\nshared_buffers = 128MB\nstats_temp_directory = 'pg_stat_tmp'\n" >"$work/tune.conf"
check "pgtune 14 file: linted as 14, stats_temp_directory is no finding" \
  test "$("$PGKNOB" lint --no-rules --format json --fail-on never "$work/tune.conf" |
    jq -r '.inputs[0].pg_version + " " + ([.findings[] | select(.rule == "PK0011")] | length | tostring)')" = "14 0"
rm -f "$work/fixed.conf"
"$PGKNOB" fix --unsafe-fixes "$work/tune.conf" -o "$work/fixed.conf" 2>/dev/null
[ -f "$work/fixed.conf" ] || cp "$work/tune.conf" "$work/fixed.conf"
check "fix keeps stats_temp_directory" grep -q "^stats_temp_directory" "$work/fixed.conf"
if starts 14 "$work/fixed.conf"; then ok "the fixed pgtune 14 file starts on a real 14"
else fail "the real 14 server refuses the fixed pgtune file: $VD_MSG"; fi

# --- 14 by a header comment's words: the same, stated in words ---
printf "# PostgreSQL 14 - reporting database\nshared_buffers = 128MB\nstats_temp_directory = 'pg_stat_tmp'\n" >"$work/words.conf"
check "a header naming PostgreSQL 14: linted as 14, stats_temp_directory is no finding" \
  test "$("$PGKNOB" lint --no-rules --format json --fail-on never "$work/words.conf" |
    jq -r '.inputs[0].pg_version + " " + ([.findings[] | select(.rule == "PK0011")] | length | tostring)')" = "14 0"
rm -f "$work/fixed.conf"
"$PGKNOB" fix --unsafe-fixes "$work/words.conf" -o "$work/fixed.conf" 2>/dev/null
[ -f "$work/fixed.conf" ] || cp "$work/words.conf" "$work/fixed.conf"
if starts 14 "$work/fixed.conf"; then ok "the fixed file starts on a real 14, the major its header names"
else fail "the real 14 server refuses the fixed file: $VD_MSG"; fi

# --- written for 9.4 or older (its parameters say so): upgrade advice, true on a real 15 ---
printf "shared_buffers = 128MB\ncheckpoint_segments = 16\nwal_keep_segments = 32\n" >"$work/old.conf"
check "9.4-or-older file: one PK0011 notice naming both lines" \
  test "$("$PGKNOB" lint --format json --fail-on never "$work/old.conf" |
    jq -r '[.findings[] | select(.rule == "PK0011") | "\(.severity) \(.settings | length)"] | join(",")')" = "notice 2"
if starts 15 "$work/old.conf"; then fail "a real 15 accepted checkpoint_segments and wal_keep_segments"
else ok "... the lines it names do stop a real 15 ($VD_MSG)"; fi
check "fix with no options leaves the file as it is" \
  test -z "$("$PGKNOB" fix --diff "$work/old.conf" 2>/dev/null)"
rm -f "$work/fixed.conf"
"$PGKNOB" fix --pg-version 15 "$work/old.conf" -o "$work/fixed.conf" 2>/dev/null
[ -f "$work/fixed.conf" ] || cp "$work/old.conf" "$work/fixed.conf"
if starts 15 "$work/fixed.conf"; then ok "fix --pg-version 15 converts them, and a real 15 starts"
else fail "the real 15 server refuses the file fixed for 15: $VD_MSG"; fi

done_testing
