/* The labs' workloads, behind one result type: the TPC-C-derived mix (src/tpcc, called
 * in-process), a "query" workload that runs one SQL statement in a loop on every client
 * (lab/qload), and the user's pgbench scripts run by pgbench itself (lab/pgbench). */
#ifndef PK_LAB_WORKLOAD_H
#define PK_LAB_WORKLOAD_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "common/arena.h"
#include "common/diag.h"
#include "common/signals.h"
#include "lab/events.h"
#include "lab/manifest.h"
#include "tpcc/stats.h"
#include "tpcc/tpcc.h"

typedef struct WorkloadParams {
    WorkloadType type;
    int warehouses;
    int clients;
    double duration_s;
    double warmup_s;
    const char *sql;     /* WORKLOAD_QUERY */
    const char *pgbench; /* WORKLOAD_PGBENCH: the pgbench program (pgbench_find) */
    const char *scripts; /* WORKLOAD_PGBENCH: "FILE.sql[@weight],…" (pgbench_check_scripts) */
    uint64_t seed;
} WorkloadParams;

/* Its strings and series live in `arena`: the owner frees it with arena_free(res.arena). */
typedef struct WorkloadResult {
    Arena *arena;
    bool complete;     /* ran the whole measured interval */
    char *stop_detail; /* why not, when !complete */
    double measured_s;
    uint64_t completed; /* transactions (tpcc, pgbench) or statements (query) */
    uint64_t failed;
    double tps;  /* completed / measured_s */
    double nopm; /* New-Order transactions per minute; < 0 for the query workload */
    double p50_ms, p90_ms, p95_ms, p99_ms, max_ms; /* < 0 when nothing completed */
    double mean_ms;                                /* < 0 when nothing completed */
    double client_cpu_s;
    uint32_t *per_second; /* completed in each second of the measured interval */
    int n_seconds;
    char *errors; /* "40001 × 3, 57014 × 1" or NULL */
    char *server_version;
} WorkloadResult;

/* Makes sure the TPC-C tables with `warehouses` warehouses exist: loads them when missing, and
 * when another size is loaded either drops and reloads (may_drop: our throwaway cluster) or
 * refuses. *loaded_now says whether it loaded; *load_s how long that took. The loader's
 * progress goes to `progress` (the cli's: lab/ prints nothing; NULL: none). */
bool workload_prepare(const char *conninfo, int warehouses, bool may_drop,
                      TpccLoadProgressFn progress, void *progress_arg, PkStopFlag *stop,
                      bool *loaded_now, double *load_s, PkDiag *diag);

/* Runs the warm-up then the measured interval. false only when nothing could run. */
bool workload_run(const char *conninfo, const WorkloadParams *params, PkStopFlag *stop,
                  WorkloadResult *out, PkDiag *diag);

/* The latency fields (p50_ms … max_ms) from the histogram of every completed transaction or
 * statement; -1 each when it is empty. Both workloads report latency this one way. */
void workload_set_latency(WorkloadResult *out, const TpccHist *all);

#endif
