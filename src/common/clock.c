#include "common/clock.h"

#include <errno.h>
#include <time.h>

double pk_clock_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sleep_seconds(double seconds)
{
    struct timespec ts = {.tv_sec = (time_t)seconds,
                          .tv_nsec = (long)((seconds - (double)(time_t)seconds) * 1e9)};
    nanosleep(&ts, NULL);
}

void pk_clock_sleep_until(double deadline, const PkStopFlag *stop)
{
    for (double left = deadline - pk_clock_now(); left > 0 && !(stop && *stop);
         left = deadline - pk_clock_now())
        sleep_seconds(left);
}

void pk_clock_sleep_ms(int ms)
{
    pk_clock_sleep_until(pk_clock_now() + ms / 1000.0, NULL);
}
