#include "lab/events.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void lab_say(const LabEvents *events, LabEventKind kind, const char *fmt, ...)
{
    if (!events || !events->fn || (kind == LAB_EV_PROGRESS && !events->progress))
        return;
    va_list ap;
    va_start(ap, fmt);
    char *text = NULL;
    if (vasprintf(&text, fmt, ap) < 0)
        text = NULL;
    va_end(ap);
    if (text)
        events->fn(events->ctx, kind, text);
    free(text);
}
