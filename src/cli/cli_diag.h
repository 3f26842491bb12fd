/* The one printer of diagnostics. Every module below cli/ returns a PkDiag (common/diag.h); the
 * command prints it here, in the compiler style every command uses:
 *   pgknob: error: FILE:LINE:COL: message
 *   detail: …
 *   hint: …
 * (":LINE" only when the line is known, ":COL" only with a line and a known column, "FILE: " only
 * with a file). Warnings and notes read "pgknob: warning: …" and "pgknob: note: …". */
#ifndef PK_CLI_DIAG_H
#define PK_CLI_DIAG_H

#include <stdbool.h>

#include "common/diag.h"
#include "common/strbuf.h"

/* The lines cli_print_diag writes, appended to `out` (for tests and for callers that redact). */
void cli_format_diag(const PkDiag *d, StrBuf *out);
/* Writes `d` to stderr, the secrets inside its text masked (redact_text); nothing when it is
 * not set. */
void cli_print_diag(const PkDiag *d);
/* Each diagnostic of the list, in order. */
void cli_print_diags(const PkDiagList *list);
/* A diagnostic of the command itself (no file): printed at once. `hint` may be NULL. */
void cli_error(const char *hint, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cli_warning(const char *hint, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints `d` and frees it; returns false, so `return f(..., &diag) || cli_diag_fail(&diag);`
 * reports a module's failure in one line. */
bool cli_diag_fail(PkDiag *d);

#endif
