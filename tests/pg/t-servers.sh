#!/usr/bin/env bash
# needs: servers
# The test servers 13–18 start, report the expected version, and agree with the committed
# catalog row for row (pg_settings: name, type, unit, boot/min/max, enum values, context,
# category, description); aliases, hidden parameters and version notes agree with what the
# servers accept.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib.sh"
cd "$PROJECT_ROOT" || exit 1

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT   # lib.sh chains its own cleanup after this one
dump="$work/catalog_dump"
if pg_catalog_dump_build "$dump"; then
  ok "catalog_dump builds"
else
  fail "catalog_dump builds: $(head -5 "$dump.err")"; done_testing; exit
fi

LIVE_SQL="SELECT name, vartype, coalesce(unit, '\\N'), coalesce(boot_val, '\\N'),
  coalesce(min_val, '\\N'), coalesce(max_val, '\\N'), coalesce(enumvals::text, '\\N'), context,
  category, short_desc FROM pg_settings"

# Names whose note must be NULL exactly when the server recognizes them.
NOTE_NAMES="io_method io_workers io_direct debug_io_direct debug_parallel_query force_parallel_mode
  stats_temp_directory vacuum_defer_cleanup_age old_snapshot_threshold operator_precedence_warning
  wal_keep_segments wal_keep_size checkpoint_segments max_fsm_pages standby_mode trigger_file
  promote_trigger_file file_extend_method summarize_wal transaction_timeout sort_mem vacuum_mem
  ssl_ecdh_curve ssl_groups TimeZone tcpip_socket virtual_host max_expr_depth preload_libraries"

check_settings() { # major
  local major="$1"
  pg_psql -F $'\t' -c "$LIVE_SQL" | LC_ALL=C sort > "$work/live.$major"
  "$dump" params "$major" | LC_ALL=C sort > "$work/cat.$major"
  local nlive ncat
  nlive=$(wc -l < "$work/live.$major"); ncat=$(wc -l < "$work/cat.$major")
  if [ "$nlive" -gt 300 ] && diff "$work/cat.$major" "$work/live.$major" > "$work/diff.$major"; then
    ok "$major: catalog matches pg_settings row for row ($ncat parameters)"
  else
    fail "$major: catalog ($ncat rows) differs from pg_settings ($nlive rows): $(head -8 "$work/diff.$major")"
  fi
}

# `postgres -C TARGET -c ALIAS=VALUE` shows what `-c TARGET=VALUE` shows, and not the default,
# when the server maps ALIAS to TARGET.
check_alias() { # major alias value
  local major="$1" alias="$2" value="$3" target shown want default
  target="$("$dump" alias "$major" "$alias")"
  if [ "$target" != '\N' ]; then
    shown="$(pg_as_postgres "$PG_BIN/postgres" -D "$PGDATA" -C "$target" -c "$alias=$value" 2>&1)"
    want="$(pg_as_postgres "$PG_BIN/postgres" -D "$PGDATA" -C "$target" -c "$target=$value" 2>&1)"
    default="$(pg_as_postgres "$PG_BIN/postgres" -D "$PGDATA" -C "$target" 2>&1)"
    check "$major: $alias is an alias of $target (postgres -C shows $shown, default $default)" \
      [ "$shown" = "$want" -a "$shown" != "$default" ]
  else
    local own; own="$(pg_psql -c "SELECT count(*) FROM pg_settings WHERE name = '$alias'")"
    if [ "$own" = 1 ]; then
      ok "$major: $alias is a parameter of its own, not an alias"
    else
      shown="$(pg_as_postgres "$PG_BIN/postgres" -D "$PGDATA" -C work_mem -c "$alias=$value" 2>&1)"
      check "$major: $alias is neither alias nor parameter (server: ${shown:0:80})" \
        grep -q 'unrecognized configuration parameter' <<<"$shown"
    fi
  fi
}

check_notes() { # major
  local major="$1" name note bad=""
  for name in $NOTE_NAMES; do
    note="$("$dump" note "$major" "$name")"
    if pg_psql -c "SHOW $name" >/dev/null 2>&1; then
      [ "$note" = '\N' ] || bad+=" $name(accepted but note: $note)"
    else
      [ "$note" != '\N' ] || bad+=" $name(rejected but no note)"
    fi
  done
  check "$major: version notes agree with SHOW for $(wc -w <<<"$NOTE_NAMES") names${bad:+:$bad}" [ -z "$bad" ]
}

