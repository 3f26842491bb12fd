/* libFuzzer target for the one redaction path (src/common/redact.c: conninfo and URI password
 * extraction, "password=" words, URL userinfo). The first line of the input is a connection
 * string given to the run, the rest the text to print. Beyond not crashing, it checks the
 * promise: no secret value of the run is left in the output (values holding '<' or '>', or
 * part of the word "redacted", could be re-formed by the marker itself and are not checked).
 * Built by tests/fuzz/run.sh. */
// fuzz-sources: src/common/redact.c src/common/strbuf.c src/common/xalloc.c src/common/diag.c
// src/common/arena.c
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/redact.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *input = malloc(size + 1);
    if (!input)
        return 0;
    memcpy(input, data, size);
    input[size] = '\0';
    char *nl = strchr(input, '\n');
    const char *text = nl ? nl + 1 : "";
    if (nl)
        *nl = '\0';
    Redaction r = {0};
    redaction_add_conninfo(&r, input);
    redaction_add_name(&r, "x.*");
    (void)redact_is_secret(&r, input, text);
    char *out = redact_text(&r, text);
    for (size_t idx = 0; idx < r.n_values; idx++) {
        const char *v = r.values[idx];
        if (strpbrk(v, "<>") || strstr("redacted", v))
            continue;
        if (strstr(out, v))
            abort();
    }
    free(out);
    arena_free(r.arena);
    free(input);
    return 0;
}
