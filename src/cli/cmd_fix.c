/* `pgknob fix`: the lint pipeline, then every verified fix applied to a copy of the configuration
 * (or shown as a unified diff, or as ALTER SYSTEM statements). Never writes over an input unless
 * --in-place. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli_diag.h"
#include "cli/cli_options.h"
#include "cli/commands.h"
#include "common/atomic_file.h"
#include "common/xalloc.h"
#include "lint/fix_apply.h"
#include "lint/fix_check.h"
#include "input/input.h"
#include "lint/lint.h"
#include "lint/lint_rules.h"
#include "project/options.h"

typedef struct FixCli {
    LintOpts lint;
    const char *output; /* -o OUT */
    bool diff, in_place;
    const char *format;     /* "conf" (default) or "alter-system" */
    FixSelect select;       /* --unsafe-fixes, --min-severity */
    ProjectOptions project; /* --config, --host, --rules, --disable */
    LintRulesOpts rules;
} FixCli;

enum {
    OPT_PG_VERSION = 256,
    OPT_DIFF,
    OPT_IN_PLACE,
    OPT_FORMAT,
    OPT_NO_RULES,
    OPT_UNSAFE_FIXES,
    OPT_MIN_SEVERITY,
    OPT_OUTPUT = 'o',
    OPT_HELP = 'h'
};

static const CliOption fix_options[] = {
    {"pg-version", "N", OPT_PG_VERSION,
     "target PostgreSQL major (13-18, or N.M); default: the data\ndirectory's PG_VERSION, else 18"},
    {"host", "FACTS", PROJECT_OPT_HOST, "host facts, as for lint (local, or ram=16GB,cores=8,...)"},
    {"output", "OUT", OPT_OUTPUT,
     "write the fixed copy to OUT (a directory when several\nfiles change); never an input"},
    {"diff", NULL, OPT_DIFF, "print a unified diff (the default without -o)"},
    {"in-place", NULL, OPT_IN_PLACE, "rewrite the input files themselves"},
    {"format", "FORMAT", OPT_FORMAT,
     "conf (edit the files, default) or alter-system (print\nALTER SYSTEM statements and their "
     "rollback)"},
    {"unsafe-fixes", NULL, OPT_UNSAFE_FIXES,
     "also apply unsafe fixes (docs/fix.md says why each is unsafe)"},
    {"min-severity", "LEVEL", OPT_MIN_SEVERITY,
     "also apply the fixes of notice or recommendation findings\n(default: errors and warnings)"},
    {"config", "FILE", PROJECT_OPT_CONFIG,
     "project configuration (default: the .pgknob.ini of FILE's\n"
     "directory or the nearest parent, up to the repository root)"},
    {"rules", "DIR", PROJECT_OPT_RULES, "also run the rule files in DIR (repeatable)"},
    {"disable", "ID,...", PROJECT_OPT_DISABLE, "do not apply these rules' fixes (repeatable)"},
    {"no-rules", NULL, OPT_NO_RULES, "only the fixes of validation findings"},
    {"help", NULL, OPT_HELP, "show this help and exit"},
};

static void fix_usage(FILE *out)
{
    cli_usage(out,
              "usage: pgknob fix [OPTIONS] FILE|DATADIR [-o OUT | --diff | --in-place]\n\n"
              "Applies the verified safe fixes of the errors and warnings pgknob lint finds:\n"
              "rewrites the line that wins for each parameter (in whichever included file\n"
              "holds it, comments and layout kept) and appends parameters that are set\n"
              "nowhere to the top-level file. Every fix left out is listed on stderr with\n"
              "its reason and the option that would apply it.\n\noptions:\n",
              fix_options, CLI_N_OPTIONS(fix_options), 22,
              "\nexit codes: 0 nothing to change, 1 changes shown or written, 2 usage or\n"
              "input error, 3 internal error\n");
}

static bool fix_apply_option(void *ctx, int key, const char *arg)
{
    FixCli *cli = ctx;
    int major, minor;
    switch (key) {
    case OPT_PG_VERSION:
        if (lint_parse_version(arg, &major, &minor)) {
            cli->lint.pg_version = arg;
            return true;
        }
        cli_error(NULL, "unsupported PostgreSQL version \"%s\"", arg);
        return false;
    case OPT_OUTPUT: cli->output = arg; return true;
    case OPT_DIFF: cli->diff = true; return true;
    case OPT_IN_PLACE: cli->in_place = true; return true;
    case OPT_NO_RULES: cli->rules.disabled_all = true; return true;
    case OPT_UNSAFE_FIXES: cli->select.unsafe = true; return true;
    case OPT_MIN_SEVERITY:
        if (!strcmp(arg, "notice") || !strcmp(arg, "recommendation") || !strcmp(arg, "warning") ||
            !strcmp(arg, "error")) {
            severity_parse_level(arg, &cli->select.min_severity);
            return true;
        }
        cli_error("--min-severity takes error, warning, notice or recommendation.",
                  "unknown severity \"%s\"", arg);
        return false;
    case OPT_FORMAT:
        if (!strcmp(arg, "conf") || !strcmp(arg, "alter-system")) {
            cli->format = arg;
            return true;
        }
        cli_error("fix writes conf or alter-system.", "unknown format \"%s\"", arg);
        return false;
    }
    PkDiag diag = PK_DIAG_INIT;
    return project_option_set(&cli->project, key, arg, &diag) || cli_diag_fail(&diag);
}

