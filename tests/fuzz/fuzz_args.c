/* libFuzzer target: postgres argument lists (input/args.c): the shell-word splitter, the
 * postmaster's option reading, compose services and Kubernetes containers, on arbitrary bytes
 * read as a command line and as YAML (which also runs the ConfigMap and chart-values reader,
 * input/embedded.c): no crash, every entry of either at a real line and column. Seeds: */
// fuzz-slow: each input is loaded twice (as any input and as an argument list), each time as a
// whole YAML document through libyaml, from seeds that are whole compose files up to 30 kB
// (600-1,100 execs/s on the 2-core VM, near a twentieth of the median: a loaded CI run fell
// under it)
// fuzz-seeds: tests/input/fixtures/args/* tests/input/fixtures/embedded/*
// tests/input/real/compose/*.yaml tests/input/real/configmap/*.yaml
// tests/input/real/bitnami/*-sizing-large.yaml
#include <stddef.h>
#include <stdint.h>

#include "input/input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const InputFormat formats[] = {INPUT_AUTO, INPUT_ARGS};
    for (size_t idx = 0; idx < 2; idx++) {
        InputOpts opts = {.format = formats[idx]};
        InputResult res = {0};
        PkDiag diag = PK_DIAG_INIT;
        (void)input_load_buffer("fuzz.yaml", (const char *)data, size, &opts, &res, &diag);
        for (size_t doc = 0; doc < res.n_docs; doc++)
            for (size_t ent = 0; ent < res.docs[doc].set.n_entries; ent++)
                if ((res.docs[doc].format == INPUT_ARGS ||
                     res.docs[doc].format == INPUT_EMBEDDED) &&
                    (res.docs[doc].set.entries[ent].line < 1 ||
                     res.docs[doc].set.entries[ent].column < 1))
                    __builtin_trap();
        input_result_free(&res);
        pk_diag_free(&diag);
    }
    return 0;
}
