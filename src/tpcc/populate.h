/* The initial population of clause 4.3, written as COPY rows. Each table of each warehouse has
 * its own random stream derived from the seed, so the rows do not depend on how warehouses are
 * spread over loader jobs. */
#ifndef PK_TPCC_POPULATE_H
#define PK_TPCC_POPULATE_H

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "common/signals.h"

#include "tpcc/copy.h"

typedef struct TpccPopulate {
    TpccCopy *copy;
    uint64_t seed;
    int c_last_load;
    const char *timestamp;          /* "YYYY-MM-DD HH:MM:SS", the load time */
    PkStopFlag *stop;               /* user interrupt, may be NULL */
    atomic_int *abort;              /* another job failed */
    _Atomic int64_t *progress_rows; /* shared counters for the progress bar */
    _Atomic int64_t *progress_bytes;
    bool interrupted;        /* out: stopped by *stop or *abort */
    int64_t bytes_published; /* of copy->bytes, already added to progress_bytes */
} TpccPopulate;

/* Rows of one warehouse (stock, district, customer, history, orders, new_order, order_line
 * included) and of the item table; the exact order_line count varies with o_ol_cnt. */
#define TPCC_ROWS_PER_WAREHOUSE_APPROX 499011
#define TPCC_ITEMS 100000
#define TPCC_CUSTOMERS_PER_DISTRICT 3000
#define TPCC_DISTRICTS 10

bool tpcc_populate_items(TpccPopulate *pop);
bool tpcc_populate_warehouse(TpccPopulate *pop, int w_id);

#endif
