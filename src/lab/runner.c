#include "lab/runner.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/signals.h"
#include "common/strbuf.h"
#include "common/redact.h"
#include "common/xalloc.h"
#include "db/ctl.h"
#include "lab/claim.h"
#include "lab/cluster.h"
#include "lab/journal.h"
#include "lab/pgbench.h"
#include "lab/predict.h"
#include "lab/progress.h"
#include "lab/slowfs.h"
#include "lab/target.h"

/* ---- planning ---- */

static StageResult *plan_add(LabRunReport *rep, const Lab *lab, const LabRun *run,
                             const char *group, const char *id)
{
    for (size_t idx = 0; idx < rep->n; idx++)
        if (!strcmp(rep->stages[idx].id, id))
            return NULL;
    rep->stages = xrealloc(rep->stages, (rep->n + 1) * sizeof(StageResult));
    StageResult *stage = &rep->stages[rep->n++];
    memset(stage, 0, sizeof(*stage));
    stage->id = xstrdup(id);
    stage->lab = lab;
    stage->run = run;
    stage->group = xstrdup(group);
    stage->title = xstrdup(run ? run->title : lab->title);
    stage->min_major = lab->min_major;
    return stage;
}

/* Baseline and the stages up to `upto` (all when < 0); with only_last, just the baseline and
 * stage `upto`, still with the cumulative settings. */
static void plan_series(const LabSet *labs, int upto, bool only_last, LabRunReport *rep)
{
    LabSettings cumulative = {0};
    int min_major = 13;
    for (size_t idx = 0; idx < labs->n; idx++) {
        const Lab *lab = &labs->labs[idx];
        if (lab->kind != LAB_STAGE || (upto >= 0 && lab->order > upto))
            continue;
        lab_settings_merge(&cumulative, &lab->settings);
        if (lab->min_major > min_major)
            min_major = lab->min_major;
        if (only_last && lab->order != 0 && lab->order != upto)
            continue;
        StageResult *stage = plan_add(rep, lab, NULL, "series", lab->id);
        if (!stage)
            continue;
        lab_settings_merge(&stage->settings, &cumulative);
        lab_settings_merge(&stage->changes, &lab->settings);
        stage->min_major = min_major;
    }
    arena_free(cumulative.arena);
}

static void plan_standalone(const LabSet *labs, const Lab *lab, LabRunReport *rep)
{
    const Lab *base = lab_set_baseline(labs);
    char *id = xasprintf("%s/baseline", lab->id);
    StageResult *stage = plan_add(rep, lab, NULL, lab->id, id);
    free(id);
    if (stage) {
        free(stage->title);
        stage->title = xstrdup("baseline settings");
        if (base)
            lab_settings_merge(&stage->settings, &base->settings);
        lab_settings_merge(&stage->settings, &lab->settings);
        lab_settings_merge(&stage->changes, &lab->settings);
        stage->storage = lab->storage;
    }
    for (size_t run_idx = 0; run_idx < lab->n_runs; run_idx++) {
        const LabRun *run = &lab->runs[run_idx];
        id = xasprintf("%s/%s", lab->id, run->name);
        stage = plan_add(rep, lab, run, lab->id, id);
        free(id);
        if (!stage)
            continue;
        if (base)
            lab_settings_merge(&stage->settings, &base->settings);
        lab_settings_merge(&stage->settings, &lab->settings);
        lab_settings_merge(&stage->settings, &run->settings);
        lab_settings_merge(&stage->changes, &run->settings);
        /* a run's latencies override the lab's, key by key */
        stage->storage = lab->storage;
        if (run->storage.read_s >= 0)
            stage->storage.read_s = run->storage.read_s;
        if (run->storage.fsync_s >= 0)
            stage->storage.fsync_s = run->storage.fsync_s;
        if (run->storage.wal_fsync_s >= 0)
            stage->storage.wal_fsync_s = run->storage.wal_fsync_s;
    }
}

static bool any_storage(const LabRunReport *rep)
{
    for (size_t idx = 0; idx < rep->n; idx++)
        if (rep->stages[idx].storage.on)
            return true;
    return false;
}

static bool plan(const LabSet *labs, const LabRunOpts *opts, LabRunReport *rep, PkDiag *diag)
{
    for (int sel = 0; sel < opts->n_selection; sel++) {
        const char *name = opts->selection[sel];
        const Lab *lab = lab_set_find(labs, name);
        if (!strcmp(name, "series") || !strcmp(name, "all")) {
            plan_series(labs, -1, false, rep);
            /* not the storage lab: it needs root and FUSE, and puts the cluster on slowfs */
            for (size_t idx = 0; !strcmp(name, "all") && idx < labs->n; idx++)
                if (labs->labs[idx].kind == LAB_STANDALONE && !labs->labs[idx].storage.on)
                    plan_standalone(labs, &labs->labs[idx], rep);
        } else if (lab && lab->kind == LAB_STAGE) {
            plan_series(labs, lab->order, true, rep);
        } else if (lab) {
            plan_standalone(labs, lab, rep);
        } else {
            return pk_diag_set(diag, NULL, 0,
                               "`pgknob lab list` shows the labs; \"series\" runs the slow "
                               "series, \"all\" everything.",
                               "unknown lab \"%s\"", name);
            return false;
        }
    }
    if (rep->n == 0) {
        pk_diag_set(diag, NULL, 0, NULL, "nothing to run: the labs directory has no stages");
        return false;
    }
    return true;
}

/* The workload of a stage: the series uses its baseline's, a standalone lab its own; the
 * command line overrides both. */
static void plan_params(const LabSet *labs, const LabRunOpts *opts, StageResult *stage)
{
    const Lab *source = stage->lab;
    if (source->kind == LAB_STAGE && lab_set_baseline(labs))
        source = lab_set_baseline(labs);
    const LabWorkload *wl = &source->workload;
    WorkloadParams *params = &stage->params;
    params->type = wl->type;
    params->sql = wl->sql;
    params->warehouses =
        opts->quick && wl->quick_warehouses ? wl->quick_warehouses : wl->warehouses;
    params->clients = opts->quick && wl->quick_clients ? wl->quick_clients : wl->clients;
    params->duration_s =
        opts->quick && wl->quick_duration_s > 0 ? wl->quick_duration_s : wl->duration_s;
    params->warmup_s = opts->quick && wl->quick_warmup_s > 0 ? wl->quick_warmup_s : wl->warmup_s;
    if (opts->warehouses)
        params->warehouses = opts->warehouses;
    if (opts->clients)
        params->clients = opts->clients;
    if (opts->duration_s > 0)
        params->duration_s = opts->duration_s;
    if (params->warehouses <= 0)
        params->warehouses = 1;
    if (params->clients <= 0)
        params->clients = 4;
    if (params->duration_s <= 0)
        params->duration_s = 30;
    params->seed = 42;
    if (opts->pgbench_scripts) {
        params->type = WORKLOAD_PGBENCH;
        params->warehouses = 0;
        params->scripts = opts->pgbench_scripts;
        params->pgbench = opts->pgbench;
        params->sql = NULL;
    }
}

