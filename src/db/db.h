/* The only libpq user of pgknob audit: a read-only session with timeouts, and queries from the
 * versioned table in db/queries.c run with a client-side deadline and PQcancel. Not a general
 * purpose client: every result has a declared shape and column types, checked on arrival. */
#ifndef PK_DB_H
#define PK_DB_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "common/json.h"

typedef struct DbConn DbConn;

typedef struct DbConnectOpts {
    const char *conninfo; /* CONNINFO or URI as given (NULL: PG* environment, service, defaults) */
    int statement_timeout_ms; /* server-side statement_timeout; the client cancels a bit later */
    int lock_timeout_ms;
} DbConnectOpts;

/* Why a query gave no result. */
typedef enum DbStatus {
    DB_OK,
    DB_ERROR,          /* the server refused it (permission denied, undefined object…) */
    DB_TIMEOUT,        /* statement_timeout or the client deadline: cancelled */
    DB_CONN_LOST,      /* the connection dropped */
    DB_SHAPE,          /* the result did not have the declared shape */
    DB_NOT_APPLICABLE, /* no query for this server version */
} DbStatus;

typedef struct DbResult {
    DbStatus status;
    char *error;    /* a lowercase one-line reason when status != DB_OK; caller frees via
                       db_result_free */
    char *sqlstate; /* five characters for DB_ERROR, else NULL */
    void *pg;       /* the PGresult (opaque to callers) */
    void *rows;     /* or a snapshot's rows (a JSON array of arrays of strings and nulls) */
    int n_rows;
    int n_cols;
} DbResult;

/* Connects with every libpq convention and sets up the read-only session. On failure returns NULL
 * with `diag` set (a one-line message, and a hint when one applies). */
DbConn *db_connect(const DbConnectOpts *opts, PkDiag *diag);
void db_close(DbConn *conn);

int db_server_version_num(const DbConn *conn); /* e.g. 180004 */
/* True when the connection goes through a Unix socket or to a loopback address. */
bool db_is_local(const DbConn *conn);
/* "host:port" or "/socket/dir:port" and database, for reports. Caller frees. */
char *db_describe(const DbConn *conn);
bool db_alive(const DbConn *conn);
size_t db_query_count(const DbConn *conn); /* statements sent since connecting, setup included */

/* Runs the query `id` of the table for this server's version and checks its shape. `out` is
 * always filled; free it with db_result_free. */
bool db_run(DbConn *conn, const char *id, DbResult *out);
void db_result_free(DbResult *res);

/* Typed access to a checked result; NULL cells give `fallback` / NULL. */
const char *db_text(const DbResult *res, int row, int col); /* borrowed; NULL when SQL NULL */
bool db_is_null(const DbResult *res, int row, int col);
double db_num(const DbResult *res, int row, int col, double fallback);
bool db_bool(const DbResult *res, int row, int col, bool fallback);

/* ---- snapshot documents (docs/audit.md, "Collecting with psql") ----
 * One JSON document holds the results of the query table for one server at one moment:
 * {"pgknob_snapshot": 1, "server_version_num": N, "target": "...", "collected_at": "...",
 *  "results": {"ID": [{"rows": [[cell, ...], ...]} | {"error": "...", "sqlstate": "..."}]},
 *  "sample": {"seconds": S, "interval_ms": MS, "elapsed_s": E}}
 * Cells are text as the server prints them (NULL is null). `pgknob audit --collect` writes the
 * script that makes one with psql; a live audit records the same (db_record_start). */

/* Opens a snapshot document as a connection whose db_run answers from it. NULL with `diag` set
 * (file, what is wrong, what to do) when the text is not such a document. */
DbConn *db_replay_open(const char *path, const char *text, size_t len, PkDiag *diag);
bool db_is_replay(const DbConn *conn);
/* The sampling window a snapshot recorded: false when it has none. */
bool db_replay_sample(const DbConn *conn, double *seconds, int *interval_ms, double *elapsed_s,
                      int *samples);
/* From now on every result of db_run is kept, for db_record_take. */
void db_record_start(DbConn *conn);
void db_record_sample(DbConn *conn, double seconds, int interval_ms, double elapsed_s);
/* The recorded snapshot document (caller decrefs), every string passed through redact_text and
 * every setting whose name is a secret replaced whole; NULL when not recording. */
struct Redaction;
json_t *db_record_take(DbConn *conn, const struct Redaction *redact);

#endif
