/* The pgbench workload (`--workload pgbench:FILE.sql[@weight],…`): the user's scripts run by
 * pgbench itself as a child process (no shell, arguments as a vector, the connection passed in
 * its environment so that no secret is on a command line), bounded by -T, with a
 * per-transaction log for the latency quantiles and the per-second series and pgbench's own
 * summary for the TPS and the failures. The official server builds ship no pgbench: Debian's
 * (postgresql-15's drives servers 13 to 18) is found by path. */
#ifndef PK_LAB_PGBENCH_H
#define PK_LAB_PGBENCH_H

#include "lab/workload.h"

/* The pgbench program to use: $PGKNOB_PGBENCH, then `pg_bin`/pgbench (may be NULL), then
 * /usr/lib/postgresql/<18…13>/bin/pgbench, then PATH. NULL when there is none. */
char *pgbench_find(const char *pg_bin);

/* Checks "FILE.sql[@weight],…" (the text after "pgbench:"): every file readable and not
 * empty, every weight a whole number 0-1000, not all zero. false with *diag saying which. */
bool pgbench_check_scripts(const char *scripts, PkDiag *diag);

/* Runs the scripts for params->warmup_s (unmeasured) then params->duration_s. */
bool pgbench_run(const char *conninfo, const WorkloadParams *params, PkStopFlag *stop,
                 WorkloadResult *out, PkDiag *diag);

/* `--init`: "pgbench -i [-s N]" runs pgbench's own initialisation at scale N; anything else is
 * a SQL file run once as one multi-statement query. */
bool pgbench_init(const char *conninfo, const char *pgbench, const char *init, PkDiag *diag);
/* Whether `init` is the "pgbench -i [-s N]" form (*scale: N, 1 when not given); -1 when it
 * starts so but is malformed. */
int pgbench_init_scale(const char *init, int *scale);

/* Parses pgbench's summary (stdout) into `out`: tps, transactions processed, failed, mean
 * latency. false when it has no "tps = " line. */
bool pgbench_parse_summary(const char *text, WorkloadResult *out);

#endif
