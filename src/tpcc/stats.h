/* Measurements of a TPC-C run: log-bucketed latency histograms, counters per transaction type,
 * errors and retries by SQLSTATE, the spec's own counters and a per-second time series. Each
 * client thread owns a TpccStats allocated before it starts; nothing is allocated per
 * transaction. The threads' stats are merged once at the end. */
#ifndef PK_TPCC_STATS_H
#define PK_TPCC_STATS_H

#include <stdbool.h>
#include <stdint.h>

#include "common/arena.h"

typedef enum TpccTxnType {
    TPCC_NEW_ORDER = 0,
    TPCC_PAYMENT,
    TPCC_ORDER_STATUS,
    TPCC_DELIVERY,
    TPCC_STOCK_LEVEL,
    TPCC_TXN_TYPES
} TpccTxnType;

/* "new_order" (JSON key) and "New-Order" (title). */
const char *tpcc_txn_key(TpccTxnType type);
const char *tpcc_txn_title(TpccTxnType type);

/* Latency histogram in microseconds: exact below 32 us, then 32 buckets per power of two, so a
 * reported percentile is within about 1.6% of the true value; values above ~2^36 us clamp. */
#define TPCC_HIST_SUB 32
#define TPCC_HIST_OCTAVES 32
#define TPCC_HIST_BUCKETS (TPCC_HIST_SUB * (TPCC_HIST_OCTAVES + 1))

typedef struct TpccHist {
    uint64_t count;
    uint64_t sum_us;
    double sum_sq_us2; /* sum of squares, for the standard deviation */
    uint64_t max_us;
    uint64_t buckets[TPCC_HIST_BUCKETS];
} TpccHist;

void tpcc_hist_add(TpccHist *hist, uint64_t value_us);
void tpcc_hist_merge(TpccHist *into, const TpccHist *from);
/* Mean and (population) standard deviation in microseconds; 0 when empty. */
double tpcc_hist_mean_us(const TpccHist *hist);
double tpcc_hist_stddev_us(const TpccHist *hist);
/* Value at quantile q in [0,1] (midpoint of its bucket, never above max); 0 when empty. */
uint64_t tpcc_hist_quantile(const TpccHist *hist, double q);
/* Bucket index and bounds, exposed for tests. */
int tpcc_hist_bucket(uint64_t value_us);
uint64_t tpcc_hist_bucket_low(int bucket);
uint64_t tpcc_hist_bucket_high(int bucket);

/* Counts by SQLSTATE: a few distinct codes are expected; more go to `other`. */
#define TPCC_MAX_CODES 16
typedef struct TpccCodeCounts {
    int used;
    char code[TPCC_MAX_CODES][6];
    uint64_t count[TPCC_MAX_CODES];
    uint64_t other;
} TpccCodeCounts;

void tpcc_codes_add(TpccCodeCounts *codes, const char *sqlstate, uint64_t n);
uint64_t tpcc_codes_total(const TpccCodeCounts *codes);
/* Orders the entries by SQLSTATE, so output does not depend on which error came first. */
void tpcc_codes_sort(TpccCodeCounts *codes);

typedef struct TpccTxnStats {
    uint64_t committed;   /* ended with COMMIT */
    uint64_t rolled_back; /* New-Order only: the spec's intended rollback on an unused item */
    uint64_t failed;      /* gave up: an error that is not retried, or retries exhausted */
    uint64_t retries;     /* re-executions with the same inputs after 40001/40P01 */
    uint64_t statements;  /* SQL statements, BEGIN and COMMIT included */
    uint64_t round_trips; /* network round trips (statements are pipelined) */
    TpccHist latency;     /* completed ones (committed + rolled_back), retries included */
} TpccTxnStats;

/* Counters that show the inputs follow clauses 2.4-2.8; tests read them from the JSON. */
typedef struct TpccSpecCounters {
    uint64_t no_lines;         /* order lines of completed New-Orders */
    uint64_t no_remote_lines;  /* ... supplied by another warehouse */
    uint64_t no_remote_orders; /* New-Orders with at least one remote line */
    uint64_t payment_by_name;  /* completed Payments that selected by last name */
    uint64_t payment_remote;   /* ... paid through another warehouse */
    uint64_t order_status_by_name;
    uint64_t order_status_lines;    /* order lines read */
    uint64_t order_status_mismatch; /* lines read != o_ol_cnt: must stay 0 */
    uint64_t delivery_districts;    /* districts delivered */
    uint64_t delivery_skipped;      /* districts with no undelivered order */
    uint64_t stock_level_low;       /* sum of the low-stock counts returned */
} TpccSpecCounters;

