/* `pgknob tpcc load|run|check`: parses options, calls the tpcc module, prints, maps to an exit
 * code. All TPC-C logic lives in src/tpcc/. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_diag.h"
#include "cli/cli_options.h"
#include "cli/commands.h"
#include "common/diag.h"
#include "common/json.h"
#include "common/quantity.h"
#include "common/signals.h"
#include "common/strbuf.h"
#include "tpcc/tpcc.h"

static int usage_error(const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int usage_error(const char *hint, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    PkDiag diag = PK_DIAG_INIT;
    pk_diag_vset(&diag, NULL, 0, hint, fmt, ap);
    va_end(ap);
    cli_print_diag(&diag);
    pk_diag_free(&diag);
    return PK_EXIT_USAGE;
}

/* Prints the library's diagnostic; `code` is the exit code this failure maps to. */
static int report_diag(PkDiag *diag, int code)
{
    pk_diag_set(diag, NULL, 0, NULL, "unknown error"); /* when the library gave no cause */
    cli_print_diag(diag);
    pk_diag_free(diag);
    return code;
}

static bool write_file(const char *path, const StrBuf *content)
{
    if (!strcmp(path, "-")) {
        fputs(sb_str(content), stdout);
        return true;
    }
    FILE *file = fopen(path, "w");
    if (!file) {
        usage_error(NULL, "could not open \"%s\" for writing: %s", path, strerror(errno));
        return false;
    }
    fputs(sb_str(content), file);
    bool ok = fclose(file) == 0;
    if (!ok)
        usage_error(NULL, "could not write \"%s\": %s", path, strerror(errno));
    return ok;
}

/* Takes at most one positional argument: the connection string. */
static bool conninfo_arg(int argc, char **argv, const char **conninfo)
{
    if (optind < argc - 1) {
        usage_error("Give one connection string or URI, quoted.", "too many arguments: \"%s\"",
                    argv[optind + 1]);
        return false;
    }
    *conninfo = optind < argc ? argv[optind] : NULL;
    return true;
}

static const char tpcc_help[] =
    "usage: pgknob tpcc COMMAND [CONNINFO] [OPTIONS]\n"
    "\n"
    "A TPC-C-derived workload on libpq, in schema \"tpcc\" of the database you connect to.\n"
    "Its results are not TPC-C results and cannot be compared with published ones.\n"
    "\n"
    "commands:\n"
    "  load    create the nine tables and load the initial population (clause 4.3)\n"
    "  run     run the five transactions with the standard mix and measure\n"
    "  check   verify consistency conditions 1-4 (clause 3.3.2)\n"
    "\n"
    "CONNINFO is a libpq connection string or URI; without it the PGHOST, PGPORT, PGUSER,\n"
    "PGDATABASE environment is used. Run 'pgknob tpcc COMMAND --help' for options.\n";

static const char load_head[] =
    "usage: pgknob tpcc load [CONNINFO] --warehouses N [OPTIONS]\n"
    "\n"
    "Creates schema \"tpcc\" with the nine tables, loads the clause 4.3 population with COPY,\n"
    "builds primary keys and the secondary indexes, then runs VACUUM ANALYZE.\n"
    "\n"
    "options:\n";
static const char load_tail[] =
    "\n"
    "Progress goes to stderr: a bar on a terminal, otherwise a line every 5 seconds and one\n"
    "per phase. Ctrl-C stops the load (a second Ctrl-C kills); the schema is then marked\n"
    "incomplete and 'tpcc run' refuses it until reloaded.\n"
    "Exit codes: 0 loaded, 1 load failed or interrupted, 2 usage, connection or existing schema.\n";

static const char run_head[] =
    "usage: pgknob tpcc run [CONNINFO] [OPTIONS]\n"
    "\n"
    "Runs New-Order, Payment, Order-Status, Delivery and Stock-Level (45/43/4/4/4 from a\n"
    "shuffled deck), one connection and thread per client, and reports TPS, NOPM (New-Order\n"
    "transactions per minute; paced with --think), latency average, stddev and percentiles\n"
    "per transaction, errors and retries by SQLSTATE, a per-second series and the driver's\n"
    "own CPU use.\n"
    "Closed loop by default (each client sends when its last transaction returns); open\n"
    "loop with --rate.\n"
    "\n"
    "options:\n";
