/* `pgknob tpcc load|run|check`: parses options, calls the tpcc module, prints, maps to an exit
 * code. All TPC-C logic lives in src/tpcc/. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "common/diag.h"
#include "common/strbuf.h"
#include "tpcc/tpcc.h"

static volatile sig_atomic_t tpcc_interrupted;

static void on_signal(int signo)
{
    (void)signo;
    tpcc_interrupted = 1;
}

/* First Ctrl-C asks for a clean stop; a second one kills as usual (SA_RESETHAND). */
static void install_stop_handler(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

static int usage_error(const char *hint, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int usage_error(const char *hint, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "pgknob: error: ");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nhint: %s\n", hint);
    return PK_EXIT_USAGE;
}

static int report_error(const TpccError *err)
{
    pk_print_error(NULL, 0, err->message, err->hint[0] ? err->hint : NULL);
    switch (err->status) {
    case TPCC_ERR_SERVER:
    case TPCC_ERR_INTERRUPTED:
        return PK_EXIT_FINDINGS;
    default:
        return PK_EXIT_USAGE;
    }
}

/* "90", "90s", "500ms", "2m", "1h" -> seconds; false on anything else */
static bool parse_duration(const char *text, double *seconds)
{
    char *end;
    errno = 0;
    double value = strtod(text, &end);
    if (end == text || errno || !isfinite(value) || value < 0)
        return false;
    double scale = 1;
    if (!strcmp(end, "ms"))
        scale = 0.001;
    else if (!strcmp(end, "m") || !strcmp(end, "min"))
        scale = 60;
    else if (!strcmp(end, "h"))
        scale = 3600;
    else if (*end && strcmp(end, "s"))
        return false;
    *seconds = value * scale;
    return true;
}

static bool parse_int(const char *text, long min, long max, int *out)
{
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (end == text || *end || errno || value < min || value > max)
        return false;
    *out = (int)value;
    return true;
}

static bool parse_seed(const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (end == text || *end || errno || text[0] == '-')
        return false;
    *out = value;
    return true;
}

static bool write_file(const char *path, const StrBuf *content)
{
    if (!strcmp(path, "-")) {
        fputs(sb_str(content), stdout);
        return true;
    }
    FILE *file = fopen(path, "w");
    if (!file) {
        fprintf(stderr, "pgknob: error: could not open \"%s\" for writing: %s\n", path,
                strerror(errno));
        return false;
    }
    fputs(sb_str(content), file);
    bool ok = fclose(file) == 0;
    if (!ok)
        fprintf(stderr, "pgknob: error: could not write \"%s\": %s\n", path, strerror(errno));
    return ok;
}

/* Takes at most one positional argument: the connection string. */
static bool conninfo_arg(int argc, char **argv, const char **conninfo)
{
    if (optind < argc - 1) {
        fprintf(stderr, "pgknob: error: too many arguments: \"%s\"\n"
                        "hint: Give one connection string or URI, quoted.\n", argv[optind + 1]);
        return false;
    }
    *conninfo = optind < argc ? argv[optind] : NULL;
    return true;
}

static const char tpcc_help[] =
    "usage: pgknob tpcc COMMAND [CONNINFO] [OPTIONS]\n"
    "\n"
    "A TPC-C workload on libpq, in schema \"tpcc\" of the database you connect to.\n"
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
    "options:\n"
    ;
static const char load_tail[] =
    "\n"
    "A progress bar is drawn on stderr when it is a terminal. Ctrl-C stops the load; the\n"
    "schema is then marked incomplete and 'tpcc run' refuses it until reloaded.\n"
    "Exit codes: 0 loaded, 1 load failed or interrupted, 2 usage, connection or existing schema.\n";

static const char run_head[] =
    "usage: pgknob tpcc run [CONNINFO] [OPTIONS]\n"
    "\n"
    "Runs New-Order, Payment, Order-Status, Delivery and Stock-Level (45/43/4/4/4 from a\n"
    "shuffled deck), one connection and thread per client, and reports TPS, tpmC, latency\n"
    "percentiles per transaction, errors and retries by SQLSTATE, a per-second series and the\n"
    "driver's own CPU use.\n"
    "\n"
    "options:\n"
    ;
static const char run_tail[] =
    "\n"
    "The summary goes to stdout (unless --json -). Ctrl-C stops early and prints the partial\n"
    "result; a lost server also stops the run, and the result is marked incomplete.\n"
    "Exit codes: 0 complete run, 1 incomplete run (interrupted or server lost),\n"
    "2 usage, connection, or schema not loaded or not matching.\n";

static const char check_head[] =
    "usage: pgknob tpcc check [CONNINFO] [--full]\n"
    "\n"
    "Verifies the consistency conditions 1-4 of TPC-C clause 3.3.2 for every warehouse and\n"
    "district: W_YTD = sum(D_YTD); D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID);\n"
    "count(NEW-ORDER) = max(NO_O_ID) - min(NO_O_ID) + 1; sum(O_OL_CNT) = count(ORDER-LINE).\n"
    "\n"
    "options:\n"
    ;
static const char check_tail[] =
    "\n"
    "Exit codes: 0 all conditions hold, 1 a condition is violated, 2 usage, connection or\n"
    "no loaded schema.\n";

enum { OPT_DROP = 1000, OPT_SEED, OPT_JSON, OPT_WARMUP, OPT_THINK, OPT_ISOLATION, OPT_REPORT,
       OPT_PROGRESS, OPT_MAX_RETRIES };

static const CliOption load_options[] = {
    {"warehouses", "N", 'w', "number of warehouses to load (required; ~100 MB each; 1-100000)"},
    {"jobs", "J", 'j', "parallel connections (1-256; default: number of CPUs)"},
    {"drop", NULL, OPT_DROP, "replace an existing tpcc schema (deletes its data)"},
    {"seed", "N", OPT_SEED, "random seed (default 1); the same seed loads the same rows"},
    {"json", "FILE", OPT_JSON, "write the load measurements as JSON (- for stdout)"},
    {"help", NULL, 'h', "show this help"},
};
static const CliOption run_options[] = {
    {"warehouses", "N", 'w', "warehouses expected in the database (default: what is loaded)"},
    {"clients", "C", 'c', "concurrent clients (default 1), spread over the warehouses"},
    {"duration", "D", 'd', "measured time, e.g. 60s, 5m, 500ms (default 60s)"},
    {"warmup", "D", OPT_WARMUP, "time run before measuring (default 0)"},
    {"think", NULL, OPT_THINK, "use the keying and think times of clause 5.2.5 (default: none)"},
    {"isolation", "L", OPT_ISOLATION, "read-committed (default), repeatable-read or serializable"},
    {"seed", "N", OPT_SEED, "random seed (default 1): same seed, same transaction inputs"},
    {"max-retries", "N", OPT_MAX_RETRIES,
     "re-runs after 40001/40P01 with the same inputs (1-1000;\ndefault 10)"},
    {"progress", "S", OPT_PROGRESS, "live line on stderr every S seconds (default 5, 0 = off)"},
    {"report", "FILE", OPT_REPORT, "write the summary (Markdown when FILE ends in .md)"},
    {"json", "FILE", OPT_JSON, "write every measurement as JSON (- for stdout)"},
    {"help", NULL, 'h', "show this help"},
};
static const CliOption check_options[] = {
    {"full", NULL, CLI_LONG('f'),
     "also conditions 5-10 and 12 (carrier ids, line counts and delivery\ndates per order, "
     "year-to-date sums against HISTORY, customer\nbalances); slower"},
    {"help", NULL, 'h', "show this help"},
};
#define N_OPTS(table) (sizeof(table) / sizeof(table[0]))

static void sub_usage(FILE *out, const char *head, const CliOption *opts, size_t n,
                      const char *tail)
{
    fputs(head, out);
    cli_options_help(out, opts, n, 18);
    fputs(tail, out);
}

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

static void load_json(const TpccLoadOpts *opts, const TpccLoadResult *res, StrBuf *out)
{
    sb_printf(out,
              "{\"warehouses\": %d, \"jobs\": %d, \"seed\": %llu, \"complete\": %s, "
              "\"rows\": %lld, \"copy_bytes\": %lld, \"table_bytes\": %lld, "
              "\"copy_s\": %.3f, \"index_s\": %.3f, \"vacuum_s\": %.3f, \"total_s\": %.3f, "
              "\"rows_per_s\": %.1f, \"copy_mb_per_s\": %.3f, \"c_last_load\": %d}\n",
              opts->warehouses, opts->jobs, (unsigned long long)opts->seed,
              res->complete ? "true" : "false", (long long)res->rows, (long long)res->bytes,
              (long long)res->table_bytes, res->copy_seconds, res->index_seconds,
              res->vacuum_seconds, res->total_seconds,
              res->copy_seconds > 0 ? (double)res->rows / res->copy_seconds : 0.0,
              res->copy_seconds > 0 ? (double)res->bytes / 1e6 / res->copy_seconds : 0.0,
              res->c_last_load);
}

/* A whole-number option within [min, max]: -1 when fine, else the usage error's exit code. */
static int int_option(const char *arg, long min, long max, int *out, const char *what,
                      const char *hint)
{
    return parse_int(arg, min, max, out) ? -1
                                         : usage_error(hint, "invalid %s: \"%s\"", what, arg);
}

/* The options load and run share: -1 when fine, an exit code for a bad value, -2 when `opt`
 * is not one of them. */
static int shared_option(int opt, int *warehouses, uint64_t *seed)
{
    if (opt == 'w')
        return int_option(optarg, 1, 100000, warehouses, "number of warehouses",
                          "Give a whole number of warehouses, 1 or more.");
    if (opt == OPT_SEED)
        return parse_seed(optarg, seed) ? -1
                                        : usage_error("Give a whole number.",
                                                      "invalid seed: \"%s\"", optarg);
    return -2;
}

/* One option of `load`; returns -1 when fine, else the exit code. */
static int load_option(int opt, TpccLoadOpts *opts, const char **json_path)
{
    int rc = shared_option(opt, &opts->warehouses, &opts->seed);
    if (rc != -2)
        return rc;
    switch (opt) {
    case 'j':
        return int_option(optarg, 1, 256, &opts->jobs, "number of jobs",
                          "Give a number of jobs from 1 to 256.");
    case OPT_DROP:
        opts->drop = true;
        return -1;
    case OPT_JSON:
        *json_path = optarg;
        return -1;
    case 'h':
        sub_usage(stdout, load_head, load_options, N_OPTS(load_options), load_tail);
        return PK_EXIT_OK;
    default:
        return PK_EXIT_USAGE; /* cli_getopt said why */
    }
}

static int tpcc_load_cmd(int argc, char **argv)
{
    TpccLoadOpts opts = {.seed = 1, .progress = isatty(2) == 1, .stop = &tpcc_interrupted};
    const char *json_path = NULL;
    int opt;
    while ((opt = cli_getopt(argc, argv, "", load_options, N_OPTS(load_options), "tpcc load")) !=
           -1) {
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
    install_stop_handler();
    TpccLoadResult res;
    TpccError err;
    if (!tpcc_load(&opts, &res, &err))
        return report_error(&err);
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
    static const char *const names[][2] = {{"read-committed", "read committed"},
                                           {"repeatable-read", "repeatable read"},
                                           {"serializable", "serializable"}};
    for (int idx = 0; idx < 3; idx++)
        if (!strcasecmp(text, names[idx][0]) || !strcasecmp(text, names[idx][1])) {
            *out = (TpccIsolation)idx;
            return true;
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
    int rc = shared_option(opt, &opts->warehouses, &opts->seed);
    if (rc != -2)
        return rc;
    switch (opt) {
    case 'c':
        return int_option(optarg, 1, 1000, &opts->clients, "number of clients",
                          "Give a number of clients from 1 to 1000.");
    case 'd':
    case OPT_WARMUP: {
        double *target = opt == 'd' ? &opts->duration_s : &opts->warmup_s;
        if (!parse_duration(optarg, target) || (opt == 'd' && *target <= 0))
            return usage_error("Give a duration such as 30s, 5m or 500ms.",
                               "invalid duration: \"%s\"", optarg);
        return -1;
    }
    case OPT_THINK:
        opts->think = true;
        return -1;
    case OPT_ISOLATION:
        if (!parse_isolation(optarg, &opts->isolation))
            return usage_error("Use read-committed, repeatable-read or serializable.",
                               "invalid isolation level: \"%s\"", optarg);
        return -1;
    case OPT_MAX_RETRIES:
        return int_option(optarg, 1, 1000, &opts->max_retries, "--max-retries",
                          "Give a number from 1 to 1000.");
    case OPT_PROGRESS:
        if (!parse_duration(optarg, &opts->progress_interval_s))
            return usage_error("Give seconds, e.g. 5 or 10s; 0 turns it off.",
                               "invalid --progress interval: \"%s\"", optarg);
        return -1;
    case OPT_REPORT:
        paths->report = optarg;
        return -1;
    case OPT_JSON:
        paths->json = optarg;
        return -1;
    case 'h':
        sub_usage(stdout, run_head, run_options, N_OPTS(run_options), run_tail);
        return PK_EXIT_OK;
    default:
        return PK_EXIT_USAGE; /* cli_getopt said why */
    }
}

/* The live line on stderr. */
static void print_progress(const TpccProgress *progress, void *arg)
{
    (void)arg;
    fprintf(stderr, "progress: %s %6.1f s, %.1f s left, %.1f tps, %llu transactions\n",
            progress->warmup ? "warm-up" : "run", progress->elapsed_s, progress->left_s,
            progress->tps, (unsigned long long)progress->completed);
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
    TpccRunOpts opts = {.clients = 1, .duration_s = 60, .seed = 1, .progress_interval_s = 5,
                        .stop = &tpcc_interrupted};
    RunPaths paths = {0};
    int opt;
    while ((opt = cli_getopt(argc, argv, "", run_options, N_OPTS(run_options), "tpcc run")) !=
           -1) {
        int rc = run_option(opt, &opts, &paths);
        if (rc >= 0)
            return rc;
    }
    if (!conninfo_arg(argc, argv, &opts.conninfo))
        return PK_EXIT_USAGE;
    if (opts.progress_interval_s > 0)
        opts.progress_fn = print_progress;
    install_stop_handler();
    TpccResult res;
    TpccError err;
    if (!tpcc_run(&opts, &res, &err))
        return report_error(&err);
    bool written = write_run_outputs(&res, &paths);
    if (!res.complete)
        fprintf(stderr, "pgknob: warning: the run is incomplete (%s): %s\n",
                tpcc_stop_reason_key(res.stop_reason), res.stop_detail);
    int rc = !written ? PK_EXIT_USAGE : res.complete ? PK_EXIT_OK : PK_EXIT_FINDINGS;
    tpcc_result_free(&res);
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
    while ((opt = cli_getopt(argc, argv, "", check_options, N_OPTS(check_options),
                             "tpcc check")) != -1) {
        if (opt == CLI_LONG('f')) {
            full = true;
            continue;
        }
        if (opt != 'h')
            return PK_EXIT_USAGE; /* cli_getopt said why */
        sub_usage(stdout, check_head, check_options, N_OPTS(check_options), check_tail);
        return PK_EXIT_OK;
    }
    const char *conninfo;
    if (!conninfo_arg(argc, argv, &conninfo))
        return PK_EXIT_USAGE;
    TpccCheckResult res;
    TpccError err;
    bool ok = full ? tpcc_check_full(conninfo, &res, &err) : tpcc_check(conninfo, &res, &err);
    if (!ok)
        return report_error(&err);
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
    return cli_unknown_command("tpcc command", sub, subs, N_OPTS(subs), "pgknob tpcc");
}

size_t cmd_tpcc_specs(const CliSpec **specs)
{
    static const CliSpec table[] = {
        {"tpcc load", "\\[*CONNINFO*\\] **--warehouses** *N* \\[*OPTIONS*\\]", load_options, N_OPTS(load_options)},
        {"tpcc run", "\\[*CONNINFO*\\] \\[*OPTIONS*\\]", run_options, N_OPTS(run_options)},
        {"tpcc check", "\\[*CONNINFO*\\] \\[**--full**\\]", check_options, N_OPTS(check_options)},
    };
    *specs = table;
    return sizeof(table) / sizeof(table[0]);
}

