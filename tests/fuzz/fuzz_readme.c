/* libFuzzer target for the README description reader (src/lint/readme.c), which intent.c reads
 * for a purpose: the title and first paragraph of arbitrary bytes. Beyond not crashing, it
 * checks the promise: the description is a terminated string within its buffer and its line
 * lies within the input. Built by tests/fuzz/run.sh. */
// fuzz-sources: src/lint/readme.c src/common/strbuf.c src/common/xalloc.c src/common/readfile.c
// src/common/diag.c src/common/arena.c
// fuzz-seeds: README.md docs/*.md
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lint/readme.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ReadmeDescription desc = {0};
    if (readme_describe_text((const char *)data, size, &desc)) {
        size_t lines = 1;
        for (size_t idx = 0; idx < size; idx++)
            lines += data[idx] == '\n';
        if (!memchr(desc.text, '\0', sizeof(desc.text)) || !desc.text[0] || desc.line < 1 ||
            (size_t)desc.line > lines)
            abort();
    }
    return 0;
}
