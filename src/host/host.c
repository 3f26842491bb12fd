/* Host facts: the --host spec parser and the reader of the local machine's facts. */
#include "host/host.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "common/strbuf.h"
#include "common/units.h"
#include "common/xalloc.h"

#define NFS_MAGIC 0x6969
#define SMB_MAGIC 0x517B
#define CIFS_MAGIC 0xFF534D42
#define FUSE_MAGIC 0x65735546

void host_facts_clear(HostFacts *host)
{
    free(host->storage);
    free(host->kernel);
    free(host->source);
    host_facts_init_unknown(host);
}

/* "16GB", "512MB", "8GiB": the units module's spellings for pgknob's own inputs. */
static bool parse_size(const char *text, double *out, const char **bad_unit)
{
    double bytes;
    if (!pk_units_parse(text, PK_UNIT_SIZE, false, 1.0, &bytes, bad_unit) || bytes <= 0)
        return false;
    *out = bytes;
    return true;
}

static int parse_yes_no(const char *text)
{
    static const char *const yes[] = {"yes", "y", "true", "on", "1"};
    static const char *const no[] = {"no", "n", "false", "off", "0"};
    for (size_t idx = 0; idx < 5; idx++) {
        if (!strcasecmp(text, yes[idx]))
            return 1;
        if (!strcasecmp(text, no[idx]))
            return 0;
    }
    return -1;
}

static bool valid_kernel(const char *text)
{
    return isdigit((unsigned char)text[0]) && strchr(text, '.') &&
           isdigit((unsigned char)strchr(text, '.')[1]);
}

/* A machine beyond these is a typo (ram=16PB for 16GB), not a host to size memory for. */
#define HOST_MAX_RAM (64.0 * 1099511627776.0) /* 64 TB */

static bool spec_item(HostFacts *out, const char *key, const char *value, PkDiag *diag)
{
    bool ok = true;
    const char *hint = NULL;
    if (!strcmp(key, "ram") || !strcmp(key, "memory")) {
        ok = parse_size(value, &out->ram_bytes, &hint);
        if (ok && (out->ram_bytes > HOST_MAX_RAM || out->ram_bytes < 1048576.0)) {
            pk_diag_set(diag, NULL, 0, NULL,
                        "host fact \"%s\" = \"%s\" is not a machine's memory (give 1MB to 64TB)",
                        key, value);
            return false;
        }
    } else if (!strcmp(key, "cores") || !strcmp(key, "cpus")) {
        char *end;
        long cores = strtol(value, &end, 10);
        ok = *value && !*end && cores > 0 && cores <= 100000;
        if (*value && !*end && !ok) {
            pk_diag_set(diag, NULL, 0, NULL,
                        "host fact \"%s\" = \"%s\" is not a machine's core count (give 1 to "
                        "100000)",
                        key, value);
            return false;
        }
        out->cores = (int)cores;
    } else if (!strcmp(key, "instance_class")) {
        if (!host_instance_class(value, &out->ram_bytes, &out->cores)) {
            return pk_diag_set(diag, NULL, 0, NULL,
                               "host fact \"instance_class\" = \"%s\" is not an RDS instance "
                               "class pgknob knows (db.t3, db.t4g, db.m5, db.m6g, db.m6i, "
                               "db.m7g, db.r5, db.r6g, db.r6i, db.r7g, db.x2g: db.r6g.large)",
                               value);
        }
    } else if (!strcmp(key, "storage")) {
        static const char *const kinds[] = {"nvme", "ssd", "hdd", "network"};
        ok = false;
        for (size_t kind_idx = 0; kind_idx < 4; kind_idx++)
            if (!strcasecmp(value, kinds[kind_idx])) {
                free(out->storage);
                out->storage = xstrdup(kinds[kind_idx]);
                ok = true;
            }
    } else if (!strcmp(key, "kernel")) {
        ok = valid_kernel(value);
        free(out->kernel);
        out->kernel = xstrdup(value);
    } else if (!strcmp(key, "container")) {
        ok = (out->container = parse_yes_no(value)) >= 0;
    } else if (!strcmp(key, "io_uring")) {
        ok = (out->io_uring_allowed = parse_yes_no(value)) >= 0;
    } else if (!strcmp(key, "disk") || !strcmp(key, "wal_disk")) {
        /* the volume of the data directory, and pg_wal's own when it has one */
        double *bytes = key[0] == 'd' ? &out->disk_bytes : &out->wal_disk_bytes;
        ok = parse_size(value, bytes, &hint);
        if (ok && *bytes < 1048576.0) {
            pk_diag_set(diag, NULL, 0, NULL,
                        "host fact \"%s\" = \"%s\" is not a volume's size (give 1MB or more)", key,
                        value);
            return false;
        }
    } else if (!strcmp(key, "stack")) {
        /* ulimit -s of the server's user: a size, or unlimited */
        if (!strcasecmp(value, "unlimited"))
            out->stack_bytes = 0;
        else
            ok = parse_size(value, &out->stack_bytes, &hint);
    } else {
        pk_diag_set(diag, NULL, 0, NULL,
                    "unknown host fact \"%s\" (known: ram, cores, storage, kernel, container, "
                    "io_uring, stack, disk, wal_disk, instance_class)",
                    key);
        return false;
    }
    if (!ok)
        pk_diag_set(diag, NULL, 0, hint, "invalid value for host fact \"%s\": \"%s\"", key, value);
    return ok;
}

