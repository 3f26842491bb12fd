/* `tpcc run`: checks the schema, opens one connection and one thread per client, measures for
 * the duration after the warm-up, and stops cleanly on the duration, the stop flag or a lost
 * server. Transactions still running at the end are canceled and not counted. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/xalloc.h"
#include "tpcc/client.h"
#include "tpcc/conn.h"

static bool options_valid(const TpccRunOpts *opts, PkDiag *diag)
{
    const char *hint = "See `pgknob tpcc run --help`.";
    if (opts->clients < 1 || opts->clients > 1000)
        return pk_diag_set(diag, NULL, 0, hint, "invalid number of clients: %d", opts->clients);
    if (!(opts->duration_s > 0) || opts->duration_s > 30 * 86400)
        return pk_diag_set(diag, NULL, 0, hint, "invalid duration: %g s", opts->duration_s);
    if (!(opts->warmup_s >= 0) || opts->warmup_s > 86400)
        return pk_diag_set(diag, NULL, 0, hint, "invalid warm-up: %g s", opts->warmup_s);
    if (opts->isolation < TPCC_READ_COMMITTED || opts->isolation > TPCC_SERIALIZABLE)
        return pk_diag_set(diag, NULL, 0, hint, "invalid isolation level: %d",
                           (int)opts->isolation);
    if (opts->warehouses < 0)
        return pk_diag_set(diag, NULL, 0, hint, "invalid number of warehouses: %d",
                           opts->warehouses);
    if (!(opts->rate_tps >= 0) || opts->rate_tps > 1e6)
        return pk_diag_set(diag, NULL, 0, hint, "invalid rate: %g transactions per second",
                           opts->rate_tps);
    if (opts->rate_tps > 0 && opts->think)
        return pk_diag_set(diag, NULL, 0,
                           "The think times already decide when each client sends; use one "
                           "of --rate and --think.",
                           "--rate and --think do not go together");
    if (!(opts->latency_limit_ms >= 0) || opts->latency_limit_ms > 86400e3)
        return pk_diag_set(diag, NULL, 0, hint, "invalid latency limit: %g ms",
                           opts->latency_limit_ms);
    return true;
}

/* The loaded warehouses must be what the caller asked for. */
static bool check_warehouses(PGconn *conn, const TpccRunOpts *opts, int *loaded, PkDiag *diag)
{
    PGresult *res = tpcc_query(conn, "SELECT count(*) FROM warehouse", diag);
    if (!res)
        return false;
    *loaded = atoi(PQgetvalue(res, 0, 0));
    PQclear(res);
    if (*loaded < 1)
        return pk_diag_set(diag, NULL, 0, "Run `pgknob tpcc load --drop --warehouses N`.",
                           "table \"%s.warehouse\" is empty", TPCC_SCHEMA);
    if (opts->warehouses && opts->warehouses != *loaded) {
        char hint[200];
        snprintf(hint, sizeof(hint),
                 "Use --warehouses %d, or reload with `pgknob tpcc load --drop --warehouses %d`.",
                 *loaded, opts->warehouses);
        return pk_diag_set(diag, NULL, 0, hint,
                           "warehouse count mismatch: asked for %d, the database holds %d",
                           opts->warehouses, *loaded);
    }
    return true;
}

static const char *const isolation_sql[] = {
    "SET default_transaction_isolation = 'read committed'",
    "SET default_transaction_isolation = 'repeatable read'",
    "SET default_transaction_isolation = 'serializable'",
};

static bool client_open(TpccClient *client, RunShared *shared, int id, PkDiag *diag)
{
    const TpccRunOpts *opts = shared->opts;
    client->id = id;
    client->shared = shared;
    client->conn = tpcc_connect(opts->conninfo, diag);
    if (!client->conn)
        return false;
    if (!tpcc_exec(client->conn, isolation_sql[opts->isolation], diag))
        return false;
    for (int stmt = 0; stmt < STMT_COUNT; stmt++) {
        PGresult *res = PQprepare(client->conn, tpcc_stmts[stmt].name, tpcc_stmts[stmt].sql,
                                  tpcc_stmts[stmt].nparams, NULL);
        bool ok = PQresultStatus(res) == PGRES_COMMAND_OK;
        if (!ok) {
            const char *msg = PQresultErrorMessage(res);
            pk_diag_set(diag, NULL, 0, "Reload with `pgknob tpcc load --drop`.",
                        "could not prepare \"%s\": %.*s", tpcc_stmts[stmt].name,
                        (int)strcspn(msg, "\n"), msg);
        }
        PQclear(res);
        if (!ok)
            return false;
    }
    client->cancel = PQgetCancel(client->conn);
    tpcc_rand_seed(&client->rng, opts->seed, 1000 + (uint64_t)id);
    tpcc_rand_seed(&client->arrivals, opts->seed, 5000 + (uint64_t)id);
    /* clients spread over home warehouses, then over Stock-Level districts */
    client->w_id = id % shared->warehouses + 1;
    client->sl_d_id = (id / shared->warehouses) % 10 + 1;
    tpcc_stats_init(&client->stats, NULL, 0); /* the series is shared: RunShared.series */
    return true;
}

