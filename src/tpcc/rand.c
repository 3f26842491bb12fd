#include "tpcc/rand.h"

#include <string.h>

#include "tpcc/stats.h"

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void tpcc_rand_seed(TpccRand *rng, uint64_t seed, uint64_t stream)
{
    uint64_t state = seed ^ (stream * 0xD1B54A32D192ED03ULL);
    for (int word = 0; word < 4; word++)
        rng->s[word] = splitmix64(&state);
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t tpcc_rand_next(TpccRand *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

int64_t tpcc_rand_int(TpccRand *rng, int64_t lo, int64_t hi)
{
    uint64_t range = (uint64_t)(hi - lo) + 1;
    /* multiply-shift: bias below 2^-40 for the ranges TPC-C uses */
    unsigned __int128 product = (unsigned __int128)tpcc_rand_next(rng) * range;
    return lo + (int64_t)(product >> 64);
}

int64_t tpcc_nurand(TpccRand *rng, int64_t a, int64_t c, int64_t x, int64_t y)
{
    int64_t mixed = tpcc_rand_int(rng, 0, a) | tpcc_rand_int(rng, x, y);
    return ((mixed + c) % (y - x + 1)) + x;
}

static const char alnum[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

size_t tpcc_rand_astring(TpccRand *rng, char *buf, int min_len, int max_len)
{
    size_t len = (size_t)tpcc_rand_int(rng, min_len, max_len);
    uint64_t bits = 0;
    int left = 0;
    for (size_t pos = 0; pos < len; pos++) {
        if (left == 0) {
            bits = tpcc_rand_next(rng);
            left = 10; /* 10 draws of 6 bits per 64-bit word */
        }
        unsigned idx = (unsigned)(bits & 63);
        bits >>= 6;
        left--;
        buf[pos] = alnum[(idx * 62) >> 6];
    }
    return len;
}

size_t tpcc_rand_nstring(TpccRand *rng, char *buf, int min_len, int max_len)
{
    size_t len = (size_t)tpcc_rand_int(rng, min_len, max_len);
    for (size_t pos = 0; pos < len; pos++)
        buf[pos] = (char)('0' + tpcc_rand_int(rng, 0, 9));
    return len;
}

size_t tpcc_rand_data(TpccRand *rng, char *buf)
{
    size_t len = tpcc_rand_astring(rng, buf, 26, 50);
    if (tpcc_rand_int(rng, 1, 10) == 1) {
        size_t at = (size_t)tpcc_rand_int(rng, 0, (int64_t)len - 8);
        memcpy(buf + at, "ORIGINAL", 8);
    }
    return len;
}

static const char *const syllables[10] = {"BAR", "OUGHT", "ABLE",  "PRI",   "PRES",
                                          "ESE", "ANTI",  "CALLY", "ATION", "EING"};

size_t tpcc_last_name(int number, char *buf)
{
    int digits[3] = {number / 100, (number / 10) % 10, number % 10};
    size_t len = 0;
    for (int pos = 0; pos < 3; pos++) {
        size_t part = strlen(syllables[digits[pos]]);
        memcpy(buf + len, syllables[digits[pos]], part);
        len += part;
    }
    buf[len] = '\0';
    return len;
}

int tpcc_c_last_delta_ok(int c_load, int c_run)
{
    int delta = c_run > c_load ? c_run - c_load : c_load - c_run;
    return delta >= 65 && delta <= 119 && delta != 96 && delta != 112;
}

void tpcc_constants_for_run(TpccRand *rng, int c_last_load, TpccConstants *out)
{
    int c_run;
    do /* at least 53 of the 256 candidates qualify for any c_load, so this ends quickly */
        c_run = (int)tpcc_rand_int(rng, 0, 255);
    while (!tpcc_c_last_delta_ok(c_last_load, c_run));
    out->c_last = c_run;
    out->c_id = (int)tpcc_rand_int(rng, 0, 1023);
    out->c_ol_i_id = (int)tpcc_rand_int(rng, 0, 8191);
}

void tpcc_deck_shuffle(TpccRand *rng, unsigned char deck[TPCC_DECK_SIZE])
{
    static const int shares[TPCC_TXN_TYPES] = {45, 43, 4, 4, 4};
    int pos = 0;
    for (int type = 0; type < TPCC_TXN_TYPES; type++)
        for (int card = 0; card < shares[type]; card++)
            deck[pos++] = (unsigned char)type;
    for (int idx = TPCC_DECK_SIZE - 1; idx > 0; idx--) {
        int other = (int)tpcc_rand_int(rng, 0, idx);
        unsigned char tmp = deck[idx];
        deck[idx] = deck[other];
        deck[other] = tmp;
    }
}
