#!/usr/bin/env bash
# needs: servers
# pgknob upgrade against real servers. For every pair N < M of 13–18, the parameters N has and M
# has not are taken from the servers themselves (postgres --describe-config), written into a file
# at N's boot values; N starts with that file, M refuses it, and M starts with the file
# `pgknob upgrade --from N --to M -o` writes; the checklist names every one of them. Sources 9.6–12
# (no server here) use a file of that era's parameters: each target 13–18 starts with its patch.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh
source tests/lint/verdict-lib.sh

MAJORS=(13 14 15 16 17 18)
tmp="$(mktemp -d /tmp/pgknob-upgrade.XXXXXX)"; chmod 755 "$tmp"
trap 'rm -rf "$tmp"; vd_cleanup' EXIT
vd_setup "${MAJORS[@]}" || { fail "could not initdb the scratch clusters"; done_testing; exit 1; }

declare -A DESCRIBE=()
for m in "${MAJORS[@]}"; do
  bin="$(pg_bin_dir "$m")" || { fail "no server $m"; continue; }
  DESCRIBE[$m]="$tmp/describe-$m.tsv"
  pg_as_postgres "$bin/postgres" --describe-config 2>/dev/null > "${DESCRIBE[$m]}"
  check "describe-config of $m lists parameters" test "$(wc -l < "${DESCRIBE[$m]}")" -gt 200
done

# boot value as a configuration line: BOOLEAN TRUE/FALSE → on/off, strings quoted
conf_line() { # name vartype value
  case "$2" in
    BOOLEAN) [ "$3" = TRUE ] && echo "$1 = on" || echo "$1 = off" ;;
    STRING|ENUM) echo "$1 = '$3'" ;;
    *) echo "$1 = $3" ;;
  esac
}

pairs=0
for n in "${MAJORS[@]}"; do
  for m in "${MAJORS[@]}"; do
    [ "$n" -lt "$m" ] || continue
    pairs=$((pairs + 1))
    file="$tmp/from-$n-to-$m.conf"
    # names of N that M does not know (not internal: those cannot be set)
    awk -F'\t' 'NR == FNR { have[$1] = 1; next } !($1 in have) && $2 != "internal" { print $1 "\t" $4 "\t" $5 }' \
      "${DESCRIBE[$m]}" "${DESCRIBE[$n]}" > "$tmp/candidates-$n-$m.tsv"
    # describe-config omits developer options: M's own verdict on each name decides
    : > "$tmp/removed-$n-$m.tsv"
    while IFS=$'\t' read -r name type value; do
      conf_line "$name" "$type" "$value" > "$tmp/one.conf"
      vd_install "$m" "$tmp/one.conf"; vd_check_c "$m" "$name"
      case "$VD_MSG" in *"unrecognized configuration parameter"*) printf '%s\t%s\t%s\n' "$name" "$type" "$value" >> "$tmp/removed-$n-$m.tsv" ;; esac
    done < "$tmp/candidates-$n-$m.tsv"
    : > "$file"
    while IFS=$'\t' read -r name type value; do conf_line "$name" "$type" "$value" >> "$file"; done < "$tmp/removed-$n-$m.tsv"
    # a value 13 accepts and 14 on refuse; an old spelling every major accepts
    [ "$n" = 13 ] && echo "password_encryption = on" >> "$file"
    echo "wal_level = hot_standby" >> "$file"
    removed=$(cut -f1 "$tmp/removed-$n-$m.tsv" | sort | tr '\n' ' ')
    vd_install "$n" "$file"; vd_start "$n"
    check "$n→$m: PostgreSQL $n starts with the $n-era file (${removed:-nothing removed})" test "$VD_RC" = 0
    if [ -s "$tmp/removed-$n-$m.tsv" ] || [ "$n" = 13 ]; then
      vd_install "$m" "$file"; vd_start "$m"
      check "$n→$m: PostgreSQL $m refuses it as it is" test "$VD_RC" != 0
    fi
    json=$("$PGKNOB" upgrade --from "$n" --to "$m" --format json "$file" 2>/dev/null)
    named=$(jq -r '.items[] | select(.kind == "removed" or .kind == "renamed") | .name' <<<"$json" | sort | tr '\n' ' ')
    check "$n→$m: the checklist names every parameter $m does not have" test "$named" = "$removed"
    "$PGKNOB" upgrade --from "$n" --to "$m" -o "$tmp/patched-$n-$m.conf" "$file" > /dev/null 2>&1
    vd_install "$m" "$tmp/patched-$n-$m.conf"; vd_start "$m"
    check "$n→$m: PostgreSQL $m starts with the patched file${VD_MSG:+ ($VD_MSG)}" test "$VD_RC" = 0
  done
done
check "every pair of 13–18 tested ($pairs)" test "$pairs" = 15