static void client_close(TpccClient *client)
{
    if (client->cancel)
        PQfreeCancel(client->cancel);
    PQfinish(client->conn);
}

static double cpu_seconds(const struct timeval *tv)
{
    return (double)tv->tv_sec + (double)tv->tv_usec * 1e-6;
}

/* Sums of the clients' live counters, for the progress line's per-interval figures. */
typedef struct LiveTotals {
    uint64_t done, failed, late, skipped, lagged;
    double latency_sum_ms, latency_sq_ms2, lag_sum_ms;
} LiveTotals;

typedef struct Monitor {
    PGconn *control; /* idle connection watched for a server that went away */
    double last_watch;
    double started;
    double last_print;
    double next_print; /* started + k * interval: the lines do not drift */
    LiveTotals last;   /* at last_print */
    bool rusage_taken;
    struct rusage usage_start;
} Monitor;

static uint64_t load_u64(_Atomic uint64_t *value)
{
    return atomic_load_explicit(value, memory_order_relaxed);
}

static double load_double(_Atomic double *value)
{
    return atomic_load_explicit(value, memory_order_relaxed);
}

static LiveTotals live_totals(TpccClient *clients, int count)
{
    LiveTotals sum = {0};
    for (int idx = 0; idx < count; idx++) {
        TpccClient *c = &clients[idx];
        sum.done += load_u64(&c->live_done);
        sum.failed += load_u64(&c->live_failed);
        sum.late += load_u64(&c->live_late);
        sum.skipped += load_u64(&c->live_skipped);
        sum.lagged += load_u64(&c->live_lagged);
        sum.latency_sum_ms += load_double(&c->live_latency_sum_ms);
        sum.latency_sq_ms2 += load_double(&c->live_latency_sq_ms2);
        sum.lag_sum_ms += load_double(&c->live_lag_sum_ms);
    }
    return sum;
}

static void progress_line(Monitor *mon, RunShared *shared, TpccClient *clients, double now)
{
    const TpccRunOpts *opts = shared->opts;
    LiveTotals cur = live_totals(clients, opts->clients), *prev = &mon->last;
    double span = now - mon->last_print;
    bool warmup = now < shared->measure_start;
    double left = (warmup ? shared->measure_start : shared->measure_end) - now;
    uint64_t done = cur.done - prev->done, lagged = cur.lagged - prev->lagged;
    double mean = done ? (cur.latency_sum_ms - prev->latency_sum_ms) / (double)done : 0;
    double var =
        done ? (cur.latency_sq_ms2 - prev->latency_sq_ms2) / (double)done - mean * mean : 0;
    TpccProgress progress = {.warmup = warmup,
                             .elapsed_s = now - mon->started,
                             .left_s = left > 0 ? left : 0,
                             .interval_s = span,
                             .tps = span > 0 ? (double)done / span : 0,
                             .latency_mean_ms = mean,
                             .latency_stddev_ms = var > 0 ? sqrt(var) : 0,
                             .lag_mean_ms =
                                 lagged ? (cur.lag_sum_ms - prev->lag_sum_ms) / (double)lagged : 0,
                             .failed = cur.failed - prev->failed,
                             .late = cur.late - prev->late,
                             .skipped = cur.skipped - prev->skipped,
                             .completed = cur.done};
    opts->progress_fn(&progress, opts->progress_arg);
    mon->last = cur;
    mon->last_print = now;
}

/* Clients in think time do not notice a dead server; an idle control connection does (the
 * server closes it). One reconnect attempt tells a killed session from a dead server. */
static bool server_alive(Monitor *mon, RunShared *shared, double now)
{
    if (!mon->control || now - mon->last_watch < 1.0)
        return true;
    mon->last_watch = now;
    if (PQconsumeInput(mon->control) && PQstatus(mon->control) == CONNECTION_OK)
        return true;
    char msg[256];
    tpcc_conn_message(mon->control, msg, sizeof(msg));
    PQreset(mon->control);
    if (PQstatus(mon->control) == CONNECTION_OK)
        return true;
    pthread_mutex_lock(&shared->lock);
    if (!atomic_load(&shared->server_lost))
        snprintf(shared->lost_detail, sizeof(shared->lost_detail), "%s", msg);
    atomic_store(&shared->server_lost, 1);
    pthread_mutex_unlock(&shared->lock);
    return false;
}

static double progress_interval(const TpccRunOpts *opts)
{
    return opts->progress_interval_s > 0 ? opts->progress_interval_s : 1.0;
}

