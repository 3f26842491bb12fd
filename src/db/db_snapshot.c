/* Snapshot documents: a connection that answers db_run from a JSON document (pgknob audit
 * --from), and the recording of a live audit's results into the same document. Every cell of a
 * document is checked against the query's declared column types before the audit sees it, so a
 * damaged or hand-edited file is reported as unavailable evidence, never read as numbers. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/redact.h"
#include "common/xalloc.h"
#include "db/db_internal.h"

#define SNAPSHOT_FORMAT 1

static bool fail(PkDiag *diag, const char *path, int line, const char *what)
{
    return pk_diag_set(diag, path, line,
                       "Give a document written by psql running the script of "
                       "'pgknob audit --collect', or by 'pgknob audit --save'.",
                       "not a pgknob snapshot: %s", what);
}

/* The "results" member: an object of arrays of objects. */
static bool results_valid(json_t *results, const char **why)
{
    const char *id;
    json_t *list;
    if (!json_is_object(results)) {
        *why = "\"results\" is missing or not an object";
        return false;
    }
    json_object_foreach(results, id, list)
    {
        size_t idx;
        json_t *item;
        if (!json_is_array(list)) {
            *why = "a member of \"results\" is not an array";
            return false;
        }
        json_array_foreach(list, idx, item) if (!json_is_object(item))
        {
            *why = "a result in \"results\" is not an object";
            return false;
        }
    }
    return true;
}

DbConn *db_replay_open(const char *path, const char *text, size_t len, PkDiag *diag)
{
    json_error_t err;
    json_t *doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
    if (!doc) {
        char *what = len ? xasprintf("not JSON (%s)", err.text)
                         : xstrdup("the file is empty (did psql fail? see its error output)");
        fail(diag, path, len ? err.line : 0, what);
        free(what);
        return NULL;
    }
    const char *why = NULL;
    json_t *format = json_object_get(doc, "pgknob_snapshot");
    json_t *version = json_object_get(doc, "server_version_num");
    if (!json_is_object(doc))
        why = "the document is not a JSON object";
    else if (!json_is_integer(format))
        why = "\"pgknob_snapshot\" is missing";
    else if (json_integer_value(format) != SNAPSHOT_FORMAT)
        why = "\"pgknob_snapshot\" is a format this pgknob does not know (it reads 1)";
    else if (!json_is_integer(version) || json_integer_value(version) < 90000 ||
             json_integer_value(version) > 9999999)
        why = "\"server_version_num\" is missing or not a server_version_num (180004)";
    if (!why)
        (void)results_valid(json_object_get(doc, "results"), &why);
    if (why) {
        fail(diag, path, 0, why);
        json_decref(doc);
        return NULL;
    }
    DbConn *conn = xcalloc(1, sizeof(*conn));
    conn->doc = doc;
    conn->replay = json_object_get(doc, "results");
    conn->cursor = json_object();
    conn->version_num = (int)json_integer_value(version);
    const char *target = pk_json_get_str(doc, "target");
    conn->target = xstrdup(target ? target : path);
    conn->sample = json_object_get(doc, "sample");
    return conn;
}

bool db_is_replay(const DbConn *conn)
{
    return conn->replay != NULL;
}

bool db_replay_sample(const DbConn *conn, double *seconds, int *interval_ms, double *elapsed_s,
                      int *samples)
{
    if (!conn->replay || !json_is_object(conn->sample))
        return false;
    *seconds = json_number_value(json_object_get(conn->sample, "seconds"));
    /* a hand-edited file may hold any number: one the sampler cannot have written (below 1 ms,
     * past an int, not finite) is taken as missing, never converted out of range */
    double interval = json_number_value(json_object_get(conn->sample, "interval_ms"));
    *interval_ms = interval >= 1 && interval <= INT_MAX ? (int)interval : 100;
    *elapsed_s = json_number_value(json_object_get(conn->sample, "elapsed_s"));
    *samples = (int)json_array_size(json_object_get(conn->replay, "wait_sample"));
    return *samples > 0;
}

static bool cell_fits(char type, const json_t *cell)
{
    if (json_is_null(cell))
        return true;
    if (!json_is_string(cell))
        return false;
    const char *text = json_string_value(cell);
    char *end;
    switch (type) {
    case 'i':
        errno = 0;
        (void)strtoll(text, &end, 10);
        return end != text && *end == '\0' && errno == 0;
    case 'f': (void)strtod(text, &end); return end != text && *end == '\0';
    case 'b':
        return !strcmp(text, "t") || !strcmp(text, "f") || !strcmp(text, "true") ||
               !strcmp(text, "false");
    default: return true;
    }
}

/* The rows of a recorded result, checked against the query's shape and column types. */
static bool replay_rows(const DbQuery *query, json_t *rows, DbResult *out)
{
    size_t n_cols = strlen(query->types), row_idx;
    json_t *row;
    if (!json_is_array(rows) || json_array_size(rows) > 10000000) {
        db_set_failure(
            out, DB_SHAPE,
            xasprintf("the snapshot's result of query \"%s\" has no \"rows\" array", query->id));
        return false;
    }
    json_array_foreach(rows, row_idx, row)
    {
        if (!json_is_array(row) || json_array_size(row) != n_cols) {
            db_set_failure(out, DB_SHAPE,
                           xasprintf("the snapshot's query \"%s\" row %zu does not have %zu "
                                     "columns",
                                     query->id, row_idx + 1, n_cols));
            return false;
        }
        for (size_t col = 0; col < n_cols; col++)
            if (!cell_fits(query->types[col], json_array_get(row, col))) {
                db_set_failure(out, DB_SHAPE,
                               xasprintf("the snapshot's query \"%s\" row %zu column %zu is not "
                                         "of type '%c'",
                                         query->id, row_idx + 1, col + 1, query->types[col]));
                return false;
            }
    }
    if (query->shape == DB_SHAPE_ONE_ROW && json_array_size(rows) != 1) {
        db_set_failure(out, DB_SHAPE,
                       xasprintf("the snapshot's query \"%s\" has %zu rows, expected one",
                                 query->id, json_array_size(rows)));
        return false;
    }
    out->rows = json_incref(rows);
    out->n_rows = (int)json_array_size(rows);
    out->n_cols = (int)n_cols;
    out->status = DB_OK;
    return true;
}