static const char run_tail[] =
    "\n"
    "The summary goes to stdout (unless --json -). Ctrl-C stops early and prints the partial\n"
    "result; a lost server also stops the run, and the result is marked incomplete.\n"
    "Exit codes: 0 complete run, 1 incomplete run (interrupted or server lost),\n"
    "2 usage, connection, or schema not loaded or not matching.\n";

static const char check_head[] =
    "usage: pgknob tpcc check [CONNINFO] [--full]\n"
    "\n"
    "Verifies the consistency conditions 1-4 of the TPC-C specification's clause 3.3.2\n"
    "for every warehouse and district: W_YTD = sum(D_YTD);\n"
    "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID);\n"
    "count(NEW-ORDER) = max(NO_O_ID) - min(NO_O_ID) + 1; sum(O_OL_CNT) = count(ORDER-LINE).\n"
    "\n"
    "options:\n";
static const char check_tail[] =
    "\n"
    "Exit codes: 0 all conditions hold, 1 a condition is violated, 2 usage, connection or\n"
    "no loaded schema.\n";

enum {
    OPT_DROP = 1000,
    OPT_SEED,
    OPT_JSON,
    OPT_WARMUP,
    OPT_THINK,
    OPT_ISOLATION,
    OPT_REPORT,
    OPT_MAX_RETRIES
};

/* The options load and run share (their --warehouses differ: required to load, checked when
 * running). */
#define TPCC_SEED_ROW(opts_type, help)                                                             \
    {                                                                                              \
        "seed", "N", OPT_SEED, help, .type = CLI_INT, .def = "1", .wide = true,                    \
                                     .target = CLI_AT(opts_type, seed)                             \
    }
#define TPCC_JSON_ROW(help)                                                                        \
    {                                                                                              \
        "json", "FILE", OPT_JSON, help, .type = CLI_PATH                                           \
    }
#define TPCC_HELP_ROW                                                                              \
    {                                                                                              \
        "help", NULL, 'h', "show this help", .type = CLI_FLAG                                      \
    }

static const CliOption load_options[] = {
    {"warehouses", "N", 'w', "number of warehouses to load (required; ~100 MB each)",
     .type = CLI_INT, .min = 1, .max = 100000, .target = CLI_AT(TpccLoadOpts, warehouses)},
    {"jobs", "J", 'j', "parallel connections (default: number of CPUs)", .type = CLI_INT, .min = 1,
     .max = 256, .target = CLI_AT(TpccLoadOpts, jobs)},
    {"drop", NULL, OPT_DROP, "replace an existing tpcc schema (deletes its data)", .type = CLI_FLAG,
     .target = CLI_AT(TpccLoadOpts, drop)},
    TPCC_SEED_ROW(TpccLoadOpts, "random seed; the same seed loads the same rows"),
    TPCC_JSON_ROW("write the load measurements as JSON (- for stdout)"),
    TPCC_HELP_ROW,
};
static const char *const isolation_names[] = {"read-committed", "repeatable-read", "serializable",
                                              NULL};
