/* Buffered COPY FROM STDIN in text format for the loader: fields are appended with their tab,
 * rows end with a newline, and the buffer goes out with PQputCopyData when nearly full. Values
 * are generated as [0-9A-Za-z] and digits only, so no escaping is needed. */
#ifndef PK_TPCC_COPY_H
#define PK_TPCC_COPY_H

#include <libpq-fe.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TPCC_COPY_BUF_SIZE (256 * 1024)

/* The buffer is inline (a quarter megabyte): the caller allocates the struct and frees it. */
typedef struct TpccCopy {
    PGconn *conn;
    char buf[TPCC_COPY_BUF_SIZE];
    size_t len;
    int64_t rows;  /* rows since begin */
    int64_t bytes; /* bytes sent since begin */
    bool failed;
    char message[300];
} TpccCopy;

void tpcc_copy_init(TpccCopy *copy, PGconn *conn);
bool tpcc_copy_begin(TpccCopy *copy, const char *copy_sql);
void tpcc_copy_int(TpccCopy *copy, int64_t value);
/* value / 10^scale with exactly `scale` decimals, e.g. (1234, 2) -> "12.34" */
void tpcc_copy_decimal(TpccCopy *copy, int64_t value, int scale);
void tpcc_copy_str(TpccCopy *copy, const char *text, size_t len);
void tpcc_copy_cstr(TpccCopy *copy, const char *text);
void tpcc_copy_null(TpccCopy *copy);
/* Ends the row; sends the buffer when it is nearly full. Returns false once sending failed. */
bool tpcc_copy_row_end(TpccCopy *copy);
/* Finishes the COPY (or aborts it with `abort_reason`), returns true when the server
 * accepted the data. */
bool tpcc_copy_end(TpccCopy *copy, const char *abort_reason);

#endif
