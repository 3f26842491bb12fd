#!/usr/bin/env bash
# needs: servers
# lane: shared
# Differential test of the pg_hba.conf / pg_ident.conf reader (src/hba/): every case under
# tests/hba/cases is put into the data directory of real servers of each major 13..18 and
#  - read back through pg_hba_file_rules (and pg_ident_file_mappings, 15+), which parse the
#    files afresh at each query: `pgknob hba --format json DATADIR` must show the same rows,
#    column by column (tests/hba/compare.py);
#  - started for real (pg_ctl start on a stopped copy of the cluster): the server starts
#    exactly when `pgknob hba` says it does, and exactly when `pgknob lint --fail-on refusal`
#    finds nothing tagged refuses_start.
# A case directory holds pg_hba.conf, pg_ident.conf and the files they include; NO_HBA /
# NO_IDENT mark a case without that file (others get a comment-only pg_ident.conf). The
# server build's optional features (ssl, gss, ldap, pam) are read from the binary's libraries
# and given to pgknob with --build. Finally one reload per major: a broken pg_hba.conf (and a
# broken pg_ident.conf) is not loaded by pg_reload_conf(): the server logs it and keeps the old
# rules (maps).
# PGKNOB_HBA_MAJORS="15 18" narrows the majors; PGKNOB_HBA_CASES=glob narrows the cases.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"
CASES_DIR="$PROJECT_ROOT/tests/hba/cases"
MAJORS="${PGKNOB_HBA_MAJORS:-13 14 15 16 17 18}"
WORK="$(mktemp -d /tmp/pgknob-hbadiff.XXXXXX)"
chmod 755 "$WORK"
trap '[ -n "${PGKNOB_KEEP_WORK:-}" ] && echo "work dir kept: $WORK" || rm -rf "$WORK"' EXIT

HBA_QUERY="SELECT coalesce(json_agg(row_to_json(r)), '[]') FROM pg_hba_file_rules r"
IDENT_QUERY="SELECT coalesce(json_agg(row_to_json(r)), '[]') FROM pg_ident_file_mappings r"

build_features() { # bin dir
  local libs feats=""
  libs="$(ldd "$1/postgres" 2>/dev/null)"
  grep -q 'libssl' <<<"$libs" && feats="$feats,ssl"
  grep -q 'libgssapi' <<<"$libs" && feats="$feats,gss"
  grep -q 'libldap' <<<"$libs" && feats="$feats,ldap"
  grep -q 'libpam' <<<"$libs" && feats="$feats,pam"
  feats="${feats#,}"
  echo "${feats:-none}"
}

