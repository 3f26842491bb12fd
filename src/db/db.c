/* libpq for pgknob audit: connect with every libpq convention, a read-only session with timeouts,
 * and queries from the versioned table sent with PQsendQuery, awaited with a deadline and
 * cancelled with PQcancel when it passes. Every failure becomes a value, never an exit. */
#include "db/db.h"

#include <ctype.h>
#include <errno.h>
#include <libpq-fe.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/clock.h"
#include "common/redact.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "db/queries.h"

/* Builtin type OIDs (pg_type.dat): stable across versions. */
#define OID_BOOL 16
#define OID_INT8 20
#define OID_TEXT 25
#define OID_FLOAT8 701

/* How long past statement_timeout the client waits before cancelling itself, and then how long
 * it waits for the cancelled query to end before giving the connection up. */
#define CLIENT_GRACE_MS 2000
#define CANCEL_WAIT_MS 3000

#include "db/db_internal.h"

static long long now_ms(void)
{
    return (long long)(pk_clock_now() * 1000);
}

/* libpq messages are multi-line ("connection to server … failed: FATAL:  …\n"): one line. */
static char *one_line(const char *msg)
{
    StrBuf sb = STRBUF_INIT;
    bool pending_space = false;
    for (const char *p = msg ? msg : ""; *p; p++) {
        if (*p == '\n' || *p == '\r' || *p == '\t' || *p == ' ') {
            pending_space = sb.len > 0;
            continue;
        }
        if (pending_space)
            sb_putc(&sb, ' ');
        pending_space = false;
        sb_putc(&sb, *p);
    }
    return sb.len ? sb_detach(&sb) : xstrdup("unknown error");
}

static char *connect_hint(const char *msg)
{
    if (strstr(msg, "password authentication failed") || strstr(msg, "no password supplied"))
        return xstrdup("Check the password (PGPASSWORD, ~/.pgpass or the connection string) "
                       "and the server's pg_hba.conf.");
    if (strstr(msg, "server does not support SSL"))
        return xstrdup("The server does not offer SSL (ssl = off): enable SSL on the server, or "
                       "connect with sslmode=prefer if an unencrypted connection is acceptable.");
    if (strstr(msg, "no encryption") || strstr(msg, "SSL") || strstr(msg, "ssl"))
        return xstrdup("The server may require SSL: add sslmode=require (or verify-full) to the "
                       "connection string, or check the certificate settings.");
    if (strstr(msg, "Connection refused") || strstr(msg, "No such file or directory") ||
        strstr(msg, "could not translate host name") || strstr(msg, "timeout expired"))
        return xstrdup("Is the server running and accepting connections on that host and port?");
    if (strstr(msg, "does not exist"))
        return xstrdup("Name an existing database and role in the connection string.");
    return NULL;
}

static bool session_setup(DbConn *conn, PkDiag *diag)
{
    char sql[400];
    /* Read-only first: nothing this session runs can write, whatever a query says. */
    snprintf(sql, sizeof(sql),
             "SET default_transaction_read_only = on; SET statement_timeout = %d; "
             "SET lock_timeout = %d; SET idle_in_transaction_session_timeout = %d",
             conn->statement_timeout_ms, conn->lock_timeout_ms, conn->statement_timeout_ms * 2);
    conn->n_queries++;
    PGresult *res = PQexec(conn->pg, sql);
    bool ok = PQresultStatus(res) == PGRES_COMMAND_OK;
    if (!ok) {
        char *line = one_line(PQerrorMessage(conn->pg));
        pk_diag_set(diag, NULL, 0, NULL, "could not set up the read-only session: %s", line);
        free(line);
    }
    PQclear(res);
    return ok;
}

DbConn *db_connect(const DbConnectOpts *opts, PkDiag *diag)
{
    const char *keys[4], *vals[4];
    int n_params = 0;
    /* Keywords are applied in order: the user's conninfo may set connect_timeout, but
     * application_name is always ours so a DBA can see (and tests can find) the session. */
    if (!getenv("PGCONNECT_TIMEOUT")) {
        keys[n_params] = "connect_timeout";
        vals[n_params++] = "10";
    }
    if (opts->conninfo) {
        keys[n_params] = "dbname";
        vals[n_params++] = opts->conninfo;
    }
    keys[n_params] = "application_name";
    vals[n_params++] = "pgknob";
    keys[n_params] = vals[n_params] = NULL;
    PGconn *pg = PQconnectdbParams(keys, vals, 1);
    if (!pg || PQstatus(pg) != CONNECTION_OK) {
        char *raw = one_line(pg ? PQerrorMessage(pg) : "out of memory");
        /* libpq's parse errors quote the connection string, password and all */
        Redaction secrets = {0};
        redaction_add_conninfo(&secrets, opts->conninfo);
        char *line = redact_text(&secrets, raw);
        arena_free(secrets.arena);
        free(raw);
        char *hint = connect_hint(line);
        pk_diag_set(diag, NULL, 0, hint, "could not connect to the server: %s", line);
        free(hint);
        free(line);
        PQfinish(pg);
        return NULL;
    }
    DbConn *conn = xcalloc(1, sizeof(*conn));
    conn->pg = pg;
    conn->version_num = PQserverVersion(pg);
    conn->statement_timeout_ms = opts->statement_timeout_ms > 0 ? opts->statement_timeout_ms : 5000;
    conn->lock_timeout_ms = opts->lock_timeout_ms > 0 ? opts->lock_timeout_ms : 1000;
    if (!session_setup(conn, diag)) {
        db_close(conn);
        return NULL;
    }
    return conn;
}

