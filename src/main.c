/* pgknob entry point: looks the subcommand up in a table and runs it. Nothing else. */
#include <stdio.h>
#include <string.h>

#include "cli/cli_options.h"
#include "cli/cli_diag.h"
#include "cli/cli_output.h"
#include "cli/commands.h"
#include "common/diag.h"
#include "common/version.h"

typedef struct Command {
    const char *name;
    int (*run)(int argc, char **argv);
    size_t (*specs)(const CliSpec **specs);
    const char *summary;
} Command;

static const Command commands[] = {
    {"lint", cmd_lint, cmd_lint_specs,
     "check postgresql.conf files or a data directory before deployment"},
    {"fix", cmd_fix, cmd_fix_specs,
     "apply pgknob lint's verified fixes to a copy, a diff or ALTER SYSTEM"},
    {"hba", cmd_hba, cmd_hba_specs,
     "show pg_hba.conf and pg_ident.conf as the server reads them (offline pg_hba_file_rules)"},
    {"upgrade", cmd_upgrade, cmd_upgrade_specs,
     "what a configuration needs for a new major, and the patched file"},
    {"settings", cmd_settings, cmd_settings_specs,
     "show every entry the server would read (offline pg_file_settings)"},
    {"tpcc", cmd_tpcc, cmd_tpcc_specs,
     "TPC-C-derived workload: load, run and check (schema \"tpcc\")"},
    {"audit", cmd_audit, cmd_audit_specs,
     "audit a running server: settings and statistics, read-only"},
    {"live", cmd_live, cmd_live_specs,
     "a running server's effective settings and unapplied lines, as JSON (read-only)"},
    {"lab", cmd_lab, cmd_lab_specs, "the \"make Postgres slow\" labs: run, measure, explain"},
    {"lsp", cmd_lsp, cmd_lsp_specs,
     "language server (LSP over stdio) for editors: diagnostics, hover, fixes"},
    {"mcp", cmd_mcp, cmd_mcp_specs,
     "MCP server (Model Context Protocol over stdio) for coding agents: lint, explain, fix"},
    {"rules", cmd_rules, cmd_rules_specs, "list, explain and test the rule packs"},
    {"report", cmd_report, cmd_report_specs,
     "merge many JSON reports (audit or lint) into one fleet report"},
};

static void print_usage(FILE *out)
{
    fprintf(out, "usage: pgknob COMMAND [OPTIONS] [ARGS]\n\ncommands:\n");
    for (size_t cmd_idx = 0; cmd_idx < sizeof(commands) / sizeof(commands[0]); cmd_idx++)
        fprintf(out, "  %-10s %s\n", commands[cmd_idx].name, commands[cmd_idx].summary);
    fprintf(out, "\nRun 'pgknob COMMAND --help' for a command's options.\n"
                 "Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage or input error,"
                 " 3 internal error.\n");
}

/* `pgknob help --man synopsis|options`: the man page's generated sections (tests/docs/gen-man.sh).
 */
static int print_man(const char *part)
{
    int options = part && !strcmp(part, "options");
    if (!options && !(part && !strcmp(part, "synopsis"))) {
        cli_error("tests/docs/gen-man.sh runs it for docs/pgknob.1.md.",
                  "help --man needs synopsis or options");
        return PK_EXIT_USAGE;
    }
    for (size_t cmd_idx = 0; cmd_idx < sizeof(commands) / sizeof(commands[0]); cmd_idx++) {
        const CliSpec *specs;
        size_t n = commands[cmd_idx].specs(&specs);
        cli_specs_man(stdout, specs, n, options);
    }
    return PK_EXIT_OK;
}

static int run(int argc, char **argv)
{
    pk_diag_filter_stderr();
    if (argc < 2) {
        print_usage(stderr);
        return PK_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "help")) {
        if (argc > 2 && !strcmp(name, "help") && !strcmp(argv[2], "--man"))
            return cli_offline_build() ? cli_exec_online(argc - 1, argv + 1)
                                       : print_man(argc > 3 ? argv[3] : NULL);
        if (argc > 2 && strcmp(name, "help") == 0) {
            char help_opt[] = "--help";
            char *help_argv[] = {argv[2], help_opt, NULL};
            for (size_t cmd_idx = 0; cmd_idx < sizeof(commands) / sizeof(commands[0]); cmd_idx++)
                if (!strcmp(commands[cmd_idx].name, argv[2]))
                    return commands[cmd_idx].run(2, help_argv);
        }
        print_usage(stdout);
        return PK_EXIT_OK;
    }
    if (!strcmp(name, "--version") || !strcmp(name, "version")) {
        printf("pgknob %s\n", PK_VERSION);
        return PK_EXIT_OK;
    }
    for (size_t cmd_idx = 0; cmd_idx < sizeof(commands) / sizeof(commands[0]); cmd_idx++)
        if (!strcmp(commands[cmd_idx].name, name))
            return commands[cmd_idx].run(argc - 1, argv + 1);
    const char *names[sizeof(commands) / sizeof(commands[0])];
    for (size_t cmd_idx = 0; cmd_idx < sizeof(commands) / sizeof(commands[0]); cmd_idx++)
        names[cmd_idx] = commands[cmd_idx].name;
    return cli_unknown_command("command", name, names, sizeof(names) / sizeof(names[0]), "pgknob");
}

/* Every command's output is checked once, here: a full disk or a closed pipe is exit 2. */
int main(int argc, char **argv)
{
    CliStdout out = {0};
    cli_stdout_open(&out);
    return cli_finish_stdout(&out, run(argc, argv));
}
