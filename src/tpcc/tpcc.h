/* TPC-C on libpq: load the initial population, run the five transactions, check consistency.
 * This is the public API used by `pgknob tpcc` and by the lab runner; the CLI is a thin wrapper.
 * It is not a certified TPC-C implementation (no terminals, no pricing, Delivery is not queued). */
#ifndef PK_TPCC_H
#define PK_TPCC_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include <jansson.h>

#include "common/diag.h"
#include "common/strbuf.h"
#include "common/signals.h"
#include "tpcc/stats.h"

/* The schema that holds the nine tables. */
#define TPCC_SCHEMA "tpcc"

typedef enum TpccIsolation {
    TPCC_READ_COMMITTED = 0, /* default: SELECT ... FOR UPDATE where the spec updates */
    TPCC_REPEATABLE_READ,
    TPCC_SERIALIZABLE,
} TpccIsolation;

/* ---- load ---- */

typedef enum TpccLoadPhase {
    TPCC_LOAD_COPY = 0, /* COPY of the population */
    TPCC_LOAD_INDEX,    /* primary keys and secondary indexes */
    TPCC_LOAD_VACUUM,   /* VACUUM ANALYZE */
} TpccLoadPhase;

/* Progress of a load, for a caller that prints it: called from the thread that called
 * tpcc_load when a phase starts, every 0.2 s during it, and when it ends. */
typedef struct TpccLoadProgress {
    TpccLoadPhase phase;
    bool phase_start; /* first call of the phase */
    bool phase_end;   /* last call of the phase (done, failed or interrupted) */
    bool ok;          /* with phase_end: the phase completed */
    double elapsed_s; /* since the phase started */
    int64_t rows;     /* COPY rows sent so far (whole load) */
    int64_t expected_rows;
    int64_t bytes; /* COPY text bytes sent so far */
} TpccLoadProgress;
typedef void (*TpccLoadProgressFn)(const TpccLoadProgress *progress, void *arg);

/* "loading: [#####     ]  42.0%   0.84M rows   31.2 MB/s" (the terminal's bar, without the
 * "\r"), or with `line` the plain line printed every few seconds when stderr is not a
 * terminal: "load: copy 42.0%, 0.84M rows, 31.2 MB/s, 12.0 s". Appends to out. */
void tpcc_load_progress_text(const TpccLoadProgress *progress, bool line, StrBuf *out);

typedef struct TpccLoadOpts {
    const char *conninfo;           /* libpq conninfo or URI; NULL/"" = libpq environment */
    int warehouses;                 /* >= 1 */
    int jobs;                       /* parallel connections, >= 1 (0 = 1) */
    bool drop;                      /* drop an existing tpcc schema first */
    uint64_t seed;                  /* same seed, same rows */
    PkStopFlag *stop;               /* optional: set to nonzero to interrupt */
    TpccLoadProgressFn progress_fn; /* optional: the library itself prints nothing */
    void *progress_arg;
} TpccLoadOpts;

typedef struct TpccLoadResult {
    bool complete;         /* false: interrupted or failed */
    bool schema_created;   /* the schema was created: a failure now leaves it marked incomplete */
    int64_t rows;          /* rows sent with COPY */
    int64_t bytes;         /* COPY text bytes sent */
    int64_t table_bytes;   /* pg_total_relation_size of the nine tables after VACUUM ANALYZE */
    double copy_seconds;   /* COPY phase */
    double index_seconds;  /* primary keys and secondary indexes */
    double vacuum_seconds; /* VACUUM ANALYZE */
    double total_seconds;
    int c_last_load; /* the C constant of NURand(255,0,999) used for C_LAST */
} TpccLoadResult;

/* Creates schema "tpcc" and loads opts->warehouses warehouses. Returns false and sets diag on
 * failure (interrupted too); res is filled as far as the load went. */
bool tpcc_load(const TpccLoadOpts *opts, TpccLoadResult *res, PkDiag *diag);

/* ---- run ---- */

/* Progress of a run, for a caller that draws its own progress bar: called from the thread that
 * called tpcc_run, every progress_interval_s (default 1 s when a callback is set). */
