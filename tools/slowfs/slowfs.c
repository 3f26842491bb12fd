/* pgknob-slowfs: a FUSE passthrough filesystem that adds a set latency to reads and to fsync,
 * so a throwaway cluster's data directory (and, on a second mount, its WAL) behaves like slower
 * storage: the storage lab's "Postgres isn't slow, your storage is".
 *
 *   pgknob-slowfs [--read-latency D] [--fsync-latency D] [--control FILE] [--stats FILE]
 *                 [--foreground] SOURCE MOUNTPOINT
 *
 * Every operation is passed to SOURCE (a directory) relative to a descriptor opened once, so no
 * path is ever assembled. Reads (pread) sleep --read-latency after the I/O; fsync, fdatasync,
 * a directory fsync and a write to a file opened O_SYNC/O_DSYNC sleep --fsync-latency. Files
 * are opened with direct I/O through FUSE, so the kernel's page cache does not answer reads in
 * our place: every read PostgreSQL issues reaches here and pays the latency, as on a network
 * disk. Writes without a sync are not delayed (a storage's write cache takes them).
 *
 * --control FILE is re-read every 200 ms when its mtime changes: lines "read_latency = D" and
 * "fsync_latency = D" (D as pgknob's durations: 100us is written 0.1ms) change the latencies
 * of a mounted filesystem, so lab stages need no remount. --stats FILE is rewritten every
 * second with the counts (reads, read bytes, fsyncs, sync writes) as "key = value" lines.
 *
 * --volume FILE models a cloud volume's budget, shared by every mount given the same FILE (the
 * data directory and the WAL on one volume): control lines "iops = N" and "bandwidth = N" (MiB/s)
 * give it (AWS EBS gp3's baseline: 3000 and 125). Every read and write takes its share of the
 * volume's time, max(operations / IOPS, bytes / bandwidth), in arrival order, an operation being
 * at most 256 KiB (EBS counts a larger one as several); a read and a synchronous write complete
 * no sooner than their share does (and not before their latency), a flush waits for what the
 * volume has queued, and a plain write waits only when the volume is more than a device queue
 * (64 requests) behind, as the kernel throttles a writer whose dirty data outruns the disk.
 *
 * Run as root (the mount is -o allow_other,default_permissions, so the `postgres` user works
 * in it with the kernel checking modes); what a caller creates is chowned to the caller, so the
 * server owns its files as on a normal disk. Unmount with `fusermount3 -u MOUNTPOINT`. */
#define FUSE_USE_VERSION 31

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <pthread.h>
#include <stdatomic.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/quantity.h"

typedef struct SlowFs {
    int source;            /* the directory everything is passed to */
    _Atomic long read_ns;  /* added to every read */
    _Atomic long fsync_ns; /* added to every fsync and synchronous write */
    _Atomic unsigned long long reads, read_bytes, fsyncs, sync_writes;
    _Atomic long iops;           /* the volume's operations per second, 0: no limit */
    _Atomic long bandwidth;      /* its bytes per second, 0: no limit */
    _Atomic int64_t *busy_until; /* the volume's clock (ns), shared through --volume's file */
    _Atomic unsigned long long volume_wait_ns; /* time the volume's budget added, in all */
    const char *control, *stats;               /* optional files (see above) */
    struct timespec control_mtime;
} SlowFs;

static SlowFs *fs_state(void)
{
    return fuse_get_context()->private_data;
}

/* "/a/b" -> "a/b", "/" -> ".": relative to the source descriptor. */
static const char *rel(const char *path)
{
    return path[1] ? path + 1 : ".";
}

static int neg_errno(int rc)
{
    return rc < 0 ? -errno : 0;
}

/* EBS counts an SSD volume's I/O in operations of at most 256 KiB. */
#define VOLUME_OP_BYTES (256.0 * 1024)
/* a plain write waits only beyond a device queue of this many requests */
#define VOLUME_QUEUE_OPS 64

/* Reserves the volume's time for `bytes` (0: a flush, which takes no time of its own) after
 * what is queued; returns when that share is done, in seconds of the monotonic clock (`now`
 * without a volume). */
