#include "lab/slowfs.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "common/atomic_file.h"
#include "lab/proc.h"

#define SLOWFS_MOUNT_TIMEOUT_S 30

static bool runnable(const char *path)
{
    return path && access(path, X_OK) == 0;
}

char *slowfs_find(const char *given, PkDiag *diag)
{
    if (given) {
        if (runnable(given))
            return xstrdup(given);
        pk_diag_set(diag, NULL, 0, NULL, "pgknob-slowfs \"%s\" cannot be run", given);
        return NULL;
    }
    const char *env = getenv("PGKNOB_SLOWFS");
    if (env && *env && runnable(env))
        return xstrdup(env);
    /* installed beside pgknob (bin/ of the build, or the package's bindir); the lab runs in
     * pgknob-online, which an installed tree keeps in libexec/pgknob/, two levels below bin/
     * (make install puts pgknob-slowfs in bin/ beside pgknob) */
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (len > 0) {
        exe[len] = '\0';
        const char *dir = dirname(exe);
        for (int up = 0; up < 2; up++) {
            char *cand = xasprintf("%s%s/pgknob-slowfs", dir, up ? "/../../bin" : "");
            if (runnable(cand))
                return cand;
            free(cand);
        }
    }
    const char *path_env = getenv("PATH");
    char *paths = xstrdup(path_env ? path_env : "/usr/bin:/bin");
    char *found = NULL;
    for (char *dir = strtok(paths, ":"); dir && !found; dir = strtok(NULL, ":")) {
        char *cand = xasprintf("%s/pgknob-slowfs", dir);
        if (runnable(cand))
            found = cand;
        else
            free(cand);
    }
    free(paths);
    if (!found)
        pk_diag_set(diag, NULL, 0,
                    "Build it with `make` after `make deps` (it needs libfuse3-dev), or name it "
                    "with $PGKNOB_SLOWFS.",
                    "the storage lab needs pgknob-slowfs, which is not installed");
    return found;
}

bool slowfs_usable(PkDiag *diag)
{
    if (geteuid() != 0)
        return pk_diag_set(diag, NULL, 0,
                           "Run the storage lab as root: it mounts two FUSE filesystems (the "
                           "server itself runs as user postgres).",
                           "the storage lab must run as root to mount pgknob-slowfs");
    if (access("/dev/fuse", R_OK | W_OK) != 0)
        return pk_diag_set(diag, NULL, 0,
                           "Load the fuse module (modprobe fuse), or give a container "
                           "--device /dev/fuse --cap-add SYS_ADMIN.",
                           "the storage lab needs /dev/fuse: %s", strerror(errno));
    return true;
}

void slowfs_mount_init(SlowfsMount *mount, const char *base, const char *name)
{
    memset(mount, 0, sizeof(*mount));
    mount->source = xasprintf("%s/%s-src", base, name);
    mount->mountpoint = xasprintf("%s/%s", base, name);
    mount->control = xasprintf("%s/%s.ctl", base, name);
    mount->stats = xasprintf("%s/%s.stats", base, name);
    mount->volume = xasprintf("%s/volume", base);
}

bool slowfs_mount(const char *prog, SlowfsMount *mount, uid_t uid, gid_t gid, PkDiag *diag)
{
    if ((mkdir(mount->source, 0700) != 0 && errno != EEXIST) ||
        (mkdir(mount->mountpoint, 0700) != 0 && errno != EEXIST))
        return pk_diag_set(diag, NULL, 0, NULL, "could not create \"%s\": %s", mount->source,
                           strerror(errno));
    /* the mount's root shows the source's owner and mode: the server's user must own it */
    if (chown(mount->source, uid, gid) != 0)
        return pk_diag_set(diag, NULL, 0, NULL, "could not give \"%s\" to uid %d: %s",
                           mount->source, (int)uid, strerror(errno));
    if (!pk_write_atomic(mount->control, "", 0, 0644, (uid_t)-1, (gid_t)-1, diag))
        return false;
    const char *argv[] = {
        prog,       "--control",   mount->control, "--stats",         mount->stats,
        "--volume", mount->volume, mount->source,  mount->mountpoint, NULL};
    StrBuf text = STRBUF_INIT;
    int rc = proc_run(argv, NULL, SLOWFS_MOUNT_TIMEOUT_S, &text);
    if (rc != 0)
        pk_diag_set(diag, NULL, 0, NULL, "could not mount pgknob-slowfs on \"%s\": %s",
                    mount->mountpoint, sb_str(&text));
    sb_free(&text);
    mount->mounted = rc == 0;
    return mount->mounted;
}

