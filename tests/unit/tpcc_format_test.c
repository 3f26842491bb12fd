/* Text formatting of the driver: parameters (ParamBuf), COPY fields and rate wording. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "tpcc/client.h"
#include "tpcc/copy.h"
#include "tpcc/tpcc.h"

static void test_params(void)
{
    static ParamBuf params;
    param_reset(&params);
    param_int(&params, 0);
    param_int(&params, -42);
    param_cents(&params, 123456);
    param_cents(&params, -5);
    int items[3] = {7, 100000, 31};
    param_int_array(&params, items, 3);
    int64_t cents[2] = {1, 99900};
    param_cents_array(&params, cents, 2);
    char dist[2][25] = {"abcDEF012", "Z"};
    param_text_array(&params, (const char(*)[25])dist, 2);
    param_text(&params, "BARBARBAR");
    CHECK(params.count == 8);
    CHECK_STR(params.values[0], "0");
    CHECK_STR(params.values[1], "-42");
    CHECK_STR(params.values[2], "1234.56");
    CHECK_STR(params.values[3], "-0.05");
    CHECK_STR(params.values[4], "{7,100000,31}");
    CHECK_STR(params.values[5], "{0.01,999.00}");
    CHECK_STR(params.values[6], "{abcDEF012,Z}");
    CHECK_STR(params.values[7], "BARBARBAR");
    param_reset(&params);
    CHECK(params.count == 0 && params.used == 0);
}

static void test_copy_fields(void)
{
    static TpccCopy copy;
    tpcc_copy_init(&copy, NULL); /* fields only: nothing is sent */
    tpcc_copy_int(&copy, 3001);
    tpcc_copy_decimal(&copy, 30000000, 2);
    tpcc_copy_decimal(&copy, 1234, 4);
    tpcc_copy_decimal(&copy, -1000, 2);
    tpcc_copy_decimal(&copy, 5, 4);
    tpcc_copy_null(&copy);
    tpcc_copy_cstr(&copy, "OE");
    copy.buf[copy.len - 1] = '\n';
    copy.buf[copy.len] = '\0';
    CHECK_STR(copy.buf, "3001\t300000.00\t0.1234\t-10.00\t0.0005\t\\N\tOE\n");
}

static void test_rates(void)
{
    StrBuf out = STRBUF_INIT;
    tpcc_format_rate(0, 60, 1, &out);
    CHECK_STR(sb_str(&out), "< 1 per 60 s");
    sb_reset(&out);
    tpcc_format_rate(0, 2.5, 60, &out);
    CHECK_STR(sb_str(&out), "< 1 per 2.5 s");
    sb_reset(&out);
    tpcc_format_rate(1234, 10, 1, &out);
    CHECK_STR(sb_str(&out), "123.4");
    sb_reset(&out);
    tpcc_format_rate(45, 60, 60, &out);
    CHECK_STR(sb_str(&out), "45.0");
    sb_reset(&out);
    tpcc_format_rate(5, 0, 1, &out);
    CHECK_STR(sb_str(&out), "not measured");
    sb_free(&out);
}

static void test_empty_result_json(void)
{
    /* a run that measured nothing still renders valid, finite JSON */
    static TpccResult res;
    tpcc_stats_init(&res.stats, arena_get(&res.arena), 3);
    res.measured_s = 3;
    StrBuf out = STRBUF_INIT;
    tpcc_result_to_json(&res, &out);
    CHECK(strstr(sb_str(&out), "\"tps_text\": \"< 1 per 3 s\"") != NULL);
    CHECK(strstr(sb_str(&out), "\"below_resolution\": true") != NULL);
    CHECK(strstr(sb_str(&out), "nan") == NULL && strstr(sb_str(&out), "inf") == NULL);
    sb_free(&out);
    arena_free(res.arena);
}

static void test_client_bound_warning(void)
{
    static TpccResult res;
    tpcc_stats_init(&res.stats, arena_get(&res.arena), 1);
    res.measured_s = 10;
    res.client_cpus = 2;
    res.stats.txn[TPCC_PAYMENT].committed = 100;
    res.cpu_user_s = 17; /* 1.7 cores of 2 */
    StrBuf out = STRBUF_INIT;
    tpcc_result_to_text(&res, false, &out);
    CHECK(strstr(sb_str(&out), "warning: the driver used 85% of the 2 CPUs") != NULL);
    sb_reset(&out);
    tpcc_result_to_json(&res, &out);
    CHECK(strstr(sb_str(&out), "\"client_bound\": true") != NULL);
    sb_reset(&out);
    res.cpu_user_s = 0.2;
    tpcc_result_to_text(&res, false, &out);
    CHECK(strstr(sb_str(&out), "warning") == NULL && strstr(sb_str(&out), "note:") == NULL);
    sb_free(&out);
    arena_free(res.arena);
}

