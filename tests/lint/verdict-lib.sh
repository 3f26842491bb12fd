# The server as oracle for lint tiers: one scratch data directory per major, a configuration
# installed as its postgresql.conf, then `postgres -C` (quick) and, when asked, a real start.
# Source after tests/lib.sh and tests/pg/lib.sh.
#   vd_setup MAJORS...        initdb a scratch data directory per major (as postgres)
#   vd_install MAJOR FILE     FILE becomes the data directory's postgresql.conf (auto.conf emptied)
#   vd_install_dir MAJOR DIR  the files of DIR (postgresql.conf, includes, postgresql.auto.conf)
#                             go into the data directory; vd_uninstall_dir removes them again
#   vd_data MAJOR             the data directory
#   vd_conf MAJOR             path of that postgresql.conf
#   vd_check_c MAJOR [PARAM]  `postgres -C PARAM`: sets VD_RC, VD_OUT (stdout), VD_MSG (first error)
#   vd_start MAJOR            real start (network settings given on the command line, and the
#                             -c NAME=VALUE pairs of the array VD_START_ARGS), then stop:
#                             VD_RC 0 when it got ready, VD_MSG the first FATAL/error line
#   vd_env_refusal MSG        true when MSG is a refusal caused by the machine, not the
#                             configuration (missing library or file, sockets, memory)
#   vd_memory_refusal MSG     true when MSG is the kernel refusing the shared-memory mapping
#   vd_lint MAJOR FILE        pgknob lint with this machine's facts (--host local: the servers run
#                             here, so a demand they cannot map must be named): sets VD_ERRORS (count, -1 when the output is not
#                             understood), VD_LINT_MSG (first error message), VD_TEXT (output)
#   vd_refusal_check MAJOR TARGET LABEL SERVER
#                             with rule packs on: pgknob marks a finding refuses_start exactly when
#                             SERVER (accepts|refuses) is "refuses", and --fail-on refusal exits 1
#                             exactly then; counts in VD_REFUSAL_AGREE / VD_REFUSAL_TOTAL per major

declare -A VD_DATA=()
VD_ROOT=""
VD_START_ARGS=()

vd_setup() {
  VD_ROOT="$(mktemp -d /tmp/pgknob-vd.XXXXXX)" || return 1
  chmod 755 "$VD_ROOT"
  [ "$(id -u)" = 0 ] && chown postgres "$VD_ROOT"
  # shellcheck disable=SC2064
  trap "vd_cleanup; $(trap -p EXIT | sed -E "s/^trap -- '(.*)' EXIT$/\1/")" EXIT
  local major bin
  for major in "$@"; do
    bin="$(pg_bin_dir "$major")" || return 1
    pg_as_postgres "$bin/initdb" -D "$VD_ROOT/d$major" -U postgres --auth=trust -E UTF8 \
      --no-locale -N >"$VD_ROOT/initdb$major.log" 2>&1 || { cat "$VD_ROOT/initdb$major.log"; return 1; }
    VD_DATA[$major]="$VD_ROOT/d$major"
    echo "$bin" > "$VD_ROOT/bin$major"
  done
}

vd_cleanup() {
  local major pid
  for major in "${!VD_DATA[@]}"; do
    pid="$(head -1 "${VD_DATA[$major]}/postmaster.pid" 2>/dev/null)"
    [ -n "$pid" ] && kill -INT "$pid" 2>/dev/null
  done
  [ -n "$VD_ROOT" ] && rm -rf "$VD_ROOT"
  return 0
}

vd_conf() { echo "${VD_DATA[$1]}/postgresql.conf"; }
vd_data() { echo "${VD_DATA[$1]}"; }

VD_EXTRA=()
vd_install_dir() { # major dir
  local data="${VD_DATA[$1]}" name
  : > "$data/postgresql.auto.conf"
  VD_EXTRA=()
  for name in $(ls -A "$2"); do
    case "$name" in postgresql.conf|postgresql.auto.conf) ;; *) VD_EXTRA+=("$data/$name") ;; esac
    rm -rf "${data:?}/$name"
    cp -r "$2/$name" "$data/$name"
  done
  [ "$(id -u)" = 0 ] && chown -R postgres "$data"
  chmod -R u+rwX,go+rX "$data/postgresql.conf" "${VD_EXTRA[@]}"
}
vd_uninstall_dir() { rm -rf "${VD_EXTRA[@]}"; VD_EXTRA=(); }

vd_install() { # major file
  local data="${VD_DATA[$1]}"
  cp "$2" "$data/postgresql.conf"
  : > "$data/postgresql.auto.conf"
  [ "$(id -u)" = 0 ] && chown postgres "$data/postgresql.conf" "$data/postgresql.auto.conf"
  chmod 644 "$data/postgresql.conf"
}

# The first line the server logged as a problem, without timestamp, level and location suffix.
_vd_first_error() { # logfile
  grep -E '(LOG|FATAL|ERROR|PANIC): ' "$1" | grep -vE 'contains errors|database system|starting PostgreSQL|listening on|redirecting log|shut down|received fast|aborting any|background worker|checkpoint (starting|complete)|skipping missing configuration file' \
    | head -1 | sed -E 's/^.*(LOG|FATAL|ERROR|PANIC): +//; s/ in file "[^"]*" line [0-9]+$//'
}

