#!/usr/bin/env bash
# needs: servers
# The module-parameter catalog (src/catalog/contrib_data.auto.c) against the live servers 13–18:
# row for row against pg_settings with every catalogued module preloaded; preload_only against
# what a plain LOAD defines; and what `pgknob lint` says about module settings against what a
# real start of the same postgresql.conf does (starts or not, the server's WARNING text, the
# value it runs with), for bad values, misspelled names, modules not loaded and unknown prefixes.
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
  category, short_desc FROM pg_settings WHERE name LIKE '%.%'"

check_rows() { # major
  local major="$1" n
  pg_psql -F $'\t' -c "$LIVE_SQL" | LC_ALL=C sort > "$work/live.$major"
  "$dump" contrib "$major" | LC_ALL=C sort > "$work/cat.$major"
  n=$(wc -l < "$work/cat.$major")
  if [ "$n" -ge 25 ] && diff "$work/cat.$major" "$work/live.$major" > "$work/diff.$major"; then
    ok "$major: module catalog matches pg_settings with the modules preloaded ($n parameters)"
  else
    fail "$major: module catalog ($n rows) differs from pg_settings: $(head -8 "$work/diff.$major")"
  fi
}

# In a server that preloads nothing, LOAD defines exactly the parameters not marked preload_only.
check_preload_only() { # major modules…
  local major="$1" mod; shift
  : > "$work/loaded.$major"
  for mod in "$@"; do
    pg_psql -c "LOAD '$mod'" -c "SELECT name FROM pg_settings WHERE name LIKE '%.%'" \
      >> "$work/loaded.$major" 2>/dev/null
  done
  LC_ALL=C sort -u -o "$work/loaded.$major" "$work/loaded.$major"
  "$dump" contrib-info "$major" | awk -F'\t' '$3 == "f" { print $1 }' | LC_ALL=C sort > "$work/notpre.$major"
  if diff "$work/notpre.$major" "$work/loaded.$major" > "$work/pdiff.$major"; then
    ok "$major: LOAD defines exactly the parameters not marked preload_only ($(wc -l < "$work/loaded.$major"))"
  else
    fail "$major: preload_only differs from LOAD: $(head -6 "$work/pdiff.$major")"
  fi
}

# Lints the cluster's postgresql.conf: one line per finding, RULE<TAB>refuses<TAB>message<TAB>hint
lint_findings() { # major
  "$PGKNOB" lint --pg-version "$1" --format json "$PGDATA/postgresql.conf" 2>/dev/null | python3 -c '
import json, sys
for f in json.load(sys.stdin)["findings"]:
    print("%s\t%s\t%s\t%s" % (f["rule"], "t" if f["refuses_start"] else "f", f["message"], f.get("hint") or ""))'
}

# Restarts the current cluster with `lines` appended to postgresql.conf (after the test's own
# earlier lines are dropped); sets STARTED (0/1) and NEWLOG (the log lines of this start).
restart_with() { # lines…
  # written in place (as whoever runs the tier), so the file keeps its owner, postgres
  cat "$work/base.conf" > "$PGDATA/postgresql.conf"
  printf '%s\n' "$@" >> "$PGDATA/postgresql.conf"
  local log; log="$(pg_server_log)"
  local before; before=$(wc -l < "$log")
  if pg_cluster_restart >/dev/null 2>&1; then STARTED=1; else STARTED=0; fi
  NEWLOG="$(tail -n +"$((before + 1))" "$log")"
}

# The server's WARNING for a module parameter's bad value is pgknob's PK0025 message, and the
# verdict (starts or not) is the catalog's refuses_start for the major.
check_bad_value() { # major preload name value default
  local major="$1" preload="$2" name="$3" value="$4" default="$5" refuses want_start shown warn lint
  refuses="$("$dump" contrib-behaviour "$major" | cut -f1)"
  restart_with "shared_preload_libraries = '$preload'" "$name = '$value'"
  want_start=1; [ "$refuses" = t ] && want_start=0
  check "$major: $name = '$value' with $preload preloaded: the server $([ "$STARTED" = 1 ] && echo starts || echo refuses), as the catalog says (refuses_start $refuses)" \
    [ "$STARTED" = "$want_start" ]
  [ "$STARTED" = 1 ] || { pg_cluster_restart_clean; return; }
  warn="$(grep -o 'WARNING: .*' <<<"$NEWLOG" | grep -F "\"$name\"" | head -1 | sed 's/^WARNING: *//')"
  shown="$(pg_psql -c "SHOW $name")"
  check "$major: $name runs with the default $default (SHOW: $shown)" [ "$shown" = "$default" ]
  lint="$(lint_findings "$major" | awk -F'\t' -v r=PK0025 '$1 == r')"
  check "$major: pgknob's PK0025 message is the server's WARNING ($warn)" \
    same "$warn" "$(cut -f3 <<<"$lint")"
  check "$major: pgknob's PK0025 says refuses_start $refuses and names the default" \
    same "$refuses/default, $default." "$(cut -f2 <<<"$lint")/$(grep -oF "default, $default." <<<"$lint")"
}

pg_cluster_restart_clean() { restart_with; }
same() { [ -n "$1" ] && [ "$1" = "$2" ]; }

