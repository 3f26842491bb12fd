/* pgknob audit's look at client authentication: the live pg_hba_file_rules (the server's own
 * reading of pg_hba.conf as it is on disk now) checked by the same rules as pgknob lint's
 * (lint/lint_hba.c). Superuser-only by default: without the grants (docs/hba.md) it is listed
 * as unavailable. */
#ifndef PK_AUDIT_HBA_H
#define PK_AUDIT_HBA_H

#include "audit/audit.h"

void audit_hba(DbConn *conn, AuditResult *res);

#endif
