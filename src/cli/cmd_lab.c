/* pgknob lab list | show ID | run [ID…|series|all] | restore: the "make Postgres slow" labs. */
#include <getopt.h>
#include <stdarg.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_diag.h"
#include "cli/cli_options.h"
#include "cli/commands.h"
#include "common/datadir.h"
#include "common/diag.h"
#include "common/quantity.h"
#include "common/redact.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "lab/cluster.h"
#include "lab/journal.h"
#include "lab/manifest.h"
#include "lab/pgbench.h"
#include "lab/runner.h"
#include "lab/tune.h"
#include "report/lab_report.h"
#include "report/lab_tune_report.h"

static void lab_usage_head(FILE *out)
{
    fprintf(out,
            "usage: pgknob lab list [--labs DIR]\n"
            "       pgknob lab show ID [--labs DIR]\n"
            "       pgknob lab run [ID...|series|all] [--warehouses W] [--clients C]\n"
            "                      [--duration D] [--quick] [--out DIR] [--pg-bin DIR] [--keep]\n"
            "                      [--dsn CONNINFO --allow-existing-server] [--labs DIR]\n"
            "                      [--state-dir DIR] [--workload pgbench:FILE.sql[@W],...]\n"
            "                      [--no-slowfs | --read-latency D --fsync-latency D]\n"
            "                      [--volume gp3|none]\n"
            "       pgknob lab ab CONFIG_A [CONFIG_B] [--trials N] [--quick] [--out DIR]\n"
            "                     [--warehouses W] [--clients C] [--duration D] [--pg-bin DIR]\n"
            "                     [--workload pgbench:FILE.sql[@W],... [--init FILE.sql]]\n"
            "                     [--read-latency D] [--fsync-latency D] [--volume gp3|none]\n"
            "       pgknob lab tune CONFIG [--knobs NAME,...] [--budget D] [--trials N]\n"
            "                       [--workload pgbench:...] [--out DIR] [--pg-bin DIR]\n"
            "                       [--read-latency D] [--fsync-latency D] [--volume gp3|none]\n"
            "       pgknob lab restore [--dsn CONNINFO [--forget]] [--pg-bin DIR]\n"
            "                          [--state-dir DIR]\n"
            "\n"
            "Without --dsn the labs run on a throwaway cluster (initdb in a temporary directory,\n"
            "Unix socket only) that is removed afterwards unless --keep. With --dsn they change\n"
            "an existing server's settings (ALTER SYSTEM, reload or restart) and restore them.\n"
            "Before the first change a journal of the originals (postgresql.auto.conf's bytes,\n"
            "pg_settings) is written durably to the state directory (--state-dir, else\n"
            "$XDG_STATE_HOME/pgknob, else ~/.local/state/pgknob) and removed once the restore is\n"
            "verified. If a lab is killed, `lab run` refuses that server until\n"
            "`lab restore --dsn CONNINFO` has put the originals back (it can be run again if it\n"
            "is itself interrupted). One lab at a time on a server, whatever the state\n"
            "directory: a run holds an advisory lock and leaves the marker pgknob.lab in\n"
            "postgresql.auto.conf, which the restore removes. `lab restore --forget` drops a\n"
            "journal (and its marker) without changing a setting. Every lab command removes\n"
            "throwaway clusters left by a killed pgknob (the storage lab's pgknob-slowfs mounts\n"
            "unmounted first) and names servers a lab did not restore; `lab restore` without\n"
            "--dsn does only that.\n"
            "`lab ab` measures a configuration (a postgresql.conf or a data directory) against\n"
            "another, or against the labs' baseline stage, on a throwaway cluster: interleaved\n"
            "trials, and a 95%% confidence interval of the TPS ratio with the verdict.\n"
            "`lab tune` searches one knob at a time from CONFIG, each candidate judged by\n"
            "`lab ab` against the best so far, until --budget is spent; it reports the best\n"
            "only if it holds against CONFIG in a final confirmation beyond the 5%% floor,\n"
            "else \"no measurable improvement found\". Throwaway clusters only.\n"
            "--workload pgbench:FILE.sql[@W],... runs your pgbench scripts instead of the\n"
            "TPC-C-derived workload (results are not TPC-C results).\n"
            "Exit codes: 0 done and settings restored (restore: or nothing to restore), 2 usage,\n"
            "lab file or server error, 128+N interrupted by signal N (settings restored first).\n");
}

enum {
    LAB_OPT_WAREHOUSES = 256,
    LAB_OPT_CLIENTS,
    LAB_OPT_DURATION,
    LAB_OPT_QUICK,
    LAB_OPT_OUT,
    LAB_OPT_PG_BIN,
    LAB_OPT_KEEP,
    LAB_OPT_DSN,
    LAB_OPT_ALLOW_EXISTING,
    LAB_OPT_LABS,
    LAB_OPT_STATE_DIR,
    LAB_OPT_TRIALS,
    LAB_OPT_FORGET,
    LAB_OPT_WORKLOAD,
    LAB_OPT_INIT,
    LAB_OPT_KNOBS,
    LAB_OPT_BUDGET,
    LAB_OPT_NO_SLOWFS,
    LAB_OPT_READ_LATENCY,
    LAB_OPT_FSYNC_LATENCY,
    LAB_OPT_VOLUME,
    LAB_OPT_HELP = 'h'
};

typedef struct RunArgs {
    LabRunOpts opts;
    const char *labs;
    const char *state_dir;
    char *out_default;
    const char *workload; /* --workload as given */
    const char *knobs;    /* lab tune --knobs */
    double budget_s;      /* lab tune --budget */
    char *pgbench;        /* found for --workload pgbench: */
} RunArgs;

#define LAB_OPT_LABS_ENTRY                                                                         \
    {                                                                                              \
        "labs", "DIR", LAB_OPT_LABS,                                                               \
            "another labs directory (default: labs/ of the project,\nor $PGKNOB_LABS)"             \
    }
