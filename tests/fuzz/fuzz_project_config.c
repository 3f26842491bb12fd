/* libFuzzer target for the project configuration reader (.pgknob.ini through libinih, with its
 * own checks: sections, keys, versions, lists, relative paths). Built by tests/fuzz/run.sh;
 * seeds from tests/fuzz/corpus/project_config/. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "project/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 16384)
        return 0;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    ProjectConfig cfg = {0};
    PkDiag err = PK_DIAG_INIT;
    if (project_config_load_buffer("/nonexistent-pgknob-fuzz/.pgknob.ini", text, size, &cfg, &err))
        arena_free(cfg.arena);
    pk_diag_free(&err);
    free(text);
    return 0;
}
