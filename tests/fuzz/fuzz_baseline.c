/* libFuzzer target for the baseline reader (`--baseline FILE`: jansson and the key extraction of
 * pgknob's own reports, which a user may hand any file). The input is given without a
 * terminating NUL, so reading past its length is caught. Built by tests/fuzz/run.sh. */
// fuzz-seeds: tests/golden/report/*.json
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "project/policy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    Baseline baseline = {0};
    PkDiag diag = PK_DIAG_INIT;
    if (baseline_load_buffer(text, size, &baseline, &diag))
        arena_free(baseline.arena);
    pk_diag_free(&diag);
    free(text);
    return 0;
}