/* The query's next recorded result (a query sampled N times has N). */
bool db_replay_run(DbConn *conn, const DbQuery *query, DbResult *out)
{
    json_t *list = json_object_get(conn->replay, query->id);
    size_t next = (size_t)json_integer_value(json_object_get(conn->cursor, query->id));
    if (next >= json_array_size(list)) {
        db_set_failure(out, DB_ERROR,
                       xasprintf("the snapshot has no%s result of query \"%s\"",
                                 next ? " further" : "", query->id));
        return false;
    }
    json_object_set_new(conn->cursor, query->id, json_integer((json_int_t)next + 1));
    conn->n_queries++;
    json_t *item = json_array_get(list, next);
    json_t *error = json_object_get(item, "error");
    if (error) {
        const char *state = pk_json_get_str(item, "sqlstate");
        DbStatus status = state && !strcmp(state, "57014") ? DB_TIMEOUT
                          : state && (!strncmp(state, "08", 2) || !strncmp(state, "57P", 3))
                              ? DB_CONN_LOST
                              : DB_ERROR;
        db_set_failure(out, status,
                       xstrdup(json_is_string(error) ? json_string_value(error) : "error"));
        out->sqlstate = state ? xstrdup(state) : NULL;
        return false;
    }
    return replay_rows(query, json_object_get(item, "rows"), out);
}

void db_replay_release(DbConn *conn)
{
    json_decref(conn->doc);
    json_decref(conn->cursor);
    json_decref(conn->record);
    if (!conn->doc)
        json_decref(conn->sample);
    free(conn->target);
}

void db_record_start(DbConn *conn)
{
    if (!conn->record)
        conn->record = json_object();
}

void db_record_sample(DbConn *conn, double seconds, int interval_ms, double elapsed_s)
{
    if (!conn->record)
        return;
    json_decref(conn->sample);
    conn->sample = json_object();
    pk_json_set(conn->sample, "seconds", json_real(seconds));
    pk_json_set(conn->sample, "interval_ms", json_integer(interval_ms));
    pk_json_set(conn->sample, "elapsed_s", json_real(elapsed_s));
}

void db_record_result(DbConn *conn, const DbQuery *query, const DbResult *out)
{
    json_t *item = json_object();
    if (out->status == DB_OK) {
        json_t *rows = json_array();
        for (int row = 0; row < out->n_rows; row++) {
            json_t *cells = json_array();
            for (int col = 0; col < out->n_cols; col++)
                json_array_append_new(cells, pk_json_str(db_text(out, row, col)));
            json_array_append_new(rows, cells);
        }
        pk_json_set(item, "rows", rows);
    } else {
        pk_json_set(item, "error", pk_json_str(out->error));
        if (out->sqlstate)
            pk_json_set(item, "sqlstate", pk_json_str(out->sqlstate));
        else if (out->status == DB_TIMEOUT)
            pk_json_set(item, "sqlstate", pk_json_str("57014"));
        else if (out->status == DB_CONN_LOST)
            pk_json_set(item, "sqlstate", pk_json_str("08006"));
    }
    json_t *list = json_object_get(conn->record, query->id);
    if (!list) {
        list = json_array();
        json_object_set_new(conn->record, query->id, list);
    }
    json_array_append_new(list, item);
}

/* A setting whose whole value is a credential (by its name) is replaced whole, as reports do. */
static void redact_settings(const Redaction *redact, json_t *results)
{
    size_t idx;
    json_t *item;
    json_array_foreach(json_object_get(results, "settings"), idx, item)
    {
        size_t row_idx;
        json_t *row;
        json_array_foreach(json_object_get(item, "rows"), row_idx, row)
        {
            const char *name = json_string_value(json_array_get(row, 0));
            const char *value = json_string_value(json_array_get(row, 1));
            if (name && value && *value && redact_name_secret(redact, name))
                json_array_set_new(row, 1, pk_json_str(REDACTED));
        }
    }
}

json_t *db_record_take(DbConn *conn, const Redaction *redact)
{
    if (!conn->record)
        return NULL;
    json_t *doc = json_object();
    pk_json_set(doc, "pgknob_snapshot", json_integer(SNAPSHOT_FORMAT));
    pk_json_set(doc, "server_version_num", json_integer(conn->version_num));
    char *target = db_describe(conn);
    pk_json_set(doc, "target", pk_json_str(target));
    free(target);
    pk_json_set(doc, "collected_by", pk_json_str("pgknob audit --save"));
    if (conn->sample)
        pk_json_set(doc, "sample", json_incref(conn->sample));
    redact_settings(redact, conn->record);
    pk_json_set(doc, "results", conn->record);
    conn->record = NULL;
    redact_json(redact, doc);
    return doc;
}
