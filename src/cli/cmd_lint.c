/* `pgknob lint`: options → lint pipeline → (rule packs) → report → exit code. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog/catalog.h"
#include "cli/cli_diag.h"
#include "cli/cli_options.h"
#include "cli/cli_rows.h"
#include "cli/cli_output.h"
#include "cli/cli_report.h"
#include "cli/commands.h"
#include "common/xalloc.h"
#include "host/host.h"
#include "input/input.h"
#include "lint/cluster.h"
#include "lint/lint.h"
#include "lint/fix_check.h"
#include "lint/intent.h"
#include "lint/lint_rules.h"
#include "project/options.h"
#include "report/report.h"

typedef struct LintCli {
    LintOpts lint;
    const char *format;     /* NULL: inferred from --output, else text */
    const char *output;     /* -o FILE, or NULL for stdout */
    ProjectOptions project; /* --config, --baseline, --fail-on, --host, --rules, --disable */
    LintRulesOpts rules;    /* the project's host, rules and disabled ids; --no-rules */
    bool cluster;           /* --cluster: inputs are a primary and its standbys */
    InputTarget target;     /* --target, else .pgknob.ini's target */
    TargetSpec target_spec; /* its published restrictions (targets/SERVICE.ini) */
    bool appendix;          /* --appendix: the settings appendix in Markdown and HTML */
} LintCli;

enum {
    OPT_FORMAT = 256,
    OPT_NO_AUTO_CONF,
    OPT_NO_RULES,
    OPT_FRAGMENT,
    OPT_INPUT_FORMAT,
    OPT_TARGET,
    OPT_CLUSTER,
    OPT_STDIN_FILENAME,
    OPT_APPENDIX,
    OPT_OUTPUT = 'o',
    OPT_HELP = 'h'
};

/* One table drives the parser (cli_getopt) and the help text. */
static const CliOption lint_options[] = {
    CLI_ROW_PG_VERSION,
    {"format", "FORMAT", OPT_FORMAT,
     "output format: text, json, md, html, sarif, github,\n"
     "codequality (GitLab) or junit; default: text, or from\n"
     "the --output file's extension (md if none)"},
    {"output", "FILE", OPT_OUTPUT, "write the report to FILE"},
    {"input-format", "FORMAT", OPT_INPUT_FORMAT,
     "read the inputs as conf, cnpg (CloudNativePG Cluster), patroni,\n"
     "zalando, crunchy (PostgresCluster), rds (describe-db-parameters\n"
     "JSON), terraform (.tf, terraform show -json), args (postgres\n"
     "-c in compose, containers, a command line), embedded\n"
     "(postgresql.conf, pg_hba.conf in a ConfigMap or chart values),\n"
     "cnpg-chart (the cloudnative-pg cluster chart's values), percona,\n"
     "cybertec, stackgres (SGPostgresConfig) or cloudformation;\n"
     "default: recognised by content (docs/manifests.md)"},
    {"target", "SERVICE", OPT_TARGET,
     "also check what the managed service lets you set: rds, aurora\n"
     "(Aurora PostgreSQL), azure (flexible server) or cloudsql, from its\n"
     "published parameter lists (docs/targets.md)"},
    {"cluster", NULL, OPT_CLUSTER,
     "the inputs are one primary and its standbys (PRIMARY STANDBY...):\n"
     "also check what a hot standby needs from its primary"},
    {"config", "FILE", PROJECT_OPT_CONFIG,
     "project configuration (default: the .pgknob.ini of the first\n"
     "input's directory or the nearest parent, up to the repository\n"
     "root (a directory with .git), else ./.pgknob.ini)"},
    {"stdin-filename", "NAME", OPT_STDIN_FILENAME,
     "lint standard input, given as -, as if it were the file NAME:\n"
     "includes resolve from its directory, findings name it, and\n"
     "its .pgknob.ini applies (NAME need not exist)"},
    CLI_ROW_BASELINE,
    CLI_ROW_FAIL_ON,
    {"no-auto-conf", NULL, OPT_NO_AUTO_CONF,
     "for a data directory, do not read postgresql.auto.conf"},
    {"fragment", NULL, OPT_FRAGMENT,
     "the files are parts of a configuration (as postgresql.auto.conf\n"
     "and files in a *.d directory are): what they leave unset is unknown"},
    CLI_ROW_HOST,
    CLI_ROW_PURPOSE,
    CLI_ROW_RULES,
    CLI_ROW_DISABLE,
    {"no-rules", NULL, OPT_NO_RULES, "validation only: run no rule packs"},
    {"appendix", NULL, OPT_APPENDIX,
     "md, html: add the appendix of every setting the configuration sets"},
    {"help", NULL, OPT_HELP, "show this help and exit"},
};