/* ---- the machine ---- */

static char *first_line_with(const char *path, const char *prefix)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return NULL;
    char line[512];
    char *found = NULL;
    while (!found && fgets(line, sizeof(line), fp)) {
        if (strncmp(line, prefix, strlen(prefix)) != 0)
            continue;
        const char *colon = strchr(line, ':');
        const char *value = colon ? colon + 1 : line + strlen(prefix);
        while (*value == ' ' || *value == '\t')
            value++;
        found = xstrndup(value, strcspn(value, "\n"));
    }
    fclose(fp);
    return found;
}

/* The machine may be shared: its load average says how busy it was around the run. */
static double load_average(void)
{
    FILE *fp = fopen("/proc/loadavg", "r");
    double load = -1;
    if (fp && fscanf(fp, "%lf", &load) != 1)
        load = -1;
    if (fp)
        fclose(fp);
    return load;
}

static void read_machine(LabRunReport *rep)
{
    rep->load_before = load_average();
    rep->machine_cpu = first_line_with("/proc/cpuinfo", "model name");
    rep->machine_cores = (int)sysconf(_SC_NPROCESSORS_ONLN);
    char *mem = first_line_with("/proc/meminfo", "MemTotal");
    rep->machine_ram_bytes = mem ? strtod(mem, NULL) * 1024 : -1;
    free(mem);
    struct utsname uts;
    rep->machine_kernel = uname(&uts) == 0 ? xasprintf("%s %s", uts.sysname, uts.release) : NULL;
}

/* ---- the server ---- */

static int max_min_major(const LabRunReport *rep)
{
    int need = 13;
    for (size_t idx = 0; idx < rep->n; idx++)
        if (rep->stages[idx].min_major > need)
            need = rep->stages[idx].min_major;
    return need;
}

/* pg_ctl of the server's major, or NULL: --pg-bin, else the builds pgknob knows of. */
static char *find_bindir(const char *pg_bin, const char *project_root, int major)
{
    PgBinSearch search = {pg_bin, project_root, major, false, true};
    PgBin bin = {0};
    char *dir = NULL;
    if (pg_bin_find(&search, &bin, NULL) && bin.major == major)
        dir = xstrdup(bin.dir);
    arena_free(bin.arena);
    return dir;
}

/* The journal of a server that cannot be reached, by the port (and host, when given) of the
 * connection string: NULL when none or more than one fits. */
static char *journal_for_unreachable(const char *state_dir, const char *dsn)
{
    char *dsn_host = dbctl_conninfo_value(dsn, "host");
    char *dsn_port = dbctl_conninfo_value(dsn, "port");
    const char *host = dsn_host ? dsn_host : getenv("PGHOST");
    const char *port = dsn_port ? dsn_port : getenv("PGPORT");
    int want_port = port && *port ? atoi(port) : 5432;
    char **paths;
    size_t n = journal_list(state_dir, &paths);
    char *found = NULL;
    int matches = 0;
    for (size_t idx = 0; idx < n; idx++) {
        LabJournal journal;
        PkDiag err = PK_DIAG_INIT;
        if (journal_read(paths[idx], &journal, &err) && journal.port == want_port &&
            (!host || !*host || !journal.host || !strcmp(journal.host, host))) {
            matches++;
            free(found);
            found = xstrdup(paths[idx]);
        }
        pk_diag_free(&err);
        journal_free(&journal);
        free(paths[idx]);
    }
    free(paths);
    free(dsn_host);
    free(dsn_port);
    if (matches != 1) {
        free(found);
        return NULL;
    }
    return found;
}

/* The diagnostic that names a pending journal and the command that clears it. */
static void pending_diag(const char *path, PkDiag *diag)
{
    LabJournal journal;
    PkDiag err = PK_DIAG_INIT;
    bool read = journal_read(path, &journal, &err);
    bool alive = read && journal_owner_alive(&journal);
    char *server = read ? xasprintf("the server (port %d, data directory %s)", journal.port,
                                    journal.data_directory)
                        : NULL;
    char *lab = read ? xasprintf("`pgknob %s` (pid %ld, %s%s)",
                                 journal.command ? journal.command : "lab run", journal.pid,
                                 alive ? "since " : "", journal.created ? journal.created : "?")
                     : NULL;
    if (alive)
        pk_diag_set(diag, NULL, 0,
                    "Wait for it, or stop it with SIGINT or SIGTERM (it restores the settings "
                    "first).",
                    "a lab is running on %s now: %s; its journal is %s", server, lab, path);
    else if (read)
        pk_diag_set(
            diag, NULL, 0,
            "Run `pgknob lab restore --dsn CONNINFO` with the same connection string to "
            "put its settings back first.",
            "%s still has the settings of a lab that did not finish: %s left the journal %s",
            server, lab, path);
    else
        pk_diag_set(diag, err.file, err.line,
                    "A damaged journal of this server is in the way: move it away once you have "
                    "checked the server's settings by hand.",
                    "%s", err.message);
    free(server);
    free(lab);
    pk_diag_free(&err);
    journal_free(&journal);
}

static bool setup_existing(const LabRunOpts *opts, LabTarget *target, LabRunReport *rep,
                           PkDiag *diag)
{
    if (!opts->allow_existing) {
        return pk_diag_set(diag, NULL, 0,
                           "A lab rewrites settings with ALTER SYSTEM and may restart the "
                           "server; pass --allow-existing-server to accept that (the original "
                           "settings are restored afterwards).",
                           "refusing to change the settings of an existing server");
    }
    if (any_storage(rep))
        return pk_diag_set(diag, NULL, 0,
                           "Run it without --dsn: it puts a throwaway cluster's data directory "
                           "and WAL on pgknob-slowfs.",
                           "the storage lab cannot run on an existing server");
    target->kind = TARGET_EXISTING;
    target->conninfo = xstrdup(opts->dsn);
    target->events = opts->events;
    target->state_dir = opts->state_dir;
    PkDiag conn_err = PK_DIAG_INIT;
    if (!target_connect(target, &conn_err)) {
        /* A server left down by a killed lab: say so rather than only "could not connect". */
        char *path = journal_for_unreachable(opts->state_dir, opts->dsn);
        if (path) {
            pending_diag(path, diag);
            if (diag)
                pk_diag_set_detail(diag, "%s", conn_err.message);
            free(path);
        }
        lab_diag_pass(diag, &conn_err);
        return false;
    }
    /* First of all: a journal of this server means an earlier lab did not restore it. Its
     * settings now are the lab's, not the originals; starting again would record them as such. */
    LabJournal id;
    memset(&id, 0, sizeof(id));
    bool ok = lab_identify(target, &id, diag);
    if (ok && journal_exists(id.path)) {
        pending_diag(id.path, diag);
        ok = false;
    }
    journal_free(&id);
    if (!ok)
        return false;
    int need = max_min_major(rep);
    if (target->version_num / 10000 < need) {
        return pk_diag_set(diag, NULL, 0, NULL,
                           "the server is PostgreSQL %s; the chosen labs need %d or later",
                           target->version, need);
    }
    target->datadir = dbctl_value(target->ctl, "SHOW data_directory", NULL);
    target->bindir = find_bindir(opts->pg_bin, opts->project_root, target->version_num / 10000);
    /* the DSN as given may hold a password: the report shows it redacted */
    char *shown = redact_text(NULL, opts->dsn);
    rep->server_origin = xasprintf("existing server (%s)", shown);
    free(shown);
    return true;
}

