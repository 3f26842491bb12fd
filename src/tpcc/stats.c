#include "tpcc/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

static const char *const txn_keys[TPCC_TXN_TYPES] = {"new_order", "payment", "order_status",
                                                     "delivery", "stock_level"};
static const char *const txn_titles[TPCC_TXN_TYPES] = {"New-Order", "Payment", "Order-Status",
                                                       "Delivery", "Stock-Level"};

const char *tpcc_txn_key(TpccTxnType type)
{
    return txn_keys[type];
}

const char *tpcc_txn_title(TpccTxnType type)
{
    return txn_titles[type];
}

#define HIST_MAX_VALUE ((UINT64_C(1) << (TPCC_HIST_OCTAVES + 5)) - 1)

int tpcc_hist_bucket(uint64_t value_us)
{
    if (value_us < TPCC_HIST_SUB)
        return (int)value_us;
    if (value_us > HIST_MAX_VALUE)
        value_us = HIST_MAX_VALUE;
    int exponent = 63 - __builtin_clzll(value_us); /* >= 5 */
    int mantissa = (int)((value_us >> (exponent - 5)) & (TPCC_HIST_SUB - 1));
    return (exponent - 4) * TPCC_HIST_SUB + mantissa;
}

uint64_t tpcc_hist_bucket_low(int bucket)
{
    if (bucket < TPCC_HIST_SUB)
        return (uint64_t)bucket;
    int exponent = bucket / TPCC_HIST_SUB + 4;
    uint64_t mantissa = (uint64_t)(bucket % TPCC_HIST_SUB);
    return (TPCC_HIST_SUB + mantissa) << (exponent - 5);
}

uint64_t tpcc_hist_bucket_high(int bucket)
{
    if (bucket < TPCC_HIST_SUB)
        return (uint64_t)bucket;
    int exponent = bucket / TPCC_HIST_SUB + 4;
    return tpcc_hist_bucket_low(bucket) + (UINT64_C(1) << (exponent - 5)) - 1;
}

void tpcc_hist_add(TpccHist *hist, uint64_t value_us)
{
    hist->buckets[tpcc_hist_bucket(value_us)]++;
    hist->count++;
    hist->sum_us += value_us;
    hist->sum_sq_us2 += (double)value_us * (double)value_us;
    if (value_us > hist->max_us)
        hist->max_us = value_us;
}

double tpcc_hist_mean_us(const TpccHist *hist)
{
    return hist->count ? (double)hist->sum_us / (double)hist->count : 0.0;
}

double tpcc_hist_stddev_us(const TpccHist *hist)
{
    if (hist->count == 0)
        return 0.0;
    double mean = tpcc_hist_mean_us(hist);
    double var = hist->sum_sq_us2 / (double)hist->count - mean * mean;
    return var > 0 ? sqrt(var) : 0.0; /* rounding can make a zero variance slightly negative */
}

void tpcc_hist_merge(TpccHist *into, const TpccHist *from)
{
    for (int bucket = 0; bucket < TPCC_HIST_BUCKETS; bucket++)
        into->buckets[bucket] += from->buckets[bucket];
    into->count += from->count;
    into->sum_us += from->sum_us;
    into->sum_sq_us2 += from->sum_sq_us2;
    if (from->max_us > into->max_us)
        into->max_us = from->max_us;
}

uint64_t tpcc_hist_quantile(const TpccHist *hist, double q)
{
    if (hist->count == 0)
        return 0;
    /* rank of the q-quantile, 1-based: the smallest value with at least q of the mass at or
     * below it */
    uint64_t rank = (uint64_t)(q * (double)hist->count + 0.999999);
    if (rank < 1)
        rank = 1;
    if (rank >= hist->count)
        return hist->max_us;
    uint64_t seen = 0;
    for (int bucket = 0; bucket < TPCC_HIST_BUCKETS; bucket++) {
        seen += hist->buckets[bucket];
        if (seen >= rank) {
            uint64_t low = tpcc_hist_bucket_low(bucket), high = tpcc_hist_bucket_high(bucket);
            uint64_t mid = low + (high - low) / 2;
            return mid < hist->max_us ? mid : hist->max_us;
        }
    }
    return hist->max_us;
}

void tpcc_codes_add(TpccCodeCounts *codes, const char *sqlstate, uint64_t n)
{
    const char *key = (sqlstate && strlen(sqlstate) == 5) ? sqlstate : "-----";
    for (int idx = 0; idx < codes->used; idx++)
        if (!strcmp(codes->code[idx], key)) {
            codes->count[idx] += n;
            return;
        }
    if (codes->used == TPCC_MAX_CODES) {
        codes->other += n;
        return;
    }
    memcpy(codes->code[codes->used], key, 6);
    codes->count[codes->used++] = n;
}

uint64_t tpcc_codes_total(const TpccCodeCounts *codes)
{
    uint64_t total = codes->other;
    for (int idx = 0; idx < codes->used; idx++)
        total += codes->count[idx];
    return total;
}

void tpcc_codes_sort(TpccCodeCounts *codes)
{
    for (int idx = 1; idx < codes->used; idx++)
        for (int pos = idx; pos > 0 && strcmp(codes->code[pos - 1], codes->code[pos]) > 0; pos--) {
            char code[6];
            memcpy(code, codes->code[pos], 6);
            memcpy(codes->code[pos], codes->code[pos - 1], 6);
            memcpy(codes->code[pos - 1], code, 6);
            uint64_t count = codes->count[pos];
            codes->count[pos] = codes->count[pos - 1];
            codes->count[pos - 1] = count;
        }
}

