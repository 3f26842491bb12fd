/* Runs pgknob as a child process for one tool call: argv as given, in `dir` (NULL: here), with
 * standard input from /dev/null, its output kept up to a limit and its time bounded. */
#ifndef PK_MCP_RUN_H
#define PK_MCP_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "common/strbuf.h"

typedef struct McpRun {
    int exit_code; /* the child's exit code; -1 when it was killed or did not start */
    bool timed_out;
    bool too_long; /* its output passed the limit: it was stopped */
    StrBuf out, err;
} McpRun;

/* False when the child could not be started (the reason in run->err). */
bool mcp_run(const char *exe, const char *const *argv, const char *dir, size_t out_limit,
             double timeout_s, McpRun *run);
void mcp_run_clear(McpRun *run);

#endif
