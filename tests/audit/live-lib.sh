# Helpers of the audit tiers that load a real server: idle client sessions, and reading a JSON
# audit report (the one in $TMP/out.json unless a file is given). Source after tests/pg/lib.sh,
# with TMP and PSQL set.
IDLE_PIDS=()
idle_sessions() { # N: N client sessions that connect and wait (idle)
  local n
  for n in $(seq "$1"); do
    (sleep 120 | "$PSQL" -X -q "application_name=idle-app") >/dev/null 2>&1 &
    IDLE_PIDS+=($!)
    disown $!
  done
  sleep 1.5
}
idle_stop() {
  local pid
  for pid in "${IDLE_PIDS[@]}"; do pkill -P "$pid" 2>/dev/null; kill "$pid" 2>/dev/null; done
  IDLE_PIDS=()
}
fires() { jq -e --arg r "$1" '.findings | map(.rule) | index($r) != null' "${2:-$TMP/out.json}" >/dev/null 2>&1; }
silent() { ! fires "$@"; }
ev() { jq -r --arg k "$1" '.inputs[0].evidence[] | select(.key == $k) | .value' "${2:-$TMP/out.json}"; }
