#include "tpcc/client.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common/clock.h"
#include "tpcc/conn.h"
#include "tpcc/digits.h"

void param_reset(ParamBuf *params)
{
    params->count = 0;
    params->used = 0;
}

/* Formats into the store; the caller guarantees PARAM_BUF is enough (at most 15 array
 * elements of at most 25 bytes per parameter). */
static char *param_begin(ParamBuf *params)
{
    params->values[params->count++] = params->store + params->used;
    return params->store + params->used;
}

static void param_finish(ParamBuf *params, const char *end)
{
    params->used = (size_t)(end - params->store) + 1;
    params->store[params->used - 1] = '\0';
}

void param_int(ParamBuf *params, int64_t value)
{
    param_finish(params, tpcc_put_int(param_begin(params), value));
}

void param_cents(ParamBuf *params, int64_t cents)
{
    param_finish(params, tpcc_put_decimal(param_begin(params), cents, 2));
}

void param_text(ParamBuf *params, const char *text)
{
    char *out = param_begin(params);
    size_t len = strlen(text);
    memcpy(out, text, len);
    param_finish(params, out + len);
}

void param_int_array(ParamBuf *params, const int *values, int count)
{
    char *out = param_begin(params);
    *out++ = '{';
    for (int idx = 0; idx < count; idx++) {
        if (idx)
            *out++ = ',';
        out = tpcc_put_int(out, values[idx]);
    }
    *out++ = '}';
    param_finish(params, out);
}

void param_cents_array(ParamBuf *params, const int64_t *values, int count)
{
    char *out = param_begin(params);
    *out++ = '{';
    for (int idx = 0; idx < count; idx++) {
        if (idx)
            *out++ = ',';
        out = tpcc_put_decimal(out, values[idx], 2);
    }
    *out++ = '}';
    param_finish(params, out);
}

void param_text_array(ParamBuf *params, const char (*values)[25], int count)
{
    char *out = param_begin(params);
    *out++ = '{';
    for (int idx = 0; idx < count; idx++) {
        if (idx)
            *out++ = ',';
        size_t len = strlen(values[idx]);
        memcpy(out, values[idx], len);
        out += len;
    }
    *out++ = '}';
    param_finish(params, out);
}

static bool sqlstate_is(const char *state, const char *want)
{
    return state && !strcmp(state, want);
}

/* Sorts a failed statement into retry / fail / cancel / lost. */
static TxnOutcome classify(TpccClient *client, const PGresult *res)
{
    const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
    const char *msg = res ? PQresultErrorMessage(res) : PQerrorMessage(client->conn);
    snprintf(client->sqlstate, sizeof(client->sqlstate), "%s", state ? state : "-----");
    snprintf(client->error, sizeof(client->error), "%.*s", (int)strcspn(msg, "\n"), msg);
    if (PQstatus(client->conn) != CONNECTION_OK || (state && !strncmp(state, "08", 2)) ||
        sqlstate_is(state, "57P01") || sqlstate_is(state, "57P02") || sqlstate_is(state, "57P03"))
        return TXN_LOST;
    if (sqlstate_is(state, "40001") || sqlstate_is(state, "40P01"))
        return TXN_RETRY;
    if (sqlstate_is(state, "57014") && atomic_load(&client->shared->stop))
        return TXN_CANCELED;
    return TXN_FAILED;
}

PGresult *client_exec(TpccClient *client, TpccStmt stmt, TxnOutcome *outcome)
{
    client->statements++;
    client->round_trips++;
    PGresult *res = PQexecPrepared(client->conn, tpcc_stmts[stmt].name, client->params.count,
                                   client->params.values, NULL, NULL, 0);
    ExecStatusType status = PQresultStatus(res);
    if (res && (status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK))
        return res;
    *outcome = classify(client, res);
    PQclear(res);
    return NULL;
}

void client_batch_start(TpccClient *client)
{
    client->batch_count = 0;
    client->batch_broken = PQenterPipelineMode(client->conn) != 1;
}

void client_batch_add(TpccClient *client, TpccStmt stmt)
{
    if (client->batch_broken || client->batch_count == BATCH_MAX) {
        client->batch_broken = true;
        return;
    }
    client->statements++;
    client->batch_count++;
    if (PQsendQueryPrepared(client->conn, tpcc_stmts[stmt].name, client->params.count,
                            client->params.values, NULL, NULL, 0) != 1)
        client->batch_broken = true;
}