#define LAB_OPT_STATE_ENTRY                                                                        \
    {                                                                                              \
        "state-dir", "DIR", LAB_OPT_STATE_DIR,                                                     \
            "where lab journals and throwaway-cluster records go\n(default: "                      \
            "$XDG_STATE_HOME/pgknob, else ~/.local/state/pgknob)"                                  \
    }
#define LAB_OPT_DSN_ENTRY(help)                                                                    \
    {                                                                                              \
        "dsn", "CONNINFO", LAB_OPT_DSN, help                                                       \
    }
#define LAB_OPT_WORKLOAD_ENTRY                                                                     \
    {                                                                                              \
        "workload", "pgbench:FILE.sql[@W],...", LAB_OPT_WORKLOAD,                                  \
            "run these pgbench scripts (weights W) instead of the\nTPC-C-derived workload; "       \
            "pgbench from $PGKNOB_PGBENCH,\n--pg-bin, /usr/lib/postgresql/*/bin or PATH"           \
    }
#define LAB_OPT_INIT_ENTRY                                                                         \
    {                                                                                              \
        "init", "FILE.sql|'pgbench -i -s N'", LAB_OPT_INIT,                                        \
            "with --workload pgbench: prepare the database once,\nbefore the trials"               \
    }
#define LAB_OPT_PG_BIN_ENTRY                                                                       \
    {                                                                                              \
        "pg-bin", "DIR", LAB_OPT_PG_BIN, "the server binaries (initdb, pg_ctl, postgres) to use"   \
    }
/* --warehouses, --clients and --duration of lab run and lab ab: the same ranges */
#define LAB_OPT_WAREHOUSES_ENTRY(help)                                                             \
    {                                                                                              \
        "warehouses", "W", LAB_OPT_WAREHOUSES, help, .type = CLI_INT, .min = 1, .max = 10000,      \
                                                     .target = CLI_AT(RunArgs, opts.warehouses)    \
    }
#define LAB_OPT_CLIENTS_ENTRY(help)                                                                \
    {                                                                                              \
        "clients", "C", LAB_OPT_CLIENTS, help, .type = CLI_INT, .min = 1, .max = 10000,            \
                                               .target = CLI_AT(RunArgs, opts.clients)             \
    }
#define LAB_OPT_DURATION_ENTRY(help)                                                               \
    {                                                                                              \
        "duration", "D", LAB_OPT_DURATION, help, .type = CLI_DURATION, .min = 1, .max = 86400,     \
                                                 .target = CLI_AT(RunArgs, opts.duration_s)        \
    }
/* slow storage (pgknob-slowfs): lab run's series by default, lab ab and lab tune when given */
#define LAB_OPT_READ_LATENCY_ENTRY(help)                                                           \
    {                                                                                              \
        "read-latency", "D", LAB_OPT_READ_LATENCY, help,                                           \
            .type = CLI_DURATION, .min = 0, .max = 1, .above_min = true,                           \
            .target = CLI_AT(RunArgs, opts.series_read_s)                                          \
    }
#define LAB_OPT_FSYNC_LATENCY_ENTRY(help)                                                          \
    {                                                                                              \
        "fsync-latency", "D", LAB_OPT_FSYNC_LATENCY, help,                                         \
            .type = CLI_DURATION, .min = 0, .max = 1, .above_min = true,                           \
            .target = CLI_AT(RunArgs, opts.series_fsync_s)                                         \
    }
#define LAB_OPT_VOLUME_ENTRY(help)                                                                 \
    {                                                                                              \
        "volume", "gp3|none", LAB_OPT_VOLUME, help                                                 \
    }
#define LAB_OPT_HELP_ENTRY                                                                         \
    {                                                                                              \
        "help", NULL, LAB_OPT_HELP, "show this help and exit"                                      \
    }

static const CliOption lab_list_options[] = {LAB_OPT_LABS_ENTRY, LAB_OPT_STATE_ENTRY,
                                             LAB_OPT_HELP_ENTRY};