static double volume_reserve(SlowFs *fs, double now, size_t bytes)
{
    long iops = atomic_load_explicit(&fs->iops, memory_order_relaxed);
    long bandwidth = atomic_load_explicit(&fs->bandwidth, memory_order_relaxed);
    if (!fs->busy_until || (iops <= 0 && bandwidth <= 0))
        return now;
    double ops = bytes ? ceil((double)bytes / VOLUME_OP_BYTES) : 0;
    double cost = 0;
    if (iops > 0)
        cost = ops / (double)iops;
    if (bandwidth > 0 && (double)bytes / (double)bandwidth > cost)
        cost = (double)bytes / (double)bandwidth;
    int64_t now_ns = (int64_t)(now * 1e9), end;
    int64_t prev = atomic_load(fs->busy_until);
    do
        end = (prev > now_ns ? prev : now_ns) + (int64_t)(cost * 1e9);
    while (!atomic_compare_exchange_weak(fs->busy_until, &prev, end));
    return (double)end / 1e9;
}

/* Sleeps until the later of the latency's end and `done`; counts what the volume added. */
static void complete(SlowFs *fs, double start, long latency_ns, double done)
{
    double until = start + (double)latency_ns / 1e9;
    if (done > until) {
        atomic_fetch_add_explicit(&fs->volume_wait_ns, (unsigned long long)((done - until) * 1e9),
                                  memory_order_relaxed);
        until = done;
    }
    if (until > pk_clock_now())
        pk_clock_sleep_until(until, NULL);
}

/* What the caller creates belongs to the caller (the daemon runs as root). A failure is not
 * fatal: the file exists, and default_permissions still applies its mode. */
static void own(int dirfd, const char *name, int flags)
{
    struct fuse_context *ctx = fuse_get_context();
    int rc = fchownat(dirfd, name, ctx->uid, ctx->gid, flags);
    (void)rc;
}

/* An open file: the descriptor and whether its writes are synchronous. */
typedef struct SlowFile {
    int fd;
    int sync;
} SlowFile;

static SlowFile *file_of(const struct fuse_file_info *fi)
{
    return (SlowFile *)(uintptr_t)fi->fh;
}

static int keep_file(struct fuse_file_info *fi, int fd)
{
    if (fd < 0)
        return -errno;
    SlowFile *file = malloc(sizeof(*file));
    if (!file) {
        close(fd);
        return -ENOMEM;
    }
    file->fd = fd;
    file->sync = (fi->flags & (O_SYNC | O_DSYNC)) != 0;
    fi->fh = (uint64_t)(uintptr_t)file;
    fi->direct_io = 1; /* the page cache must not answer reads for the storage */
    return 0;
}

static void *housekeeping(void *arg);

/* Runs in the final process (after fuse_main daemonized: a fork keeps only the calling thread),
 * so the housekeeping thread starts here. */
static void *sf_init(struct fuse_conn_info *conn, struct fuse_config *cfg)
{
    (void)conn;
    cfg->use_ino = 1;
    cfg->hard_remove = 1; /* an unlinked open file stays readable through its descriptor */
    cfg->direct_io = 1;
    cfg->kernel_cache = 0;
    SlowFs *fs = fuse_get_context()->private_data;
    pthread_t keeper;
    if (pthread_create(&keeper, NULL, housekeeping, fs) == 0)
        pthread_detach(keeper);
    return fs;
}

static int sf_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
    if (fi)
        return neg_errno(fstat(file_of(fi)->fd, st));
    return neg_errno(fstatat(fs_state()->source, rel(path), st, AT_SYMLINK_NOFOLLOW));
}

static int sf_readlink(const char *path, char *buf, size_t size)
{
    ssize_t len = readlinkat(fs_state()->source, rel(path), buf, size - 1);
    if (len < 0)
        return -errno;
    buf[len] = '\0';
    return 0;
}

static int sf_mknod(const char *path, mode_t mode, dev_t rdev)
{
    int rc = mknodat(fs_state()->source, rel(path), mode, rdev);
    if (rc == 0)
        own(fs_state()->source, rel(path), AT_SYMLINK_NOFOLLOW);
    return neg_errno(rc);
}

static int sf_mkdir(const char *path, mode_t mode)
{
    int rc = mkdirat(fs_state()->source, rel(path), mode);
    if (rc == 0)
        own(fs_state()->source, rel(path), AT_SYMLINK_NOFOLLOW);
    return neg_errno(rc);
}

static int sf_unlink(const char *path)
{
    return neg_errno(unlinkat(fs_state()->source, rel(path), 0));
}

static int sf_rmdir(const char *path)
{
    return neg_errno(unlinkat(fs_state()->source, rel(path), AT_REMOVEDIR));
}

static int sf_symlink(const char *target, const char *path)
{
    int rc = symlinkat(target, fs_state()->source, rel(path));
    if (rc == 0)
        own(fs_state()->source, rel(path), AT_SYMLINK_NOFOLLOW);
    return neg_errno(rc);
}