void client_batch_clear(PGresult **results, int count)
{
    for (int idx = 0; idx < count; idx++) {
        PQclear(results[idx]);
        results[idx] = NULL;
    }
}

/* Result of one pipelined statement, then the NULL that ends it. */
static PGresult *batch_next(TpccClient *client, TxnOutcome *outcome)
{
    PGresult *res = PQgetResult(client->conn);
    if (!res) {
        *outcome = classify(client, NULL);
        return NULL;
    }
    ExecStatusType status = PQresultStatus(res);
    if (status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK) {
        PQclear(PQgetResult(client->conn));
        return res;
    }
    if (status != PGRES_PIPELINE_ABORTED && *outcome == TXN_COMMITTED)
        *outcome = classify(client, res);
    PQclear(res);
    PQclear(PQgetResult(client->conn));
    return NULL;
}

TxnOutcome client_batch_run(TpccClient *client, PGresult **results)
{
    TxnOutcome outcome = TXN_COMMITTED;
    int count = client->batch_count;
    client->round_trips++;
    for (int idx = 0; idx < count; idx++)
        results[idx] = NULL;
    if (client->batch_broken || PQpipelineSync(client->conn) != 1)
        return classify(client, NULL);
    for (int idx = 0; idx < count && outcome != TXN_LOST; idx++)
        results[idx] = batch_next(client, &outcome);
    if (outcome != TXN_LOST) {
        PGresult *sync = PQgetResult(client->conn); /* PGRES_PIPELINE_SYNC */
        PQclear(sync);
        PQexitPipelineMode(client->conn);
    }
    if (outcome != TXN_COMMITTED)
        client_batch_clear(results, count);
    return outcome;
}

TxnOutcome client_simple(TpccClient *client, TpccStmt stmt)
{
    TxnOutcome outcome = TXN_COMMITTED;
    param_reset(&client->params);
    PQclear(client_exec(client, stmt, &outcome));
    return outcome;
}

int client_other_warehouse(TpccClient *client, int w_id)
{
    int other = (int)tpcc_rand_int(&client->rng, 1, client->shared->warehouses - 1);
    return other >= w_id ? other + 1 : other;
}

typedef struct TxnKind {
    void (*input)(TpccClient *client);
    TxnOutcome (*execute)(TpccClient *client);
    double keying_s; /* clause 5.2.5.7 */
    double think_mean_s;
} TxnKind;

static const TxnKind kinds[TPCC_TXN_TYPES] = {
    [TPCC_NEW_ORDER] = {txn_new_order_input, txn_new_order, 18, 12},
    [TPCC_PAYMENT] = {txn_payment_input, txn_payment, 3, 12},
    [TPCC_ORDER_STATUS] = {txn_order_status_input, txn_order_status, 2, 10},
    [TPCC_DELIVERY] = {txn_delivery_input, txn_delivery, 2, 5},
    [TPCC_STOCK_LEVEL] = {txn_stock_level_input, txn_stock_level, 2, 5},
};

static TpccTxnType next_card(TpccClient *client)
{
    if (client->deck_pos == 0 || client->deck_pos >= TPCC_DECK_SIZE) {
        tpcc_deck_shuffle(&client->rng, client->deck);
        client->deck_pos = 0;
    }
    return (TpccTxnType)client->deck[client->deck_pos++];
}

/* Sleeps until `until` in short slices so a stop is noticed within 100 ms; false when
 * stopped. */
static bool sleep_until_unless_stopped(TpccClient *client, double until)
{
    while (!atomic_load(&client->shared->stop)) {
        double now = pk_clock_now();
        if (now >= until)
            return true;
        pk_clock_sleep_until(until - now < 0.1 ? until : now + 0.1, NULL);
    }
    return false;
}

static bool sleep_unless_stopped(TpccClient *client, double seconds)
{
    return sleep_until_unless_stopped(client, pk_clock_now() + seconds);
}

/* Think time: negative exponential with the clause's mean, capped at ten times the mean. */
static double think_time(TpccClient *client, double mean)
{
    double uniform = (double)(tpcc_rand_next(&client->rng) >> 11) * 0x1.0p-53;
    double t = -log(1.0 - uniform) * mean;
    return t > 10 * mean ? 10 * mean : t;
}

typedef struct Attempts {
    TxnOutcome outcome;
    int retries_40001, retries_40P01;
} Attempts;

static void rollback_quietly(TpccClient *client)
{
    if (PQstatus(client->conn) == CONNECTION_OK)
        client_simple(client, STMT_ROLLBACK);
}

