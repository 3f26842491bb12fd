/* What a lab tells its user while it runs (progress, notes, warnings), handed to a callback the
 * caller passes: modules below cli/ never print. A NULL LabEvents (or fn) drops everything. */
#ifndef PK_LAB_EVENTS_H
#define PK_LAB_EVENTS_H

#include <stdbool.h>

#include "common/diag.h"

typedef enum LabEventKind {
    LAB_EV_INFO,           /* a step: "creating a throwaway PostgreSQL 18.4 cluster …" */
    LAB_EV_NOTE,           /* worth knowing, nothing wrong */
    LAB_EV_WARNING,        /* something went wrong that the run survives */
    LAB_EV_PROGRESS,       /* the live progress line (redrawn in place; only when asked for) */
    LAB_EV_PROGRESS_CLEAR, /* the progress line is done: erase it (text is "") */
} LabEventKind;

typedef void (*LabEventFn)(void *ctx, LabEventKind kind, const char *text);

typedef struct LabEvents {
    LabEventFn fn;
    void *ctx;
    bool progress; /* LAB_EV_PROGRESS wanted (the cli: stderr is a terminal) */
} LabEvents;

void lab_say(const LabEvents *events, LabEventKind kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Hands a diagnostic up: into *to unless the caller passed none or already holds one (the
 * first cause wins, as pk_diag_set); *from is left empty either way. */
static inline void lab_diag_pass(PkDiag *to, PkDiag *from)
{
    if (to && !to->message)
        pk_diag_move(to, from);
    else
        pk_diag_free(from);
}

#endif