static void lint_usage(FILE *out)
{
    cli_usage(out,
              "usage: pgknob lint [OPTIONS] FILE|DATADIR|MANIFEST|-...\n\n"
              "Checks postgresql.conf files (with their includes), data directories, operator\n"
              "manifests (CloudNativePG, Patroni, Zalando, Crunchy; multi-document YAML such\n"
              "as helm template's output) or RDS parameter groups (- reads standard input)\n"
              "against the parameter catalog of the target PostgreSQL version, then runs the rule\n"
              "packs. A finding tagged [refuses start] is one the server refuses to start\n"
              "with; rule packs raise errors too (fsync = off) that the server accepts.\n"
              "With --stdin-filename NAME, standard input (an editor's buffer) is linted\n"
              "as the file NAME.\n\noptions:\n",
              lint_options, CLI_N_OPTIONS(lint_options), 22,
              "\nexit codes: 0 nothing at or above --fail-on, 1 findings at or above it,\n"
              "2 usage or input error, 3 internal error\n");
}

static bool lint_set_target(LintCli *cli, const char *arg)
{
    if (input_target_parse(arg, &cli->target))
        return true;
    const char *close = input_target_suggest(arg);
    char hint[160];
    if (close)
        snprintf(hint, sizeof(hint), "Did you mean \"%s\"? Targets are %s.", close,
                 input_target_names());
    else
        snprintf(hint, sizeof(hint), "Targets are %s.", input_target_names());
    cli_error(hint, "unknown target \"%s\"", arg);
    return false;
}

static bool lint_apply_option(void *ctx, int key, const char *arg)
{
    LintCli *cli = ctx;
    switch (key) {
    case CLI_KEY_PG_VERSION: {
        int major, minor;
        cli->lint.pg_version = arg;
        return cli_pg_version(arg, &major, &minor);
    }
    case OPT_FORMAT:
        if (report_format_find(arg)) {
            cli->format = arg;
            return true;
        }
        char *names = report_format_names();
        char *hint = xasprintf("formats are: %s.", names);
        cli_error(hint, "unknown format \"%s\"", arg);
        free(hint);
        free(names);
        return false;
    case OPT_NO_AUTO_CONF: cli->lint.skip_auto_conf = true; return true;
    case OPT_FRAGMENT: cli->lint.fragment = true; return true;
    case OPT_INPUT_FORMAT:
        if (input_format_parse(arg, &cli->lint.input_format))
            return true;
        cli_unknown_input_format(arg);
        return false;
    case OPT_TARGET: return lint_set_target(cli, arg);
    case OPT_CLUSTER: cli->cluster = true; return true;
    case OPT_OUTPUT: cli->output = arg; return true;
    case OPT_STDIN_FILENAME:
        if (!*arg || !strcmp(arg, "-")) {
            cli_error("Name the file the text stands for, such as postgres/postgresql.conf.",
                      "--stdin-filename needs a file name");
            return false;
        }
        cli->lint.stdin_name = arg;
        return true;
    case OPT_NO_RULES: cli->rules.disabled_all = true; return true;
    case OPT_APPENDIX: cli->appendix = true; return true;
    }
    PkDiag diag = PK_DIAG_INIT;
    return project_option_set(&cli->project, key, arg, &diag) || cli_diag_fail(&diag);
}

/* "-" stands for standard input, once; --stdin-filename names it and needs it. Returns -1 to go
 * on, else PK_EXIT_USAGE. */
static int lint_check_stdin(LintCli *cli)
{
    size_t n_dash = 0;
    for (size_t idx = 0; idx < cli->lint.n_paths; idx++)
        n_dash += !strcmp(cli->lint.paths[idx], "-");
    if (n_dash > 1) {
        cli_error(NULL, "- (standard input) is given more than once");
        return PK_EXIT_USAGE;
    }
    if (cli->lint.stdin_name && !n_dash) {
        char *hint = xasprintf("Write - where the file would go: pgknob lint --stdin-filename %s -",
                               cli->lint.stdin_name);
        cli_error(hint, "--stdin-filename %s, but no input is - (standard input)",
                  cli->lint.stdin_name);
        free(hint);
        return PK_EXIT_USAGE;
    }
    return -1;
}

