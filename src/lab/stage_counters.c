/* The mechanism counters of a measured stage (lab/mechanism.h) from its median trial's
 * statistics and samples, and the stage each is compared with. */
#include <stdlib.h>
#include <string.h>

#include "lab/runner.h"

/* open_datasync and open_sync make every WAL write synchronous, and the server then counts no
 * sync (pg_stat_wal's wal_sync counts issue_xlog_fsync calls, which return at once for them):
 * each write is the sync. */
static bool wal_writes_sync(const StageResult *stage)
{
    const LabSetting *method = lab_settings_get(&stage->settings, "wal_sync_method");
    return method && !strncmp(method->value, "open_", 5);
}

void lab_stage_counters(const LabRunReport *rep, const StageResult *stage, double out[COUNTER_N])
{
    for (int idx = 0; idx < COUNTER_N; idx++)
        out[idx] = -1;
    if (!stage->ran)
        return;
    const StatCounters *d = &stage->delta;
    double txns = (double)stage->result.completed;
    double seconds = stage->result.measured_s;
    int major = rep->server_version ? atoi(rep->server_version) : 0;
    if (stage->have_delta) {
        if (txns > 0) {
            out[COUNTER_BLKS_READ_PER_TXN] = d->blks_read / txns;
            out[COUNTER_SEQ_TUP_READ_PER_TXN] = d->seq_tup_read / txns;
            /* per transaction: per second it follows the TPS, which the stage itself lowers */
            if (major >= 14)
                out[COUNTER_WAL_BUFFERS_FULL_PER_TXN] = d->wal_buffers_full / txns;
        }
        out[COUNTER_AUTOVACUUM_RUNS] = d->autovacuum_runs;
        /* what a pass costs the storage the clients share: pg_stat_io counts a worker's vacuum
         * and analyze together, so per run of either */
        double runs = d->autovacuum_runs + d->autoanalyze_runs;
        if (major >= 16 && runs > 0) {
            out[COUNTER_AUTOVACUUM_READS_PER_RUN] = d->av_reads / runs;
            out[COUNTER_AUTOVACUUM_WRITES_PER_RUN] = d->av_writes / runs;
        }
        /* track_io_timing (on from the baseline) times each read a client backend waits for:
         * with io_method = worker that includes the wait in the I/O workers' queue */
        if (major >= 16 && d->io_reads > 0)
            out[COUNTER_IO_MS_PER_READ] = d->io_read_ms / d->io_reads;
        if (seconds > 0) {
            out[COUNTER_CHECKPOINTS_PER_S] = (d->checkpoints_timed + d->checkpoints_req) / seconds;
            if (major >= 14)
                out[COUNTER_WAL_SYNCS_PER_S] =
                    (d->wal_syncs + (wal_writes_sync(stage) ? d->wal_writes : 0)) / seconds;
        }
    }
    if (stage->waits.aio_samples > 0)
        out[COUNTER_AIO_QUEUED] = stage->waits.aio_submitted / (double)stage->waits.aio_samples;
}

const StageResult *lab_stage_before(const LabRunReport *rep, const StageResult *stage)
{
    const StageResult *before = NULL;
    for (size_t idx = 0; idx < rep->n && &rep->stages[idx] != stage; idx++)
        if (rep->stages[idx].ran && !strcmp(rep->stages[idx].group, stage->group))
            before = &rep->stages[idx];
    return before;
}
