/* One client of the labs' "query" workload: a connection that prepares one SQL statement and
 * runs it again and again, and that another thread can cancel (the end of the measured
 * interval). Nothing is allocated per statement. */
#ifndef PK_DB_STMT_LOOP_H
#define PK_DB_STMT_LOOP_H

#include "common/diag.h"

typedef struct DbStmtLoop DbStmtLoop;

typedef enum DbLoopStatus {
    DBLOOP_OK,     /* the statement returned rows */
    DBLOOP_FAILED, /* the server refused or cancelled it; the connection is still up */
    DBLOOP_LOST,   /* the connection dropped (*diag says why) */
} DbLoopStatus;

/* Connects and prepares `sql`; NULL with *diag. */
DbStmtLoop *dbloop_open(const char *conninfo, const char *sql, PkDiag *diag);
DbLoopStatus dbloop_run(DbStmtLoop *loop, PkDiag *diag);
/* Asks the server to cancel the running statement. Safe from another thread until
 * dbloop_close (the caller serialises the two). */
void dbloop_cancel(DbStmtLoop *loop);
void dbloop_close(DbStmtLoop *loop);

#endif