bool host_parse_spec(const char *spec, HostFacts *out, PkDiag *diag)
{
    host_facts_init_unknown(out);
    char *copy = xstrdup(spec), *save = NULL;
    bool ok = true;
    /* which fact each item set (aliases fold: memory is ram), to refuse one given twice */
    const char *seen[10] = {0};
    int seen_at[10] = {0}, n_item = 0;
    static const char *const facts[] = {"ram",     "memory", "cores",     "cpus",
                                        "storage", "kernel", "container", "io_uring",
                                        "stack",   "disk",   "wal_disk"};
    for (char *item = strtok_r(copy, ", ", &save); item && ok; item = strtok_r(NULL, ", ", &save)) {
        n_item++;
        char *eq = strchr(item, '=');
        if (!eq || eq == item || !eq[1]) {
            pk_diag_set(diag, NULL, 0, NULL, "invalid host fact \"%s\": expected key=value", item);
            ok = false;
            break;
        }
        *eq = '\0';
        for (size_t idx = 0; idx < sizeof(facts) / sizeof(facts[0]); idx++) {
            if (strcmp(item, facts[idx]))
                continue;
            size_t slot = idx < 4 ? idx / 2 : idx - 2;
            if (seen[slot]) {
                pk_diag_set(diag, NULL, 0, NULL,
                            "host fact \"%s\" is given twice (item %d, and \"%s\" at item %d)",
                            item, n_item, seen[slot], seen_at[slot]);
                ok = false;
            }
            seen[slot] = facts[idx];
            seen_at[slot] = n_item;
        }
        ok = ok && spec_item(out, item, eq + 1, diag);
    }
    free(copy);
    if (ok)
        out->source = xstrdup("given with --host");
    else
        host_facts_clear(out);
    return ok;
}

/* ---- the local machine ---- */

static char *read_small(const char *root, const char *path)
{
    char *full = xasprintf("%s%s", root, path);
    FILE *fp = fopen(full, "r");
    free(full);
    if (!fp)
        return NULL;
    char buf[8192];
    size_t got = fread(buf, 1, sizeof(buf) - 1, fp);
    fclose(fp);
    buf[got] = '\0';
    return xstrdup(buf);
}

static bool exists(const char *root, const char *path)
{
    char *full = xasprintf("%s%s", root, path);
    bool found = access(full, F_OK) == 0;
    free(full);
    return found;
}

static double meminfo_total(const char *root)
{
    char *text = read_small(root, "/proc/meminfo");
    double total = -1;
    const char *line = text ? strstr(text, "MemTotal:") : NULL;
    if (line)
        total = strtod(line + 9, NULL) * 1024.0;
    free(text);
    return total > 0 ? total : -1;
}

/* The cgroup path of this process for `controller` ("memory", "cpu"): v1's line naming the
 * controller (`4:memory:/x`, `2:cpu,cpuacct:/x`), else v2's "0::/path". On a hybrid host the
 * v1 controller is the one that limits. */
