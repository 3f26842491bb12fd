/* --sample DURATION: samples pg_stat_activity every interval: the wait events of active client
 * backends as shares (IO:DataFileRead, IO:WalSync, LWLock:WALWrite, CPU…), the storage diagnosis
 * of Sai Srirampur's "Postgres Isn't Slow. Your Storage Is" (POSETTE 2026); the most client
 * connections seen at once; the share of samples with every autovacuum worker at work.
 */
#ifndef PK_AUDIT_SAMPLE_H
#define PK_AUDIT_SAMPLE_H

#include <stdbool.h>

#include "audit/audit.h"

/* Returns the seconds the samples taken span (0 when none was taken). */
double sample_wait_events(DbConn *conn, AuditResult *res, double seconds, int interval_ms);

#endif