/* A directory under the project root as a path relative to it: the report's conditions then do
 * not depend on where the project was checked out (committed examples stay portable). */
static const char *project_relative(const char *dir, const char *root)
{
    size_t len = root ? strlen(root) : 0;
    if (len > 0 && strncmp(dir, root, len) == 0 && dir[len] == '/')
        return dir + len + 1;
    return dir;
}

static bool setup_throwaway(const LabRunOpts *opts, LabTarget *target, Cluster *cluster,
                            LabRunReport *rep, PkDiag *diag)
{
    PgBinSearch search = {opts->pg_bin, opts->project_root, max_min_major(rep), true,
                          false,        opts->events};
    char *slowfs = NULL;
    if (any_storage(rep) && (!slowfs_usable(diag) || !(slowfs = slowfs_find(opts->slowfs, diag))))
        return false;
    PgBin bin;
    if (!pg_bin_find(&search, &bin, diag)) {
        free(slowfs);
        return false;
    }
    lab_say(opts->events, LAB_EV_INFO, "creating a throwaway PostgreSQL %s cluster (%s: %s)%s",
            bin.version, bin.origin, bin.dir,
            slowfs ? ", its data directory and WAL on two pgknob-slowfs mounts" : "");
    bool ok =
        cluster_create(cluster, &bin, opts->keep, opts->state_dir, slowfs, opts->events, diag);
    free(slowfs);
    if (ok)
        lab_say(opts->events, LAB_EV_INFO, "cluster in %s, port %d (removed afterwards%s)",
                cluster->base, cluster->port, opts->keep ? " unless --keep: kept" : "");
    if (ok) {
        rep->server_origin = xasprintf("throwaway cluster, PostgreSQL %s from %s (%s)", bin.version,
                                       project_relative(bin.dir, opts->project_root), bin.origin);
        target->kind = TARGET_THROWAWAY;
        target->events = opts->events;
        target->state_dir = opts->state_dir;
        target->cluster = cluster;
        target->conninfo = cluster_conninfo(cluster, "postgres");
        ok = target_connect(target, diag);
    }
    arena_free(bin.arena);
    return ok;
}

/* ---- one stage ---- */

/* A diagnostic as the report's one-line text (detail and hint after it), emptied. */
static char *diag_take_text(PkDiag *diag, const char *fallback)
{
    if (!diag->message)
        return xstrdup(fallback);
    char *text = xasprintf("%s%s%s%s%s%s", diag->message, diag->detail ? "; " : "",
                           diag->detail ? diag->detail : "", diag->hint ? " (" : "",
                           diag->hint ? diag->hint : "", diag->hint ? ")" : "");
    pk_diag_free(diag);
    return text;
}

/* The workload for SECONDS with nothing measured (a warm-up, the burn-in). */
static bool run_unmeasured(const LabTarget *target, const WorkloadParams *params, double seconds,
                           Sampler *sampler, const char *label, const char *phase,
                           const LabEvents *events, char **error)
{
    WorkloadParams warm = *params;
    warm.duration_s = seconds;
    warm.warmup_s = 0;
    WorkloadResult res;
    PkDiag err = PK_DIAG_INIT;
    Progress progress;
    progress_begin(&progress, events, label, phase, warm.duration_s, sampler);
    bool ok = workload_run(target->conninfo, &warm, &pk_stop_signal, &res, &err);
    progress_end(&progress);
    if (!ok)
        *error = xasprintf("%s failed: %s", phase, err.message);
    pk_diag_free(&err);
    arena_free(res.arena);
    return ok;
}

static bool warm_up(const LabTarget *target, StageResult *stage, Sampler *sampler,
                    const char *label, const LabEvents *events)
{
    if (stage->params.warmup_s <= 0)
        return true;
    char *error = NULL;
    bool ok = run_unmeasured(target, &stage->params, stage->params.warmup_s, sampler, label,
                             "warm-up", events, &error);
    if (!ok) {
        free(stage->error);
        stage->error = error;
    }
    return ok;
}

/* A freshly loaded TPC-C database changes fastest in its first minutes (the first dead tuples,
 * page splits and autovacuum runs): whichever stage ran first was measured on a younger
 * database and came out up to 1.17x faster than the same settings run next (8 of 10 A/A runs
 * on the development machine, both failing clean-clone runs). One trial's length of the
 * workload, unmeasured, under the load's settings, puts every measured run past that. */
static bool burn_in(const LabRunOpts *opts, const LabTarget *target, LabRunReport *rep,
                    PkDiag *diag)
{
    const WorkloadParams *params = &rep->stages[0].params;
    double seconds = params->warmup_s + params->duration_s;
    if (seconds <= 0)
        return true;
    lab_say(opts->events, LAB_EV_INFO, "burn-in: %.0f s of the workload, not measured", seconds);
    char *error = NULL;
    bool ok =
        run_unmeasured(target, params, seconds, NULL, "burn-in", "burn-in", opts->events, &error);
    if (!ok && !pk_stop_signal)
        pk_diag_set(diag, NULL, 0, NULL, "%s", error);
    free(error);
    if (ok)
        rep->burn_in_s = seconds;
    return ok;
}

/* The counters only a throwaway cluster has: its processes' CPU, the machine's idle time, and
 * on slowfs what the mounts served (read once the daemon has rewritten its stats: the workload
 * is not running then, so the counts are exact). */
typedef struct ResourceReading {
    bool have;
    double idle, total, server_cpu;
    SlowfsStats data, wal;
    bool have_fs;
} ResourceReading;

static void resources_read(const LabTarget *target, ResourceReading *out)
{
    memset(out, 0, sizeof(*out));
    const Cluster *cl = target->kind == TARGET_THROWAWAY ? target->cluster : NULL;
    if (!cl)
        return;
    out->have_fs = cl->on_slowfs && slowfs_read_stats_fresh(&cl->wal_fs, &out->wal) &&
                   slowfs_read_stats(&cl->data_fs, &out->data);
    out->server_cpu = proc_tree_cpu_s(cluster_postmaster_pid(cl));
    out->have = proc_machine_cpu(&out->idle, &out->total);
}

static void resources_delta(const ResourceReading *before, const ResourceReading *after,
                            StageResources *out)
{
    memset(out, 0, sizeof(*out));
    out->have = before->have && after->have;
    if (!out->have)
        return;
    double total = after->total - before->total;
    out->machine_idle = total > 0 ? (after->idle - before->idle) / total : -1;
    out->server_cpu_s = before->server_cpu >= 0 && after->server_cpu >= 0
                            ? after->server_cpu - before->server_cpu
                            : -1;
    bool fs = before->have_fs && after->have_fs;
    out->wal_syncs = fs ? (after->wal.fsyncs + after->wal.sync_writes) -
                              (before->wal.fsyncs + before->wal.sync_writes)
                        : -1;
    out->data_reads = fs ? after->data.reads - before->data.reads : -1;
}

