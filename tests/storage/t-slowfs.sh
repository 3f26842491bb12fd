#!/usr/bin/env bash
# needs: servers
# pgknob-slowfs, the storage lab's FUSE layer, for real: the filesystem's semantics as user
# postgres, the injected latency as a reader sees it, then a PostgreSQL 18 cluster whose data
# directory and WAL sit on two slowfs mounts, loaded with 1 TPC-C warehouse and run at three
# stages (no added latency, 0.1 ms as local NVMe, 2 ms as a network disk). Per stage: TPS,
# latency, IO:DataFileRead / IO:WalSync share of the wait-event samples, pg_stat_io read time
# per read against the injected latency, reads per transaction, server CPU per transaction, and
# the three ceilings (Little's law with the predicted latency, IOPS / reads per transaction,
# cores / CPU per transaction) against the measured TPS. About 2 minutes.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../pg/lib.sh"

SLOWFS="${SLOWFS:-$(dirname "$PGKNOB")/pgknob-slowfs}"
PGB="$(pg_bin_dir 18)" || { fail "no PostgreSQL 18 build"; done_testing; exit 1; }
WORK=$(mktemp -d /tmp/pgknob-slowfs.XXXXXX)
chmod 755 "$WORK"
MOUNTS=()
cleanup() {
  [ -f "$WORK/data/pgdata/postmaster.pid" ] &&
    pg_as_postgres "$PGB/pg_ctl" -D "$WORK/data/pgdata" -m immediate stop >/dev/null 2>&1
  for m in "${MOUNTS[@]}"; do fusermount3 -u "$m" 2>/dev/null || fusermount3 -uz "$m" 2>/dev/null; done
  rm -rf "$WORK"
}
trap cleanup EXIT
awk_true() { awk "BEGIN { exit !($1) }"; }
num() { awk "BEGIN { printf \"%.${2:-3}f\", ($1) }"; }

# mount NAME [SRC]: SRC (default $WORK/NAME-src) through slowfs on $WORK/NAME, control file
# $WORK/NAME.ctl, stats $WORK/NAME.stats; every mount on one volume's budget ($WORK/volume)
mount_slowfs() {
  local name="$1" src="${2:-$WORK/$1-src}"
  mkdir -p "$src" "$WORK/$name"
  chown postgres "$src"
  : > "$WORK/$name.ctl"
  "$SLOWFS" --control "$WORK/$name.ctl" --stats "$WORK/$name.stats" --volume "$WORK/volume" \
    "$src" "$WORK/$name" &&
    MOUNTS+=("$WORK/$name")
}
set_latency() { # name read fsync
  printf 'read_latency = %s\nfsync_latency = %s\n' "$2" "$3" > "$WORK/$1.ctl.new"
  mv "$WORK/$1.ctl.new" "$WORK/$1.ctl"
}
stat_of() { awk -v k="$2" '$1 == k { print $3 }' "$WORK/$1.stats"; }

# --- can FUSE be used here at all? ---
check "/dev/fuse exists" test -c /dev/fuse
check "pgknob-slowfs is built (libfuse3)" test -x "$SLOWFS"
expect_exit 2 "slowfs: a bad latency is refused" -- "$SLOWFS" --read-latency 2parsecs "$WORK" "$WORK"
check "slowfs: the error says why" grep -q "invalid latency" <<<"$ERR"
# the latency checks run on memory (the shared disk's own fsync time varies by 10 ms here)
SHM=$(mktemp -d /dev/shm/pgknob-slowfs.XXXXXX 2>/dev/null || mktemp -d "$WORK/shm.XXXXXX")
trap 'cleanup; rm -rf "$SHM"' EXIT
mount_slowfs data; mount_slowfs wal; mount_slowfs bench "$SHM"
check "three slowfs mounts" test "$(grep -c "^pgknob-slowfs $WORK/" /proc/mounts)" = 3

