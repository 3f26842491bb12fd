/* libFuzzer target for the text pgknob reads from pgbench and from its own command line for
 * the pgbench workload and lab tune (lab/pgbench.c: the summary pgbench prints, `--init`'s
 * "pgbench -i -s N" form; lab/tune.c: a value scaled in its own unit). The input is made a
 * NUL-terminated string. Built by tests/fuzz/run.sh. */
// fuzz-seeds: tests/fuzz/corpus/pgbench/*
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lab/pgbench.h"
#include "lab/tune.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    WorkloadResult res;
    memset(&res, 0, sizeof(res));
    pgbench_parse_summary(text, &res);
    int scale;
    pgbench_init_scale(text, &scale);
    free(lab_tune_scale(text, 4));
    free(lab_tune_scale(text, 0.25));
    free(lab_tune_midpoint(text, "2MB"));
    free(text);
    return 0;
}