/* One second of the measured interval. */
typedef struct TpccSecond {
    uint32_t done[TPCC_TXN_TYPES]; /* completed, rolled-back New-Orders included */
    uint32_t failed;
    uint64_t latency_sum_us; /* of the completed ones */
    uint64_t latency_max_us;
} TpccSecond;

/* Open-loop (--rate) and latency-limit counters of the measured interval. */
typedef struct TpccPaceStats {
    uint64_t late;       /* completed above the latency limit */
    uint64_t skipped;    /* never sent: already later than the limit when due (rate + limit) */
    uint64_t lag_count;  /* transactions started under a rate */
    uint64_t lag_sum_us; /* their start minus their scheduled start */
    uint64_t lag_max_us;
} TpccPaceStats;

typedef struct TpccStats {
    TpccTxnStats txn[TPCC_TXN_TYPES];
    TpccPaceStats pace;
    TpccCodeCounts errors; /* SQLSTATE of failed transactions ("-----" when the server gave none) */
    TpccCodeCounts retried; /* SQLSTATE of each retry */
    TpccSpecCounters spec;
    TpccSecond *series; /* series_len seconds, in the arena given to tpcc_stats_init */
    int series_len;
} TpccStats;

/* The series is allocated from `arena` (NULL when series_len is 0): the stats are freed with
 * the graph that holds them. */
void tpcc_stats_init(TpccStats *stats, Arena *arena, int series_len);
/* Records a completed transaction at second `second` of the measured interval. */
void tpcc_stats_done(TpccStats *stats, TpccTxnType type, bool rolled_back, uint64_t latency_us,
                     int second);
void tpcc_stats_failed(TpccStats *stats, TpccTxnType type, const char *sqlstate, int second);
void tpcc_stats_merge(TpccStats *into, const TpccStats *from);
uint64_t tpcc_stats_completed(const TpccStats *stats, TpccTxnType type);

typedef enum TpccStopReason {
    TPCC_STOP_DURATION = 0, /* ran the whole duration: complete */
    TPCC_STOP_INTERRUPTED,  /* stop flag (Ctrl-C) */
    TPCC_STOP_SERVER_LOST,  /* connection lost or server shut down */
} TpccStopReason;

const char *tpcc_stop_reason_key(TpccStopReason reason);

/* Everything a run measured, plus the conditions it ran under. The per-second series lives in
 * `arena`: the owner frees the result with arena_free(res.arena). */
typedef struct TpccResult {
    Arena *arena;
    bool complete;
    TpccStopReason stop_reason;
    char stop_detail[256]; /* e.g. the libpq message of a lost connection */
    int warehouses, clients;
    double duration_s, warmup_s; /* as asked */
    bool think;
    double rate_tps;         /* 0 = closed loop */
    double latency_limit_ms; /* 0 = none */
    int isolation;           /* TpccIsolation */
    uint64_t seed;
    int c_last_load, c_last_run, c_id, c_ol_i_id;
    char server_version[64];
    int server_version_num;
    double measured_s;            /* measured interval actually run (shorter when stopped) */
    double cpu_user_s, cpu_sys_s; /* this process, over the measured interval */
    int client_cpus;              /* CPUs online where the driver ran */
    TpccStats stats;
} TpccResult;

/* Derived numbers. Rates are per second over measured_s; NOPM (New-Order transactions per
 * minute) counts every completed New-Order (the 1% intentionally rolled back included, clause
 * 5.4.2). The paced NOPM is that number only for a run with the keying and think times of clause
 * 5.2.5 (res->think), else -1; neither is a TPC-C result, so neither is called tpmC. */
/* Said once in every report of a run: the TPC's rules for naming results (the fair-use policy). */
#define TPCC_NOT_TPC_RESULTS                                                                       \
    "This workload is derived from TPC-C; its results are not TPC-C results and cannot be "        \
    "compared with published ones."
uint64_t tpcc_result_total(const TpccResult *res);
double tpcc_result_tps(const TpccResult *res);
double tpcc_result_nopm(const TpccResult *res);
double tpcc_result_nopm_paced(const TpccResult *res);
/* Every type's latencies in one histogram. */
void tpcc_result_latency(const TpccResult *res, TpccHist *all);
uint64_t tpcc_result_statements(const TpccResult *res);
uint64_t tpcc_result_round_trips(const TpccResult *res);

#endif
