/* `tpcc load`: schema, parallel COPY of the population, then keys and indexes, then VACUUM
 * ANALYZE, each phase spread over --jobs connections. The schema comment says "loading" until
 * the very end, so an interrupted load is never mistaken for a complete one. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/clock.h"

#include "common/xalloc.h"
#include "tpcc/conn.h"
#include "tpcc/populate.h"
#include "tpcc/rand.h"
#include "tpcc/schema.h"
#include "tpcc/tpcc.h"

typedef struct LoadShared {
    const TpccLoadOpts *opts;
    TpccLoadPhase phase;
    int task_count;
    atomic_int next_task;
    atomic_int abort; /* a job failed or the user interrupted */
    atomic_int jobs_running;
    _Atomic int64_t rows;
    _Atomic int64_t bytes;
    int c_last_load;
    char timestamp[32];
    pthread_mutex_t lock;
    PkDiag first_error; /* under lock */
    bool interrupted;   /* under lock */
} LoadShared;

typedef struct LoadJob {
    LoadShared *shared;
    PGconn *conn;
    pthread_t thread;
} LoadJob;

static void job_fail(LoadShared *shared, PkDiag *diag, bool interrupted)
{
    pthread_mutex_lock(&shared->lock);
    if (interrupted)
        shared->interrupted = true;
    else if (!pk_diag_is_set(&shared->first_error))
        pk_diag_move(&shared->first_error, diag);
    pthread_mutex_unlock(&shared->lock);
    atomic_store(&shared->abort, 1);
}

static bool stop_requested(const LoadShared *shared)
{
    return (shared->opts->stop && *shared->opts->stop) || atomic_load(&shared->abort);
}

/* Task 0 is the item table, task w is warehouse w; each is one transaction. */
static bool copy_task(LoadJob *job, int task, PkDiag *diag, bool *interrupted)
{
    TpccCopy *copy = xmalloc(sizeof(*copy)); /* its buffer is too big for a thread stack */
    tpcc_copy_init(copy, job->conn);
    TpccPopulate pop = {.copy = copy,
                        .seed = job->shared->opts->seed,
                        .c_last_load = job->shared->c_last_load,
                        .timestamp = job->shared->timestamp,
                        .stop = job->shared->opts->stop,
                        .abort = &job->shared->abort,
                        .progress_rows = &job->shared->rows,
                        .progress_bytes = &job->shared->bytes};
    bool ok = tpcc_exec(job->conn, "BEGIN", diag);
    if (ok)
        ok = task == 0 ? tpcc_populate_items(&pop) : tpcc_populate_warehouse(&pop, task);
    if (ok)
        ok = tpcc_exec(job->conn, "COMMIT", diag);
    else if (pop.interrupted)
        *interrupted = true;
    else if (copy->failed)
        pk_diag_set(diag, NULL, 0, NULL, "%s", copy->message);
    if (!ok && PQstatus(job->conn) == CONNECTION_OK)
        PQclear(PQexec(job->conn, "ROLLBACK"));
    free(copy);
    return ok;
}

static const char *const vacuum_sql[TPCC_TABLE_COUNT] = {
    "VACUUM (ANALYZE) order_line", "VACUUM (ANALYZE) stock",    "VACUUM (ANALYZE) customer",
    "VACUUM (ANALYZE) history",    "VACUUM (ANALYZE) orders",   "VACUUM (ANALYZE) new_order",
    "VACUUM (ANALYZE) item",       "VACUUM (ANALYZE) district", "VACUUM (ANALYZE) warehouse",
};

static bool run_task(LoadJob *job, int task, PkDiag *diag, bool *interrupted)
{
    switch (job->shared->phase) {
    case TPCC_LOAD_COPY: return copy_task(job, task, diag, interrupted);
    case TPCC_LOAD_INDEX: return tpcc_exec(job->conn, tpcc_index_sql[task], diag);
    case TPCC_LOAD_VACUUM: return tpcc_exec(job->conn, vacuum_sql[task], diag);
    }
    return false;
}

static void *job_main(void *arg)
{
    LoadJob *job = arg;
    LoadShared *shared = job->shared;
    for (;;) {
        if (stop_requested(shared)) {
            if (shared->opts->stop && *shared->opts->stop)
                job_fail(shared, NULL, true);
            break;
        }
        int task = atomic_fetch_add(&shared->next_task, 1);
        if (task >= shared->task_count)
            break;
        PkDiag diag = PK_DIAG_INIT;
        bool interrupted = false;
        bool ok = run_task(job, task, &diag, &interrupted);
        if (!ok)
            job_fail(shared, &diag, interrupted);
        pk_diag_free(&diag);
        if (!ok)
            break;
    }
    atomic_fetch_sub(&shared->jobs_running, 1);
    return NULL;
}