static const CliOption lab_run_options[] = {
    LAB_OPT_WAREHOUSES_ENTRY("override the labs' warehouses"),
    LAB_OPT_CLIENTS_ENTRY("override the labs' clients"),
    LAB_OPT_DURATION_ENTRY("override the labs' duration, e.g. 60s or 2min"),
    {"quick", NULL, LAB_OPT_QUICK, "each lab's quick_* workload: smaller, shorter"},
    {"trials", "N", LAB_OPT_TRIALS,
     "measure every stage N times, interleaved: medians,\nspread, and "
     "\"× slower\" with its 95% interval",
     .type = CLI_INT, .min = 1, .max = 100, .def = "1", .target = CLI_AT(RunArgs, opts.trials)},
    {"out", "DIR", LAB_OPT_OUT, "where the report goes (default: reports/lab-SELECTION/)"},
    LAB_OPT_PG_BIN_ENTRY,
    {"keep", NULL, LAB_OPT_KEEP, "leave the throwaway cluster running afterwards"},
    {"no-slowfs", NULL, LAB_OPT_NO_SLOWFS,
     "run the series on the plain filesystem (by default it\nruns on pgknob-slowfs where FUSE "
     "can: root, /dev/fuse)",
     .type = CLI_FLAG, .target = CLI_AT(RunArgs, opts.no_slowfs)},
    LAB_OPT_READ_LATENCY_ENTRY(
        "the series' slow storage: added to every data read\n(default 0.1ms)"),
    LAB_OPT_FSYNC_LATENCY_ENTRY("the series' slow storage: added to every fsync\n(default 1.6ms)"),
    LAB_OPT_VOLUME_ENTRY("the series' slow storage: one cloud volume's IOPS\nand bandwidth budget "
                         "(gp3: 3,000 IOPS, 125 MiB/s)"),
    LAB_OPT_WORKLOAD_ENTRY,
    LAB_OPT_INIT_ENTRY,
    LAB_OPT_DSN_ENTRY("run on this existing server instead of a throwaway cluster"),
    {"allow-existing-server", NULL, LAB_OPT_ALLOW_EXISTING,
     "confirm --dsn: the lab changes that server's settings\n(and restores them)"},
    LAB_OPT_LABS_ENTRY,
    LAB_OPT_STATE_ENTRY,
    LAB_OPT_HELP_ENTRY,
};
static const CliOption lab_ab_options[] = {
    LAB_OPT_WAREHOUSES_ENTRY("override the series' warehouses"),
    LAB_OPT_CLIENTS_ENTRY("override the series' clients"),
    LAB_OPT_DURATION_ENTRY("override the series' duration, e.g. 60s or 2min"),
    {"quick", NULL, LAB_OPT_QUICK, "the series' quick_* workload, and 3 trials"},
    {"trials", "N", LAB_OPT_TRIALS,
     "trials of each configuration, 2 or more for a confidence\ninterval (default 5, --quick 3)",
     .type = CLI_INT, .min = 2, .max = 100, .target = CLI_AT(RunArgs, opts.trials)},
    {"out", "DIR", LAB_OPT_OUT, "where the report goes (default: reports/lab-ab/)"},
    LAB_OPT_PG_BIN_ENTRY,
    {"keep", NULL, LAB_OPT_KEEP, "leave the throwaway cluster running afterwards"},
    LAB_OPT_READ_LATENCY_ENTRY(
        "put both on pgknob-slowfs (root, FUSE) with this\nadded to every data read"),
    LAB_OPT_FSYNC_LATENCY_ENTRY("put both on pgknob-slowfs with this added to every\nfsync"),
    LAB_OPT_VOLUME_ENTRY("put both on pgknob-slowfs with this cloud volume's\nIOPS and bandwidth "
                         "budget"),
    LAB_OPT_WORKLOAD_ENTRY,
    LAB_OPT_INIT_ENTRY,
    LAB_OPT_LABS_ENTRY,
    LAB_OPT_STATE_ENTRY,
    LAB_OPT_HELP_ENTRY,
};
static const CliOption lab_tune_options[] = {
    {"knobs", "NAME,...", LAB_OPT_KNOBS,
     "the settings to search (default: those lint's fixes\nchange on CONFIG)"},
    {"budget", "D", LAB_OPT_BUDGET,
     "time for the whole search, confirmation included,\ne.g. 90s or 1h", .type = CLI_DURATION,
     .min = 1, .max = 7 * 86400, .def = "20min", .target = CLI_AT(RunArgs, budget_s)},
    {"trials", "N", LAB_OPT_TRIALS, "trials per candidate", .type = CLI_INT, .min = 2, .max = 100,
     .def = "5", .target = CLI_AT(RunArgs, opts.trials)},
    LAB_OPT_WAREHOUSES_ENTRY("override the series' warehouses"),
    LAB_OPT_CLIENTS_ENTRY("override the series' clients"),
    LAB_OPT_DURATION_ENTRY("override the series' duration, e.g. 60s or 2min"),
    {"quick", NULL, LAB_OPT_QUICK, "the series' quick_* workload"},
    {"out", "DIR", LAB_OPT_OUT, "where the reports and tuned.conf go (default: reports/lab-tune/)"},
    LAB_OPT_PG_BIN_ENTRY,
    LAB_OPT_READ_LATENCY_ENTRY(
        "every candidate on pgknob-slowfs (root, FUSE) with\nthis added to every data read"),
    LAB_OPT_FSYNC_LATENCY_ENTRY("every candidate on pgknob-slowfs with this added to\nevery fsync"),
    LAB_OPT_VOLUME_ENTRY("every candidate on pgknob-slowfs with this cloud\nvolume's IOPS and "
                         "bandwidth budget"),
    LAB_OPT_WORKLOAD_ENTRY,
    LAB_OPT_INIT_ENTRY,
    LAB_OPT_LABS_ENTRY,
    LAB_OPT_STATE_ENTRY,
    LAB_OPT_HELP_ENTRY,
};
static const CliOption lab_restore_options[] = {
    LAB_OPT_DSN_ENTRY("the server whose settings to restore (without it: only the clusters and "
                      "slowfs mounts of killed runs)"),
    {"forget", NULL, LAB_OPT_FORGET,
     "change no setting: drop the server's journal (kept as\n*.forgotten) and its lab marker, "
     "when a human has\ndecided its settings stay as they are now"},
    LAB_OPT_PG_BIN_ENTRY,
    LAB_OPT_STATE_ENTRY,
    LAB_OPT_HELP_ENTRY};

static const char *const lab_subcommands[] = {"list", "show", "run", "restore", "ab", "tune"};

/* A lab message as printed, through the one redaction path: it may list the settings a
 * restore found changed (redact_listing). Caller frees. */
static char *lab_clean(const char *text)
{
    return redact_listing(NULL, text);
}

/* The one place a lab's progress, notes and warnings are printed (stderr). */
static void lab_print_event(void *ctx, LabEventKind kind, const char *raw)
{
    (void)ctx;
    char *text = lab_clean(raw);
    switch (kind) {
    case LAB_EV_PROGRESS: fprintf(stderr, "\r\033[K%s", text); break;
    case LAB_EV_PROGRESS_CLEAR: fprintf(stderr, "\r\033[K"); break;
    case LAB_EV_NOTE: fprintf(stderr, "pgknob: note: %s\n", text); break;
    case LAB_EV_WARNING: cli_warning(NULL, "%s", text); break;
    default: fprintf(stderr, "pgknob: %s\n", text); break;
    }
    fflush(stderr);
    free(text);
}

/* The TPC-C loader's progress (tpcc_load and lab/ print nothing): the bar redrawn in place on
 * a terminal, each phase's last state as a line of its own. */
static void lab_load_progress(const TpccLoadProgress *progress, void *arg)
{
    const LabEvents *events = arg;
    if (progress->phase != TPCC_LOAD_COPY || !events->progress)
        return;
    StrBuf line = STRBUF_INIT;
    tpcc_load_progress_text(progress, false, &line);
    if (progress->phase_end) {
        lab_print_event(NULL, LAB_EV_PROGRESS_CLEAR, "");
        lab_print_event(NULL, LAB_EV_INFO, sb_str(&line));
    } else {
        lab_print_event(NULL, LAB_EV_PROGRESS, sb_str(&line));
    }
    sb_free(&line);
}

