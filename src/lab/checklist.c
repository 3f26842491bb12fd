/* The storage checklist of a measured stage (Sai Srirampur, "Postgres Isn't Slow. Your Storage
 * Is", POSETTE 2026): per transaction reads and time per read from pg_stat_io, WAL syncs from
 * the WAL mount, CPU from the cluster's processes and the driver, the wait shares; and from
 * those the stage's throughput ceiling (lab/ceiling.c). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lab/runner.h"

static double wait_share(const WaitSample *waits, const char *prefix, bool whole)
{
    if (!waits->backends)
        return -1;
    uint64_t count = 0;
    for (int idx = 0; idx < waits->n_kinds; idx++)
        /* case-blind: 17 renamed IO:WALSync to IO:WalSync */
        if (whole ? !strcasecmp(waits->kind[idx], prefix)
                  : !strncmp(waits->kind[idx], prefix, strlen(prefix)))
            count += waits->count[idx];
    return (double)count / (double)waits->backends;
}

void lab_stage_rates(const LabRunReport *rep, const StageResult *stage, StageRates *out)
{
    out->reads_per_txn = out->ms_per_read = out->wal_syncs_per_txn = out->cpu_ms_per_txn = -1;
    out->cluster_cpu_share = -1;
    out->io_wait_share = wait_share(&stage->waits, "IO:", false);
    out->data_file_read_share = wait_share(&stage->waits, "IO:DataFileRead", true);
    out->wal_sync_share = wait_share(&stage->waits, "IO:WalSync", true);
    out->lock_wait_share = wait_share(&stage->waits, "Lock:", false);
    double txns = (double)stage->result.completed;
    if (!stage->ran || txns <= 0)
        return;
    int major = rep->server_version ? atoi(rep->server_version) : 0;
    if (stage->have_delta && major >= 16) {
        out->reads_per_txn = stage->delta.io_reads / txns;
        if (stage->delta.io_reads > 0)
            out->ms_per_read = stage->delta.io_read_ms / stage->delta.io_reads;
    }
    const StageResources *res = &stage->resources;
    if (res->have && res->wal_syncs >= 0) {
        out->wal_syncs_per_txn = res->wal_syncs / txns;
        /* a sync serves a group of commits: more than one per transaction is background work */
        if (out->wal_syncs_per_txn > 1)
            out->wal_syncs_per_txn = 1;
    }
    if (res->have && res->server_cpu_s >= 0) {
        double cpu = res->server_cpu_s + stage->result.client_cpu_s;
        out->cpu_ms_per_txn = 1000 * cpu / txns;
        if (stage->result.measured_s > 0 && rep->machine_cores > 0)
            out->cluster_cpu_share = cpu / (stage->result.measured_s * rep->machine_cores);
    }
}

static void ceiling_input(const LabRunReport *rep, const StageResult *stage, CeilingInput *in)
{
    StageRates rates;
    lab_stage_rates(rep, stage, &rates);
    memset(in, 0, sizeof(*in));
    in->clients = stage->params.clients;
    in->cores = rep->machine_cores;
    in->tps = stage->result.tps;
    in->mean_latency_ms = stage->result.mean_ms;
    in->reads_per_txn = rates.reads_per_txn;
    in->ms_per_read = rates.ms_per_read;
    in->wal_syncs_per_txn = rates.wal_syncs_per_txn;
    in->cpu_ms_per_txn = rates.cpu_ms_per_txn;
    in->added_wal_fsync_ms = stage->storage.on ? stage->storage.wal_fsync_s * 1000 : 0;
    in->io_wait_share = rates.io_wait_share;
    in->lock_wait_share = rates.lock_wait_share;
}

void lab_ceilings(LabRunReport *rep)
{
    for (size_t idx = 0; idx < rep->n; idx++) {
        StageResult *stage = &rep->stages[idx];
        memset(&stage->ceiling, 0, sizeof(stage->ceiling));
        if (!stage->ran || stage->result.completed == 0)
            continue;
        /* A storage stage's latency is predicted from its lab's baseline run (no latency
         * added) and its own storage time; any other stage's is its own (a consistency
         * check of Little's law, not a prediction). */
        const StageResult *base = stage;
        if (stage->storage.on && !lab_is_baseline(stage) && lab_baseline_of(rep, stage))
            base = lab_baseline_of(rep, stage);
        CeilingInput in, base_in;
        ceiling_input(rep, stage, &in);
        ceiling_input(rep, base, &base_in);
        /* before PostgreSQL 16 there is no pg_stat_io: a storage run's read time is unknown,
         * and a latency predicted without it would only mislead */
        if (stage->storage.on && (in.reads_per_txn < 0 || base_in.reads_per_txn < 0))
            continue;
        /* outside the storage lab the stage is its own base: nothing is added */
        if (!stage->storage.on)
            in.added_wal_fsync_ms = 0;
        ceiling_compute(&in, ceiling_base(&base_in), stage->storage.on, &stage->ceiling);
    }
}