typedef struct TpccProgress {
    bool warmup;       /* still warming up */
    double elapsed_s;  /* since the clients started */
    double left_s;     /* of the current phase (warm-up or measurement) */
    double interval_s; /* since the previous call: the figures below are of this interval */
    double tps;        /* completed transactions per second */
    double latency_mean_ms, latency_stddev_ms; /* of the completed ones (from the scheduled
                                                * start with a rate) */
    double lag_mean_ms; /* schedule lag (with a rate): actual start - scheduled start */
    uint64_t failed;    /* failed transactions */
    uint64_t late;      /* completed above the latency limit */
    uint64_t skipped;   /* skipped: already late when due (rate and latency limit) */
    uint64_t completed; /* since the clients started, warm-up included */
} TpccProgress;
typedef void (*TpccProgressFn)(const TpccProgress *progress, void *arg);

typedef struct TpccRunOpts {
    const char *conninfo;
    int warehouses;          /* 0 = whatever is loaded; otherwise must match the loaded count */
    int clients;             /* one connection and one thread each, >= 1 */
    double duration_s;       /* measured interval */
    double warmup_s;         /* run but not measured, before duration_s */
    bool think;              /* keying and think times of clause 5.2.5 */
    double rate_tps;         /* > 0: open loop, Poisson arrivals at this total rate (each
                              * client its own schedule at rate/clients); not with think */
    double latency_limit_ms; /* > 0: count completions above it (late); with a rate, a
                              * transaction already this late when due is skipped */
    TpccIsolation isolation;
    uint64_t seed;
    double progress_interval_s; /* progress_fn every N s; 0 = every second */
    int max_retries;            /* per transaction for 40001/40P01; 0 = default (10) */
    PkStopFlag *stop;           /* optional: nonzero stops the run; the result is partial */
    TpccProgressFn progress_fn; /* optional: the library itself prints nothing during a run */
    void *progress_arg;
} TpccRunOpts;

/* Fills res (the caller frees it with arena_free(res->arena)). Returns false and sets diag only
 * when no run happened at all (connection, schema, options). A run cut short by the stop flag or by
 * a lost server returns true with res->complete == false and res->stop_reason saying why. */
bool tpcc_run(const TpccRunOpts *opts, TpccResult *res, PkDiag *diag);

/* The progress line, pgbench -P style: "progress: 5.0 s, 305.2 tps, lat 6.512 ms stddev
 * 3.101, 0 failed" then ", lag …", ", N late", ", N skipped" when they apply, then
 * "(warm-up, 3 s left)" or "(12 s left)". Appends to out, no newline. */
void tpcc_progress_text(const TpccProgress *progress, const TpccRunOpts *opts, StrBuf *out);

/* JSON document of everything in res (schema in docs/tpcc.md), built with jansson; the caller
 * json_decref()s it. tpcc_result_to_json appends its text to out. */
json_t *tpcc_result_json(const TpccResult *res);
void tpcc_result_to_json(const TpccResult *res, StrBuf *out);
/* Human-readable summary: plain text, or Markdown tables when markdown is true. */
void tpcc_result_to_text(const TpccResult *res, bool markdown, StrBuf *out);
/* "123.4", or "< 1 per 60 s" when nothing of the kind completed in the measured interval. */
void tpcc_format_rate(double count, double seconds, double per, StrBuf *out);

/* ---- check ---- */

typedef struct TpccCheckCondition {
    int number;       /* the condition's number in clause 3.3.2 */
    const char *what; /* static description */
    int64_t checked;  /* warehouses, districts, orders, lines or customers examined */
    int64_t violations;
    char first_violation[200]; /* e.g. "warehouse 1 district 3: d_next_o_id - 1 = 3001, max(o_id) =
                                  3002" */
} TpccCheckCondition;

#define TPCC_CHECK_MAX 11
typedef struct TpccCheckResult {
    int warehouses;
    int count; /* conditions run: 4, or 11 with the full check */
    TpccCheckCondition conditions[TPCC_CHECK_MAX];
    bool passed;
} TpccCheckResult;

/* Runs consistency conditions 1-4 of clause 3.3.2 in one read-only snapshot (with full, also
 * 5-10 and 12; 11 holds only for an unrun database). Returns false on error (no schema,
 * connection); otherwise res->passed says whether all conditions hold. */
bool tpcc_check(const char *conninfo, TpccCheckResult *res, PkDiag *diag);
bool tpcc_check_full(const char *conninfo, TpccCheckResult *res, PkDiag *diag);

#endif
