#!/usr/bin/env bash
# needs: servers
# The major the parameters a file sets allow (lint/major.c, major_from_parameters; issue 24),
# against real servers 13-18: for each file that names no major and whose parameters leave one,
# the major pgknob checks it as starts with every line of it, and the next major refuses the line
# that bounds it (the removal pgknob claims). A removal alone, or a range of several majors, is
# as likely a stale line in a file for a newer server: the file is checked as 18, which refuses
# the line, and the finding says both facts. A name 18 maps to its new one (ssl_ecdh_curve) is
# accepted by 18, which is why it bounds nothing.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh

tmp="$(mktemp -d /tmp/pgknob-major-params.XXXXXX)"
chmod 777 "$tmp" # the postgres user writes the data directories here
trap 'rm -rf "$tmp"' EXIT

declare -A data
for major in 13 14 15 16 17 18; do
  bin=$(pg_bin_dir "$major") || { fail "no PostgreSQL $major build"; continue; }
  data[$major]="$tmp/data$major"
  pg_as_postgres "$bin/initdb" -D "${data[$major]}" -A trust -U postgres >/dev/null 2>&1 ||
    fail "initdb $major"
done
# does the MAJOR server accept NAME = VALUE (postgres -C reads it as the file would)?
accepts() { # major name value
  local bin; bin=$(pg_bin_dir "$1") || return 2
  pg_as_postgres "$bin/postgres" -D "${data[$1]}" -c "$2=$3" -C "$2" >/dev/null 2>&1
}

# file | the bounding parameter (the one PK0004 names as removed)
cases=(
  "stats_temp_directory=pg_stat_tmp|stats_temp_directory"
  "default_toast_compression=pglz,wal_keep_size=1GB,stats_temp_directory=pg_stat_tmp|stats_temp_directory"
  "track_wal_io_timing=on,stats_temp_directory=pg_stat_tmp|stats_temp_directory"
  "recovery_prefetch=try,promote_trigger_file=/tmp/promote|promote_trigger_file"
  "vacuum_buffer_usage_limit=256kB,db_user_namespace=off|db_user_namespace"
  "track_wal_io_timing=on,force_parallel_mode=off|force_parallel_mode"
  "operator_precedence_warning=on|operator_precedence_warning"
  "promote_trigger_file=/tmp/promote|promote_trigger_file"
  "db_user_namespace=off,summarize_wal=off|db_user_namespace"
)
for c in "${cases[@]}"; do
  settings="${c%%|*}"; bound="${c#*|}"
  tr ',' '\n' <<<"$settings" | sed 's/=\(.*\)/ = '"'"'\1'"'"'/' >"$tmp/f.conf"
  j=$("$PGKNOB" lint --no-rules --format json --fail-on never "$tmp/f.conf" 2>/dev/null)
  major=$(jq -r '.inputs[0].pg_version' <<<"$j")
  source_=$(jq -r '.inputs[0].version_source' <<<"$j")
  if [ "$source_" != parameters ]; then
    # a removal alone, a range of several majors, or bounds that conflict (db_user_namespace,
    # gone in 17, beside summarize_wal, new in 17): the default stays, and 18 refuses the line
    # pgknob names
    value=$(tr ',' '\n' <<<"$settings" | grep "^$bound=" | cut -d= -f2-)
    [ "$major" = 18 ] || fail "$settings: checked as $major ($source_), not the default"
    accepts 18 "$bound" "$value" && fail "$settings: 18 accepts $bound" ||
      { [ "$(jq --arg b "$bound" '[.findings[] | select(.rule == "PK0011" and .settings[0].name == $b)] | length' <<<"$j")" = 1 ] &&
        ok "$settings: not one major: checked as 18, and 18 refuses $bound as pgknob says" ||
        fail "$settings: $(jq -c '[.findings[] | [.rule, .severity]]' <<<"$j")"; }
    continue
  fi
  all_ok=true
  while IFS=, read -r -a pairs; do
    for pair in "${pairs[@]}"; do
      accepts "$major" "${pair%%=*}" "${pair#*=}" || { all_ok=false; fail "$settings: $major refuses ${pair%%=*}"; }
    done
  done <<<"$settings"
  $all_ok && ok "$settings: checked as $major, and the $major server accepts every line"
  next=$((major + 1))
  value=$(tr ',' '\n' <<<"$settings" | grep "^$bound=" | cut -d= -f2-)
  if [ "$next" -le 18 ]; then
    accepts "$next" "$bound" "$value" && fail "$settings: $next accepts $bound, which pgknob says it removed" ||
      ok "$settings: the $next server refuses $bound, the removal PK0004 names"
  fi
done

# the lower bounds PK0004 names ("arrived in 14"): 13 refuses them
for pair in default_toast_compression=pglz track_wal_io_timing=on; do
  accepts 13 "${pair%%=*}" "${pair#*=}" && fail "13 accepts ${pair%%=*}" ||
    ok "13 refuses ${pair%%=*}: it arrived in 14, as PK0004 says"
done
accepts 13 wal_keep_segments 32 && fail "13 accepts wal_keep_segments" ||
  ok "13 refuses wal_keep_segments: a file that sets it is for 12 or older, or its line is stale"
accepts 13 password_encryption on && ! accepts 14 password_encryption on &&
  ok "13 accepts password_encryption = on and 14 refuses it, as the upgrade notice says" ||
  fail "password_encryption = on: 13 and 14 do not behave as the upgrade notice says"
# PK0006: a line with no value (an ERB tag that printed nothing) stops the server
echo "max_connections = " >>"${data[18]}/postgresql.conf"
pg_as_postgres "$(pg_bin_dir 18)/postgres" -D "${data[18]}" -C max_connections >/dev/null 2>&1 &&
  fail "18 starts with 'max_connections = ' and no value" ||
  ok "18 refuses 'max_connections = ' with no value, as PK0006 says"
sed -i '$d' "${data[18]}/postgresql.conf"
accepts 18 ssl_ecdh_curve prime256v1 && ok "18 accepts ssl_ecdh_curve (its old name for ssl_groups): it bounds nothing" ||
  fail "18 refuses ssl_ecdh_curve"
done_testing