static LabEvents lab_events(void)
{
    LabEvents events = {lab_print_event, NULL, isatty(STDERR_FILENO) != 0};
    return events;
}

/* A lab's diagnostic, in the one error wording (its detail on a line of its own). */
static void lab_print_diag(const PkDiag *diag)
{
    /* its detail may list the settings a restore found changed */
    PkDiag clean = {.level = diag->level,
                    .file = diag->file ? xstrdup(diag->file) : NULL,
                    .line = diag->line,
                    .column = diag->column,
                    .message = diag->message ? lab_clean(diag->message) : NULL,
                    .detail = diag->detail ? lab_clean(diag->detail) : NULL,
                    .hint = diag->hint ? lab_clean(diag->hint) : NULL};
    cli_print_diag(&clean);
    pk_diag_free(&clean);
}

/* The usage lines and every subcommand's options, all from the tables. */
static void lab_usage(FILE *out)
{
    lab_usage_head(out);
    fputs("\nlist and show options:\n", out);
    cli_options_help(out, lab_list_options, CLI_N_OPTIONS(lab_list_options), 24);
    fputs("\nrun options:\n", out);
    cli_options_help(out, lab_run_options, CLI_N_OPTIONS(lab_run_options), 24);
    fputs("\nab options:\n", out);
    cli_options_help(out, lab_ab_options, CLI_N_OPTIONS(lab_ab_options), 24);
    fputs("\ntune options:\n", out);
    cli_options_help(out, lab_tune_options, CLI_N_OPTIONS(lab_tune_options), 24);
    fputs("\nrestore options:\n", out);
    cli_options_help(out, lab_restore_options, CLI_N_OPTIONS(lab_restore_options), 24);
}

/* The directory holding bin/pgknob's project: labs/, .cache/pg, tests/pg. */
static char *project_root(void)
{
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (len <= 0)
        return NULL;
    exe[len] = '\0';
    char *bin_dir = dirname(exe);
    char *root = xasprintf("%s/..", bin_dir);
    char resolved[PATH_MAX];
    char *out = realpath(root, resolved) ? xstrdup(resolved) : NULL;
    free(root);
    return out;
}

static char *labs_dir(const char *given)
{
    if (given)
        return xstrdup(given);
    char *dir = pk_data_dir("labs", NULL);
    return dir ? dir : xstrdup("labs");
}

static bool load_labs(const char *given, LabSet *set)
{
    char *root = project_root();
    char *dir = labs_dir(given);
    PkDiag err = PK_DIAG_INIT;
    bool ok = lab_set_load(dir, set, &err);
    if (!ok)
        lab_print_diag(&err);
    pk_diag_free(&err);
    free(dir);
    free(root);
    return ok;
}

static int lab_list(const LabSet *set)
{
    printf("%-18s %-10s %-5s %s\n", "ID", "KIND", "MIN", "TITLE");
    for (size_t idx = 0; idx < set->n; idx++) {
        const Lab *lab = &set->labs[idx];
        printf("%-18s %-10s %-5d %s\n", lab->id, lab->kind == LAB_STAGE ? "stage" : "standalone",
               lab->min_major, lab->title);
    }
    return PK_EXIT_OK;
}

static void show_settings(const char *heading, const LabSettings *settings)
{
    printf("%s\n", heading);
    if (settings->n == 0)
        printf("  (none)\n");
    for (size_t idx = 0; idx < settings->n; idx++) {
        const LabSetting *item = &settings->items[idx];
        char *shown = redact_value(NULL, item->name, item->value);
        char *quoted = lab_settings_quote(shown);
        free(shown);
        printf("  %s = %s\t# %s:%d\n", item->name, quoted, item->file, item->line);
        free(quoted);
    }
}

static void show_workload(const LabWorkload *wl)
{
    printf("workload: %s", wl->type == WORKLOAD_TPCC ? "tpcc" : "query");
    if (wl->warehouses)
        printf(", %d warehouses", wl->warehouses);
    if (wl->clients)
        printf(", %d clients", wl->clients);
    if (wl->duration_s > 0)
        printf(", %.0f s after %.0f s warm-up", wl->duration_s, wl->warmup_s);
    if (wl->quick_duration_s > 0)
        printf(" (--quick: %.0f s)", wl->quick_duration_s);
    printf("\n");
    if (wl->sql)
        printf("sql: %s\n", wl->sql);
}

/* The storage lab's added latencies (pgknob-slowfs), in ms. */
static void show_storage(const char *heading, const LabStorage *st)
{
    printf("%s: data reads +%g ms, data fsyncs +%g ms, WAL fsyncs +%g ms (pgknob-slowfs)\n",
           heading, st->read_s * 1000, st->fsync_s * 1000, st->wal_fsync_s * 1000);
}

static int lab_show(const LabSet *set, const char *id)
{
    const Lab *lab = lab_set_find(set, id);
    if (!lab) {
        cli_error("`pgknob lab list` shows the labs.", "unknown lab \"%s\"", id);
        return PK_EXIT_USAGE;
    }
    printf("%s: %s\n", lab->id, lab->title);
    if (lab->kind == LAB_STAGE)
        printf("stage %d of the cumulative series", lab->order);
    else
        printf("standalone lab, each run compared with the baseline");
    printf("; needs PostgreSQL %d or later\n\n%s\n\n", lab->min_major, lab->story);
    if (lab->watch)
        printf("what to watch: %s\n\n", lab->watch);
    show_workload(&lab->workload);
    show_settings("settings:", &lab->settings);
    if (lab->storage.on)
        show_storage("storage of the baseline run", &lab->storage);
    for (size_t idx = 0; idx < lab->n_runs; idx++) {
        char *heading = xasprintf("run %s: %s", lab->runs[idx].name, lab->runs[idx].title);
        show_settings(heading, &lab->runs[idx].settings);
        free(heading);
        LabStorage st = lab->storage;
        const LabStorage *own = &lab->runs[idx].storage;
        st.read_s = own->read_s >= 0 ? own->read_s : st.read_s;
        st.fsync_s = own->fsync_s >= 0 ? own->fsync_s : st.fsync_s;
        st.wal_fsync_s = own->wal_fsync_s >= 0 ? own->wal_fsync_s : st.wal_fsync_s;
        if (lab->storage.on)
            show_storage("  storage", &st);
    }
    if (lab->reference.label)
        printf("the article: %s (%s)\n", lab->reference.label, lab->reference.source);
    if (lab->reference.tps >= 0)
        printf("article TPS: %g\n", lab->reference.tps);
    printf("students' notes: %s/README.md\n", lab->dir);
    return PK_EXIT_OK;
}

