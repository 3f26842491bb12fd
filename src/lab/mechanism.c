#include "lab/mechanism.h"

#include <string.h>

static const struct {
    const char *key, *label;
} COUNTERS[COUNTER_N] = {
    [COUNTER_BLKS_READ_PER_TXN] = {"blks_read_per_txn", "blocks read per transaction"},
    [COUNTER_AUTOVACUUM_RUNS] = {"autovacuum_runs", "autovacuum runs"},
    [COUNTER_CHECKPOINTS_PER_S] = {"checkpoints_per_s", "checkpoints per second"},
    [COUNTER_WAL_SYNCS_PER_S] = {"wal_syncs_per_s", "WAL syncs per second"},
    [COUNTER_WAL_BUFFERS_FULL_PER_TXN] = {"wal_buffers_full_per_txn",
                                          "times a backend found the WAL buffers full per "
                                          "transaction"},
    [COUNTER_SEQ_TUP_READ_PER_TXN] = {"seq_tup_read_per_txn",
                                      "rows read by sequential scans per transaction"},
    [COUNTER_IO_MS_PER_READ] = {"io_ms_per_read",
                                "ms a client backend waits per read (pg_stat_io)"},
    [COUNTER_AUTOVACUUM_READS_PER_RUN] = {"autovacuum_reads_per_run",
                                          "blocks autovacuum workers read per run (pg_stat_io)"},
    [COUNTER_AUTOVACUUM_WRITES_PER_RUN] = {"autovacuum_writes_per_run",
                                           "blocks autovacuum workers wrote per run (pg_stat_io)"},
    [COUNTER_AIO_QUEUED] = {"aio_queued", "I/Os queued for or read by an I/O worker (pg_aios)"},
};

const char *lab_counter_key(LabCounter counter)
{
    return counter < COUNTER_N ? COUNTERS[counter].key : "";
}

const char *lab_counter_label(LabCounter counter)
{
    return counter < COUNTER_N ? COUNTERS[counter].label : "";
}

bool lab_counter_parse(const char *name, LabCounter *out)
{
    for (int idx = 0; idx < COUNTER_N; idx++)
        if (!strcmp(name, COUNTERS[idx].key)) {
            *out = (LabCounter)idx;
            return true;
        }
    return false;
}

bool lab_counter_set_parse(const char *value, LabCounterSet *out, char *scratch, const char **bad)
{
    strcpy(scratch, value);
    *out = 0;
    for (char *save = NULL, *tok = strtok_r(scratch, ", \t", &save); tok;
         tok = strtok_r(NULL, ", \t", &save)) {
        LabCounter counter;
        if (!lab_counter_parse(tok, &counter)) {
            *bad = tok;
            return false;
        }
        *out |= LAB_COUNTER_BIT(counter);
    }
    return true;
}
