#!/usr/bin/env bash
# needs: servers
# The checkpoint distance PK3002, PK3025 and PK3026 state (review-h16d 47), against the real 13
# and 18: the server rounds max_wal_size / (1 + checkpoint_completion_target) down to whole WAL
# segments and requests the checkpoint as the segment before the last of them is finished
# (CalculateCheckpointSegments, XLogCheckpointNeeded in xlog.c). With max_wal_size = 128MB and 18's
# default 0.9 that is 4 segments, a request after 48MB to 64MB, not the 67.4MB the plain quotient
# gives; with 13's default 0.5, 5 segments, 64MB to 80MB. WAL is written in 200kB steps until a new
# checkpoint's redo point appears, which must lie in the range pgknob states for that major.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-cpd.XXXXXX); chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT

printf "max_wal_size = 128MB\nmin_wal_size = 32MB\n" >"$TMP/c.conf"
range_mb() { # major: "low high" in MB from PK3002's message
  "$PGKNOB" lint --fail-on never --pg-version "$1" --format json "$TMP/c.conf" 2>/dev/null |
    jq -r '[.findings[] | select(.rule == "PK3002") | .message] | join("")' |
    sed -n 's/.*after \([0-9]*\)MB to \([0-9]*\)MB of WAL.*/\1 \2/p'
}
check "pgknob: on 18 max_wal_size = 128MB requests a checkpoint after 48MB to 64MB" \
  test "$(range_mb 18)" = "48 64"
check "pgknob: on 13 (checkpoint_completion_target 0.5) after 64MB to 80MB" \
  test "$(range_mb 13)" = "64 80"

# the redo distance of the first checkpoint WAL volume requests, in kB
distance_kb() {
  pg_psql -c "CHECKPOINT; CREATE TABLE w (x text);" >/dev/null
  pg_psql -c "DO \$\$
DECLARE start pg_lsn := (SELECT redo_lsn FROM pg_control_checkpoint()); now_redo pg_lsn;
BEGIN
  FOR i IN 1..600 LOOP
    INSERT INTO w SELECT repeat('x', 200) FROM generate_series(1, 1000);
    COMMIT;
    PERFORM pg_sleep(0.02);
    now_redo := (SELECT redo_lsn FROM pg_control_checkpoint());
    IF now_redo <> start THEN
      RAISE NOTICE 'distance=%', (now_redo - start) / 1024;
      RETURN;
    END IF;
  END LOOP;
END \$\$;" 2>&1 | sed -n 's/.*distance=\([0-9]*\).*/\1/p'
}

for major in 13 18; do
  if ! PG_SERVER_OPTS="-c max_wal_size=128MB -c min_wal_size=32MB -c checkpoint_timeout=1h" \
    pg_cluster_start "$major"; then
    fail "$major: a cluster with max_wal_size = 128MB did not start"; continue
  fi
  kb=$(distance_kb)
  read -r low high <<<"$(range_mb "$major")"
  check "$major: the requested checkpoint starts ${kb:-no}kB after the last, within pgknob's ${low:-?}MB to ${high:-?}MB (plus one step)" \
    bash -c '[ -n "$1" ] && [ -n "$2" ] && [ "$1" -ge $(($2 * 1024)) ] && [ "$1" -le $(($3 * 1024 + 2048)) ]' _ "$kb" "$low" "$high"
  pg_cluster_stop
done
done_testing
