#!/usr/bin/env bash
# needs: servers
# The test infrastructure itself: install-deps and fetch-servers are idempotent and fast, the
# fetched builds are complete, and lib.sh starts, switches, restarts and always cleans up clusters.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib.sh"
cd "$PROJECT_ROOT" || exit 1

elapsed_ms() { # command...: runs it, prints its wall time in ms, returns its status
  local start end rc
  start=$(date +%s%N); "$@" >/dev/null 2>&1; rc=$?; end=$(date +%s%N)
  echo $(((end - start) / 1000000)); return $rc
}

ms=$(elapsed_ms tests/pg/install-deps.sh); rc=$?
check "install-deps.sh succeeds with everything present in ${ms} ms (< 2000)" [ "$rc" = 0 -a "$ms" -lt 2000 ]
ms=$(elapsed_ms tests/pg/fetch-servers.sh); rc=$?
check "fetch-servers.sh succeeds from the cache in ${ms} ms (< 2000)" [ "$rc" = 0 -a "$ms" -lt 2000 ]

for major in 13 14 16 17 18; do
  dir="$PG_CACHE/$major"
  check "$major: cached build is the pinned ${PG_PKG_VERSION[$major]}" \
    [ "$(cat "$dir/.pkg-version" 2>/dev/null)" = "${PG_PKG_VERSION[$major]}" ]
  # every symlink listed by the package exists and resolves inside the build
  broken=$(python3 -c '
import json, os, sys
d = sys.argv[1]
links = json.load(open(os.path.join(d, "pg-symlinks.json")))
bad = [l["target"] for l in links
       if not os.path.islink(os.path.join(d, l["target"].replace("native/", "", 1)))
       or not os.path.exists(os.path.join(d, l["target"].replace("native/", "", 1)))]
print(len(links), " ".join(bad))' "$dir")
  check "$major: the package's symlinks are rehydrated (${broken%% *} links${broken#* })" \
    [ -z "${broken#* }" -a "${broken%% *}" -gt 0 ]
  check "$major: postgres user runs $(pg_as_postgres "$dir/bin/postgres" -V 2>&1)" \
    eval 'pg_as_postgres "$dir/bin/postgres" -V >/dev/null'
done

check "pg_bin_dir 15 is Debian's" [ "$(pg_bin_dir 15)" = /usr/lib/postgresql/15/bin ]
check "pg_bin_dir 18 is the cached build" [ "$(pg_bin_dir 18)" = "$PG_CACHE/18/bin" ]
err=$(pg_bin_dir 12 2>&1 >/dev/null); rc=$?
check "pg_bin_dir 12 fails clearly ($err)" eval '[ "$rc" != 0 ] && grep -q "13\.\.18" <<<"$err"'

# Two clusters at once; each keeps its own environment.
pg_cluster_start 13 && a="$PG_CLUSTER" && pg_cluster_start 18 && b="$PG_CLUSTER"
check "two clusters run at once (13 and 18)" [ -n "${a:-}" -a -n "${b:-}" ]
check "the current cluster is the last started (18)" [ "$(pg_psql -c 'SHOW server_version_num')" -ge 180000 ]
pg_cluster_use "$a"
check "pg_cluster_use switches to 13 (PG_MAJOR=$PG_MAJOR)" \
  [ "$(pg_psql -c 'SHOW server_version_num')" -lt 140000 -a "$PG_MAJOR" = 13 ]
check "server listens on no TCP address" [ -z "$(pg_psql -c 'SHOW listen_addresses')" ]
check "socket is in PGHOST ($PGHOST/.s.PGSQL.$PGPORT)" [ -S "$PGHOST/.s.PGSQL.$PGPORT" ]
pid=$(head -1 "$PGDATA/postmaster.pid")
check "postmaster runs as the postgres OS user" [ "$(ps -o user= -p "$pid")" = postgres ]
pg_cluster_stop "$a"
check "pg_cluster_stop HANDLE removes that cluster only" [ ! -d "$a" -a -d "$b" ]
pg_cluster_use "$b"

# Restart applies postmaster settings; a broken setting makes the restart fail with the log.
echo "shared_buffers = 16MB" >> "$PGDATA/postgresql.conf"
pg_cluster_restart
check "pg_cluster_restart applies shared_buffers" [ "$(pg_psql -c 'SHOW shared_buffers')" = 16MB ]
echo "work_mem = 2MB" >> "$PGDATA/postgresql.conf"
pg_cluster_reload; sleep 0.3
check "pg_cluster_reload applies work_mem" [ "$(pg_psql -c 'SHOW work_mem')" = 2MB ]
echo "shared_buffers = 'lots'" >> "$PGDATA/postgresql.conf"
err=$(pg_cluster_restart 2>&1); rc=$?
check "a broken setting fails the restart with the server's message" \
  eval '[ "$rc" != 0 ] && grep -q "invalid value for parameter \"shared_buffers\"" <<<"$err"'
pg_cluster_stop

PG_SERVER_OPTS="-c shared_buffers=24MB -c work_mem=3MB" pg_cluster_start 17
check "PG_SERVER_OPTS reach the server" \
  [ "$(pg_psql -c "SELECT current_setting('shared_buffers') || ' ' || current_setting('work_mem')")" = "24MB 3MB" ]
pg_cluster_restart
check "PG_SERVER_OPTS survive a restart" [ "$(pg_psql -c 'SHOW shared_buffers')" = 24MB ]
pg_cluster_stop

before=$(ls -d /tmp/pgknob-pg.* 2>/dev/null | sort)
pg_cluster_start 18 --no-such-initdb-option 2>"$PROJECT_ROOT/.t-lib.err"; rc=$?
err=$(cat "$PROJECT_ROOT/.t-lib.err"); rm -f "$PROJECT_ROOT/.t-lib.err"
check "initdb failure is reported with its output" \
  eval '[ "$rc" != 0 ] && grep -q "initdb: unrecognized option" <<<"$err"'
left=$(comm -13 <(echo "$before") <(ls -d /tmp/pgknob-pg.* 2>/dev/null | sort) | while read -r d; do
  grep -l -- --no-such "$d/initdb.log" 2>/dev/null; done)
check "a failed start leaves no directory behind${left:+: $left}" [ -z "$left" ]
check "a failed start leaves no cluster registered (${#_PG_CLUSTERS[@]})" [ "${#_PG_CLUSTERS[@]}" = 0 ]

# The EXIT trap stops clusters when the script ends (normally, by exit code, by SIGTERM), and
# keeps the caller's own EXIT trap.
for how in "true" "exit 3" "kill -TERM \$\$; sleep 5"; do
  out=$(bash -c '
    source tests/pg/lib.sh
    trap "echo caller-trap-ran" EXIT
    pg_cluster_start 16 >/dev/null 2>&1 || exit 9
    echo "$PG_CLUSTER $(head -1 "$PGDATA/postmaster.pid")"
    '"$how" 2>&1)
  read -r handle pid _ <<<"$out"
  sleep 0.2
  alive=$(ps -o stat= -p "${pid:-0}" 2>/dev/null | grep -v Z)
  check "after '$how': cluster stopped and removed, caller's trap ran" \
    eval '[ -n "${handle:-}" -a ! -d "${handle:-/}" -a -z "$alive" ] && grep -q caller-trap-ran <<<"$out"'
done

# Without the EXIT trap (replaced by the script, or SIGKILL) the guard stops the cluster.
for how in "trap - EXIT; exit 0" "kill -KILL \$\$"; do
  out=$(bash -c '
    source tests/pg/lib.sh
    pg_cluster_start 16 >/dev/null 2>&1 || exit 9
    echo "$PG_CLUSTER $(head -1 "$PGDATA/postmaster.pid")"
    '"$how" 2>/dev/null)
  read -r handle pid _ <<<"$out"
  for _ in $(seq 1 50); do [ -d "${handle:-/nonexistent}" ] || break; sleep 0.1; done
  alive=$(ps -o stat= -p "${pid:-0}" 2>/dev/null | grep -v Z)
  check "after '$how': the guard stopped and removed the cluster" \
    [ -n "${handle:-}" -a ! -d "${handle:-/}" -a -z "$alive" ]
done

# A subshell's cluster is stopped when the subshell ends, even after the parent registered.
pg_cluster_start 13 >/dev/null 2>&1
out=$( (pg_cluster_start 16 >/dev/null 2>&1 && echo "$PG_CLUSTER $(head -1 "$PGDATA/postmaster.pid")") )
read -r handle pid _ <<<"$out"
sleep 0.2
alive=$(ps -o stat= -p "${pid:-0}" 2>/dev/null | grep -v Z)
check "a cluster started in a subshell stops when it ends" \
  [ -n "${handle:-}" -a ! -d "${handle:-/}" -a -z "$alive" ]
check "the parent's cluster still runs" [ "$(pg_psql -c 'SHOW server_version_num')" -lt 140000 ]
done_testing