/* Waits until the end, the stop flag or a lost server; returns the reason. */
static TpccStopReason monitor(Monitor *mon, RunShared *shared, TpccClient *clients)
{
    const TpccRunOpts *opts = shared->opts;
    for (;;) {
        double now = pk_clock_now();
        if (!mon->rusage_taken && now >= shared->measure_start) {
            getrusage(RUSAGE_SELF, &mon->usage_start);
            mon->rusage_taken = true;
        }
        if (atomic_load(&shared->server_lost) || !server_alive(mon, shared, now))
            return TPCC_STOP_SERVER_LOST;
        if (opts->stop && *opts->stop)
            return TPCC_STOP_INTERRUPTED;
        if (now >= shared->measure_end)
            return TPCC_STOP_DURATION;
        if (opts->progress_fn && now >= mon->next_print) {
            progress_line(mon, shared, clients, now);
            while (mon->next_print <= now)
                mon->next_print += progress_interval(opts);
        }
        double wait = shared->measure_end - now;
        if (!mon->rusage_taken && shared->measure_start - now < wait)
            wait = shared->measure_start - now;
        if (opts->progress_fn && mon->next_print - now < wait)
            wait = mon->next_print - now;
        pk_clock_sleep_until(now + (wait > 0.05 ? 0.05 : wait), NULL);
    }
}

static bool all_finished(TpccClient *clients, int count)
{
    for (int idx = 0; idx < count; idx++)
        if (!atomic_load(&clients[idx].finished))
            return false;
    return true;
}

static void wait_finished(TpccClient *clients, int count, double seconds)
{
    double until = pk_clock_now() + seconds;
    while (!all_finished(clients, count) && pk_clock_now() < until)
        pk_clock_sleep_ms(10);
}

/* Lets running transactions end for a moment, then cancels the rest and joins. Returns the
 * number of clients that never came back (their stats are left out). */
static int stop_clients(TpccClient *clients, int count)
{
    wait_finished(clients, count, 1.0);
    for (int idx = 0; idx < count; idx++)
        if (!atomic_load(&clients[idx].finished) && clients[idx].cancel) {
            char errbuf[256];
            PQcancel(clients[idx].cancel, errbuf, sizeof(errbuf));
        }
    wait_finished(clients, count, 10.0);
    int stuck = 0;
    for (int idx = 0; idx < count; idx++) {
        if (atomic_load(&clients[idx].finished))
            pthread_join(clients[idx].thread, NULL);
        else
            stuck++;
    }
    return stuck;
}

static void result_conditions(TpccResult *res, const TpccRunOpts *opts, const RunShared *shared,
                              PGconn *conn, int c_last_load)
{
    res->warehouses = shared->warehouses;
    res->clients = opts->clients;
    res->duration_s = opts->duration_s;
    res->warmup_s = opts->warmup_s;
    res->think = opts->think;
    res->rate_tps = opts->rate_tps;
    res->latency_limit_ms = opts->latency_limit_ms;
    res->isolation = opts->isolation;
    res->seed = opts->seed;
    res->c_last_load = c_last_load;
    res->c_last_run = shared->k.c_last;
    res->c_id = shared->k.c_id;
    res->c_ol_i_id = shared->k.c_ol_i_id;
    res->server_version_num = PQserverVersion(conn);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    res->client_cpus = cpus > 0 ? (int)cpus : 1;
    const char *version = PQparameterStatus(conn, "server_version");
    snprintf(res->server_version, sizeof(res->server_version), "%s", version ? version : "");
}

/* Schema, size and constants: everything that can fail before a client starts. */
static bool prepare_run(PGconn *conn, const TpccRunOpts *opts, RunShared *shared, TpccResult *res,
                        PkDiag *diag)
{
    TpccSchemaInfo info;
    int loaded = 0;
    if (!tpcc_schema_require(conn, &info, diag) || !check_warehouses(conn, opts, &loaded, diag))
        return false;
    shared->opts = opts;
    shared->warehouses = loaded;
    TpccRand rng;
    tpcc_rand_seed(&rng, opts->seed, UINT64_C(0xC0C0));
    tpcc_constants_for_run(&rng, info.c_last_load, &shared->k);
    double seconds = ceil(opts->duration_s);
    shared->series_len = seconds < SERIES_MAX_SECONDS ? (int)seconds : SERIES_MAX_SECONDS;
    shared->series = xcalloc((size_t)shared->series_len, sizeof(SharedSecond));
    pthread_mutex_init(&shared->lock, NULL);
    result_conditions(res, opts, shared, conn, info.c_last_load);
    return true;
}

static bool open_clients(TpccClient *clients, RunShared *shared, PkDiag *diag)
{
    for (int idx = 0; idx < shared->opts->clients; idx++)
        if (!client_open(&clients[idx], shared, idx, diag))
            return false;
    return true;
}

