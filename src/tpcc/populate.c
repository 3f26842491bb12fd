#include "tpcc/populate.h"

#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"
#include "tpcc/rand.h"
#include "tpcc/schema.h"

enum {
    STREAM_ITEM = 1,
    STREAM_WAREHOUSE,
    STREAM_STOCK,
    STREAM_CUSTOMER,
    STREAM_HISTORY,
    STREAM_ORDERS,
    STREAM_ORDER_LINE
};

static void stream(TpccRand *rng, const TpccPopulate *pop, int w_id, int table)
{
    tpcc_rand_seed(rng, pop->seed, (uint64_t)w_id * 16 + (uint64_t)table);
}

/* Ends a row; every 1000 rows publishes progress and looks at the stop flags. */
static bool row_end(TpccPopulate *pop)
{
    if (!tpcc_copy_row_end(pop->copy))
        return false;
    if (pop->copy->rows % 1000 == 0) {
        atomic_fetch_add_explicit(pop->progress_rows, 1000, memory_order_relaxed);
        atomic_fetch_add_explicit(pop->progress_bytes, pop->copy->bytes - pop->bytes_published,
                                  memory_order_relaxed);
        pop->bytes_published = pop->copy->bytes;
        if ((pop->stop && *pop->stop) || atomic_load(pop->abort)) {
            pop->interrupted = true;
            return false;
        }
    }
    return true;
}

static bool table_begin(TpccPopulate *pop, const char *table)
{
    pop->bytes_published = 0;
    for (int idx = 0; idx < TPCC_TABLE_COUNT; idx++)
        if (!strcmp(tpcc_tables[idx].name, table))
            return tpcc_copy_begin(pop->copy, tpcc_tables[idx].copy_sql);
    return false;
}

static bool table_end(TpccPopulate *pop, bool ok)
{
    bool sent = tpcc_copy_end(pop->copy, ok ? NULL : "load interrupted");
    atomic_fetch_add_explicit(pop->progress_rows, pop->copy->rows % 1000, memory_order_relaxed);
    atomic_fetch_add_explicit(pop->progress_bytes, pop->copy->bytes - pop->bytes_published,
                              memory_order_relaxed);
    return ok && sent;
}

static void put_astring(TpccPopulate *pop, TpccRand *rng, int min_len, int max_len)
{
    char buf[512];
    tpcc_copy_str(pop->copy, buf, tpcc_rand_astring(rng, buf, min_len, max_len));
}

static void put_nstring(TpccPopulate *pop, TpccRand *rng, int min_len, int max_len)
{
    char buf[32];
    tpcc_copy_str(pop->copy, buf, tpcc_rand_nstring(rng, buf, min_len, max_len));
}

/* street_1, street_2, city, state, zip (clause 4.3.2.7: zip is 4 random digits + "11111") */
static void put_address(TpccPopulate *pop, TpccRand *rng)
{
    put_astring(pop, rng, 10, 20);
    put_astring(pop, rng, 10, 20);
    put_astring(pop, rng, 10, 20);
    char state[2] = {(char)('A' + tpcc_rand_int(rng, 0, 25)),
                     (char)('A' + tpcc_rand_int(rng, 0, 25))};
    tpcc_copy_str(pop->copy, state, 2);
    char zip[9];
    tpcc_rand_nstring(rng, zip, 4, 4);
    memcpy(zip + 4, "11111", 5);
    tpcc_copy_str(pop->copy, zip, 9);
}

bool tpcc_populate_items(TpccPopulate *pop)
{
    TpccRand rng;
    stream(&rng, pop, 0, STREAM_ITEM);
    bool ok = table_begin(pop, "item");
    for (int i_id = 1; ok && i_id <= TPCC_ITEMS; i_id++) {
        char data[64];
        tpcc_copy_int(pop->copy, i_id);
        tpcc_copy_int(pop->copy, tpcc_rand_int(&rng, 1, 10000));
        put_astring(pop, &rng, 14, 24);
        tpcc_copy_decimal(pop->copy, tpcc_rand_int(&rng, 100, 10000), 2);
        tpcc_copy_str(pop->copy, data, tpcc_rand_data(&rng, data));
        ok = row_end(pop);
    }
    return table_end(pop, ok);
}