/* What every lab command does first: resolve the state directory (returned: caller frees),
 * remove throwaway clusters of killed runs and name the servers a lab left changed. */
static char *lab_preflight(const char *state_dir, bool note_pending)
{
    LabEvents events = lab_events();
    char *dir = lab_state_dir_resolve(state_dir);
    cluster_sweep_orphans(dir, &events);
    if (note_pending)
        lab_note_pending(dir, &events);
    return dir;
}

static bool parse_run_option(int opt, RunArgs *args)
{
    switch (opt) {
    case LAB_OPT_QUICK: args->opts.quick = true; return true;
    case LAB_OPT_OUT: args->opts.out_dir = optarg; return true;
    case LAB_OPT_PG_BIN: args->opts.pg_bin = optarg; return true;
    case LAB_OPT_KEEP: args->opts.keep = true; return true;
    case LAB_OPT_DSN: args->opts.dsn = optarg; return true;
    case LAB_OPT_ALLOW_EXISTING: args->opts.allow_existing = true; return true;
    case LAB_OPT_LABS: args->labs = optarg; return true;
    case LAB_OPT_STATE_DIR: args->state_dir = optarg; return true;
    case LAB_OPT_WORKLOAD: args->workload = optarg; return true;
    case LAB_OPT_INIT: args->opts.init = optarg; return true;
    case LAB_OPT_KNOBS: args->knobs = optarg; return true;
    case LAB_OPT_VOLUME:
        if (!lab_volume_find(optarg)) {
            cli_error("Write --volume gp3 (AWS EBS gp3's baseline: 3,000 IOPS, 125 MiB/s) or "
                      "--volume none.",
                      "--volume: unknown volume \"%s\"", optarg);
            return false;
        }
        args->opts.volume = optarg;
        return true;
    default: /* a row without a target and without a case here: a bug, said so */
        cli_error(NULL, "internal error: option %d of this command has no handler", opt);
        return false;
    }
}

/* --workload and --init: "tpcc" (the default) or "pgbench:SCRIPTS", the scripts readable and
 * pgbench found, before any cluster is made. */
static bool resolve_workload(RunArgs *args)
{
    const char *spec = args->workload;
    if (!spec || !strcmp(spec, "tpcc")) {
        if (args->opts.init) {
            cli_error("--init prepares the database of --workload pgbench:FILE.sql.",
                      "--init needs --workload pgbench:...");
            return false;
        }
        return true;
    }
    if (strncmp(spec, "pgbench:", 8) != 0) {
        cli_error("Write --workload pgbench:FILE.sql[@weight],... (or tpcc, the default).",
                  "invalid value for --workload: \"%s\"", spec);
        return false;
    }
    PkDiag err = PK_DIAG_INIT;
    int scale;
    bool ok = pgbench_check_scripts(spec + 8, &err);
    if (ok && args->opts.init && pgbench_init_scale(args->opts.init, &scale) < 0) {
        pk_diag_set(&err, NULL, 0, "Write --init 'pgbench -i -s N' or --init FILE.sql.",
                    "invalid value for --init: \"%s\"", args->opts.init);
        ok = false;
    }
    if (ok && args->opts.init && pgbench_init_scale(args->opts.init, &scale) == 0 &&
        access(args->opts.init, R_OK) != 0) {
        pk_diag_set(&err, args->opts.init, 0, "Give a readable SQL file or 'pgbench -i -s N'.",
                    "could not read the --init SQL file");
        ok = false;
    }
    if (ok) {
        args->pgbench = pgbench_find(args->opts.pg_bin);
        if (!args->pgbench) {
            pk_diag_set(&err, NULL, 0,
                        "Install it with `make deps` (Debian's postgresql-client-15) or set "
                        "PGKNOB_PGBENCH to its path.",
                        "--workload pgbench: no pgbench program found");
            ok = false;
        }
    }
    if (!ok) {
        lab_print_diag(&err);
        pk_diag_free(&err);
        return false;
    }
    args->opts.pgbench_scripts = spec + 8;
    args->opts.pgbench = args->pgbench;
    return true;
}

static bool parse_run_args(int argc, char **argv, RunArgs *args, const CliOption *table,
                           size_t n_table, const char *command)
{
    optind = 0;
    int opt;
    while ((opt = cli_getopt(argc, argv, "", table, n_table, command)) != -1) {
        if (opt == 'h') {
            lab_usage(stdout);
            exit(PK_EXIT_OK);
        }
        const CliOption *row = cli_option_find(table, n_table, opt);
        if (row && row->target ? !cli_option_store(row, optarg, args)
                               : !parse_run_option(opt, args))
            return false; /* said why, or cli_getopt did */
    }
    return resolve_workload(args);
}