# --- filesystem semantics as the postgres user ---
D="$WORK/data"
ops=$(pg_as_postgres sh -c "cd '$D' && mkdir d && echo one > d/f && mv d/f d/g && ln -s g d/l &&
  cat d/l && truncate -s 3 d/g && wc -c < d/g && rm d/l d/g && rmdir d && echo done" 2>&1)
ops=$(tr '\n' ' ' <<<"$ops")
check "mkdir, write, rename, symlink, truncate, unlink, rmdir as postgres ($ops)" test "$ops" = "one 3 done "
pg_as_postgres sh -c "echo x > '$D/owned'"
check "what postgres creates belongs to postgres (in the source directory too)" \
  test "$(stat -c %U "$D/owned") $(stat -c %U "$WORK/data-src/owned")" = "postgres postgres"
rm -f "$D/owned"

# --- the latency a reader sees ---
dd if=/dev/urandom of="$WORK/bench/blob" bs=8k count=64 status=none
timed_reads() { # average ms of 64 8 kB preads (direct I/O through FUSE: no page cache)
  python3 - "$WORK/bench/blob" <<'EOF'
import os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY)
t = time.perf_counter()
for i in range(64):
    os.pread(fd, 8192, i * 8192)
print("%.3f" % ((time.perf_counter() - t) * 1000 / 64))
EOF
}
set_latency bench 2ms 0; sleep 0.5
r2=$(timed_reads)
check "2 ms read latency: a read takes at least 2 ms, under 15 ms on a busy machine ($r2 ms)" awk_true "$r2 >= 2 && $r2 < 15"
set_latency bench 0.1ms 0; sleep 0.5
r01=$(timed_reads)
check "0.1 ms read latency, set through the control file: at least 0.1 ms, 1 ms faster than 2 ms ($r01 ms)" \
  awk_true "$r01 >= 0.1 && $r01 < $r2 - 1"
sleep 1.3 # the stats file is rewritten every second
check "the stats file counts the reads ($(stat_of bench reads))" awk_true "0$(stat_of bench reads) >= 128"
timed_syncs() { # average ms of 10 fdatasync calls
  python3 - "$WORK/bench/blob" <<'EOF'
import os, sys, time
fd = os.open(sys.argv[1], os.O_WRONLY)
t = time.perf_counter()
for i in range(10):
    os.fdatasync(fd)
print("%.3f" % ((time.perf_counter() - t) * 100))
EOF
}
fs_sync_ms=$(timed_syncs)
set_latency bench 0 2ms; sleep 0.5
fs_sync2_ms=$(timed_syncs)
check "2 ms fsync latency adds about 2 ms ($fs_sync_ms -> $fs_sync2_ms ms)" \
  awk_true "$fs_sync2_ms - $fs_sync_ms >= 1.5"
# A write to a file opened O_DSYNC (wal_sync_method = open_datasync) waits for the device like
# an fdatasync. With FUSE direct I/O the kernel sends it as a plain WRITE with the open flags and
# no FUSE_FSYNC after it (there is no page cache to flush): slowfs must charge the write itself,
# once, and a write without O_DSYNC nothing.
timed_writes() { # average ms of 20 8 kB pwrites; "dsync": the file opened O_DSYNC
  python3 - "$WORK/bench/wblob" "$1" <<'EOF'
import os, sys, time
fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | (os.O_DSYNC if sys.argv[2] == "dsync" else 0), 0o644)
t = time.perf_counter()
for i in range(20):
    os.pwrite(fd, bytes(8192), i * 8192)
print("%.3f" % ((time.perf_counter() - t) * 50))
EOF
}
sleep 1.3
sw0=$(stat_of bench sync_writes); fs0=$(stat_of bench fsyncs)
w_plain=$(timed_writes plain); w_dsync=$(timed_writes dsync)
sleep 1.3
sw1=$(stat_of bench sync_writes); fs1=$(stat_of bench fsyncs)
check "2 ms fsync latency: an O_DSYNC write pays it ($w_dsync ms), a plain write does not ($w_plain ms)" \
  awk_true "$w_dsync >= 2 && $w_dsync - $w_plain >= 1.5"