static bool measure(LabTarget *target, StageResult *stage, Sampler *sampler, const char *label,
                    const LabEvents *events)
{
    StatCounters before, after;
    PkDiag err = PK_DIAG_INIT;
    ResourceReading res_before, res_after;
    resources_read(target, &res_before);
    if (!stat_counters_read(target->ctl, &before, &err)) {
        stage->error = diag_take_text(&err, "");
        return false;
    }
    WorkloadParams params = stage->params;
    params.warmup_s = 0;
    sampler_reset_waits(sampler);
    Progress progress;
    progress_begin(&progress, events, label, "measuring", params.duration_s, sampler);
    bool ok = workload_run(target->conninfo, &params, &pk_stop_signal, &stage->result, &err);
    progress_end(&progress);
    if (!ok) {
        stage->error = diag_take_text(&err, "");
        return false;
    }
    stage->ran = true;
    stage->load_avg = load_average();
    if (!stage->result.complete && stage->result.stop_detail)
        stage->error = xasprintf("incomplete: %s", stage->result.stop_detail);
    pk_clock_sleep_ms(300); /* backends report their statistics when they exit */
    if (target_ensure_connected(target, &err) && stat_counters_read(target->ctl, &after, &err)) {
        stat_counters_delta(&before, &after, &stage->delta);
        stage->have_delta = true;
    }
    resources_read(target, &res_after);
    resources_delta(&res_before, &res_after, &stage->resources);
    pk_diag_free(&err);
    return true;
}

static void log_stage(const StageResult *stage, const LabEvents *events)
{
    if (!stage->ran) {
        lab_say(events, LAB_EV_WARNING, "%s: not measured: %s", stage->id,
                stage->error ? stage->error : "");
        return;
    }
    char *tps = lab_format_tps((double)stage->result.completed, stage->result.tps,
                               stage->result.measured_s);
    lab_say(events, LAB_EV_INFO, "%-28s %12s tps  p95 %.1f ms%s", stage->id, tps,
            stage->result.p95_ms, stage->restarted ? "  (restarted)" : "");
    free(tps);
}

/* Each change's context as the server states it (postmaster = restart, sighup = reload …). */
static void note_contexts(const SettingsGuard *guard, StageResult *stage)
{
    stage->change_contexts = xcalloc(stage->changes.n + 1, sizeof(char *));
    for (size_t idx = 0; idx < stage->changes.n; idx++) {
        const GucRow *row = guc_table_get(&guard->original, stage->changes.items[idx].name);
        stage->change_contexts[idx] = row ? xstrdup(row->context) : NULL;
    }
}

/* The trial's measurement becomes the stage's result (the one copy of a StageTrial into a
 * StageResult; store_trial makes the other way). */
static void stage_take_trial(StageResult *stage, const StageTrial *trial)
{
    stage->result = trial->result;
    stage->delta = trial->delta;
    stage->have_delta = trial->have_delta;
    stage->waits = trial->waits;
    stage->load_avg = trial->load_avg;
    stage->resources = trial->resources;
}

/* Keeps the measurement just made as a trial: the stage's result fields are emptied for the
 * next one. */
static void store_trial(StageResult *stage)
{
    stage->trial_data =
        xrealloc(stage->trial_data, (size_t)(stage->n_trials + 1) * sizeof(StageTrial));
    stage->trial_data[stage->n_trials++] = (StageTrial){.result = stage->result,
                                                        .delta = stage->delta,
                                                        .have_delta = stage->have_delta,
                                                        .waits = stage->waits,
                                                        .load_avg = stage->load_avg,
                                                        .resources = stage->resources};
    memset(&stage->result, 0, sizeof(stage->result));
    memset(&stage->delta, 0, sizeof(stage->delta));
    memset(&stage->waits, 0, sizeof(stage->waits));
    stage->have_delta = false;
}

/* After the last trial: every trial's TPS and p95, the medians and spread, and the median
 * trial's details as the stage's result. */
static void finish_trials(StageResult *stage)
{
    int n = stage->n_trials;
    if (n == 0)
        return;
    stage->trial_tps = xcalloc((size_t)n, sizeof(double));
    stage->trial_p95 = xcalloc((size_t)n, sizeof(double));
    stage->trial_seconds = xcalloc((size_t)n, sizeof(double));
    double *p95s = xcalloc((size_t)n, sizeof(double));
    double *nopms = xcalloc((size_t)n, sizeof(double));
    int n_p95 = 0;
    for (int idx = 0; idx < n; idx++) {
        const WorkloadResult *res = &stage->trial_data[idx].result;
        stage->trial_tps[idx] = res->completed ? res->tps : 0;
        stage->trial_p95[idx] = res->p95_ms;
        stage->trial_seconds[idx] = res->measured_s;
        if (res->p95_ms >= 0)
            p95s[n_p95++] = res->p95_ms;
        nopms[idx] = res->nopm;
    }
    stage->nopm_median = nopms[0] >= 0 ? lab_median(nopms, n) : -1;
    free(nopms);
    stage->tps_median = lab_median(stage->trial_tps, n);
    stage->p95_median = n_p95 ? lab_median(p95s, n_p95) : -1;
    free(p95s);
    int pick = 0;
    stage->tps_min = stage->tps_max = stage->trial_tps[0];
    for (int idx = 0; idx < n; idx++) {
        double tps = stage->trial_tps[idx];
        stage->tps_min = tps < stage->tps_min ? tps : stage->tps_min;
        stage->tps_max = tps > stage->tps_max ? tps : stage->tps_max;
        if (fabs(tps - stage->tps_median) < fabs(stage->trial_tps[pick] - stage->tps_median))
            pick = idx;
    }
    arena_free(stage->result.arena);
    stage_take_trial(stage, &stage->trial_data[pick]);
    for (int idx = 0; idx < n; idx++)
        if (idx != pick)
            arena_free(stage->trial_data[idx].result.arena);
    free(stage->trial_data);
    stage->trial_data = NULL;
}

