#include "lab/measure.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "common/xalloc.h"

#define SAMPLE_INTERVAL_MS 1000
#define AIO_SUBSAMPLES 5

/* Runs `sql` (one row of n numbers) and stores the numbers in `fields`, in column order. */
static bool doubles_into(DbCtl *ctl, const char *sql, double *const *fields, int n, PkDiag *err)
{
    double row[16];
    if (n > (int)(sizeof(row) / sizeof(row[0])))
        return pk_diag_set(err, NULL, 0, NULL, "%d columns asked, at most 16", n);
    if (!dbctl_doubles(ctl, sql, row, n, err))
        return false;
    for (int idx = 0; idx < n; idx++)
        *fields[idx] = row[idx];
    return true;
}

bool stat_counters_read(DbCtl *ctl, StatCounters *out, PkDiag *diag)
{
    memset(out, 0, sizeof(*out));
    dbctl_exec(ctl, "SELECT pg_stat_clear_snapshot()", NULL);
    PkDiag err = PK_DIAG_INIT;
    double *const db[] = {&out->blks_hit,        &out->blks_read,        &out->xact_commit,
                          &out->xact_rollback,   &out->temp_files,       &out->temp_bytes,
                          &out->autovacuum_runs, &out->autoanalyze_runs, &out->wal_bytes};
    double *const ckpt[] = {&out->checkpoints_timed, &out->checkpoints_req};
    double *const io[] = {&out->io_reads, &out->io_read_ms, &out->av_reads, &out->av_writes};
    double *const seq[] = {&out->seq_scans, &out->seq_tup_read};
    double *const wal[] = {&out->wal_writes, &out->wal_syncs, &out->wal_buffers_full};
    int version = dbctl_server_version(ctl);
    if (!doubles_into(ctl,
                      "SELECT d.blks_hit, d.blks_read, d.xact_commit, d.xact_rollback, "
                      "d.temp_files, d.temp_bytes, "
                      "(SELECT coalesce(sum(autovacuum_count), 0) FROM pg_stat_all_tables), "
                      "(SELECT coalesce(sum(autoanalyze_count), 0) FROM pg_stat_all_tables), "
                      "pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') "
                      "FROM pg_stat_database d WHERE d.datname = current_database()",
                      db, 9, &err) ||
        /* 17 moved the checkpoint counters to pg_stat_checkpointer. */
        !doubles_into(ctl,
                      version >= 170000
                          ? "SELECT num_timed, num_requested FROM pg_stat_checkpointer"
                          : "SELECT checkpoints_timed, checkpoints_req FROM pg_stat_bgwriter",
                      ckpt, 2, &err) ||
        /* 18 counts a combined read as one operation and gives its bytes (op_bytes, always
         * BLCKSZ, went): the autovacuum workers' blocks are bytes / 8192 there */
        (version >= 160000 &&
         !doubles_into(ctl,
                       version >= 180000
                           ? "SELECT coalesce(sum(reads) FILTER (WHERE b = 'client backend'), "
                             "0), coalesce(sum(read_time) FILTER (WHERE b = 'client backend'), "
                             "0), coalesce(sum(read_bytes) FILTER (WHERE b = 'autovacuum "
                             "worker'), 0) / 8192, coalesce(sum(write_bytes) FILTER (WHERE b = "
                             "'autovacuum worker'), 0) / 8192 FROM (SELECT *, backend_type b "
                             "FROM pg_stat_io WHERE object = 'relation') io"
                           : "SELECT coalesce(sum(reads) FILTER (WHERE b = 'client backend'), "
                             "0), coalesce(sum(read_time) FILTER (WHERE b = 'client backend'), "
                             "0), coalesce(sum(reads) FILTER (WHERE b = 'autovacuum worker'), "
                             "0), coalesce(sum(writes) FILTER (WHERE b = 'autovacuum worker'), "
                             "0) FROM (SELECT *, backend_type b FROM pg_stat_io WHERE object = "
                             "'relation') io",
                       io, 4, &err)) ||
        !doubles_into(ctl,
                      "SELECT coalesce(sum(seq_scan), 0), coalesce(sum(seq_tup_read), 0) "
                      "FROM pg_stat_all_tables",
                      seq, 2, &err) ||
        /* 18 moved the WAL's writes and syncs from pg_stat_wal to pg_stat_io */
        (version >= 140000 &&
         !doubles_into(ctl,
                       version >= 180000
                           ? "SELECT coalesce(sum(writes), 0), coalesce(sum(fsyncs), 0), "
                             "(SELECT wal_buffers_full FROM pg_stat_wal) FROM pg_stat_io "
                             "WHERE object = 'wal' AND context = 'normal'"
                           : "SELECT wal_write, wal_sync, wal_buffers_full FROM pg_stat_wal",
                       wal, 3, &err))) {
        pk_diag_set(diag, NULL, 0, NULL, "could not read statistics: %s", err.message);
        pk_diag_free(&err);
        return false;
    }
    return true;
}