static void finish_result(TpccResult *res, TpccStopReason reason, RunShared *shared,
                          double stopped_at, const Monitor *mon)
{
    res->stop_reason = reason;
    res->complete = reason == TPCC_STOP_DURATION;
    double end = stopped_at < shared->measure_end ? stopped_at : shared->measure_end;
    res->measured_s = end > shared->measure_start ? end - shared->measure_start : 0;
    if (mon->rusage_taken) {
        struct rusage usage_end;
        getrusage(RUSAGE_SELF, &usage_end);
        res->cpu_user_s =
            cpu_seconds(&usage_end.ru_utime) - cpu_seconds(&mon->usage_start.ru_utime);
        res->cpu_sys_s = cpu_seconds(&usage_end.ru_stime) - cpu_seconds(&mon->usage_start.ru_stime);
    }
    if (reason == TPCC_STOP_SERVER_LOST)
        snprintf(res->stop_detail, sizeof(res->stop_detail), "%s", shared->lost_detail);
    else if (reason == TPCC_STOP_INTERRUPTED)
        snprintf(res->stop_detail, sizeof(res->stop_detail), "interrupted after %.1f s of %.1f s",
                 res->measured_s, res->duration_s);
}

static void copy_series(TpccStats *stats, const RunShared *shared)
{
    for (int second = 0; second < shared->series_len; second++) {
        const SharedSecond *from = &shared->series[second];
        TpccSecond *to = &stats->series[second];
        for (int type = 0; type < TPCC_TXN_TYPES; type++)
            to->done[type] = atomic_load(&from->done[type]);
        to->failed = atomic_load(&from->failed);
        to->latency_sum_us = atomic_load(&from->latency_sum_us);
        to->latency_max_us = atomic_load(&from->latency_max_us);
    }
}

/* Runs the clients until the end, the stop flag or a lost server; fills res. */
static void run_clients(TpccClient *clients, RunShared *shared, PGconn *control, TpccResult *res)
{
    int count = shared->opts->clients;
    Monitor mon = {.control = control};
    mon.started = pk_clock_now();
    shared->measure_start = mon.started + shared->opts->warmup_s;
    shared->measure_end = shared->measure_start + shared->opts->duration_s;
    shared->run_start = mon.started;
    mon.last_print = mon.started;
    mon.next_print = mon.started + progress_interval(shared->opts);
    for (int idx = 0; idx < count; idx++)
        pthread_create(&clients[idx].thread, NULL, client_main, &clients[idx]);
    TpccStopReason reason = monitor(&mon, shared, clients);
    double stopped_at = pk_clock_now();
    atomic_store(&shared->stop, 1);
    finish_result(res, reason, shared, stopped_at, &mon);
    int stuck = stop_clients(clients, count);
    tpcc_stats_init(&res->stats, arena_get(&res->arena), shared->series_len);
    copy_series(&res->stats, shared);
    for (int idx = 0; idx < count; idx++)
        if (atomic_load(&clients[idx].finished))
            tpcc_stats_merge(&res->stats, &clients[idx].stats);
    tpcc_codes_sort(&res->stats.errors);
    tpcc_codes_sort(&res->stats.retried);
    if (stuck) {
        res->complete = false;
        snprintf(res->stop_detail + strlen(res->stop_detail),
                 sizeof(res->stop_detail) - strlen(res->stop_detail),
                 "%s%d client(s) did not answer a cancel and are left out",
                 res->stop_detail[0] ? "; " : "", stuck);
    }
}

bool tpcc_run(const TpccRunOpts *opts, TpccResult *res, PkDiag *diag)
{
    memset(res, 0, sizeof(*res));
    PGconn *conn = options_valid(opts, diag) ? tpcc_connect(opts->conninfo, diag) : NULL;
    if (!conn)
        return false;
    /* heap: a client thread stuck in the server keeps pointing at these, so they outlive us */
    RunShared *shared = xcalloc(1, sizeof(RunShared));
    bool ok = prepare_run(conn, opts, shared, res, diag);
    if (!ok) {
        PQfinish(conn);
        free(shared->series);
        free(shared);
        return false;
    }
    TpccClient *clients = xcalloc((size_t)opts->clients, sizeof(TpccClient));
    ok = open_clients(clients, shared, diag);
    if (ok)
        run_clients(clients, shared, conn, res);
    PQfinish(conn);
    bool leak = false;
    for (int idx = 0; idx < opts->clients; idx++) {
        if (ok && !atomic_load(&clients[idx].finished))
            leak = true;
        else
            client_close(&clients[idx]);
    }
    if (!leak) {
        pthread_mutex_destroy(&shared->lock);
        free(clients);
        free(shared->series);
        free(shared);
    }
    return ok;
}
