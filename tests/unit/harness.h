/* Minimal unit-test harness: CHECK macros print file:line on failure; main() of each test file
 * calls its tests and ends with PK_TEST_DONE(), which prints "N passed, N failed". */
#ifndef PK_TEST_HARNESS_H
#define PK_TEST_HARNESS_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int pk_test_passed, pk_test_failed;

/* Doubles within a relative 1e-9 (at least 1e-9 absolute): values parsed and scaled need not be
 * bit-exact, and an exact == would be a test of the compiler's rounding. */
static inline int pk_near(double actual, double expected)
{
    return fabs(actual - expected) <= 1e-9 * fmax(1.0, fabs(expected));
}

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (cond) {                                                                                \
            pk_test_passed++;                                                                      \
        } else {                                                                                   \
            pk_test_failed++;                                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

#define CHECK_STR(actual, expected)                                                                \
    do {                                                                                           \
        const char *pk_a = (actual), *pk_e = (expected);                                           \
        if ((pk_a == NULL && pk_e == NULL) || (pk_a && pk_e && strcmp(pk_a, pk_e) == 0)) {         \
            pk_test_passed++;                                                                      \
        } else {                                                                                   \
            pk_test_failed++;                                                                      \
            fprintf(stderr, "%s:%d: %s: got \"%s\", expected \"%s\"\n", __FILE__, __LINE__,        \
                    #actual, pk_a ? pk_a : "(null)", pk_e ? pk_e : "(null)");                      \
        }                                                                                          \
    } while (0)

#define PK_TEST_DONE()                                                                             \
    do {                                                                                           \
        printf("%d passed, %d failed\n", pk_test_passed, pk_test_failed);                          \
        return pk_test_failed ? 1 : 0;                                                             \
    } while (0)

#endif