static void test_mean_stddev(void)
{
    static TpccHist hist;
    memset(&hist, 0, sizeof(hist));
    CHECK(!(tpcc_hist_stddev_us(&hist) > 0) && !(tpcc_hist_mean_us(&hist) > 0));
    tpcc_hist_add(&hist, 1000);
    tpcc_hist_add(&hist, 3000);
    CHECK(fabs(tpcc_hist_mean_us(&hist) - 2000.0) < 1e-9);
    CHECK(fabs(tpcc_hist_stddev_us(&hist) - 1000.0) < 1e-6);
    static TpccHist more;
    memset(&more, 0, sizeof(more));
    tpcc_hist_add(&more, 2000);
    tpcc_hist_merge(&hist, &more); /* 1000, 2000, 3000: stddev sqrt(2/3) * 1000 */
    CHECK(fabs(tpcc_hist_stddev_us(&hist) - sqrt(2.0 / 3.0) * 1000.0) < 1e-6);
}

static void test_progress_line(void)
{
    TpccProgress progress = {.elapsed_s = 5.04,
                             .left_s = 3,
                             .tps = 305.25,
                             .latency_mean_ms = 6.5124,
                             .latency_stddev_ms = 3.1,
                             .lag_mean_ms = 0.2151,
                             .failed = 2,
                             .late = 7,
                             .skipped = 1};
    TpccRunOpts opts = {0};
    StrBuf out = STRBUF_INIT;
    tpcc_progress_text(&progress, &opts, &out);
    CHECK_STR(sb_str(&out),
              "progress: 5.0 s, 305.2 tps, lat 6.512 ms stddev 3.100, 2 failed (3.0 s left)");
    sb_reset(&out);
    opts.latency_limit_ms = 50;
    progress.warmup = true;
    tpcc_progress_text(&progress, &opts, &out);
    CHECK_STR(sb_str(&out), "progress: 5.0 s, 305.2 tps, lat 6.512 ms stddev 3.100, 2 failed, "
                            "7 late (warm-up, 3.0 s left)");
    sb_reset(&out);
    opts.rate_tps = 100;
    progress.warmup = false;
    tpcc_progress_text(&progress, &opts, &out);
    CHECK_STR(sb_str(&out), "progress: 5.0 s, 305.2 tps, lat 6.512 ms stddev 3.100, 2 failed, "
                            "lag 0.215 ms, 7 late, 1 skipped (3.0 s left)");
    sb_free(&out);
}

/* NOPM always, paced only with the keying and think times; never the trademark tpmC. */
static void test_nopm_naming(void)
{
    static TpccResult res;
    tpcc_stats_init(&res.stats, arena_get(&res.arena), 1);
    res.measured_s = 60;
    res.stats.txn[TPCC_NEW_ORDER].committed = 120;
    StrBuf out = STRBUF_INIT;
    tpcc_result_to_text(&res, false, &out);
    CHECK(strstr(sb_str(&out), "120.0 NOPM (New-Order transactions per minute, no keying or "
                               "think times)") != NULL);
    CHECK(strstr(sb_str(&out), "tpmC") == NULL);
    CHECK(strstr(sb_str(&out), "its results are not TPC-C results") != NULL);
    CHECK(tpcc_result_nopm_paced(&res) < 0 && fabs(tpcc_result_nopm(&res) - 120) < 1e-9);
    sb_reset(&out);
    tpcc_result_to_json(&res, &out);
    CHECK(strstr(sb_str(&out), "\"nopm_paced\": null") != NULL);
    CHECK(strstr(sb_str(&out), "\"nopm\": 120") != NULL);
    CHECK(strstr(sb_str(&out), "\"rate\": null") != NULL);
    sb_reset(&out);
    res.think = true;
    tpcc_result_to_text(&res, false, &out);
    CHECK(strstr(sb_str(&out), "120.0 NOPM (New-Order transactions per minute, paced by the "
                               "keying and think times of clause 5.2.5)") != NULL);
    CHECK(strstr(sb_str(&out), "tpmC") == NULL);
    sb_reset(&out);
    tpcc_result_to_json(&res, &out);
    CHECK(strstr(sb_str(&out), "\"nopm_paced\": 120") != NULL);
    sb_free(&out);
    arena_free(res.arena);
}

int main(void)
{
    test_mean_stddev();
    test_progress_line();
    test_nopm_naming();
    test_params();
    test_copy_fields();
    test_rates();
    test_empty_result_json();
    test_client_bound_warning();
    PK_TEST_DONE();
}
