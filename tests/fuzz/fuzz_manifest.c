/* libFuzzer target: the manifest reader (recognition, libyaml, operator routes, the RDS JSON
 * reader and its formulas) on arbitrary bytes. Build and seeds, for tests/fuzz/run.sh: */
// fuzz-seeds: tests/input/fixtures/*
#include <stddef.h>
#include <stdint.h>

#include "input/input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const InputFormat formats[] = {INPUT_AUTO, INPUT_PATRONI, INPUT_RDS};
    for (size_t idx = 0; idx < 3; idx++) {
        InputOpts opts = {
            .format = formats[idx], .instance_memory = 17179869184.0, .instance_vcpus = 4};
        InputResult res = {0};
        PkDiag diag = PK_DIAG_INIT;
        (void)input_load_buffer("fuzz.yaml", (const char *)data, size, &opts, &res, &diag);
        for (size_t doc = 0; doc < res.n_docs; doc++)
            for (size_t ent = 0; ent < res.docs[doc].set.n_entries; ent++)
                if (res.docs[doc].set.entries[ent].line < 0)
                    __builtin_trap();
        input_result_free(&res);
        pk_diag_free(&diag);
    }
    return 0;
}