static void print_results(const LabRunReport *rep)
{
    /* The first line says which server the numbers are of. */
    printf("server: %s\n", rep->server_origin ? rep->server_origin : "none");
    printf("%-28s %14s %10s %10s %18s %s\n", "STAGE", rep->trials > 1 ? "MEDIAN TPS" : "TPS",
           "P95 MS", "× SLOWER", rep->trials > 1 ? "95% CI" : "", "ARTICLE × (TPS)");
    for (size_t idx = 0; idx < rep->n; idx++) {
        const StageResult *stage = &rep->stages[idx];
        if (!stage->ran) {
            printf("%-28s %14s\n", stage->id, "not measured");
            continue;
        }
        double tps_value = lab_stage_tps(stage);
        char *tps = lab_format_tps(tps_value > 0, tps_value, stage->result.measured_s);
        bool lower = false;
        double slower = lab_slower_factor(lab_baseline_of(rep, stage), stage, &lower);
        char factor[32] = "", ci[48] = "", p95[32] = "-", ref[64] = "";
        char *text = slower >= 0 ? lab_report_format_ratio(slower) : NULL;
        if (text)
            snprintf(factor, sizeof(factor), "%s%s", lower ? "> " : "", text);
        free(text);
        LabRatio ratio;
        if (lab_stage_ratio(rep, stage, &ratio)) {
            /* the factor the interval is about: the paired trials' geometric mean, as the
             * report prints it */
            char *point = lab_report_format_ratio(ratio.slower);
            snprintf(factor, sizeof(factor), "%s%s", ratio.lower_bound ? "> " : "", point);
            free(point);
            char *low = lab_report_format_ratio(ratio.low);
            char *high = lab_report_format_ratio(ratio.high);
            snprintf(ci, sizeof(ci), "%s–%s%s", low, high, ratio.beyond_floor ? "" : " (~1)");
            free(low);
            free(high);
        }
        double p95_value = stage->n_trials >= 2 ? stage->p95_median : stage->result.p95_ms;
        if (p95_value >= 0)
            snprintf(p95, sizeof(p95), "%.1f", p95_value);
        const StageResult *base = lab_baseline_of(rep, stage);
        double base_ref = base && base->lab ? base->lab->reference.tps : -1;
        double stage_ref = stage->lab && !stage->run ? stage->lab->reference.tps : -1;
        if (stage_ref > 0 && lab_is_baseline(stage)) {
            snprintf(ref, sizeof(ref), "1 (%g)", stage_ref);
        } else if (stage_ref > 0 && base_ref > 0) {
            char *article = lab_report_format_ratio(base_ref / stage_ref);
            snprintf(ref, sizeof(ref), "%s (%g)", article, stage_ref);
            free(article);
        } else if (stage_ref > 0)
            snprintf(ref, sizeof(ref), "(%g)", stage_ref);
        printf("%-28s %14s %10s %10s %18s %s\n", stage->id, tps, p95, factor, ci, ref);
        free(tps);
    }
}

static char *default_out_dir(const LabRunOpts *opts)
{
    StrBuf sb = STRBUF_INIT;
    sb_put(&sb, "reports/lab-");
    for (int idx = 0; idx < opts->n_selection; idx++) {
        if (idx)
            sb_putc(&sb, '+');
        for (const char *p = opts->selection[idx]; *p; p++)
            sb_putc(&sb, *p == '/' ? '_' : *p);
    }
    return sb_detach(&sb);
}

static int any_ran(const LabRunReport *rep)
{
    for (size_t idx = 0; idx < rep->n; idx++)
        if (rep->stages[idx].ran)
            return 1;
    return 0;
}

/* After a run: the report files, the table on stdout, the diagnostic. Returns the exit code
 * (a report that cannot be written makes a successful run a usage/I-O error). */
static int finish_run(const LabRunReport *report, const char *out_dir, int code, PkDiag *err,
                      void (*print)(const LabRunReport *))
{
    if (any_ran(report)) {
        PkDiag werr = PK_DIAG_INIT;
        if (lab_report_write(report, out_dir, &werr))
            fprintf(stderr, "pgknob: report written to %s/summary.{md,html,json} and chart.svg\n",
                    out_dir);
        else
            lab_print_diag(&werr);
        if (werr.message && code == 0)
            code = PK_EXIT_USAGE;
        pk_diag_free(&werr);
        print(report);
    }
    lab_print_diag(err);
    pk_diag_free(err);
    return code;
}

typedef int (*LabRunFn)(const LabSet *labs, const LabRunOpts *opts, LabRunReport *report,
                        PkDiag *diag);

/* What lab run and lab ab share: the preflight (noting pending servers when `note_pending`),
 * the labs loaded, the run through `run`, the report. Returns the exit code. */
static int run_labs(RunArgs *args, bool note_pending, LabRunFn run,
                    void (*print)(const LabRunReport *))
{
    char *state = lab_preflight(args->state_dir, note_pending);
    args->opts.state_dir = state;
    LabSet set;
    if (!load_labs(args->labs, &set)) {
        free(state);
        return PK_EXIT_USAGE;
    }
    char *root = project_root();
    args->opts.project_root = root;
    LabEvents events = lab_events();
    args->opts.events = &events;
    args->opts.load_progress = lab_load_progress;
    args->opts.load_progress_arg = &events;
    LabRunReport report;
    PkDiag err = PK_DIAG_INIT;
    int code = run(&set, &args->opts, &report, &err);
    code = finish_run(&report, args->opts.out_dir, code, &err, print);
    lab_run_report_free(&report);
    arena_free(set.arena);
    free(root);
    free(state);
    return code;
}

static int lab_run_cmd(int argc, char **argv)
{
    RunArgs args;
    memset(&args, 0, sizeof(args));
    if (!parse_run_args(argc, argv, &args, lab_run_options, CLI_N_OPTIONS(lab_run_options),
                        "lab run"))
        return PK_EXIT_USAGE;
    static const char *const default_selection[] = {"series"};
    args.opts.selection = optind < argc ? (const char *const *)(argv + optind) : default_selection;
    args.opts.n_selection = optind < argc ? argc - optind : 1;
    if (args.opts.allow_existing && !args.opts.dsn) {
        cli_error(NULL, "--allow-existing-server needs --dsn");
        return PK_EXIT_USAGE;
    }
    if (!args.opts.out_dir)
        args.opts.out_dir = args.out_default = default_out_dir(&args.opts);
    /* The refusal for this server comes from lab_run itself; other servers get a note. */
    int code = run_labs(&args, !args.opts.dsn, lab_run, print_results);
    free(args.out_default);
    free(args.pgbench);
    return code;
}