static bool populate_warehouse_row(TpccPopulate *pop, int w_id)
{
    TpccRand rng;
    stream(&rng, pop, w_id, STREAM_WAREHOUSE);
    if (!table_begin(pop, "warehouse"))
        return false;
    tpcc_copy_int(pop->copy, w_id);
    put_astring(pop, &rng, 6, 10);
    put_address(pop, &rng);
    tpcc_copy_decimal(pop->copy, tpcc_rand_int(&rng, 0, 2000), 4);
    tpcc_copy_decimal(pop->copy, 30000000, 2); /* w_ytd 300,000.00 */
    bool ok = row_end(pop);
    ok = table_end(pop, ok);
    if (!ok || !table_begin(pop, "district"))
        return false;
    for (int d_id = 1; ok && d_id <= TPCC_DISTRICTS; d_id++) {
        tpcc_copy_int(pop->copy, d_id);
        tpcc_copy_int(pop->copy, w_id);
        put_astring(pop, &rng, 6, 10);
        put_address(pop, &rng);
        tpcc_copy_decimal(pop->copy, tpcc_rand_int(&rng, 0, 2000), 4);
        tpcc_copy_decimal(pop->copy, 3000000, 2); /* d_ytd 30,000.00 */
        tpcc_copy_int(pop->copy, 3001);
        ok = row_end(pop);
    }
    return table_end(pop, ok);
}

static bool populate_stock(TpccPopulate *pop, int w_id)
{
    TpccRand rng;
    stream(&rng, pop, w_id, STREAM_STOCK);
    bool ok = table_begin(pop, "stock");
    for (int i_id = 1; ok && i_id <= TPCC_ITEMS; i_id++) {
        char data[64];
        tpcc_copy_int(pop->copy, i_id);
        tpcc_copy_int(pop->copy, w_id);
        tpcc_copy_int(pop->copy, tpcc_rand_int(&rng, 10, 100));
        for (int dist = 0; dist < TPCC_DISTRICTS; dist++)
            put_astring(pop, &rng, 24, 24);
        tpcc_copy_int(pop->copy, 0);
        tpcc_copy_int(pop->copy, 0);
        tpcc_copy_int(pop->copy, 0);
        tpcc_copy_str(pop->copy, data, tpcc_rand_data(&rng, data));
        ok = row_end(pop);
    }
    return table_end(pop, ok);
}

static void put_customer(TpccPopulate *pop, TpccRand *rng, int w_id, int d_id, int c_id)
{
    char last[TPCC_LAST_NAME_MAX + 1];
    int name_num = c_id <= 1000 ? c_id - 1 : (int)tpcc_nurand(rng, 255, pop->c_last_load, 0, 999);
    tpcc_copy_int(pop->copy, c_id);
    tpcc_copy_int(pop->copy, d_id);
    tpcc_copy_int(pop->copy, w_id);
    put_astring(pop, rng, 8, 16);
    tpcc_copy_str(pop->copy, "OE", 2);
    tpcc_copy_str(pop->copy, last, tpcc_last_name(name_num, last));
    put_address(pop, rng);
    put_nstring(pop, rng, 16, 16);
    tpcc_copy_cstr(pop->copy, pop->timestamp);
    tpcc_copy_str(pop->copy, tpcc_rand_int(rng, 1, 10) == 1 ? "BC" : "GC", 2);
    tpcc_copy_decimal(pop->copy, 5000000, 2);                     /* c_credit_lim 50,000.00 */
    tpcc_copy_decimal(pop->copy, tpcc_rand_int(rng, 0, 5000), 4); /* c_discount 0..0.5 */
    tpcc_copy_decimal(pop->copy, -1000, 2);                       /* c_balance -10.00 */
    tpcc_copy_decimal(pop->copy, 1000, 2);                        /* c_ytd_payment 10.00 */
    tpcc_copy_int(pop->copy, 1);
    tpcc_copy_int(pop->copy, 0);
    put_astring(pop, rng, 300, 500);
}

static bool populate_customers(TpccPopulate *pop, int w_id)
{
    TpccRand rng;
    stream(&rng, pop, w_id, STREAM_CUSTOMER);
    bool ok = table_begin(pop, "customer");
    for (int d_id = 1; ok && d_id <= TPCC_DISTRICTS; d_id++)
        for (int c_id = 1; ok && c_id <= TPCC_CUSTOMERS_PER_DISTRICT; c_id++) {
            put_customer(pop, &rng, w_id, d_id, c_id);
            ok = row_end(pop);
        }
    if (!table_end(pop, ok))
        return false;
    stream(&rng, pop, w_id, STREAM_HISTORY);
    ok = table_begin(pop, "history");
    for (int d_id = 1; ok && d_id <= TPCC_DISTRICTS; d_id++)
        for (int c_id = 1; ok && c_id <= TPCC_CUSTOMERS_PER_DISTRICT; c_id++) {
            tpcc_copy_int(pop->copy, c_id);
            tpcc_copy_int(pop->copy, d_id);
            tpcc_copy_int(pop->copy, w_id);
            tpcc_copy_int(pop->copy, d_id);
            tpcc_copy_int(pop->copy, w_id);
            tpcc_copy_cstr(pop->copy, pop->timestamp);
            tpcc_copy_decimal(pop->copy, 1000, 2);
            put_astring(pop, &rng, 12, 24);
            ok = row_end(pop);
        }
    return table_end(pop, ok);
}