/* Returns -1 to go on, else the exit code (help, usage error). */
static int lint_parse_args(int argc, char **argv, LintCli *cli)
{
    int rc = cli_parse_options(argc, argv, lint_options, CLI_N_OPTIONS(lint_options), "lint",
                               OPT_HELP, lint_usage, lint_apply_option, cli);
    if (rc >= 0)
        return rc;
    if (optind >= argc) {
        cli_error(NULL, "no configuration file or data directory given");
        lint_usage(stderr);
        return PK_EXIT_USAGE;
    }
    if (cli->cluster && argc - optind < 2) {
        cli_error("pgknob lint --cluster PRIMARY STANDBY...",
                  "--cluster needs a primary and at least one standby");
        return PK_EXIT_USAGE;
    }
    cli->lint.paths = (const char *const *)argv + optind;
    cli->lint.n_paths = (size_t)(argc - optind);
    return lint_check_stdin(cli);
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
            .kind = input->set.data_dir           ? "data_directory"
                    : input->format != INPUT_CONF ? input_format_name(input->format)
                    : input->auth_only            ? "auth_file"
                    : input->fragment             ? "fragment"
                                                  : "file",
            .pg_major = input->pg_major,
            .pg_version = input->snap.pg_version_label,
            .version_source = input->version_source,
            .unchecked_major =
                input->unchecked_major[0] ? input->unchecked_major : input->evident_major,
            .files = (const char *const *)input->set.files,
            .n_files = input->set.n_files,
            .snap = &input->snap,
            .set = &input->set,
        };
    }
    return sources;
}

/* The service's data file; a service with no facts recorded, or whose file says what it does
 * not cover ([service] coverage), says so, so that a quiet run is not taken for a checked one. */
static bool lint_load_target(LintCli *cli)
{
    PkDiag diag = PK_DIAG_INIT;
    if (!target_spec_load(cli->target, &cli->target_spec, &diag))
        return cli_diag_fail(&diag);
    cli->lint.target = &cli->target_spec;
    const TargetSpec *spec = &cli->target_spec;
    if (!spec->n_facts)
        pk_diag_set(&diag, spec->file, 0, NULL,
                    "--target %s: no parameter of %s is recorded yet (docs/targets.md); only the "
                    "server's own checks ran",
                    input_target_name(cli->target), spec->name);
    else if (spec->coverage)
        pk_diag_set(&diag, spec->file, 0, NULL, "--target %s: %s (docs/targets.md)",
                    input_target_name(cli->target), spec->coverage);
    if (diag.message) {
        diag.level = PK_DIAG_NOTE;
        cli_print_diag(&diag);
        pk_diag_free(&diag);
    }
    return true;
}

/* .pgknob.ini completes the options (the command line wins); the rules see the result. */
static bool lint_load_project(LintCli *cli)
{
    ProjectOptions *project = &cli->project;
    const char *first = cli->lint.paths[0];
    PkDiag diag = PK_DIAG_INIT;
    if (!project_options_load_for(project, !strcmp(first, "-") ? cli->lint.stdin_name : first,
                                  &cli->lint.pg_version, &diag))
        return cli_diag_fail(&diag);
    if (!cli->target && project->target)
        input_target_parse(project->target, &cli->target);
    if (cli->target && !lint_load_target(cli))
        return false;
    project_rules_opts(project, &cli->rules);
    cli->lint.host_is_server = project->host && !strcmp(project->host, "local");
    /* an RDS parameter group's formulas need the instance's memory: from the host facts */
    if (project->host && strcmp(project->host, "local")) {
        HostFacts host;
        if (host_parse_spec(project->host, &host, NULL)) { /* the rules report a bad spec */
            cli->lint.instance_memory = host.ram_bytes;
            cli->lint.instance_vcpus = host.cores;
            if (host.storage)
                snprintf(cli->lint.host_storage, sizeof(cli->lint.host_storage), "%s",
                         host.storage);
            host_facts_clear(&host);
        }
    }
    return true;
}

static bool lint_apply_policy(LintCli *cli, LintResult *res, size_t *n_known)
{
    const ConfSet **sets = xcalloc(res->n_inputs ? res->n_inputs : 1, sizeof(*sets));
    for (size_t idx = 0; idx < res->n_inputs; idx++)
        sets[idx] = &res->inputs[idx].set;
    PkDiag diag = PK_DIAG_INIT;
    project_apply_file_purpose(&cli->project, res);
    bool ok =
        project_options_apply(&cli->project, &res->findings, sets, res->n_inputs, n_known, &diag) ||
        cli_diag_fail(&diag);
    free(sets);
    return ok;
}

