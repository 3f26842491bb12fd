/* Wait-event sampling: every interval, one read of pg_stat_activity for the client backends and
 * autovacuum workers; an active backend without a wait event is counted as CPU. Shares are of all
 * backend observations, so 0.4 for IO:DataFileRead means "40% of the time an active backend was
 * seen, it was waiting for a data file read". */
#include "audit/sample.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "common/clock.h"
#include "common/signals.h"
#include "common/xalloc.h"

/* The events of the storage diagnosis in Sai Srirampur's "Postgres Isn't Slow. Your Storage Is"
 * (POSETTE 2026): always reported, even at 0. */
static const char *const key_events[] = {"IO:DataFileRead", "IO:WalSync", "LWLock:WALWrite",
                                         "CPU:CPU"};

typedef struct EventCount {
    char *name; /* "IO:DataFileRead", "CPU:CPU" */
    double count;
} EventCount;

typedef struct Tally {
    EventCount *events;
    size_t n_events, cap_events;
    double observations;
    int ticks;
    double peak_clients; /* the most client connections one sample saw */
    int saturated_ticks; /* samples with every autovacuum worker at work */
    double max_workers;  /* autovacuum_max_workers */
    int interval_ms;
    double elapsed_s;
} Tally;

static void tally_add(Tally *tally, const char *type, const char *event)
{
    char name[160];
    snprintf(name, sizeof(name), "%s:%s", type, event);
    /* 17 renamed IO:WALSync to IO:WalSync: the key events keep one spelling on every version */
    for (size_t key_idx = 0; key_idx < sizeof(key_events) / sizeof(key_events[0]); key_idx++)
        if (!strcasecmp(name, key_events[key_idx]))
            snprintf(name, sizeof(name), "%s", key_events[key_idx]);
    tally->observations++;
    for (size_t event_idx = 0; event_idx < tally->n_events; event_idx++)
        if (!strcmp(tally->events[event_idx].name, name)) {
            tally->events[event_idx].count++;
            return;
        }
    PK_GROW(tally->events, tally->n_events, tally->cap_events);
    tally->events[tally->n_events++] = (EventCount){.name = xstrdup(name), .count = 1};
}

static double tally_count(const Tally *tally, const char *name)
{
    for (size_t event_idx = 0; event_idx < tally->n_events; event_idx++)
        if (!strcmp(tally->events[event_idx].name, name))
            return tally->events[event_idx].count;
    return 0;
}

/* "CPU:CPU" is reported as key "wait.share.CPU"; others keep "Type:Event". */
static char *share_key(const char *name)
{
    return !strcmp(name, "CPU:CPU") ? xstrdup("wait.share.CPU") : xasprintf("wait.share.%s", name);
}

static void add_share(AuditResult *res, const Tally *tally, const char *name)
{
    double count = tally_count(tally, name);
    double frac = tally->observations > 0 ? count / tally->observations : 0;
    char *key = share_key(name);
    char *text = xasprintf("%s: %.1f%% of %.0f active-backend observations (%d samples every "
                           "%d ms over %.1f s)",
                           !strcmp(name, "CPU:CPU") ? "on CPU (no wait "
                                                      "event)"
                                                    : name,
                           100 * frac, tally->observations, tally->ticks, tally->interval_ms,
                           tally->elapsed_s);
    snapshot_add_evidence(&res->snap, key, frac, text);
    free(key);
    free(text);
}

/* Every IO:* event together: storage binds when the active backends wait for it more than
 * they do anything else (the checklist's "IO waits dominate the samples"). */
static void add_io_share(AuditResult *res, const Tally *tally)
{
    double io = 0, cpu = tally_count(tally, "CPU:CPU");
    for (size_t event_idx = 0; event_idx < tally->n_events; event_idx++)
        if (!strncmp(tally->events[event_idx].name, "IO:", 3))
            io += tally->events[event_idx].count;
    double frac = tally->observations > 0 ? io / tally->observations : 0;
    double cpu_frac = tally->observations > 0 ? cpu / tally->observations : 0;
    char *text = xasprintf("all IO waits (IO:*): %.1f%% of %.0f active-backend observations, "
                           "against %.1f%% on CPU: %s",
                           100 * frac, tally->observations, 100 * cpu_frac,
                           frac > 0.5 ? "IO waits dominate the samples, storage is the binding "
                                        "resource"
                           : frac > cpu_frac ? "more IO waits than CPU"
                                             : "IO waits do not dominate");
    snapshot_add_evidence(&res->snap, "wait.share.IO", frac, text);
    free(text);
}

static bool is_key_event(const char *name)
{
    for (size_t key_idx = 0; key_idx < sizeof(key_events) / sizeof(key_events[0]); key_idx++)
        if (!strcmp(key_events[key_idx], name))
            return true;
    return false;
}

/* What the samples say beyond wait events: the most connections seen at once, and how often
 * every autovacuum worker was at work. */
static void report_capacity(AuditResult *res, const Tally *tally)
{
    char *text = xasprintf("at most %.0f client connections in %d samples over %.1f s",
                           tally->peak_clients, tally->ticks, tally->elapsed_s);
    snapshot_add_evidence(&res->snap, "connections.peak_sampled", tally->peak_clients, text);
    free(text);
    double frac = (double)tally->saturated_ticks / tally->ticks;
    text = xasprintf("all %.0f autovacuum workers (autovacuum_max_workers) were at work in %d of "
                     "%d samples over %.1f s (%.0f%%)",
                     tally->max_workers, tally->saturated_ticks, tally->ticks, tally->elapsed_s,
                     100 * frac);
    snapshot_add_evidence(&res->snap, "autovacuum.saturated_share", frac, text);
    free(text);
}

