/* Lab manifests: labs/<ID>/lab.ini (read with libinih) plus the settings fragments it names.
 * A lab is either a stage of the cumulative "slow series" or a standalone lab whose runs are each
 * compared with the series' baseline. Everything here is data; nothing touches a server. */
#ifndef PK_LAB_MANIFEST_H
#define PK_LAB_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>

#include "lab/fragment.h"
#include "lab/mechanism.h"

typedef enum LabKind {
    LAB_STAGE,      /* part of the cumulative series, ordered by `order` */
    LAB_STANDALONE, /* single-knob lab: its runs are compared with the baseline */
} LabKind;

typedef enum WorkloadType {
    WORKLOAD_TPCC,    /* the TPC-C-derived mix of src/tpcc */
    WORKLOAD_QUERY,   /* one SQL statement run in a loop by every client */
    WORKLOAD_PGBENCH, /* the user's pgbench scripts (--workload pgbench:…, lab/pgbench) */
} WorkloadType;

/* Workload parameters; 0 / NULL means "not given here". Durations in seconds. */
typedef struct LabWorkload {
    WorkloadType type;
    int warehouses, clients;
    double duration_s, warmup_s;
    int quick_warehouses, quick_clients;
    double quick_duration_s, quick_warmup_s;
    char *sql; /* WORKLOAD_QUERY */
} LabWorkload;

/* The article's number for comparison, and where it comes from. */
typedef struct LabReference {
    double tps;   /* < 0 when the article gives none */
    char *label;  /* "1c: shared_buffers = 2MB" */
    char *source; /* the cited source: "byteofdev, \"Making Postgres …\" (2025), URL: …" */
} LabReference;

/* The storage lab ([storage] in lab.ini, or a run's own keys): the throwaway cluster's data
 * directory and WAL on pgknob-slowfs, with these latencies added (seconds; < 0: not given). */
typedef struct LabStorage {
    bool on;
    double read_s, fsync_s; /* the data directory's reads and fsyncs */
    double wal_fsync_s;     /* the WAL's fsyncs (and O_DSYNC writes) */
    /* the volume both mounts share (pgknob-slowfs --volume): operations and MiB per second,
     * 0: no budget (docs/storage.md, "A cloud volume's budget") */
    double iops, bandwidth_mib;
} LabStorage;

/* A standalone lab's run: its own fragment on top of the lab's common one. */
typedef struct LabRun {
    char *name;
    char *title;
    LabSettings settings;
    LabStorage storage; /* latencies of this run; `on` when the run gives any */
} LabRun;

/* Everything a lab points to (its strings, runs, settings) lives in `arena`. */
typedef struct Lab {
    Arena *arena;
    char *id; /* the directory name: "03-wal-torture" */
    char *dir;
    char *title;
    char *story; /* one paragraph: why this hurts */
    char *watch; /* what to look at in the numbers */
    LabKind kind;
    int order;     /* stages: position in the series (00 = baseline) */
    int min_major; /* 13..18 */
    LabWorkload workload;
    LabReference reference;
    char **predicts; /* rule ids/names expected to fire for this stage */
    size_t n_predicts;
    LabSettings settings;    /* this lab's own fragment (not cumulative) */
    LabStorage storage;      /* the baseline run's latencies; `on`: a storage lab */
    LabCounterSet mechanism; /* the counters that prove this stage's mechanism (0: none) */
    LabRun *runs;            /* standalone labs only */
    size_t n_runs;
} Lab;

/* The set's labs and strings live in `arena` (each lab's arena is adopted by it): the owner
 * frees the set with arena_free(set.arena). */
typedef struct LabSet {
    Arena *arena;
    char *root; /* the labs/ directory */
    Lab *labs;  /* stages in series order, then standalone labs by id */
    size_t n;
} LabSet;

/* Loads every labs/<ID>/lab.ini under `root`. On a bad lab file returns false with *diag
 * (file and line) and frees what it read. */
bool lab_set_load(const char *root, LabSet *out, PkDiag *diag);

const Lab *lab_set_find(const LabSet *set, const char *id);
/* The stage with order 0; NULL when the series has none. */
const Lab *lab_set_baseline(const LabSet *set);

#endif
