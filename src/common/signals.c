#include "common/signals.h"

#include <string.h>

PkStopFlag pk_stop_signal = 0;

static void on_stop(int signo)
{
    pk_stop_signal = signo;
}

void pk_signals_catch_stop(bool second_kills, PkSignalSaved *saved)
{
    struct sigaction action, ignore;
    memset(&action, 0, sizeof(action));
    memset(&ignore, 0, sizeof(ignore));
    action.sa_handler = on_stop;
    action.sa_flags = second_kills ? SA_RESETHAND : 0;
    sigemptyset(&action.sa_mask);
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    pk_stop_signal = 0;
    sigaction(SIGINT, &action, saved ? &saved->intr : NULL);
    sigaction(SIGTERM, &action, saved ? &saved->term : NULL);
    sigaction(SIGPIPE, &ignore, saved ? &saved->pipe : NULL);
}

void pk_signals_restore(const PkSignalSaved *saved)
{
    sigaction(SIGINT, &saved->intr, NULL);
    sigaction(SIGTERM, &saved->term, NULL);
    sigaction(SIGPIPE, &saved->pipe, NULL);
}
