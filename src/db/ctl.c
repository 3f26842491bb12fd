#include "db/ctl.h"

#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/redact.h"
#include "common/xalloc.h"

struct DbCtl {
    PGconn *conn;
};

/* The message of the last failure on conn, trimmed. Caller frees. */
static char *conn_error(const PGconn *conn)
{
    const char *msg = conn ? PQerrorMessage(conn) : "out of memory";
    size_t len = strlen(msg);
    while (len > 0 && (msg[len - 1] == '\n' || msg[len - 1] == ' '))
        len--;
    return xstrndup(msg, len);
}

static bool fail(const DbCtl *ctl, PkDiag *diag, const char *context)
{
    char *err = conn_error(ctl ? ctl->conn : NULL);
    if (context)
        pk_diag_set(diag, NULL, 0, NULL, "%s: %s", context, err);
    else
        pk_diag_set(diag, NULL, 0, NULL, "%s", err);
    free(err);
    return false;
}

DbCtl *dbctl_connect(const char *conninfo, PkDiag *diag)
{
    PGconn *conn = PQconnectdb(conninfo);
    if (PQstatus(conn) != CONNECTION_OK) {
        /* libpq's parse errors quote the connection string, password and all */
        char *err = conn_error(conn);
        Redaction secrets = {0};
        redaction_add_conninfo(&secrets, conninfo);
        char *clean = redact_text(&secrets, err);
        pk_diag_set(diag, NULL, 0, NULL, "could not connect to the server: %s", clean);
        free(clean);
        arena_free(secrets.arena);
        free(err);
        PQfinish(conn);
        return NULL;
    }
    PQsetNoticeProcessor(conn, NULL, NULL);
    DbCtl *ctl = xcalloc(1, sizeof(DbCtl));
    ctl->conn = conn;
    char sql[160];
    snprintf(sql, sizeof(sql), "SET statement_timeout = %d; SET lock_timeout = %d",
             DBCTL_STATEMENT_TIMEOUT_MS, DBCTL_LOCK_TIMEOUT_MS);
    PkDiag err = PK_DIAG_INIT;
    if (!dbctl_exec(ctl, sql, &err)) {
        pk_diag_set(diag, NULL, 0, NULL, "could not set up the control session: %s", err.message);
        pk_diag_free(&err);
        dbctl_close(ctl);
        return NULL;
    }
    return ctl;
}

void dbctl_close(DbCtl *ctl)
{
    if (!ctl)
        return;
    PQfinish(ctl->conn);
    free(ctl);
}

bool dbctl_alive(DbCtl *ctl)
{
    if (!ctl || PQstatus(ctl->conn) != CONNECTION_OK)
        return false;
    return dbctl_exec(ctl, "SELECT 1", NULL);
}

int dbctl_server_version(const DbCtl *ctl)
{
    return ctl ? PQserverVersion(ctl->conn) : 0;
}

const char *dbctl_host(const DbCtl *ctl)
{
    const char *host = ctl ? PQhost(ctl->conn) : NULL;
    return host ? host : "";
}

const char *dbctl_user(const DbCtl *ctl)
{
    const char *user = ctl ? PQuser(ctl->conn) : NULL;
    return user ? user : "";
}

const char *dbctl_dbname(const DbCtl *ctl)
{
    const char *db = ctl ? PQdb(ctl->conn) : NULL;
    return db ? db : "";
}

char *dbctl_value(DbCtl *ctl, const char *sql, PkDiag *diag)
{
    PGresult *res = PQexec(ctl->conn, sql);
    char *value = NULL;
    if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 && PQnfields(res) >= 1)
        value = xstrdup(PQgetisnull(res, 0, 0) ? "" : PQgetvalue(res, 0, 0));
    else if (PQresultStatus(res) == PGRES_TUPLES_OK)
        pk_diag_set(diag, NULL, 0, NULL, "expected one row, got %d", PQntuples(res));
    else
        fail(ctl, diag, NULL);
    PQclear(res);
    return value;
}

bool dbctl_exec(DbCtl *ctl, const char *sql, PkDiag *diag)
{
    PGresult *res = PQexec(ctl->conn, sql);
    ExecStatusType status = PQresultStatus(res);
    bool ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
    if (!ok)
        fail(ctl, diag, NULL);
    PQclear(res);
    return ok;
}