static const CliOption run_options[] = {
    {"warehouses", "N", 'w', "warehouses expected in the database (default: what\nis loaded)",
     .type = CLI_INT, .min = 1, .max = 100000, .target = CLI_AT(TpccRunOpts, warehouses)},
    {"clients", "C", 'c', "concurrent clients, spread over the warehouses", .type = CLI_INT,
     .min = 1, .max = 1000, .def = "1", .target = CLI_AT(TpccRunOpts, clients)},
    {"duration", "D", 'd', "measured time, e.g. 60s, 5min, 500ms", .type = CLI_DURATION,
     .min = 0.001, .max = 30 * 86400, .def = "60s", .target = CLI_AT(TpccRunOpts, duration_s)},
    {"warmup", "D", OPT_WARMUP, "time run before measuring", .type = CLI_DURATION, .min = 0,
     .max = 86400, .def = "0", .target = CLI_AT(TpccRunOpts, warmup_s)},
    {"think", NULL, OPT_THINK,
     "use the keying and think times of clause 5.2.5\n(default: none): the paced NOPM",
     .type = CLI_FLAG, .target = CLI_AT(TpccRunOpts, think)},
    {"rate", "TPS", 'R',
     "open loop: Poisson arrivals at TPS transactions per\nsecond in all (each client its own "
     "schedule, as\npgbench -R); latency counts from the scheduled start",
     .type = CLI_NUMBER, .min = 0, .max = 1e6, .above_min = true,
     .target = CLI_AT(TpccRunOpts, rate_tps)},
    {"latency-limit", "MS", 'L',
     "count transactions above MS milliseconds as late;\nwith --rate, skip those already that "
     "late when due\n(as pgbench -L)",
     .type = CLI_NUMBER, .min = 0, .max = 86400e3, .above_min = true,
     .target = CLI_AT(TpccRunOpts, latency_limit_ms)},
    {"isolation", "L", OPT_ISOLATION, "the transactions' isolation level", .type = CLI_ENUM,
     .choices = isolation_names, .def = "read-committed"},
    TPCC_SEED_ROW(TpccRunOpts, "random seed: same seed, same transaction inputs"),
    {"max-retries", "N", OPT_MAX_RETRIES, "re-runs after 40001/40P01 with the same inputs",
     .type = CLI_INT, .min = 1, .max = 1000, .def = "10",
     .target = CLI_AT(TpccRunOpts, max_retries)},
    {"progress", "S", 'P',
     "a line on stderr every S seconds: tps, latency\naverage and stddev, failures (as "
     "pgbench -P;\n0 = off)",
     .type = CLI_DURATION, .min = 0, .max = 86400, .def = "5",
     .target = CLI_AT(TpccRunOpts, progress_interval_s)},
    {"report", "FILE", OPT_REPORT, "write the summary (Markdown when FILE ends in .md)",
     .type = CLI_PATH},
    TPCC_JSON_ROW("write every measurement as JSON (- for stdout)"),
    TPCC_HELP_ROW,
};
static const CliOption check_options[] = {
    {"full", NULL, CLI_LONG('f'),
     "also conditions 5-10 and 12 (carrier ids, line counts and delivery\ndates per order, "
     "year-to-date sums against HISTORY, customer\nbalances); slower",
     .type = CLI_FLAG},
    TPCC_HELP_ROW,
};

static void print_load(const TpccLoadOpts *opts, const TpccLoadResult *res)
{
    double rate = res->copy_seconds > 0 ? (double)res->rows / res->copy_seconds : 0;
    double mbps = res->copy_seconds > 0 ? (double)res->bytes / 1e6 / res->copy_seconds : 0;
    printf("loaded %d warehouse%s: %lld rows, %.1f MB of COPY text in %.2f s "
           "(%.0f rows/s, %.1f MB/s)\n",
           opts->warehouses, opts->warehouses == 1 ? "" : "s", (long long)res->rows,
           (double)res->bytes / 1e6, res->copy_seconds, rate, mbps);
    printf("keys and indexes %.2f s, VACUUM ANALYZE %.2f s, total %.2f s, %.1f MB on disk\n",
           res->index_seconds, res->vacuum_seconds, res->total_seconds,
           (double)res->table_bytes / 1e6);
}

static double round3(double value)
{
    return isfinite(value) ? round(value * 1000.0) / 1000.0 : 0.0;
}

static void load_json(const TpccLoadOpts *opts, const TpccLoadResult *res, StrBuf *out)
{
    double rows_per_s = res->copy_seconds > 0 ? (double)res->rows / res->copy_seconds : 0.0;
    double mb_per_s = res->copy_seconds > 0 ? (double)res->bytes / 1e6 / res->copy_seconds : 0.0;
    json_t *doc = json_pack(
        "{s:i, s:i, s:I, s:b, s:I, s:I, s:I, s:f, s:f, s:f, s:f, s:f, s:f, s:i}", "warehouses",
        opts->warehouses, "jobs", opts->jobs, "seed", (json_int_t)opts->seed, "complete",
        res->complete, "rows", (json_int_t)res->rows, "copy_bytes", (json_int_t)res->bytes,
        "table_bytes", (json_int_t)res->table_bytes, "copy_s", round3(res->copy_seconds), "index_s",
        round3(res->index_seconds), "vacuum_s", round3(res->vacuum_seconds), "total_s",
        round3(res->total_seconds), "rows_per_s", round3(rows_per_s), "copy_mb_per_s",
        round3(mb_per_s), "c_last_load", res->c_last_load);
    pk_json_dump(out, doc, PK_JSON_LINE);
}