/* The per-trial table and the verdict of `lab ab` (stdout, after the server line). */
static void print_ab(const LabRunReport *rep)
{
    printf("server: %s\n", rep->server_origin ? rep->server_origin : "none");
    if (rep->n < 2)
        return;
    const StageResult *a = &rep->stages[0], *b = &rep->stages[1];
    printf("A: %s\nB: %s\n", a->title, b->title);
    printf("%-8s %12s %10s %12s %10s\n", "TRIAL", "A TPS", "A P95 MS", "B TPS", "B P95 MS");
    int n = a->n_trials > b->n_trials ? a->n_trials : b->n_trials;
    for (int idx = 0; idx < n; idx++)
        printf(
            "%-8d %12.4g %10.1f %12.4g %10.1f\n", idx + 1,
            idx < a->n_trials ? a->trial_tps[idx] : -1, idx < a->n_trials ? a->trial_p95[idx] : -1,
            idx < b->n_trials ? b->trial_tps[idx] : -1, idx < b->n_trials ? b->trial_p95[idx] : -1);
    printf("%-8s %12.4g %10.1f %12.4g %10.1f\n", "median", lab_stage_tps(a), a->p95_median,
           lab_stage_tps(b), b->p95_median);
    char *verdict = lab_report_ab_verdict(rep);
    if (verdict)
        printf("verdict: %s\n", verdict);
    free(verdict);
}

static int lab_ab_cmd(int argc, char **argv)
{
    RunArgs args;
    memset(&args, 0, sizeof(args));
    if (!parse_run_args(argc, argv, &args, lab_ab_options, CLI_N_OPTIONS(lab_ab_options), "lab ab"))
        return PK_EXIT_USAGE;
    if (optind >= argc || argc - optind > 2) {
        cli_error("pgknob lab ab CONFIG_A [CONFIG_B]: a postgresql.conf or a data directory each "
                  "(B: the baseline stage).",
                  "%s",
                  optind >= argc ? "lab ab needs a configuration to test"
                                 : "lab ab takes at most two configurations");
        return PK_EXIT_USAGE;
    }
    args.opts.config_a = argv[optind];
    args.opts.config_b = optind + 1 < argc ? argv[optind + 1] : NULL;
    if (!args.opts.out_dir)
        args.opts.out_dir = "reports/lab-ab";
    int code = run_labs(&args, true, lab_ab, print_ab);
    free(args.pgbench);
    return code;
}

/* After each comparison of lab tune: its lab ab report, and one line of progress. */
static void tune_compared(void *arg, const char *dir, const LabRunReport *rep)
{
    (void)arg;
    PkDiag err = PK_DIAG_INIT;
    if (!lab_report_write(rep, dir, &err))
        lab_print_diag(&err);
    pk_diag_free(&err);
    char *verdict = lab_report_ab_verdict(rep);
    fprintf(stderr, "pgknob: tune: %s: %s\n", dir, verdict ? verdict : "not measured");
    free(verdict);
}

static void print_tune(const TuneReport *rep)
{
    printf("%-4s %-28s %-24s %10s %16s %s\n", "#", "KNOB", "CHANGE", "TPS ×", "95% CI", "OUTCOME");
    for (size_t idx = 0; idx <= rep->n; idx++) {
        const TuneCandidate *c = idx < rep->n ? &rep->cands[idx] : &rep->confirm;
        if (!c->knob)
            continue;
        char change[128], factor[32] = "-", ci[48] = "-";
        snprintf(change, sizeof(change), "%s → %s", c->from, c->value);
        if (c->have_ratio) {
            snprintf(factor, sizeof(factor), "%.3g", 1 / c->slower);
            snprintf(ci, sizeof(ci), "%.3g–%.3g", 1 / c->high, 1 / c->low);
        }
        const char *outcome = idx == rep->n ? (rep->confirmed ? "confirmed" : "not confirmed")
                              : c->accepted ? "accepted"
                              : c->error    ? "failed (rejected)"
                                            : "rejected";
        printf("%-4s %-28s %-24s %10s %16s %s\n", idx == rep->n ? "conf" : "", c->knob, change,
               factor, ci, outcome);
    }
    char *verdict = lab_tune_verdict(rep);
    printf("verdict: %s\n", verdict);
    free(verdict);
}

static int lab_tune_cmd(int argc, char **argv)
{
    RunArgs args;
    memset(&args, 0, sizeof(args));
    cli_option_defaults(lab_tune_options, CLI_N_OPTIONS(lab_tune_options), &args);
    if (!parse_run_args(argc, argv, &args, lab_tune_options, CLI_N_OPTIONS(lab_tune_options),
                        "lab tune"))
        return PK_EXIT_USAGE;
    if (optind + 1 != argc) {
        cli_error("pgknob lab tune CONFIG: a postgresql.conf or a data directory to start from.",
                  "%s",
                  optind >= argc ? "lab tune needs a configuration to start from"
                                 : "lab tune takes one configuration");
        free(args.pgbench);
        return PK_EXIT_USAGE;
    }
    TuneOpts topts = {.config = argv[optind],
                      .knobs = args.knobs,
                      .budget_s = args.budget_s,
                      .out_dir = args.opts.out_dir ? args.opts.out_dir : "reports/lab-tune",
                      .compared = tune_compared};
    char *state = lab_preflight(args.state_dir, true);
    args.opts.state_dir = state;
    LabSet set;
    if (!load_labs(args.labs, &set)) {
        free(state);
        free(args.pgbench);
        return PK_EXIT_USAGE;
    }
    char *root = project_root();
    args.opts.project_root = root;
    LabEvents events = lab_events();
    args.opts.events = &events;
    args.opts.load_progress = lab_load_progress;
    args.opts.load_progress_arg = &events;
    topts.run = args.opts;
    TuneReport report;
    PkDiag err = PK_DIAG_INIT;
    int code = lab_tune(&set, &topts, &report, &err);
    if (report.n > 0 || code == 0) {
        PkDiag werr = PK_DIAG_INIT;
        if (lab_tune_report_write(&report, topts.out_dir, &werr))
            fprintf(stderr, "pgknob: report written to %s/tune.{md,json} and chart.svg%s\n",
                    topts.out_dir, code == 0 ? ", the configuration to tuned.conf" : "");
        else
            lab_print_diag(&werr);
        if (werr.message && code == 0)
            code = PK_EXIT_USAGE;
        pk_diag_free(&werr);
        print_tune(&report);
    }
    lab_print_diag(&err);
    pk_diag_free(&err);
    lab_tune_report_free(&report);
    arena_free(set.arena);
    free(root);
    free(state);
    free(args.pgbench);
    return code;
}