bool dbctl_doubles(DbCtl *ctl, const char *sql, double *out, int n, PkDiag *diag)
{
    PGresult *res = PQexec(ctl->conn, sql);
    bool ok = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 && PQnfields(res) == n;
    if (ok) {
        for (int col = 0; col < n; col++)
            out[col] = PQgetisnull(res, 0, col) ? 0 : strtod(PQgetvalue(res, 0, col), NULL);
    } else if (PQresultStatus(res) == PGRES_TUPLES_OK) {
        pk_diag_set(diag, NULL, 0, NULL, "expected one row of %d columns", n);
    } else {
        fail(ctl, diag, NULL);
    }
    PQclear(res);
    return ok;
}

bool dbctl_rows(DbCtl *ctl, const char *sql, DbCtlRows *out, PkDiag *diag)
{
    memset(out, 0, sizeof(*out));
    PGresult *res = PQexec(ctl->conn, sql);
    if (PQresultStatus(res) != PGRES_TUPLES_OK) {
        fail(ctl, diag, NULL);
        PQclear(res);
        return false;
    }
    out->n_rows = PQntuples(res);
    out->n_cols = PQnfields(res);
    size_t n = (size_t)out->n_rows * (size_t)out->n_cols;
    out->arena = arena_new();
    out->cells = arena_array(out->arena, n ? n : 1, sizeof(char *));
    for (int row = 0; row < out->n_rows; row++)
        for (int col = 0; col < out->n_cols; col++)
            out->cells[(size_t)row * (size_t)out->n_cols + (size_t)col] =
                arena_strdup(out->arena, PQgetvalue(res, row, col));
    PQclear(res);
    return true;
}

const char *dbctl_cell(const DbCtlRows *rows, int row, int col)
{
    if (row < 0 || row >= rows->n_rows || col < 0 || col >= rows->n_cols)
        return "";
    return rows->cells[(size_t)row * (size_t)rows->n_cols + (size_t)col];
}

bool dbctl_bytes(DbCtl *ctl, const char *sql, char **data, size_t *len, PkDiag *diag)
{
    *data = NULL;
    *len = 0;
    /* Binary results: the bytes themselves, whatever the session's bytea_output. */
    PGresult *res = PQexecParams(ctl->conn, sql, 0, NULL, NULL, NULL, NULL, 1);
    bool ok = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 &&
              PQnfields(res) == 1 && !PQgetisnull(res, 0, 0);
    if (ok) {
        *len = (size_t)PQgetlength(res, 0, 0);
        *data = xmalloc(*len + 1);
        memcpy(*data, PQgetvalue(res, 0, 0), *len);
        (*data)[*len] = '\0';
    } else {
        fail(ctl, diag, NULL);
    }
    PQclear(res);
    return ok;
}

char *dbctl_ident(DbCtl *ctl, const char *name)
{
    char *quoted = PQescapeIdentifier(ctl->conn, name, strlen(name));
    char *out = xstrdup(quoted ? quoted : "\"\"");
    PQfreemem(quoted);
    return out;
}

char *dbctl_literal(DbCtl *ctl, const char *value)
{
    char *quoted = PQescapeLiteral(ctl->conn, value, strlen(value));
    char *out = xstrdup(quoted ? quoted : "''");
    PQfreemem(quoted);
    return out;
}

char *dbctl_conninfo_value(const char *conninfo, const char *keyword)
{
    char *perr = NULL;
    PQconninfoOption *opts = PQconninfoParse(conninfo, &perr);
    PQfreemem(perr);
    char *found = NULL;
    for (PQconninfoOption *opt = opts; opt && opt->keyword && !found; opt++)
        if (!strcmp(opt->keyword, keyword) && opt->val && *opt->val)
            found = xstrdup(opt->val);
    PQconninfoFree(opts);
    return found;
}

char **dbctl_conninfo_env(const char *conninfo)
{
    char *perr = NULL;
    PQconninfoOption *opts = PQconninfoParse(conninfo, &perr);
    PQfreemem(perr);
    size_t n = 0;
    for (PQconninfoOption *opt = opts; opt && opt->keyword; opt++)
        n++;
    char **env = xcalloc(n + 1, sizeof(*env));
    size_t used = 0;
    for (PQconninfoOption *opt = opts; opt && opt->keyword; opt++)
        if (opt->envvar && opt->val && *opt->val)
            env[used++] = xasprintf("%s=%s", opt->envvar, opt->val);
    PQconninfoFree(opts);
    return env;
}