# Lays a case out in a data directory (the case's files replace the authentication files).
place_case() { # case_dir data_dir
  local src="$1" data="$2" entry
  rm -f "$data/pg_hba.conf" "$data/pg_ident.conf"
  printf '# pgknob test: no mapping\n' > "$data/pg_ident.conf"
  for entry in "$src"/*; do
    case "$(basename "$entry")" in NO_HBA|NO_IDENT) continue ;; esac
    cp -a "$entry" "$data/"
    chown -R postgres "$data/$(basename "$entry")" 2>/dev/null
  done
  [ -e "$src/NO_IDENT" ] && rm -f "$data/pg_ident.conf"
  chown postgres "$data"/pg_ident.conf 2>/dev/null
  return 0
}

unplace_case() { # case_dir data_dir
  local entry
  for entry in "$1"/*; do
    case "$(basename "$entry")" in NO_HBA|NO_IDENT|pg_hba.conf|pg_ident.conf) ;; *) rm -rf "$2/$(basename "$entry")" ;; esac
  done
}

server_answers() { pg_psql -c "SELECT 1" >/dev/null; }

n_cases=0
for major in $MAJORS; do
  out="$WORK/$major"; mkdir -p "$out"
  if ! pg_cluster_start "$major" >/dev/null 2>"$WORK/start-$major.log"; then
    fail "PostgreSQL $major did not start: $(tail -3 "$WORK/start-$major.log")"; continue
  fi
  view="$PG_CLUSTER"
  feats="$(build_features "$PG_BIN")"
  echo "$feats" > "$out/features"
  cp "$PGDATA/pg_hba.conf" "$WORK/orig-hba-$major"
  # a second cluster, stopped, for the real starts
  if ! pg_cluster_start "$major" >/dev/null 2>>"$WORK/start-$major.log"; then
    fail "PostgreSQL $major (start copy) did not start"; pg_cluster_stop "$view"; continue
  fi
  starter="$PG_CLUSTER"
  pg_as_postgres "$PG_BIN/pg_ctl" -D "$starter/data" -m fast -w stop >/dev/null 2>&1
  for dir in "$CASES_DIR"/${PGKNOB_HBA_CASES:-*}/; do
    [ -d "$dir" ] || continue
    name="$(basename "$dir")"; n_cases=$((n_cases + 1))
    # the view, on the running server
    pg_cluster_use "$view"
    place_case "$dir" "$PGDATA"
    pg_psql -c "$HBA_QUERY" > "$out/$name.hba" 2> "$out/$name.hba-err" || echo "null" > "$out/$name.hba"
    if [ "$major" -ge 15 ]; then
      pg_psql -c "$IDENT_QUERY" > "$out/$name.ident" 2> "$out/$name.ident-err" || echo "null" > "$out/$name.ident"
    fi
    "$PGKNOB" hba --format json --build "$feats" --pg-version "$major" "$PGDATA" \
      > "$out/$name.pgknob" 2> "$out/$name.pgknob-err"
    echo "$?" > "$out/$name.pgknob-rc"
    "$PGKNOB" lint --no-rules --fail-on refusal --format json --pg-version "$major" "$PGDATA" \
      > "$out/$name.lint" 2>&1
    echo "$?" > "$out/$name.lint-rc"
    unplace_case "$dir" "$PGDATA"
    cp "$WORK/orig-hba-$major" "$PGDATA/pg_hba.conf"; chown postgres "$PGDATA/pg_hba.conf"
    # the real start, on the stopped copy
    place_case "$dir" "$starter/data"
    : > "$starter/server.log"
    if pg_as_postgres "$PG_BIN/pg_ctl" -D "$starter/data" -l "$starter/server.log" -w -t 30 \
         -o "-c listen_addresses='' -c unix_socket_directories='$starter' -p $(cat "$starter/port")" \
         start >/dev/null 2>&1; then
      echo started > "$out/$name.start"
      pg_as_postgres "$PG_BIN/pg_ctl" -D "$starter/data" -m fast -w stop >/dev/null 2>&1
    else
      echo refused > "$out/$name.start"
    fi
    cp "$starter/server.log" "$out/$name.start-log"
    unplace_case "$dir" "$starter/data"
  done
  # reload: a broken pg_hba.conf is not loaded; the server goes on with the old rules
  pg_cluster_use "$view"
  printf 'local all all bogus\n' > "$PGDATA/pg_hba.conf"; chown postgres "$PGDATA/pg_hba.conf"
  pg_psql -c "SELECT pg_reload_conf()" >/dev/null
  sleep 1
  check "PostgreSQL $major: a broken pg_hba.conf on reload is logged as not reloaded" \
    grep -q 'pg_hba.conf was not reloaded' "$(pg_server_log)"
  check "PostgreSQL $major: the server still accepts connections with the old rules" \
    server_answers
  cp "$WORK/orig-hba-$major" "$PGDATA/pg_hba.conf"; chown postgres "$PGDATA/pg_hba.conf"
  printf 'm1 onlytwo\n' > "$PGDATA/pg_ident.conf"; chown postgres "$PGDATA/pg_ident.conf"
  pg_psql -c "SELECT pg_reload_conf()" >/dev/null
  sleep 1
  check "PostgreSQL $major: a broken pg_ident.conf on reload is logged as not reloaded" \
    grep -q 'pg_ident.conf was not reloaded' "$(pg_server_log)"
  pg_cluster_stop "$view"
  pg_cluster_stop "$starter"
done

while IFS= read -r line; do
  case "$line" in
    ok\ *) ok "${line#ok }" ;;
    FAIL\ *) fail "${line#FAIL }" ;;
    *) echo "$line" ;;
  esac
done < <(python3 "$PROJECT_ROOT/tests/hba/compare.py" "$WORK" $MAJORS 2>&1)
check "at least one case was compared" test "$n_cases" -gt 0
done_testing