/* Executes the drawn inputs, re-running them unchanged after 40001/40P01. */
static Attempts execute_with_retries(TpccClient *client, TpccTxnType type)
{
    Attempts att = {0};
    int max_retries =
        client->shared->opts->max_retries > 0 ? client->shared->opts->max_retries : 10;
    for (;;) {
        memset(&client->pending, 0, sizeof(client->pending));
        att.outcome = kinds[type].execute(client);
        if (att.outcome != TXN_RETRY)
            break;
        rollback_quietly(client);
        if (!strcmp(client->sqlstate, "40001"))
            att.retries_40001++;
        else
            att.retries_40P01++;
        if (att.retries_40001 + att.retries_40P01 > max_retries ||
            atomic_load(&client->shared->stop)) {
            att.outcome = TXN_FAILED;
            break;
        }
    }
    if (att.outcome == TXN_FAILED)
        rollback_quietly(client);
    return att;
}

static void spec_add(TpccSpecCounters *into, const TpccSpecCounters *from)
{
    uint64_t *dst = (uint64_t *)into;
    const uint64_t *src = (const uint64_t *)from;
    for (size_t idx = 0; idx < sizeof(*into) / sizeof(uint64_t); idx++)
        dst[idx] += src[idx];
}

static void series_add(RunShared *shared, int second, TpccTxnType type, bool failed,
                       uint64_t latency_us)
{
    if (second < 0 || second >= shared->series_len)
        return;
    SharedSecond *sec = &shared->series[second];
    if (failed) {
        atomic_fetch_add_explicit(&sec->failed, 1, memory_order_relaxed);
        return;
    }
    atomic_fetch_add_explicit(&sec->done[type], 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&sec->latency_sum_us, latency_us, memory_order_relaxed);
    uint64_t seen = atomic_load_explicit(&sec->latency_max_us, memory_order_relaxed);
    while (latency_us > seen &&
           !atomic_compare_exchange_weak_explicit(&sec->latency_max_us, &seen, latency_us,
                                                  memory_order_relaxed, memory_order_relaxed))
        ;
}

static bool in_measured_interval(const RunShared *shared, double when)
{
    return when >= shared->measure_start && when < shared->measure_end &&
           !atomic_load(&shared->stop);
}

/* The start the latency is measured from: the scheduled one under a rate (so the time spent
 * waiting behind a slow transaction counts, as a user's would), else the actual one. */
typedef struct TxnTimes {
    double scheduled, started, ended;
} TxnTimes;

static void live_add(_Atomic double *sum, double value)
{
    atomic_store_explicit(sum, atomic_load_explicit(sum, memory_order_relaxed) + value,
                          memory_order_relaxed);
}

static void live_inc(_Atomic uint64_t *count)
{
    atomic_store_explicit(count, atomic_load_explicit(count, memory_order_relaxed) + 1,
                          memory_order_relaxed);
}

/* The progress line's counters: every transaction of the run, warm-up included. */
static void record_live(TpccClient *client, TpccTxnType type, bool failed, bool late,
                        const TxnTimes *t)
{
    const TpccRunOpts *opts = client->shared->opts;
    if (opts->rate_tps > 0) {
        live_add(&client->live_lag_sum_ms, (t->started - t->scheduled) * 1e3);
        live_inc(&client->live_lagged);
    }
    if (failed) {
        live_inc(&client->live_failed);
        return;
    }
    double latency_ms = (t->ended - t->scheduled) * 1e3;
    live_add(&client->live_latency_sum_ms, latency_ms);
    live_add(&client->live_latency_sq_ms2, latency_ms * latency_ms);
    if (late)
        live_inc(&client->live_late);
    live_inc(&client->live_done);
    if (type == TPCC_NEW_ORDER)
        live_inc(&client->live_new_order);
}

