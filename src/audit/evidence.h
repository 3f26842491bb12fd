/* Evidence collectors of pgknob audit: one function per statistics area, each running its
 * versioned query and adding Evidence records (key, number, readable text) to the Snapshot, or
 * recording why the evidence is unavailable. */
#ifndef PK_AUDIT_EVIDENCE_H
#define PK_AUDIT_EVIDENCE_H

#include "audit/audit.h"

void evidence_checkpoints(DbConn *conn, AuditResult *res);
void evidence_databases(DbConn *conn, AuditResult *res); /* cache, temp, xacts, wraparound */
void evidence_tables(DbConn *conn, AuditResult *res);    /* dead tuples, last autovacuum */
void evidence_io(DbConn *conn, AuditResult *res);        /* pg_stat_io, 16+ */
void evidence_wal(DbConn *conn, AuditResult *res);       /* pg_stat_wal, 14+ */
void evidence_connections(DbConn *conn, AuditResult *res);
void evidence_slots(DbConn *conn, AuditResult *res);
void evidence_horizon(DbConn *conn, AuditResult *res);    /* who holds the xmin horizon back */
void evidence_archiver(DbConn *conn, AuditResult *res);   /* pg_stat_archiver, WAL waiting */
void evidence_statements(DbConn *conn, AuditResult *res); /* pg_stat_statements evictions, 14+ */
void evidence_vacuum_due(DbConn *conn, AuditResult *res); /* tables over the threshold */
void evidence_backend_writes(DbConn *conn, AuditResult *res); /* buffers backends wrote */
void evidence_settings(AuditResult *res);                     /* from the snapshot: io_uring, … */
void evidence_connection_peak(AuditResult *res); /* after sampling: the most connections seen */
/* After sampling for span_s seconds: tables over their threshold all along, not vacuumed. */
void evidence_vacuum_overdue(DbConn *conn, AuditResult *res, double span_s);

/* "12 min", "3.5 h", "4.2 days": a readable span of hours (caller frees). */
char *evidence_hours(double hours);

#endif