void stat_counters_delta(const StatCounters *before, const StatCounters *after, StatCounters *out)
{
    const double *b = (const double *)(const void *)before;
    const double *a = (const double *)(const void *)after;
    double *o = (double *)(void *)out;
    for (size_t field = 0; field < sizeof(StatCounters) / sizeof(double); field++)
        o[field] = a[field] - b[field];
}

double stat_cache_hit_ratio(const StatCounters *delta)
{
    double total = delta->blks_hit + delta->blks_read;
    return total > 0 ? delta->blks_hit / total : -1;
}

static void wait_add(WaitSample *sample, const char *kind, uint64_t n)
{
    sample->backends += n;
    for (int idx = 0; idx < sample->n_kinds; idx++) {
        if (!strcmp(sample->kind[idx], kind)) {
            sample->count[idx] += n;
            return;
        }
    }
    if (sample->n_kinds == WAIT_MAX_KINDS) {
        sample->other += n;
        return;
    }
    snprintf(sample->kind[sample->n_kinds], sizeof(sample->kind[0]), "%s", kind);
    sample->count[sample->n_kinds++] = n;
}

void wait_sample_sort(WaitSample *sample)
{
    for (int i = 1; i < sample->n_kinds; i++) {
        for (int j = i; j > 0 && (sample->count[j] > sample->count[j - 1] ||
                                  (sample->count[j] == sample->count[j - 1] &&
                                   strcmp(sample->kind[j], sample->kind[j - 1]) < 0));
             j--) {
            char kind[64];
            memcpy(kind, sample->kind[j], sizeof(kind));
            memcpy(sample->kind[j], sample->kind[j - 1], sizeof(kind));
            memcpy(sample->kind[j - 1], kind, sizeof(kind));
            uint64_t count = sample->count[j];
            sample->count[j] = sample->count[j - 1];
            sample->count[j - 1] = count;
        }
    }
}

/* pg_aios (18): the asynchronous I/Os in flight, and those submitted and not yet completed
 * (with io_method = worker: in the I/O workers' queue or being read by one): the queue that
 * one I/O worker (stage 05) lengthens. */
static void sample_aio(Sampler *sampler, DbCtl *ctl)
{
    double aio[2];
    if (!dbctl_doubles(ctl,
                       "SELECT count(*), count(*) FILTER (WHERE state = 'SUBMITTED') FROM pg_aios",
                       aio, 2, NULL))
        return;
    pthread_mutex_lock(&sampler->lock);
    sampler->waits.aio_samples++;
    sampler->waits.aio_in_flight += aio[0];
    sampler->waits.aio_submitted += aio[1];
    if ((uint64_t)aio[1] > sampler->waits.aio_max)
        sampler->waits.aio_max = (uint64_t)aio[1];
    pthread_mutex_unlock(&sampler->lock);
}

