#include "cli/cli_diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/redact.h"

static const char *level_name(PkDiagLevel level)
{
    switch (level) {
    case PK_DIAG_WARNING: return "warning";
    case PK_DIAG_NOTE: return "note";
    case PK_DIAG_ERROR: break;
    }
    return "error";
}

void cli_format_diag(const PkDiag *d, StrBuf *out)
{
    if (!pk_diag_is_set(d))
        return;
    sb_printf(out, "pgknob: %s: ", level_name(d->level));
    if (d->file) {
        sb_put(out, d->file);
        if (d->line > 0)
            sb_printf(out, ":%d", d->line);
        if (d->line > 0 && d->column > 0)
            sb_printf(out, ":%d", d->column);
        sb_put(out, ": ");
    }
    sb_printf(out, "%s\n", d->message);
    if (d->detail)
        sb_printf(out, "detail: %s\n", d->detail);
    if (d->hint)
        sb_printf(out, "hint: %s\n", d->hint);
}

void cli_print_diag(const PkDiag *d)
{
    StrBuf sb = STRBUF_INIT;
    cli_format_diag(d, &sb);
    /* a command redacts what it knows is secret (redact_diag); the secrets any text can be seen
     * to hold are masked here, whatever the command forgot */
    char *clean = sb.len ? redact_text(NULL, sb_str(&sb)) : NULL;
    if (clean)
        fputs(clean, stderr);
    free(clean);
    sb_free(&sb);
}

static void say(PkDiagLevel level, const char *hint, const char *fmt, va_list ap)
{
    PkDiag d = PK_DIAG_INIT;
    pk_diag_vset(&d, NULL, 0, hint, fmt, ap);
    d.level = level;
    cli_print_diag(&d);
    pk_diag_free(&d);
}

void cli_error(const char *hint, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(PK_DIAG_ERROR, hint, fmt, ap);
    va_end(ap);
}

void cli_warning(const char *hint, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(PK_DIAG_WARNING, hint, fmt, ap);
    va_end(ap);
}

bool cli_diag_fail(PkDiag *d)
{
    cli_print_diag(d);
    pk_diag_free(d);
    return false;
}

void cli_print_diags(const PkDiagList *list)
{
    for (size_t idx = 0; list && idx < list->n; idx++)
        cli_print_diag(&list->items[idx]);
}