static int lint_report(const LintCli *cli, const LintResult *res, size_t n_known,
                       const LintRulesState *rules)
{
    ReportSource *sources = lint_sources(res);
    /* the purpose the file states, when nothing else does (PK0090) */
    const char *file_purpose = NULL;
    for (size_t idx = 0; !cli->project.purpose_given && !file_purpose && idx < res->n_inputs; idx++)
        if (res->inputs[idx].intent)
            file_purpose = intent_purpose_name(res->inputs[idx].intent->purpose);
    CliReads reads = {0};
    for (size_t idx = 0; idx < res->n_inputs; idx++)
        cli_reads_add_input(&reads, res->inputs[idx].path, &res->inputs[idx].set,
                            res->inputs[idx].hba);
    ReportInput in = {.command = "lint",
                      .sources = sources,
                      .n_sources = res->n_inputs,
                      .findings = &res->findings,
                      .fail_on = cli->project.fail_on,
                      .fail_on_refusal = cli->project.fail_on_refusal,
                      .host = rules->have_host ? &rules->host : NULL,
                      .rule_packs = (const char *const *)rules->pack_dirs,
                      .n_rule_packs = rules->n_pack_dirs,
                      .skipped = &rules->skipped,
                      .baseline = cli->project.baseline,
                      .n_baseline_known = n_known,
                      .config = cli->project.project.path,
                      .reads = (const char *const *)reads.paths,
                      .n_reads = reads.n,
                      .purpose = file_purpose ? file_purpose : purpose_name(cli->project.purpose),
                      .purpose_default = !cli->project.purpose_given && !file_purpose,
                      .purpose_inferred = file_purpose != NULL,
                      .redact = &cli->project.redact};
    char *cwd = getcwd(NULL, 0);
    char stamp[REPORT_STAMP_SIZE];
    ReportOpts ropts = {.color = !cli->output && use_color(),
                        .appendix = cli->appendix,
                        .cwd = cwd,
                        .timestamp = report_timestamp(stamp, sizeof(stamp))};
    int rc =
        cli_emit_report(report_format_choose(cli->format, cli->output), &in, &ropts, cli->output);
    free(cwd);
    free(sources);
    arena_free(reads.arena);
    return rc;
}

int cmd_lint(int argc, char **argv)
{
    LintCli cli = {.lint = {.check_host = true}, .project = {.fail_on = SEV_WARNING}};
    int rc = lint_parse_args(argc, argv, &cli);
    if (rc < 0 && !lint_load_project(&cli))
        rc = PK_EXIT_USAGE;
    if (rc >= 0) {
        arena_free(cli.target_spec.arena);
        project_options_free(&cli.project);
        return rc;
    }
    LintResult res = {0};
    PkDiag diag = PK_DIAG_INIT;
    size_t n_known = 0;
    bool ok = lint_run(&cli.lint, &res, &diag);
    if (!ok) /* a cause is always set; this wording only if one were not */
        pk_diag_set(&diag, NULL, 0, NULL, "could not read the input");
    ok = ok || cli_diag_fail(&diag);
    /* rule findings come after validation's, then the project policy applies to both */
    LintRulesState rules = {0};
    ok = ok && lint_rules_run(&res, &cli.rules, &rules, &diag);
    cli_print_diags(&rules.notes); /* before the error, as they came */
    ok = ok || cli_diag_fail(&diag);
    if (ok && cli.cluster)
        lint_cluster(&res, &res.findings);
    if (ok)
        lint_locate_columns(&res);
    if (ok)
        fix_check_run(&res, &rules.rules, &(EngineOpts){cli.rules.disable, cli.rules.n_disable});
    ok = ok && lint_apply_policy(&cli, &res, &n_known);
    rc = ok ? lint_report(&cli, &res, n_known, &rules) : PK_EXIT_USAGE;
    lint_rules_state_free(&rules);
    lint_result_free(&res);
    arena_free(cli.target_spec.arena);
    project_options_free(&cli.project);
    return rc;
}

size_t cmd_lint_specs(const CliSpec **specs)
{
    static const CliSpec table[] = {
        {"lint", "\\[*OPTIONS*\\] *FILE*|*DATADIR*|*MANIFEST*|-...", lint_options,
         CLI_N_OPTIONS(lint_options)},
    };
    *specs = table;
    return sizeof(table) / sizeof(table[0]);
}