void db_close(DbConn *conn)
{
    if (!conn)
        return;
    PQfinish(conn->pg);
    db_replay_release(conn);
    free(conn);
}

int db_server_version_num(const DbConn *conn)
{
    return conn->version_num;
}

size_t db_query_count(const DbConn *conn)
{
    return conn->n_queries;
}

bool db_alive(const DbConn *conn)
{
    if (conn->replay)
        return true;
    return !conn->lost && PQstatus(conn->pg) == CONNECTION_OK;
}

bool db_is_local(const DbConn *conn)
{
    if (!conn->pg)
        return false; /* a snapshot file: where its server runs is unknown */
    const char *host = PQhost(conn->pg);
    if (!host || !*host || host[0] == '/' || host[0] == '@')
        return true; /* Unix-domain socket */
    if (!strcmp(host, "localhost") || !strncmp(host, "127.", 4) || !strcmp(host, "::1"))
        return true;
    const char *addr = PQhostaddr(conn->pg);
    if (addr && (!strncmp(addr, "127.", 4) || !strcmp(addr, "::1")))
        return true;
    return false;
}

char *db_describe(const DbConn *conn)
{
    if (!conn->pg)
        return xstrdup(conn->target ? conn->target : "snapshot");
    return xasprintf("%s:%s/%s", PQhost(conn->pg), PQport(conn->pg), PQdb(conn->pg));
}

/* Waits until libpq has a whole result or `deadline` passes. */
typedef enum WaitOutcome { WAIT_READY, WAIT_TIMEOUT, WAIT_LOST } WaitOutcome;

static WaitOutcome wait_result(PGconn *pg, long long deadline)
{
    while (PQisBusy(pg)) {
        long long left = deadline - now_ms();
        if (left <= 0)
            return WAIT_TIMEOUT;
        struct pollfd pfd = {.fd = PQsocket(pg), .events = POLLIN};
        if (pfd.fd < 0)
            return WAIT_LOST;
        int rc = poll(&pfd, 1, left > 1000 ? 1000 : (int)left);
        if (rc < 0 && errno != EINTR)
            return WAIT_LOST;
        if (rc > 0 && !PQconsumeInput(pg))
            return WAIT_LOST;
    }
    return WAIT_READY;
}

static void cancel_query(PGconn *pg)
{
    char errbuf[256];
    PGcancel *cancel = PQgetCancel(pg);
    if (cancel) {
        PQcancel(cancel, errbuf, sizeof(errbuf));
        PQfreeCancel(cancel);
    }
}

/* Takes the query's result (the first one) and drains the rest, as libpq requires. */
static PGresult *take_result(PGconn *pg)
{
    PGresult *first = PQgetResult(pg), *more;
    while ((more = PQgetResult(pg)) != NULL)
        PQclear(more);
    return first;
}

void db_set_failure(DbResult *out, DbStatus status, char *why)
{
    out->status = status;
    out->error = why;
}

static bool type_matches(char declared, Oid actual)
{
    switch (declared) {
    case 't': return actual == OID_TEXT;
    case 'i': return actual == OID_INT8;
    case 'f': return actual == OID_FLOAT8;
    case 'b': return actual == OID_BOOL;
    default: return false;
    }
}

static bool check_shape(const DbQuery *query, PGresult *res, DbResult *out)
{
    int n_cols = PQnfields(res), n_rows = PQntuples(res);
    if ((size_t)n_cols != strlen(query->types)) {
        db_set_failure(out, DB_SHAPE,
                       xasprintf("query \"%s\" returned %d columns, expected %zu", query->id,
                                 n_cols, strlen(query->types)));
        return false;
    }
    for (int col = 0; col < n_cols; col++)
        if (!type_matches(query->types[col], PQftype(res, col))) {
            db_set_failure(out, DB_SHAPE,
                           xasprintf("query \"%s\" column %d has type oid %u, "
                                     "expected '%c'",
                                     query->id, col + 1, PQftype(res, col), query->types[col]));
            return false;
        }
    if (query->shape == DB_SHAPE_ONE_ROW && n_rows != 1) {
        db_set_failure(out, DB_SHAPE,
                       xasprintf("query \"%s\" returned %d rows, expected one", query->id, n_rows));
        return false;
    }
    out->n_rows = n_rows;
    out->n_cols = n_cols;
    return true;
}

