/* The "query" workload: C clients, one connection and thread each, run one prepared SQL
 * statement back to back for the warm-up and the measured interval. A statement still running
 * when the interval ends is cancelled and not counted. Nothing is allocated per statement. */
#ifndef PK_LAB_QLOAD_H
#define PK_LAB_QLOAD_H

#include "lab/workload.h"

bool qload_run(const char *conninfo, const WorkloadParams *params, PkStopFlag *stop,
               WorkloadResult *out, PkDiag *diag);

#endif
