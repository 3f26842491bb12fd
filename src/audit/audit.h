/* Live audit: a Snapshot of a running server (pg_settings) plus evidence from its statistics
 * views, version-aware for 13–18, read through db/ only. Each piece of evidence the server would
 * not give (permission, timeout, dropped connection) is listed as unavailable with the reason;
 * the audit goes on with the rest. Evidence keys are documented in docs/audit.md. */
#ifndef PK_AUDIT_H
#define PK_AUDIT_H

#include <stdbool.h>
#include <stddef.h>

#include "db/db.h"
#include "db/snapshot_db.h"
#include "model/finding.h"
#include "model/snapshot.h"

typedef struct AuditOpts {
    double sample_seconds;  /* --sample: 0 for none */
    int sample_interval_ms; /* 100 unless set */
} AuditOpts;

/* Evidence the audit could not read, and why ("permission denied for view pg_file_settings"). */
typedef struct AuditUnavailable {
    char *what; /* "config file errors (pg_file_settings)" */
    char *why;
    bool failure; /* an error (partial audit), not just a fact of this server (timing off) */
} AuditUnavailable;

typedef struct AuditResult {
    Snapshot snap;        /* settings and evidence; the caller sets snap.host */
    FindingList findings; /* established by the server itself (file errors, pending restarts) */
    AuditUnavailable *unavailable;
    size_t n_unavailable, cap_unavailable;
    bool partial;         /* some evidence failed (permission, timeout, lost connection) */
    char *server_version; /* "18.4" */
    char *database, *user;
    bool superuser, pg_monitor;
    char *tables_due; /* vacuum_due's "name<TAB>seconds" lines, compared after --sample */
    size_t n_queries;
    double elapsed_ms; /* reading the server: settings, evidence and sampling */
} AuditResult;

/* Reads everything. False (with `diag` set) only when nothing useful could be read:
 * the server's settings. `out` must be zeroed; free with audit_result_free. */
bool audit_run(DbConn *conn, const AuditOpts *opts, AuditResult *out, PkDiag *diag);
void audit_result_free(AuditResult *res);

/* Records unavailable evidence; a `failure` marks the audit partial. */
void audit_unavailable(AuditResult *res, const char *what, const char *why, bool failure);

#endif
