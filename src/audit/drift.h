/* `pgknob audit CONNINFO --compare FILE|MANIFEST`: the live server against the configuration it
 * should run. Every parameter the configuration sets whose live value differs, with where the live
 * value comes from (ALTER SYSTEM, another file, the command line, ALTER ROLE/DATABASE of this
 * session); and every per-role and per-database setting (pg_db_role_setting), which no file shows
 * and which changes the memory arithmetic (a role with work_mem = 1GB). PK0910, PK0911. Reads
 * through db/ only. */
#ifndef PK_AUDIT_DRIFT_H
#define PK_AUDIT_DRIFT_H

#include "audit/audit.h"
#include "model/finding.h"
#include "model/snapshot.h"

/* `file` is the configuration's Snapshot for the server's major; `label` names it in messages. */
void audit_drift(DbConn *conn, const AuditResult *live, const Snapshot *file, const char *label,
                 FindingList *out);

#endif