static int lab_restore_cmd(int argc, char **argv)
{
    LabRestoreOpts opts;
    memset(&opts, 0, sizeof(opts));
    const char *state_dir = NULL;
    optind = 0;
    int opt;
    while ((opt = cli_getopt(argc, argv, "", lab_restore_options,
                             CLI_N_OPTIONS(lab_restore_options), "lab restore")) != -1) {
        switch (opt) {
        case LAB_OPT_DSN: opts.dsn = optarg; break;
        case LAB_OPT_PG_BIN: opts.pg_bin = optarg; break;
        case LAB_OPT_STATE_DIR: state_dir = optarg; break;
        case LAB_OPT_FORGET: opts.forget = true; break;
        case LAB_OPT_HELP: lab_usage(stdout); return PK_EXIT_OK;
        default: return PK_EXIT_USAGE; /* cli_getopt said why */
        }
    }
    if (optind < argc) {
        cli_error(NULL, "unexpected argument \"%s\"", argv[optind]);
        return PK_EXIT_USAGE;
    }
    if (opts.forget && !opts.dsn) {
        cli_error(NULL,
                  "lab restore --forget needs --dsn CONNINFO: the server whose journal to drop");
        return PK_EXIT_USAGE;
    }
    char *state = lab_preflight(state_dir, false);
    if (!opts.dsn) {
        /* The throwaway clusters of killed runs (and the storage lab's slowfs mounts) are gone
         * now; the servers a lab left changed need their connection string. */
        LabEvents events = lab_events();
        size_t pending = lab_note_pending(state, &events);
        free(state);
        if (pending)
            cli_error(NULL,
                      "lab restore needs --dsn CONNINFO to put back the settings of the server%s "
                      "named above",
                      pending == 1 ? "" : "s");
        return pending ? PK_EXIT_USAGE : PK_EXIT_OK;
    }
    opts.state_dir = state;
    char *root = project_root();
    opts.project_root = root;
    LabEvents events = lab_events();
    opts.events = &events;
    PkDiag err = PK_DIAG_INIT;
    int code = lab_restore(&opts, &err);
    lab_print_diag(&err);
    pk_diag_free(&err);
    free(root);
    free(state);
    return code;
}

int cmd_lab(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        lab_usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? PK_EXIT_USAGE : PK_EXIT_OK;
    }
    const char *sub = argv[1];
    if (!strcmp(sub, "run"))
        return lab_run_cmd(argc - 1, argv + 1);
    if (!strcmp(sub, "restore"))
        return lab_restore_cmd(argc - 1, argv + 1);
    if (!strcmp(sub, "ab"))
        return lab_ab_cmd(argc - 1, argv + 1);
    if (!strcmp(sub, "tune"))
        return lab_tune_cmd(argc - 1, argv + 1);
    if (strcmp(sub, "list") != 0 && strcmp(sub, "show") != 0)
        return cli_unknown_command("lab command", sub, lab_subcommands,
                                   CLI_N_OPTIONS(lab_subcommands), "pgknob lab");
    const char *labs = NULL;
    const char *id = NULL;
    const char *state_dir = NULL;
    char command[16];
    snprintf(command, sizeof(command), "lab %s", sub);
    argc--, argv++;
    optind = 0;
    int opt;
    while ((opt = cli_getopt(argc, argv, "", lab_list_options, CLI_N_OPTIONS(lab_list_options),
                             command)) != -1) {
        switch (opt) {
        case LAB_OPT_LABS: labs = optarg; break;
        case LAB_OPT_STATE_DIR: state_dir = optarg; break;
        case LAB_OPT_HELP: lab_usage(stdout); return PK_EXIT_OK;
        default: return PK_EXIT_USAGE; /* cli_getopt said why */
        }
    }
    if (optind < argc)
        id = argv[optind++];
    if (optind < argc || (id && !strcmp(sub, "list"))) {
        char *hint = xasprintf("see 'pgknob %s --help'.", command);
        cli_error(hint, "unexpected argument \"%s\"", optind < argc ? argv[optind] : id);
        free(hint);
        return PK_EXIT_USAGE;
    }
    if (!strcmp(sub, "show") && !id) {
        cli_error(NULL, "lab show needs a lab ID");
        return PK_EXIT_USAGE;
    }
    free(lab_preflight(state_dir, true));
    LabSet set;
    if (!load_labs(labs, &set))
        return PK_EXIT_USAGE;
    int code = !strcmp(sub, "list") ? lab_list(&set) : lab_show(&set, id);
    arena_free(set.arena);
    return code;
}

size_t cmd_lab_specs(const CliSpec **specs)
{
    static const CliSpec table[] = {
        {"lab list", "\\[*OPTIONS*\\]", lab_list_options, CLI_N_OPTIONS(lab_list_options)},
        {"lab show", "*ID* \\[*OPTIONS*\\]", lab_list_options, CLI_N_OPTIONS(lab_list_options)},
        {"lab run", "\\[*ID*...|series|all\\] \\[*OPTIONS*\\]", lab_run_options,
         CLI_N_OPTIONS(lab_run_options)},
        {"lab ab", "*CONFIG_A* \\[*CONFIG_B*\\] \\[*OPTIONS*\\]", lab_ab_options,
         CLI_N_OPTIONS(lab_ab_options)},
        {"lab tune", "*CONFIG* \\[*OPTIONS*\\]", lab_tune_options, CLI_N_OPTIONS(lab_tune_options)},
        {"lab restore", "\\[**--dsn** *CONNINFO*\\] \\[*OPTIONS*\\]", lab_restore_options,
         CLI_N_OPTIONS(lab_restore_options)},
    };
    *specs = table;
    return sizeof(table) / sizeof(table[0]);
}
