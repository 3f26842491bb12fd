/* The one signal module. The only mutable globals pgknob keeps are the flags set here: a
 * handler may do nothing else safely. */
#ifndef PK_SIGNALS_H
#define PK_SIGNALS_H

#include <signal.h>
#include <stdbool.h>

/* Nonzero once SIGINT or SIGTERM arrived after pk_signals_catch_stop; holds the signal. */
extern volatile sig_atomic_t pk_stop_signal;

typedef struct PkSignalSaved {
    struct sigaction intr, term, pipe;
} PkSignalSaved;

/* SIGINT and SIGTERM set pk_stop_signal instead of killing (cleared first). With
 * `second_kills`, a second one of the same kind kills as usual (SA_RESETHAND), so a stuck
 * cleanup can still be interrupted. SIGPIPE is ignored: a closed pipe is an error to report,
 * not a death. The previous handlers go to *saved (may be NULL) for pk_signals_restore. */
void pk_signals_catch_stop(bool second_kills, PkSignalSaved *saved);
void pk_signals_restore(const PkSignalSaved *saved);

/* The stop flag as the clock's sleep expects it. */
static inline const volatile int *pk_stop_flag(void)
{
    return (const volatile int *)&pk_stop_signal;
}

#endif
