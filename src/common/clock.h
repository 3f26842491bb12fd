/* The one clock: every elapsed time in pgknob (timeouts, progress, measurements) is read here. */
#ifndef PK_CLOCK_H
#define PK_CLOCK_H

#include "common/signals.h"

/* Seconds on CLOCK_MONOTONIC: never jumps with the wall clock. */
double pk_clock_now(void);

/* Sleeps until pk_clock_now() >= deadline, resuming after signals unless *stop (may be NULL)
 * became nonzero. */
void pk_clock_sleep_until(double deadline, const PkStopFlag *stop);

/* Sleeps `ms` milliseconds (resumed after signals). */
void pk_clock_sleep_ms(int ms);

#endif
