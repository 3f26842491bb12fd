/* `pgknob mcp`: the MCP server on stdin/stdout (src/mcp/). Agent clients start it themselves. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli_diag.h"
#include "cli/cli_options.h"
#include "cli/commands.h"
#include "common/diag.h"
#include "common/xalloc.h"
#include "mcp/mcp.h"

enum { OPT_ROOT = 256, OPT_AUDIT_DSN, OPT_HELP = 'h' };

static const CliOption mcp_options[] = {
    {"root", "DIR", OPT_ROOT,
     "tool calls may read files below DIR only (repeatable;\ndefault: the directory it starts in)"},
    {"audit-dsn", "CONNINFO", OPT_AUDIT_DSN,
     "offer the audit tool, against this server only (a tool\ncall cannot name another; keep "
     "the password in ~/.pgpass)"},
    {"help", NULL, OPT_HELP, "show this help and exit"},
};

static void mcp_usage(FILE *out)
{
    cli_usage(out,
              "usage: pgknob mcp [--root DIR]... [--audit-dsn CONNINFO]\n\n"
              "A Model Context Protocol server over stdin/stdout for coding agents: the tools\n"
              "lint, explain, fix (a diff or ALTER SYSTEM; nothing is written), settings, hba,\n"
              "upgrade, and audit with --audit-dsn; each rule's documentation and each major's\n"
              "parameter catalog as resources. Agent clients start it; docs/mcp.md shows how.\n\n"
              "options:\n",
              mcp_options, CLI_N_OPTIONS(mcp_options), 24,
              "\nexit codes: 0 at the end of input, 2 usage error\n");
}

int cmd_mcp(int argc, char **argv)
{
    char **roots = xcalloc((size_t)argc + 1, sizeof(char *));
    size_t n_roots = 0;
    const char *audit_dsn = NULL;
    int key, rc = -1;
    optind = 0;
    while (rc < 0 && (key = cli_getopt(argc, argv, "", mcp_options, CLI_N_OPTIONS(mcp_options),
                                       "mcp")) != -1) {
        switch (key) {
        case OPT_HELP:
            mcp_usage(stdout);
            rc = PK_EXIT_OK;
            break;
        case CLI_USAGE_ERROR: rc = PK_EXIT_USAGE; break;
        case OPT_ROOT: {
            struct stat st;
            char *real = realpath(optarg, NULL);
            if (!real || stat(real, &st) != 0 || !S_ISDIR(st.st_mode)) {
                cli_error("Give an existing directory.", "--root %s: not a directory", optarg);
                free(real);
                rc = PK_EXIT_USAGE;
            } else {
                roots[n_roots++] = real;
            }
            break;
        }
        case OPT_AUDIT_DSN: audit_dsn = optarg; break;
        }
    }
    if (rc < 0 && optind < argc) {
        cli_error("Agent clients start it as 'pgknob mcp'.", "mcp takes no arguments (\"%s\")",
                  argv[optind]);
        rc = PK_EXIT_USAGE;
    }
    char *exe = rc < 0 ? realpath("/proc/self/exe", NULL) : NULL;
    if (rc < 0 && !exe) {
        cli_error(NULL, "cannot find pgknob's own program (/proc/self/exe)");
        rc = PK_EXIT_USAGE;
    }
    if (rc < 0 && n_roots == 0) {
        roots[n_roots] = realpath(".", NULL);
        if (roots[n_roots])
            n_roots++;
    }
    if (rc < 0) {
        McpOptions opts = {(const char *const *)roots, n_roots, audit_dsn, exe};
        rc = mcp_serve(stdin, stdout, &opts);
    }
    for (size_t idx = 0; idx < n_roots; idx++)
        free(roots[idx]);
    free(roots);
    free(exe);
    return rc;
}

size_t cmd_mcp_specs(const CliSpec **specs)
{
    static const CliSpec table[] = {
        {"mcp", "\\[*OPTIONS*\\]", mcp_options, CLI_N_OPTIONS(mcp_options)},
    };
    *specs = table;
    return sizeof(table) / sizeof(table[0]);
}