/* A latency as the control file's durations: nanoseconds are exact as "…ms" with 6 decimals. */
bool slowfs_set_storage(const SlowfsMount *mount, double read_s, double fsync_s, double iops,
                        double bandwidth_mib, PkDiag *diag)
{
    char text[200];
    snprintf(text, sizeof(text),
             "read_latency = %.6fms\nfsync_latency = %.6fms\niops = %.0f\nbandwidth = %.3f\n",
             read_s * 1000, fsync_s * 1000, iops, bandwidth_mib);
    /* a temporary file renamed over it: the daemon never reads half a file */
    return pk_write_atomic(mount->control, text, strlen(text), 0644, (uid_t)-1, (gid_t)-1, diag);
}

bool slowfs_read_stats(const SlowfsMount *mount, SlowfsStats *out)
{
    memset(out, 0, sizeof(*out));
    FILE *fp = fopen(mount->stats, "r");
    if (!fp)
        return false;
    static const struct {
        const char *key;
        size_t offset;
    } keys[] = {
        {"reads", offsetof(SlowfsStats, reads)},
        {"read_bytes", offsetof(SlowfsStats, read_bytes)},
        {"fsyncs", offsetof(SlowfsStats, fsyncs)},
        {"sync_writes", offsetof(SlowfsStats, sync_writes)},
        {"read_latency_ns", offsetof(SlowfsStats, read_latency_ns)},
        {"fsync_latency_ns", offsetof(SlowfsStats, fsync_latency_ns)},
        {"volume_wait_ns", offsetof(SlowfsStats, volume_wait_ns)},
    };
    char line[256], key[64];
    double value;
    int found = 0;
    while (fgets(line, sizeof(line), fp))
        if (sscanf(line, "%63s = %lf", key, &value) == 2)
            for (size_t idx = 0; idx < sizeof(keys) / sizeof(keys[0]); idx++)
                if (!strcmp(key, keys[idx].key)) {
                    *(double *)(void *)((char *)out + keys[idx].offset) = value;
                    found++;
                }
    fclose(fp);
    return found > 0;
}

bool slowfs_read_stats_fresh(const SlowfsMount *mount, SlowfsStats *out)
{
    struct stat before, now;
    bool have = stat(mount->stats, &before) == 0;
    for (int attempt = 0; have && attempt < 30; attempt++) {
        pk_clock_sleep_ms(50);
        if (stat(mount->stats, &now) == 0 &&
            (now.st_mtim.tv_sec != before.st_mtim.tv_sec ||
             now.st_mtim.tv_nsec != before.st_mtim.tv_nsec || now.st_ino != before.st_ino))
            break;
    }
    return slowfs_read_stats(mount, out);
}

bool slowfs_unmount(const char *mountpoint, PkDiag *diag)
{
    if (umount2(mountpoint, 0) == 0 || errno == EINVAL || errno == ENOENT)
        return true;
    /* busy (a process still has a file open): detach now, the kernel finishes it later */
    if (umount2(mountpoint, MNT_DETACH) == 0)
        return true;
    return pk_diag_set(diag, NULL, 0, NULL, "could not unmount \"%s\": %s", mountpoint,
                       strerror(errno));
}

void slowfs_mount_free(SlowfsMount *mount)
{
    free(mount->source);
    free(mount->mountpoint);
    free(mount->control);
    free(mount->stats);
    free(mount->volume);
    memset(mount, 0, sizeof(*mount));
}
