/* The one signal module. The only mutable globals pgknob keeps are the flags set here: a
 * handler may do nothing else safely. */
#ifndef PK_SIGNALS_H
#define PK_SIGNALS_H

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>

/* A stop request shared between a signal handler or a thread and the code it stops. A lock-free
 * atomic int is what C11 lets a handler store to and other threads read without a data race
 * (a volatile int is neither atomic nor ordered between threads). */
typedef atomic_int PkStopFlag;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler may only store to a lock-free atomic");

/* Nonzero once SIGINT or SIGTERM arrived after pk_signals_catch_stop; holds the signal. */
extern PkStopFlag pk_stop_signal;

typedef struct PkSignalSaved {
    struct sigaction intr, term, pipe;
} PkSignalSaved;

/* SIGINT and SIGTERM set pk_stop_signal instead of killing (cleared first). With
 * `second_kills`, a second one of the same kind kills as usual (SA_RESETHAND), so a stuck
 * cleanup can still be interrupted. SIGPIPE is ignored: a closed pipe is an error to report,
 * not a death. The previous handlers go to *saved (may be NULL) for pk_signals_restore. */
void pk_signals_catch_stop(bool second_kills, PkSignalSaved *saved);
void pk_signals_restore(const PkSignalSaved *saved);

#endif
