/* What the server says happened during a measured interval: counters from the statistics views
 * read before and after (cache hits, checkpoints, autovacuum runs, WAL and temp bytes), and a
 * sampler thread that, once a second, records the wait events of the active client backends and
 * the committed transactions (for the live progress line); the storage lab samples every 0.2 s,
 * as Sai Srirampur's checklist ("Postgres Isn't Slow. Your Storage Is", POSETTE 2026) does. */
#ifndef PK_LAB_MEASURE_H
#define PK_LAB_MEASURE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "common/diag.h"
#include "common/signals.h"
#include "db/ctl.h"

typedef struct StatCounters {
    double blks_hit, blks_read;
    double xact_commit, xact_rollback;
    double temp_files, temp_bytes;
    double checkpoints_timed, checkpoints_req;
    double autovacuum_runs, autoanalyze_runs;
    double wal_bytes; /* pg_current_wal_lsn() as a byte position */
    /* pg_stat_io (PostgreSQL 16+; 0 before): reads of relations by client backends and their
     * time in ms (track_io_timing) */
    double io_reads, io_read_ms;
    /* pg_stat_io (16+; 0 before): the relation blocks autovacuum workers read and wrote, vacuum
     * and analyze alike (the vacuum storm's cost that can reach the clients) */
    double av_reads, av_writes;
    /* The series' mechanism counters (lab/mechanism.h): the server's WAL writes and syncs
     * (PostgreSQL 14-17 pg_stat_wal, 18 pg_stat_io's object 'wal'; 0 before 14), and the
     * sequential scans and the rows they read (pg_stat_all_tables); the times a backend found
     * the WAL buffers full and wrote WAL itself to make room (pg_stat_wal, 14+). */
    double wal_writes, wal_syncs, wal_buffers_full;
    double seq_scans, seq_tup_read;
} StatCounters;

/* Reads the counters for the connection's database. false with *diag. */
bool stat_counters_read(DbCtl *ctl, StatCounters *out, PkDiag *diag);
/* after - before, field by field. */
void stat_counters_delta(const StatCounters *before, const StatCounters *after, StatCounters *out);
/* blks_hit / (blks_hit + blks_read), or -1 when nothing was read. */
double stat_cache_hit_ratio(const StatCounters *delta);

#define WAIT_MAX_KINDS 24

typedef struct WaitSample {
    int n_kinds;
    char kind[WAIT_MAX_KINDS][64]; /* "IO:DataFileRead", "CPU" (no wait event), … */
    uint64_t count[WAIT_MAX_KINDS];
    uint64_t other;
    uint64_t samples;  /* sampling rounds */
    uint64_t backends; /* backend observations in total */
    /* pg_aios (PostgreSQL 18), read 5 times a round: asynchronous I/Os in flight and those
     * submitted and not yet completed (state SUBMITTED: queued for an I/O worker or being read
     * by one), summed over the samples; the most submitted at once */
    uint64_t aio_samples;
    double aio_in_flight, aio_submitted;
    uint64_t aio_max;
} WaitSample;

/* Sorted by count, highest first, for reports. */
void wait_sample_sort(WaitSample *sample);

/* The sampler: its own connection and thread. */
typedef struct Sampler {
    char *conninfo;
    pthread_t thread;
    bool started;
    PkStopFlag stop;
    pthread_mutex_t lock;
    WaitSample waits;    /* under lock */
    double last_commits; /* xact_commit + rollback at the previous round, under lock */
    double current_tps;  /* commits per second over the last round, under lock */
    bool have_tps;
    int interval_ms;
    bool aios; /* the server has pg_aios (18): sampled each round (the thread's own) */
} Sampler;

/* Starts sampling every interval_ms (0: once a second; failure to connect leaves an empty
 * sample and says so). */
bool sampler_start(Sampler *sampler, const char *conninfo, int interval_ms, PkDiag *diag);
/* Commits per second as the server counted them over the last second; < 0 when unknown. */
double sampler_current_tps(Sampler *sampler);
/* Zeroes the wait-event sample: called when the warm-up ends. */
void sampler_reset_waits(Sampler *sampler);
void sampler_stop(Sampler *sampler, WaitSample *out);

#endif
