/* Clause 2.6, Order-Status: the customer (60% by last name), their most recent order and the
 * lines of exactly that order, whose count is checked against its o_ol_cnt. One round trip by
 * customer number, two by last name. */
#include <stdlib.h>

#include "tpcc/client.h"

void txn_order_status_input(TpccClient *client)
{
    OrderStatusInput *in = &client->in.os;
    TpccRand *rng = &client->rng;
    const TpccConstants *k = &client->shared->k;
    in->w_id = client->w_id;
    in->d_id = (int)tpcc_rand_int(rng, 1, 10);
    if (tpcc_rand_int(rng, 1, 100) <= 60) {
        tpcc_last_name((int)tpcc_nurand(rng, 255, k->c_last, 0, 999), in->c_last);
        in->c_id = 0;
    } else {
        in->c_id = (int)tpcc_nurand(rng, 1023, k->c_id, 1, 3000);
    }
}

static void add_order_lines(TpccClient *client, int c_id)
{
    const OrderStatusInput *in = &client->in.os;
    param_reset(&client->params);
    param_int(&client->params, in->w_id);
    param_int(&client->params, in->d_id);
    param_int(&client->params, c_id);
    client_batch_add(client, STMT_OS_ORDER_LINES);
    param_reset(&client->params);
    client_batch_add(client, STMT_COMMIT);
}

static void count_lines(TpccClient *client, const PGresult *res)
{
    int rows = PQntuples(res), lines = 0;
    for (int row = 0; row < rows; row++)
        lines += !PQgetisnull(res, row, 4);
    client->pending.order_status_lines += (uint64_t)lines;
    if (rows > 0)
        client->pending.order_status_mismatch += lines != atoi(PQgetvalue(res, 0, 3));
}

/* By last name: find the customer first, then the order. */
static TxnOutcome by_name(TpccClient *client)
{
    const OrderStatusInput *in = &client->in.os;
    PGresult *res[3];
    TxnOutcome out;
    client_batch_start(client);
    param_reset(&client->params);
    client_batch_add(client, STMT_BEGIN);
    customer_by_name_add(client, STMT_OS_CUSTOMER_BY_NAME, in->w_id, in->d_id, in->c_last);
    if ((out = client_batch_run(client, res)) != TXN_COMMITTED)
        return out;
    int row = customer_by_name_row(client, res[1], &out);
    int c_id = row >= 0 ? atoi(PQgetvalue(res[1], row, 0)) : 0;
    client_batch_clear(res, 2);
    if (row < 0)
        return out;
    client_batch_start(client);
    add_order_lines(client, c_id);
    if ((out = client_batch_run(client, res)) == TXN_COMMITTED)
        count_lines(client, res[0]);
    client_batch_clear(res, 2);
    return out;
}

TxnOutcome txn_order_status(TpccClient *client)
{
    const OrderStatusInput *in = &client->in.os;
    if (in->c_id == 0) {
        TxnOutcome out = by_name(client);
        client->pending.order_status_by_name += out == TXN_COMMITTED;
        return out;
    }
    PGresult *res[4];
    client_batch_start(client);
    param_reset(&client->params);
    client_batch_add(client, STMT_BEGIN);
    param_int(&client->params, in->w_id);
    param_int(&client->params, in->d_id);
    param_int(&client->params, in->c_id);
    client_batch_add(client, STMT_OS_CUSTOMER);
    add_order_lines(client, in->c_id);
    TxnOutcome out = client_batch_run(client, res);
    if (out == TXN_COMMITTED)
        count_lines(client, res[2]);
    client_batch_clear(res, 4);
    return out;
}
