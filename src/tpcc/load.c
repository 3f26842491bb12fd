/* `tpcc load`: schema, parallel COPY of the population, then keys and indexes, then VACUUM
 * ANALYZE, each phase spread over --jobs connections. The schema comment says "loading" until
 * the very end, so an interrupted load is never mistaken for a complete one. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/xalloc.h"
#include "tpcc/conn.h"
#include "tpcc/populate.h"
#include "tpcc/rand.h"
#include "tpcc/schema.h"
#include "tpcc/tpcc.h"

typedef enum LoadPhase { PHASE_COPY, PHASE_INDEX, PHASE_VACUUM } LoadPhase;

typedef struct LoadShared {
    const TpccLoadOpts *opts;
    LoadPhase phase;
    int task_count;
    atomic_int next_task;
    atomic_int abort;               /* a job failed or the user interrupted */
    atomic_int jobs_running;
    _Atomic int64_t rows;
    _Atomic int64_t bytes;
    int c_last_load;
    char timestamp[32];
    pthread_mutex_t lock;
    TpccError first_error;          /* under lock */
    bool interrupted;               /* under lock */
} LoadShared;

typedef struct LoadJob {
    LoadShared *shared;
    PGconn *conn;
    pthread_t thread;
} LoadJob;

static void job_fail(LoadShared *shared, const TpccError *err, bool interrupted)
{
    pthread_mutex_lock(&shared->lock);
    if (interrupted)
        shared->interrupted = true;
    else if (shared->first_error.status == TPCC_OK)
        shared->first_error = *err;
    pthread_mutex_unlock(&shared->lock);
    atomic_store(&shared->abort, 1);
}

static bool stop_requested(const LoadShared *shared)
{
    return (shared->opts->stop && *shared->opts->stop) || atomic_load(&shared->abort);
}

/* Task 0 is the item table, task w is warehouse w; each is one transaction. */
static bool copy_task(LoadJob *job, int task, TpccError *err, bool *interrupted)
{
    TpccCopy copy;
    tpcc_copy_init(&copy, job->conn);
    TpccPopulate pop = {.copy = &copy, .seed = job->shared->opts->seed,
                        .c_last_load = job->shared->c_last_load,
                        .timestamp = job->shared->timestamp, .stop = job->shared->opts->stop,
                        .abort = &job->shared->abort, .progress_rows = &job->shared->rows,
                        .progress_bytes = &job->shared->bytes};
    bool ok = tpcc_exec(job->conn, "BEGIN", err);
    if (ok)
        ok = task == 0 ? tpcc_populate_items(&pop) : tpcc_populate_warehouse(&pop, task);
    if (ok)
        ok = tpcc_exec(job->conn, "COMMIT", err);
    else if (pop.interrupted)
        *interrupted = true;
    else if (copy.failed)
        tpcc_error_set(err, TPCC_ERR_SERVER, NULL, "%s", copy.message);
    if (!ok && PQstatus(job->conn) == CONNECTION_OK)
        PQclear(PQexec(job->conn, "ROLLBACK"));
    tpcc_copy_free(&copy);
    return ok;
}

static const char *const vacuum_sql[TPCC_TABLE_COUNT] = {
    "VACUUM (ANALYZE) order_line", "VACUUM (ANALYZE) stock",   "VACUUM (ANALYZE) customer",
    "VACUUM (ANALYZE) history",    "VACUUM (ANALYZE) orders",  "VACUUM (ANALYZE) new_order",
    "VACUUM (ANALYZE) item",       "VACUUM (ANALYZE) district", "VACUUM (ANALYZE) warehouse",
};

static bool run_task(LoadJob *job, int task, TpccError *err, bool *interrupted)
{
    switch (job->shared->phase) {
    case PHASE_COPY:
        return copy_task(job, task, err, interrupted);
    case PHASE_INDEX:
        return tpcc_exec(job->conn, tpcc_index_sql[task], err);
    case PHASE_VACUUM:
        return tpcc_exec(job->conn, vacuum_sql[task], err);
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
        TpccError err = {0};
        bool interrupted = false;
        if (!run_task(job, task, &err, &interrupted)) {
            job_fail(shared, &err, interrupted);
            break;
        }
    }
    atomic_fetch_sub(&shared->jobs_running, 1);
    return NULL;
}

