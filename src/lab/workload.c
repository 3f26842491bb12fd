#include "lab/workload.h"

#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "common/xalloc.h"
#include "lab/qload.h"
#include "tpcc/tpcc.h"

/* Warehouses loaded in the tpcc schema: -1 when there is none (or it cannot be read). */
static int loaded_warehouses(const char *conninfo, char **errmsg)
{
    PGconn *conn = PQconnectdb(conninfo);
    if (PQstatus(conn) != CONNECTION_OK) {
        *errmsg = xasprintf("could not connect: %s", PQerrorMessage(conn));
        PQfinish(conn);
        return -2;
    }
    PQsetNoticeProcessor(conn, NULL, NULL);
    PGresult *res = PQexec(conn, "SELECT count(*) FROM " TPCC_SCHEMA ".warehouse");
    int count = PQresultStatus(res) == PGRES_TUPLES_OK ? atoi(PQgetvalue(res, 0, 0)) : -1;
    PQclear(res);
    PQfinish(conn);
    return count;
}

/* Takes the tpcc module's diagnostic as this module's error text (freeing the diagnostic). */
static char *tpcc_error_text(PkDiag *diag)
{
    const char *message = diag->message ? diag->message : "unknown error";
    char *text = diag->hint ? xasprintf("%s\nhint: %s", message, diag->hint) : xstrdup(message);
    pk_diag_free(diag);
    return text;
}

/* The loader's bar on a terminal (tpcc_load itself prints nothing). */
static void load_progress(const TpccLoadProgress *progress, void *arg)
{
    (void)arg;
    if (progress->phase != TPCC_LOAD_COPY)
        return;
    StrBuf line = STRBUF_INIT;
    tpcc_load_progress_text(progress, false, &line);
    fprintf(stderr, "\r%s%s", sb_str(&line), progress->phase_end ? "\n" : "");
    fflush(stderr);
    sb_free(&line);
}

bool workload_prepare(const char *conninfo, int warehouses, bool may_drop, bool progress,
                      volatile sig_atomic_t *stop, bool *loaded_now, double *load_s,
                      char **errmsg)
{
    *loaded_now = false;
    *load_s = 0;
    int have = loaded_warehouses(conninfo, errmsg);
    if (have == -2)
        return false;
    if (have == warehouses) {
        /* Same size: reuse it, unless the loader marked it incomplete (tpcc_run checks). */
        return true;
    }
    if (have > 0 && !may_drop) {
        *errmsg = xasprintf("the server holds a TPC-C database of %d warehouses, not %d", have,
                            warehouses);
        return false;
    }
    TpccLoadOpts opts = {.conninfo = conninfo, .warehouses = warehouses, .jobs = 2,
                         .drop = have >= 0, .seed = 42, .stop = stop,
                         .progress_fn = progress ? load_progress : NULL};
    TpccLoadResult res;
    PkDiag diag = PK_DIAG_INIT;
    memset(&res, 0, sizeof(res));
    if (!tpcc_load(&opts, &res, &diag)) {
        char *text = tpcc_error_text(&diag);
        *errmsg = xasprintf("could not load the TPC-C database: %s", text);
        free(text);
        return false;
    }
    *loaded_now = true;
    *load_s = res.total_seconds;
    return true;
}

static void format_errors(const TpccCodeCounts *codes, WorkloadResult *out)
{
    if (tpcc_codes_total(codes) == 0)
        return;
    StrBuf sb = STRBUF_INIT;
    for (int idx = 0; idx < codes->used; idx++)
        sb_printf(&sb, "%s%s × %llu", idx ? ", " : "", codes->code[idx],
                  (unsigned long long)codes->count[idx]);
    if (codes->other)
        sb_printf(&sb, "%sother × %llu", sb.len ? ", " : "", (unsigned long long)codes->other);
    out->errors = sb_detach(&sb);
}

/* Copies what the labs report out of a TPC-C result. */
void workload_set_latency(WorkloadResult *out, const TpccHist *all)
{
    bool any = all->count > 0;
    out->p50_ms = any ? (double)tpcc_hist_quantile(all, 0.50) / 1000 : -1;
    out->p90_ms = any ? (double)tpcc_hist_quantile(all, 0.90) / 1000 : -1;
    out->p95_ms = any ? (double)tpcc_hist_quantile(all, 0.95) / 1000 : -1;
    out->p99_ms = any ? (double)tpcc_hist_quantile(all, 0.99) / 1000 : -1;
    out->max_ms = any ? (double)all->max_us / 1000 : -1;
}

static void fill_from_tpcc(const TpccResult *res, WorkloadResult *out)
{
    out->complete = res->complete;
    if (!res->complete)
        out->stop_detail = xstrdup(res->stop_detail[0] ? res->stop_detail
                                                       : tpcc_stop_reason_key(res->stop_reason));
    out->measured_s = res->measured_s;
    out->completed = tpcc_result_total(res);
    out->tps = tpcc_result_tps(res);
    out->tpmc = tpcc_result_tpmc(res);
    TpccHist *all = xcalloc(1, sizeof(TpccHist));
    for (int type = 0; type < TPCC_TXN_TYPES; type++) {
        tpcc_hist_merge(all, &res->stats.txn[type].latency);
        out->failed += res->stats.txn[type].failed;
    }
    workload_set_latency(out, all);
    free(all);
    out->client_cpu_s = res->cpu_user_s + res->cpu_sys_s;
    out->n_seconds = res->stats.series_len;
    out->per_second = xcalloc((size_t)out->n_seconds + 1, sizeof(uint32_t));
    for (int sec = 0; sec < out->n_seconds; sec++)
        for (int type = 0; type < TPCC_TXN_TYPES; type++)
            out->per_second[sec] += res->stats.series[sec].done[type];
    format_errors(&res->stats.errors, out);
    out->server_version = xstrdup(res->server_version);
}

static bool run_tpcc(const char *conninfo, const WorkloadParams *params,
                     volatile sig_atomic_t *stop, WorkloadResult *out, char **errmsg)
{
    TpccRunOpts opts = {.conninfo = conninfo, .warehouses = params->warehouses,
                        .clients = params->clients, .duration_s = params->duration_s,
                        .warmup_s = params->warmup_s, .seed = params->seed, .stop = stop};
    TpccResult res;
    PkDiag diag = PK_DIAG_INIT;
    memset(&res, 0, sizeof(res));
    if (!tpcc_run(&opts, &res, &diag)) {
        *errmsg = tpcc_error_text(&diag);
        tpcc_result_free(&res);
        return false;
    }
    fill_from_tpcc(&res, out);
    tpcc_result_free(&res);
    return true;
}

bool workload_run(const char *conninfo, const WorkloadParams *params,
                  volatile sig_atomic_t *stop, WorkloadResult *out, char **errmsg)
{
    memset(out, 0, sizeof(*out));
    if (params->type == WORKLOAD_TPCC)
        return run_tpcc(conninfo, params, stop, out, errmsg);
    return qload_run(conninfo, params, stop, out, errmsg);
}

void workload_result_free(WorkloadResult *res)
{
    free(res->stop_detail);
    free(res->per_second);
    free(res->errors);
    free(res->server_version);
    memset(res, 0, sizeof(*res));
}
