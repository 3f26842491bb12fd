#!/usr/bin/env bash
# needs: servers
# lane: shared
# Differential test of the configuration reader: every case under tests/conf/cases, every
# realworld file of the shared corpus and every major's own postgresql.conf.sample is put into
# the data directory of a running server of each major 13..18 and read back
#  - through pg_file_settings: `pgknob settings --format json` must agree (tests/conf/compare.py);
#  - at startup semantics with `postgres -C`, which reads the files as postmaster start does:
#    the errors it logs and whether it refuses the configuration must agree with
#    `pgknob settings --all-errors` (tests/conf/compare_startup.py), as `pgknob lint` reads so.
# What is compared (and what is not) is spelled out in the two compare scripts.
# PGKNOB_CONF_MAJORS="15 18" narrows the majors; PGKNOB_CONF_CASES=glob narrows the cases.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"
CASES_DIR="$PROJECT_ROOT/tests/conf/cases"
REALWORLD="${PGKNOB_REALWORLD:-$(realworld_dir)}" || fail "the real-world corpus: not found"
MAJORS="${PGKNOB_CONF_MAJORS:-13 14 15 16 17 18}"
WORK="$(mktemp -d /tmp/pgknob-confdiff.XXXXXX)"
chmod 755 "$WORK"
trap '[ -n "${PGKNOB_KEEP_WORK:-}" ] && echo "work dir kept: $WORK" || rm -rf "$WORK"' EXIT

QUERY="SELECT coalesce(encode(textsend(sourcefile),'hex'),'N'), sourceline, seqno,
  coalesce(encode(textsend(name),'hex'),'N'), coalesce(encode(textsend(setting),'hex'),'N'),
  CASE WHEN applied THEN 't' ELSE 'f' END, coalesce(encode(textsend(error),'hex'),'N'),
  coalesce((SELECT s.context FROM pg_settings s WHERE lower(s.name) = lower(f.name)), '')
  FROM pg_file_settings f ORDER BY seqno"

# Runs one case directory (files laid out relative to the data directory) on the current server.
run_case() { # name dir outdir
  local name="$1" src="$2" out="$3" entry
  rm -f "$PGDATA/postgresql.auto.conf"
  : > "$PGDATA/postgresql.conf"
  cp -a "$src"/. "$PGDATA"/
  for entry in "$src"/* "$src"/.[!.]*; do
    [ -e "$entry" ] && chown -R postgres "$PGDATA/$(basename "$entry")"
  done
  pg_psql -F $'\t' -c "$QUERY" > "$out/$name.server" 2> "$out/$name.server-err" ||
    echo "psql failed: $(cat "$out/$name.server-err")" > "$out/$name.server"
  "$PGKNOB" settings --format json "$PGDATA" > "$out/$name.pgknob" 2> "$out/$name.pgknob-err"
  echo "exit $?" >> "$out/$name.pgknob-err"
  local sout="$WORK/startup/$(basename "$out")"; mkdir -p "$sout"
  pg_as_postgres "$PG_BIN/postgres" -D "$PGDATA" -C work_mem > /dev/null 2> "$sout/$name.server"
  echo "exit $?" >> "$sout/$name.server"
  "$PGKNOB" settings --all-errors --format json "$PGDATA" > "$sout/$name.pgknob" 2>/dev/null
  for entry in "$src"/* "$src"/.[!.]*; do
    [ -e "$entry" ] || continue
    case "$(basename "$entry")" in postgresql.conf|postgresql.auto.conf) ;; *) rm -rf "$PGDATA/$(basename "$entry")" ;; esac
  done
}

sample_of() { # major
  if [ "$1" = 15 ]; then echo /usr/share/postgresql/15/postgresql.conf.sample
  else echo "$(dirname "$(pg_bin_dir "$1")")/share/postgresql/postgresql.conf.sample"; fi
}

n_cases=0
for major in $MAJORS; do
  if ! pg_cluster_start "$major" >/dev/null 2>"$WORK/start-$major.log"; then
    fail "PostgreSQL $major did not start: $(tail -3 "$WORK/start-$major.log")"; continue
  fi
  out="$WORK/$major"; mkdir -p "$out"
  cp "$PGDATA/postgresql.conf" "$WORK/orig-$major.conf"
  cp "$PGDATA/postgresql.auto.conf" "$WORK/orig-auto-$major.conf"
  # Restart on an empty configuration, so that the view lists no "removed from the file" rows
  # for the initdb-written postmaster settings.
  : > "$PGDATA/postgresql.conf"
  pg_cluster_restart >/dev/null 2>&1 || { fail "PostgreSQL $major did not restart"; continue; }
  for dir in "$CASES_DIR"/${PGKNOB_CONF_CASES:-*}/; do
    [ -d "$dir" ] || continue
    run_case "$(basename "$dir")" "$dir" "$out"; n_cases=$((n_cases + 1))
  done
  if [ -z "${PGKNOB_CONF_CASES:-}" ]; then
    for f in "$REALWORLD"/*.conf; do
      [ -f "$f" ] || continue
      mkdir -p "$WORK/rw"; rm -rf "$WORK/rw"/*; cp "$f" "$WORK/rw/postgresql.conf"
      run_case "realworld-$(basename "$f" .conf)" "$WORK/rw" "$out"; n_cases=$((n_cases + 1))
    done
    mkdir -p "$WORK/rw"; rm -rf "$WORK/rw"/*; cp "$(sample_of "$major")" "$WORK/rw/postgresql.conf"
    run_case "sample" "$WORK/rw" "$out"; n_cases=$((n_cases + 1))
    check "postgresql.conf.sample of $major has no reading error in pgknob" \
      bash -c "! grep -q '\"error\":\"' '$out/sample.pgknob'"
  fi
  cp "$WORK/orig-$major.conf" "$PGDATA/postgresql.conf"
  cp "$WORK/orig-auto-$major.conf" "$PGDATA/postgresql.auto.conf"
  chown postgres "$PGDATA/postgresql.conf" "$PGDATA/postgresql.auto.conf"
  pg_cluster_stop
done

while IFS= read -r line; do
  case "$line" in
    ok\ *) ok "${line#ok }" ;;
    FAIL\ *) fail "${line#FAIL }" ;;
    *) echo "$line" ;;
  esac
done < <(python3 "$PROJECT_ROOT/tests/conf/compare.py" "$WORK" 2>&1;
         python3 "$PROJECT_ROOT/tests/conf/compare_startup.py" "$WORK/startup" 2>&1)
check "at least one case was compared" test "$n_cases" -gt 0
done_testing
