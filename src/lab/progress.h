/* The live progress line of a lab run (only when the caller's events want it: the cli asks on
 * a terminal): the stage, a bar, the time left and the current TPS (as the server counts
 * commits). A thread redraws it twice a second while the workload runs in the caller's thread;
 * the text goes to the caller's LabEvents callback as LAB_EV_PROGRESS. */
#ifndef PK_LAB_PROGRESS_H
#define PK_LAB_PROGRESS_H

#include <pthread.h>
#include <stdbool.h>

#include "common/signals.h"

#include "lab/events.h"
#include "lab/measure.h"

typedef struct Progress {
    const LabEvents *events; /* borrowed */
    pthread_t thread;
    bool started;
    PkStopFlag stop;
    char label[96];    /* "stage 3/6 03-wal-torture" */
    const char *phase; /* "warm-up" / "measuring" */
    double t_start, total_s;
    Sampler *sampler; /* for the current TPS; borrowed */
} Progress;

void progress_begin(Progress *progress, const LabEvents *events, const char *label,
                    const char *phase, double total_s, Sampler *sampler);
void progress_end(Progress *progress);

#endif
