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
#include "cli/cli_rows.h"
#include "cli/cli_output.h"
#include "cli/commands.h"
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
    OPT_DIFF = 256,
    OPT_IN_PLACE,
    OPT_FORMAT,
    OPT_NO_RULES,
    OPT_UNSAFE_FIXES,
    OPT_MIN_SEVERITY,
    OPT_OUTPUT = 'o',
    OPT_HELP = 'h'
};

static const CliOption fix_options[] = {
    CLI_ROW_PG_VERSION,
    CLI_ROW_HOST,
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
    CLI_ROW_PURPOSE,
    CLI_ROW_RULES,
    CLI_ROW_DISABLE,
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
    case CLI_KEY_PG_VERSION: cli->lint.pg_version = arg; return cli_pg_version(arg, &major, &minor);
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

/* Where --in-place journals its writes: the input's directory (a data directory itself), so
 * that the next fix of the same input finishes a killed one before reading. */
static char *fix_journal_dir(const char *input)
{
    struct stat st;
    if (stat(input, &st) == 0 && S_ISDIR(st.st_mode))
        return xstrdup(input);
    const char *slash = strrchr(input, '/');
    return slash ? xstrndup(input, slash == input ? 1 : (size_t)(slash - input)) : xstrdup(".");
}

/* Every file the run read or would read: -o never lands on one (--in-place is the way). */
static void fix_reads(const FixCli *cli, const LintInput *input, const LintRulesState *rules,
                      CliReads *reads)
{
    cli_reads_add_input(reads, input->path, &input->set, input->hba);
    cli_reads_add(reads, cli->project.project.path);
    cli_reads_add(reads, cli->project.baseline);
    for (size_t idx = 0; idx < rules->n_pack_dirs; idx++)
        cli_reads_add(reads, rules->pack_dirs[idx]);
}

/* The directory of the top-level file: -o DIR mirrors the changed files below it, and the
 * journal of an --in-place write lives there. */
static char *top_dir(const char *top)
{
    const char *slash = strrchr(top, '/');
    return slash ? xstrndup(top, (size_t)(slash - top)) : xstrdup(".");
}

static bool write_output(const FixCli *cli, const CliReads *reads, const FixPlan *plan)
{
    const char *hint = "Write the copy elsewhere, or use --in-place to rewrite the inputs.";
    struct stat st;
    bool dir = plan->n_files > 1 || strcmp(plan->files[0].path, plan->top_file) ||
               (stat(cli->output, &st) == 0 && S_ISDIR(st.st_mode));
    if (!dir) {
        PkWriteItem item = {cli->output, plan->files[0].new_text, strlen(plan->files[0].new_text)};
        return cli_output_guard(cli->output, reads, hint) && cli_write_files(&item, 1, NULL);
    }
    if (mkdir(cli->output, 0755) != 0 && errno != EEXIST) {
        cli_error(NULL, "could not create \"%s\": %s", cli->output, strerror(errno));
        return false;
    }
    char *base = top_dir(plan->top_file);
    size_t base_len = strlen(base);
    PkWriteItem *items = xcalloc(plan->n_files, sizeof(*items));
    char **outs = xcalloc(plan->n_files, sizeof(*outs));
    bool ok = true;
    for (size_t idx = 0; ok && idx < plan->n_files; idx++) {
        const char *path = plan->files[idx].path;
        if (strncmp(path, base, base_len) || path[base_len] != '/' ||
            strchr(path + base_len + 1, '/')) {
            cli_error(NULL, "%s is outside %s: use --diff or --in-place", path, base);
            ok = false;
            break;
        }
        outs[idx] = xasprintf("%s/%s", cli->output, path + base_len + 1);
        items[idx] =
            (PkWriteItem){outs[idx], plan->files[idx].new_text, strlen(plan->files[idx].new_text)};
        ok = cli_output_guard(items[idx].path, reads, hint);
    }
    ok = ok && cli_write_files(items, plan->n_files, cli->output);
    for (size_t idx = 0; idx < plan->n_files; idx++)
        free(outs[idx]);
    free(outs);
    free(items);
    free(base);
    return ok;
}

/* Every changed file at once: all are replaced or none (common/atomic_file.c's journal). */
static bool write_in_place(const FixCli *cli, const FixPlan *plan)
{
    PkWriteItem *items = xcalloc(plan->n_files, sizeof(*items));
    for (size_t idx = 0; idx < plan->n_files; idx++)
        items[idx] = (PkWriteItem){plan->files[idx].path, plan->files[idx].new_text,
                                   strlen(plan->files[idx].new_text)};
    char *dir = fix_journal_dir(cli->lint.paths[0]);
    bool ok = cli_write_files(items, plan->n_files, dir);
    free(dir);
    free(items);
    return ok;
}

static int fix_emit(const FixCli *cli, const CliReads *reads, const FixPlan *plan, int major)
{
    StrBuf out = STRBUF_INIT;
    bool ok = true;
    if (cli->format && !strcmp(cli->format, "alter-system")) {
        fix_plan_alter_system(plan, major, &out);
    } else if (!plan->n_files) {
        /* nothing to change: nothing written */
    } else if (cli->in_place) {
        ok = write_in_place(cli, plan);
    } else if (cli->output) {
        ok = write_output(cli, reads, plan);
    } else {
        char *cwd = getcwd(NULL, 0);
        fix_plan_diff(plan, cwd, &out);
        free(cwd);
    }
    if (ok && out.len && (fwrite(out.data, 1, out.len, stdout) != out.len || fflush(stdout))) {
        cli_error(NULL, "could not write to standard output: %s", strerror(errno));
        clearerr(stdout); /* said here, not again at exit */
        ok = false;
    }
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
        /* the diff must hold the value to apply it; the log line need not */
        char *shown = redact_value(&cli->project.redact, c->name, c->value);
        fprintf(stderr, "pgknob: fix: %s = %s (%s; %s) at %s%s%.0d\n", c->name, shown, c->rules,
                c->applies, c->file, c->line ? ":" : " (appended)", c->line);
        free(shown);
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
    char *journal_dir = fix_journal_dir(cli.lint.paths[0]);
    bool recovered = cli_write_recover(journal_dir);
    free(journal_dir);
    bool ok = recovered && lint_run(&cli.lint, &res, &diag);
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
        project_apply_file_purpose(&cli.project, &res);
        ok = project_options_apply(&cli.project, &res.findings, sets, 1, &n_known, &diag);
    }
    FixPlan plan = {0};
    if (ok && !fix_plan_build(&res, 0, &cli.select, &plan, &diag))
        ok = false;
    cli_print_diag(&diag);
    pk_diag_free(&diag);
    CliReads reads = {0};
    if (ok)
        fix_reads(&cli, &res.inputs[0], &rules, &reads);
    rc = ok ? fix_emit(&cli, &reads, &plan, res.inputs[0].pg_major) : PK_EXIT_USAGE;
    arena_free(reads.arena);
    arena_free(plan.arena);
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
