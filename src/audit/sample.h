/* --sample DURATION: samples pg_stat_activity's wait events of active client backends every
 * interval and turns the counts into shares (IO:DataFileRead, IO:WalSync, LWLock:WALWrite, CPU…),
 * the storage diagnosis of Sai Srirampur's "Postgres Isn't Slow. Your Storage Is" (POSETTE 2026).
 */
#ifndef PK_AUDIT_SAMPLE_H
#define PK_AUDIT_SAMPLE_H

#include <stdbool.h>

#include "audit/audit.h"

void sample_wait_events(DbConn *conn, AuditResult *res, double seconds, int interval_ms);

#endif