static bool run_stage(LabTarget *target, SettingsGuard *guard, StageResult *stage,
                      const char *label, const LabEvents *events, int trial)
{
    ApplyInfo info;
    PkDiag err = PK_DIAG_INIT;
    lab_say(events, LAB_EV_INFO, "%s: applying %zu settings", label, stage->changes.n);
    if (!guard_apply(guard, target, &stage->settings, &info, &err)) {
        free(stage->error);
        stage->error = diag_take_text(&err, "interrupted while applying the settings");
        free(info.restart_params);
        return false;
    }
    if (trial == 0) {
        note_contexts(guard, stage);
        stage->restarted = info.restarted;
        stage->restart_params = info.restart_params;
        info.restart_params = NULL;
    }
    free(info.restart_params);
    /* the storage lab: this stage's latencies (a stage of another lab on the same slowfs
     * cluster runs with none), picked up by the daemon within 200 ms */
    if (target->kind == TARGET_THROWAWAY && target->cluster->on_slowfs) {
        if (!cluster_set_storage(target->cluster, &stage->storage, &err)) {
            stage->error = diag_take_text(&err, "");
            return false;
        }
        pk_clock_sleep_ms(500);
    }
    /* Every run of a throwaway cluster starts just after a checkpoint, so that no stage or
     * trial meets the checkpoint cycle (and its full-page writes) at another phase. */
    if (target->kind == TARGET_THROWAWAY && !dbctl_exec(target->ctl, "CHECKPOINT", &err)) {
        stage->error = diag_take_text(&err, "");
        return false;
    }
    Sampler sampler;
    if (!sampler_start(&sampler, target->conninfo, stage->storage.on ? 200 : 0, &err)) {
        stage->error = diag_take_text(&err, "");
        return false;
    }
    bool ran_before = stage->ran;
    stage->ran = false;
    bool ok = warm_up(target, stage, &sampler, label, events) && !pk_stop_signal &&
              measure(target, stage, &sampler, label, events);
    sampler_stop(&sampler, &stage->waits);
    if (trial == 0) {
        PkDiag predict_err = PK_DIAG_INIT;
        if (!predict_stage(&stage->settings, target->version_num / 10000, &stage->findings,
                           &predict_err))
            stage->findings_error = diag_take_text(&predict_err, "lint could not run");
    }
    log_stage(stage, events);
    bool measured = stage->ran;
    if (measured)
        store_trial(stage);
    stage->ran = measured || ran_before;
    return ok || measured;
}

/* ---- the run ---- */

static bool load_database(const LabRunOpts *opts, LabTarget *target, SettingsGuard *guard,
                          LabRunReport *rep, PkDiag *diag)
{
    ApplyInfo info;
    /* Load under the baseline's (healthy) settings: a tiny cache would make it crawl. */
    const StageResult *load_under = &rep->stages[0];
    for (size_t idx = 0; idx < rep->n; idx++)
        if (lab_is_baseline(&rep->stages[idx])) {
            load_under = &rep->stages[idx];
            break;
        }
    bool ok = guard_apply(guard, target, &load_under->settings, &info, diag);
    free(info.restart_params);
    if (!ok)
        return false;
    if (opts->pgbench_scripts) {
        /* the user's workload brings its own data: --init, or the database as it is */
        rep->warehouses = 0;
        if (!opts->init)
            return true;
        lab_say(opts->events, LAB_EV_INFO, "preparing the database: --init %s", opts->init);
        double t0 = pk_clock_now();
        ok = pgbench_init(target->conninfo, opts->pgbench, opts->init, diag);
        rep->load_s = pk_clock_now() - t0;
        if (ok)
            lab_say(opts->events, LAB_EV_INFO, "prepared in %.1f s", rep->load_s);
        return ok;
    }
    rep->warehouses = 1;
    for (size_t idx = 0; idx < rep->n; idx++)
        if (rep->stages[idx].params.warehouses > rep->warehouses)
            rep->warehouses = rep->stages[idx].params.warehouses;
    for (size_t idx = 0; idx < rep->n; idx++)
        rep->stages[idx].params.warehouses = rep->warehouses;
    bool loaded = false;
    lab_say(opts->events, LAB_EV_INFO, "preparing the TPC-C-derived database (%d warehouse%s)",
            rep->warehouses, rep->warehouses == 1 ? "" : "s");
    ok = workload_prepare(target->conninfo, rep->warehouses, target->kind == TARGET_THROWAWAY,
                          opts->load_progress, opts->load_progress_arg, &pk_stop_signal, &loaded,
                          &rep->load_s, diag);
    if (ok && loaded)
        lab_say(opts->events, LAB_EV_INFO, "loaded in %.1f s", rep->load_s);
    if (ok && loaded && any_storage(rep)) {
        /* Freshly copied pages get their hint bits set (dirtied, written back through slowfs)
         * by whoever reads them first: the storage lab's first run would pay for the load. */
        lab_say(opts->events, LAB_EV_INFO, "settling: VACUUM (FREEZE, ANALYZE) after the load");
        /* back to the control session's own timeout: RESET would go to the server's 0 */
        char restore_timeout[64];
        snprintf(restore_timeout, sizeof(restore_timeout), "SET statement_timeout = %d",
                 DBCTL_STATEMENT_TIMEOUT_MS);
        ok = dbctl_exec(target->ctl, "SET statement_timeout = 0", diag) &&
             dbctl_exec(target->ctl, "VACUUM (FREEZE, ANALYZE)", diag) &&
             dbctl_exec(target->ctl, "CHECKPOINT", diag) &&
             dbctl_exec(target->ctl, restore_timeout, diag);
    }
    return ok;
}

/* Every stage once per round; with several trials the rounds alternate direction (A B C,
 * C B A, …), so that a drift of the machine over the run does not favour one stage. Trial i of
 * every stage is in round i: lab_stage_ratio pairs them. */
static int run_all(const LabRunOpts *opts, LabTarget *target, SettingsGuard *guard,
                   LabRunReport *rep, PkDiag *diag)
{
    if (!load_database(opts, target, guard, rep, diag) || !burn_in(opts, target, rep, diag))
        return pk_stop_signal ? 128 + pk_stop_signal : 2;
    int code = 0;
    int trials = rep->trials > 1 ? rep->trials : 1;
    for (int round = 0; round < trials && !pk_stop_signal && code == 0; round++) {
        for (size_t step = 0; step < rep->n && !pk_stop_signal; step++) {
            size_t idx = round % 2 ? rep->n - 1 - step : step;
            StageResult *stage = &rep->stages[idx];
            char label[128];
            if (trials > 1)
                snprintf(label, sizeof(label), "[trial %d/%d, %zu/%zu] %s", round + 1, trials,
                         step + 1, rep->n, stage->id);
            else
                snprintf(label, sizeof(label), "[%zu/%zu] %s", step + 1, rep->n, stage->id);
            if (!run_stage(target, guard, stage, label, opts->events, round) && !pk_stop_signal) {
                pk_diag_set(diag, NULL, 0, NULL, "%s: %s", stage->id, stage->error);
                code = 2;
                break;
            }
        }
    }
    for (size_t idx = 0; idx < rep->n; idx++)
        finish_trials(&rep->stages[idx]);
    lab_ceilings(rep);
    if (pk_stop_signal)
        code = 128 + pk_stop_signal;
    return code;
}

static void finish_restore(LabTarget *target, SettingsGuard *guard, LabRunReport *rep,
                           const LabEvents *events, PkDiag *diag)
{
    PkDiag err = PK_DIAG_INIT;
    if (!guard->active) {
        rep->restored = true;
        return;
    }
    lab_say(events, LAB_EV_INFO, "restoring the server's settings");
    rep->restored = guard_restore(guard, target, &err);
    if (!rep->restored) {
        rep->restore_error = xstrdup(err.message);
        /* The run's own error (if any) comes first; a failed restore must be heard too. */
        if (diag && diag->message)
            lab_say(events, LAB_EV_WARNING, "%s", err.message);
        lab_diag_pass(diag, &err);
    } else {
        lab_say(events, LAB_EV_INFO, "settings restored and verified in pg_settings");
    }
    pk_diag_free(&err);
}

