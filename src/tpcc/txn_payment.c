/* Clause 2.5, Payment: 15% through a remote warehouse (when there is more than one), 60% of
 * customers selected by last name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tpcc/client.h"

void txn_payment_input(TpccClient *client)
{
    PaymentInput *in = &client->in.pay;
    TpccRand *rng = &client->rng;
    const TpccConstants *k = &client->shared->k;
    in->w_id = client->w_id;
    in->d_id = (int)tpcc_rand_int(rng, 1, 10);
    if (client->shared->warehouses == 1 || tpcc_rand_int(rng, 1, 100) <= 85) {
        in->c_w_id = in->w_id;
        in->c_d_id = in->d_id;
    } else {
        in->c_w_id = client_other_warehouse(client, in->w_id);
        in->c_d_id = (int)tpcc_rand_int(rng, 1, 10);
    }
    if (tpcc_rand_int(rng, 1, 100) <= 60) {
        tpcc_last_name((int)tpcc_nurand(rng, 255, k->c_last, 0, 999), in->c_last);
        in->c_id = 0;
    } else {
        in->c_id = (int)tpcc_nurand(rng, 1023, k->c_id, 1, 3000);
    }
    in->amount_cents = tpcc_rand_int(rng, 100, 500000);
}

PGresult *customer_by_name(TpccClient *client, TpccStmt stmt, int w_id, int d_id,
                           const char *c_last, int *row, TxnOutcome *out)
{
    param_reset(&client->params);
    param_int(&client->params, w_id);
    param_int(&client->params, d_id);
    param_text(&client->params, c_last);
    PGresult *res = client_exec(client, stmt, out);
    if (!res)
        return NULL;
    int count = PQntuples(res);
    if (count == 0) {
        PQclear(res);
        snprintf(client->sqlstate, sizeof(client->sqlstate), "-----");
        snprintf(client->error, sizeof(client->error), "no customer named %s", c_last);
        *out = TXN_FAILED;
        return NULL;
    }
    *row = (count + 1) / 2 - 1;
    return res;
}

/* Warehouse and district year-to-date; their names go into h_data. */
static TxnOutcome pay_head(TpccClient *client, char *h_data, size_t h_len)
{
    const PaymentInput *in = &client->in.pay;
    TxnOutcome out = client_simple(client, STMT_BEGIN);
    if (out != TXN_COMMITTED)
        return out;
    param_reset(&client->params);
    param_int(&client->params, in->w_id);
    param_cents(&client->params, in->amount_cents);
    PGresult *res = client_exec(client, STMT_PAY_WAREHOUSE, &out);
    if (!res)
        return out;
    char w_name[16];
    snprintf(w_name, sizeof(w_name), "%s", PQntuples(res) ? PQgetvalue(res, 0, 0) : "");
    PQclear(res);
    param_reset(&client->params);
    param_int(&client->params, in->w_id);
    param_int(&client->params, in->d_id);
    param_cents(&client->params, in->amount_cents);
    res = client_exec(client, STMT_PAY_DISTRICT, &out);
    if (!res)
        return out;
    snprintf(h_data, h_len, "%s    %s", w_name, PQntuples(res) ? PQgetvalue(res, 0, 0) : "");
    PQclear(res);
    return TXN_COMMITTED;
}

static TxnOutcome pay_customer(TpccClient *client, int c_id)
{
    const PaymentInput *in = &client->in.pay;
    TxnOutcome out = TXN_COMMITTED;
    char prefix[96]; /* clause 2.5.2.2: prepended to c_data of bad-credit customers */
    snprintf(prefix, sizeof(prefix), "%d %d %d %d %d %lld.%02lld ", c_id, in->c_d_id, in->c_w_id,
             in->d_id, in->w_id, (long long)(in->amount_cents / 100),
             (long long)(in->amount_cents % 100));
    param_reset(&client->params);
    param_int(&client->params, in->c_w_id);
    param_int(&client->params, in->c_d_id);
    param_int(&client->params, c_id);
    param_cents(&client->params, in->amount_cents);
    param_text(&client->params, prefix);
    PGresult *res = client_exec(client, STMT_PAY_CUSTOMER, &out);
    if (!res)
        return out;
    bool found = PQntuples(res) == 1;
    PQclear(res);
    if (!found) {
        snprintf(client->sqlstate, sizeof(client->sqlstate), "-----");
        snprintf(client->error, sizeof(client->error), "customer %d missing", c_id);
        return TXN_FAILED;
    }
    return TXN_COMMITTED;
}

TxnOutcome txn_payment(TpccClient *client)
{
    const PaymentInput *in = &client->in.pay;
    char h_data[32];
    TxnOutcome out = pay_head(client, h_data, sizeof(h_data));
    if (out != TXN_COMMITTED)
        return out;
    int c_id = in->c_id;
    if (c_id == 0) {
        int row;
        PGresult *res = customer_by_name(client, STMT_CUST_BY_NAME, in->c_w_id, in->c_d_id,
                                         in->c_last, &row, &out);
        if (!res)
            return out;
        c_id = atoi(PQgetvalue(res, row, 0));
        PQclear(res);
    }
    if ((out = pay_customer(client, c_id)) != TXN_COMMITTED)
        return out;
    param_reset(&client->params);
    param_int(&client->params, c_id);
    param_int(&client->params, in->c_d_id);
    param_int(&client->params, in->c_w_id);
    param_int(&client->params, in->d_id);
    param_int(&client->params, in->w_id);
    param_cents(&client->params, in->amount_cents);
    param_text(&client->params, h_data);
    PQclear(client_exec(client, STMT_PAY_HISTORY, &out));
    if (out != TXN_COMMITTED)
        return out;
    client->pending.payment_by_name += in->c_id == 0;
    client->pending.payment_remote += in->c_w_id != in->w_id;
    return client_simple(client, STMT_COMMIT);
}
