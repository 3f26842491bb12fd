#include "lab/events.h"

#include <stdarg.h>

#include "common/strbuf.h"

void lab_say(const LabEvents *events, LabEventKind kind, const char *fmt, ...)
{
    if (!events || !events->fn || (kind == LAB_EV_PROGRESS && !events->progress))
        return;
    StrBuf text = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&text, fmt, ap);
    va_end(ap);
    events->fn(events->ctx, kind, sb_str(&text));
    sb_free(&text);
}