/* o_ol_cnt of every order of the warehouse, drawn once and used by orders and order_line. */
typedef struct OrderCounts {
    unsigned char ol_cnt[TPCC_DISTRICTS][TPCC_CUSTOMERS_PER_DISTRICT + 1];
} OrderCounts;

static bool populate_orders(TpccPopulate *pop, int w_id, OrderCounts *counts)
{
    TpccRand rng;
    stream(&rng, pop, w_id, STREAM_ORDERS);
    bool ok = table_begin(pop, "orders");
    for (int d_id = 1; ok && d_id <= TPCC_DISTRICTS; d_id++) {
        int perm[TPCC_CUSTOMERS_PER_DISTRICT]; /* o_c_id: a random permutation of 1..3000 */
        for (int idx = 0; idx < TPCC_CUSTOMERS_PER_DISTRICT; idx++)
            perm[idx] = idx + 1;
        for (int idx = TPCC_CUSTOMERS_PER_DISTRICT - 1; idx > 0; idx--) {
            int other = (int)tpcc_rand_int(&rng, 0, idx), tmp = perm[idx];
            perm[idx] = perm[other];
            perm[other] = tmp;
        }
        for (int o_id = 1; ok && o_id <= TPCC_CUSTOMERS_PER_DISTRICT; o_id++) {
            int ol_cnt = (int)tpcc_rand_int(&rng, 5, 15);
            counts->ol_cnt[d_id - 1][o_id] = (unsigned char)ol_cnt;
            tpcc_copy_int(pop->copy, o_id);
            tpcc_copy_int(pop->copy, d_id);
            tpcc_copy_int(pop->copy, w_id);
            tpcc_copy_int(pop->copy, perm[o_id - 1]);
            tpcc_copy_cstr(pop->copy, pop->timestamp);
            if (o_id < 2101)
                tpcc_copy_int(pop->copy, tpcc_rand_int(&rng, 1, 10));
            else
                tpcc_copy_null(pop->copy);
            tpcc_copy_int(pop->copy, ol_cnt);
            tpcc_copy_int(pop->copy, 1);
            ok = row_end(pop);
        }
    }
    return table_end(pop, ok);
}

static bool populate_order_lines(TpccPopulate *pop, int w_id, const OrderCounts *counts)
{
    TpccRand rng;
    stream(&rng, pop, w_id, STREAM_ORDER_LINE);
    bool ok = table_begin(pop, "order_line");
    for (int d_id = 1; ok && d_id <= TPCC_DISTRICTS; d_id++)
        for (int o_id = 1; ok && o_id <= TPCC_CUSTOMERS_PER_DISTRICT; o_id++)
            for (int number = 1; ok && number <= counts->ol_cnt[d_id - 1][o_id]; number++) {
                tpcc_copy_int(pop->copy, o_id);
                tpcc_copy_int(pop->copy, d_id);
                tpcc_copy_int(pop->copy, w_id);
                tpcc_copy_int(pop->copy, number);
                tpcc_copy_int(pop->copy, tpcc_rand_int(&rng, 1, TPCC_ITEMS));
                tpcc_copy_int(pop->copy, w_id);
                if (o_id < 2101)
                    tpcc_copy_cstr(pop->copy, pop->timestamp);
                else
                    tpcc_copy_null(pop->copy);
                tpcc_copy_int(pop->copy, 5);
                tpcc_copy_decimal(pop->copy, o_id < 2101 ? 0 : tpcc_rand_int(&rng, 1, 999999), 2);
                put_astring(pop, &rng, 24, 24);
                ok = row_end(pop);
            }
    if (!table_end(pop, ok))
        return false;
    ok = table_begin(pop, "new_order");
    for (int d_id = 1; ok && d_id <= TPCC_DISTRICTS; d_id++)
        for (int o_id = 2101; ok && o_id <= TPCC_CUSTOMERS_PER_DISTRICT; o_id++) {
            tpcc_copy_int(pop->copy, o_id);
            tpcc_copy_int(pop->copy, d_id);
            tpcc_copy_int(pop->copy, w_id);
            ok = row_end(pop);
        }
    return table_end(pop, ok);
}

bool tpcc_populate_warehouse(TpccPopulate *pop, int w_id)
{
    OrderCounts *counts = xmalloc(sizeof(*counts)); /* 30 kB: not on a loader thread's stack */
    bool ok = populate_warehouse_row(pop, w_id) && populate_stock(pop, w_id) &&
              populate_customers(pop, w_id) && populate_orders(pop, w_id, counts) &&
              populate_order_lines(pop, w_id, counts);
    free(counts);
    return ok;
}