static char *cgroup_path(const char *root, const char *controller, bool *v2)
{
    char *text = read_small(root, "/proc/self/cgroup");
    char *found = NULL, *unified = NULL;
    char *save = NULL;
    for (char *line = text ? strtok_r(text, "\n", &save) : NULL; line && !found;
         line = strtok_r(NULL, "\n", &save)) {
        if (!strncmp(line, "0::", 3)) {
            free(unified);
            unified = xstrdup(line + 3);
            continue;
        }
        char *list = strchr(line, ':'), *path = list ? strchr(list + 1, ':') : NULL;
        if (!path)
            continue;
        *path = '\0';
        char *csave = NULL;
        for (char *c = strtok_r(list + 1, ",", &csave); c; c = strtok_r(NULL, ",", &csave))
            if (!strcmp(c, controller))
                found = xstrdup(path + 1);
    }
    free(text);
    *v2 = !found;
    if (found) {
        free(unified);
        return found;
    }
    return unified;
}

static double read_limit(const char *root, const char *path)
{
    char *text = read_small(root, path);
    if (!text)
        return -1;
    double limit = -1;
    if (strncmp(text, "max", 3) != 0) {
        char *end;
        limit = strtod(text, &end);
        if (end == text || limit <= 0 || limit >= 4.0e18)
            limit = -1; /* v1 reports "no limit" as a huge number */
    }
    free(text);
    return limit;
}

/* The lowest memory limit from this process's cgroup up to the root of the hierarchy. */
static double cgroup_memory_limit(const char *root)
{
    bool v2 = true;
    char *path = cgroup_path(root, "memory", &v2);
    double lowest = -1;
    const char *base = v2 ? "/sys/fs/cgroup" : "/sys/fs/cgroup/memory";
    const char *file = v2 ? "memory.max" : "memory.limit_in_bytes";
    char *dir = xstrdup(path ? path : "/");
    for (int level = 0; level < 64; level++) {
        char *rel = xasprintf("%s%s/%s", base, strcmp(dir, "/") ? dir : "", file);
        double limit = read_limit(root, rel);
        free(rel);
        if (limit > 0 && (lowest < 0 || limit < lowest))
            lowest = limit;
        char *slash = strrchr(dir, '/');
        if (!slash || slash == dir)
            break;
        *slash = '\0';
    }
    if (strcmp(dir, "/")) {
        char *rel = xasprintf("%s/%s", base, file);
        double limit = read_limit(root, rel);
        free(rel);
        if (limit > 0 && (lowest < 0 || limit < lowest))
            lowest = limit;
    }
    free(dir);
    free(path);
    return lowest;
}

static int count_cpus(const char *root)
{
    if (!*root) {
        cpu_set_t set;
        if (sched_getaffinity(0, sizeof(set), &set) == 0)
            return CPU_COUNT(&set);
    }
    char *text = read_small(root, "/proc/cpuinfo");
    int count = 0;
    for (const char *pos = text; pos && (pos = strstr(pos, "processor")); pos += 9)
        if (pos == text || pos[-1] == '\n')
            count++;
    free(text);
    return count > 0 ? count : -1;
}

/* One level's CPU quota in cores: v2 cpu.max "QUOTA PERIOD", v1 cpu.cfs_quota_us over
 * cpu.cfs_period_us; <= 0 when unlimited. */
static double cpu_quota_at(const char *root, const char *dir, bool v2)
{
    double quota = -1, period = -1;
    if (v2) {
        char *rel = xasprintf("/sys/fs/cgroup%s/cpu.max", dir);
        char *text = read_small(root, rel);
        free(rel);
        if (text && strncmp(text, "max", 3) != 0) {
            char *end;
            quota = strtod(text, &end);
            period = strtod(end, NULL);
        }
        free(text);
    } else {
        char *rel = xasprintf("/sys/fs/cgroup/cpu%s/cpu.cfs_quota_us", dir);
        char *text = read_small(root, rel);
        free(rel);
        rel = xasprintf("/sys/fs/cgroup/cpu%s/cpu.cfs_period_us", dir);
        char *ptext = read_small(root, rel);
        free(rel);
        if (text && ptext) {
            quota = strtod(text, NULL); /* -1: no limit */
            period = strtod(ptext, NULL);
        }
        free(text);
        free(ptext);
    }
    return quota > 0 && period > 0 ? quota / period : -1;
}