# The names the server accepts beyond pg_settings are exactly the catalog's hidden parameters
# and aliases; each hidden one behaves under SET, as an unprivileged user, as its row says.
check_hidden() { # major
  local major="$1" name found bad="" type lo hi ctx
  found="$(pg_hidden_names)"
  for name in $found; do
    if ! "$dump" hidden "$major" | cut -f1 | grep -qx "$name" && [ "$("$dump" alias "$major" "$name")" = '\N' ]; then
      bad+=" $name(accepted, not in the catalog)"
    fi
  done
  for name in $("$dump" hidden "$major" | cut -f1); do
    grep -qx "$name" <<<"$found" || bad+=" $name(catalog says hidden, server does not accept it)"
  done
  check "$major: hidden names and aliases the server accepts are the catalog's ($(echo $found))${bad:+:$bad}" [ -z "$bad" ]
  if [ "$major" -ge 15 ]; then # pg_settings_get_flags is new in 15
    bad=""
    for name in $("$dump" hidden "$major" | cut -f1); do
      pg_psql -c "SELECT pg_settings_get_flags('$name')" | grep -q NO_SHOW_ALL || bad+=" $name"
    done
    check "$major: every hidden parameter has the NO_SHOW_ALL flag${bad:+ except$bad}" [ -z "$bad" ]
  fi
  pg_psql -c "CREATE ROLE pgknob_probe LOGIN" >/dev/null
  while IFS=$'\t' read -r name type lo hi ctx; do
    check_hidden_param "$major" "$name" "$type" "$lo" "$hi" "$ctx"
  done < <("$dump" hidden "$major")
}

probe_set() { # name value: the error of SET as pgknob_probe, empty on success
  PGUSER=pgknob_probe pg_psql -c "SET $1 = '$2'" 2>&1 >/dev/null | sed 's/^ERROR: *//'
}

check_hidden_param() { # major name type min max context
  local major="$1" name="$2" type="$3" lo="$4" hi="$5" ctx="$6" err value
  if [ "$ctx" = internal ]; then
    err="$(probe_set "$name" on)"
    check "$major: hidden $name is internal ($err)" grep -q "cannot be changed" <<<"$err"
    return
  fi
  case "$type" in
    bool) value=off ;;
    integer|real) value="$lo" ;;
    *) value="$(PGUSER=pgknob_probe pg_psql -c "SELECT current_setting('$name')")" ;;
  esac
  err="$(probe_set "$name" "$value")"
  check "$major: hidden $name ($ctx) can be SET to '$value' by an unprivileged user${err:+: $err}" [ -z "$err" ]
  case "$type" in
    bool)
      err="$(probe_set "$name" zzz)"
      check "$major: hidden $name is a bool ($err)" grep -q "requires a Boolean value" <<<"$err" ;;
    integer|real)
      err="$(probe_set "$name" "$((hi + 1))")"
      check "$major: hidden $name range is $lo .. $hi ($err)" grep -qF "($lo .. $hi)" <<<"$err" ;;
  esac
}

for major in $PG_MAJORS; do
  if ! pg_cluster_start "$major"; then
    fail "$major: cluster starts"; continue
  fi
  ok "$major: cluster starts (port $PGPORT)"
  version="$(pg_psql -c 'SHOW server_version')"
  check "$major: SHOW server_version is $major.x ($version)" [ "${version%%.*}" = "$major" ]
  check "$major: catalog server_version $("$dump" version "$major") is the live one" \
    [ "$("$dump" version "$major")" = "${version%% *}" ]
  check_settings "$major"
  check_alias "$major" sort_mem 1234kB
  check_alias "$major" vacuum_mem 77MB
  check_alias "$major" ssl_ecdh_curve secp384r1
  check_notes "$major"
  check_hidden "$major"
  # shellcheck disable=SC2034 # read by the eval below
  handle="$PG_CLUSTER"; pid="$(head -1 "$PGDATA/postmaster.pid")"
  pg_cluster_stop
  check "$major: cluster stopped (pid $pid gone) and its directory removed" \
    eval '! ps -o stat= -p "$pid" | grep -qv Z && [ ! -d "$handle" ]'
done
done_testing
