/* Clause 2.7, Delivery: every one of the ten districts is visited in one transaction (the spec's
 * deferred execution is run inline), all in one round trip. A district without undelivered
 * orders is skipped and counted as such, as clause 2.7.4.2 allows. */
#include "tpcc/client.h"

void txn_delivery_input(TpccClient *client)
{
    client->in.dl.w_id = client->w_id;
    client->in.dl.carrier_id = (int)tpcc_rand_int(&client->rng, 1, 10);
}

TxnOutcome txn_delivery(TpccClient *client)
{
    const DeliveryInput *in = &client->in.dl;
    PGresult *res[12];
    client_batch_start(client);
    param_reset(&client->params);
    client_batch_add(client, STMT_BEGIN);
    for (int d_id = 1; d_id <= 10; d_id++) {
        param_reset(&client->params);
        param_int(&client->params, in->w_id);
        param_int(&client->params, d_id);
        param_int(&client->params, in->carrier_id);
        client_batch_add(client, STMT_DL_DISTRICT);
    }
    param_reset(&client->params);
    client_batch_add(client, STMT_COMMIT);
    TxnOutcome out = client_batch_run(client, res);
    if (out == TXN_COMMITTED)
        for (int d_id = 1; d_id <= 10; d_id++) {
            if (PQntuples(res[d_id]) == 1)
                client->pending.delivery_districts++;
            else
                client->pending.delivery_skipped++;
        }
    client_batch_clear(res, 12);
    return out;
}
