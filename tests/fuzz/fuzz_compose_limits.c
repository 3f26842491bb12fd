/* libFuzzer target for the compose limits reader (src/input/compose_limits.c): arbitrary bytes
 * read as a compose file beside a real postgresql.conf, and as a Docker byte value. Beyond not
 * crashing, it checks the promise: limits found are positive, and they come with the place
 * they were read from. Built by tests/fuzz/run.sh, linked with every source: the command's
 * overrides are read by src/input/args.c, the postmaster's parser. */
// fuzz-seeds: tests/input/real/compose/*.yaml
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "input/compose_limits.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_DIR "/tmp/pgknob-fuzz-compose"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the mounted file must exist for a bind source to name it */
    (void)mkdir(FUZZ_DIR, 0700);
    (void)mkdir(FUZZ_DIR "/db", 0700);
    FILE *conf = fopen(FUZZ_DIR "/db/postgresql.conf", "a");
    if (conf)
        fclose(conf);
    ComposeLimits limits = {.ram = -1, .cores = -1};
    if (compose_text_limits((const char *)data, size, FUZZ_DIR "/compose.yaml", FUZZ_DIR,
                            FUZZ_DIR "/db/postgresql.conf", &limits) &&
        limits.source && ((limits.ram <= 0 && limits.cores <= 0) || !strstr(limits.source, " at ")))
        abort();
    compose_limits_clear(&limits);
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    double bytes = compose_bytes(text);
    if (bytes < 0 && bytes != -1)
        abort();
    free(text);
    return 0;
}
