/* A Snapshot of a live server, read from pg_settings: the server's own values (in base units),
 * their origin (file and line when the server knows them), and a parameter catalog taken from the
 * same server, so types, units and enum values are exactly this build's (io_method lists io_uring
 * only when the server was built with liburing). Also the server's view of its configuration files
 * (pg_file_settings errors, pending restarts) as findings. */
#ifndef PK_DB_SNAPSHOT_DB_H
#define PK_DB_SNAPSHOT_DB_H

#include <stdbool.h>

#include "db/db.h"
#include "model/finding.h"
#include "model/snapshot.h"

/* The parameters of one server (owned; the Snapshot's settings point into it). */
typedef struct DbCatalog DbCatalog;

/* Fills `snap` (zeroed by the caller) from pg_settings and returns the catalog it points into, or
 * NULL with `diag` set when pg_settings could not be read. Settings waiting for a restart become
 * PK0902 findings in `findings`. Free the catalog after snapshot_free. */
DbCatalog *snapshot_db_read(DbConn *conn, Snapshot *snap, FindingList *findings, PkDiag *diag);
void db_catalog_free(DbCatalog *catalog);

/* pg_file_settings rows with an error become PK0901 error findings (the server would refuse to
 * start, or ignores the line on reload). False with *why (caller frees) when the view could not
 * be read (it is superuser-only by default). */
bool snapshot_db_file_errors(DbConn *conn, FindingList *findings, char **why);

#endif
