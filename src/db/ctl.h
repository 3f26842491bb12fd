/* The lab's control session: the one read-write libpq session pgknob keeps to a server whose
 * settings a lab changes (ALTER SYSTEM, pg_reload_conf, reading pg_settings, the original
 * postgresql.auto.conf and the statistics). Unlike db/db.h's audit session it may write, but
 * every statement still runs under statement_timeout and lock_timeout so that a lab never
 * hangs on a busy server. The handle is opaque: lab/ never sees libpq. The workload's own
 * connections are not this session (tpcc/, db/stmt_loop.h). */
#ifndef PK_DB_CTL_H
#define PK_DB_CTL_H

#include <stdbool.h>
#include <stddef.h>

#include "common/arena.h"
#include "common/diag.h"

/* Timeouts of the control session: nothing it runs should take long; ALTER SYSTEM takes only
 * an in-memory lock, so a lock wait means something else is wrong. */
#define DBCTL_STATEMENT_TIMEOUT_MS 60000
#define DBCTL_LOCK_TIMEOUT_MS 10000

typedef struct DbCtl DbCtl;

/* Connects, hides notices and sets the timeouts. NULL with *diag (passwords redacted). */
DbCtl *dbctl_connect(const char *conninfo, PkDiag *diag);
void dbctl_close(DbCtl *ctl);
/* The connection is up and answers a trivial statement. */
bool dbctl_alive(DbCtl *ctl);
/* The server's version number (180004); 0 when unknown. */
int dbctl_server_version(const DbCtl *ctl);
/* The connection's host, user and database as libpq resolved them ("" when unknown).
 * Borrowed: valid until dbctl_close. */
const char *dbctl_host(const DbCtl *ctl);
const char *dbctl_user(const DbCtl *ctl);
const char *dbctl_dbname(const DbCtl *ctl);

/* One row, one column: the value (SQL NULL as "") or NULL with *diag. Caller frees. */
char *dbctl_value(DbCtl *ctl, const char *sql, PkDiag *diag);
/* A command; false with the server's message in *diag. */
bool dbctl_exec(DbCtl *ctl, const char *sql, PkDiag *diag);
/* One row of n numeric columns (SQL NULL as 0); false with *diag. */
bool dbctl_doubles(DbCtl *ctl, const char *sql, double *out, int n, PkDiag *diag);

/* A whole result as strings (SQL NULL as ""), row-major, in its arena: free it with
 * arena_free(rows.arena). */
typedef struct DbCtlRows {
    Arena *arena;
    char **cells;
    int n_rows, n_cols;
} DbCtlRows;
bool dbctl_rows(DbCtl *ctl, const char *sql, DbCtlRows *out, PkDiag *diag);
const char *dbctl_cell(const DbCtlRows *rows, int row, int col);

/* A one-row bytea result (pg_read_binary_file), as raw bytes. Caller frees *data. */
bool dbctl_bytes(DbCtl *ctl, const char *sql, char **data, size_t *len, PkDiag *diag);

/* Quoting for statements built here: a SQL identifier and a string literal. Caller frees. */
char *dbctl_ident(DbCtl *ctl, const char *name);
char *dbctl_literal(DbCtl *ctl, const char *value);

/* The value of `keyword` ("host", "port") in a connection string, else NULL (also when it does
 * not parse). Caller frees. */
char *dbctl_conninfo_value(const char *conninfo, const char *keyword);
/* The connection string as libpq's environment variables ("PGHOST=…", NULL-terminated; the
 * caller frees each and the array): how a child program gets a connection, password included,
 * without it on its command line. */
char **dbctl_conninfo_env(const char *conninfo);

#endif
