#include "db/stmt_loop.h"

#include <libpq-fe.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

struct DbStmtLoop {
    PGconn *conn;
    PGcancel *cancel;
};

static void set_conn_error(PGconn *conn, PkDiag *diag)
{
    const char *msg = PQerrorMessage(conn);
    size_t len = strlen(msg);
    while (len > 0 && (msg[len - 1] == '\n' || msg[len - 1] == ' '))
        len--;
    pk_diag_set(diag, NULL, 0, NULL, "%.*s", (int)len, msg);
}

DbStmtLoop *dbloop_open(const char *conninfo, const char *sql, PkDiag *diag)
{
    PGconn *conn = PQconnectdb(conninfo);
    PGresult *res = PQstatus(conn) == CONNECTION_OK ? PQprepare(conn, "q", sql, 0, NULL) : NULL;
    if (!res || PQresultStatus(res) != PGRES_COMMAND_OK) {
        set_conn_error(conn, diag);
        PQclear(res);
        PQfinish(conn);
        return NULL;
    }
    PQclear(res);
    DbStmtLoop *loop = xcalloc(1, sizeof(DbStmtLoop));
    loop->conn = conn;
    loop->cancel = PQgetCancel(conn);
    return loop;
}

DbLoopStatus dbloop_run(DbStmtLoop *loop, PkDiag *diag)
{
    PGresult *res = PQexecPrepared(loop->conn, "q", 0, NULL, NULL, NULL, 0);
    DbLoopStatus status = PQresultStatus(res) == PGRES_TUPLES_OK ? DBLOOP_OK : DBLOOP_FAILED;
    if (status != DBLOOP_OK && PQstatus(loop->conn) != CONNECTION_OK) {
        set_conn_error(loop->conn, diag);
        status = DBLOOP_LOST;
    }
    PQclear(res);
    return status;
}

void dbloop_cancel(DbStmtLoop *loop)
{
    char errbuf[256];
    if (loop && loop->cancel)
        PQcancel(loop->cancel, errbuf, sizeof(errbuf));
}

void dbloop_close(DbStmtLoop *loop)
{
    if (!loop)
        return;
    PQfreeCancel(loop->cancel);
    PQfinish(loop->conn);
    free(loop);
}
