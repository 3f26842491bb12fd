/* NURand ranges and constants, last names, strings and the deck of src/tpcc/rand.c. */
#include <string.h>

#include "harness.h"
#include "tpcc/rand.h"
#include "tpcc/stats.h"

static void test_uniform_range(void)
{
    TpccRand rng;
    tpcc_rand_seed(&rng, 42, 0);
    int seen_lo = 0, seen_hi = 0, outside = 0;
    for (int draw = 0; draw < 100000; draw++) {
        int64_t v = tpcc_rand_int(&rng, 5, 15);
        outside += v < 5 || v > 15;
        seen_lo += v == 5;
        seen_hi += v == 15;
    }
    CHECK(outside == 0);
    /* 1/11 each: about 9090, far from 0 */
    CHECK(seen_lo > 8500 && seen_lo < 9700);
    CHECK(seen_hi > 8500 && seen_hi < 9700);
}

static void test_nurand_ranges(void)
{
    TpccRand rng;
    tpcc_rand_seed(&rng, 7, 1);
    int64_t min_c = 1 << 30, max_c = -1, min_i = 1 << 30, max_i = -1, min_l = 1 << 30, max_l = -1;
    for (int draw = 0; draw < 200000; draw++) {
        int64_t c = tpcc_nurand(&rng, 1023, 259, 1, 3000);
        int64_t i = tpcc_nurand(&rng, 8191, 7911, 1, 100000);
        int64_t l = tpcc_nurand(&rng, 255, 223, 0, 999);
        min_c = c < min_c ? c : min_c, max_c = c > max_c ? c : max_c;
        min_i = i < min_i ? i : min_i, max_i = i > max_i ? i : max_i;
        min_l = l < min_l ? l : min_l, max_l = l > max_l ? l : max_l;
    }
    CHECK(min_c == 1 && max_c == 3000);
    CHECK(min_i >= 1 && max_i <= 100000 && max_i > 99000);
    CHECK(min_l == 0 && max_l == 999);
}

static void test_nurand_nonuniform(void)
{
    /* NURand is skewed: the most frequent customer id is drawn far more than 1/3000 */
    TpccRand rng;
    tpcc_rand_seed(&rng, 11, 2);
    static int freq[3001];
    memset(freq, 0, sizeof(freq));
    for (int draw = 0; draw < 300000; draw++)
        freq[tpcc_nurand(&rng, 1023, 100, 1, 3000)]++;
    int top = 0;
    for (int id = 1; id <= 3000; id++)
        top = freq[id] > top ? freq[id] : top;
    CHECK(top > 3 * 100);
}

static void test_constants(void)
{
    TpccRand rng;
    tpcc_rand_seed(&rng, 3, 3);
    for (int c_load = 0; c_load <= 255; c_load++) {
        TpccConstants k;
        tpcc_constants_for_run(&rng, c_load, &k);
        int delta = k.c_last > c_load ? k.c_last - c_load : c_load - k.c_last;
        CHECK(k.c_last >= 0 && k.c_last <= 255);
        CHECK(delta >= 65 && delta <= 119 && delta != 96 && delta != 112);
        CHECK(k.c_id >= 0 && k.c_id <= 1023);
        CHECK(k.c_ol_i_id >= 0 && k.c_ol_i_id <= 8191);
    }
    CHECK(!tpcc_c_last_delta_ok(100, 196));
    CHECK(!tpcc_c_last_delta_ok(100, 212));
    CHECK(!tpcc_c_last_delta_ok(100, 164));
    CHECK(tpcc_c_last_delta_ok(100, 165));
    CHECK(tpcc_c_last_delta_ok(200, 81));
}

static void test_last_names(void)
{
    char buf[TPCC_LAST_NAME_MAX + 1];
    tpcc_last_name(0, buf);
    CHECK_STR(buf, "BARBARBAR");
    tpcc_last_name(371, buf);
    CHECK_STR(buf, "PRICALLYOUGHT");
    tpcc_last_name(999, buf);
    CHECK_STR(buf, "EINGEINGEING");
    size_t longest = 0;
    for (int number = 0; number < 1000; number++)
        longest = tpcc_last_name(number, buf) > longest ? strlen(buf) : longest;
    CHECK(longest == 15 && longest <= TPCC_LAST_NAME_MAX);
}

static void test_strings(void)
{
    TpccRand rng;
    tpcc_rand_seed(&rng, 5, 4);
    char buf[64];
    int original = 0, bad = 0;
    for (int draw = 0; draw < 10000; draw++) {
        size_t len = tpcc_rand_data(&rng, buf);
        bad += len < 26 || len > 50;
        for (size_t pos = 0; pos < len; pos++)
            bad += !((buf[pos] >= '0' && buf[pos] <= '9') || (buf[pos] >= 'A' && buf[pos] <= 'Z') ||
                     (buf[pos] >= 'a' && buf[pos] <= 'z'));
        buf[len] = '\0';
        original += strstr(buf, "ORIGINAL") != NULL;
    }
    CHECK(bad == 0);
    CHECK(original > 850 && original < 1150); /* 10% */
    size_t n = tpcc_rand_nstring(&rng, buf, 16, 16);
    CHECK(n == 16 && buf[0] >= '0' && buf[0] <= '9');
}

static void test_deck(void)
{
    TpccRand rng;
    tpcc_rand_seed(&rng, 9, 5);
    unsigned char first[TPCC_DECK_SIZE], second[TPCC_DECK_SIZE];
    tpcc_deck_shuffle(&rng, first);
    tpcc_deck_shuffle(&rng, second);
    int counts[TPCC_TXN_TYPES] = {0};
    for (int card = 0; card < TPCC_DECK_SIZE; card++)
        counts[first[card]]++;
    CHECK(counts[TPCC_NEW_ORDER] == 45 && counts[TPCC_PAYMENT] == 43);
    CHECK(counts[TPCC_ORDER_STATUS] == 4 && counts[TPCC_DELIVERY] == 4 &&
          counts[TPCC_STOCK_LEVEL] == 4);
    CHECK(memcmp(first, second, sizeof(first)) != 0); /* shuffled, not a fixed order */
    /* deterministic: same seed, same deck */
    TpccRand again;
    tpcc_rand_seed(&again, 9, 5);
    unsigned char replay[TPCC_DECK_SIZE];
    tpcc_deck_shuffle(&again, replay);
    CHECK(memcmp(first, replay, sizeof(first)) == 0);
}

int main(void)
{
    test_uniform_range();
    test_nurand_ranges();
    test_nurand_nonuniform();
    test_constants();
    test_last_names();
    test_strings();
    test_deck();
    PK_TEST_DONE();
}
