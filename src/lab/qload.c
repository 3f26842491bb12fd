#include "lab/qload.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "common/clock.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "db/stmt_loop.h"
#include "lab/proc.h"
#include "tpcc/stats.h"

typedef struct QloadClient {
    const char *conninfo;
    const char *sql;
    double t_measure, t_end; /* monotonic seconds */
    DbStmtLoop *loop;        /* set and cleared under cancel_lock */
    pthread_mutex_t *cancel_lock;
    PkStopFlag done_flag;
    TpccHist hist;
    uint64_t completed, failed;
    uint32_t *per_second;
    int n_seconds;
    char error[256];
} QloadClient;

static void client_record(QloadClient *client, double t0, double t1, bool ok)
{
    if (t1 < client->t_measure || t1 > client->t_end)
        return;
    if (!ok) {
        client->failed++;
        return;
    }
    client->completed++;
    tpcc_hist_add(&client->hist, (uint64_t)((t1 - t0) * 1e6));
    int second = (int)(t1 - client->t_measure);
    if (second >= 0 && second < client->n_seconds)
        client->per_second[second]++;
}

static void *client_main(void *arg)
{
    QloadClient *client = arg;
    PkDiag err = PK_DIAG_INIT;
    DbStmtLoop *loop = dbloop_open(client->conninfo, client->sql, &err);
    if (!loop) {
        snprintf(client->error, sizeof(client->error), "%s", err.message);
        pk_diag_free(&err);
        client->done_flag = 1;
        return NULL;
    }
    pthread_mutex_lock(client->cancel_lock);
    client->loop = loop;
    pthread_mutex_unlock(client->cancel_lock);
    while (pk_clock_now() < client->t_end && !client->done_flag) {
        double t0 = pk_clock_now();
        DbLoopStatus status = dbloop_run(loop, &err);
        double t1 = pk_clock_now();
        if (status == DBLOOP_LOST) {
            snprintf(client->error, sizeof(client->error), "%s", err.message);
            pk_diag_free(&err);
            break;
        }
        client_record(client, t0, t1, status == DBLOOP_OK);
    }
    pthread_mutex_lock(client->cancel_lock);
    client->loop = NULL;
    pthread_mutex_unlock(client->cancel_lock);
    dbloop_close(loop);
    client->done_flag = 1;
    return NULL;
}

/* Waits for the end of the interval (or the stop flag), then cancels what still runs. */
static void supervise(QloadClient *clients, int n, double t_end, PkStopFlag *stop,
                      pthread_mutex_t *cancel_lock)
{
    while (pk_clock_now() < t_end && !(stop && *stop))
        pk_clock_sleep_ms(50);
    pthread_mutex_lock(cancel_lock);
    for (int idx = 0; idx < n; idx++) {
        clients[idx].done_flag = 1;
        dbloop_cancel(clients[idx].loop);
    }
    pthread_mutex_unlock(cancel_lock);
}

static void fill_result(QloadClient *clients, int n, double measured_s, WorkloadResult *out)
{
    TpccHist *all = xcalloc(1, sizeof(TpccHist));
    out->n_seconds = clients[0].n_seconds;
    out->per_second =
        arena_array(arena_get(&out->arena), (size_t)out->n_seconds + 1, sizeof(uint32_t));
    for (int idx = 0; idx < n; idx++) {
        tpcc_hist_merge(all, &clients[idx].hist);
        out->completed += clients[idx].completed;
        out->failed += clients[idx].failed;
        for (int sec = 0; sec < out->n_seconds; sec++)
            out->per_second[sec] += clients[idx].per_second[sec];
    }
    out->measured_s = measured_s;
    out->tps = measured_s > 0 ? (double)out->completed / measured_s : 0;
    out->nopm = -1;
    workload_set_latency(out, all);
    free(all);
}

bool qload_run(const char *conninfo, const WorkloadParams *params, PkStopFlag *stop,
               WorkloadResult *out, PkDiag *diag)
{
    memset(out, 0, sizeof(*out));
    int n = params->clients > 0 ? params->clients : 1;
    QloadClient *clients = xcalloc((size_t)n, sizeof(QloadClient));
    pthread_mutex_t cancel_lock = PTHREAD_MUTEX_INITIALIZER;
    double t_start = pk_clock_now();
    double t_measure = t_start + params->warmup_s, t_end = t_measure + params->duration_s;
    int n_seconds = (int)params->duration_s + 1;
    int started = 0;
    for (int idx = 0; idx < n; idx++) {
        QloadClient *client = &clients[idx];
        client->conninfo = conninfo;
        client->sql = params->sql;
        client->t_measure = t_measure;
        client->t_end = t_end;
        client->cancel_lock = &cancel_lock;
        client->n_seconds = n_seconds;
        client->per_second = xcalloc((size_t)n_seconds, sizeof(uint32_t));
    }
    pthread_t *threads = xcalloc((size_t)n, sizeof(pthread_t));
    for (; started < n; started++)
        if (pthread_create(&threads[started], NULL, client_main, &clients[started]) != 0)
            break;
    double cpu0 = proc_rusage_cpu_s(RUSAGE_SELF);
    supervise(clients, started, t_end, stop, &cancel_lock);
    for (int idx = 0; idx < started; idx++)
        pthread_join(threads[idx], NULL);
    double measured = pk_clock_now() - t_measure;
    if (measured > params->duration_s)
        measured = params->duration_s;
    bool ok = started == n && clients[0].error[0] == '\0';
    if (!ok) {
        pk_diag_set(diag, NULL, 0, NULL, "the query workload could not run: %s",
                    clients[0].error[0] ? clients[0].error : "could not start threads");
    } else {
        fill_result(clients, n, measured > 0 ? measured : 0, out);
        out->client_cpu_s = proc_rusage_cpu_s(RUSAGE_SELF) - cpu0;
        out->complete = !(stop && *stop);
        if (!out->complete)
            out->stop_detail = arena_strdup(arena_get(&out->arena), "interrupted");
    }
    for (int idx = 0; idx < n; idx++)
        free(clients[idx].per_second);
    free(clients);
    free(threads);
    return ok;
}
