/* One TPC-C client: its connection, random stream, home warehouse, deck, parameter buffer and
 * stats. The run (run.c) creates the clients and their threads; the transactions (txn_*.c)
 * borrow a client to execute. Nothing here allocates once the client loop runs. */
#ifndef PK_TPCC_CLIENT_H
#define PK_TPCC_CLIENT_H

#include <libpq-fe.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "tpcc/rand.h"
#include "tpcc/schema.h"
#include "tpcc/stats.h"
#include "tpcc/tpcc.h"

/* What a transaction attempt ended with. */
typedef enum TxnOutcome {
    TXN_COMMITTED = 0,
    TXN_ROLLED_BACK, /* the spec's intended rollback (New-Order, unused item) */
    TXN_RETRY,       /* 40001 / 40P01: roll back, run again with the same inputs */
    TXN_FAILED,      /* any other server error: counted by SQLSTATE */
    TXN_CANCELED,    /* canceled because the run is stopping: not counted */
    TXN_LOST,        /* connection lost: the run stops */
} TxnOutcome;

/* Text parameters for PQexecPrepared, formatted into a fixed buffer (no allocation). */
#define PARAM_MAX 10
#define PARAM_BUF 4096
typedef struct ParamBuf {
    const char *values[PARAM_MAX];
    int count;
    size_t used;
    char store[PARAM_BUF];
} ParamBuf;

void param_reset(ParamBuf *params);
void param_int(ParamBuf *params, int64_t value);
void param_cents(ParamBuf *params, int64_t cents); /* 1234 -> "12.34" */
void param_text(ParamBuf *params, const char *text);
/* "{1,2,3}" */
void param_int_array(ParamBuf *params, const int *values, int count);
void param_cents_array(ParamBuf *params, const int64_t *values, int count);
/* {abc,def}: elements must be alphanumeric (no quoting needed) */
void param_text_array(ParamBuf *params, const char (*values)[25], int count);

/* One second of the run's time series, shared by all clients (a few relaxed atomic adds per
 * transaction instead of a per-client array). */
typedef struct SharedSecond {
    _Atomic uint32_t done[TPCC_TXN_TYPES];
    _Atomic uint32_t failed;
    _Atomic uint64_t latency_sum_us;
    _Atomic uint64_t latency_max_us;
} SharedSecond;

/* Longest series kept: one week of seconds (about 40 MB). */
#define SERIES_MAX_SECONDS (7 * 86400)

/* Shared by all clients of a run. */
typedef struct RunShared {
    const TpccRunOpts *opts;
    int warehouses;
    TpccConstants k;
    double run_start; /* pk_clock_now() values: the clients start, the schedule starts */
    double measure_start;
    double measure_end; /* planned end; lowered when stopped early */
    atomic_int stop;    /* 1 = finish the current transaction and leave */
    atomic_int server_lost;
    SharedSecond *series; /* series_len seconds of the measured interval */
    int series_len;
    pthread_mutex_t lock;
    char lost_detail[256]; /* under lock: first lost-connection message */
} RunShared;

/* Inputs of the five transactions: generated once, kept for retries. */
typedef struct NewOrderInput {
    int w_id, d_id, c_id, ol_cnt;
    bool all_local;
    int item[15], supply_w[15], quantity[15];
} NewOrderInput;

typedef struct PaymentInput {
    int w_id, d_id, c_w_id, c_d_id, c_id; /* c_id 0: by last name */
    char c_last[TPCC_LAST_NAME_MAX + 1];
    int64_t amount_cents;
} PaymentInput;

typedef struct OrderStatusInput {
    int w_id, d_id, c_id;
    char c_last[TPCC_LAST_NAME_MAX + 1];
} OrderStatusInput;

typedef struct DeliveryInput {
    int w_id, carrier_id;
} DeliveryInput;

typedef struct StockLevelInput {
    int w_id, d_id, threshold;
} StockLevelInput;

