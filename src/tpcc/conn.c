#include "tpcc/conn.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/redact.h"
#include "tpcc/schema.h"

void tpcc_error_set(TpccError *err, TpccStatus status, const char *hint, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err->status = status;
    vsnprintf(err->message, sizeof(err->message), fmt, ap);
    va_end(ap);
    snprintf(err->hint, sizeof(err->hint), "%s", hint ? hint : "");
}

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

PGconn *tpcc_connect(const char *conninfo, TpccError *err)
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
        tpcc_error_set(err, TPCC_ERR_CONNECT,
                       "Give a connection string or URI, or set PGHOST, PGPORT, PGUSER and "
                       "PGDATABASE.",
                       "could not connect to the server: %s", clean);
        free(clean);
        redaction_free(&secrets);
        PQfinish(conn);
        return NULL;
    }
    PQsetNoticeProcessor(conn, notice_ignore, NULL);
    if (!tpcc_exec(conn, "SET search_path = " TPCC_SCHEMA, err)) {
        PQfinish(conn);
        return NULL;
    }
    return conn;
}

static bool result_failed(PGconn *conn, PGresult *res, ExecStatusType want, TpccError *err)
{
    if (res && PQresultStatus(res) == want)
        return false;
    if (PQstatus(conn) != CONNECTION_OK) {
        char msg[400];
        tpcc_conn_message(conn, msg, sizeof(msg));
        tpcc_error_set(err, TPCC_ERR_CONNECT, NULL, "lost the connection to the server: %s", msg);
        return true;
    }
    const char *msg = res ? PQresultErrorMessage(res) : PQerrorMessage(conn);
    size_t n = strcspn(msg, "\n");
    tpcc_error_set(err, TPCC_ERR_SERVER, NULL, "server error: %.*s", (int)n, msg);
    return true;
}

bool tpcc_exec(PGconn *conn, const char *sql, TpccError *err)
{
    PGresult *res = PQexec(conn, sql);
    bool failed = result_failed(conn, res, PGRES_COMMAND_OK, err);
    PQclear(res);
    return !failed;
}

PGresult *tpcc_query(PGconn *conn, const char *sql, TpccError *err)
{
    PGresult *res = PQexec(conn, sql);
    if (result_failed(conn, res, PGRES_TUPLES_OK, err)) {
        PQclear(res);
        return NULL;
    }
    return res;
}

double tpcc_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bool tpcc_schema_read(PGconn *conn, TpccSchemaInfo *info, TpccError *err)
{
    memset(info, 0, sizeof(*info));
    PGresult *res = tpcc_query(conn,
                               "SELECT coalesce(obj_description(oid, 'pg_namespace'), '')"
                               " FROM pg_namespace WHERE nspname = '" TPCC_SCHEMA "'",
                               err);
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

bool tpcc_schema_require(PGconn *conn, TpccSchemaInfo *info, TpccError *err)
{
    if (!tpcc_schema_read(conn, info, err))
        return false;
    switch (info->state) {
    case TPCC_SCHEMA_COMPLETE:
        return true;
    case TPCC_SCHEMA_ABSENT:
        tpcc_error_set(err, TPCC_ERR_NO_SCHEMA, "Run `pgknob tpcc load --warehouses N` first.",
                       "no TPC-C data in this database (schema \"%s\" does not exist)",
                       TPCC_SCHEMA);
        return false;
    case TPCC_SCHEMA_LOADING:
        tpcc_error_set(err, TPCC_ERR_SCHEMA,
                       "A load was interrupted or failed; run `pgknob tpcc load --drop` again.",
                       "schema \"%s\" is incompletely loaded", TPCC_SCHEMA);
        return false;
    case TPCC_SCHEMA_FOREIGN:
        break;
    }
    tpcc_error_set(err, TPCC_ERR_SCHEMA,
                   "Drop it or use another database; `pgknob tpcc load --drop` replaces it.",
                   "schema \"%s\" exists but was not loaded by pgknob", TPCC_SCHEMA);
    return false;
}
