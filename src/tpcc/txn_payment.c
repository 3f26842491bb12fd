/* Clause 2.5, Payment: 15% through a remote warehouse (when there is more than one), 60% of
 * customers selected by last name. One round trip by customer number, two by last name. */
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

int customer_by_name_row(TpccClient *client, PGresult *res, TxnOutcome *out)
{
    int count = PQntuples(res);
    if (count == 0) {
        snprintf(client->sqlstate, sizeof(client->sqlstate), "-----");
        snprintf(client->error, sizeof(client->error), "no customer with that last name");
        *out = TXN_FAILED;
        return -1;
    }
    return (count + 1) / 2 - 1;
}

void customer_by_name_add(TpccClient *client, TpccStmt stmt, int w_id, int d_id, const char *c_last)
{
    param_reset(&client->params);
    param_int(&client->params, w_id);
    param_int(&client->params, d_id);
    param_text(&client->params, c_last);
    client_batch_add(client, stmt);
}

/* BEGIN, warehouse and district year-to-date (their rows locked by the updates). */
static void add_head(TpccClient *client)
{
    const PaymentInput *in = &client->in.pay;
    param_reset(&client->params);
    client_batch_add(client, STMT_BEGIN);
    param_int(&client->params, in->w_id);
    param_cents(&client->params, in->amount_cents);
    client_batch_add(client, STMT_PAY_WAREHOUSE);
    param_reset(&client->params);
    param_int(&client->params, in->w_id);
    param_int(&client->params, in->d_id);
    param_cents(&client->params, in->amount_cents);
    client_batch_add(client, STMT_PAY_DISTRICT);
}

/* The customer's balance (and c_data for bad credit), the history row, COMMIT. */
static void add_tail(TpccClient *client, int c_id)
{
    const PaymentInput *in = &client->in.pay;
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
    client_batch_add(client, STMT_PAY_CUSTOMER);
    param_reset(&client->params);
    param_int(&client->params, c_id);
    param_int(&client->params, in->c_d_id);
    param_int(&client->params, in->c_w_id);
    param_int(&client->params, in->d_id);
    param_int(&client->params, in->w_id);
    param_cents(&client->params, in->amount_cents);
    client_batch_add(client, STMT_PAY_HISTORY);
    param_reset(&client->params);
    client_batch_add(client, STMT_COMMIT);
}

/* Finishes a batch that ends with the tail; the customer must have been found. */
static TxnOutcome run_tail(TpccClient *client, int first_tail)
{
    PGresult *res[BATCH_MAX];
    TxnOutcome out = client_batch_run(client, res);
    int count = client->batch_count;
    bool customer = out == TXN_COMMITTED && PQntuples(res[first_tail]) == 1;
    client_batch_clear(res, count);
    if (out == TXN_COMMITTED && !customer) {
        snprintf(client->sqlstate, sizeof(client->sqlstate), "-----");
        snprintf(client->error, sizeof(client->error), "customer row missing");
        return TXN_FAILED;
    }
    return out;
}

TxnOutcome txn_payment(TpccClient *client)
{
    const PaymentInput *in = &client->in.pay;
    TxnOutcome out = TXN_COMMITTED;
    client_batch_start(client);
    add_head(client);
    if (in->c_id != 0) {
        add_tail(client, in->c_id);
        out = run_tail(client, 3);
    } else {
        PGresult *res[4];
        customer_by_name_add(client, STMT_CUST_BY_NAME, in->c_w_id, in->c_d_id, in->c_last);
        if ((out = client_batch_run(client, res)) != TXN_COMMITTED)
            return out;
        int row = customer_by_name_row(client, res[3], &out);
        int c_id = row >= 0 ? atoi(PQgetvalue(res[3], row, 0)) : 0;
        client_batch_clear(res, 4);
        if (row < 0)
            return out;
        client_batch_start(client);
        add_tail(client, c_id);
        out = run_tail(client, 0);
    }
    if (out == TXN_COMMITTED) {
        client->pending.payment_by_name += in->c_id == 0;
        client->pending.payment_remote += in->c_w_id != in->w_id;
    }
    return out;
}