check "20 O_DSYNC writes are 20 synchronous writes and no fsync ($((sw1 - sw0)), $((fs1 - fs0)))" \
  test "$((sw1 - sw0)) $((fs1 - fs0))" = "20 0"
rm -f "$WORK/bench/wblob"

# --- a cloud volume's budget: IOPS and bandwidth, shared by the mounts of one volume ---
set_volume() { # name iops MiB/s
  printf 'iops = %s\nbandwidth = %s\n' "$2" "$3" > "$WORK/$1.ctl.new"
  mv "$WORK/$1.ctl.new" "$WORK/$1.ctl"
}
set_volume bench 500 0; sleep 0.5
rv=$(timed_reads)
check "500 IOPS: an 8 kB read takes at least 2 ms, a fifth of a second ($rv ms)" awk_true "$rv >= 1.9"
set_volume bench 0 8; sleep 0.5
rb=$(timed_reads)
check "8 MiB/s: an 8 kB read takes at least its bytes' time, 0.98 ms ($rb ms)" awk_true "$rb >= 0.9"
sleep 1.3
check "the stats file counts what the volume added ($(stat_of bench volume_wait_ns) ns)" \
  awk_true "0$(stat_of bench volume_wait_ns) > 50000000"
# two mounts on one volume share its budget: 32 reads on each at once at 200 IOPS take 64/200 s
dd if=/dev/urandom of="$WORK/data/blob" bs=8k count=32 status=none
set_volume bench 200 0; set_volume data 200 0; sleep 0.5
shared=$(python3 - "$WORK/bench/blob" "$WORK/data/blob" <<'EOF'
import os, sys, threading, time
def reads(path):
    fd = os.open(path, os.O_RDONLY)
    for i in range(32):
        os.pread(fd, 8192, i * 8192)
t = time.perf_counter()
threads = [threading.Thread(target=reads, args=(p,)) for p in sys.argv[1:]]
for th in threads: th.start()
for th in threads: th.join()
print("%.3f" % (time.perf_counter() - t))
EOF
)
check "two mounts at 200 IOPS on one volume: 64 reads at once take at least 0.3 s ($shared s)" \
  awk_true "$shared >= 0.3"
set_volume bench 0 0; set_volume data 0 0
rm -f "$WORK/bench/blob" "$WORK/data/blob"

# --- PostgreSQL 18 with its data directory and WAL on slowfs ---
port=$((56000 + RANDOM % 2000))
mkdir -p "$WORK/sock"; chown postgres "$WORK/sock"
expect_exit 0 "initdb on slowfs (WAL on the second mount)" -- \
  pg_as_postgres "$PGB/initdb" -D "$D/pgdata" --waldir "$WORK/wal/pg_wal" -A trust -U postgres
# a small cache, so the workload reads from storage; track_io_timing for pg_stat_io read_time
expect_exit 0 "the server starts on slowfs" -- pg_as_postgres "$PGB/pg_ctl" -D "$D/pgdata" -w -l "$WORK/sock/log" \
  -o "-c listen_addresses= -c unix_socket_directories=$WORK/sock -p $port -c shared_buffers=16MB -c track_io_timing=on -c max_wal_size=1GB" start
export PGHOST="$WORK/sock" PGPORT=$port PGUSER=postgres PGDATABASE=postgres
expect_exit 0 "load 1 warehouse onto slowfs" -- "$PGKNOB" tpcc load -w 1 -j 2

