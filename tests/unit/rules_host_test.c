/* Host facts: the --host spec parser, and --host local against a prepared /proc + /sys tree
 * (cgroup v2 and v1 limits, cpu.max, io_uring_disabled, container markers, block devices) and
 * against this machine itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "harness.h"
#include "host/host.h"

static void test_spec(void)
{
    HostFacts host;
    PkDiag msg = PK_DIAG_INIT;
    CHECK(host_parse_spec("ram=16GB,cores=8,storage=nvme,kernel=6.8,container=yes,io_uring=no",
                          &host, &msg));
    CHECK(pk_near(host.ram_bytes, 16.0 * 1024 * 1024 * 1024));
    CHECK(host.cores == 8);
    CHECK_STR(host.storage, "nvme");
    CHECK_STR(host.kernel, "6.8");
    CHECK(host.container == 1 && host.io_uring_allowed == 0);
    host_facts_clear(&host);
    CHECK(host_parse_spec("ram=512MB", &host, &msg));
    CHECK(pk_near(host.ram_bytes, 512.0 * 1024 * 1024) && host.cores == -1 && !host.storage &&
          host.container == -1);
    host_facts_clear(&host);
    static const char *const bad[] = {"ram=lots",        "cores=0",    "storage=tape", "kernel=six",
                                      "container=maybe", "colour=red", "ram",          "=1"};
    for (size_t idx = 0; idx < sizeof(bad) / sizeof(bad[0]); idx++) {
        bool ok = host_parse_spec(bad[idx], &host, &msg);
        CHECK(!ok && msg.message != NULL);
        pk_diag_free(&msg);
    }
    CHECK(!host_parse_spec("colour=red", &host, &msg) &&
          strstr(msg.message, "unknown host fact \"colour\""));
    pk_diag_free(&msg);
    /* the volumes: the data directory's and pg_wal's own; unknown unless given */
    CHECK(host_parse_spec("disk=100GB,wal_disk=20GB", &host, &msg));
    CHECK(pk_near(host.disk_bytes, 100.0 * 1024 * 1024 * 1024) &&
          pk_near(host.wal_disk_bytes, 20.0 * 1024 * 1024 * 1024) && host.ram_bytes < 0);
    host_facts_clear(&host);
    CHECK(host_parse_spec("ram=1GB", &host, &msg) && host.disk_bytes < 0 &&
          host.wal_disk_bytes < 0);
    host_facts_clear(&host);
    CHECK(!host_parse_spec("disk=10kB", &host, &msg) && strstr(msg.message, "not a volume"));
    pk_diag_free(&msg);
    CHECK(!host_parse_spec("disk=1GB,disk=2GB", &host, &msg) && strstr(msg.message, "twice"));
    pk_diag_free(&msg);
}

static void put(const char *root, const char *path, const char *text)
{
    char full[4096];
    snprintf(full, sizeof(full), "%s%s", root, path);
    for (char *slash = strchr(full + strlen(root) + 1, '/'); slash;
         slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        mkdir(full, 0755);
        *slash = '/';
    }
    FILE *fp = fopen(full, "w");
    if (fp) {
        fputs(text, fp);
        fclose(fp);
    }
}