static void codes_merge(TpccCodeCounts *into, const TpccCodeCounts *from)
{
    for (int idx = 0; idx < from->used; idx++)
        tpcc_codes_add(into, from->code[idx], from->count[idx]);
    into->other += from->other;
}

void tpcc_stats_init(TpccStats *stats, Arena *arena, int series_len)
{
    memset(stats, 0, sizeof(*stats));
    stats->series_len = series_len > 0 ? series_len : 0;
    if (stats->series_len)
        stats->series = arena_array(arena, (size_t)stats->series_len, sizeof(TpccSecond));
}

void tpcc_stats_done(TpccStats *stats, TpccTxnType type, bool rolled_back, uint64_t latency_us,
                     int second)
{
    TpccTxnStats *txn = &stats->txn[type];
    if (rolled_back)
        txn->rolled_back++;
    else
        txn->committed++;
    tpcc_hist_add(&txn->latency, latency_us);
    if (second < 0 || second >= stats->series_len)
        return;
    TpccSecond *sec = &stats->series[second];
    sec->done[type]++;
    sec->latency_sum_us += latency_us;
    if (latency_us > sec->latency_max_us)
        sec->latency_max_us = latency_us;
}

void tpcc_stats_failed(TpccStats *stats, TpccTxnType type, const char *sqlstate, int second)
{
    stats->txn[type].failed++;
    tpcc_codes_add(&stats->errors, sqlstate, 1);
    if (second >= 0 && second < stats->series_len)
        stats->series[second].failed++;
}

static void spec_merge(TpccSpecCounters *into, const TpccSpecCounters *from)
{
    uint64_t *dst = (uint64_t *)into;
    const uint64_t *src = (const uint64_t *)from;
    for (size_t idx = 0; idx < sizeof(*into) / sizeof(uint64_t); idx++)
        dst[idx] += src[idx];
}

static void series_merge(TpccStats *into, const TpccStats *from)
{
    int len = from->series_len < into->series_len ? from->series_len : into->series_len;
    for (int second = 0; second < len; second++) {
        TpccSecond *dst = &into->series[second];
        const TpccSecond *src = &from->series[second];
        for (int type = 0; type < TPCC_TXN_TYPES; type++)
            dst->done[type] += src->done[type];
        dst->failed += src->failed;
        dst->latency_sum_us += src->latency_sum_us;
        if (src->latency_max_us > dst->latency_max_us)
            dst->latency_max_us = src->latency_max_us;
    }
}

void tpcc_stats_merge(TpccStats *into, const TpccStats *from)
{
    for (int type = 0; type < TPCC_TXN_TYPES; type++) {
        TpccTxnStats *dst = &into->txn[type];
        const TpccTxnStats *src = &from->txn[type];
        dst->committed += src->committed;
        dst->rolled_back += src->rolled_back;
        dst->failed += src->failed;
        dst->retries += src->retries;
        dst->statements += src->statements;
        dst->round_trips += src->round_trips;
        tpcc_hist_merge(&dst->latency, &src->latency);
    }
    into->pace.late += from->pace.late;
    into->pace.skipped += from->pace.skipped;
    into->pace.lag_count += from->pace.lag_count;
    into->pace.lag_sum_us += from->pace.lag_sum_us;
    if (from->pace.lag_max_us > into->pace.lag_max_us)
        into->pace.lag_max_us = from->pace.lag_max_us;
    codes_merge(&into->errors, &from->errors);
    codes_merge(&into->retried, &from->retried);
    spec_merge(&into->spec, &from->spec);
    series_merge(into, from);
}

uint64_t tpcc_stats_completed(const TpccStats *stats, TpccTxnType type)
{
    return stats->txn[type].committed + stats->txn[type].rolled_back;
}

const char *tpcc_stop_reason_key(TpccStopReason reason)
{
    switch (reason) {
    case TPCC_STOP_DURATION: return "duration";
    case TPCC_STOP_INTERRUPTED: return "interrupted";
    case TPCC_STOP_SERVER_LOST: return "server_lost";
    }
    return "unknown";
}

uint64_t tpcc_result_total(const TpccResult *res)
{
    uint64_t total = 0;
    for (int type = 0; type < TPCC_TXN_TYPES; type++)
        total += tpcc_stats_completed(&res->stats, (TpccTxnType)type);
    return total;
}

uint64_t tpcc_result_statements(const TpccResult *res)
{
    uint64_t total = 0;
    for (int type = 0; type < TPCC_TXN_TYPES; type++)
        total += res->stats.txn[type].statements;
    return total;
}

uint64_t tpcc_result_round_trips(const TpccResult *res)
{
    uint64_t total = 0;
    for (int type = 0; type < TPCC_TXN_TYPES; type++)
        total += res->stats.txn[type].round_trips;
    return total;
}

double tpcc_result_tps(const TpccResult *res)
{
    return res->measured_s > 0 ? (double)tpcc_result_total(res) / res->measured_s : 0.0;
}

double tpcc_result_nopm(const TpccResult *res)
{
    uint64_t new_orders = tpcc_stats_completed(&res->stats, TPCC_NEW_ORDER);
    return res->measured_s > 0 ? (double)new_orders * 60.0 / res->measured_s : 0.0;
}

double tpcc_result_nopm_paced(const TpccResult *res)
{
    return res->think ? tpcc_result_nopm(res) : -1.0;
}

void tpcc_result_latency(const TpccResult *res, TpccHist *all)
{
    memset(all, 0, sizeof(*all));
    for (int type = 0; type < TPCC_TXN_TYPES; type++)
        tpcc_hist_merge(all, &res->stats.txn[type].latency);
}
