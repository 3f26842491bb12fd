/* Clause 2.8, Stock-Level: distinct items of the district's last 20 orders whose stock is below
 * a threshold drawn from 10..20; one read-only statement, so one implicit transaction. */
#include <stdlib.h>

#include "tpcc/client.h"

void txn_stock_level_input(TpccClient *client)
{
    client->in.sl.w_id = client->w_id;
    client->in.sl.d_id = client->sl_d_id;
    client->in.sl.threshold = (int)tpcc_rand_int(&client->rng, 10, 20);
}

TxnOutcome txn_stock_level(TpccClient *client)
{
    const StockLevelInput *in = &client->in.sl;
    TxnOutcome out = TXN_COMMITTED;
    param_reset(&client->params);
    param_int(&client->params, in->w_id);
    param_int(&client->params, in->d_id);
    param_int(&client->params, in->threshold);
    PGresult *res = client_exec(client, STMT_SL_COUNT, &out);
    if (!res)
        return out;
    client->pending.stock_level_low += (uint64_t)strtoull(PQgetvalue(res, 0, 0), NULL, 10);
    PQclear(res);
    return TXN_COMMITTED;
}
