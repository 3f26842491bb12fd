/* Clause 2.7, Delivery: every one of the ten districts is visited in one transaction (the spec's
 * deferred execution is run inline). A district without undelivered orders is skipped and
 * counted as such, as clause 2.7.4.2 allows. */
#include "tpcc/client.h"

void txn_delivery_input(TpccClient *client)
{
    client->in.dl.w_id = client->w_id;
    client->in.dl.carrier_id = (int)tpcc_rand_int(&client->rng, 1, 10);
}

TxnOutcome txn_delivery(TpccClient *client)
{
    const DeliveryInput *in = &client->in.dl;
    TxnOutcome out = client_simple(client, STMT_BEGIN);
    if (out != TXN_COMMITTED)
        return out;
    for (int d_id = 1; d_id <= 10; d_id++) {
        param_reset(&client->params);
        param_int(&client->params, in->w_id);
        param_int(&client->params, d_id);
        param_int(&client->params, in->carrier_id);
        PGresult *res = client_exec(client, STMT_DL_DISTRICT, &out);
        if (!res)
            return out;
        if (PQntuples(res) == 1)
            client->pending.delivery_districts++;
        else
            client->pending.delivery_skipped++;
        PQclear(res);
    }
    return client_simple(client, STMT_COMMIT);
}
