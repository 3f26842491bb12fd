/* libFuzzer target for the one number parser of the command line (src/cli/cli_options.c:
 * cli_option_store over integers, decimals, durations and sizes with their units, and enums).
 * The input is an option's value, given to each kind of row. Beyond not crashing, it checks
 * the promise: a value it accepts lies within the row's range. Built by tests/fuzz/run.sh. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "cli/cli_options.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct Values {
    int count;
    double rate, duration_s, bytes;
    uint64_t seed;
    int level;
} Values;

static const char *const levels[] = {"read-committed", "serializable", NULL};
static const CliOption rows[] = {
    {"count", "N", 'c', "", .type = CLI_INT, .min = 1, .max = 1000,
     .target = CLI_AT(Values, count)},
    {"rate", "TPS", 'r', "", .type = CLI_NUMBER, .min = 0, .max = 1e6, .above_min = true,
     .target = CLI_AT(Values, rate)},
    {"duration", "D", 'd', "", .type = CLI_DURATION, .min = 0.001, .max = 30 * 86400,
     .target = CLI_AT(Values, duration_s)},
    {"size", "S", 's', "", .type = CLI_SIZE, .min = 1, .max = 1e15,
     .target = CLI_AT(Values, bytes)},
    {"seed", "N", 'x', "", .type = CLI_INT, .wide = true, .target = CLI_AT(Values, seed)},
    {"level", "L", 'l', "", .type = CLI_ENUM, .choices = levels, .target = CLI_AT(Values, level)},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *arg = malloc(size + 1);
    if (!arg)
        return 0;
    memcpy(arg, data, size);
    arg[size] = '\0';
    /* the usage errors are expected: kept off stderr, where libFuzzer reports */
    int saved = dup(2), null = open("/dev/null", O_WRONLY);
    bool outside = false; /* a value accepted outside its row's range */
    if (saved >= 0 && null >= 0)
        dup2(null, 2);
    for (size_t idx = 0; idx < sizeof(rows) / sizeof(rows[0]); idx++) {
        Values v = {0};
        if (!cli_option_store(&rows[idx], arg, &v))
            continue;
        if ((idx == 0 && (v.count < 1 || v.count > 1000)) ||
            (idx == 1 && !(v.rate > 0 && v.rate <= 1e6)) ||
            (idx == 2 && !(v.duration_s >= 0.001 && v.duration_s <= 30 * 86400)) ||
            (idx == 3 && !(v.bytes >= 1 && v.bytes <= 1e15)) ||
            (idx == 5 && (v.level < 0 || v.level > 1)))
            outside = true;
    }
    fflush(stderr);
    if (saved >= 0 && null >= 0)
        dup2(saved, 2);
    if (saved >= 0)
        close(saved);
    if (null >= 0)
        close(null);
    free(arg);
    if (outside)
        abort(); /* with stderr back, for libFuzzer's report */
    return 0;
}
