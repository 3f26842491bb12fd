#include "tpcc/conn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/redact.h"
#include "tpcc/schema.h"

void tpcc_conn_message(PGconn *conn, char *buf, size_t len)
{
    const char *msg = conn ? PQerrorMessage(conn) : "out of memory";
    /* libpq prefixes "connection to server ... failed: "; keep the whole first line */
    size_t n = strcspn(msg, "\n");
    if (n >= len)
        n = len - 1;
    memcpy(buf, msg, n);
    buf[n] = '\0';
    if (n == 0)
        snprintf(buf, len, "connection lost");
}

/* Server notices ("schema does not exist, skipping") are not results; keep stderr for ours. */
static void notice_ignore(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

PGconn *tpcc_connect(const char *conninfo, PkDiag *diag)
{
    const char *keys[] = {"dbname", "application_name", "fallback_application_name", NULL};
    const char *values[] = {conninfo && *conninfo ? conninfo : NULL, NULL, "pgknob-tpcc", NULL};
    PGconn *conn = PQconnectdbParams(keys, values, 1);
    if (!conn || PQstatus(conn) != CONNECTION_OK) {
        char msg[400];
        tpcc_conn_message(conn, msg, sizeof(msg));
        /* libpq's parse errors quote the connection string, password and all */
        Redaction secrets = {0};
        redaction_add_conninfo(&secrets, conninfo);
        char *clean = redact_text(&secrets, msg);
        pk_diag_set(diag, NULL, 0,
                    "Give a connection string or URI, or set PGHOST, PGPORT, PGUSER and "
                    "PGDATABASE.",
                    "could not connect to the server: %s", clean);
        free(clean);
        arena_free(secrets.arena);
        PQfinish(conn);
        return NULL;
    }
    PQsetNoticeProcessor(conn, notice_ignore, NULL);
    if (!tpcc_exec(conn, "SET search_path = " TPCC_SCHEMA, diag)) {
        PQfinish(conn);
        return NULL;
    }
    return conn;
}

static bool result_failed(PGconn *conn, PGresult *res, ExecStatusType want, PkDiag *diag)
{
    if (res && PQresultStatus(res) == want)
        return false;
    if (PQstatus(conn) != CONNECTION_OK) {
        char msg[400];
        tpcc_conn_message(conn, msg, sizeof(msg));
        pk_diag_set(diag, NULL, 0, NULL, "lost the connection to the server: %s", msg);
        return true;
    }
    const char *msg = res ? PQresultErrorMessage(res) : PQerrorMessage(conn);
    size_t n = strcspn(msg, "\n");
    pk_diag_set(diag, NULL, 0, NULL, "server error: %.*s", (int)n, msg);
    return true;
}

bool tpcc_exec(PGconn *conn, const char *sql, PkDiag *diag)
{
    PGresult *res = PQexec(conn, sql);
    bool failed = result_failed(conn, res, PGRES_COMMAND_OK, diag);
    PQclear(res);
    return !failed;
}

PGresult *tpcc_query(PGconn *conn, const char *sql, PkDiag *diag)
{
    PGresult *res = PQexec(conn, sql);
    if (result_failed(conn, res, PGRES_TUPLES_OK, diag)) {
        PQclear(res);
        return NULL;
    }
    return res;
}

bool tpcc_schema_read(PGconn *conn, TpccSchemaInfo *info, PkDiag *diag)
{
    memset(info, 0, sizeof(*info));
    PGresult *res = tpcc_query(conn,
                               "SELECT coalesce(obj_description(oid, 'pg_namespace'), '')"
                               " FROM pg_namespace WHERE nspname = '" TPCC_SCHEMA "'",
                               diag);
    if (!res)
        return false;
    if (PQntuples(res) == 0) {
        PQclear(res);
        return true;
    }
    char state[16] = "";
    int warehouses = 0, c_last = 0;
    unsigned long long seed = 0;
    int got = sscanf(PQgetvalue(res, 0, 0), "pgknob tpcc %15s warehouses=%d c_last=%d seed=%llu",
                     state, &warehouses, &c_last, &seed);
    PQclear(res);
    info->state = TPCC_SCHEMA_FOREIGN;
    if (got == 4 && !strcmp(state, "complete"))
        info->state = TPCC_SCHEMA_COMPLETE;
    else if (got == 4 && !strcmp(state, "loading"))
        info->state = TPCC_SCHEMA_LOADING;
    info->warehouses = warehouses;
    info->c_last_load = c_last;
    info->seed = seed;
    return true;
}

bool tpcc_schema_require(PGconn *conn, TpccSchemaInfo *info, PkDiag *diag)
{
    if (!tpcc_schema_read(conn, info, diag))
        return false;
    switch (info->state) {
    case TPCC_SCHEMA_COMPLETE: return true;
    case TPCC_SCHEMA_ABSENT:
        return pk_diag_set(diag, NULL, 0, "Run `pgknob tpcc load --warehouses N` first.",
                           "no TPC-C-derived data in this database (schema \"%s\" does not exist)",
                           TPCC_SCHEMA);
    case TPCC_SCHEMA_LOADING:
        return pk_diag_set(diag, NULL, 0,
                           "A load was interrupted or failed; run `pgknob tpcc load --drop` "
                           "again.",
                           "schema \"%s\" is incompletely loaded", TPCC_SCHEMA);
    case TPCC_SCHEMA_FOREIGN: break;
    }
    return pk_diag_set(diag, NULL, 0,
                       "Drop it or use another database; `pgknob tpcc load --drop` replaces it.",
                       "schema \"%s\" exists but was not loaded by pgknob", TPCC_SCHEMA);
}