/* Returns -1 to go on, else the exit code. */
static int fix_parse_args(int argc, char **argv, FixCli *cli)
{
    int rc = cli_parse_options(argc, argv, fix_options, CLI_N_OPTIONS(fix_options), "fix", OPT_HELP,
                               fix_usage, fix_apply_option, cli);
    if (rc >= 0)
        return rc;
    if (argc - optind != 1) {
        cli_error(NULL, "fix takes exactly one FILE or DATADIR");
        fix_usage(stderr);
        return PK_EXIT_USAGE;
    }
    if ((cli->output != NULL) + cli->diff + cli->in_place > 1) {
        cli_error(NULL, "-o, --diff and --in-place exclude each other");
        return PK_EXIT_USAGE;
    }
    if (cli->format && !strcmp(cli->format, "alter-system") && (cli->diff || cli->in_place)) {
        cli_error(NULL, "--format alter-system prints statements: no --diff or --in-place");
        return PK_EXIT_USAGE;
    }
    cli->lint.paths = (const char *const *)argv + optind;
    cli->lint.n_paths = 1;
    return -1;
}

/* Same file as an input? (by device and inode, so links and ../ spellings are caught) */
static bool is_input(const LintInput *input, const char *path)
{
    struct stat out_st, in_st;
    if (stat(path, &out_st) != 0)
        return false;
    for (size_t idx = 0; idx < input->set.n_files; idx++)
        if (stat(input->set.files[idx], &in_st) == 0 && in_st.st_dev == out_st.st_dev &&
            in_st.st_ino == out_st.st_ino)
            return true;
    return false;
}

static bool write_atomic(const char *path, const char *text, mode_t mode)
{
    PkDiag diag = PK_DIAG_INIT;
    return pk_write_atomic(path, text, strlen(text), mode, (uid_t)-1, (gid_t)-1, &diag) ||
           cli_diag_fail(&diag);
}

static mode_t mode_of(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? st.st_mode & 07777 : 0644;
}

/* The directory of the top-level file: -o DIR mirrors the changed files below it. */
static char *top_dir(const char *top)
{
    const char *slash = strrchr(top, '/');
    return slash ? xstrndup(top, (size_t)(slash - top)) : xstrdup(".");
}

static bool write_output(const FixCli *cli, const LintInput *input, const FixPlan *plan)
{
    struct stat st;
    bool dir = plan->n_files > 1 || strcmp(plan->files[0].path, plan->top_file) ||
               (stat(cli->output, &st) == 0 && S_ISDIR(st.st_mode));
    if (!dir) {
        if (is_input(input, cli->output)) {
            cli_error(NULL, "-o \"%s\" is an input; use --in-place to rewrite it", cli->output);
            return false;
        }
        return write_atomic(cli->output, plan->files[0].new_text, 0644);
    }
    if (mkdir(cli->output, 0755) != 0 && errno != EEXIST) {
        cli_error(NULL, "could not create \"%s\": %s", cli->output, strerror(errno));
        return false;
    }
    char *base = top_dir(plan->top_file);
    size_t base_len = strlen(base);
    bool ok = true;
    for (size_t idx = 0; ok && idx < plan->n_files; idx++) {
        const char *path = plan->files[idx].path;
        if (strncmp(path, base, base_len) || path[base_len] != '/' ||
            strchr(path + base_len + 1, '/')) {
            cli_error(NULL, "%s is outside %s: use --diff or --in-place", path, base);
            ok = false;
            break;
        }
        char *out = xasprintf("%s/%s", cli->output, path + base_len + 1);
        if (is_input(input, out)) {
            cli_error(NULL, "-o would write over the input \"%s\"", out);
            ok = false;
        } else {
            ok = write_atomic(out, plan->files[idx].new_text, 0644);
        }
        free(out);
    }
    free(base);
    return ok;
}