# conversions, checked on the patched file by the target server itself (postgres -C)
printf 'wal_keep_segments = 64\nforce_parallel_mode = regress\n' > "$tmp/conv.conf"
"$PGKNOB" upgrade --from 12 --to 16 -o "$tmp/conv16.conf" "$tmp/conv.conf" > /dev/null 2>&1
vd_install 16 "$tmp/conv16.conf"; vd_check_c 16 wal_keep_size
check "wal_keep_segments = 64 (16MB segments) → wal_keep_size the server reads as 1024 (MB)" test "$VD_OUT" = 1024
vd_check_c 16 debug_parallel_query
check "force_parallel_mode = regress → debug_parallel_query = regress" test "$VD_OUT" = regress

# sources 9.6–12: a file of those majors' parameters (release notes; no such server here)
cat > "$tmp/old.conf" <<'CONF'
wal_level = hot_standby
wal_keep_segments = 32
replacement_sort_tuples = 150000
min_parallel_relation_size = 8MB
sql_inheritance = on
password_encryption = on
operator_precedence_warning = off
stats_temp_directory = 'pg_stat_tmp'
vacuum_defer_cleanup_age = 0
force_parallel_mode = off
checkpoint_completion_target = 0.9
CONF
for from in 9.6 10 11 12; do
  for m in "${MAJORS[@]}"; do
    "$PGKNOB" upgrade --from "$from" --to "$m" -o "$tmp/old-$from-$m.conf" "$tmp/old.conf" > /dev/null 2>&1
    vd_install "$m" "$tmp/old-$from-$m.conf"; vd_start "$m"
    check "$from→$m: PostgreSQL $m starts with the patched file${VD_MSG:+ ($VD_MSG)}" test "$VD_RC" = 0
  done
done
j=$("$PGKNOB" upgrade --from 9.6 --to 13 --format json "$tmp/old.conf")
check "9.6→13: min_parallel_relation_size renamed (10)" \
  test "$(jq -r '.items[] | select(.name == "min_parallel_relation_size") | .new_name + " " + (.since | tostring)' <<<"$j")" = "min_parallel_table_scan_size 10"
check "9.6→13: wal_keep_segments = 32 → wal_keep_size = 512MB" \
  test "$(jq -r '.items[] | select(.name == "wal_keep_segments") | .new_value' <<<"$j")" = 512MB
j=$("$PGKNOB" upgrade --from 11 --to 13 --format json "$tmp/old.conf")
check "11→13: sql_inheritance, gone in 10 (a line carried along), is still listed: 13 refuses it" \
  test "$(jq -r '.items[] | select(.name == "sql_inheritance") | .kind + " " + (.since | tostring)' <<<"$j")" = "removed 10"

# defaults and deprecations (18)
printf 'shared_buffers = 1GB\npassword_encryption = md5\n' > "$tmp/d.conf"
j=$("$PGKNOB" upgrade --from 17 --to 18 --format json "$tmp/d.conf")
check "17→18: effective_io_concurrency's default change listed" \
  test "$(jq -r '.items[] | select(.kind == "default" and .name == "effective_io_concurrency") | .value + "→" + .new_value' <<<"$j")" = "1→16"
check "17→18: io_method is new and unset" test "$(jq '[.items[] | select(.name == "io_method")] | length' <<<"$j")" = 1
check "17→18: md5 deprecated" test "$(jq '[.items[] | select(.kind == "deprecated" and .name == "password_encryption")] | length' <<<"$j")" = 1
expect_exit 0 "17→18 with nothing removed exits 0" -- "$PGKNOB" upgrade --from 17 --to 18 "$tmp/d.conf"
expect_exit 2 "--to below --from" -- "$PGKNOB" upgrade --from 17 --to 16 "$tmp/d.conf"
expect_exit 2 "--from missing" -- "$PGKNOB" upgrade --to 16 "$tmp/d.conf"
expect_exit 2 "-o over the input" -- "$PGKNOB" upgrade --from 12 --to 16 -o "$tmp/conv.conf" "$tmp/conv.conf"

# a manifest: the patched Cluster keeps YAML and the operator's string values
"$PGKNOB" upgrade --from 12 --to 16 -o "$tmp/cnpg16.yaml" tests/input/fixtures/cnpg-cluster.yaml > /dev/null 2>&1
check "manifest: wal_keep_segments renamed in the YAML" grep -q '^      wal_keep_size: "1024MB"$' "$tmp/cnpg16.yaml"
check "manifest: the patched YAML parses" python3 -c 'import sys, yaml; yaml.safe_load(open(sys.argv[1]))' "$tmp/cnpg16.yaml"
j=$("$PGKNOB" lint --no-rules --format json "$tmp/cnpg16.yaml" 2>/dev/null)
check "manifest: lint no longer finds a removed parameter" test "$(jq '[.findings[] | select(.rule == "PK0011")] | length' <<<"$j")" = 0

done_testing
