/* Host facts for rules: parsed from `--host ram=16GB,cores=8,storage=nvme,kernel=6.8,
 * container=no,io_uring=yes` or read from the local machine (`--host local`): /proc/meminfo, CPU
 * affinity, cgroup v2/v1 memory and CPU limits, /sys/block, uname, container markers, seccomp and
 * /proc/sys/kernel/io_uring_disabled. Unknown facts stay unknown; rules needing them are skipped.
 */
#ifndef PK_HOST_H
#define PK_HOST_H

#include <stdbool.h>

#include "common/diag.h"
#include "model/snapshot.h"

/* Parses a spec of comma-separated key=value pairs (ram, cores, storage, kernel, container,
 * io_uring). Fills every field (unknown where not given). False with `diag` set. */
bool host_parse_spec(const char *spec, HostFacts *out, PkDiag *diag);
/* The hint of an error about a --host option. */
#define HOST_SPEC_HINT                                                                             \
    "Write --host local, or key=value pairs such as "                                              \
    "ram=16GB,cores=8,storage=nvme,kernel=6.8,container=no."

/* The memory (bytes) and vCPUs of an AWS RDS/Aurora instance class ("db.r6g.large",
 * "db.t4g.micro"), from AWS's published instance-class tables (host/instance.c); false when the
 * family or size is not one pgknob knows. `--host instance_class=…` sets ram and cores from it. */
bool host_instance_class(const char *name, double *memory, int *vcpus);

/* Reads the facts of this machine. `root` prefixes every /proc and /sys path (NULL or "" for the
 * real ones; tests point it at a prepared tree); `data_path` selects the block device whose
 * storage type is reported (NULL: the root filesystem). Never fails: what cannot be read stays
 * unknown. */
void host_read_local(HostFacts *out, const char *root, const char *data_path);

/* `--host` option: "local" or a spec. */
bool host_from_option(const char *option, const char *data_path, HostFacts *out, PkDiag *diag);

/* One line for reports: "ram=16GB cores=4 storage=nvme kernel=6.8 (local; cgroup limit …)". */
char *host_describe(const HostFacts *host);

/* Frees the strings of `host` and marks everything unknown. */
void host_facts_clear(HostFacts *host);

#endif
