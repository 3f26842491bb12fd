/* Inside db/ only: the connection shared by the libpq path (db.c) and the snapshot-file path
 * (db_snapshot.c), which replays a document in place of a server or records one from it. */
#ifndef PK_DB_INTERNAL_H
#define PK_DB_INTERNAL_H

#include <jansson.h>
#include <libpq-fe.h>

#include "db/db.h"
#include "db/queries.h"

struct DbConn {
    PGconn *pg; /* NULL when replaying a snapshot */
    int version_num;
    int statement_timeout_ms;
    int lock_timeout_ms;
    size_t n_queries;
    bool lost;
    json_t *replay; /* the snapshot's "results" being replayed, or NULL */
    json_t *cursor; /* per query id, how many of its results were handed out */
    json_t *doc;    /* the whole replayed document */
    char *target;   /* the replayed server, as the snapshot names it */
    json_t *record; /* results recorded from the live server (db_record_start), or NULL */
    json_t *sample; /* the wait-event sampling's window, recorded or replayed */
};

void db_set_failure(DbResult *out, DbStatus status, char *why);
bool db_replay_run(DbConn *conn, const DbQuery *query, DbResult *out);
void db_record_result(DbConn *conn, const DbQuery *query, const DbResult *out);
void db_replay_release(DbConn *conn);

#endif