/* Every parameter any stage sets (borrowed names), for the journal. */
static size_t planned_names(const LabRunReport *rep, const char ***out)
{
    size_t n = 0, cap = 0;
    *out = NULL;
    for (size_t idx = 0; idx < rep->n; idx++) {
        const LabSettings *set = &rep->stages[idx].settings;
        for (size_t item = 0; item < set->n; item++) {
            bool seen = false;
            for (size_t old = 0; old < n && !seen; old++)
                seen = !strcmp((*out)[old], set->items[item].name);
            if (seen)
                continue;
            PK_GROW(*out, n, cap);
            (*out)[n++] = set->items[item].name;
        }
    }
    return n;
}

/* The planned stages on their server: set up, record the originals, load, measure, restore. */
int lab_run_planned(const LabSet *labs, const LabRunOpts *opts, LabRunReport *report,
                    const char *command_name, PkDiag *diag)
{
    for (size_t idx = 0; idx < report->n; idx++)
        plan_params(labs, opts, &report->stages[idx]);
    report->trials = opts->trials > 1 ? opts->trials : 1;
    read_machine(report);
    /* Not second_kills: a second Ctrl-C must not cut the restore short. */
    pk_signals_catch_stop(false, NULL);
    LabTarget target;
    Cluster cluster;
    memset(&target, 0, sizeof(target));
    memset(&cluster, 0, sizeof(cluster));
    bool ok = opts->dsn ? setup_existing(opts, &target, report, diag)
                        : setup_throwaway(opts, &target, &cluster, report, diag);
    int code = ok ? 0 : 2;
    SettingsGuard guard;
    memset(&guard, 0, sizeof(guard));
    const char **planned = NULL;
    size_t n_planned = planned_names(report, &planned);
    char *command = xasprintf("%s %s", command_name, report->selection);
    if (ok && !guard_begin(&guard, &target, planned, n_planned, command, diag))
        code = 2;
    free(planned);
    free(command);
    if (code == 0) {
        report->server_version = xstrdup(target.version);
        code = run_all(opts, &target, &guard, report, diag);
    }
    finish_restore(&target, &guard, report, opts->events, diag);
    if (code == 0 && !report->restored)
        code = 2;
    report->load_after = load_average();
    report->interrupted = pk_stop_signal != 0;
    report->signal_number = pk_stop_signal;
    guard_free(&guard);
    target_close(&target);
    if (cluster.base)
        cluster_destroy(&cluster);
    if (code >= 128)
        pk_diag_set(diag, NULL, 0, NULL, "interrupted by signal %d; settings %s",
                    report->signal_number, report->restored ? "restored" : "NOT restored");
    return code;
}

static const LabVolume lab_volumes[] = {
    {"none", 0, 0, "no budget: only the latencies"},
    /* AWS's baseline for every gp3 volume, "3,000 IOPS and 125 MiB/s",
     * https://docs.aws.amazon.com/ebs/latest/userguide/general-purpose.html; an operation of
     * at most 256 KiB, https://docs.aws.amazon.com/ebs/latest/userguide/ebs-io-characteristics.html
     */
    {"gp3", 3000, 125, "AWS EBS gp3's baseline: 3,000 IOPS and 125 MiB/s"},
};

const LabVolume *lab_volume_find(const char *name)
{
    for (size_t idx = 0; name && idx < sizeof(lab_volumes) / sizeof(lab_volumes[0]); idx++)
        if (!strcmp(lab_volumes[idx].name, name))
            return &lab_volumes[idx];
    return NULL;
}

/* A stage the slow storage applies to: a series stage of `lab run`; in `lab ab` (and so
 * `lab tune`) both configurations, when latencies were given. */
static bool on_series_storage(const LabRunReport *rep, const StageResult *stage)
{
    return rep->ab || (stage->lab->kind == LAB_STAGE && !stage->run);
}

/* The series' storage lever: its lessons need storage that costs something (a read the page
 * cache does not answer, an fsync that waits), which a virtual disk with a write cache and RAM
 * holding the data do not give. Where slowfs can run, the series' stages get its latencies;
 * where it cannot, the report says why once and the series runs on the plain filesystem.
 * `lab ab` keeps this machine's storage unless --read-latency or --fsync-latency asks for it. */
void lab_choose_series_storage(const LabRunOpts *opts, LabRunReport *rep)
{
    bool series = false;
    for (size_t idx = 0; idx < rep->n; idx++)
        series = series || on_series_storage(rep, &rep->stages[idx]);
    bool given = opts->series_read_s > 0 || opts->series_fsync_s > 0 || opts->volume;
    if (!series || (rep->ab && !given))
        return;
    const char *plain = "the plain filesystem";
    char why[256] = "";
    if (opts->dsn)
        snprintf(why, sizeof(why), "an existing server keeps its own storage");
    else if (opts->no_slowfs)
        snprintf(why, sizeof(why), "--no-slowfs");
    else if (opts->pgbench_scripts && !given)
        /* the user's own workload is measured on this machine, unless latencies are given */
        snprintf(why, sizeof(why), "--workload pgbench: your workload on this machine's storage");
    else {
        PkDiag err = PK_DIAG_INIT;
        char *prog = NULL;
        if (slowfs_usable(&err) && (prog = slowfs_find(opts->slowfs, &err))) {
            rep->series_slowfs = true;
            rep->series_read_s = opts->series_read_s > 0 ? opts->series_read_s : LAB_SERIES_READ_S;
            rep->series_fsync_s =
                opts->series_fsync_s > 0 ? opts->series_fsync_s : LAB_SERIES_FSYNC_S;
            /* what is not given takes the series' default, as a latency does */
            const LabVolume *vol = lab_volume_find(opts->volume ? opts->volume : LAB_SERIES_VOLUME);
            rep->series_volume = vol && vol->iops > 0 ? vol : NULL;
        } else
            snprintf(why, sizeof(why), "slow storage cannot run here: %s",
                     err.message ? err.message : "pgknob-slowfs not found");
        free(prog);
        pk_diag_free(&err);
    }
    if (!rep->series_slowfs) {
        /* the reason is cut to fit the report's field (-Wformat-truncation at -O1) */
        snprintf(rep->series_storage, sizeof(rep->series_storage),
                 "%s (%.200s): every read the page cache holds is nearly free and fsync may be "
                 "too, so the tiny cache, WAL torture and one I/O worker teach less than on real "
                 "storage",
                 plain, why);
        return;
    }
    char volume[200] = "";
    if (rep->series_volume)
        snprintf(volume, sizeof(volume),
                 "; both on one volume (--volume %s, %s), whose budget every read and write "
                 "takes its share of",
                 rep->series_volume->name, rep->series_volume->source);
    snprintf(rep->series_storage, sizeof(rep->series_storage),
             "pgknob-slowfs (FUSE, direct I/O: the page cache does not answer reads), adding "
             "%g ms to every data read and %g ms to every fsync of the data directory and the WAL, "
             "%s%s",
             rep->series_read_s * 1000, rep->series_fsync_s * 1000,
             /* given latencies are the user's device, not necessarily a local SSD */
             opts->series_read_s > 0 || opts->series_fsync_s > 0
                 ? "as given (--read-latency, --fsync-latency)"
                 : "a local consumer NVMe SSD's latencies (the default: its flush waits for a "
                   "write cache with no power-loss protection)",
             volume);
    for (size_t idx = 0; idx < rep->n; idx++) {
        StageResult *stage = &rep->stages[idx];
        if (!on_series_storage(rep, stage))
            continue;
        stage->storage.on = true;
        stage->storage.read_s = rep->series_read_s;
        stage->storage.fsync_s = stage->storage.wal_fsync_s = rep->series_fsync_s;
        stage->storage.iops = rep->series_volume ? rep->series_volume->iops : 0;
        stage->storage.bandwidth_mib = rep->series_volume ? rep->series_volume->bandwidth_mib : 0;
    }
}