static int sf_rename(const char *from, const char *to, unsigned int flags)
{
    int src = fs_state()->source;
    return neg_errno(renameat2(src, rel(from), src, rel(to), flags));
}

static int sf_link(const char *from, const char *to)
{
    int src = fs_state()->source;
    return neg_errno(linkat(src, rel(from), src, rel(to), 0));
}

static int sf_chmod(const char *path, mode_t mode, struct fuse_file_info *fi)
{
    if (fi)
        return neg_errno(fchmod(file_of(fi)->fd, mode));
    return neg_errno(fchmodat(fs_state()->source, rel(path), mode, 0));
}

static int sf_chown(const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi)
{
    if (fi)
        return neg_errno(fchown(file_of(fi)->fd, uid, gid));
    return neg_errno(fchownat(fs_state()->source, rel(path), uid, gid, AT_SYMLINK_NOFOLLOW));
}

static int sf_truncate(const char *path, off_t size, struct fuse_file_info *fi)
{
    if (fi)
        return neg_errno(ftruncate(file_of(fi)->fd, size));
    int fd = openat(fs_state()->source, rel(path), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    int rc = neg_errno(ftruncate(fd, size));
    close(fd);
    return rc;
}

static int sf_utimens(const char *path, const struct timespec ts[2], struct fuse_file_info *fi)
{
    if (fi)
        return neg_errno(futimens(file_of(fi)->fd, ts));
    return neg_errno(utimensat(fs_state()->source, rel(path), ts, AT_SYMLINK_NOFOLLOW));
}

static int sf_open(const char *path, struct fuse_file_info *fi)
{
    return keep_file(fi, openat(fs_state()->source, rel(path), fi->flags | O_CLOEXEC));
}

static int sf_create(const char *path, mode_t mode, struct fuse_file_info *fi)
{
    int fd = openat(fs_state()->source, rel(path), fi->flags | O_CREAT | O_CLOEXEC, mode);
    if (fd >= 0)
        own(fs_state()->source, rel(path), AT_SYMLINK_NOFOLLOW);
    return keep_file(fi, fd);
}

static int sf_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi)
{
    (void)path;
    SlowFs *fs = fs_state();
    ssize_t got = pread(file_of(fi)->fd, buf, size, off);
    if (got < 0)
        return -errno;
    double start = pk_clock_now(); /* the latency comes after the I/O, as it always did */
    atomic_fetch_add_explicit(&fs->reads, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&fs->read_bytes, (unsigned long long)got, memory_order_relaxed);
    complete(fs, start, atomic_load_explicit(&fs->read_ns, memory_order_relaxed),
             volume_reserve(fs, start, size));
    return (int)got;
}

static int sf_write(const char *path, const char *buf, size_t size, off_t off,
                    struct fuse_file_info *fi)
{
    (void)path;
    SlowFs *fs = fs_state();
    ssize_t put = pwrite(file_of(fi)->fd, buf, size, off);
    if (put < 0)
        return -errno;
    double start = pk_clock_now();
    double done = volume_reserve(fs, start, size);
    if (file_of(fi)->sync) {
        atomic_fetch_add_explicit(&fs->sync_writes, 1, memory_order_relaxed);
        complete(fs, start, atomic_load_explicit(&fs->fsync_ns, memory_order_relaxed), done);
    } else {
        long iops = atomic_load_explicit(&fs->iops, memory_order_relaxed);
        double queue = iops > 0 ? VOLUME_QUEUE_OPS / (double)iops : 0;
        if (done - queue > start)
            complete(fs, start, 0, done - queue);
    }
    return (int)put;
}

static int sf_statfs(const char *path, struct statvfs *st)
{
    (void)path;
    return neg_errno(fstatvfs(fs_state()->source, st));
}

static int sf_release(const char *path, struct fuse_file_info *fi)
{
    (void)path;
    SlowFile *file = file_of(fi);
    close(file->fd);
    free(file);
    return 0;
}

static int synced(int rc)
{
    SlowFs *fs = fs_state();
    double start = pk_clock_now();
    atomic_fetch_add_explicit(&fs->fsyncs, 1, memory_order_relaxed);
    complete(fs, start, atomic_load_explicit(&fs->fsync_ns, memory_order_relaxed),
             volume_reserve(fs, start, 0));
    return neg_errno(rc);
}

static int sf_fsync(const char *path, int datasync, struct fuse_file_info *fi)
{
    (void)path;
    int fd = file_of(fi)->fd;
    return synced(datasync ? fdatasync(fd) : fsync(fd));
}

