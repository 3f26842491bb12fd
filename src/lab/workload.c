#include "lab/workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "common/xalloc.h"
#include "db/ctl.h"
#include "lab/pgbench.h"
#include "lab/qload.h"
#include "tpcc/tpcc.h"

/* Warehouses loaded in the tpcc schema: -1 when there is none (or it cannot be read), -2 when
 * the server cannot be reached (*diag says why). */
static int loaded_warehouses(const char *conninfo, PkDiag *diag)
{
    DbCtl *ctl = dbctl_connect(conninfo, diag);
    if (!ctl)
        return -2;
    char *count = dbctl_value(ctl, "SELECT count(*) FROM " TPCC_SCHEMA ".warehouse", NULL);
    int have = count ? atoi(count) : -1;
    free(count);
    dbctl_close(ctl);
    return have;
}

bool workload_prepare(const char *conninfo, int warehouses, bool may_drop,
                      TpccLoadProgressFn progress, void *progress_arg, PkStopFlag *stop,
                      bool *loaded_now, double *load_s, PkDiag *diag)
{
    *loaded_now = false;
    *load_s = 0;
    int have = loaded_warehouses(conninfo, diag);
    if (have == -2)
        return false;
    if (have == warehouses) {
        /* Same size: reuse it, unless the loader marked it incomplete (tpcc_run checks). */
        return true;
    }
    if (have > 0 && !may_drop) {
        pk_diag_set(diag, NULL, 0, NULL,
                    "the server holds a TPC-C-derived database of %d warehouses, not %d", have,
                    warehouses);
        return false;
    }
    TpccLoadOpts opts = {.conninfo = conninfo,
                         .warehouses = warehouses,
                         .jobs = 2,
                         .drop = have >= 0,
                         .seed = 42,
                         .stop = stop,
                         .progress_fn = progress,
                         .progress_arg = progress_arg};
    TpccLoadResult res;
    memset(&res, 0, sizeof(res));
    PkDiag err = PK_DIAG_INIT;
    if (!tpcc_load(&opts, &res, &err)) {
        pk_diag_prefix(&err, "could not load the TPC-C-derived database");
        lab_diag_pass(diag, &err);
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
    out->errors = arena_strdup(arena_get(&out->arena), sb_str(&sb));
    sb_free(&sb);
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
    out->mean_ms = any ? tpcc_hist_mean_us(all) / 1000 : -1;
}

static void fill_from_tpcc(const TpccResult *res, WorkloadResult *out)
{
    out->complete = res->complete;
    if (!res->complete)
        out->stop_detail = arena_strdup(
            arena_get(&out->arena),
            res->stop_detail[0] ? res->stop_detail : tpcc_stop_reason_key(res->stop_reason));
    out->measured_s = res->measured_s;
    out->completed = tpcc_result_total(res);
    out->tps = tpcc_result_tps(res);
    out->nopm = tpcc_result_nopm(res);
    TpccHist *all = xcalloc(1, sizeof(TpccHist));
    for (int type = 0; type < TPCC_TXN_TYPES; type++) {
        tpcc_hist_merge(all, &res->stats.txn[type].latency);
        out->failed += res->stats.txn[type].failed;
    }
    workload_set_latency(out, all);
    free(all);
    out->client_cpu_s = res->cpu_user_s + res->cpu_sys_s;
    out->n_seconds = res->stats.series_len;
    out->per_second =
        arena_array(arena_get(&out->arena), (size_t)out->n_seconds + 1, sizeof(uint32_t));
    for (int sec = 0; sec < out->n_seconds; sec++)
        for (int type = 0; type < TPCC_TXN_TYPES; type++)
            out->per_second[sec] += res->stats.series[sec].done[type];
    format_errors(&res->stats.errors, out);
    out->server_version = arena_strdup(arena_get(&out->arena), res->server_version);
}

static bool run_tpcc(const char *conninfo, const WorkloadParams *params, PkStopFlag *stop,
                     WorkloadResult *out, PkDiag *diag)
{
    TpccRunOpts opts = {.conninfo = conninfo,
                        .warehouses = params->warehouses,
                        .clients = params->clients,
                        .duration_s = params->duration_s,
                        .warmup_s = params->warmup_s,
                        .seed = params->seed,
                        .stop = stop};
    TpccResult res;
    memset(&res, 0, sizeof(res));
    bool ok = tpcc_run(&opts, &res, diag);
    if (ok)
        fill_from_tpcc(&res, out);
    arena_free(res.arena);
    return ok;
}

bool workload_run(const char *conninfo, const WorkloadParams *params, PkStopFlag *stop,
                  WorkloadResult *out, PkDiag *diag)
{
    memset(out, 0, sizeof(*out));
    if (params->type == WORKLOAD_TPCC)
        return run_tpcc(conninfo, params, stop, out, diag);
    if (params->type == WORKLOAD_PGBENCH)
        return pgbench_run(conninfo, params, stop, out, diag);
    return qload_run(conninfo, params, stop, out, diag);
}
