#include "common/diag.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/strbuf.h"
#include "common/xalloc.h"

/* stderr through a filter: every message pgknob writes there may quote a file name, a token
 * or a value, and control bytes in those must be shown, not sent to the terminal. The only
 * sequences let through are the progress lines' own "\r" and "\033[K" (erase the line). */
static ssize_t stderr_write(void *cookie, const char *buf, size_t size)
{
    (void)cookie;
    const int fd = STDERR_FILENO;
    StrBuf sb = STRBUF_INIT;
    size_t start = 0;
    for (size_t idx = 0; idx <= size; idx++) {
        size_t keep = idx == size                                          ? 0
                      : buf[idx] == '\r'                                   ? 1
                      : size - idx >= 3 && !memcmp(buf + idx, "\033[K", 3) ? 3
                                                                           : 0;
        if (idx < size && !keep)
            continue;
        sb_put_escaped_controls(&sb, buf + start, idx - start, false);
        if (keep)
            sb_putn(&sb, buf + idx, keep);
        idx += keep ? keep - 1 : 0;
        start = idx + 1;
    }
    for (size_t done = 0; done < sb.len;) {
        ssize_t wrote = write(fd, sb.data + done, sb.len - done);
        if (wrote < 0 && errno == EINTR)
            continue;
        if (wrote <= 0)
            break;
        done += (size_t)wrote;
    }
    sb_free(&sb);
    return (ssize_t)size;
}

void pk_diag_filter_stderr(void)
{
    if (fileno(stderr) < 0) /* already a cookie stream: the filter is in place */
        return;
    cookie_io_functions_t io = {.write = stderr_write};
    FILE *filtered = fopencookie(NULL, "w", io);
    if (!filtered)
        return;
    setvbuf(filtered, NULL, _IONBF, 0);
    stderr = filtered;
}

bool pk_diag_vset(PkDiag *d, const char *file, int line, const char *hint, const char *fmt,
                  va_list ap)
{
    if (!d || d->message)
        return false;
    d->message = xvasprintf(fmt, ap);
    d->file = file ? xstrdup(file) : NULL;
    d->line = line;
    d->hint = hint ? xstrdup(hint) : NULL;
    return false;
}

bool pk_diag_set(PkDiag *d, const char *file, int line, const char *hint, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pk_diag_vset(d, file, line, hint, fmt, ap);
    va_end(ap);
    return false;
}

void pk_diag_set_column(PkDiag *d, int column)
{
    if (d)
        d->column = column;
}

void pk_diag_set_detail(PkDiag *d, const char *fmt, ...)
{
    if (!d)
        return;
    va_list ap;
    va_start(ap, fmt);
    free(d->detail);
    d->detail = xvasprintf(fmt, ap);
    va_end(ap);
}

void pk_diag_prefix(PkDiag *d, const char *fmt, ...)
{
    if (!d || !d->message)
        return;
    va_list ap;
    va_start(ap, fmt);
    char *context = xvasprintf(fmt, ap);
    va_end(ap);
    char *message = xasprintf("%s: %s", context, d->message);
    free(context);
    free(d->message);
    d->message = message;
}

bool pk_diag_is_set(const PkDiag *d)
{
    return d && d->message;
}

void pk_diag_free(PkDiag *d)
{
    if (!d)
        return;
    free(d->file);
    free(d->message);
    free(d->detail);
    free(d->hint);
    *d = (PkDiag)PK_DIAG_INIT;
}

void pk_diag_move(PkDiag *to, PkDiag *from)
{
    pk_diag_free(to);
    *to = *from;
    *from = (PkDiag)PK_DIAG_INIT;
}

void pk_diag_list_add(PkDiagList *list, PkDiagLevel level, const char *file, int line,
                      const char *hint, const char *fmt, ...)
{
    if (!list)
        return;
    PkDiag tmp = PK_DIAG_INIT;
    va_list ap;
    va_start(ap, fmt);
    pk_diag_vset(&tmp, file, line, hint, fmt, ap);
    va_end(ap);
    Arena *a = arena_get(&list->arena);
    ARENA_GROW(a, list->items, list->n, list->cap);
    list->items[list->n++] = (PkDiag){.level = level,
                                      .file = arena_strdup(a, tmp.file),
                                      .line = tmp.line,
                                      .column = tmp.column,
                                      .message = arena_strdup(a, tmp.message),
                                      .detail = arena_strdup(a, tmp.detail),
                                      .hint = arena_strdup(a, tmp.hint)};
    pk_diag_free(&tmp);
}
