/* `pgknob lint`: options → lint pipeline → (rule packs) → report → exit code. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog/catalog.h"
#include "cli/commands.h"
#include "common/xalloc.h"
#include "lint/lint.h"
#include "report/report.h"

typedef struct LintCli {
    LintOpts lint;
    const char *format;
    Severity fail_on;
} LintCli;

enum { OPT_PG_VERSION = 256, OPT_FORMAT, OPT_FAIL_ON, OPT_NO_AUTO_CONF, OPT_HELP = 'h' };

/* One table drives getopt_long and the help text. */
typedef struct LintOption {
    const char *name;
    const char *arg; /* NULL: a flag */
    int key;
    const char *help;
} LintOption;

static const LintOption lint_options[] = {
    {"pg-version", "N", OPT_PG_VERSION,
     "target PostgreSQL major (13-18, or N.M for a minor release);\n"
     "default: the data directory's PG_VERSION, else 18"},
    {"format", "FORMAT", OPT_FORMAT, "output format: text (default) or json"},
    {"fail-on", "LEVEL", OPT_FAIL_ON,
     "exit 1 when a finding is at or above LEVEL:\nerror, warning (default), notice or never"},
    {"no-auto-conf", NULL, OPT_NO_AUTO_CONF,
     "for a data directory, do not read postgresql.auto.conf"},
    {"help", NULL, OPT_HELP, "show this help and exit"},
};
#define N_LINT_OPTIONS (sizeof(lint_options) / sizeof(lint_options[0]))

static void lint_usage(FILE *out)
{
    fprintf(out, "usage: pgknob lint [OPTIONS] FILE|DATADIR...\n\n"
                 "Checks postgresql.conf files (with their includes) or data directories against\n"
                 "the parameter catalog of the target PostgreSQL version: every error is a\n"
                 "reason the server would refuse to start.\n\noptions:\n");
    for (size_t idx = 0; idx < N_LINT_OPTIONS; idx++) {
        char left[64];
        snprintf(left, sizeof(left), "--%s%s%s", lint_options[idx].name,
                 lint_options[idx].arg ? " " : "", lint_options[idx].arg ? lint_options[idx].arg : "");
        fprintf(out, "  %-22s ", left);
        for (const char *p = lint_options[idx].help; *p; p++) {
            if (*p == '\n')
                fprintf(out, "\n  %-22s ", "");
            else
                fputc(*p, out);
        }
        fputc('\n', out);
    }
    fprintf(out, "\nexit codes: 0 nothing at or above --fail-on, 1 findings at or above it,\n"
                 "2 usage or input error, 3 internal error\n");
}

static bool lint_apply_option(LintCli *cli, int key, const char *arg)
{
    switch (key) {
    case OPT_PG_VERSION: {
        int major, minor;
        if (lint_parse_version(arg, &major, &minor)) {
            cli->lint.pg_version = arg;
            return true;
        }
        fprintf(stderr, "pgknob: error: unsupported PostgreSQL version \"%s\"\n"
                        "hint: pgknob knows PostgreSQL %d to %d; write N or N.M.\n",
                arg, PK_MIN_MAJOR, PK_MAX_MAJOR);
        return false;
    }
    case OPT_FORMAT:
        if (report_format_find(arg)) {
            cli->format = arg;
            return true;
        }
        fprintf(stderr, "pgknob: error: unknown format \"%s\"\nhint: formats are: %s.\n", arg,
                report_format_names());
        return false;
    case OPT_FAIL_ON:
        if (severity_parse(arg, &cli->fail_on))
            return true;
        fprintf(stderr, "pgknob: error: invalid --fail-on level \"%s\"\n"
                        "hint: use error, warning, notice or never.\n", arg);
        return false;
    case OPT_NO_AUTO_CONF:
        cli->lint.skip_auto_conf = true;
        return true;
    }
    return false;
}

