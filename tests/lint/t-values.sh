#!/usr/bin/env bash
# needs: servers
# lane: shared
# Value parsing against the server's own: each (parameter, value) below is written as
# `name = 'value'` and given to every major 13–18 with `postgres -C name`. The server is the
# oracle: where it accepts, pgknob's normalised setting must equal what -C prints; where it
# refuses, pgknob must report an error with the server's exact message (and HINT).
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh
source tests/lint/verdict-lib.sh

MAJORS="${VERDICT_MAJORS:-13 14 15 16 17 18}"
PAIRS=(
  "work_mem|4MB" "work_mem|4mb" "work_mem|4Mb" "work_mem|1M" "work_mem|100000B" "work_mem|4 MB"
  "work_mem|4MB  " "work_mem|1.5" "work_mem|64kB" "work_mem|1TB" "work_mem|2TB" "work_mem|0x100"
  "work_mem|010" "work_mem|1e3" "work_mem|1.5e3kB" "work_mem|-1" "work_mem|99999999999"
  "work_mem| 64" "work_mem|4MBB" "work_mem|4 MB x" "work_mem|5min" "work_mem|1.0000001GB"
  "shared_buffers|127kB" "shared_buffers|128MB" "shared_buffers|16" "shared_buffers|15"
  "shared_buffers|0.5GB" "shared_buffers|8191B" "shared_buffers|1.5MB"
  "max_wal_size|30.1GB" "max_wal_size|1GB" "max_wal_size|2" "max_wal_size|1"
  "wal_buffers|-1" "wal_buffers|64kB" "temp_buffers|800kB"
  "statement_timeout|1500us" "statement_timeout|2500us" "statement_timeout|1d"
  "statement_timeout|1.5min" "statement_timeout|1S" "statement_timeout|1sec"
  "statement_timeout|0" "statement_timeout|-1" "statement_timeout|1h 5min"
  "checkpoint_timeout|30500ms" "checkpoint_timeout|31500ms" "checkpoint_timeout|5min"
  "checkpoint_timeout|10" "checkpoint_timeout|29.5s" "checkpoint_timeout|1.5d"
  "log_rotation_age|1.0000001h" "log_rotation_age|1d" "log_rotation_age|90s"
  "vacuum_cost_delay|1.2345ms" "vacuum_cost_delay|2000us" "vacuum_cost_delay|101"
  "vacuum_cost_delay|0.5s" "autovacuum_vacuum_cost_delay|-1"
  "random_page_cost|1.1" "random_page_cost|1e300" "random_page_cost|1e400" "random_page_cost|-1"
  "random_page_cost|1ms" "random_page_cost|NaN" "random_page_cost|inf" "random_page_cost|0x1p3"
  "checkpoint_completion_target|0.9" "checkpoint_completion_target|1.01"
  "max_connections|010" "max_connections|0x10" "max_connections|1e2" "max_connections|99.5"
  "max_connections|100.5" "max_connections|100kB" "max_connections|NaN" "max_connections|0"
  "max_connections|+50" "max_connections|5e-1"
  "fsync|on" "fsync|ON" "fsync|true" "fsync|t" "fsync|TR" "fsync|yes" "fsync|y" "fsync|1"
  "fsync|off" "fsync|of" "fsync|f" "fsync|n" "fsync|0" "fsync|o" "fsync|2" "fsync|onn"
  "fsync|yess" "fsync|" "fsync|enable" "fsync| on"
  "wal_level|REPLICA" "wal_level|archive" "wal_level|hot_standby" "wal_level|full" "wal_level|rep"
  "synchronous_commit|yes" "synchronous_commit|0" "synchronous_commit|local"
  "password_encryption|on" "password_encryption|true" "password_encryption|md5"
  "client_min_messages|debug" "client_min_messages|info" "client_min_messages|DEBUG5"
  "log_min_messages|debug" "log_min_messages|info" "log_min_error_statement|debug"
  "huge_pages|1" "huge_pages|try" "constraint_exclusion|no" "backslash_quote|yes"
  "archive_mode|yes" "archive_mode|always"
  "wal_compression|yes" "wal_compression|lz4" "wal_compression|on" "compute_query_id|yes"
  "recovery_prefetch|1" "debug_parallel_query|true" "force_parallel_mode|true"
  "trace_recovery_messages|debug" "icu_validation_level|info"
  "maintenance_work_mem|128kB" "maintenance_work_mem|64kB" "maintenance_work_mem|1MB"
  "io_combine_limit|1MB" "io_combine_limit|256kB" "vacuum_buffer_usage_limit|100kB"
  "io_method|io_uring" "io_workers|0" "io_workers|32"
  "block_size|8192" "sort_mem|1024" "vacuum_mem|4mb" "ssl_ecdh_curve|prime256v1"
  "WORK_MEM|4mb" "Fsync|maybe" "vacuum_mem|1.5" "vacuum_buffer_usage_limit|100kB"
  "vacuum_buffer_usage_limit|0" "vacuum_buffer_usage_limit|128kB"
  "log_destination|foo" "log_destination|stderr,,csvlog" "DateStyle|iso, sql" "datestyle|euro, mdy"
  "primary_slot_name|Bad-Name" "debug_io_direct|foo" "search_path|a,,b" "timezone|Mars/Olympus"
  "TimeZone|FOO" "restrict_nonsystem_relation_kind|foo" "log_connections|on,receipt"
  "recovery_target|latest" "log_destination|jsonlog"
  "synchronous_standby_names|standby-1" "synchronous_standby_names|FIRST 2 (a, b"
  "synchronous_standby_names|2 a" "synchronous_standby_names|any" "synchronous_standby_names|ANY (a)"
  "synchronous_standby_names|a,,b" "synchronous_standby_names|a," "synchronous_standby_names|1abc"
  "synchronous_standby_names|0 (a)" "synchronous_standby_names|ANY 2 (s1, \"s-2\", *)"
  "synchronous_standby_names|anyone, s\$1, 1"
)