static bool classify_error(DbConn *conn, PGresult *res, DbResult *out)
{
    const char *state = PQresultErrorField(res, PG_DIAG_SQLSTATE);
    const char *primary = PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY);
    char *why = one_line(primary ? primary : PQerrorMessage(conn->pg));
    out->sqlstate = xstrdup(state);
    if (PQstatus(conn->pg) != CONNECTION_OK ||
        (state && (!strncmp(state, "57P", 3) || !strncmp(state, "08", 2)))) {
        conn->lost = true;
        db_set_failure(out, DB_CONN_LOST, xasprintf("connection lost: %s", why));
        free(why);
    } else if (state && !strcmp(state, "57014"))
        db_set_failure(out, DB_TIMEOUT, why);
    else
        db_set_failure(out, DB_ERROR, why);
    return false;
}

static bool finish_query(DbConn *conn, const DbQuery *query, DbResult *out)
{
    PGresult *res = take_result(conn->pg);
    if (!res) {
        conn->lost = true;
        char *why = one_line(PQerrorMessage(conn->pg));
        db_set_failure(out, DB_CONN_LOST, xasprintf("connection lost: %s", why));
        free(why);
        return false;
    }
    out->pg = res;
    if (PQresultStatus(res) != PGRES_TUPLES_OK)
        return classify_error(conn, res, out);
    if (!check_shape(query, res, out))
        return false;
    out->status = DB_OK;
    return true;
}

static bool send_and_wait(DbConn *conn, const DbQuery *query, DbResult *out)
{
    conn->n_queries++;
    if (!PQsendQuery(conn->pg, query->sql)) {
        conn->lost = PQstatus(conn->pg) != CONNECTION_OK;
        char *why = one_line(PQerrorMessage(conn->pg));
        db_set_failure(out, conn->lost ? DB_CONN_LOST : DB_ERROR,
                       xasprintf("could not send the query: %s", why));
        free(why);
        return false;
    }
    int limit_ms = conn->statement_timeout_ms + CLIENT_GRACE_MS;
    WaitOutcome outcome = wait_result(conn->pg, now_ms() + limit_ms);
    bool cancelled = outcome == WAIT_TIMEOUT;
    if (cancelled) {
        cancel_query(conn->pg);
        outcome = wait_result(conn->pg, now_ms() + CANCEL_WAIT_MS);
        if (outcome == WAIT_TIMEOUT) {
            conn->lost = true; /* a session that ignores a cancel is not worth keeping */
            db_set_failure(out, DB_TIMEOUT,
                           xasprintf("no answer within %d ms, even after a cancel "
                                     "request",
                                     limit_ms));
            return false;
        }
    }
    if (outcome == WAIT_LOST) {
        conn->lost = true;
        char *why = one_line(PQerrorMessage(conn->pg));
        db_set_failure(out, DB_CONN_LOST, xasprintf("connection lost: %s", why));
        free(why);
        return false;
    }
    if (finish_query(conn, query, out))
        return true;
    if (cancelled && out->status == DB_TIMEOUT) { /* our cancel, not the server's timeout */
        free(out->error);
        out->error = xasprintf("no answer within %d ms: cancelled", limit_ms);
    }
    return false;
}

bool db_run(DbConn *conn, const char *id, DbResult *out)
{
    memset(out, 0, sizeof(*out));
    const DbQuery *query = db_query_find(id, conn->version_num);
    if (!query) {
        db_set_failure(out, DB_NOT_APPLICABLE,
                       xasprintf(db_query_known(id) ? "not available on PostgreSQL %d"
                                                    : "unknown query for PostgreSQL %d",
                                 conn->version_num / 10000));
        return false;
    }
    if (conn->replay)
        return db_replay_run(conn, query, out);
    if (!db_alive(conn)) {
        db_set_failure(out, DB_CONN_LOST, xstrdup("the connection to the server was lost"));
        return false;
    }
    bool ok = send_and_wait(conn, query, out);
    if (conn->record)
        db_record_result(conn, query, out);
    return ok;
}

void db_result_free(DbResult *res)
{
    if (res->pg)
        PQclear(res->pg);
    json_decref(res->rows);
    free(res->error);
    free(res->sqlstate);
    memset(res, 0, sizeof(*res));
}

bool db_is_null(const DbResult *res, int row, int col)
{
    if (row < 0 || col < 0 || row >= res->n_rows || col >= res->n_cols)
        return true;
    if (res->rows) /* a snapshot's cell: a string, or null */
        return !json_is_string(json_array_get(json_array_get(res->rows, (size_t)row), (size_t)col));
    return !res->pg || PQgetisnull(res->pg, row, col);
}

const char *db_text(const DbResult *res, int row, int col)
{
    if (db_is_null(res, row, col))
        return NULL;
    if (res->rows)
        return json_string_value(
            json_array_get(json_array_get(res->rows, (size_t)row), (size_t)col));
    return PQgetvalue(res->pg, row, col);
}

double db_num(const DbResult *res, int row, int col, double fallback)
{
    const char *text = db_text(res, row, col);
    if (!text)
        return fallback;
    char *end;
    double val = strtod(text, &end);
    return end == text ? fallback : val;
}

bool db_bool(const DbResult *res, int row, int col, bool fallback)
{
    const char *text = db_text(res, row, col);
    return text ? text[0] == 't' : fallback; /* "t" from libpq, "true" from a snapshot */
}