typedef struct TpccClient {
    int id;
    PGconn *conn;
    PGcancel *cancel;
    RunShared *shared;
    TpccRand rng;
    int w_id;    /* home warehouse */
    int sl_d_id; /* the client's fixed district for Stock-Level (clause 2.8.1.1) */
    unsigned char deck[TPCC_DECK_SIZE];
    int deck_pos;
    ParamBuf params;
    uint64_t statements; /* SQL statements of the current transaction */
    uint64_t round_trips;
    int batch_count;   /* statements queued in the open batch */
    bool batch_broken; /* a send failed: the connection is gone */
    char sqlstate[6];  /* of the last failed statement */
    char error[256];
    union {
        NewOrderInput no;
        PaymentInput pay;
        OrderStatusInput os;
        DeliveryInput dl;
        StockLevelInput sl;
    } in;
    TpccSpecCounters pending; /* spec counters of the current transaction, kept if it counts */
    TpccStats stats;
    /* For the progress line, whole run incl. warm-up. Only this client's thread writes them
     * (a load and a store, no read-modify-write needed); the monitor reads. */
    _Atomic uint64_t live_done;
    _Atomic uint64_t live_new_order;
    _Atomic uint64_t live_failed, live_late, live_skipped, live_lagged;
    _Atomic double live_latency_sum_ms, live_latency_sq_ms2, live_lag_sum_ms;
    TpccRand arrivals; /* --rate: the inter-arrival times (apart from the inputs' stream) */
    double next_due;   /* --rate: scheduled start of the next transaction */
    atomic_int finished;
    pthread_t thread;
} TpccClient;

/* Executes a prepared statement with client->params; on success returns the result (caller
 * PQclear). On failure returns NULL with *outcome set (RETRY/FAILED/CANCELED/LOST) and
 * client->sqlstate filled. */
PGresult *client_exec(TpccClient *client, TpccStmt stmt, TxnOutcome *outcome);
/* Pipelined batch: statements added with client_batch_add (each with the current params, which
 * may be reset right after) go to the server in one round trip at client_batch_run. results[i]
 * receives the result of the i-th statement when it succeeded (caller PQclear), else NULL; the
 * outcome is that of the first failure (later ones are skipped by the server) or COMMITTED. */
#define BATCH_MAX 16
void client_batch_start(TpccClient *client);
void client_batch_add(TpccClient *client, TpccStmt stmt);
TxnOutcome client_batch_run(TpccClient *client, PGresult **results);
void client_batch_clear(PGresult **results, int count);
/* BEGIN / COMMIT / ROLLBACK; return the outcome (TXN_COMMITTED = fine). */
TxnOutcome client_simple(TpccClient *client, TpccStmt stmt);
/* Another warehouse than w_id, uniformly (requires warehouses > 1). */
int client_other_warehouse(TpccClient *client, int w_id);

/* Customers named c_last in (w_id, d_id) sorted by c_first (stmt returns c_id first): adds the
 * query to the open batch; customer_by_name_row then picks the row at position n/2 rounded up
 * (clause 2.5.2.2), or returns -1 with *out = TXN_FAILED when there is none. */
void customer_by_name_add(TpccClient *client, TpccStmt stmt, int w_id, int d_id,
                          const char *c_last);
int customer_by_name_row(TpccClient *client, PGresult *res, TxnOutcome *out);

/* Per transaction: draw the inputs (clauses 2.x.1) and execute them (2.x.2). */
void txn_new_order_input(TpccClient *client);
TxnOutcome txn_new_order(TpccClient *client);
void txn_payment_input(TpccClient *client);
TxnOutcome txn_payment(TpccClient *client);
void txn_order_status_input(TpccClient *client);
TxnOutcome txn_order_status(TpccClient *client);
void txn_delivery_input(TpccClient *client);
TxnOutcome txn_delivery(TpccClient *client);
void txn_stock_level_input(TpccClient *client);
TxnOutcome txn_stock_level(TpccClient *client);

/* Thread body: runs transactions until shared->stop. */
void *client_main(void *arg);

#endif
