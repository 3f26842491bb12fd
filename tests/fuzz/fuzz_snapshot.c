/* libFuzzer target for the snapshot reader (`pgknob audit --from FILE`: a JSON document written
 * by psql or by hand, which a user may hand any file): opening it, then every query of the table
 * answered from it twice (a sampled query has several results), every cell read as text, number
 * and boolean. The input is given without a terminating NUL, so reading past its length is
 * caught. Built by tests/fuzz/run.sh. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/queries.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void read_all(const DbResult *res)
{
    for (int row = 0; row < res->n_rows; row++)
        for (int col = 0; col < res->n_cols + 1; col++) {
            const char *text = db_text(res, row, col);
            if (text)
                (void)strlen(text);
            (void)db_num(res, row, col, 0);
            (void)db_bool(res, row, col, false);
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    PkDiag diag = PK_DIAG_INIT;
    DbConn *conn = db_replay_open("fuzz.json", text, size, &diag);
    if (conn) {
        size_t n;
        const DbQuery *table = db_query_table(&n);
        for (int round = 0; round < 2; round++)
            for (size_t idx = 0; idx < n; idx++) {
                DbResult res;
                (void)db_run(conn, table[idx].id, &res);
                read_all(&res);
                db_result_free(&res);
            }
        double seconds, elapsed;
        int interval, samples;
        (void)db_replay_sample(conn, &seconds, &interval, &elapsed, &samples);
        db_close(conn);
    }
    pk_diag_free(&diag);
    free(text);
    return 0;
}