vd_setup $MAJORS || { fail "scratch data directories"; done_testing; exit 1; }
work="$(mktemp -d /tmp/pgknob-values.XXXXXX)"
trap 'rm -rf "$work"; vd_cleanup' EXIT
for idx in "${!PAIRS[@]}"; do
  name="${PAIRS[$idx]%%|*}"; value="${PAIRS[$idx]#*|}"
  printf "%s = '%s'\n" "$name" "${value//\'/\'\'}" > "$work/v$idx.conf"
done

# pgknob's view of every pair, in one run per major: errors, message, hint, setting separated by
# \x1f (a tab would collapse empty fields); the startup cross-checks (PK0050) are not -C's business
pgknob_views() { # major
  local files=() idx
  for idx in "${!PAIRS[@]}"; do files+=("$work/v$idx.conf"); done
  "$PGKNOB" lint --no-rules --pg-version "$1" --format json --fail-on never "${files[@]}" | python3 -c '
import json, sys
d = json.load(sys.stdin)
by_file = {}
build_dependent = set(f["file"] for f in d["findings"] if f["rule"] == "PK0023")
for f in d["findings"]:
    if f["severity"] == "error" and f["rule"] != "PK0050":
        by_file.setdefault(f["file"], []).append(f)
for src in d["inputs"]:
    errs = by_file.get(src["files"][0], [])
    sets = [s["setting"] for s in src["settings"]]
    first = errs[0] if errs else {}
    print("%d\x1f%s\x1f%s\x1f%s\x1f%d" % (len(errs), first.get("message") or "", first.get("hint") or "",
                              sets[0] if sets and sets[0] is not None else "",
                              src["files"][0] in build_dependent))
'
}

for major in $MAJORS; do
  mapfile -t views < <(pgknob_views "$major")
  check "pgknob judged every pair on $major" test "${#views[@]}" -eq "${#PAIRS[@]}"
  agree=0
  for idx in "${!PAIRS[@]}"; do
    name="${PAIRS[$idx]%%|*}"
    IFS=$'\x1f' read -r errors message hint setting build_dep <<<"${views[$idx]}"
    vd_install "$major" "$work/v$idx.conf"
    vd_check_c "$major" "$name"
    label="$major: $name = '${PAIRS[$idx]#*|}'"
    if [ "$VD_RC" -eq 0 ]; then
      if [ "${errors:-1}" -eq 0 ] && { [ "$setting" = "$VD_OUT" ] || [ "$name" = sort_mem ] || [ "$name" = vacuum_mem ] || [ "$name" = ssl_ecdh_curve ]; }; then
        agree=$((agree + 1)); ok "$label: both accept, setting $VD_OUT"
      else
        fail "$label: server accepts as '$VD_OUT', pgknob: errors=$errors setting='$setting' $message"
      fi
    else
      server_hint="$(grep -m1 -E '(HINT|DETAIL): ' "$VD_ROOT/c.log" | sed -E 's/^.*(HINT|DETAIL): +//')"
      if [ "${errors:-0}" -eq 0 ] && [ "${build_dep:-0}" -eq 1 ]; then
        # io_uring / lz4 / zstd: this build lacks the library; pgknob cannot know the target's
        # build and says so with a notice (PK0023)
        agree=$((agree + 1)); ok "$label: this build refuses ($VD_MSG), pgknob notes the build dependency"
      elif [ "${errors:-0}" -gt 0 ] && [ "$message" = "$VD_MSG" ] && { [ -z "$server_hint" ] || [ "$hint" = "$server_hint" ]; }; then
        agree=$((agree + 1)); ok "$label: both refuse: $VD_MSG"
      else
        fail "$label: server refuses: $VD_MSG${server_hint:+ / HINT: $server_hint}; pgknob: errors=$errors '$message' / '$hint'"
      fi
    fi
  done
  echo "# PostgreSQL $major: $agree/${#PAIRS[@]} values agree (verdict, setting, message)"
done
done_testing
