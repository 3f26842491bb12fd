/* The throughput ceiling of a stage, predicted from measured counters as Sai Srirampur's
 * "Postgres Isn't Slow. Your Storage Is" (POSETTE 2026) does: throughput = min(clients /
 * latency (Little's law), IOPS / reads per transaction, cores / CPU per transaction), with the
 * binding resource named. Pure computation: the counters come from lab/runner.c, the table is
 * rendered by report/lab_report.c. docs/labs.md ("The throughput ceiling"). */
#ifndef PK_LAB_CEILING_H
#define PK_LAB_CEILING_H

#include <stdbool.h>

/* What was measured over one stage's interval (< 0: unknown). */
typedef struct CeilingInput {
    int clients, cores;
    double tps;
    double mean_latency_ms;
    double reads_per_txn;      /* pg_stat_io reads of relations by client backends / transactions */
    double ms_per_read;        /* pg_stat_io read_time / reads */
    double wal_syncs_per_txn;  /* at most 1 */
    double cpu_ms_per_txn;     /* the cluster's CPU and the driver's, per transaction */
    double added_wal_fsync_ms; /* the stage's injected WAL fsync latency */
    double io_wait_share;      /* IO:* share of the wait-event samples (0..1) */
    double lock_wait_share;    /* Lock:* share (row locks: clients queueing for each other) */
} CeilingInput;

/* What the storage stages' latency is predicted from: the baseline run's time per transaction
 * that is neither a storage read nor a wait for another client's row lock, and the share of
 * that lock queueing (with one warehouse every Payment updates the same row, and a queue's
 * share stays the same when every lock holder's time grows by the same factor). */
typedef struct CeilingBase {
    double latency_ms; /* < 0: unknown */
    double lock_share;
} CeilingBase;

typedef enum CeilingBinding {
    CEILING_NONE,        /* not enough counters */
    CEILING_STORAGE,     /* Little's law, with storage waits most of the latency, or IOPS */
    CEILING_CONCURRENCY, /* Little's law, storage a minor part: more clients would help */
    CEILING_CPU,
} CeilingBinding;

typedef struct Ceiling {
    bool have;
    double predicted_latency_ms; /* the base latency + this stage's storage time */
    double storage_ms;           /* reads × time per read + WAL syncs × added latency */
    double little, iops, cpu;    /* the three limits, TPS (< 0: unknown) */
    double predicted;            /* the smallest */
    const char *limit;           /* "clients / latency", "IOPS / reads per transaction", … */
    CeilingBinding binding;
    double error; /* predicted / measured - 1 */
} Ceiling;

/* Requests slowfs serves at once (libfuse's worker threads): each client has at most one read
 * in flight, so the IOPS limit is min(clients, this) / time per read. */
#define CEILING_STORAGE_PARALLELISM 10

/* The baseline's mean latency × (1 - its lock share) minus its reads × their time. */
CeilingBase ceiling_base(const CeilingInput *baseline);
/* The three limits of `stage`, with Little's law on the predicted latency (base.latency_ms +
 * this stage's storage time: reads × time per read + WAL syncs × the added fsync latency) /
 * (1 - base.lock_share). with_iops: a storage stage (the IOPS limit is that of slowfs). */
void ceiling_compute(const CeilingInput *stage, CeilingBase base, bool with_iops, Ceiling *out);
/* "storage", "concurrency (clients)", "CPU", "unknown" */
const char *ceiling_binding_name(CeilingBinding binding);

#endif
