/* `pgknob lint --cluster PRIMARY STANDBY...`: what the server checks between a primary and its
 * hot standbys (xlogrecovery.c CheckRequiredParameterValues: a standby refuses to start when
 * max_connections, max_worker_processes, max_wal_senders, max_prepared_transactions or
 * max_locks_per_transaction is lower than on the primary, or the primary's wal_level is
 * minimal), plus synchronous_standby_names naming no standby and hot_standby_feedback against
 * the max_standby_*_delay settings. PK0080–PK0083. Pure. */
#ifndef PK_LINT_CLUSTER_H
#define PK_LINT_CLUSTER_H

#include "lint/lint.h"

/* inputs[0] is the primary, the others its standbys. */
void lint_cluster(const LintResult *res, FindingList *out);

#endif
