# shellcheck shell=bash
# Real PostgreSQL servers for test tiers: source this file (after tests/lib.sh if you use both).
#
#   pg_bin_dir MAJOR          bin dir of initdb/pg_ctl/postgres for 13..18 (fetches if missing)
#   pg_cluster_start MAJOR [initdb args...]
#                             initdb + start a cluster as the `postgres` OS user in a fresh temp dir
#                             (Unix socket only, free port). Exports PGHOST PGPORT PGDATA
#                             PGUSER=postgres PGDATABASE=postgres PG_MAJOR PG_BIN PG_CLUSTER
#                             (handle = the temp dir; PGDATA is $PG_CLUSTER/data, the server log
#                             $PG_CLUSTER/server.log). Returns 1 with the log tail on failure.
#                             Every started cluster is stopped and removed by an EXIT trap, and
#                             by a background guard if the script dies without running it.
#                             PG_START_BIN=DIR overrides the bin dir (another build of MAJOR).
#                             PG_SERVER_OPTS="-c name=value ..." adds server options (kept for
#                             pg_cluster_restart; they show as source "command line").
#                             initdb runs once per build and argument list; later clusters copy
#                             that template (PGKNOB_NO_INITDB_CACHE=1: initdb every time).
#   pg_cluster_use HANDLE     re-export the variables of a running cluster (several at once)
#   pg_cluster_stop [HANDLE]  stop and remove a cluster (default: the current one)
#   pg_cluster_restart [HANDLE]  restart (e.g. after editing postgresql.conf)
#   pg_cluster_reload [HANDLE]   pg_ctl reload
#   pg_as_postgres CMD...     run a command as the `postgres` OS user (directly when not root)
#   pg_psql [psql args...]    Debian's 15 psql (-X -A -t -q, ON_ERROR_STOP) against the current
#                             cluster, e.g. `pg_psql -c 'SHOW work_mem'`
#   pg_server_log [HANDLE]    path of the server log
#   pg_hidden_names           names the current cluster accepts that pg_settings omits
#   pg_catalog_dump_build OUT compile tests/pg/catalog_dump.c (the compiled catalogs) to OUT
# Call pg_cluster_start directly, not in $(…): a cluster started in a subshell is stopped when
# the subshell ends.
# Client tools (psql, pgbench, pg_isready) are Debian's 15 client: $PG_CLIENT_BIN.
# The server settings listen_addresses, unix_socket_directories and port are given on the
# command line (-c), so a test may rewrite postgresql.conf freely; they show as source
# "command line" in pg_settings.

PG_LIB_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PG_ROOT="$(dirname "$(dirname "$PG_LIB_DIR")")"
# shellcheck source=versions.sh
source "$PG_LIB_DIR/versions.sh"
PG_CACHE="${PGKNOB_PG_CACHE:-$PG_ROOT/.cache/pg}"
PG_CLIENT_BIN="${PG_CLIENT_BIN:-/usr/lib/postgresql/15/bin}"
export PG_CLIENT_BIN
_PG_CLUSTERS=()

_pg_err() { echo "pg/lib.sh: error: $*" >&2; }

pg_bin_dir() { # major
  local major="${1:-}"
  case "$major" in
    13|14|16|17|18) ;;
    15) echo "$PG_DEBIAN_BIN"; return 0 ;;
    *) _pg_err "no PostgreSQL build for major \"$major\" (13..18)"; return 1 ;;
  esac
  local dir="$PG_CACHE/$major/bin"
  if [ ! -x "$dir/postgres" ] || [ "$(cat "$PG_CACHE/$major/.pkg-version" 2>/dev/null)" != "${PG_PKG_VERSION[$major]}" ]; then
    PGKNOB_PG_CACHE="$PG_CACHE" "$PG_LIB_DIR/fetch-servers.sh" "$major" >&2 || return 1
  fi
  echo "$dir"
}

