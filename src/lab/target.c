#include "lab/target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/xalloc.h"

static char *conn_error(PGconn *conn)
{
    const char *msg = conn ? PQerrorMessage(conn) : "out of memory";
    size_t len = strlen(msg);
    while (len > 0 && (msg[len - 1] == '\n' || msg[len - 1] == ' '))
        len--;
    return xstrndup(msg, len);
}

char *target_query_value(PGconn *conn, const char *sql, char **errmsg)
{
    PGresult *res = PQexec(conn, sql);
    char *value = NULL;
    if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 && PQnfields(res) >= 1)
        value = xstrdup(PQgetisnull(res, 0, 0) ? "" : PQgetvalue(res, 0, 0));
    else
        *errmsg = conn_error(conn);
    PQclear(res);
    return value;
}

bool target_exec(PGconn *conn, const char *sql, char **errmsg)
{
    PGresult *res = PQexec(conn, sql);
    ExecStatusType status = PQresultStatus(res);
    bool ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
    if (!ok)
        *errmsg = conn_error(conn);
    PQclear(res);
    return ok;
}

bool target_connect(LabTarget *target, char **errmsg)
{
    if (target->conn)
        PQfinish(target->conn);
    target->conn = PQconnectdb(target->conninfo);
    if (PQstatus(target->conn) != CONNECTION_OK) {
        char *err = conn_error(target->conn);
        *errmsg = xasprintf("could not connect to the server: %s", err);
        free(err);
        PQfinish(target->conn);
        target->conn = NULL;
        return false;
    }
    PQsetNoticeProcessor(target->conn, NULL, NULL);
    target->version_num = PQserverVersion(target->conn);
    free(target->version);
    target->version = target_query_value(target->conn, "SHOW server_version", errmsg);
    if (!target->version)
        return false;
    target->version[strcspn(target->version, " ")] = '\0';
    return true;
}

bool target_ensure_connected(LabTarget *target, char **errmsg)
{
    if (target->conn && PQstatus(target->conn) == CONNECTION_OK) {
        PGresult *res = PQexec(target->conn, "SELECT 1");
        bool alive = PQresultStatus(res) == PGRES_TUPLES_OK;
        PQclear(res);
        if (alive)
            return true;
    }
    return target_connect(target, errmsg);
}

bool target_restart(LabTarget *target, char **errmsg)
{
    if (target->conn) {
        PQfinish(target->conn);
        target->conn = NULL;
    }
    bool ok;
    if (target->kind == TARGET_THROWAWAY) {
        ok = cluster_restart(target->cluster, errmsg);
    } else if (!target->bindir || !target->datadir) {
        *errmsg = xstrdup("the server must be restarted, and pgknob cannot restart it\n"
                          "hint: Give the server's binaries with --pg-bin on the server's host, "
                          "or leave out settings that need a restart.");
        ok = false;
    } else {
        ok = pg_ctl_restart(target->bindir, target->datadir, errmsg);
    }
    if (ok)
        target->restarts++;
    /* Even a failed restart may have left a server running: try to reconnect either way. */
    char *conn_err = NULL;
    bool connected = target_connect(target, &conn_err);
    if (ok && !connected) {
        *errmsg = conn_err;
        return false;
    }
    free(conn_err);
    return ok;
}

void target_close(LabTarget *target)
{
    if (target->conn)
        PQfinish(target->conn);
    target->conn = NULL;
    free(target->conninfo);
    free(target->bindir);
    free(target->datadir);
    free(target->version);
    target->conninfo = target->bindir = target->datadir = target->version = NULL;
}
