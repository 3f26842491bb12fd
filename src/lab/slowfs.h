/* The storage lab's side of pgknob-slowfs (tools/slowfs, a program of its own): find the
 * program, mount a directory through it, change its latencies through the control file (no
 * remount), read its counters from the stats file, unmount. Mounting needs root (the server
 * then works in the mount as `postgres` through allow_other). docs/storage.md. */
#ifndef PK_LAB_SLOWFS_H
#define PK_LAB_SLOWFS_H

#include <stdbool.h>
#include <sys/types.h>

#include "common/diag.h"

/* One mount: SOURCE (the real directory) seen through slowfs at MOUNTPOINT. */
typedef struct SlowfsMount {
    char *source, *mountpoint;
    char *control, *stats; /* the daemon's control and stats files */
    char *volume;          /* the volume's shared budget file (one per cluster) */
    bool mounted;
} SlowfsMount;

/* What the stats file counts since the mount. */
typedef struct SlowfsStats {
    double reads, read_bytes, fsyncs, sync_writes;
    double volume_wait_ns; /* what the volume's budget added to reads, syncs and writes */
    double read_latency_ns, fsync_latency_ns;
} SlowfsStats;

/* The program: `given`, else $PGKNOB_SLOWFS, else pgknob-slowfs beside the running program,
 * else in PATH. NULL with *diag (why, and how to build it) when none runs. Caller frees. */
char *slowfs_find(const char *given, PkDiag *diag);
/* Whether this process may mount (root, /dev/fuse); false with *diag saying why not. */
bool slowfs_usable(PkDiag *diag);

/* Fills the paths of mount `name` under `base`: base/NAME-src seen at base/NAME, control
 * base/NAME.ctl, stats base/NAME.stats. Nothing is created. */
void slowfs_mount_init(SlowfsMount *mount, const char *base, const char *name);
/* Creates the directories (the source owned by uid/gid, the server's user), an empty control
 * file (no latency), and mounts. */
bool slowfs_mount(const char *prog, SlowfsMount *mount, uid_t uid, gid_t gid, PkDiag *diag);
/* The latencies in seconds and the volume's budget (IOPS, MiB/s; 0: none), written to the
 * control file (a temporary file, then rename); the daemon picks them up within 200 ms. */
bool slowfs_set_storage(const SlowfsMount *mount, double read_s, double fsync_s, double iops,
                        double bandwidth_mib, PkDiag *diag);
/* The counters of the stats file (rewritten every second). false when it cannot be read. */
bool slowfs_read_stats(const SlowfsMount *mount, SlowfsStats *out);
/* The same once the daemon has rewritten the file again (waits up to 1.5 s): after the
 * workload stopped, the counts are then complete. */
bool slowfs_read_stats_fresh(const SlowfsMount *mount, SlowfsStats *out);
/* Unmounts `mountpoint` (lazily when busy); a directory that is not a mount point is fine. */
bool slowfs_unmount(const char *mountpoint, PkDiag *diag);
void slowfs_mount_free(SlowfsMount *mount);

#endif