/* The loader's progress: a bar redrawn on a terminal; otherwise (a log, a CI job) a line when a
 * phase starts and ends, and every 5 seconds in between. */
typedef struct LoadProgressState {
    bool tty;
    double last_line; /* elapsed_s of the last line printed in this phase */
} LoadProgressState;

static void print_load_progress(const TpccLoadProgress *progress, void *arg)
{
    LoadProgressState *state = arg;
    StrBuf line = STRBUF_INIT;
    if (state->tty && progress->phase == TPCC_LOAD_COPY) {
        tpcc_load_progress_text(progress, false, &line);
        fprintf(stderr, "\r%s%s", sb_str(&line), progress->phase_end ? "\n" : "");
    } else if (state->tty) {
        if (progress->phase_start)
            fprintf(stderr, "%s\n",
                    progress->phase == TPCC_LOAD_INDEX ? "building primary keys and indexes"
                                                       : "running VACUUM ANALYZE");
    } else if (progress->phase_start || progress->phase_end ||
               progress->elapsed_s - state->last_line >= 5.0) {
        state->last_line = progress->phase_start ? 0 : progress->elapsed_s;
        tpcc_load_progress_text(progress, true, &line);
        fprintf(stderr, "%s\n", sb_str(&line));
    }
    fflush(stderr);
    sb_free(&line);
}

/* A typed row of `table` stored at its target in `base`: -1 when fine, else the exit code;
 * -2 when `opt` has no row or its row no target (the command's own code stores it). */
static int typed_option(int opt, const CliOption *table, size_t n, void *base)
{
    const CliOption *row = cli_option_find(table, n, opt);
    if (!row || !row->target)
        return -2;
    return cli_option_store(row, optarg, base) ? -1 : PK_EXIT_USAGE;
}

/* One option of `load`; returns -1 when fine, else the exit code. */
static int load_option(int opt, TpccLoadOpts *opts, const char **json_path)
{
    int rc = typed_option(opt, load_options, CLI_N_OPTIONS(load_options), opts);
    if (rc != -2)
        return rc;
    switch (opt) {
    case OPT_JSON: *json_path = optarg; return -1;
    case 'h':
        cli_usage(stdout, load_head, load_options, CLI_N_OPTIONS(load_options), 18, load_tail);
        return PK_EXIT_OK;
    default: return PK_EXIT_USAGE; /* cli_getopt said why */
    }
}

static int tpcc_load_cmd(int argc, char **argv)
{
    LoadProgressState progress = {.tty = isatty(2) == 1};
    TpccLoadOpts opts = {
        .stop = &pk_stop_signal, .progress_fn = print_load_progress, .progress_arg = &progress};
    cli_option_defaults(load_options, CLI_N_OPTIONS(load_options), &opts);
    const char *json_path = NULL;
    int opt;
    while ((opt = cli_getopt(argc, argv, "", load_options, CLI_N_OPTIONS(load_options),
                             "tpcc load")) != -1) {
        int rc = load_option(opt, &opts, &json_path);
        if (rc >= 0)
            return rc;
    }
    if (!conninfo_arg(argc, argv, &opts.conninfo))
        return PK_EXIT_USAGE;
    if (opts.warehouses == 0)
        return usage_error("Add --warehouses N (each warehouse is about 100 MB).",
                           "missing --warehouses");
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (opts.jobs == 0)
        opts.jobs = (int)(cpus < 1 ? 1 : cpus > opts.warehouses + 1 ? opts.warehouses + 1 : cpus);
    pk_signals_catch_stop(true, NULL); /* a second Ctrl-C kills */
    TpccLoadResult res;
    PkDiag diag = PK_DIAG_INIT;
    if (!tpcc_load(&opts, &res, &diag))
        return report_diag(&diag, res.schema_created ? PK_EXIT_FINDINGS : PK_EXIT_USAGE);
    StrBuf json = STRBUF_INIT;
    if (json_path)
        load_json(&opts, &res, &json);
    if (!json_path || strcmp(json_path, "-"))
        print_load(&opts, &res);
    bool written = !json_path || write_file(json_path, &json);
    sb_free(&json);
    return written ? PK_EXIT_OK : PK_EXIT_USAGE;
}

