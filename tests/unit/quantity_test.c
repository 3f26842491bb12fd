/* Unit tests for pgknob's one duration and size parser (src/common/quantity.c): every unit
 * spelling, a bare number, a space before the unit, the range check, and what is refused
 * (negative, empty, trailing text, unknown unit, overflow, NULL). */
#include <stdbool.h>
#include <stdint.h>

#include "common/quantity.h"
#include "harness.h"

static bool dur(const char *text, double expected)
{
    double got = -1;
    return pk_parse_duration(text, 0, 1e9, &got) && pk_near(got, expected);
}

static void test_duration(void)
{
    CHECK(dur("90", 90) && dur("90s", 90) && dur("250ms", 0.25) && dur("1.5min", 90));
    CHECK(dur("2m", 120) && dur("2h", 7200) && dur("1d", 86400) && dur("10 s", 10));
    double got = 0;
    CHECK(!pk_parse_duration("", 0, 10, &got) && !pk_parse_duration(NULL, 0, 10, &got));
    CHECK(!pk_parse_duration("-1s", -10, 10, &got));
    CHECK(!pk_parse_duration("5 parsecs", 0, 10, &got) && !pk_parse_duration("5s ", 0, 10, &got));
    CHECK(!pk_parse_duration("1e999", 0, 1e9, &got) && !pk_parse_duration("nan", 0, 1e9, &got));
    /* the range, as audit --sample uses it: 100 ms to 1 h */
    CHECK(pk_parse_duration("100ms", 0.1, 3600, &got) && pk_near(got, 0.1));
    CHECK(!pk_parse_duration("99ms", 0.1, 3600, &got) &&
          !pk_parse_duration("61min", 0.1, 3600, &got));
    got = 7;
    CHECK(!pk_parse_duration("2h", 0.1, 3600, &got) && pk_near(got, 7)); /* untouched on failure */
}

static void test_size(void)
{
    uint64_t bytes = 0;
    CHECK(pk_parse_size("512", &bytes) && bytes == 512);
    CHECK(pk_parse_size("64kB", &bytes) && bytes == 65536);
    CHECK(pk_parse_size("1.5GB", &bytes) && bytes == 1610612736ULL);
    CHECK(pk_parse_size("2TB", &bytes) && bytes == 2199023255552ULL);
    CHECK(pk_parse_size("8 MB", &bytes) && bytes == 8388608);
    CHECK(!pk_parse_size("64kb", &bytes)); /* the server spells it kB */
    CHECK(!pk_parse_size("-1MB", &bytes) && !pk_parse_size("MB", &bytes));
    CHECK(!pk_parse_size("99999999TB", &bytes) && !pk_parse_size(NULL, &bytes));
}

int main(void)
{
    test_duration();
    test_size();
    PK_TEST_DONE();
}
