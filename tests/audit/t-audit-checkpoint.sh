#!/usr/bin/env bash
# needs: servers
# PK3056 (checkpoints take longer to write and sync than checkpoint_timeout x
# checkpoint_completion_target) made real: a tablespace on a pgknob-slowfs mount (the labs' slow
# storage) whose every fsync waits FSYNC_LATENCY, a write load into tables there, and max_wal_size at
# its smallest, so that the load requests checkpoints back to back and each one's sync phase waits
# for the slow fsyncs of the files it dirtied. With checkpoint_timeout 30s and a completion target
# of 0.05 (1.5 s given), the audit reads the checkpoints' write and sync time from
# pg_stat_bgwriter (13-16) or pg_stat_checkpointer (17+) and PK3056 fires. Close miss: the same
# checkpoints, the target reloaded to give them 1.4 times what they took on average: silent.
# Needs root, /dev/fuse and bin/pgknob-slowfs (as the storage lab). About 20 s per major on a loaded machine.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

SLOWFS="$(dirname "$PGKNOB")/pgknob-slowfs"
if [ ! -x "$SLOWFS" ] || [ ! -c /dev/fuse ] || [ "$(id -u)" != 0 ] || ! command -v fusermount3 >/dev/null; then
  fail "slow storage needs root, /dev/fuse, fusermount3 and bin/pgknob-slowfs (libfuse3)"
  done_testing; exit
fi
FSYNC_LATENCY=120ms  # per fsync of a file in the tablespace (a slow network disk's flush)
TABLES=8             # each with an index: 16 files to sync per checkpoint

TMP=$(mktemp -d /tmp/pgknob-checkpoint.XXXXXX); chmod 755 "$TMP"
PSQL="$PG_CLIENT_BIN/psql"
source "$(dirname "$0")/live-lib.sh"
unmount() { mountpoint -q "$TMP/mnt" && { fusermount3 -u "$TMP/mnt" 2>/dev/null || fusermount3 -uz "$TMP/mnt"; }; }
# the servers first (a tablespace keeps the mount busy), then the mount
trap '_pg_stop_all; unmount; rm -rf "$TMP"' EXIT

audit() { "$PGKNOB" audit -v --format json --fail-on never >"$TMP/out.json" 2>"$TMP/err"; }
evtext() { jq -r --arg k "$1" '.inputs[0].evidence[] | select(.key == $k) | .text' "$TMP/out.json"; }
done_count() { # checkpoints the statistics show (18: written; before: timed + requested)
  local q
  case "$1" in
    13|14|15|16) q="select checkpoints_timed + checkpoints_req from pg_stat_bgwriter" ;;
    17) q="select num_timed + num_requested from pg_stat_checkpointer" ;;
    *) q="select num_done from pg_stat_checkpointer" ;;
  esac
  pg_psql -c "$q"
}

for major in ${PGKNOB_TEST_MAJORS:-13 14 15 16 17 18}; do
  mkdir -p "$TMP/src" "$TMP/mnt"; chown postgres "$TMP/src"
  if ! "$SLOWFS" --fsync-latency "$FSYNC_LATENCY" --stats "$TMP/stats" "$TMP/src" "$TMP/mnt" 2>"$TMP/mount.err"; then
    fail "PG$major: pgknob-slowfs did not mount: $(head -c 300 "$TMP/mount.err")"; continue
  fi
  pg_as_postgres mkdir "$TMP/mnt/ts"
  # checkpoint_completion_target by ALTER SYSTEM, not -c: the close miss reloads another value
  opts="-c checkpoint_timeout=30s -c max_wal_size=32MB -c min_wal_size=32MB -c log_checkpoints=on"
  if ! PG_SERVER_OPTS="$opts" pg_cluster_start "$major" >/dev/null 2>"$TMP/start.err"; then
    fail "PG$major: cluster did not start: $(tail -3 "$TMP/start.err")"; unmount; continue
  fi
  pg_psql -c "alter system set checkpoint_completion_target = 0.05" -c "select pg_reload_conf()" \
    -c "create tablespace slow location '$TMP/mnt/ts'" >/dev/null
  for t in $(seq "$TABLES"); do
    echo "create table t$t (id int, pad text) tablespace slow; create index on t$t (id) tablespace slow;"
  done | pg_psql >/dev/null
  before=$(done_count "$major"); start=$SECONDS
  # the write load: every round dirties every table and index in the tablespace (about 10MB of
  # WAL), until three checkpoints have been written (at most 60 s)
  while [ $((SECONDS - start)) -lt 60 ]; do
    for t in $(seq "$TABLES"); do
      echo "insert into t$t select g, repeat('x', 20) from generate_series(1, 20000) g;"
    done | pg_psql >/dev/null
    [ "$(done_count "$major")" -ge $((before + 3)) ] && break
  done
  # before 15 the statistics collector receives the checkpointer's counters asynchronously
  sleep 0.5
  audit
  fsyncs=$(sed -n 's/^fsyncs = //p' "$TMP/stats")
  check "PG$major slow storage: the checkpoints synced through slowfs ($fsyncs fsyncs; $(evtext checkpoints.sync_ms_avg))" \
    test "${fsyncs:-0}" -ge 16
  check "PG$major PK3056 fires: $(evtext checkpoints.duration_share) ($(evtext checkpoints.done))" fires PK3056
  check "PG$major PK3056 names checkpoint_completion_target" \
    jq -e '.findings[] | select(.rule == "PK3056") | .message | test("checkpoint_completion_target 0.05")' "$TMP/out.json" >/dev/null
  # close miss: what they took on average, given 1.4 times that (target = timeout x completion)
  target=$(awk -v w="$(ev checkpoints.write_ms_avg)" -v s="$(ev checkpoints.sync_ms_avg)" \
    'BEGIN { t = 1.4 * (w + s) / 30000; printf "%.3f", (t > 1 ? 1 : t) }')
  pg_psql -c "alter system set checkpoint_completion_target = $target" -c "select pg_reload_conf()" >/dev/null
  sleep 0.3
  audit
  check "PG$major close miss: the same checkpoints given 1.4x their time (target $target): silent ($(evtext checkpoints.duration_share))" \
    silent PK3056
  pg_cluster_stop
  unmount
  rm -rf "$TMP/src" "$TMP/mnt" "$TMP/stats"
done

done_testing
