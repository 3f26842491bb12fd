/* libFuzzer target: the manifest reader (recognition, templates, libyaml, operator routes and
 * versions, the RDS JSON reader and its formulas) and the evidence of the target major
 * (input/major_evidence.h) on arbitrary bytes. Build and seeds, for tests/fuzz/run.sh: */
// fuzz-seeds: tests/input/fixtures/* tests/input/fixtures/embedded/*
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "input/input.h"
#include "input/major_evidence.h"

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
        for (size_t doc = 0; doc < res.n_docs; doc++) {
            MajorEvidence ev = {0};
            major_evidence_collect(&res.docs[doc].set, &ev);
            (void)major_evidence_agreed(&ev);
            arena_free(ev.arena);
        }
        input_result_free(&res);
        pk_diag_free(&diag);
    }
    /* the bytes as one value: a path, or Debian's cluster_name */
    char *text = malloc(size + 1);
    if (text) {
        memcpy(text, data, size);
        text[size] = '\0';
        char label[16];
        int major;
        (void)major_in_text(text, true, label, &major);
        (void)major_in_text(text, false, label, &major);
        free(text);
    }
    return 0;
}