/* The lowest CPU quota from this process's cgroup up to the root caps the usable cores. */
static int cgroup_cpu_limit(const char *root)
{
    bool v2 = true;
    char *path = cgroup_path(root, "cpu", &v2);
    char *dir = xstrdup(path && strcmp(path, "/") ? path : "");
    double lowest = -1;
    for (int level = 0; level < 64; level++) {
        double cores = cpu_quota_at(root, dir, v2);
        if (cores > 0 && (lowest < 0 || cores < lowest))
            lowest = cores;
        char *slash = strrchr(dir, '/');
        if (!*dir)
            break;
        if (slash)
            *slash = '\0';
        else
            *dir = '\0';
    }
    free(dir);
    free(path);
    return lowest > 0 ? (int)ceil(lowest) : -1;
}

static char *kernel_release(const char *root)
{
    char *text = read_small(root, "/proc/sys/kernel/osrelease");
    if (text) {
        text[strcspn(text, "\n")] = '\0';
        if (valid_kernel(text))
            return text;
        free(text);
    }
    struct utsname uts;
    if (!*root && uname(&uts) == 0 && valid_kernel(uts.release))
        return xstrdup(uts.release);
    return NULL;
}

static int detect_container(const char *root)
{
    if (exists(root, "/.dockerenv") || exists(root, "/run/.containerenv"))
        return 1;
    if (!*root && getenv("container"))
        return 1;
    char *text = read_small(root, "/proc/1/cgroup");
    static const char *const markers[] = {"docker", "kubepods", "containerd", "lxc", "libpod"};
    int found = 0;
    for (size_t marker_idx = 0; text && marker_idx < 5; marker_idx++)
        if (strstr(text, markers[marker_idx]))
            found = 1;
    free(text);
    return found;
}

static bool seccomp_filtered(const char *root)
{
    char *text = read_small(root, "/proc/self/status");
    const char *line = text ? strstr(text, "\nSeccomp:") : NULL;
    bool filtered = line && atoi(line + 9) == 2;
    free(text);
    return filtered;
}

/* io_uring: the sysctl, then (on the real machine) a probe of io_uring_setup itself, which is the
 * only way to see whether a seccomp filter blocks it. */
static int io_uring_allowed(const char *root, StrBuf *notes)
{
    char *text = read_small(root, "/proc/sys/kernel/io_uring_disabled");
    int disabled = text ? atoi(text) : 0;
    free(text);
    if (disabled == 2) {
        sb_put(notes, "; kernel.io_uring_disabled=2");
        return 0;
    }
#ifdef SYS_io_uring_setup
    if (!*root) {
        unsigned char params[120] = {0}; /* struct io_uring_params */
        long fd = syscall(SYS_io_uring_setup, 1, params);
        if (fd >= 0) {
            close((int)fd);
            return 1;
        }
        if (errno == EPERM || errno == ENOSYS) {
            sb_printf(notes, "; io_uring_setup probe failed: %s", strerror(errno));
            return 0;
        }
        return -1;
    }
#endif
    return disabled == 0 && !seccomp_filtered(root) ? 1 : -1;
}

static char *storage_of_device(const char *root, const char *sysdev)
{
    char *link = xasprintf("%s%s", root, sysdev);
    char real[PATH_MAX];
    char *kind = NULL;
    if (realpath(link, real)) {
        const char *name = strrchr(real, '/');
        if (strstr(real, "/nvme"))
            kind = xstrdup("nvme");
        else if (name && (!strncmp(name, "/dm-", 4) || !strncmp(name, "/md", 3) ||
                          !strncmp(name, "/loop", 5)))
            kind = NULL; /* a virtual device hides what is below it */
        else {
            char *rot = xasprintf("%s/queue/rotational", real);
            FILE *fp = fopen(rot, "r");
            if (!fp) { /* a partition: the queue is on the parent disk */
                free(rot);
                rot = xasprintf("%s/../queue/rotational", real);
                fp = fopen(rot, "r");
            }
            int flag = fp ? fgetc(fp) : EOF;
            if (fp)
                fclose(fp);
            free(rot);
            kind = flag == '1' ? xstrdup("hdd") : flag == '0' ? xstrdup("ssd") : NULL;
        }
    }
    free(link);
    return kind;
}

