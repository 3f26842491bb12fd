/* Histogram buckets and percentiles, SQLSTATE counts and merging of src/tpcc/stats.c. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "tpcc/stats.h"

static void test_buckets(void)
{
    int bad = 0, prev = -1;
    for (uint64_t v = 0; v < 5000000; v += 1 + v / 50) {
        int b = tpcc_hist_bucket(v);
        bad += v < tpcc_hist_bucket_low(b) || v > tpcc_hist_bucket_high(b);
        bad += b < prev; /* monotonic */
        prev = b;
    }
    CHECK(bad == 0);
    CHECK(tpcc_hist_bucket(31) == 31);
    CHECK(tpcc_hist_bucket(32) == 32);
    CHECK(tpcc_hist_bucket_low(tpcc_hist_bucket(1000)) <= 1000);
    /* relative bucket width at most 1/32 */
    int b = tpcc_hist_bucket(1000000);
    CHECK((tpcc_hist_bucket_high(b) - tpcc_hist_bucket_low(b) + 1) * 32 <= tpcc_hist_bucket_low(b));
    CHECK(tpcc_hist_bucket(UINT64_MAX) < TPCC_HIST_BUCKETS);
}

static void test_percentiles(void)
{
    static TpccHist hist; /* 8 kB: keep off the stack */
    for (uint64_t v = 1; v <= 10000; v++)
        tpcc_hist_add(&hist, v * 10); /* 10 us .. 100 ms, uniform */
    CHECK(hist.count == 10000 && hist.max_us == 100000);
    uint64_t p50 = tpcc_hist_quantile(&hist, 0.50), p99 = tpcc_hist_quantile(&hist, 0.99);
    CHECK(p50 > 50000 * 0.97 && p50 < 50000 * 1.03);
    CHECK(p99 > 99000 * 0.97 && p99 < 99000 * 1.03);
    CHECK(tpcc_hist_quantile(&hist, 1.0) == 100000);
    CHECK(tpcc_hist_quantile(&hist, 0.0) <= 11);
    static TpccHist empty;
    CHECK(tpcc_hist_quantile(&empty, 0.95) == 0);
    /* a single huge value: p99 of one sample is the sample, clamped to max */
    static TpccHist one;
    tpcc_hist_add(&one, 123456789);
    CHECK(tpcc_hist_quantile(&one, 0.99) <= 123456789);
    CHECK(tpcc_hist_quantile(&one, 0.99) > 123456789 * 0.97);
}

static void test_skewed(void)
{
    static TpccHist hist;
    for (int idx = 0; idx < 900; idx++)
        tpcc_hist_add(&hist, 1000);
    for (int idx = 0; idx < 100; idx++)
        tpcc_hist_add(&hist, 50000);
    CHECK(tpcc_hist_quantile(&hist, 0.90) < 1100);
    CHECK(tpcc_hist_quantile(&hist, 0.95) > 48000);
}

static void test_codes_and_merge(void)
{
    TpccStats a, b;
    Arena *arena = arena_new();
    tpcc_stats_init(&a, arena, 3);
    tpcc_stats_init(&b, arena, 5);
    tpcc_stats_done(&a, TPCC_NEW_ORDER, false, 100, 0);
    tpcc_stats_done(&a, TPCC_NEW_ORDER, true, 300, 2);
    tpcc_stats_done(&b, TPCC_NEW_ORDER, false, 200,
                    4); /* beyond a's series: counted, not plotted */
    tpcc_stats_failed(&b, TPCC_PAYMENT, "40001", 1);
    tpcc_stats_failed(&b, TPCC_PAYMENT, NULL, 1);
    tpcc_codes_add(&b.retried, "40P01", 3);
    tpcc_stats_merge(&a, &b);
    CHECK(a.txn[TPCC_NEW_ORDER].committed == 2 && a.txn[TPCC_NEW_ORDER].rolled_back == 1);
    CHECK(tpcc_stats_completed(&a, TPCC_NEW_ORDER) == 3);
    CHECK(a.txn[TPCC_NEW_ORDER].latency.max_us == 300);
    CHECK(a.txn[TPCC_PAYMENT].failed == 2);
    CHECK(tpcc_codes_total(&a.errors) == 2 && a.errors.used == 2);
    CHECK_STR(a.errors.code[1], "-----");
    CHECK(a.retried.count[0] == 3);
    CHECK(a.series[1].failed == 2 && a.series[2].done[TPCC_NEW_ORDER] == 1);
    for (int idx = 0; idx < TPCC_MAX_CODES + 4; idx++) {
        char code[6] = {'X', 'X', 'X', (char)('A' + idx / 10), (char)('0' + idx % 10), 0};
        tpcc_codes_add(&a.errors, code, 1);
    }
    CHECK(a.errors.used == TPCC_MAX_CODES && a.errors.other == 6);
    tpcc_codes_sort(&a.errors);
    int sorted = 1;
    for (int idx = 1; idx < a.errors.used; idx++)
        sorted &= strcmp(a.errors.code[idx - 1], a.errors.code[idx]) < 0;
    CHECK(sorted);
    CHECK_STR(a.errors.code[0], "-----");
    CHECK(a.errors.count[0] == 1);
    CHECK_STR(a.errors.code[1], "40001");
    arena_free(arena);
}

int main(void)
{
    test_buckets();
    test_percentiles();
    test_skewed();
    test_codes_and_merge();
    PK_TEST_DONE();
}