pg_as_postgres() {
  if [ "$(id -u)" = 0 ]; then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

# shellcheck disable=SC2120 # callers pass the arguments
pg_psql() {
  "$PG_CLIENT_BIN/psql" -X -A -t -q -v ON_ERROR_STOP=1 "$@"
}

pg_server_log() { echo "${1:-${PG_CLUSTER:-}}/server.log"; }

# A port no other cluster of ours uses and nothing listens on (TCP is off, but the port also
# names the socket file and seeds the shared-memory key).
_pg_free_port() {
  local tries port
  for tries in $(seq 1 50); do
    port=$(( 20000 + (RANDOM * 32768 + RANDOM + BASHPID) % 40000 ))
    ls /tmp/pgknob-pg.*/.s.PGSQL."$port" >/dev/null 2>&1 && continue
    if command -v ss >/dev/null 2>&1 && ss -Hltn "sport = :$port" 2>/dev/null | grep -q .; then
      continue
    fi
    echo "$port"; return 0
  done
  _pg_err "no free port found after $tries tries"; return 1
}

_pg_fail_with_log() { # dir, message
  _pg_err "$2"
  if [ -s "$1/initdb.log" ]; then echo "--- initdb output (tail)" >&2; tail -20 "$1/initdb.log" >&2; fi
  if [ -s "$1/server.log" ]; then echo "--- server log (tail)" >&2; tail -30 "$1/server.log" >&2; fi
  return 1
}

# A start that failed leaves nothing behind: the log was printed, the directory goes.
_pg_abandon() { # dir, message
  _pg_fail_with_log "$1" "$2"
  pg_cluster_stop "$1" >/dev/null 2>&1
  return 1
}

# Traps are per process: a subshell ( … ) inherits the variables but not the traps, so the
# registration is keyed by $BASHPID. A cluster started inside $( … ) stops when that ends.
_pg_register_trap() {
  [ "${_PG_TRAP_PID:-}" = "$BASHPID" ] && return 0
  _PG_TRAP_PID="$BASHPID"
  _PG_CLUSTERS=()   # inherited ones belong to the parent, which stops them
  # Keep any EXIT trap the caller already had; run ours after it.
  local prev; prev="$(trap -p EXIT | sed -E "s/^trap -- '(.*)' EXIT$/\1/")"
  # shellcheck disable=SC2064
  trap "${prev:+$prev; }_pg_stop_all" EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
}

_pg_stop_all() {
  local handle
  for handle in "${_PG_CLUSTERS[@]}"; do
    [ -d "$handle" ] && _pg_stop_one "$handle"
  done
  return 0
}

# Stops the server (fast, then immediate, then SIGKILL) and removes its directory.
_pg_stop_one() { # handle
  local dir="$1" bin
  bin="$(cat "$dir/bin" 2>/dev/null)"
  if [ -f "$dir/data/postmaster.pid" ] && [ -n "$bin" ]; then
    if ! pg_as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 20 stop >/dev/null 2>&1; then
      pg_as_postgres "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 10 stop >/dev/null 2>&1 || {
        local pid; pid="$(head -1 "$dir/data/postmaster.pid" 2>/dev/null)"
        [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
      }
    fi
  fi
  rm -rf "$dir"
}

# A background guard per cluster stops it within a second or two of the owning script's end
# even when the EXIT trap cannot run (SIGKILL, or the script replaced the trap). It ignores
# INT/TERM/HUP so a killed process group still gets its servers stopped, and holds none of the
# script's standard streams (a caller capturing the script's output is not kept waiting).
_pg_guard() { # dir owner_pid
  (
    trap '' INT TERM HUP
    while [ -d "$1" ] && kill -0 "$2" 2>/dev/null; do sleep 1; done
    [ -d "$1" ] && _pg_stop_one "$1"
  ) </dev/null >/dev/null 2>&1 &
  disown $! 2>/dev/null || true
}

_pg_export() { # handle
  local dir="$1"
  PG_CLUSTER="$dir"
  PGHOST="$dir"
  PGPORT="$(cat "$dir/port")"
  PGDATA="$dir/data"
  PGUSER=postgres
  PGDATABASE=postgres
  PG_MAJOR="$(cat "$dir/major")"
  PG_BIN="$(cat "$dir/bin")"
  export PG_CLUSTER PGHOST PGPORT PGDATA PGUSER PGDATABASE PG_MAJOR PG_BIN
}

pg_cluster_use() { # handle
  [ -f "${1:-}/port" ] || { _pg_err "not a cluster handle: \"${1:-}\""; return 1; }
  _pg_export "$1"
}

_pg_ctl_start() { # dir
  local dir="$1"
  pg_as_postgres "$(cat "$dir/bin")/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses='' -c unix_socket_directories='$dir' -p $(cat "$dir/port") $(cat "$dir/opts")" \
    start >/dev/null 2>>"$dir/server.log"
}

# Waits until the server answers a query (pg_ctl -w already waits for "ready"; this also proves
# the socket and the trust authentication work).
_pg_wait_ready() { # dir
  local dir="$1"
  for _ in $(seq 1 100); do
    PGHOST="$dir" PGPORT="$(cat "$dir/port")" PGUSER=postgres PGDATABASE=postgres \
      "$PG_CLIENT_BIN/psql" -X -At -c 'SELECT 1' >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}

_pg_run_initdb() { # datadir bin [initdb args...]
  local data="$1" bin="$2"; shift 2
  pg_as_postgres "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --no-locale -N "$@"
}

# Creates DIR/data. initdb runs once per (build, arguments): its result is kept as a template
# under $PG_CACHE/initdb/ and copied, which makes a start several times faster on a busy
# machine. PGKNOB_NO_INITDB_CACHE=1 runs initdb every time.
_pg_initdb() { # dir bin [initdb args...]
  local dir="$1" bin="$2"; shift 2
  if [ -n "${PGKNOB_NO_INITDB_CACHE:-}" ]; then
    _pg_run_initdb "$dir/data" "$bin" "$@" >"$dir/initdb.log" 2>&1; return
  fi
  local key tmpl tmp
  key="$( { echo "$bin"; "$bin/postgres" -V; printf '%s\n' "$@"; } | sha1sum | cut -c1-16)"
  tmpl="$PG_CACHE/initdb/$key"
  if [ ! -f "$tmpl/PG_VERSION" ]; then
    mkdir -p "$PG_CACHE/initdb" || return 1
    tmp="$(mktemp -d "$PG_CACHE/initdb/.tmp.XXXXXX")" || return 1
    [ "$(id -u)" = 0 ] && chown postgres "$tmp"
    if ! _pg_run_initdb "$tmp/data" "$bin" "$@" >"$dir/initdb.log" 2>&1; then
      rm -rf "$tmp"; return 1
    fi
    # Another script may have made the same template meanwhile: keep the first.
    mv -T "$tmp/data" "$tmpl" 2>/dev/null
    rm -rf "$tmp"
  fi
  pg_as_postgres cp -a "$tmpl" "$dir/data" 2>>"$dir/initdb.log"
}

pg_cluster_start() { # major [initdb args...]
  local major="${1:-}"; shift || true
  local bin dir port
  if [ -n "${PG_START_BIN:-}" ]; then bin="$PG_START_BIN"; else bin="$(pg_bin_dir "$major")" || return 1; fi
  id postgres >/dev/null 2>&1 || { _pg_err "the postgres OS user is missing (run tests/pg/install-deps.sh)"; return 1; }
  dir="$(mktemp -d /tmp/pgknob-pg.XXXXXX)" || return 1
  chmod 755 "$dir"
  _pg_register_trap
  _PG_CLUSTERS+=("$dir")
  port="$(_pg_free_port)" || { pg_cluster_stop "$dir"; return 1; }
  echo "$port" > "$dir/port"; echo "$major" > "$dir/major"; echo "$bin" > "$dir/bin"
  printf '%s' "${PG_SERVER_OPTS:-}" > "$dir/opts"
  : > "$dir/server.log"
  [ "$(id -u)" = 0 ] && chown postgres "$dir" "$dir/server.log"
  if ! _pg_initdb "$dir" "$bin" "$@"; then
    _pg_abandon "$dir" "initdb for PostgreSQL $major failed (args: $*)"; return 1
  fi
  _pg_guard "$dir" "$BASHPID"
  if ! _pg_ctl_start "$dir" || ! _pg_wait_ready "$dir"; then
    _pg_abandon "$dir" "PostgreSQL $major did not start in $dir"; return 1
  fi
  _pg_export "$dir"
}

pg_cluster_stop() { # [handle]
  local dir="${1:-${PG_CLUSTER:-}}" kept=() handle
  [ -n "$dir" ] || { _pg_err "no cluster to stop"; return 1; }
  _pg_stop_one "$dir"
  for handle in "${_PG_CLUSTERS[@]}"; do [ "$handle" != "$dir" ] && kept+=("$handle"); done
  _PG_CLUSTERS=("${kept[@]}")
  if [ "${PG_CLUSTER:-}" = "$dir" ]; then
    unset PG_CLUSTER PGHOST PGPORT PGDATA PG_MAJOR PG_BIN
  fi
  return 0
}

pg_cluster_restart() { # [handle]
  local dir="${1:-${PG_CLUSTER:-}}"
  pg_as_postgres "$(cat "$dir/bin")/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null 2>>"$dir/server.log" \
    || { _pg_fail_with_log "$dir" "could not stop the server in $dir"; return 1; }
  if ! _pg_ctl_start "$dir" || ! _pg_wait_ready "$dir"; then
    _pg_fail_with_log "$dir" "the server in $dir did not restart"; return 1
  fi
}

pg_cluster_reload() { # [handle]
  local dir="${1:-${PG_CLUSTER:-}}"
  pg_as_postgres "$(cat "$dir/bin")/pg_ctl" -D "$dir/data" reload >/dev/null
}

# Names the current cluster recognizes that pg_settings does not list: GUC_NO_SHOW_ALL
# parameters (default_with_oids, …) and old-name aliases (sort_mem, …). Candidates are every
# identifier in the postgres binary and its suffixes (the linker shares string tails, so "seed"
# may only exist inside "setseed"); current_setting(name, true) is NULL for an unknown name.
# The candidate list is cached per binary (it takes a second or two to build).
pg_hidden_names() {
  local key cands
  key="$(stat -L -c '%n %s %Y' "$PG_BIN/postgres" | sha1sum | cut -c1-16)"
  cands="$PG_CACHE/hidden-candidates/$key.txt"
  if [ ! -s "$cands" ]; then
    mkdir -p "$(dirname "$cands")"
    strings -n 3 "$PG_BIN/postgres" | grep -oE '[A-Za-z_][A-Za-z0-9_]{2,62}$' | tr 'A-Z' 'a-z' \
      | awk '{ for (i = 1; i <= length($0) - 2; i++) print substr($0, i) }' | LC_ALL=C sort -u \
      > "$cands.$$" && mv "$cands.$$" "$cands"
  fi
  {
    echo "CREATE TEMP TABLE pgknob_cand(n text); COPY pgknob_cand FROM STDIN;"
    cat "$cands"
    echo '\.'
    echo "SELECT n FROM pgknob_cand WHERE current_setting(n, true) IS NOT NULL
            AND n NOT IN (SELECT lower(name) FROM pg_settings) ORDER BY n COLLATE \"C\";"
  } | pg_psql
}

# Compiles tests/pg/catalog_dump.c, which prints what the compiled catalogs (core and module)
# say, to OUT; the compiler's errors go to OUT.err. For the tiers that diff it with a server.
pg_catalog_dump_build() { # out
  cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O0 -I"$PG_ROOT/src" -o "$1" \
    "$PG_ROOT/tests/pg/catalog_dump.c" "$PG_ROOT/src/catalog/catalog.c" \
    "$PG_ROOT/src/catalog/catalog_data.auto.c" "$PG_ROOT/src/catalog/contrib.c" \
    "$PG_ROOT/src/catalog/contrib_data.auto.c" "$PG_ROOT/src/common/majors.c" \
    "$PG_ROOT/src/common/xalloc.c" 2>"$1.err"
}