static int fix_emit(const FixCli *cli, const LintInput *input, const FixPlan *plan)
{
    StrBuf out = STRBUF_INIT;
    bool ok = true;
    if (cli->format && !strcmp(cli->format, "alter-system")) {
        fix_plan_alter_system(plan, input->pg_major, &out);
    } else if (!plan->n_files) {
        /* nothing to change: nothing written */
    } else if (cli->in_place) {
        for (size_t idx = 0; ok && idx < plan->n_files; idx++)
            ok = write_atomic(plan->files[idx].path, plan->files[idx].new_text,
                              mode_of(plan->files[idx].path));
    } else if (cli->output) {
        ok = write_output(cli, input, plan);
    } else {
        char *cwd = getcwd(NULL, 0);
        fix_plan_diff(plan, cwd, &out);
        free(cwd);
    }
    if (ok && out.len && fwrite(out.data, 1, out.len, stdout) != out.len)
        ok = false;
    sb_free(&out);
    if (!ok)
        return PK_EXIT_USAGE;
    for (size_t idx = 0; idx < plan->n_changes; idx++) {
        const FixChange *c = &plan->changes[idx];
        if (c->remove) {
            fprintf(stderr, "pgknob: fix: %s commented out (%s) at %s:%d\n", c->name, c->rules,
                    c->file, c->line);
            continue;
        }
        fprintf(stderr, "pgknob: fix: %s = %s (%s; %s) at %s%s%.0d\n", c->name, c->value, c->rules,
                c->applies, c->file, c->line ? ":" : " (appended)", c->line);
    }
    StrBuf left = STRBUF_INIT;
    fix_plan_left_out(plan, "pgknob: fix: ", &left);
    fputs(sb_str(&left), stderr);
    sb_free(&left);
    return plan->n_changes ? PK_EXIT_FINDINGS : PK_EXIT_OK;
}

static bool fix_load_project(FixCli *cli)
{
    PkDiag diag = PK_DIAG_INIT;
    if (!project_options_load_for(&cli->project, cli->lint.paths[0], &cli->lint.pg_version, &diag))
        return cli_diag_fail(&diag);
    project_rules_opts(&cli->project, &cli->rules);
    return true;
}

int cmd_fix(int argc, char **argv)
{
    FixCli cli = {.lint = {.check_host = true},
                  .project = {.fail_on = SEV_WARNING},
                  .select = {.min_severity = SEV_WARNING}};
    int rc = fix_parse_args(argc, argv, &cli);
    if (rc < 0 && !fix_load_project(&cli))
        rc = PK_EXIT_USAGE;
    if (rc >= 0) {
        project_options_free(&cli.project);
        return rc;
    }
    LintResult res = {0};
    LintRulesState rules = {0};
    PkDiag diag = PK_DIAG_INIT;
    bool ok = lint_run(&cli.lint, &res, &diag);
    if (ok && (res.inputs[0].format != INPUT_CONF || !strcmp(res.inputs[0].path, "-"))) {
        /* fix rewrites postgresql.conf lines; a manifest keeps its own syntax */
        pk_diag_set(&diag, res.inputs[0].path, 0, NULL,
                    "pgknob fix rewrites postgresql.conf files and data directories, not %s "
                    "input; pgknob lint shows the changes to make",
                    !strcmp(res.inputs[0].path, "-") ? "standard"
                                                     : input_format_name(res.inputs[0].format));
        ok = false;
    }
    ok = ok && lint_rules_run(&res, &cli.rules, &rules, &diag);
    cli_print_diags(&rules.notes);
    if (ok) {
        fix_check_run(&res, &rules.rules, &(EngineOpts){cli.rules.disable, cli.rules.n_disable});
        const ConfSet *sets[1] = {&res.inputs[0].set};
        size_t n_known = 0;
        ok = project_options_apply(&cli.project, &res.findings, sets, 1, &n_known, &diag);
    }
    FixPlan plan = {0};
    if (ok && !fix_plan_build(&res, 0, &cli.select, &plan, &diag))
        ok = false;
    cli_print_diag(&diag);
    pk_diag_free(&diag);
    rc = ok ? fix_emit(&cli, &res.inputs[0], &plan) : PK_EXIT_USAGE;
    fix_plan_free(&plan);
    lint_rules_state_free(&rules);
    lint_result_free(&res);
    project_options_free(&cli.project);
    return rc;
}

size_t cmd_fix_specs(const CliSpec **specs)
{
    static const CliSpec table[] = {
        {"fix", "\\[*OPTIONS*\\] *FILE*|*DATADIR*", fix_options, CLI_N_OPTIONS(fix_options)},
    };
    *specs = table;
    return sizeof(table) / sizeof(table[0]);
}
