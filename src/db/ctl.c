#include "db/ctl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/redact.h"
#include "common/xalloc.h"

char *dbctl_error(PGconn *conn)
{
    const char *msg = conn ? PQerrorMessage(conn) : "out of memory";
    size_t len = strlen(msg);
    while (len > 0 && (msg[len - 1] == '\n' || msg[len - 1] == ' '))
        len--;
    return xstrndup(msg, len);
}

PGconn *dbctl_connect(const char *conninfo, char **errmsg)
{
    PGconn *conn = PQconnectdb(conninfo);
    if (PQstatus(conn) != CONNECTION_OK) {
        /* libpq's parse errors quote the connection string, password and all */
        char *err = dbctl_error(conn);
        Redaction secrets = {0};
        redaction_add_conninfo(&secrets, conninfo);
        char *clean = redact_text(&secrets, err);
        *errmsg = xasprintf("could not connect to the server: %s", clean);
        free(clean);
        redaction_free(&secrets);
        free(err);
        PQfinish(conn);
        return NULL;
    }
    PQsetNoticeProcessor(conn, NULL, NULL);
    char sql[160];
    snprintf(sql, sizeof(sql), "SET statement_timeout = %d; SET lock_timeout = %d",
             DBCTL_STATEMENT_TIMEOUT_MS, DBCTL_LOCK_TIMEOUT_MS);
    char *err = NULL;
    if (!dbctl_exec(conn, sql, &err)) {
        *errmsg = xasprintf("could not set up the control session: %s", err);
        free(err);
        PQfinish(conn);
        return NULL;
    }
    return conn;
}

char *dbctl_value(PGconn *conn, const char *sql, char **errmsg)
{
    PGresult *res = PQexec(conn, sql);
    char *value = NULL;
    if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 && PQnfields(res) >= 1)
        value = xstrdup(PQgetisnull(res, 0, 0) ? "" : PQgetvalue(res, 0, 0));
    else if (PQresultStatus(res) == PGRES_TUPLES_OK)
        *errmsg = xasprintf("expected one row, got %d", PQntuples(res));
    else
        *errmsg = dbctl_error(conn);
    PQclear(res);
    return value;
}

bool dbctl_exec(PGconn *conn, const char *sql, char **errmsg)
{
    PGresult *res = PQexec(conn, sql);
    ExecStatusType status = PQresultStatus(res);
    bool ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
    if (!ok)
        *errmsg = dbctl_error(conn);
    PQclear(res);
    return ok;
}

bool dbctl_rows(PGconn *conn, const char *sql, DbCtlRows *out, char **errmsg)
{
    memset(out, 0, sizeof(*out));
    PGresult *res = PQexec(conn, sql);
    if (PQresultStatus(res) != PGRES_TUPLES_OK) {
        *errmsg = dbctl_error(conn);
        PQclear(res);
        return false;
    }
    out->n_rows = PQntuples(res);
    out->n_cols = PQnfields(res);
    size_t n = (size_t)out->n_rows * (size_t)out->n_cols;
    out->cells = xcalloc(n ? n : 1, sizeof(char *));
    for (int row = 0; row < out->n_rows; row++)
        for (int col = 0; col < out->n_cols; col++)
            out->cells[(size_t)row * (size_t)out->n_cols + (size_t)col] =
                xstrdup(PQgetvalue(res, row, col));
    PQclear(res);
    return true;
}

const char *dbctl_cell(const DbCtlRows *rows, int row, int col)
{
    if (row < 0 || row >= rows->n_rows || col < 0 || col >= rows->n_cols)
        return "";
    return rows->cells[(size_t)row * (size_t)rows->n_cols + (size_t)col];
}

void dbctl_rows_free(DbCtlRows *rows)
{
    size_t n = (size_t)rows->n_rows * (size_t)rows->n_cols;
    for (size_t idx = 0; rows->cells && idx < n; idx++)
        free(rows->cells[idx]);
    free(rows->cells);
    memset(rows, 0, sizeof(*rows));
}

bool dbctl_bytes(PGconn *conn, const char *sql, char **data, size_t *len, char **errmsg)
{
    *data = NULL;
    *len = 0;
    /* Binary results: the bytes themselves, whatever the session's bytea_output. */
    PGresult *res = PQexecParams(conn, sql, 0, NULL, NULL, NULL, NULL, 1);
    bool ok = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 &&
              PQnfields(res) == 1 && !PQgetisnull(res, 0, 0);
    if (ok) {
        *len = (size_t)PQgetlength(res, 0, 0);
        *data = xmalloc(*len + 1);
        memcpy(*data, PQgetvalue(res, 0, 0), *len);
        (*data)[*len] = '\0';
    } else {
        *errmsg = dbctl_error(conn);
    }
    PQclear(res);
    return ok;
}

char *dbctl_ident(PGconn *conn, const char *name)
{
    char *quoted = PQescapeIdentifier(conn, name, strlen(name));
    char *out = xstrdup(quoted ? quoted : "\"\"");
    PQfreemem(quoted);
    return out;
}

char *dbctl_literal(PGconn *conn, const char *value)
{
    char *quoted = PQescapeLiteral(conn, value, strlen(value));
    char *out = xstrdup(quoted ? quoted : "''");
    PQfreemem(quoted);
    return out;
}
