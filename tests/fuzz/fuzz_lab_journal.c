/* libFuzzer target for the lab journal reader (lab/journal.c: `pgknob lab restore` and every lab
 * command read the journals of the state directory, which anyone with access to it may have
 * edited). The input is given without a terminating NUL. Built by tests/fuzz/run.sh. */
// fuzz-seeds: tests/fuzz/corpus/lab_journal/*
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lab/journal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    LabJournal journal;
    PkDiag diag = PK_DIAG_INIT;
    journal_read_buffer("journal.json", text, size, &journal, &diag);
    journal_free(&journal);
    pk_diag_free(&diag);
    free(text);
    return 0;
}
