/* libFuzzer target: the pg_hba.conf / pg_ident.conf reader on arbitrary bytes. The first byte
 * picks the major (13–18), the second the ssl setting and build; the rest is written to a
 * pg_hba.conf in a private directory and read back, then also as a pg_ident.conf. @file and
 * include names resolve inside that directory (or wherever an absolute name points). */
// fuzz-seeds: tests/hba/cases/*/pg_hba.conf tests/hba/cases/*/pg_ident.conf
// fuzz-slow: each input is written to two files and read back through the path-based reader, as the
// server reads it (about 100 executions a second under ASan)
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hba/hba.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[] = "/tmp/pgknob-fuzz-hba.XXXXXX";

static void write_file(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    if (size && fwrite(data, 1, size, f) != size)
        abort();
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool made;
    if (!made && !(made = mkdtemp(dir) != NULL))
        abort();
    if (size < 2)
        return 0;
    HbaOpts opts = {.major = 13 + data[0] % 6,
                    .max_files_read = 8, /* a self-include costs 8 reads, not 1,000 */
                    .ssl = data[1] & 1,
                    .features = (data[1] >> 1) & 31,
                    .oauth_validators = "v1"};
    char hba[64], ident[64];
    snprintf(hba, sizeof(hba), "%s/pg_hba.conf", dir);
    snprintf(ident, sizeof(ident), "%s/pg_ident.conf", dir);
    write_file(hba, data + 2, size - 2);
    write_file(ident, data + 2, size - 2);
    HbaSet set = {0};
    hba_load(hba, ident, &opts, &set);
    size_t total = 0;
    for (size_t idx = 0; idx < set.n_rules; idx++) {
        const HbaRule *r = &set.rules[idx];
        total += strlen(r->raw) + (r->error ? strlen(r->error) : 0);
        for (size_t opt = 0; opt < r->n_options; opt++)
            total += strlen(r->options[opt]);
        if (r->parsed && (!r->type || !r->method))
            __builtin_trap();
    }
    for (size_t idx = 0; idx < set.n_maps; idx++)
        if (set.maps[idx].parsed != (set.maps[idx].error == NULL))
            __builtin_trap();
    (void)hba_set_starts(&set);
    arena_free(set.arena);
    return total == (size_t)-1;
}
