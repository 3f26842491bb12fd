/* Clause 2.4, New-Order: all items in one query, all stock rows locked in key order in one
 * query and updated in one statement, all order lines inserted in one statement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tpcc/client.h"

#define UNUSED_ITEM 100001 /* clause 2.4.1.5: an item number that does not exist */

static bool item_drawn(const NewOrderInput *in, int count, int item)
{
    for (int idx = 0; idx < count; idx++)
        if (in->item[idx] == item)
            return true;
    return false;
}

void txn_new_order_input(TpccClient *client)
{
    NewOrderInput *in = &client->in.no;
    TpccRand *rng = &client->rng;
    const TpccConstants *k = &client->shared->k;
    in->w_id = client->w_id;
    in->d_id = (int)tpcc_rand_int(rng, 1, 10);
    in->c_id = (int)tpcc_nurand(rng, 1023, k->c_id, 1, 3000);
    in->ol_cnt = (int)tpcc_rand_int(rng, 5, 15);
    int rbk = (int)tpcc_rand_int(rng, 1, 100);
    in->all_local = true;
    for (int line = 0; line < in->ol_cnt; line++) {
        int item;
        do /* distinct items, so the set-based stock update sees each row once */
            item = (int)tpcc_nurand(rng, 8191, k->c_ol_i_id, 1, 100000);
        while (item_drawn(in, line, item));
        in->item[line] = item;
        in->supply_w[line] = in->w_id;
        if (client->shared->warehouses > 1 && tpcc_rand_int(rng, 1, 100) == 1) {
            in->supply_w[line] = client_other_warehouse(client, in->w_id);
            in->all_local = false;
        }
        in->quantity[line] = (int)tpcc_rand_int(rng, 1, 10);
    }
    if (rbk == 1)
        in->item[in->ol_cnt - 1] = UNUSED_ITEM;
}

/* "12.34" -> 1234 */
static int64_t parse_cents(const char *text)
{
    char *end;
    int64_t whole = strtoll(text, &end, 10);
    int64_t frac = 0;
    if (*end == '.') {
        frac = (end[1] ? (end[1] - '0') * 10 : 0);
        if (end[1] && end[2])
            frac += end[2] - '0';
    }
    return whole * 100 + frac;
}

typedef struct LineWork {
    int64_t price[15], amount[15];
    int new_quantity[15], remote[15];
    char dist[15][25];
} LineWork;

static int line_of(const NewOrderInput *in, int w_id, int item)
{
    for (int line = 0; line < in->ol_cnt; line++)
        if (in->item[line] == item && in->supply_w[line] == w_id)
            return line;
    return -1;
}

/* Prices of the items; false when one is missing (the unused item). */
static bool read_items(const NewOrderInput *in, PGresult *res, LineWork *work)
{
    int rows = PQntuples(res);
    int found = 0;
    for (int row = 0; row < rows; row++) {
        int item = atoi(PQgetvalue(res, row, 0));
        for (int line = 0; line < in->ol_cnt; line++)
            if (in->item[line] == item) {
                work->price[line] = parse_cents(PQgetvalue(res, row, 1));
                found++;
            }
    }
    return found == in->ol_cnt;
}

/* New quantities per clause 2.4.2.2; false when a stock row is missing. */
static bool read_stock(const NewOrderInput *in, PGresult *res, LineWork *work)
{
    int rows = PQntuples(res);
    if (rows != in->ol_cnt)
        return false;
    for (int row = 0; row < rows; row++) {
        int line = line_of(in, atoi(PQgetvalue(res, row, 0)), atoi(PQgetvalue(res, row, 1)));
        if (line < 0)
            return false;
        int quantity = atoi(PQgetvalue(res, row, 2));
        int ordered = in->quantity[line];
        work->new_quantity[line] =
            quantity >= ordered + 10 ? quantity - ordered : quantity - ordered + 91;
        work->remote[line] = in->supply_w[line] != in->w_id;
        work->amount[line] = work->price[line] * ordered;
        snprintf(work->dist[line], sizeof(work->dist[line]), "%s", PQgetvalue(res, row, 4));
    }
    return true;
}

static TxnOutcome fail_missing(TpccClient *client, const char *what)
{
    snprintf(client->sqlstate, sizeof(client->sqlstate), "-----");
    snprintf(client->error, sizeof(client->error), "%s", what);
    return TXN_FAILED;
}