static void progress_draw(const LoadShared *shared, double started, bool final)
{
    const TpccLoadOpts *opts = shared->opts;
    int64_t expected = TPCC_ITEMS + (int64_t)opts->warehouses * TPCC_ROWS_PER_WAREHOUSE_APPROX;
    int64_t rows = atomic_load(&shared->rows);
    double pct = 100.0 * (double)rows / (double)expected;
    pct = final ? 100.0 : (pct > 99.9 ? 99.9 : pct);
    int filled = (int)(pct / 100.0 * 30.0);
    double elapsed = tpcc_now() - started;
    fprintf(stderr, "\rloading: [%.*s%*s] %5.1f%% %7.2fM rows %6.1f MB/s", filled,
            "##############################", 30 - filled, "", pct, (double)rows / 1e6,
            elapsed > 0 ? (double)atomic_load(&shared->bytes) / 1e6 / elapsed : 0.0);
    if (final)
        fputc('\n', stderr);
    fflush(stderr);
}

/* Runs one phase over the jobs; waits for them, drawing the progress bar in COPY. */
static bool run_phase(LoadShared *shared, LoadJob *jobs, int job_count, LoadPhase phase,
                      int task_count, TpccError *err)
{
    shared->phase = phase;
    shared->task_count = task_count;
    atomic_store(&shared->next_task, 0);
    atomic_store(&shared->jobs_running, job_count);
    double started = tpcc_now();
    for (int job_idx = 0; job_idx < job_count; job_idx++)
        pthread_create(&jobs[job_idx].thread, NULL, job_main, &jobs[job_idx]);
    bool show = shared->opts->progress && phase == PHASE_COPY;
    if (shared->opts->progress && phase != PHASE_COPY)
        fprintf(stderr, "%s\n", phase == PHASE_INDEX ? "building primary keys and indexes"
                                                     : "running VACUUM ANALYZE");
    while (atomic_load(&shared->jobs_running) > 0) {
        usleep(200000);
        if (show)
            progress_draw(shared, started, false);
    }
    for (int job_idx = 0; job_idx < job_count; job_idx++)
        pthread_join(jobs[job_idx].thread, NULL);
    bool failed = shared->interrupted || shared->first_error.status != TPCC_OK;
    if (show)
        progress_draw(shared, started, !failed);
    if (shared->interrupted) {
        tpcc_error_set(err, TPCC_ERR_INTERRUPTED,
                       "Run `pgknob tpcc load --drop` to load it again.",
                       "load interrupted: schema \"%s\" is incomplete and marked so",
                       TPCC_SCHEMA);
        return false;
    }
    if (shared->first_error.status != TPCC_OK) {
        *err = shared->first_error;
        snprintf(err->hint, sizeof(err->hint),
                 "Schema \"%s\" is incomplete and marked so; `pgknob tpcc load --drop` starts "
                 "over.", TPCC_SCHEMA);
        return false;
    }
    return true;
}

static bool set_marker(PGconn *conn, const char *state, const LoadShared *shared, TpccError *err)
{
    char sql[256];
    char mark[160];
    snprintf(mark, sizeof(mark), TPCC_MARK_FMT, state, shared->opts->warehouses,
             shared->c_last_load, (unsigned long long)shared->opts->seed);
    snprintf(sql, sizeof(sql), "COMMENT ON SCHEMA %s IS '%s'", TPCC_SCHEMA, mark);
    return tpcc_exec(conn, sql, err);
}

/* Refuses an existing schema unless --drop; then creates the schema and the nine tables in one
 * transaction, marked "loading". */
