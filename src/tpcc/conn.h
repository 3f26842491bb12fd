/* libpq plumbing shared by load, run and check: connecting with clear errors, one-shot
 * statements and the schema marker. Not used in the per-transaction path. */
#ifndef PK_TPCC_CONN_H
#define PK_TPCC_CONN_H

#include <libpq-fe.h>
#include <stdbool.h>
#include <stdint.h>

#include "common/diag.h"
#include "tpcc/tpcc.h"

/* Connects (conninfo NULL or "" = libpq environment), sets search_path to the tpcc schema and
 * application_name. Returns NULL and sets diag on failure. */
PGconn *tpcc_connect(const char *conninfo, PkDiag *diag);
/* Runs a command that returns no rows; sets diag on failure. */
bool tpcc_exec(PGconn *conn, const char *sql, PkDiag *diag);
/* Runs a query; returns the result (caller PQclear) or NULL with diag set. */
PGresult *tpcc_query(PGconn *conn, const char *sql, PkDiag *diag);
/* First line of the connection's error message, without the trailing newline. */
void tpcc_conn_message(PGconn *conn, char *buf, size_t len);

typedef enum TpccSchemaState {
    TPCC_SCHEMA_ABSENT = 0,
    TPCC_SCHEMA_LOADING, /* a load started and did not finish */
    TPCC_SCHEMA_COMPLETE,
    TPCC_SCHEMA_FOREIGN, /* a schema "tpcc" that pgknob did not create */
} TpccSchemaState;

typedef struct TpccSchemaInfo {
    TpccSchemaState state;
    int warehouses;
    int c_last_load;
    unsigned long long seed;
} TpccSchemaInfo;

bool tpcc_schema_read(PGconn *conn, TpccSchemaInfo *info, PkDiag *diag);
/* Fails with the right message unless the schema is completely loaded. */
bool tpcc_schema_require(PGconn *conn, TpccSchemaInfo *info, PkDiag *diag);

#endif
