/* The live progress bar of a lab run, on stderr and only on a terminal: the stage, a bar, the
 * time left and the current TPS (as the server counts commits). A thread redraws it twice a
 * second while the workload runs in the caller's thread. */
#ifndef PK_LAB_PROGRESS_H
#define PK_LAB_PROGRESS_H

#include <pthread.h>
#include <stdbool.h>

#include "lab/measure.h"

typedef struct Progress {
    bool enabled;      /* stderr is a terminal */
    pthread_t thread;
    bool started;
    volatile int stop;
    char label[96];    /* "stage 3/6 03-wal-torture" */
    const char *phase; /* "warm-up" / "measuring" */
    double t_start, total_s;
    Sampler *sampler;  /* for the current TPS; borrowed */
} Progress;

void progress_begin(Progress *progress, bool enabled, const char *label, const char *phase,
                    double total_s, Sampler *sampler);
void progress_end(Progress *progress);

#endif