static int sf_opendir(const char *path, struct fuse_file_info *fi)
{
    int fd = openat(fs_state()->source, rel(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    DIR *dir = fdopendir(fd);
    if (!dir) {
        close(fd);
        return -errno;
    }
    fi->fh = (uint64_t)(uintptr_t)dir;
    return 0;
}

static int sf_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off,
                      struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
    (void)path;
    (void)off;
    (void)flags;
    DIR *dir = (DIR *)(uintptr_t)fi->fh;
    rewinddir(dir);
    for (struct dirent *ent = readdir(dir); ent; ent = readdir(dir)) {
        struct stat st = {.st_ino = ent->d_ino, .st_mode = (mode_t)DTTOIF(ent->d_type)};
        if (fill(buf, ent->d_name, &st, 0, 0))
            break;
    }
    return 0;
}

static int sf_releasedir(const char *path, struct fuse_file_info *fi)
{
    (void)path;
    closedir((DIR *)(uintptr_t)fi->fh);
    return 0;
}

static int sf_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi)
{
    (void)path;
    int fd = dirfd((DIR *)(uintptr_t)fi->fh);
    return synced(datasync ? fdatasync(fd) : fsync(fd));
}

static int sf_fallocate(const char *path, int mode, off_t off, off_t len, struct fuse_file_info *fi)
{
    (void)path;
    return neg_errno(fallocate(file_of(fi)->fd, mode, off, len));
}

static const struct fuse_operations slowfs_ops = {
    .init = sf_init,
    .getattr = sf_getattr,
    .readlink = sf_readlink,
    .mknod = sf_mknod,
    .mkdir = sf_mkdir,
    .unlink = sf_unlink,
    .rmdir = sf_rmdir,
    .symlink = sf_symlink,
    .rename = sf_rename,
    .link = sf_link,
    .chmod = sf_chmod,
    .chown = sf_chown,
    .truncate = sf_truncate,
    .utimens = sf_utimens,
    .open = sf_open,
    .create = sf_create,
    .read = sf_read,
    .write = sf_write,
    .statfs = sf_statfs,
    .release = sf_release,
    .fsync = sf_fsync,
    .opendir = sf_opendir,
    .readdir = sf_readdir,
    .releasedir = sf_releasedir,
    .fsyncdir = sf_fsyncdir,
    .fallocate = sf_fallocate,
};

static bool parse_latency(const char *text, _Atomic long *ns)
{
    double seconds;
    if (!pk_parse_duration(text, 0, 10, &seconds))
        return false;
    atomic_store(ns, (long)(seconds * 1e9 + 0.5));
    return true;
}

/* A count (IOPS, MiB/s): 0 to 10^6. */
static bool parse_count(const char *text, _Atomic long *out, long scale)
{
    char *end;
    double num = strtod(text, &end);
    if (end == text || *end || !(num >= 0 && num <= 1e6))
        return false;
    atomic_store(out, (long)(num * (double)scale + 0.5));
    return true;
}

/* Applies "read_latency = D" / "fsync_latency = D" / "iops = N" / "bandwidth = N" (MiB/s)
 * lines; unknown lines are ignored (the file is written by the lab, and a half-written one is
 * read again at its next change). */
static void apply_control(SlowFs *fs, char *text)
{
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char key[32], value[32];
        if (sscanf(line, " %31[a-z_] = %31s", key, value) != 2)
            continue;
        if (!strcmp(key, "read_latency"))
            parse_latency(value, &fs->read_ns);
        else if (!strcmp(key, "fsync_latency"))
            parse_latency(value, &fs->fsync_ns);
        else if (!strcmp(key, "iops"))
            parse_count(value, &fs->iops, 1);
        else if (!strcmp(key, "bandwidth"))
            parse_count(value, &fs->bandwidth, 1024 * 1024);
    }
}

static void poll_control(SlowFs *fs)
{
    struct stat st;
    if (!fs->control || stat(fs->control, &st) < 0 ||
        (st.st_mtim.tv_sec == fs->control_mtime.tv_sec &&
         st.st_mtim.tv_nsec == fs->control_mtime.tv_nsec))
        return;
    fs->control_mtime = st.st_mtim;
    FILE *file = fopen(fs->control, "r");
    if (!file)
        return;
    char text[1024];
    size_t len = fread(text, 1, sizeof(text) - 1, file);
    fclose(file);
    text[len] = '\0';
    apply_control(fs, text);
}