/* Returns -1 to go on, else the exit code (help, usage error). */
static int lint_parse_args(int argc, char **argv, LintCli *cli)
{
    struct option longopts[N_LINT_OPTIONS + 1];
    for (size_t idx = 0; idx < N_LINT_OPTIONS; idx++)
        longopts[idx] = (struct option){lint_options[idx].name,
                                        lint_options[idx].arg ? required_argument : no_argument,
                                        NULL, lint_options[idx].key};
    memset(&longopts[N_LINT_OPTIONS], 0, sizeof(struct option));
    int key;
    opterr = 0;
    optind = 1;
    while ((key = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (key == OPT_HELP) {
            lint_usage(stdout);
            return PK_EXIT_OK;
        }
        if (key == '?' || key == ':') {
            fprintf(stderr, "pgknob: error: %s \"%s\"\n",
                    optopt ? "option needs a value or is unknown:" : "unknown option",
                    argv[optind - 1]);
            fprintf(stderr, "hint: see 'pgknob lint --help'.\n");
            return PK_EXIT_USAGE;
        }
        if (!lint_apply_option(cli, key, optarg))
            return PK_EXIT_USAGE;
    }
    if (optind >= argc) {
        fprintf(stderr, "pgknob: error: no configuration file or data directory given\n");
        lint_usage(stderr);
        return PK_EXIT_USAGE;
    }
    cli->lint.paths = (const char *const *)argv + optind;
    cli->lint.n_paths = (size_t)(argc - optind);
    return -1;
}

static bool use_color(void)
{
    const char *no_color = getenv("NO_COLOR");
    return isatty(STDOUT_FILENO) && !(no_color && *no_color);
}

static ReportSource *lint_sources(const LintResult *res)
{
    ReportSource *sources = xcalloc(res->n_inputs ? res->n_inputs : 1, sizeof(ReportSource));
    for (size_t idx = 0; idx < res->n_inputs; idx++) {
        const LintInput *input = &res->inputs[idx];
        sources[idx] = (ReportSource){
            .path = input->path,
            .kind = input->set.data_dir ? "data_directory" : "file",
            .pg_major = input->pg_major,
            .pg_version = input->snap.pg_version_label,
            .version_source = input->version_source,
            .files = (const char *const *)input->set.files,
            .n_files = input->set.n_files,
            .snap = &input->snap,
            .set = &input->set,
        };
    }
    return sources;
}

static int lint_report(const LintCli *cli, const LintResult *res)
{
    ReportSource *sources = lint_sources(res);
    ReportInput in = {.command = "lint", .sources = sources, .n_sources = res->n_inputs,
                      .findings = &res->findings, .fail_on = cli->fail_on};
    char *cwd = getcwd(NULL, 0);
    ReportOpts ropts = {.color = use_color(), .cwd = cwd};
    StrBuf out = STRBUF_INIT;
    report_format_find(cli->format)->render(&in, &ropts, &out);
    fputs(sb_str(&out), stdout);
    sb_free(&out);
    free(cwd);
    free(sources);
    if (fflush(stdout) != 0) {
        perror("pgknob: error: could not write the report");
        return PK_EXIT_USAGE;
    }
    return report_exit_code(&in);
}

int cmd_lint(int argc, char **argv)
{
    LintCli cli = {.lint = {.check_host = true}, .format = "text", .fail_on = SEV_WARNING};
    int rc = lint_parse_args(argc, argv, &cli);
    if (rc >= 0)
        return rc;
    LintResult res = {0};
    char *errmsg = NULL;
    if (!lint_run(&cli.lint, &res, &errmsg)) {
        fprintf(stderr, "pgknob: error: %s\n", errmsg ? errmsg : "could not read the input");
        free(errmsg);
        lint_result_free(&res);
        return PK_EXIT_USAGE;
    }
    /* rule packs (engine/) append their findings to res.findings here */
    findings_sort(&res.findings);
    rc = lint_report(&cli, &res);
    lint_result_free(&res);
    return rc;
}
