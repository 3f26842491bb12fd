#include "lab/ceiling.h"

#include <string.h>

#define MAX_LOCK_SHARE 0.9

CeilingBase ceiling_base(const CeilingInput *baseline)
{
    CeilingBase base = {-1, 0};
    if (baseline->mean_latency_ms <= 0)
        return base;
    double reads = baseline->reads_per_txn >= 0 && baseline->ms_per_read >= 0
                       ? baseline->reads_per_txn * baseline->ms_per_read
                       : 0;
    base.lock_share = baseline->lock_wait_share > 0 ? baseline->lock_wait_share : 0;
    if (base.lock_share > MAX_LOCK_SHARE)
        base.lock_share = MAX_LOCK_SHARE;
    base.latency_ms = baseline->mean_latency_ms * (1 - base.lock_share) - reads;
    return base;
}

void ceiling_compute(const CeilingInput *stage, CeilingBase base, bool with_iops, Ceiling *out)
{
    memset(out, 0, sizeof(*out));
    out->little = out->iops = out->cpu = out->predicted = out->predicted_latency_ms = -1;
    out->limit = "";
    bool have_reads = stage->reads_per_txn >= 0 && stage->ms_per_read >= 0;
    double syncs = stage->wal_syncs_per_txn >= 0 ? stage->wal_syncs_per_txn : 0;
    double added = stage->added_wal_fsync_ms > 0 ? stage->added_wal_fsync_ms : 0;
    out->storage_ms = (have_reads ? stage->reads_per_txn * stage->ms_per_read : 0) + syncs * added;
    if (base.latency_ms > 0 && stage->clients > 0) {
        out->predicted_latency_ms = (base.latency_ms + out->storage_ms) / (1 - base.lock_share);
        out->little = stage->clients * 1000.0 / out->predicted_latency_ms;
    }
    if (with_iops && have_reads && stage->ms_per_read > 0 && stage->reads_per_txn > 0) {
        int parallel = stage->clients < CEILING_STORAGE_PARALLELISM ? stage->clients
                                                                    : CEILING_STORAGE_PARALLELISM;
        out->iops = parallel * 1000.0 / stage->ms_per_read / stage->reads_per_txn;
    }
    if (stage->cpu_ms_per_txn > 0 && stage->cores > 0)
        out->cpu = stage->cores * 1000.0 / stage->cpu_ms_per_txn;
    const double limits[] = {out->little, out->iops, out->cpu};
    static const char *const names[] = {"clients / latency", "IOPS / reads per transaction",
                                        "cores / CPU per transaction"};
    int pick = -1;
    for (int idx = 0; idx < 3; idx++)
        if (limits[idx] > 0 && (pick < 0 || limits[idx] < limits[pick]))
            pick = idx;
    if (pick < 0)
        return;
    out->have = true;
    out->predicted = limits[pick];
    out->limit = names[pick];
    if (pick == 2)
        out->binding = CEILING_CPU;
    else if (pick == 1)
        out->binding = CEILING_STORAGE;
    else
        /* Little's law binds: the clients wait; storage is the resource when its waits are
         * most of what the active backends were seen doing (the checklist's wait samples) */
        out->binding = stage->io_wait_share > 0.5 ? CEILING_STORAGE : CEILING_CONCURRENCY;
    out->error = stage->tps > 0 ? out->predicted / stage->tps - 1 : 0;
}

const char *ceiling_binding_name(CeilingBinding binding)
{
    switch (binding) {
    case CEILING_STORAGE: return "storage";
    case CEILING_CONCURRENCY: return "concurrency (clients)";
    case CEILING_CPU: return "CPU";
    default: return "unknown";
    }
}
