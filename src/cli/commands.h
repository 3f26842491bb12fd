/* The subcommands of pgknob. Each takes the arguments after its own name (argv[0] is the
 * subcommand name, as cli_getopt expects) and returns the process exit code. */
#ifndef PK_CLI_COMMANDS_H
#define PK_CLI_COMMANDS_H

/* Exit codes: a documented contract (docs/cli.md). */
enum {
    PK_EXIT_OK = 0,       /* nothing at or above --fail-on */
    PK_EXIT_FINDINGS = 1, /* findings at or above --fail-on */
    PK_EXIT_USAGE = 2,    /* usage, I/O or parse error of pgknob's own inputs */
    PK_EXIT_BUG = 3,      /* internal error */
};

#include <stdbool.h>
#include <stddef.h>

#include "cli/cli_options.h"

/* pgknob is two programs built from one tree: `pgknob`, without libpq, and `pgknob-online`, which
 * runs audit, tpcc and lab (cli/online_stub.c execs it). True in the former. */
bool cli_offline_build(void);
/* Replaces the process by pgknob-online with the same subcommand arguments; returns only on
 * failure, with the exit code (the error printed). */
int cli_exec_online(int argc, char **argv);

int cmd_lint(int argc, char **argv);
int cmd_fix(int argc, char **argv);
int cmd_settings(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_audit(int argc, char **argv);
int cmd_live(int argc, char **argv);
int cmd_tpcc(int argc, char **argv);
int cmd_lab(int argc, char **argv);
int cmd_upgrade(int argc, char **argv);
int cmd_lsp(int argc, char **argv);
int cmd_mcp(int argc, char **argv);
int cmd_hba(int argc, char **argv);
int cmd_report(int argc, char **argv);

/* Each command's lines of the man page (SYNOPSIS, OPTIONS), from its option tables. */
size_t cmd_lint_specs(const CliSpec **specs);
size_t cmd_fix_specs(const CliSpec **specs);
size_t cmd_settings_specs(const CliSpec **specs);
size_t cmd_rules_specs(const CliSpec **specs);
size_t cmd_audit_specs(const CliSpec **specs);
size_t cmd_live_specs(const CliSpec **specs);
size_t cmd_tpcc_specs(const CliSpec **specs);
size_t cmd_lab_specs(const CliSpec **specs);
size_t cmd_upgrade_specs(const CliSpec **specs);
size_t cmd_lsp_specs(const CliSpec **specs);
size_t cmd_mcp_specs(const CliSpec **specs);
size_t cmd_hba_specs(const CliSpec **specs);
size_t cmd_report_specs(const CliSpec **specs);

#endif