static bool parse_isolation(const char *text, TpccIsolation *out)
{
    /* the option's spelling or SQL's ("repeatable read"), in any case */
    for (int idx = 0; isolation_names[idx]; idx++) {
        char sql[32];
        snprintf(sql, sizeof(sql), "%s", isolation_names[idx]);
        char *dash = strchr(sql, '-');
        if (dash)
            *dash = ' ';
        if (!strcasecmp(text, isolation_names[idx]) || !strcasecmp(text, sql)) {
            *out = (TpccIsolation)idx;
            return true;
        }
    }
    return false;
}

static bool ends_with(const char *text, const char *suffix)
{
    size_t len = strlen(text), slen = strlen(suffix);
    return len >= slen && !strcmp(text + len - slen, suffix);
}

typedef struct RunPaths {
    const char *report;
    const char *json;
} RunPaths;

/* One option of `run`; returns -1 when fine, else the exit code. */
static int run_option(int opt, TpccRunOpts *opts, RunPaths *paths)
{
    int rc = typed_option(opt, run_options, CLI_N_OPTIONS(run_options), opts);
    if (rc != -2)
        return rc;
    switch (opt) {
    case OPT_ISOLATION:
        if (!parse_isolation(optarg, &opts->isolation))
            return usage_error("Use read-committed, repeatable-read or serializable.",
                               "invalid value for option \"--isolation\": \"%s\"", optarg);
        return -1;
    case OPT_REPORT: paths->report = optarg; return -1;
    case OPT_JSON: paths->json = optarg; return -1;
    case 'h':
        cli_usage(stdout, run_head, run_options, CLI_N_OPTIONS(run_options), 22, run_tail);
        return PK_EXIT_OK;
    default: return PK_EXIT_USAGE; /* cli_getopt said why */
    }
}

/* The live line on stderr, pgbench -P style. */
static void print_progress(const TpccProgress *progress, void *arg)
{
    const TpccRunOpts *opts = arg;
    StrBuf line = STRBUF_INIT;
    tpcc_progress_text(progress, opts, &line);
    fprintf(stderr, "%s\n", sb_str(&line));
    sb_free(&line);
}

static bool write_run_outputs(const TpccResult *res, const RunPaths *paths)
{
    bool ok = true;
    StrBuf buf = STRBUF_INIT;
    if (!paths->json || strcmp(paths->json, "-")) {
        tpcc_result_to_text(res, false, &buf);
        fputs(sb_str(&buf), stdout);
        fflush(stdout);
        sb_reset(&buf);
    }
    if (paths->report) {
        tpcc_result_to_text(res, ends_with(paths->report, ".md"), &buf);
        ok = write_file(paths->report, &buf) && ok;
        sb_reset(&buf);
    }
    if (paths->json) {
        tpcc_result_to_json(res, &buf);
        ok = write_file(paths->json, &buf) && ok;
    }
    sb_free(&buf);
    return ok;
}