void tpcc_load_progress_text(const TpccLoadProgress *progress, bool line, StrBuf *out)
{
    static const char *const names[] = {"copy", "keys and indexes", "VACUUM ANALYZE"};
    double pct = progress->expected_rows > 0
                     ? 100.0 * (double)progress->rows / (double)progress->expected_rows
                     : 0.0;
    if (progress->phase != TPCC_LOAD_COPY || (progress->phase_end && progress->ok))
        pct = 100.0;
    else if (pct > 99.9)
        pct = 99.9; /* the row count is approximate: 100% only when the COPY is done */
    double mbps =
        progress->elapsed_s > 0 ? (double)progress->bytes / 1e6 / progress->elapsed_s : 0.0;
    if (!line) {
        int filled = (int)(pct / 100.0 * 30.0);
        sb_printf(out, "loading: [%.*s%*s] %5.1f%% %7.2fM rows %6.1f MB/s", filled,
                  "##############################", 30 - filled, "", pct,
                  (double)progress->rows / 1e6, mbps);
        return;
    }
    sb_printf(out, "load: %s", names[progress->phase]);
    if (progress->phase == TPCC_LOAD_COPY)
        sb_printf(out, " %.1f%%, %.2fM rows, %.1f MB/s", pct, (double)progress->rows / 1e6, mbps);
    sb_printf(out, ", %.1f s%s", progress->elapsed_s,
              !progress->phase_end ? ""
              : progress->ok       ? ", done"
                                   : ", stopped");
}

static void report_progress(const LoadShared *shared, double started, bool first, bool last,
                            bool ok)
{
    const TpccLoadOpts *opts = shared->opts;
    if (!opts->progress_fn)
        return;
    TpccLoadProgress progress = {.phase = shared->phase,
                                 .phase_start = first,
                                 .phase_end = last,
                                 .ok = ok,
                                 .elapsed_s = pk_clock_now() - started,
                                 .rows = atomic_load(&shared->rows),
                                 .expected_rows = TPCC_ITEMS + (int64_t)opts->warehouses *
                                                                   TPCC_ROWS_PER_WAREHOUSE_APPROX,
                                 .bytes = atomic_load(&shared->bytes)};
    opts->progress_fn(&progress, opts->progress_arg);
}

/* Runs one phase over the jobs; waits for them, reporting progress every 0.2 s. */
static bool run_phase(LoadShared *shared, LoadJob *jobs, int job_count, TpccLoadPhase phase,
                      int task_count, PkDiag *diag)
{
    shared->phase = phase;
    shared->task_count = task_count;
    atomic_store(&shared->next_task, 0);
    atomic_store(&shared->jobs_running, job_count);
    double started = pk_clock_now();
    for (int job_idx = 0; job_idx < job_count; job_idx++)
        pthread_create(&jobs[job_idx].thread, NULL, job_main, &jobs[job_idx]);
    report_progress(shared, started, true, false, false);
    while (atomic_load(&shared->jobs_running) > 0) {
        pk_clock_sleep_ms(200);
        report_progress(shared, started, false, false, false);
    }
    for (int job_idx = 0; job_idx < job_count; job_idx++)
        pthread_join(jobs[job_idx].thread, NULL);
    bool failed = shared->interrupted || pk_diag_is_set(&shared->first_error);
    report_progress(shared, started, false, true, !failed);
    if (shared->interrupted)
        return pk_diag_set(diag, NULL, 0, "Run `pgknob tpcc load --drop` to load it again.",
                           "load interrupted: schema \"%s\" is incomplete and marked so",
                           TPCC_SCHEMA);
    if (pk_diag_is_set(&shared->first_error)) {
        pk_diag_move(diag, &shared->first_error);
        free(diag->hint);
        diag->hint = xasprintf("Schema \"%s\" is incomplete and marked so; `pgknob tpcc load "
                               "--drop` starts over.",
                               TPCC_SCHEMA);
        return false;
    }
    return true;
}

static bool set_marker(PGconn *conn, const char *state, const LoadShared *shared, PkDiag *diag)
{
    char sql[256];
    char mark[160];
    snprintf(mark, sizeof(mark), TPCC_MARK_FMT, state, shared->opts->warehouses,
             shared->c_last_load, (unsigned long long)shared->opts->seed);
    snprintf(sql, sizeof(sql), "COMMENT ON SCHEMA %s IS '%s'", TPCC_SCHEMA, mark);
    return tpcc_exec(conn, sql, diag);
}

/* Refuses an existing schema unless --drop; then creates the schema and the nine tables in one
 * transaction, marked "loading". */
static bool create_schema(PGconn *conn, const LoadShared *shared, PkDiag *diag)
{
    TpccSchemaInfo info;
    if (!tpcc_schema_read(conn, &info, diag))
        return false;
    if (info.state != TPCC_SCHEMA_ABSENT && !shared->opts->drop) {
        const char *what = info.state == TPCC_SCHEMA_COMPLETE  ? "holds loaded TPC-C-derived data"
                           : info.state == TPCC_SCHEMA_LOADING ? "holds an incomplete load"
                                                               : "exists";
        return pk_diag_set(diag, NULL, 0,
                           "Add --drop to replace it; this deletes everything in it.",
                           "schema \"%s\" already %s", TPCC_SCHEMA, what);
    }
    if (!tpcc_exec(conn, "BEGIN", diag))
        return false;
    bool ok = tpcc_exec(conn, "DROP SCHEMA IF EXISTS " TPCC_SCHEMA " CASCADE", diag) &&
              tpcc_exec(conn, "CREATE SCHEMA " TPCC_SCHEMA, diag) &&
              set_marker(conn, "loading", shared, diag);
    for (int idx = 0; ok && idx < TPCC_TABLE_COUNT; idx++)
        ok = tpcc_exec(conn, tpcc_tables[idx].create_sql, diag);
    ok = ok && tpcc_exec(conn, "COMMIT", diag);
    if (!ok && PQstatus(conn) == CONNECTION_OK)
        PQclear(PQexec(conn, "ROLLBACK"));
    return ok;
}