static bool create_schema(PGconn *conn, const LoadShared *shared, TpccError *err)
{
    TpccSchemaInfo info;
    if (!tpcc_schema_read(conn, &info, err))
        return false;
    if (info.state != TPCC_SCHEMA_ABSENT && !shared->opts->drop) {
        const char *what = info.state == TPCC_SCHEMA_COMPLETE ? "holds loaded TPC-C data"
                           : info.state == TPCC_SCHEMA_LOADING ? "holds an incomplete load"
                                                               : "exists";
        tpcc_error_set(err, TPCC_ERR_SCHEMA,
                       "Add --drop to replace it; this deletes everything in it.",
                       "schema \"%s\" already %s", TPCC_SCHEMA, what);
        return false;
    }
    if (!tpcc_exec(conn, "BEGIN", err))
        return false;
    bool ok = tpcc_exec(conn, "DROP SCHEMA IF EXISTS " TPCC_SCHEMA " CASCADE", err) &&
              tpcc_exec(conn, "CREATE SCHEMA " TPCC_SCHEMA, err) &&
              set_marker(conn, "loading", shared, err);
    for (int idx = 0; ok && idx < TPCC_TABLE_COUNT; idx++)
        ok = tpcc_exec(conn, tpcc_tables[idx].create_sql, err);
    ok = ok && tpcc_exec(conn, "COMMIT", err);
    if (!ok && PQstatus(conn) == CONNECTION_OK)
        PQclear(PQexec(conn, "ROLLBACK"));
    return ok;
}

static bool options_valid(const TpccLoadOpts *opts, TpccError *err)
{
    if (opts->warehouses < 1 || opts->warehouses > 100000) {
        tpcc_error_set(err, TPCC_ERR_USAGE, "Give --warehouses N with N >= 1.",
                       "invalid number of warehouses: %d", opts->warehouses);
        return false;
    }
    if (opts->jobs < 0 || opts->jobs > 256) {
        tpcc_error_set(err, TPCC_ERR_USAGE, NULL, "invalid number of jobs: %d", opts->jobs);
        return false;
    }
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
    TpccError err;
    PGresult *res = tpcc_query(conn,
                               "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint"
                               " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                               " WHERE n.nspname = '" TPCC_SCHEMA "' AND c.relkind = 'r'",
                               &err);
    int64_t bytes = res ? strtoll(PQgetvalue(res, 0, 0), NULL, 10) : 0;
    PQclear(res);
    return bytes;
}

static bool open_jobs(LoadShared *shared, LoadJob *jobs, int job_count, TpccError *err)
{
    for (int job_idx = 0; job_idx < job_count; job_idx++) {
        jobs[job_idx].shared = shared;
        jobs[job_idx].conn = tpcc_connect(shared->opts->conninfo, err);
        if (!jobs[job_idx].conn)
            return false;
        /* index builds are the slow part after COPY; give them memory for their sorts */
        if (!tpcc_exec(jobs[job_idx].conn, "SET maintenance_work_mem = '256MB'", err))
            return false;
    }
    return true;
}

static bool load_phases(PGconn *conn, LoadShared *shared, LoadJob *jobs, int job_count,
                        TpccLoadResult *res, TpccError *err)
{
    double t0 = tpcc_now();
    bool ok = run_phase(shared, jobs, job_count, PHASE_COPY, shared->opts->warehouses + 1, err);
    res->rows = atomic_load(&shared->rows);
    res->bytes = atomic_load(&shared->bytes);
    res->copy_seconds = tpcc_now() - t0;
    if (!ok)
        return false;
    double t1 = tpcc_now();
    if (!run_phase(shared, jobs, job_count, PHASE_INDEX, tpcc_index_count, err))
        return false;
    double t2 = tpcc_now();
    res->index_seconds = t2 - t1;
    if (!run_phase(shared, jobs, job_count, PHASE_VACUUM, TPCC_TABLE_COUNT, err))
        return false;
    res->vacuum_seconds = tpcc_now() - t2;
    if (!set_marker(conn, "complete", shared, err))
        return false;
    res->table_bytes = schema_bytes(conn);
    return true;
}

bool tpcc_load(const TpccLoadOpts *opts, TpccLoadResult *res, TpccError *err)
{
    memset(res, 0, sizeof(*res));
    memset(err, 0, sizeof(*err));
    if (!options_valid(opts, err))
        return false;
    PGconn *conn = tpcc_connect(opts->conninfo, err);
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
    double t0 = tpcc_now();
    bool ok = create_schema(conn, &shared, err) && open_jobs(&shared, jobs, job_count, err) &&
              load_phases(conn, &shared, jobs, job_count, res, err);
    res->total_seconds = tpcc_now() - t0;
    res->complete = ok;
    for (int job_idx = 0; job_idx < job_count; job_idx++)
        PQfinish(jobs[job_idx].conn);
    free(jobs);
    PQfinish(conn);
    pthread_mutex_destroy(&shared.lock);
    return ok;
}
