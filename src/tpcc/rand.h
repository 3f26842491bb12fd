/* Per-thread random numbers for TPC-C: a small fast generator, the spec's NURand, strings and
 * last names of clause 4.3.2, and the shuffled transaction deck. No global state: each client
 * and each loader job owns a TpccRand seeded from --seed, so runs are reproducible. */
#ifndef PK_TPCC_RAND_H
#define PK_TPCC_RAND_H

#include <stddef.h>
#include <stdint.h>

typedef struct TpccRand {
    uint64_t s[4]; /* xoshiro256** state */
} TpccRand;

/* The run-time constants C of NURand (clause 2.1.6). */
typedef struct TpccConstants {
    int c_last;    /* A = 255, C_LAST */
    int c_id;      /* A = 1023, C_ID */
    int c_ol_i_id; /* A = 8191, OL_I_ID */
} TpccConstants;

#define TPCC_LAST_NAME_MAX 16 /* longest generated last name, without NUL */
#define TPCC_DECK_SIZE 100

/* Seeds from (seed, stream): distinct streams give independent sequences. */
void tpcc_rand_seed(TpccRand *rng, uint64_t seed, uint64_t stream);
uint64_t tpcc_rand_next(TpccRand *rng);
/* Uniform integer in [lo, hi], both inclusive; lo <= hi. */
int64_t tpcc_rand_int(TpccRand *rng, int64_t lo, int64_t hi);
/* NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x. */
int64_t tpcc_nurand(TpccRand *rng, int64_t a, int64_t c, int64_t x, int64_t y);
/* Random alphanumeric string of length in [min_len, max_len] written to buf (no NUL); returns
 * the length. Only [0-9A-Za-z], so the text is safe in COPY text format. */
size_t tpcc_rand_astring(TpccRand *rng, char *buf, int min_len, int max_len);
/* Random digit string, as above. */
size_t tpcc_rand_nstring(TpccRand *rng, char *buf, int min_len, int max_len);
/* i_data / s_data: a-string [26..50], 10% of them with "ORIGINAL" at a random position. */
size_t tpcc_rand_data(TpccRand *rng, char *buf);
/* C_LAST of clause 4.3.2.3 for number 0..999 (three syllables); buf holds at least
 * TPCC_LAST_NAME_MAX + 1 bytes; returns the length and NUL-terminates. */
size_t tpcc_last_name(int number, char *buf);
/* Run-time constants: C_LAST differs from c_last_load by 65..119 but not 96 or 112
 * (clause 2.1.6.1); C_ID in 0..1023 and C_OL_I_ID in 0..8191. */
void tpcc_constants_for_run(TpccRand *rng, int c_last_load, TpccConstants *out);
/* True when c_run is a valid run-time C_LAST for c_load. */
int tpcc_c_last_delta_ok(int c_load, int c_run);
/* Fills deck with 45 New-Order, 43 Payment, 4 Order-Status, 4 Delivery and 4 Stock-Level cards
 * (TpccTxnType values) in random order (Fisher-Yates). */
void tpcc_deck_shuffle(TpccRand *rng, unsigned char deck[TPCC_DECK_SIZE]);

#endif