static bool options_valid(const TpccLoadOpts *opts, PkDiag *diag)
{
    if (opts->warehouses < 1 || opts->warehouses > 100000)
        return pk_diag_set(diag, NULL, 0, "Give --warehouses N with N >= 1.",
                           "invalid number of warehouses: %d", opts->warehouses);
    if (opts->jobs < 0 || opts->jobs > 256)
        return pk_diag_set(diag, NULL, 0, NULL, "invalid number of jobs: %d", opts->jobs);
    return true;
}

static void load_timestamp(char *buf, size_t len)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(buf, len, "%Y-%m-%d %H:%M:%S", &tm);
}

static int64_t schema_bytes(PGconn *conn)
{
    PkDiag diag = PK_DIAG_INIT;
    PGresult *res = tpcc_query(conn,
                               "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint"
                               " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                               " WHERE n.nspname = '" TPCC_SCHEMA "' AND c.relkind = 'r'",
                               &diag);
    int64_t bytes = res ? strtoll(PQgetvalue(res, 0, 0), NULL, 10) : 0;
    PQclear(res);
    pk_diag_free(&diag); /* the size is a nicety: a load does not fail on it */
    return bytes;
}

static bool open_jobs(LoadShared *shared, LoadJob *jobs, int job_count, PkDiag *diag)
{
    for (int job_idx = 0; job_idx < job_count; job_idx++) {
        jobs[job_idx].shared = shared;
        jobs[job_idx].conn = tpcc_connect(shared->opts->conninfo, diag);
        if (!jobs[job_idx].conn)
            return false;
        /* index builds are the slow part after COPY; give them memory for their sorts */
        if (!tpcc_exec(jobs[job_idx].conn, "SET maintenance_work_mem = '256MB'", diag))
            return false;
    }
    return true;
}

static bool load_phases(PGconn *conn, LoadShared *shared, LoadJob *jobs, int job_count,
                        TpccLoadResult *res, PkDiag *diag)
{
    double t0 = pk_clock_now();
    bool ok =
        run_phase(shared, jobs, job_count, TPCC_LOAD_COPY, shared->opts->warehouses + 1, diag);
    res->rows = atomic_load(&shared->rows);
    res->bytes = atomic_load(&shared->bytes);
    res->copy_seconds = pk_clock_now() - t0;
    if (!ok)
        return false;
    double t1 = pk_clock_now();
    if (!run_phase(shared, jobs, job_count, TPCC_LOAD_INDEX, tpcc_index_count, diag))
        return false;
    double t2 = pk_clock_now();
    res->index_seconds = t2 - t1;
    if (!run_phase(shared, jobs, job_count, TPCC_LOAD_VACUUM, TPCC_TABLE_COUNT, diag))
        return false;
    res->vacuum_seconds = pk_clock_now() - t2;
    if (!set_marker(conn, "complete", shared, diag))
        return false;
    res->table_bytes = schema_bytes(conn);
    return true;
}

bool tpcc_load(const TpccLoadOpts *opts, TpccLoadResult *res, PkDiag *diag)
{
    memset(res, 0, sizeof(*res));
    PGconn *conn = options_valid(opts, diag) ? tpcc_connect(opts->conninfo, diag) : NULL;
    if (!conn)
        return false;
    LoadShared shared = {.opts = opts};
    pthread_mutex_init(&shared.lock, NULL);
    TpccRand rng;
    tpcc_rand_seed(&rng, opts->seed, UINT64_C(0xC1A57));
    shared.c_last_load = (int)tpcc_rand_int(&rng, 0, 255);
    res->c_last_load = shared.c_last_load;
    load_timestamp(shared.timestamp, sizeof(shared.timestamp));
    int job_count = opts->jobs > 0 ? opts->jobs : 1;
    LoadJob *jobs = xcalloc((size_t)job_count, sizeof(LoadJob));
    double t0 = pk_clock_now();
    bool ok = create_schema(conn, &shared, diag);
    res->schema_created = ok;
    ok = ok && open_jobs(&shared, jobs, job_count, diag) &&
         load_phases(conn, &shared, jobs, job_count, res, diag);
    res->total_seconds = pk_clock_now() - t0;
    res->complete = ok;
    for (int job_idx = 0; job_idx < job_count; job_idx++)
        PQfinish(jobs[job_idx].conn);
    free(jobs);
    PQfinish(conn);
    pthread_mutex_destroy(&shared.lock);
    pk_diag_free(&shared.first_error);
    return ok;
}