vd_check_c() { # major [param]
  local major="$1" param="${2:-shared_buffers}" bin log
  bin="$(cat "$VD_ROOT/bin$major")"
  log="$VD_ROOT/c.log"
  VD_OUT="$(pg_as_postgres timeout 20 "$bin/postgres" -D "${VD_DATA[$major]}" -C "$param" 2>"$log")"
  VD_RC=$?
  VD_MSG="$(_vd_first_error "$log")"
  [ "$VD_RC" -ne 0 ] && [ -z "$VD_MSG" ] && VD_MSG="$(head -1 "$log")"
  return 0
}

vd_start() { # major
  local major="$1" bin data log pid tries port
  bin="$(cat "$VD_ROOT/bin$major")"
  data="${VD_DATA[$major]}"
  log="$VD_ROOT/start.log"
  : > "$log"; [ "$(id -u)" = 0 ] && chown postgres "$log"
  port=$(( 30000 + (RANDOM % 20000) ))
  pg_as_postgres "$bin/postgres" -D "$data" -c "port=$port" -c "listen_addresses=" \
    -c "unix_socket_directories=$VD_ROOT" -c logging_collector=off "${VD_START_ARGS[@]}" >"$log" 2>&1 &
  local runner=$!
  VD_RC=1
  # postmaster.pid ends with "ready" once connections are accepted (whatever the log level); up to
  # 60 s, since a loaded 2-core machine can take more than 15 s to start a server
  for tries in $(seq 1 1200); do
    if [ "$(tail -1 "$data/postmaster.pid" 2>/dev/null | tr -d ' ')" = ready ]; then VD_RC=0; break; fi
    kill -0 "$runner" 2>/dev/null || break
    sleep 0.05
  done
  pid="$(head -1 "$data/postmaster.pid" 2>/dev/null)"
  # immediate shutdown: no checkpoint to wait for; the next start recovers the scratch cluster
  [ -n "$pid" ] && kill -QUIT "$pid" 2>/dev/null
  for tries in $(seq 1 200); do kill -0 "$runner" 2>/dev/null || break; sleep 0.05; done
  kill -0 "$runner" 2>/dev/null && { [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; wait "$runner" 2>/dev/null; }
  wait "$runner" 2>/dev/null
  rm -f "$data/postmaster.pid"
  VD_MSG="$(_vd_first_error "$log")"
  [ "$VD_RC" -ne 0 ] && [ -z "$VD_MSG" ] && VD_MSG="$(tail -1 "$log")"
  return 0
}

vd_env_refusal() { # message
  grep -qE 'could not access file|could not load library|could not (open|load) .*(pg_hba|pg_ident|hba|ident)|could not create (any|listen)|could not bind|could not map anonymous shared memory|could not create shared memory|could not create semaphores|huge pages|certificate|private key|is not a valid data directory|does not exist|could not open directory|could not create lock file|could not open log file|could not open file|could not create directory|Permission denied|No space left|Cannot allocate memory|out of memory' <<<"$1"
}

vd_memory_refusal() { # message
  grep -qE 'could not map anonymous shared memory|could not create shared memory|Cannot allocate memory|out of memory' <<<"$1"
}

vd_lint() { # major file
  # the text format's closing line counts errors; the first error line carries the message
  VD_TEXT="$(NO_COLOR=1 "$PGKNOB" lint --no-rules --host local --pg-version "$1" --format text --fail-on never "$2" 2>&1)"
  local summary
  summary="$(tail -1 <<<"$VD_TEXT")"
  if [[ "$summary" =~ ^([0-9]+)\ errors?, ]]; then
    VD_ERRORS="${BASH_REMATCH[1]}"
  else
    VD_ERRORS=-1
  fi
  VD_LINT_MSG="$(grep -m1 -E '^[^ ].*: error: ' <<<"$VD_TEXT" | sed -E 's/^.*: error: //; s/ \[PK[0-9]+\]$//')"
  [ "$VD_ERRORS" -lt 0 ] && VD_LINT_MSG="unexpected pgknob output: ${VD_TEXT:0:200}"
  return 0
}

declare -A VD_REFUSAL_AGREE=() VD_REFUSAL_TOTAL=()
vd_refusal_check() { # major target label server
  local major="$1" json rc n ids want
  json="$("$PGKNOB" lint --host local --pg-version "$major" --format json --fail-on refusal "$2" 2>/dev/null)"
  rc=$?
  n="$(jq '[.findings[] | select(.refuses_start and (.suppressed | not))] | length' <<<"$json" 2>/dev/null)"
  ids="$(jq -r '[.findings[] | select(.refuses_start) | .rule] | unique | join(",")' <<<"$json" 2>/dev/null)"
  want=$([ "$4" = refuses ] && echo 1 || echo 0)
  VD_REFUSAL_TOTAL[$major]=$(( ${VD_REFUSAL_TOTAL[$major]:-0} + 1 ))
  if [ -z "$n" ]; then
    fail "$3 on $major: --fail-on refusal: output not understood (exit $rc)"
  elif [ "$(( n > 0 ))" = "$want" ] && [ "$rc" = "$want" ]; then
    VD_REFUSAL_AGREE[$major]=$(( ${VD_REFUSAL_AGREE[$major]:-0} + 1 ))
    ok "$3 on $major: with rule packs, refuses_start ${ids:-none} and --fail-on refusal exit $rc match the server ($4)"
  else
    fail "$3 on $major: server $4, but with rule packs $n refuses_start (${ids:-none}) and --fail-on refusal exits $rc"
  fi
}