int lab_run(const LabSet *labs, const LabRunOpts *opts, LabRunReport *report, PkDiag *diag)
{
    memset(report, 0, sizeof(*report));
    StrBuf sel = STRBUF_INIT;
    for (int idx = 0; idx < opts->n_selection; idx++)
        sb_printf(&sel, "%s%s", idx ? " " : "", opts->selection[idx]);
    report->selection = sb_detach(&sel);
    report->quick = opts->quick;
    if (!plan(labs, opts, report, diag))
        return 2;
    lab_choose_series_storage(opts, report);
    if (report->series_storage[0] && !report->series_slowfs)
        lab_say(opts->events, LAB_EV_NOTE, "the series runs on %s", report->series_storage);
    return lab_run_planned(labs, opts, report, "lab run", diag);
}

/* A server that is starting or stopping (a pg_ctl left running by a killed pgknob may still be
 * restarting it) has a postmaster.pid: wait for it to answer rather than start it twice. */
static bool connect_patiently(LabTarget *target, const char *datadir, PkDiag *diag)
{
    char *pidfile = xasprintf("%s/postmaster.pid", datadir);
    bool ok = false;
    for (int attempt = 0; attempt < 240 && !ok; attempt++) {
        pk_diag_free(diag);
        ok = target_connect(target, diag);
        if (ok || access(pidfile, F_OK) != 0)
            break;
        pk_clock_sleep_ms(250);
    }
    free(pidfile);
    return ok;
}

/* No journal of the server here: nothing to restore, unless another state directory's lab
 * left its marker (then say whose, or with --forget remove it). */
static int restore_without_journal(LabTarget *target, const LabJournal *id,
                                   const LabRestoreOpts *opts, PkDiag *diag)
{
    bool got;
    LabMarker marker;
    if (!lab_lock_try(target->ctl, &got, diag) || !lab_marker_read(target->ctl, &marker, diag))
        return 2;
    int code = 2;
    if (!marker.value) {
        lab_say(opts->events, LAB_EV_INFO,
                "no lab journal for this server (port %d, data "
                "directory %s): nothing to restore",
                id->port, id->data_directory);
        code = 0;
    } else if (opts->forget && got && !lab_marker_owner_alive(&marker)) {
        char *who = lab_marker_describe(&marker);
        if (lab_marker_write(target->ctl, NULL, diag)) {
            lab_say(opts->events, LAB_EV_INFO,
                    "removed the lab marker of %s; no journal of it is here, so every other "
                    "setting stays as it is",
                    who);
            code = 0;
        }
        free(who);
    } else {
        lab_claim_refusal(&marker, !got, id->port, id->data_directory, diag);
    }
    arena_free(marker.arena);
    return code;
}

/* The server is this journal's to restore: no lab running on it now, and no other lab's marker
 * (a lab that ran after this journal was written: restoring over it would undo its journal's
 * originals). Takes the lock for the restore. */
static bool claim_for_restore(LabTarget *target, const LabJournal *journal, PkDiag *diag)
{
    bool got;
    LabMarker marker;
    if (!lab_lock_try(target->ctl, &got, diag) || !lab_marker_read(target->ctl, &marker, diag))
        return false;
    bool other = marker.value && journal->marker && strcmp(marker.value, journal->marker) != 0;
    if (got && !other)
        target->hold_lock = true;
    else {
        lab_claim_refusal(&marker, !got, journal->port, journal->data_directory, diag);
        if (other)
            pk_diag_set_detail(diag,
                               "The journal %s is older than that lab. Once that lab is restored, "
                               "`pgknob lab restore --dsn CONNINFO --forget` drops this journal.",
                               journal->path);
    }
    arena_free(marker.arena);
    return target->hold_lock;
}

/* --forget: the journal is renamed, the server's marker removed when it is the journal's; no
 * setting changes. */
static int forget_journal(LabTarget *target, bool connected, const LabJournal *journal,
                          const char *path, const LabRestoreOpts *opts, PkDiag *diag)
{
    if (connected) {
        bool got;
        LabMarker marker;
        if (!lab_lock_try(target->ctl, &got, diag) || !lab_marker_read(target->ctl, &marker, diag))
            return 2;
        bool ours = marker.value && journal->marker && !strcmp(marker.value, journal->marker);
        bool ok = got;
        if (!got) /* a lab is running there now: its marker and settings are its own */
            lab_claim_refusal(&marker, true, journal->port, journal->data_directory, diag);
        if (ok && ours)
            ok = lab_marker_write(target->ctl, NULL, diag);
        arena_free(marker.arena);
        if (!ok)
            return 2;
    }
    char *kept = NULL;
    if (!journal_forget(path, &kept, diag)) {
        free(kept);
        return 2;
    }
    lab_say(opts->events, LAB_EV_INFO,
            "forgot the journal of `pgknob %s` (pid %ld, %s): %s; the journal is kept as %s",
            journal->command ? journal->command : "lab run", journal->pid,
            journal->created ? journal->created : "?",
            connected ? "the server keeps its settings as they are now"
                      : "the server did not answer, so nothing on it was checked or changed",
            kept);
    free(kept);
    return 0;
}