static void report_tally(AuditResult *res, const Tally *tally)
{
    char *text = xasprintf("%d samples of pg_stat_activity every %d ms over %.1f s saw %.0f "
                           "active client backends in all (%.2f on average)",
                           tally->ticks, tally->interval_ms, tally->elapsed_s, tally->observations,
                           tally->ticks ? tally->observations / tally->ticks : 0);
    snapshot_add_evidence(&res->snap, "wait.samples", tally->ticks, text);
    free(text);
    text = xasprintf("on average %.2f client backends were active (by Little's law, throughput "
                     "= this concurrency / latency)",
                     tally->ticks ? tally->observations / tally->ticks : 0);
    snapshot_add_evidence(&res->snap, "wait.active_backends",
                          tally->ticks ? tally->observations / tally->ticks : 0, text);
    free(text);
    for (size_t key_idx = 0; key_idx < sizeof(key_events) / sizeof(key_events[0]); key_idx++)
        add_share(res, tally, key_events[key_idx]);
    add_io_share(res, tally);
    for (size_t event_idx = 0; event_idx < tally->n_events; event_idx++)
        if (!is_key_event(tally->events[event_idx].name))
            add_share(res, tally, tally->events[event_idx].name);
    report_capacity(res, tally);
}

/* One sample; false when the sampling must stop (the reason is recorded). */
static bool sample_once(DbConn *conn, AuditResult *res, Tally *tally, int planned)
{
    DbResult r;
    if (!db_run(conn, "wait_sample", &r)) {
        char *what = xasprintf("wait-event sampling (stopped after %d of %d samples)", tally->ticks,
                               planned);
        audit_unavailable(res, what, r.error, true);
        free(what);
        db_result_free(&r);
        return false;
    }
    double clients = 0, workers = 0;
    for (int row = 0; row < r.n_rows; row++) {
        if (!strcmp(db_text(&r, row, 0), "autovacuum")) {
            workers++;
            continue;
        }
        clients++;
        if (!strcmp(db_text(&r, row, 1), "active"))
            tally_add(tally, db_text(&r, row, 2), db_text(&r, row, 3));
    }
    if (clients > tally->peak_clients)
        tally->peak_clients = clients;
    tally->saturated_ticks += tally->max_workers > 0 && workers >= tally->max_workers;
    tally->ticks++;
    db_result_free(&r);
    return true;
}

/* Reports the samples taken (if any) and frees the tally. */
static void tally_finish(AuditResult *res, Tally *tally)
{
    if (tally->ticks > 0)
        report_tally(res, tally);
    for (size_t event_idx = 0; event_idx < tally->n_events; event_idx++)
        free(tally->events[event_idx].name);
    free(tally->events);
}

/* A snapshot's samples, taken by psql running the --collect script: no waiting here. */
static void replay_samples(DbConn *conn, AuditResult *res, Tally *tally, int planned)
{
    for (int tick = 0; tick < planned; tick++)
        if (!sample_once(conn, res, tally, planned))
            break;
}

static double max_workers(const AuditResult *res)
{
    const SnapSetting *setting = snapshot_get(&res->snap, "autovacuum_max_workers");
    return setting && setting->parsed_ok ? setting->parsed.num : 3;
}

double sample_wait_events(DbConn *conn, AuditResult *res, double seconds, int interval_ms)
{
    double replay_elapsed;
    int replay_ticks;
    if (db_is_replay(conn)) {
        if (!db_replay_sample(conn, &seconds, &interval_ms, &replay_elapsed, &replay_ticks))
            return 0;
        Tally tally = {.interval_ms = interval_ms, .max_workers = max_workers(res)};
        replay_samples(conn, res, &tally, replay_ticks);
        tally.elapsed_s = replay_elapsed;
        double span = tally.ticks > 0 ? tally.elapsed_s : 0;
        tally_finish(res, &tally);
        return span;
    }
    Tally tally = {.interval_ms = interval_ms, .max_workers = max_workers(res)};
    int planned = (int)ceil(seconds * 1000 / interval_ms);
    /* Ctrl-C (or SIGTERM) during --sample ends the sampling early; the report uses the samples
     * taken */
    PkSignalSaved saved;
    pk_signals_catch_stop(false, &saved);
    double start = pk_clock_now();
    for (int tick = 0; tick < planned && !pk_stop_signal; tick++) {
        pk_clock_sleep_until(start + tick * interval_ms / 1000.0, &pk_stop_signal);
        if (pk_stop_signal || !sample_once(conn, res, &tally, planned))
            break;
    }
    tally.elapsed_s = pk_clock_now() - start;
    db_record_sample(conn, seconds, interval_ms, tally.elapsed_s);
    bool interrupted = pk_stop_signal != 0;
    pk_signals_restore(&saved);
    if (interrupted) {
        char *why = xasprintf("interrupted after %d of %d samples; the shares use those taken",
                              tally.ticks, planned);
        audit_unavailable(res, "the rest of the wait-event sampling", why, false);
        free(why);
    }
    /* cut short, the sampling no longer spans what was asked: nothing is compared after it */
    double span = tally.ticks > 0 && !interrupted ? tally.elapsed_s : 0;
    tally_finish(res, &tally);
    return span;
}