static void count_lines(TpccClient *client)
{
    const NewOrderInput *in = &client->in.no;
    client->pending.no_lines += (uint64_t)in->ol_cnt;
    for (int line = 0; line < in->ol_cnt; line++)
        client->pending.no_remote_lines += in->supply_w[line] != in->w_id;
    client->pending.no_remote_orders += !in->all_local;
}

/* Round trip 1: BEGIN, the district (locked, next order number), warehouse tax and customer,
 * the items, and the stock rows locked in key order. */
static TxnOutcome read_phase(TpccClient *client, PGresult **res)
{
    const NewOrderInput *in = &client->in.no;
    client_batch_start(client);
    param_reset(&client->params);
    client_batch_add(client, STMT_BEGIN);
    param_int(&client->params, in->w_id);
    param_int(&client->params, in->d_id);
    client_batch_add(client, STMT_NO_DISTRICT);
    param_int(&client->params, in->c_id);
    client_batch_add(client, STMT_NO_WH_CUST);
    param_reset(&client->params);
    param_int_array(&client->params, in->item, in->ol_cnt);
    client_batch_add(client, STMT_NO_ITEMS);
    param_reset(&client->params);
    param_int_array(&client->params, in->supply_w, in->ol_cnt);
    param_int_array(&client->params, in->item, in->ol_cnt);
    param_int(&client->params, in->d_id);
    client_batch_add(client, STMT_NO_STOCK_LOCK);
    return client_batch_run(client, res);
}

/* Round trip 2: stock updates, the order and its new-order row, the lines, COMMIT. */
static TxnOutcome write_phase(TpccClient *client, int o_id, const LineWork *work)
{
    const NewOrderInput *in = &client->in.no;
    PGresult *res[4];
    client_batch_start(client);
    param_reset(&client->params);
    param_int_array(&client->params, in->supply_w, in->ol_cnt);
    param_int_array(&client->params, in->item, in->ol_cnt);
    param_int_array(&client->params, work->new_quantity, in->ol_cnt);
    param_int_array(&client->params, in->quantity, in->ol_cnt);
    param_int_array(&client->params, work->remote, in->ol_cnt);
    client_batch_add(client, STMT_NO_STOCK_UPDATE);
    param_reset(&client->params);
    param_int(&client->params, o_id);
    param_int(&client->params, in->d_id);
    param_int(&client->params, in->w_id);
    param_int(&client->params, in->c_id);
    param_int(&client->params, in->ol_cnt);
    param_int(&client->params, in->all_local);
    client_batch_add(client, STMT_NO_ORDER);
    int numbers[15];
    for (int line = 0; line < in->ol_cnt; line++)
        numbers[line] = line + 1;
    client->params.count = 3; /* keep o_id, d_id, w_id */
    client->params.used = (size_t)(client->params.values[3] - client->params.store);
    param_int_array(&client->params, numbers, in->ol_cnt);
    param_int_array(&client->params, in->item, in->ol_cnt);
    param_int_array(&client->params, in->supply_w, in->ol_cnt);
    param_int_array(&client->params, in->quantity, in->ol_cnt);
    param_cents_array(&client->params, work->amount, in->ol_cnt);
    param_text_array(&client->params, (const char(*)[25])work->dist, in->ol_cnt);
    client_batch_add(client, STMT_NO_LINES);
    param_reset(&client->params);
    client_batch_add(client, STMT_COMMIT);
    TxnOutcome out = client_batch_run(client, res);
    client_batch_clear(res, 4);
    return out;
}

TxnOutcome txn_new_order(TpccClient *client)
{
    const NewOrderInput *in = &client->in.no;
    LineWork work;
    PGresult *res[5];
    count_lines(client);
    TxnOutcome out = read_phase(client, res);
    if (out != TXN_COMMITTED)
        return out;
    int o_id = PQntuples(res[1]) == 1 ? atoi(PQgetvalue(res[1], 0, 0)) : 0;
    bool customer = PQntuples(res[2]) == 1;
    bool all_items = read_items(in, res[3], &work);
    bool stock = all_items && read_stock(in, res[4], &work);
    client_batch_clear(res, 5);
    if (o_id == 0 || !customer)
        return fail_missing(client, "district or customer row missing");
    if (!all_items) { /* clause 2.4.2.3: an unused item rolls the whole order back */
        out = client_simple(client, STMT_ROLLBACK);
        return out == TXN_COMMITTED ? TXN_ROLLED_BACK : out;
    }
    if (!stock)
        return fail_missing(client, "stock rows missing");
    return write_phase(client, o_id, &work);
}
