/* `pgknob lsp`: the language server on stdin/stdout (src/lsp/). Editors start it themselves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_diag.h"
#include "cli/cli_options.h"
#include "cli/cli_rows.h"
#include "cli/commands.h"
#include "common/diag.h"
#include "common/xalloc.h"
#include "lint/lint.h"
#include "lsp/lsp.h"

enum { OPT_NO_RULES = 256, OPT_STDIO, OPT_HELP = 'h' };

/* --pg-version is the target of a file that names none: a file's "# pgknob: pg=N" line comes
 * first (lsp_usage says so). */
static const CliOption lsp_options[] = {
    CLI_ROW_PG_VERSION,
    CLI_ROW_RULES,
    {"no-rules", NULL, OPT_NO_RULES, "validation only"},
    CLI_ROW_DISABLE,
    {"stdio", NULL, OPT_STDIO,
     "talk over stdin and stdout (the only transport; accepted\nbecause editors pass it)"},
    {"help", NULL, OPT_HELP, "show this help and exit"},
};

static void lsp_usage(FILE *out)
{
    cli_usage(out,
              "usage: pgknob lsp [OPTIONS]\n\n"
              "A language server (LSP 3.17 over stdin/stdout) for postgresql.conf,\n"
              "postgresql.auto.conf and conf.d fragments: lint's diagnostics on the unsaved\n"
              "buffer, hover and completion from the catalog of the target major, quick fixes\n"
              "from the verified fixes, go to the included file or the line that wins,\n"
              "document symbols. Editors start it; docs/lsp.md shows VS Code and Neovim.\n\n"
              "options:\n",
              lsp_options, CLI_N_OPTIONS(lsp_options), 22,
              "\nA file's \"# pgknob: pg=N\" line, .pgknob.ini and PG_VERSION come before\n"
              "--pg-version.\n"
              "exit codes: 0 after shutdown and exit, 1 exit without shutdown or end of input,\n"
              "2 usage error or unusable rule packs\n");
}

int cmd_lsp(int argc, char **argv)
{
    LspOpts opts = {0};
    ProjectOptions project = {0}; /* --rules and --disable, as lint reads them */
    PkDiag diag = PK_DIAG_INIT;
    int key, rc = -1, major, minor;
    optind = 0;
    while (rc < 0 && (key = cli_getopt(argc, argv, "", lsp_options, CLI_N_OPTIONS(lsp_options),
                                       "lsp")) != -1) {
        switch (key) {
        case OPT_HELP:
            lsp_usage(stdout);
            rc = PK_EXIT_OK;
            break;
        case CLI_USAGE_ERROR: rc = PK_EXIT_USAGE; break;
        case CLI_KEY_PG_VERSION:
            if (!cli_pg_version(optarg, &major, &minor))
                rc = PK_EXIT_USAGE;
            opts.pg_version = optarg;
            break;
        case PROJECT_OPT_RULES:
        case PROJECT_OPT_DISABLE: project_option_set(&project, key, optarg, &diag); break;
        case OPT_NO_RULES: opts.rules.disabled_all = true; break;
        case OPT_STDIO: break;
        }
    }
    if (rc < 0 && optind < argc) {
        cli_error("Editors start it as 'pgknob lsp'.", "lsp takes no arguments (\"%s\")",
                  argv[optind]);
        rc = PK_EXIT_USAGE;
    }
    if (rc < 0) {
        project_rules_opts(&project, &opts.rules);
        rc = lsp_serve(STDIN_FILENO, stdout, &opts, &diag);
        if (pk_diag_is_set(&diag))
            cli_print_diag(&diag);
    }
    pk_diag_free(&diag);
    project_options_free(&project);
    return rc;
}

size_t cmd_lsp_specs(const CliSpec **specs)
{
    static const CliSpec table[] = {
        {"lsp", "\\[*OPTIONS*\\]", lsp_options, CLI_N_OPTIONS(lsp_options)},
    };
    *specs = table;
    return sizeof(table) / sizeof(table[0]);
}