# A misspelled name under a preloaded module's prefix: removed with a WARNING (15+) or kept as a
# placeholder (13, 14), as the catalog's misspelled_removed says; pgknob's PK0013 says which.
check_misspelled() { # major
  local major="$1" removed lint shown
  removed="$("$dump" contrib-behaviour "$major" | cut -f3)"
  restart_with "shared_preload_libraries = 'auto_explain'" "auto_explain.log_min_duraton = '5s'"
  check "$major: a misspelled auto_explain parameter does not stop the server" [ "$STARTED" = 1 ]
  [ "$STARTED" = 1 ] || { pg_cluster_restart_clean; return; }
  shown="$(pg_psql -c "SELECT coalesce(current_setting('auto_explain.log_min_duraton', true), '<none>')")"
  if [ "$removed" = t ]; then
    check "$major: the server removed it with a WARNING, as the catalog says (SHOW: $shown)" \
      grep -qF 'invalid configuration parameter name "auto_explain.log_min_duraton", removing it' <<<"$NEWLOG"
  else
    check "$major: the server kept it as a placeholder, as the catalog says (SHOW: $shown)" \
      [ "$shown" = 5s ]
  fi
  lint="$(lint_findings "$major" | awk -F'\t' '$1 == "PK0013"')"
  check "$major: pgknob's PK0013 suggests auto_explain.log_min_duration" \
    grep -qF 'Did you mean "auto_explain.log_min_duration"' <<<"$lint"
  if [ "$removed" = t ]; then
    check "$major: PK0013 says the server removes it" grep -qF "removing it" <<<"$lint"
  else
    check "$major: PK0013 says the server keeps a placeholder" grep -qF "placeholder" <<<"$lint"
  fi
}

# Without the module preloaded the server keeps any text: it starts, SHOW gives the text back;
# pgknob says the module is not loaded (PK0026; for pg_cron, which loads only from there, a
# warning) and passes an application's own prefix through (PK0014).
check_not_loaded() { # major
  local major="$1" lint shown cron app
  restart_with "pg_stat_statements.track = 'al'" "cron.database_name = 'jobs'" "myapp.tenant = 'acme'"
  check "$major: module parameters without the module do not stop the server" [ "$STARTED" = 1 ]
  [ "$STARTED" = 1 ] || { pg_cluster_restart_clean; return; }
  shown="$(pg_psql -c "SHOW pg_stat_statements.track")"
  cron="$(pg_psql -c "SHOW cron.database_name")"
  app="$(pg_psql -c "SHOW myapp.tenant")"
  check "$major: the server keeps all three as placeholders (track: $shown, cron: $cron, app: $app)" \
    same "al/jobs/acme" "$shown/$cron/$app"
  lint="$(lint_findings "$major")"
  check "$major: pgknob notes pg_stat_statements is not preloaded (PK0026), nothing refuses" \
    grep -qP '^PK0026\tf\tpg_stat_statements.track is set, but pg_stat_statements is not in shared_preload_libraries' <<<"$lint"
  check "$major: pgknob says pg_cron is not preloaded (PK0026), its settings do nothing" \
    grep -qP '^PK0026\tf\tcron.database_name is set, but pg_cron is not in shared_preload_libraries' <<<"$lint"
  check "$major: pgknob passes myapp.* through with a note naming the prefix (PK0014)" \
    grep -qP '^PK0014\tf\t"myapp" parameters are not checked' <<<"$lint"
  check "$major: no finding refuses the start" [ -z "$(awk -F'\t' '$2 == "t"' <<<"$lint")" ]
}

# A session that LOADs a module applies the placeholder then: the same WARNING, the default.
check_session_load() { # major
  local major="$1" out lint
  restart_with "auto_explain.log_min_duration = '5x'"
  [ "$STARTED" = 1 ] || { fail "$major: server starts with an unloaded module's bad value"; return; }
  out="$(pg_psql -c "LOAD 'auto_explain'" -c "SHOW auto_explain.log_min_duration" 2>&1)"
  lint="$(lint_findings "$major" | awk -F'\t' '$1 == "PK0025"')"
  check "$major: LOAD in a session warns with pgknob's message and uses the default ($(tr '\n' ' ' <<<"$out"))" \
    same "WARNING:  $(cut -f3 <<<"$lint")|-1" "$(grep -F WARNING <<<"$out")|$(grep -x -- -1 <<<"$out")"
  check "$major: PK0025 for an unloaded module says each session that loads it warns" \
    grep -qF "Each session that loads auto_explain" <<<"$lint"
}

for major in $PG_MAJORS; do
  modules="$("$dump" contrib-modules "$major" | cut -f1 | paste -sd, -)"
  if ! PG_SERVER_OPTS="-c shared_preload_libraries='$modules'" pg_cluster_start "$major"; then
    fail "$major: cluster starts with $modules preloaded"; continue
  fi
  check_rows "$major"
  pg_cluster_stop
  if ! pg_cluster_start "$major"; then fail "$major: cluster starts"; continue; fi
  # shellcheck disable=SC2086 # one module a word
  check_preload_only "$major" ${modules//,/ }
  cp "$PGDATA/postgresql.conf" "$work/base.conf"
  check_bad_value "$major" pg_stat_statements pg_stat_statements.track al top
  check_bad_value "$major" auto_explain auto_explain.log_min_duration 5x -1
  check_bad_value "$major" auth_delay auth_delay.milliseconds -5 0
  check_misspelled "$major"
  check_not_loaded "$major"
  check_session_load "$major"
  pg_cluster_stop
done
done_testing
