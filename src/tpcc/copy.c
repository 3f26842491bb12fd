#include "tpcc/copy.h"

#include <stdio.h>
#include <string.h>

#include "tpcc/digits.h"

#define COPY_ROW_MAX 2048 /* longest row we generate is about 750 bytes */

void tpcc_copy_init(TpccCopy *copy, PGconn *conn)
{
    memset(copy, 0, sizeof(*copy));
    copy->conn = conn;
}

static void copy_fail(TpccCopy *copy, const char *what)
{
    const char *msg = PQerrorMessage(copy->conn);
    snprintf(copy->message, sizeof(copy->message), "%s: %.*s", what, (int)strcspn(msg, "\n"), msg);
    copy->failed = true;
}

bool tpcc_copy_begin(TpccCopy *copy, const char *copy_sql)
{
    copy->len = 0;
    copy->rows = copy->bytes = 0;
    copy->failed = false;
    PGresult *res = PQexec(copy->conn, copy_sql);
    if (PQresultStatus(res) != PGRES_COPY_IN)
        copy_fail(copy, "could not start COPY");
    PQclear(res);
    return !copy->failed;
}

void tpcc_copy_int(TpccCopy *copy, int64_t value)
{
    char *end = tpcc_put_int(copy->buf + copy->len, value);
    *end++ = '\t';
    copy->len = (size_t)(end - copy->buf);
}

void tpcc_copy_decimal(TpccCopy *copy, int64_t value, int scale)
{
    char *end = tpcc_put_decimal(copy->buf + copy->len, value, scale);
    *end++ = '\t';
    copy->len = (size_t)(end - copy->buf);
}

void tpcc_copy_str(TpccCopy *copy, const char *text, size_t len)
{
    memcpy(copy->buf + copy->len, text, len);
    copy->len += len;
    copy->buf[copy->len++] = '\t';
}

void tpcc_copy_cstr(TpccCopy *copy, const char *text)
{
    tpcc_copy_str(copy, text, strlen(text));
}

void tpcc_copy_null(TpccCopy *copy)
{
    tpcc_copy_str(copy, "\\N", 2);
}

static bool copy_flush(TpccCopy *copy)
{
    if (copy->failed)
        return false;
    if (copy->len && PQputCopyData(copy->conn, copy->buf, (int)copy->len) != 1)
        copy_fail(copy, "could not send COPY data");
    copy->bytes += (int64_t)copy->len;
    copy->len = 0;
    return !copy->failed;
}

bool tpcc_copy_row_end(TpccCopy *copy)
{
    copy->buf[copy->len - 1] = '\n';
    copy->rows++;
    if (copy->len + COPY_ROW_MAX > sizeof(copy->buf))
        return copy_flush(copy);
    return !copy->failed;
}

bool tpcc_copy_end(TpccCopy *copy, const char *abort_reason)
{
    if (!abort_reason)
        copy_flush(copy);
    if (PQputCopyEnd(copy->conn, copy->failed ? "send failed" : abort_reason) != 1 && !copy->failed)
        copy_fail(copy, "could not end COPY");
    PGresult *res;
    bool ok = !copy->failed && !abort_reason;
    while ((res = PQgetResult(copy->conn)) != NULL) {
        if (PQresultStatus(res) != PGRES_COMMAND_OK && ok) {
            const char *msg = PQresultErrorMessage(res);
            snprintf(copy->message, sizeof(copy->message), "COPY failed: %.*s",
                     (int)strcspn(msg, "\n"), msg);
            copy->failed = true;
            ok = false;
        }
        PQclear(res);
    }
    return ok;
}
