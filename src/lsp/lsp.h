/* `pgknob lsp`: a language server (LSP 3.17 over stdio) for postgresql.conf, postgresql.auto.conf
 * and conf.d fragments. Diagnostics are lint's findings on the unsaved buffer, hover and
 * completion come from the catalog of the target major, code actions from the verified fixes. */
#ifndef PK_LSP_H
#define PK_LSP_H

#include <stdio.h>

#include "common/diag.h"
#include "lint/lint_rules.h"

typedef struct LspOpts {
    const char
        *pg_version; /* used when a document names none (# pgknob: pg=N, .pgknob.ini, PG_VERSION) */
    LintRulesOpts rules; /* --rules, --no-rules, --disable */
} LspOpts;

/* Serves requests from `in_fd` to `out` until "exit". Returns the process exit code the
 * protocol asks for: 0 after shutdown then exit, 1 when exit came without shutdown or the
 * input ended. False paths that stop the server before it starts (the rule packs cannot be
 * loaded) return 2 with `diag` set. */
int lsp_serve(int in_fd, FILE *out, const LspOpts *opts, PkDiag *diag);

#endif
