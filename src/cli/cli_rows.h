/* The option rows several commands take, declared once: a command's table includes the row
 * (CLI_ROW_RULES, ...) and its option code handles the row's key. The project's rows
 * (--rules, --disable, --host, --fail-on, --baseline, --purpose) go to project_option_set. */
#ifndef PK_CLI_ROWS_H
#define PK_CLI_ROWS_H

#include "cli/cli_options.h"
#include "project/options.h"

/* The key of --pg-version, above the commands' own keys and the project's. */
enum { CLI_KEY_PG_VERSION = 600 };

#define CLI_ROW_PG_VERSION                                                                         \
    {                                                                                              \
        "pg-version", "N", CLI_KEY_PG_VERSION,                                                     \
            "target PostgreSQL version: a major (13-18), or N.M for a minor\n"                     \
            "release; default: the input's own (a data directory's PG_VERSION,\n"                  \
            "a manifest's version, the project's pg_version), else the major\n"                    \
            "the file's own paths name (PK0004), else 18"                                          \
    }
#define CLI_ROW_RULES                                                                              \
    {                                                                                              \
        "rules", "DIR", PROJECT_OPT_RULES, "also use the rule files in DIR, or one .ini file",     \
            .type = CLI_LIST                                                                       \
    }
#define CLI_ROW_DISABLE                                                                            \
    {                                                                                              \
        "disable", "ID,...", PROJECT_OPT_DISABLE,                                                  \
            "leave out these rules and their fixes: ids or names", .type = CLI_LIST                \
    }
#define CLI_ROW_HOST                                                                               \
    {                                                                                              \
        "host", "FACTS", PROJECT_OPT_HOST,                                                         \
            "host facts for the rules: local (read this machine),\nor "                            \
            "ram=16GB,cores=8,storage=nvme|ssd|hdd|network,\n"                                     \
            "kernel=6.8,container=yes|no,io_uring=yes|no,stack=8MB,\n"                             \
            "disk=100GB,wal_disk=20GB"                                                             \
    }
#define CLI_ROW_FAIL_ON                                                                            \
    {                                                                                              \
        "fail-on", "LEVEL", PROJECT_OPT_FAIL_ON,                                                   \
            "exit 1 when a finding is at or above LEVEL: error,\nwarning (default), notice or "    \
            "never; or "                                                                           \
            "refusal:\n"                                                                           \
            "only findings that stop the server (refuses_start)"                                   \
    }
#define CLI_ROW_BASELINE                                                                           \
    {                                                                                              \
        "baseline", "FILE", PROJECT_OPT_BASELINE,                                                  \
            "a JSON report of an earlier run: report only findings new since it", .type = CLI_PATH \
    }
#define CLI_ROW_PURPOSE                                                                            \
    {                                                                                              \
        "purpose", "PURPOSE", PROJECT_OPT_PURPOSE,                                                 \
            "what the configuration is for: production (default), test or\n"                       \
            "benchmark; under test and benchmark, fsync, full_page_writes and\n"                   \
            "autovacuum off are notices"                                                           \
    }

/* --pg-version's value: a major pgknob knows, or N.M. False after a usage error (printed). */
bool cli_pg_version(const char *arg, int *major, int *minor);

#endif
