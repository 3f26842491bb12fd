/* libFuzzer target: the CloudFormation reader (input/cloudformation.c) on arbitrary bytes, as
 * YAML (libyaml, with short-form tags) or JSON (the HCL reader), as its first byte says: no crash,
 * every entry and note at a real line. Seeds: */
// fuzz-seeds: tests/input/fixtures/cloudformation/* tests/input/real/cloudformation/*.yaml
// tests/input/real/cloudformation/*.json tests/input/real/cloudformation/*.template
#include <stddef.h>
#include <stdint.h>

#include "input/input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* forced: JSON (by its first byte) or YAML, the reader either way */
    InputOpts opts = {
        .format = INPUT_CLOUDFORMATION, .instance_memory = 17179869184.0, .instance_vcpus = 4};
    InputResult res = {0};
    PkDiag diag = PK_DIAG_INIT;
    (void)input_load_buffer("fuzz.template", (const char *)data, size, &opts, &res, &diag);
    for (size_t doc = 0; doc < res.n_docs; doc++) {
        if (res.docs[doc].format != INPUT_CLOUDFORMATION)
            continue; /* other readers have their own targets */
        for (size_t ent = 0; ent < res.docs[doc].set.n_entries; ent++)
            if (res.docs[doc].set.entries[ent].line < 1)
                __builtin_trap();
        for (size_t note = 0; note < res.docs[doc].n_notes; note++)
            if (res.docs[doc].notes[note].line < 1)
                __builtin_trap();
    }
    input_result_free(&res);
    pk_diag_free(&diag);
    return 0;
}