static int tpcc_run_cmd(int argc, char **argv)
{
    TpccRunOpts opts = {.stop = &pk_stop_signal};
    cli_option_defaults(run_options, CLI_N_OPTIONS(run_options), &opts);
    RunPaths paths = {0};
    int opt;
    while ((opt = cli_getopt(argc, argv, "", run_options, CLI_N_OPTIONS(run_options),
                             "tpcc run")) != -1) {
        int rc = run_option(opt, &opts, &paths);
        if (rc >= 0)
            return rc;
    }
    if (!conninfo_arg(argc, argv, &opts.conninfo))
        return PK_EXIT_USAGE;
    if (opts.progress_interval_s > 0) {
        opts.progress_fn = print_progress;
        opts.progress_arg = &opts;
    }
    pk_signals_catch_stop(true, NULL); /* a second Ctrl-C kills */
    TpccResult res;
    PkDiag diag = PK_DIAG_INIT;
    if (!tpcc_run(&opts, &res, &diag))
        return report_diag(&diag, PK_EXIT_USAGE); /* nothing ran */
    bool written = write_run_outputs(&res, &paths);
    if (!res.complete)
        cli_warning(NULL, "the run is incomplete (%s): %s", tpcc_stop_reason_key(res.stop_reason),
                    res.stop_detail);
    int rc = !written ? PK_EXIT_USAGE : res.complete ? PK_EXIT_OK : PK_EXIT_FINDINGS;
    arena_free(res.arena);
    return rc;
}

static void print_check(const TpccCheckResult *res)
{
    for (int idx = 0; idx < res->count; idx++) {
        const TpccCheckCondition *cond = &res->conditions[idx];
        printf("condition %d: %s: %s (%lld checked", cond->number, cond->what,
               cond->violations ? "FAIL" : "pass", (long long)cond->checked);
        if (cond->violations)
            printf(", %lld violations; first: %s", (long long)cond->violations,
                   cond->first_violation);
        printf(")\n");
    }
    printf("consistency: %s\n", res->passed ? "pass" : "FAIL");
}

static int tpcc_check_cmd(int argc, char **argv)
{
    bool full = false;
    int opt;
    while ((opt = cli_getopt(argc, argv, "", check_options, CLI_N_OPTIONS(check_options),
                             "tpcc check")) != -1) {
        if (opt == CLI_LONG('f')) {
            full = true;
            continue;
        }
        if (opt != 'h')
            return PK_EXIT_USAGE; /* cli_getopt said why */
        cli_usage(stdout, check_head, check_options, CLI_N_OPTIONS(check_options), 18, check_tail);
        return PK_EXIT_OK;
    }
    const char *conninfo;
    if (!conninfo_arg(argc, argv, &conninfo))
        return PK_EXIT_USAGE;
    TpccCheckResult res;
    PkDiag diag = PK_DIAG_INIT;
    bool ok = full ? tpcc_check_full(conninfo, &res, &diag) : tpcc_check(conninfo, &res, &diag);
    if (!ok)
        return report_diag(&diag, PK_EXIT_USAGE); /* could not check */
    print_check(&res);
    return res.passed ? PK_EXIT_OK : PK_EXIT_FINDINGS;
}

int cmd_tpcc(int argc, char **argv)
{
    if (argc < 2) {
        fputs(tpcc_help, stderr);
        return PK_EXIT_USAGE;
    }
    const char *sub = argv[1];
    optind = 0; /* glibc: full re-initialisation of getopt */
    opterr = 0;
    if (!strcmp(sub, "--help") || !strcmp(sub, "-h") || !strcmp(sub, "help")) {
        fputs(tpcc_help, stdout);
        return PK_EXIT_OK;
    }
    if (!strcmp(sub, "load"))
        return tpcc_load_cmd(argc - 1, argv + 1);
    if (!strcmp(sub, "run"))
        return tpcc_run_cmd(argc - 1, argv + 1);
    if (!strcmp(sub, "check"))
        return tpcc_check_cmd(argc - 1, argv + 1);
    static const char *const subs[] = {"load", "run", "check"};
    return cli_unknown_command("tpcc command", sub, subs, CLI_N_OPTIONS(subs), "pgknob tpcc");
}

size_t cmd_tpcc_specs(const CliSpec **specs)
{
    static const CliSpec table[] = {
        {"tpcc load", "\\[*CONNINFO*\\] **--warehouses** *N* \\[*OPTIONS*\\]", load_options,
         CLI_N_OPTIONS(load_options)},
        {"tpcc run", "\\[*CONNINFO*\\] \\[*OPTIONS*\\]", run_options, CLI_N_OPTIONS(run_options)},
        {"tpcc check", "\\[*CONNINFO*\\] \\[**--full**\\]", check_options,
         CLI_N_OPTIONS(check_options)},
    };
    *specs = table;
    return sizeof(table) / sizeof(table[0]);
}
