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

/* Fills `snap` (zeroed by the caller) from pg_settings, with a catalog of the server's own
 * parameters in the snapshot's arena; false with `diag` set when pg_settings could not be read.
 * Settings waiting for a restart become PK0902 findings in `findings`. */
bool snapshot_db_read(DbConn *conn, Snapshot *snap, FindingList *findings, PkDiag *diag);

/* pg_file_settings rows with an error become PK0901 error findings (the server would refuse to
 * start, or ignores the line on reload). False with *why (caller frees) when the view could not
 * be read (it is superuser-only by default). */
bool snapshot_db_file_errors(DbConn *conn, FindingList *findings, char **why);

#endif