/* One round: the wait events of active client backends of this database, and the commits. */
static void sample_round(Sampler *sampler, DbCtl *ctl, double elapsed_s)
{
    DbCtlRows rows;
    bool have_rows =
        dbctl_rows(ctl,
                   "SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU'), count(*) "
                   "FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' "
                   "AND backend_type = 'client backend' AND pid <> pg_backend_pid() GROUP BY 1",
                   &rows, NULL);
    double tx[2];
    bool have_tx = dbctl_doubles(ctl,
                                 "SELECT pg_stat_clear_snapshot(), "
                                 "(SELECT xact_commit + xact_rollback FROM pg_stat_database "
                                 "WHERE datname = current_database())",
                                 tx, 2, NULL);
    pthread_mutex_lock(&sampler->lock);
    if (have_rows) {
        sampler->waits.samples++;
        for (int row = 0; row < rows.n_rows; row++)
            wait_add(&sampler->waits, dbctl_cell(&rows, row, 0),
                     strtoull(dbctl_cell(&rows, row, 1), NULL, 10));
    }
    if (have_tx) {
        double commits = tx[1];
        if (sampler->last_commits > 0 && elapsed_s > 0) {
            sampler->current_tps = (commits - sampler->last_commits) / elapsed_s;
            sampler->have_tps = true;
        }
        sampler->last_commits = commits;
    }
    pthread_mutex_unlock(&sampler->lock);
    if (have_rows)
        arena_free(rows.arena);
}

static void *sampler_main(void *arg)
{
    Sampler *sampler = arg;
    DbCtl *ctl = dbctl_connect(sampler->conninfo, NULL);
    sampler->aios = ctl && dbctl_server_version(ctl) >= 180000;
    double last = pk_clock_now();
    while (!sampler->stop && ctl) {
        /* a queue changes faster than once a second: pg_aios is read AIO_SUBSAMPLES times a
         * round (the last with the round) */
        int subs = sampler->aios ? AIO_SUBSAMPLES : 1;
        for (int sub = 1; sub <= subs && !sampler->stop; sub++) {
            pk_clock_sleep_until(last + sampler->interval_ms / 1000.0 * sub / subs, &sampler->stop);
            if (!sampler->stop && sampler->aios)
                sample_aio(sampler, ctl);
        }
        if (sampler->stop)
            break;
        double now = pk_clock_now();
        sample_round(sampler, ctl, now - last);
        last = now;
        if (!dbctl_alive(ctl)) {
            /* the server restarted or went away: try once a round */
            dbctl_close(ctl);
            ctl = dbctl_connect(sampler->conninfo, NULL);
            sampler->aios = ctl && dbctl_server_version(ctl) >= 180000;
        }
    }
    dbctl_close(ctl);
    return NULL;
}

bool sampler_start(Sampler *sampler, const char *conninfo, int interval_ms, PkDiag *diag)
{
    memset(sampler, 0, sizeof(*sampler));
    sampler->interval_ms = interval_ms > 0 ? interval_ms : SAMPLE_INTERVAL_MS;
    sampler->conninfo = xstrdup(conninfo);
    pthread_mutex_init(&sampler->lock, NULL);
    if (pthread_create(&sampler->thread, NULL, sampler_main, sampler) != 0) {
        return pk_diag_set(diag, NULL, 0, NULL, "could not start the statistics sampler thread");
    }
    sampler->started = true;
    return true;
}

double sampler_current_tps(Sampler *sampler)
{
    pthread_mutex_lock(&sampler->lock);
    double tps = sampler->have_tps ? sampler->current_tps : -1;
    pthread_mutex_unlock(&sampler->lock);
    return tps;
}

void sampler_reset_waits(Sampler *sampler)
{
    pthread_mutex_lock(&sampler->lock);
    memset(&sampler->waits, 0, sizeof(sampler->waits));
    pthread_mutex_unlock(&sampler->lock);
}

void sampler_stop(Sampler *sampler, WaitSample *out)
{
    if (sampler->started) {
        sampler->stop = 1;
        pthread_join(sampler->thread, NULL);
    }
    if (out) {
        *out = sampler->waits;
        wait_sample_sort(out);
    }
    pthread_mutex_destroy(&sampler->lock);
    free(sampler->conninfo);
    sampler->conninfo = NULL;
    sampler->started = false;
}