psql_q() { pg_psql -c "$1"; }
io_reads() { psql_q "SELECT coalesce(sum(reads), 0) || ' ' || coalesce(sum(read_time), 0) FROM pg_stat_io WHERE object = 'relation' AND backend_type = 'client backend'"; }
# CPU seconds of this cluster: the postmaster's own and its reaped children's (the backends of
# finished runs), plus the children alive now, from /proc/PID/stat (utime stime cutime cstime)
server_cpu() {
  local pm; pm=$(head -1 "$D/pgdata/postmaster.pid")
  { sed 's/^.*) //' "/proc/$pm/stat" | awk '{ print $12 + $13 + $14 + $15 }'
    for p in $(pgrep -P "$pm"); do sed 's/^.*) //' "/proc/$p/stat" 2>/dev/null | awk '{ print $12 + $13 }'; done; } |
    awk -v hz="$(getconf CLK_TCK)" '{ t += $1 } END { printf "%.3f", t / hz }'
}
sample_waits() { # every 0.2 s until $WORK/stop: one line per active pgknob client backend
  while [ ! -e "$WORK/stop" ]; do
    psql_q "SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') FROM pg_stat_activity
            WHERE backend_type = 'client backend' AND state = 'active' AND application_name = 'pgknob-tpcc'" 2>/dev/null
    sleep 0.2
  done > "$WORK/waits"
}
CLIENTS=4; DUR=10
"$PGKNOB" tpcc run -c $CLIENTS -d 5s -P 0 >/dev/null 2>&1 # settle the cache and autovacuum after the load
printf '| stage | tps | latency ms | reads/txn | pg_stat_io ms/read | WAL syncs/txn | IO:DataFileRead | IO:WalSync | idle CPU | server + driver CPU ms/txn | Little: clients / predicted latency | IOPS / reads per txn | cores / CPU per txn | binding |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n' > "$WORK/table.md"
for stage in 0 0.1ms 2ms; do
  set_latency data "$stage" "$stage"; set_latency wal 0 "$stage"; sleep 1.3
  read -r reads0 rtime0 <<<"$(io_reads)"; cpu0=$(server_cpu)
  syncs0=$(( $(stat_of wal fsyncs) + $(stat_of wal sync_writes) ))
  read -r _ u0 n0 s0 i0 w0 _ <<<"$(head -1 /proc/stat)"
  rm -f "$WORK/stop"; sample_waits & sampler=$!
  auditor=""
  if [ "$stage" = 2ms ]; then # pgknob's own diagnosis, sampling the same load
    (sleep 2; "$PGKNOB" audit --sample 5s --format json > "$WORK/audit.json" 2>"$WORK/audit.err") & auditor=$!
  fi
  "$PGKNOB" tpcc run -c $CLIENTS -d ${DUR}s -P 0 --json "$WORK/run-$stage.json" >/dev/null 2>&1
  touch "$WORK/stop"; wait "$sampler"; [ -n "$auditor" ] && wait "$auditor"
  read -r reads1 rtime1 <<<"$(io_reads)"; cpu1=$(server_cpu)
  read -r _ u1 n1 s1 i1 w1 _ <<<"$(head -1 /proc/stat)"
  sleep 1.3; syncs1=$(( $(stat_of wal fsyncs) + $(stat_of wal sync_writes) ))
  J="$WORK/run-$stage.json"
  check "stage $stage: complete run" test "$(jq -r .complete "$J")" = true
  tps=$(jq .tps "$J"); txns=$(jq .transactions "$J"); lat=$(jq .latency_ms.mean "$J")
  reads=$((reads1 - reads0))
  per_read=$(num "$reads > 0 ? ($rtime1 - $rtime0) / $reads : 0")
  reads_txn=$(num "$reads / $txns")
  syncs_txn=$(num "($syncs1 - $syncs0) / $txns > 1 ? 1 : ($syncs1 - $syncs0) / $txns")
  samples=$(wc -l < "$WORK/waits"); [ "$samples" -gt 0 ] || samples=1
  share() { num "100 * $(grep -c "$1" "$WORK/waits") / $samples" 1; }
  dfr=$(share '^IO:DataFileRead$'); wsync=$(share '^IO:WalSync$'); io_share=$(share '^IO:')
  idle=$(num "100 * (($i1 + $w1) - ($i0 + $w0)) / (($u1 + $n1 + $s1 + $i1 + $w1) - ($u0 + $n0 + $s0 + $i0 + $w0))" 1)
  cpu_txn=$(num "1000 * ($cpu1 - $cpu0) / $txns + $(jq .client.cpu_per_txn_ms "$J")")
  inj=$(num "${stage%ms}")
  # The predicted latency: the stage without added latency, minus its own read time, plus this
  # stage's reads at their measured time and a commit's WAL sync at the added latency.
  if [ "$stage" = 0 ]; then base=$(num "$lat - $reads_txn * $per_read"); fi
  io_ms=$(num "$reads_txn * $per_read + $syncs_txn * $inj")
  pred_lat=$(num "$base + $io_ms")
  little=$(num "$CLIENTS * 1000 / $pred_lat" 1)
  # slowfs serves up to 10 requests at once (libfuse's worker threads), the clients ask for at
  # most one each: IOPS = min(clients, 10) / time per read
  iops=$(num "$per_read > 0 ? ($CLIENTS < 10 ? $CLIENTS : 10) * 1000 / $per_read / $reads_txn : 1e9" 1)
  cpu_lim=$(num "$(nproc) * 1000 / $cpu_txn" 1)
  read -r predicted binding <<<"$(awk -v a="$little" -v b="$iops" -v c="$cpu_lim" -v io="$io_ms" -v r="$pred_lat" 'BEGIN {
    m = a; n = sprintf("latency (storage waits %.0f%% of it)", 100 * io / r)
    if (b < m) { m = b; n = "IOPS" } if (c < m) { m = c; n = "CPU" } printf "%.1f %s\n", m, n }')"
  printf '| %s | %.1f | %.2f | %s | %s | %s | %s%% | %s%% | %s%% | %s | %s | %s | %s | %s: predicted %s tps |\n' \
    "$stage" "$tps" "$lat" "$reads_txn" "$per_read" "$syncs_txn" "$dfr" "$wsync" "$idle" "$cpu_txn" \
    "$little" "$(awk -v x="$iops" 'BEGIN { print (x >= 1e9 ? "-" : x) }')" "$cpu_lim" "$binding" "$predicted" >> "$WORK/table.md"
  if [ "$stage" != 0 ]; then
    lo=$(num "$inj"); hi=$(num "$inj + 3")
    check "$stage: pg_stat_io read time per read is the injected latency ($per_read ms, $lo-$hi)" \
      awk_true "$per_read >= $lo && $per_read < $hi"
    check "$stage: the predicted ceiling is within 35% of the measured TPS ($predicted vs $tps)" \
      awk_true "$predicted >= 0.65 * $tps && $predicted <= 1.35 * $tps"
  fi
  if [ "$stage" = 2ms ]; then
    check "2 ms: IO waits dominate the samples ($io_share% of $samples)" awk_true "$io_share > 50"
    check "2 ms: TPS fell below the stage without latency ($tps vs $tps0)" awk_true "$tps < 0.8 * $tps0"
    check "2 ms: storage, not CPU, binds ($binding)" grep -q '^latency (storage\|^IOPS' <<<"$binding"
    check "2 ms: storage waits are a large part of the predicted latency ($io_ms of $pred_lat ms)" awk_true "$io_ms > 0.35 * $pred_lat"
    found=$(jq -r '[.. | objects | select(has("rule")) | .rule] | unique | join(" ")' "$WORK/audit.json" 2>/dev/null)
    check "2 ms: pgknob audit --sample names storage: PK7050 read waits dominate ($found)" grep -qw PK7050 <<<"$found"
  fi
  [ "$stage" = 0 ] && tps0=$tps
done
cat "$WORK/table.md"
[ -n "${SLOWFS_TABLE:-}" ] && cp "$WORK/table.md" "$SLOWFS_TABLE"
done_testing
