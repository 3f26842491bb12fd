/* Clause 2.6, Order-Status: the customer (60% by last name), their most recent order, and the
 * lines of exactly that order, checked against its o_ol_cnt. */
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

static TxnOutcome find_customer(TpccClient *client, int *c_id)
{
    const OrderStatusInput *in = &client->in.os;
    TxnOutcome out = TXN_COMMITTED;
    int row = 0;
    PGresult *res;
    if (in->c_id == 0) {
        res = customer_by_name(client, STMT_OS_CUSTOMER_BY_NAME, in->w_id, in->d_id, in->c_last,
                               &row, &out);
    } else {
        param_reset(&client->params);
        param_int(&client->params, in->w_id);
        param_int(&client->params, in->d_id);
        param_int(&client->params, in->c_id);
        res = client_exec(client, STMT_OS_CUSTOMER, &out);
    }
    if (!res)
        return out;
    *c_id = PQntuples(res) > row ? atoi(PQgetvalue(res, row, 0)) : 0;
    PQclear(res);
    return TXN_COMMITTED;
}

TxnOutcome txn_order_status(TpccClient *client)
{
    const OrderStatusInput *in = &client->in.os;
    TxnOutcome out = client_simple(client, STMT_BEGIN);
    int c_id = 0;
    if (out != TXN_COMMITTED || (out = find_customer(client, &c_id)) != TXN_COMMITTED)
        return out;
    param_reset(&client->params);
    param_int(&client->params, in->w_id);
    param_int(&client->params, in->d_id);
    param_int(&client->params, c_id);
    PGresult *res = client_exec(client, STMT_OS_ORDER, &out);
    if (!res)
        return out;
    int o_id = 0, ol_cnt = 0;
    if (PQntuples(res) == 1) {
        o_id = atoi(PQgetvalue(res, 0, 0));
        ol_cnt = atoi(PQgetvalue(res, 0, 3));
    }
    PQclear(res);
    if (o_id > 0) {
        param_reset(&client->params);
        param_int(&client->params, in->w_id);
        param_int(&client->params, in->d_id);
        param_int(&client->params, o_id);
        res = client_exec(client, STMT_OS_LINES, &out);
        if (!res)
            return out;
        int lines = PQntuples(res);
        PQclear(res);
        client->pending.order_status_lines += (uint64_t)lines;
        client->pending.order_status_mismatch += lines != ol_cnt;
    }
    client->pending.order_status_by_name += in->c_id == 0;
    return client_simple(client, STMT_COMMIT);
}