int lab_restore(const LabRestoreOpts *opts, PkDiag *diag)
{
    /* SIGINT/SIGTERM only raise the flag, which the restore does not look at: a restore is
     * finished, not left half done. (SIGKILL stops it; running it again finishes it.) */
    pk_signals_catch_stop(false, NULL);
    LabTarget target;
    memset(&target, 0, sizeof(target));
    target.kind = TARGET_EXISTING;
    target.conninfo = xstrdup(opts->dsn);
    target.events = opts->events;
    target.state_dir = opts->state_dir;
    LabJournal id, journal;
    memset(&id, 0, sizeof(id));
    memset(&journal, 0, sizeof(journal));
    char *path = NULL;
    PkDiag conn_err = PK_DIAG_INIT, err = PK_DIAG_INIT;
    int code = 2;
    static const char forget_hint[] =
        "If the server is gone for good, or its settings now are the ones to keep, `pgknob lab "
        "restore --dsn CONNINFO --forget` drops the journal without changing a setting.";
    bool connected = target_connect(&target, &conn_err);
    if (connected) {
        if (!lab_identify(&target, &id, diag))
            goto out;
        if (!journal_exists(id.path)) {
            code = restore_without_journal(&target, &id, opts, diag);
            goto out;
        }
        path = xstrdup(id.path);
    } else if (!(path = journal_for_unreachable(opts->state_dir, opts->dsn))) {
        pk_diag_set(diag, NULL, 0,
                    "No lab journal names a server on that port: if one should, start the "
                    "server and run `pgknob lab restore` again.",
                    "%s", conn_err.message);
        goto out;
    }
    if (!journal_read(path, &journal, diag)) {
        if (opts->forget) {
            pk_diag_free(diag);
            code = forget_journal(&target, connected, &journal, path, opts, diag);
        }
        goto out;
    }
    if (journal_owner_alive(&journal)) {
        pending_diag(path, diag);
        goto out;
    }
    if (opts->forget) {
        code = forget_journal(&target, connected, &journal, path, opts, diag);
        goto out;
    }
    target.bindir = opts->pg_bin ? find_bindir(opts->pg_bin, NULL, journal.version_num / 10000)
                    : journal.bindir
                        ? xstrdup(journal.bindir)
                        : find_bindir(NULL, opts->project_root, journal.version_num / 10000);
    target.datadir = xstrdup(journal.data_directory);
    if (!connected) {
        /* Found by port alone: whatever answers must prove to be the journal's server. */
        connected = connect_patiently(&target, journal.data_directory, &conn_err);
        if (!connected) {
            lab_say(opts->events, LAB_EV_INFO,
                    "the server does not answer (%s): starting it "
                    "with its original postgresql.auto.conf",
                    conn_err.message);
            if (!lab_rescue_start(&journal, target.bindir, &err) ||
                !target_connect(&target, &err)) {
                pk_diag_set(diag, NULL, 0, forget_hint, "%s", err.message);
                goto out;
            }
        }
        if (!lab_identify(&target, &id, diag))
            goto out;
        if (strcmp(id.path, journal.path) != 0) {
            pk_diag_set(diag, NULL, 0, forget_hint,
                        "the server that answers is not the one of the journal %s", journal.path);
            goto out;
        }
    }
    if (!claim_for_restore(&target, &journal, diag))
        goto out;
    lab_say(opts->events, LAB_EV_INFO,
            "restoring the settings recorded before `pgknob %s` (pid %ld, %s)",
            journal.command ? journal.command : "lab run", journal.pid,
            journal.created ? journal.created : "?");
    /* A pg_ctl restart left running by the killed lab may stop the server under us: try
     * again once it answers (every step of the restore can be repeated). */
    bool restored = false, foreign_only = false;
    for (int attempt = 0; attempt < 3 && !restored && !foreign_only; attempt++) {
        if (attempt) {
            lab_say(opts->events, LAB_EV_WARNING, "the restore was cut short (%s): trying again",
                    err.message);
            pk_clock_sleep_ms(1000);
            PkDiag ignored = PK_DIAG_INIT;
            if (!target_ensure_connected(&target, &ignored))
                connect_patiently(&target, journal.data_directory, &ignored);
            pk_diag_free(&ignored);
            pk_diag_free(&err);
        }
        restored = lab_restore_server(&journal, &target, &foreign_only, &err);
    }
    if (!restored || !lab_remove_durable(path, &err)) {
        char *hint = foreign_only
                         ? xasprintf("postgresql.auto.conf is back as it was, and the journal %s "
                                     "is kept. Check those settings: if they are meant to be, "
                                     "`pgknob lab restore --dsn CONNINFO --forget` keeps them "
                                     "and drops the journal.",
                                     path)
                         : xasprintf("The journal %s is kept; fix the cause and run `pgknob lab "
                                     "restore` again. %s",
                                     path, forget_hint);
        pk_diag_set(diag, NULL, 0, hint, "could not restore the server's settings: %s",
                    err.message ? err.message : "");
        if (err.detail)
            pk_diag_set_detail(diag, "%s", err.detail);
        free(hint);
        goto out;
    }
    lab_say(opts->events, LAB_EV_INFO,
            "settings restored and verified (pg_settings, "
            "postgresql.auto.conf); journal removed");
    code = 0;
out:
    pk_diag_free(&err);
    pk_diag_free(&conn_err);
    free(path);
    journal_free(&id);
    journal_free(&journal);
    target_close(&target);
    return code;
}

size_t lab_note_pending(const char *state_dir, const LabEvents *events)
{
    char **paths;
    size_t n = journal_list(state_dir, &paths);
    for (size_t idx = 0; idx < n; idx++) {
        PkDiag note = PK_DIAG_INIT;
        pending_diag(paths[idx], &note);
        char *place = note.file ? (note.line ? xasprintf("%s:%d: ", note.file, note.line)
                                             : xasprintf("%s: ", note.file))
                                : xstrdup("");
        lab_say(events, LAB_EV_NOTE, "%s%s%s%s", place, note.message, note.hint ? "\nhint: " : "",
                note.hint ? note.hint : "");
        free(place);
        pk_diag_free(&note);
        free(paths[idx]);
    }
    free(paths);
    return n;
}

void lab_run_report_free(LabRunReport *report)
{
    for (size_t idx = 0; idx < report->n; idx++) {
        StageResult *stage = &report->stages[idx];
        free(stage->id);
        free(stage->title);
        free(stage->group);
        arena_free(stage->settings.arena);
        for (size_t change_idx = 0; stage->change_contexts && change_idx < stage->changes.n;
             change_idx++)
            free(stage->change_contexts[change_idx]);
        free(stage->change_contexts);
        arena_free(stage->changes.arena);
        free(stage->error);
        free(stage->restart_params);
        arena_free(stage->result.arena);
        arena_free(stage->findings.arena);
        free(stage->findings_error);
        for (int trial = 0; stage->trial_data && trial < stage->n_trials; trial++)
            arena_free(stage->trial_data[trial].result.arena);
        free(stage->trial_data);
        free(stage->trial_tps);
        free(stage->trial_p95);
        free(stage->trial_seconds);
    }
    for (size_t idx = 0; idx < report->n_own_labs; idx++)
        arena_free(report->own_labs[idx].arena);
    free(report->own_labs);
    free(report->stages);
    free(report->selection);
    free(report->server_version);
    free(report->server_origin);
    free(report->machine_cpu);
    free(report->machine_kernel);
    free(report->restore_error);
    memset(report, 0, sizeof(*report));
}

char *lab_format_tps(double completed, double tps, double seconds)
{
    if (completed <= 0)
        return xasprintf("< 1 per %.0f s", seconds > 0 ? seconds : 0);
    if (tps >= 100)
        return xasprintf("%.0f", tps);
    if (tps >= 10)
        return xasprintf("%.1f", tps);
    if (tps >= 1)
        return xasprintf("%.2f", tps);
    return xasprintf("%.3g", tps);
}
