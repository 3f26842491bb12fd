/* The counter that proves each slow stage's mechanism, read from the server during the stage:
 * blocks read per transaction (tiny cache), autovacuum runs (vacuum storm), checkpoints and WAL
 * syncs per second (WAL torture), rows read by sequential scans per transaction (no indexes),
 * the wait per read (one I/O worker: pg_stat_io, with pg_aios's queue beside it). A lab names its
 * counters in lab.ini
 * (`mechanism = …`); the report shows them beside the stage's slowdown, with how they moved
 * against the stage before, and the throughput ceiling's prediction beside the measured TPS.
 * docs/labs.md ("The mechanism counters"). */
#ifndef PK_LAB_MECHANISM_H
#define PK_LAB_MECHANISM_H

#include <stdbool.h>

typedef enum LabCounter {
    COUNTER_BLKS_READ_PER_TXN,         /* pg_stat_database blks_read / transactions */
    COUNTER_AUTOVACUUM_RUNS,           /* pg_stat_all_tables autovacuum_count */
    COUNTER_CHECKPOINTS_PER_S,         /* pg_stat_checkpointer (17+) or pg_stat_bgwriter */
    COUNTER_WAL_SYNCS_PER_S,           /* pg_stat_wal (14-17), pg_stat_io 'wal' (18) */
    COUNTER_WAL_BUFFERS_FULL_PER_TXN,  /* pg_stat_wal wal_buffers_full / transactions (14+) */
    COUNTER_SEQ_TUP_READ_PER_TXN,      /* pg_stat_all_tables seq_tup_read / transactions */
    COUNTER_AIO_QUEUED,                /* pg_aios rows SUBMITTED, the mean of the samples (18) */
    COUNTER_IO_MS_PER_READ,            /* pg_stat_io read_time / reads of client backends (16+) */
    COUNTER_AUTOVACUUM_READS_PER_RUN,  /* pg_stat_io autovacuum workers' reads / runs (16+) */
    COUNTER_AUTOVACUUM_WRITES_PER_RUN, /* … their writes / runs (16+) */
    COUNTER_N
} LabCounter;

/* A bit per LabCounter: what a lab's `mechanism` key names. */
typedef unsigned LabCounterSet;
#define LAB_COUNTER_BIT(c) (1u << (unsigned)(c))

/* "blks_read_per_txn", … (the JSON key and the lab.ini name) */
const char *lab_counter_key(LabCounter counter);
/* "blocks read per transaction", … */
const char *lab_counter_label(LabCounter counter);
/* Which counter `name` is; false when none. */
bool lab_counter_parse(const char *name, LabCounter *out);
/* A lab.ini value, "a, b": the set, or false with the unknown name in *bad (borrowed from
 * the value's copy in `scratch`, which must be as long as the value). */
bool lab_counter_set_parse(const char *value, LabCounterSet *out, char *scratch, const char **bad);

#endif