/* Written to a temporary file and renamed, so a reader never sees half of it. */
static void write_stats(const SlowFs *fs)
{
    if (!fs->stats)
        return;
    char tmp[4096];
    snprintf(tmp, sizeof(tmp), "%s.tmp", fs->stats);
    FILE *file = fopen(tmp, "w");
    if (!file)
        return;
    fprintf(file,
            "read_latency_ns = %ld\nfsync_latency_ns = %ld\nreads = %llu\nread_bytes = %llu\n"
            "fsyncs = %llu\nsync_writes = %llu\niops = %ld\nbandwidth_bytes = %ld\n"
            "volume_wait_ns = %llu\n",
            atomic_load(&fs->read_ns), atomic_load(&fs->fsync_ns), atomic_load(&fs->reads),
            atomic_load(&fs->read_bytes), atomic_load(&fs->fsyncs), atomic_load(&fs->sync_writes),
            atomic_load(&fs->iops), atomic_load(&fs->bandwidth), atomic_load(&fs->volume_wait_ns));
    if (fclose(file) == 0)
        rename(tmp, fs->stats);
}

static void *housekeeping(void *arg)
{
    SlowFs *fs = arg;
    for (int tick = 0;; tick++) {
        poll_control(fs);
        if (tick % 5 == 0)
            write_stats(fs);
        pk_clock_sleep_ms(200);
    }
    return NULL;
}

/* The volume's clock lives in a shared mapping of FILE, so that two mounts (two processes)
 * given the same file draw on one budget. Mapped before fuse_main daemonizes: a fork keeps
 * shared mappings. */
static bool map_volume(SlowFs *fs, const char *path)
{
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        return false;
    void *map = MAP_FAILED;
    if (ftruncate(fd, sizeof(int64_t)) == 0)
        map = mmap(NULL, sizeof(int64_t), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
        return false;
    fs->busy_until = map;
    return true;
}

static int usage(const char *why)
{
    fprintf(stderr,
            "pgknob-slowfs: error: %s\n"
            "usage: pgknob-slowfs [--read-latency D] [--fsync-latency D] [--control FILE]\n"
            "                     [--stats FILE] [--volume FILE] [--foreground] SOURCE MOUNTPOINT\n"
            "D is a duration such as 0.1ms or 2ms (default 0).\n",
            why);
    return 2;
}

int main(int argc, char **argv)
{
    SlowFs *fs = calloc(1, sizeof(*fs)); /* lives as long as the mount: FUSE's private data */
    if (!fs)
        return 1;
    const char *paths[2] = {NULL, NULL};
    int npaths = 0;
    bool foreground = false;
    for (int idx = 1; idx < argc; idx++) {
        const char *arg = argv[idx], *val = idx + 1 < argc ? argv[idx + 1] : NULL;
        if (!strcmp(arg, "--foreground") || !strcmp(arg, "-f"))
            foreground = true;
        else if ((!strcmp(arg, "--read-latency") || !strcmp(arg, "--fsync-latency")) && val) {
            if (!parse_latency(val, arg[2] == 'r' ? &fs->read_ns : &fs->fsync_ns))
                return usage("invalid latency (give a duration from 0 to 10s, e.g. 0.1ms)");
            idx++;
        } else if (!strcmp(arg, "--control") && val)
            fs->control = argv[++idx];
        else if (!strcmp(arg, "--stats") && val)
            fs->stats = argv[++idx];
        else if (!strcmp(arg, "--volume") && val) {
            if (!map_volume(fs, argv[++idx]))
                return usage("--volume: the file cannot be created or mapped");
        } else if (arg[0] == '-' || npaths == 2)
            return usage("unknown option or extra argument");
        else
            paths[npaths++] = arg;
    }
    if (npaths != 2)
        return usage("give SOURCE and MOUNTPOINT");
    fs->source = open(paths[0], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fs->source < 0)
        return usage("SOURCE is not a directory that can be opened");
    poll_control(fs);
    /* sleeps of 0.1 ms must not be stretched by the default 50 us timer slack; FUSE's worker
     * threads inherit this */
    prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
    struct fuse_args args = FUSE_ARGS_INIT(0, NULL);
    const char *const fuse_argv[] = {argv[0], paths[1], "-o",
                                     "allow_other,default_permissions,fsname=pgknob-slowfs",
                                     foreground ? "-f" : NULL};
    for (size_t idx = 0; idx < sizeof(fuse_argv) / sizeof(fuse_argv[0]) && fuse_argv[idx]; idx++)
        if (fuse_opt_add_arg(&args, fuse_argv[idx]) != 0)
            return 1;
    int rc = fuse_main(args.argc, args.argv, &slowfs_ops, fs);
    fuse_opt_free_args(&args);
    return rc;
}
