/* pgknob entry point: looks the subcommand up in a table and runs it. Nothing else. */
#include <stdio.h>
#include <string.h>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "common/diag.h"
#include "common/version.h"

typedef struct Command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} Command;

static const Command commands[] = {
    {"lint", cmd_lint, "check postgresql.conf files or a data directory before deployment"},
    {"fix", cmd_fix, "apply pgknob lint's verified fixes to a copy, a diff or ALTER SYSTEM"},
    {"settings", cmd_settings, "show every entry the server would read (offline pg_file_settings)"},
    {"tpcc", cmd_tpcc, "TPC-C workload: load, run and check (schema \"tpcc\")"},
    {"audit", cmd_audit, "audit a running server: settings and statistics, read-only"},
    {"lab", cmd_lab, "the \"make Postgres slow\" labs: run, measure, explain"},
    {"rules", cmd_rules, "list, explain and test the rule packs"},
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

int main(int argc, char **argv)
{
    pk_diag_filter_stderr();
    if (argc < 2) {
        print_usage(stderr);
        return PK_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "help")) {
        if (argc > 2 && strcmp(name, "help") == 0) {
            char *help_argv[] = {argv[2], (char *)"--help", NULL};
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
    return cli_unknown_command("command", name, names, sizeof(names) / sizeof(names[0]),
                               "pgknob");
}