static char *detect_storage(const char *root, const char *data_path)
{
    const char *path = data_path ? data_path : "/";
    struct stat st;
    if (stat(path, &st) != 0)
        return NULL;
    if (!*root && major(st.st_dev) == 0) {
        struct statfs fs;
        if (statfs(path, &fs) == 0 &&
            ((unsigned long)fs.f_type == NFS_MAGIC || (unsigned long)fs.f_type == SMB_MAGIC ||
             (unsigned long)fs.f_type == CIFS_MAGIC))
            return xstrdup("network");
        return NULL; /* overlay, tmpfs, fuse…: the device underneath is not visible */
    }
    char *sysdev = xasprintf("/sys/dev/block/%u:%u", major(st.st_dev), minor(st.st_dev));
    char *kind = storage_of_device(root, sysdev);
    free(sysdev);
    return kind;
}

static void local_memory(HostFacts *out, const char *root, StrBuf *notes)
{
    double ram = meminfo_total(root);
    double limit = cgroup_memory_limit(root);
    out->ram_bytes = ram;
    if (limit > 0 && (ram < 0 || limit < ram)) {
        out->ram_bytes = limit;
        sb_printf(notes, "; cgroup memory limit %.0fMB is the ceiling (RAM %.0fMB)",
                  limit / 1048576.0, ram / 1048576.0);
    }
}

void host_read_local(HostFacts *out, const char *root, const char *data_path)
{
    if (!root)
        root = "";
    host_facts_init_unknown(out);
    StrBuf notes = STRBUF_INIT;
    sb_put(&notes, "local");
    local_memory(out, root, &notes);
    out->cores = count_cpus(root);
    int cpu_limit = cgroup_cpu_limit(root);
    if (cpu_limit > 0 && (out->cores < 0 || cpu_limit < out->cores)) {
        out->cores = cpu_limit;
        sb_printf(&notes, "; cgroup CPU quota allows %d cores", cpu_limit);
    }
    out->kernel = kernel_release(root);
    out->container = detect_container(root);
    out->io_uring_allowed = io_uring_allowed(root, &notes);
    if (seccomp_filtered(root))
        sb_put(&notes, "; seccomp filter active");
    out->storage = detect_storage(root, data_path);
    /* the server checks max_stack_depth against its own RLIMIT_STACK: a shell's ulimit -s is
     * inherited, so this process's limit is the one a server started from here gets */
    struct rlimit stack;
    if (!getrlimit(RLIMIT_STACK, &stack))
        out->stack_bytes = stack.rlim_cur == RLIM_INFINITY ? 0 : (double)stack.rlim_cur;
    out->source = sb_detach(&notes);
}

bool host_from_option(const char *option, const char *data_path, HostFacts *out, PkDiag *diag)
{
    if (!strcmp(option, "local")) {
        host_read_local(out, NULL, data_path);
        return true;
    }
    return host_parse_spec(option, out, diag);
}

char *host_describe(const HostFacts *host)
{
    StrBuf sb = STRBUF_INIT;
    if (host->ram_bytes >= 0)
        sb_printf(&sb, "ram=%.0fMB ", host->ram_bytes / 1048576.0);
    if (host->cores >= 0)
        sb_printf(&sb, "cores=%d ", host->cores);
    if (host->storage)
        sb_printf(&sb, "storage=%s ", host->storage);
    if (host->kernel)
        sb_printf(&sb, "kernel=%s ", host->kernel);
    if (host->container >= 0)
        sb_printf(&sb, "container=%s ", host->container ? "yes" : "no");
    if (host->io_uring_allowed >= 0)
        sb_printf(&sb, "io_uring=%s ", host->io_uring_allowed ? "yes" : "no");
    if (host->disk_bytes >= 0)
        sb_printf(&sb, "disk=%.0fMB ", host->disk_bytes / 1048576.0);
    if (host->wal_disk_bytes >= 0)
        sb_printf(&sb, "wal_disk=%.0fMB ", host->wal_disk_bytes / 1048576.0);
    if (host->stack_bytes >= 1)
        sb_printf(&sb, "stack=%.0fkB ", host->stack_bytes / 1024.0);
    else if (host->stack_bytes >= 0)
        sb_put(&sb, "stack=unlimited ");
    if (!sb.len)
        sb_put(&sb, "no host facts ");
    sb_printf(&sb, "(%s)", host->source ? host->source : "unknown");
    return sb_detach(&sb);
}