static void test_local_tree(void)
{
    char root[] = "/tmp/pgknob-host-XXXXXX";
    CHECK(mkdtemp(root) != NULL);
    put(root, "/proc/meminfo", "MemTotal:       16318412 kB\nMemFree:  100 kB\n");
    put(root, "/proc/self/cgroup", "0::/system.slice/pg.service\n");
    put(root, "/sys/fs/cgroup/system.slice/pg.service/memory.max", "4294967296\n");
    put(root, "/sys/fs/cgroup/system.slice/memory.max", "max\n");
    put(root, "/sys/fs/cgroup/cpu.max", "200000 100000\n");
    put(root, "/proc/cpuinfo", "processor\t: 0\nprocessor\t: 1\nprocessor\t: 2\nprocessor\t: 3\n");
    put(root, "/proc/sys/kernel/osrelease", "6.8.0-31-generic\n");
    put(root, "/proc/sys/kernel/io_uring_disabled", "2\n");
    put(root, "/.dockerenv", "");
    /* the block device of the data directory: an NVMe namespace */
    struct stat st;
    CHECK(stat(root, &st) == 0);
    char dev[256], target[300], link[512];
    snprintf(dev, sizeof(dev), "/sys/devices/pci0000:00/nvme/nvme0n1");
    put(root, "/sys/devices/pci0000:00/nvme/nvme0n1/queue/rotational", "0\n");
    snprintf(target, sizeof(target), "%s%s", root, dev);
    put(root, "/sys/dev/block/.keep", "");
    snprintf(link, sizeof(link), "%s/sys/dev/block/%u:%u", root, major(st.st_dev),
             minor(st.st_dev));
    CHECK(symlink(target, link) == 0);
    HostFacts host;
    host_read_local(&host, root, root);
    CHECK(pk_near(host.ram_bytes, 4294967296.0)); /* the cgroup limit, not the 16GB of RAM */
    CHECK(host.cores == 2);                       /* cpu.max 2 cores of 4 */
    CHECK_STR(host.kernel, "6.8.0-31-generic");
    CHECK(host.container == 1);
    CHECK(host.io_uring_allowed == 0);
    CHECK_STR(host.storage, "nvme");
    CHECK(host.source && strstr(host.source, "cgroup memory limit 4096MB"));
    char *text = host_describe(&host);
    CHECK(strstr(text, "ram=4096MB cores=2 storage=nvme") != NULL);
    free(text);
    host_facts_clear(&host);
    /* cgroup v1, a spinning disk, no container, io_uring allowed by the sysctl */
    put(root, "/proc/self/cgroup", "12:memory:/docker/abc\n3:cpu:/\n");
    put(root, "/sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes", "9223372036854771712\n");
    put(root, "/sys/fs/cgroup/memory/memory.limit_in_bytes", "2147483648\n");
    put(root, "/sys/fs/cgroup/cpu.max", "max 100000\n");
    put(root, "/proc/sys/kernel/io_uring_disabled", "0\n");
    put(root, "/proc/self/status", "Name:\tx\nSeccomp:\t0\n");
    put(root, "/sys/devices/pci0000:00/nvme/nvme0n1/queue/rotational", "1\n");
    unlink(link);
    snprintf(dev, sizeof(dev), "%s/sys/devices/sda", root);
    put(root, "/sys/devices/sda/queue/rotational", "1\n");
    CHECK(symlink(dev, link) == 0);
    char marker[512];
    snprintf(marker, sizeof(marker), "%s/.dockerenv", root);
    unlink(marker);
    host_read_local(&host, root, root);
    CHECK(pk_near(host.ram_bytes, 2147483648.0));
    CHECK(host.cores == 4);
    CHECK(host.container == 0);
    CHECK(host.io_uring_allowed == 1);
    CHECK_STR(host.storage, "hdd");
    host_facts_clear(&host);
    char cmd[600];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
    CHECK(system(cmd) == 0);
}

/* This machine: RAM is MemTotal or a lower cgroup limit; cores and kernel are known. */
static void test_local_machine(void)
{
    HostFacts host;
    host_read_local(&host, NULL, NULL);
    FILE *fp = fopen("/proc/meminfo", "r");
    double total_kb = 0;
    if (fp) {
        CHECK(fscanf(fp, "MemTotal: %lf kB", &total_kb) == 1);
        fclose(fp);
    }
    CHECK(host.ram_bytes > 0 && host.ram_bytes <= total_kb * 1024);
    CHECK(host.cores >= 1 && host.cores <= sysconf(_SC_NPROCESSORS_ONLN));
    CHECK(host.kernel != NULL);
    CHECK(host.container == 0 || host.container == 1);
    CHECK(host.source && !strncmp(host.source, "local", 5));
    host_facts_clear(&host);
    PkDiag msg = PK_DIAG_INIT;
    CHECK(host_from_option("local", NULL, &host, &msg) && host.cores >= 1);
    host_facts_clear(&host);
    CHECK(host_from_option("cores=2", NULL, &host, &msg) && host.cores == 2);
    host_facts_clear(&host);
    CHECK(!pk_diag_is_set(&msg));
}

int main(void)
{
    test_spec();
    test_local_tree();
    test_local_machine();
    PK_TEST_DONE();
}