/* Counts the transaction when it ended inside the measured interval. */
static void record(TpccClient *client, TpccTxnType type, const Attempts *att, const TxnTimes *t)
{
    RunShared *shared = client->shared;
    const TpccRunOpts *opts = shared->opts;
    bool failed = att->outcome == TXN_FAILED;
    uint64_t latency_us = (uint64_t)((t->ended - t->scheduled) * 1e6 + 0.5);
    bool late =
        !failed && opts->latency_limit_ms > 0 && (double)latency_us > opts->latency_limit_ms * 1e3;
    record_live(client, type, failed, late, t);
    if (!in_measured_interval(shared, t->ended))
        return;
    int second = (int)(t->ended - shared->measure_start);
    TpccStats *stats = &client->stats;
    stats->txn[type].statements += client->statements;
    stats->txn[type].round_trips += client->round_trips;
    stats->txn[type].retries += (uint64_t)(att->retries_40001 + att->retries_40P01);
    if (att->retries_40001)
        tpcc_codes_add(&stats->retried, "40001", (uint64_t)att->retries_40001);
    if (att->retries_40P01)
        tpcc_codes_add(&stats->retried, "40P01", (uint64_t)att->retries_40P01);
    if (opts->rate_tps > 0) {
        uint64_t lag_us = (uint64_t)((t->started - t->scheduled) * 1e6 + 0.5);
        stats->pace.lag_count++;
        stats->pace.lag_sum_us += lag_us;
        if (lag_us > stats->pace.lag_max_us)
            stats->pace.lag_max_us = lag_us;
    }
    if (failed) {
        tpcc_stats_failed(stats, type, client->sqlstate, -1);
        series_add(shared, second, type, true, 0);
        return;
    }
    stats->pace.late += late;
    tpcc_stats_done(stats, type, att->outcome == TXN_ROLLED_BACK, latency_us, -1);
    series_add(shared, second, type, false, latency_us);
    spec_add(&stats->spec, &client->pending);
}

/* --rate: exponential inter-arrival times with mean clients / rate, so each client's arrivals
 * are a Poisson process and all of them together arrive at the asked rate. As in pgbench, each
 * schedule is the client's own: a client busy past its next due time starts late (the lag), and
 * the latency counts from the due time. */
static double next_arrival_gap(TpccClient *client)
{
    const TpccRunOpts *opts = client->shared->opts;
    double mean = (double)opts->clients / opts->rate_tps;
    /* uniform in (0, 1]: log(0) never happens */
    double uniform = (double)((tpcc_rand_next(&client->arrivals) >> 11) + 1) * 0x1.0p-53;
    return -log(uniform) * mean;
}

/* Waits for the next due time; false when the run stops first. With a latency limit, due times
 * that are already later than the limit are skipped (never sent, counted), as pgbench's
 * --latency-limit does under --rate. */
static bool wait_for_schedule(TpccClient *client, double *scheduled)
{
    RunShared *shared = client->shared;
    double limit_s = shared->opts->latency_limit_ms / 1e3;
    client->next_due += next_arrival_gap(client);
    if (limit_s > 0) {
        double now = pk_clock_now();
        while (client->next_due < now - limit_s) {
            live_inc(&client->live_skipped);
            if (in_measured_interval(shared, client->next_due))
                client->stats.pace.skipped++;
            client->next_due += next_arrival_gap(client);
        }
    }
    *scheduled = client->next_due;
    return sleep_until_unless_stopped(client, client->next_due);
}

static void report_lost(TpccClient *client)
{
    RunShared *shared = client->shared;
    pthread_mutex_lock(&shared->lock);
    if (!atomic_load(&shared->server_lost))
        snprintf(shared->lost_detail, sizeof(shared->lost_detail), "%s", client->error);
    atomic_store(&shared->server_lost, 1);
    pthread_mutex_unlock(&shared->lock);
    atomic_store(&shared->stop, 1);
}

void *client_main(void *arg)
{
    TpccClient *client = arg;
    RunShared *shared = client->shared;
    bool think = shared->opts->think, paced = shared->opts->rate_tps > 0;
    client->next_due = shared->run_start;
    while (!atomic_load(&shared->stop)) {
        TxnTimes t = {0};
        if (paced && !wait_for_schedule(client, &t.scheduled))
            break;
        TpccTxnType type = next_card(client);
        kinds[type].input(client);
        if (think && !sleep_unless_stopped(client, kinds[type].keying_s))
            break;
        client->statements = client->round_trips = 0;
        t.started = pk_clock_now();
        if (!paced)
            t.scheduled = t.started;
        Attempts att = execute_with_retries(client, type);
        t.ended = pk_clock_now();
        if (att.outcome == TXN_LOST) {
            report_lost(client);
            break;
        }
        if (att.outcome == TXN_CANCELED)
            break;
        record(client, type, &att, &t);
        if (think && !sleep_unless_stopped(client, think_time(client, kinds[type].think_mean_s)))
            break;
    }
    atomic_store(&client->finished, 1);
    return NULL;
}
