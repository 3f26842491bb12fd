/* The lab's control session: the one read-write libpq session pgknob keeps to a server whose
 * settings a lab changes (ALTER SYSTEM, pg_reload_conf, reading pg_settings and the original
 * postgresql.auto.conf). Unlike db/db.h's audit session it may write, but every statement still
 * runs under statement_timeout and lock_timeout so that a lab never hangs on a busy server.
 * The workload's own connections are not this session (lab/workload.c). */
#ifndef PK_DB_CTL_H
#define PK_DB_CTL_H

#include <libpq-fe.h>
#include <stdbool.h>
#include <stddef.h>

/* Timeouts of the control session: nothing it runs should take long; ALTER SYSTEM takes only
 * an in-memory lock, so a lock wait means something else is wrong. */
#define DBCTL_STATEMENT_TIMEOUT_MS 60000
#define DBCTL_LOCK_TIMEOUT_MS 10000

/* Connects, hides notices and sets the timeouts. NULL with *errmsg (caller frees). */
PGconn *dbctl_connect(const char *conninfo, char **errmsg);
/* One row, one column: the value (SQL NULL as "") or NULL with *errmsg. Caller frees. */
char *dbctl_value(PGconn *conn, const char *sql, char **errmsg);
/* A command; false with the server's message in *errmsg. */
bool dbctl_exec(PGconn *conn, const char *sql, char **errmsg);

/* A whole result as strings (SQL NULL as ""), row-major. */
typedef struct DbCtlRows {
    char **cells;
    int n_rows, n_cols;
} DbCtlRows;
bool dbctl_rows(PGconn *conn, const char *sql, DbCtlRows *out, char **errmsg);
const char *dbctl_cell(const DbCtlRows *rows, int row, int col);
void dbctl_rows_free(DbCtlRows *rows);

/* A one-row bytea result (pg_read_binary_file), as raw bytes. Caller frees *data. */
bool dbctl_bytes(PGconn *conn, const char *sql, char **data, size_t *len, char **errmsg);

/* Quoting for statements built here: a SQL identifier and a string literal. Caller frees. */
char *dbctl_ident(PGconn *conn, const char *name);
char *dbctl_literal(PGconn *conn, const char *value);

/* The message of the last failure on conn, trimmed. Caller frees. */
char *dbctl_error(PGconn *conn);

#endif
