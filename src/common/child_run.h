/* Runs a program (pgknob itself, for an MCP tool call or the language server's live mode) as a
 * child process: argv as given, in `dir` (NULL: here), with standard input from /dev/null, its
 * output kept up to a limit and its time bounded. */
#ifndef PK_COMMON_CHILD_RUN_H
#define PK_COMMON_CHILD_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "common/strbuf.h"

typedef struct ChildRun {
    int exit_code; /* the child's exit code; -1 when it was killed or did not start */
    bool timed_out;
    bool too_long; /* its output passed the limit: it was stopped */
    StrBuf out, err;
} ChildRun;

/* False when the child could not be started (the reason in run->err). */
bool child_run(const char *exe, const char *const *argv, const char *dir, size_t out_limit,
               double timeout_s, ChildRun *run);
void child_run_clear(ChildRun *run);

#endif
