/* libpq plumbing shared by load, run and check: connecting with clear errors, one-shot
 * statements, the monotonic clock and the schema marker. Not used in the per-transaction path. */
#ifndef PK_TPCC_CONN_H
#define PK_TPCC_CONN_H

#include <libpq-fe.h>
#include <stdbool.h>
#include <stdint.h>

#include "tpcc/tpcc.h"

void tpcc_error_set(TpccError *err, TpccStatus status, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Connects (conninfo NULL or "" = libpq environment), sets search_path to the tpcc schema and
 * application_name. Returns NULL and fills err (TPCC_ERR_CONNECT) on failure. */
PGconn *tpcc_connect(const char *conninfo, TpccError *err);
/* Runs a command that returns no rows; fills err (TPCC_ERR_SERVER) on failure. */
bool tpcc_exec(PGconn *conn, const char *sql, TpccError *err);
/* Runs a query; returns the result (caller PQclear) or NULL with err filled. */
PGresult *tpcc_query(PGconn *conn, const char *sql, TpccError *err);
/* First line of the connection's error message, without the trailing newline. */
void tpcc_conn_message(PGconn *conn, char *buf, size_t len);

double tpcc_now(void); /* CLOCK_MONOTONIC, seconds */

typedef enum TpccSchemaState {
    TPCC_SCHEMA_ABSENT = 0,
    TPCC_SCHEMA_LOADING,  /* a load started and did not finish */
    TPCC_SCHEMA_COMPLETE,
    TPCC_SCHEMA_FOREIGN,  /* a schema "tpcc" that pgknob did not create */
} TpccSchemaState;

typedef struct TpccSchemaInfo {
    TpccSchemaState state;
    int warehouses;
    int c_last_load;
    unsigned long long seed;
} TpccSchemaInfo;

bool tpcc_schema_read(PGconn *conn, TpccSchemaInfo *info, TpccError *err);
/* Fails with the right message unless the schema is completely loaded. */
bool tpcc_schema_require(PGconn *conn, TpccSchemaInfo *info, TpccError *err);

#endif
