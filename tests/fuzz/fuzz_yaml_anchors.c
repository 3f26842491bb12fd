/* libFuzzer target for renaming the anchors a YAML text defines again (src/input/yaml_anchors.c).
 * Beyond not crashing: the text keeps its length, only anchor and alias name characters change,
 * and renaming the result again finds nothing left to rename. Built by tests/fuzz/run.sh. */
// fuzz-sources: src/input/yaml_anchors.c src/common/xalloc.c
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "input/yaml_anchors.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 8192)
        return 0;
    char *out = yaml_rename_redefined_anchors((const char *)data, size);
    if (!out)
        return 0;
    for (size_t idx = 0; idx < size; idx++)
        if (out[idx] != (char)data[idx] && !(name_char(out[idx]) && name_char((char)data[idx])))
            abort();
    char *again = yaml_rename_redefined_anchors(out, size);
    if (again)
        abort();
    free(out);
    return 0;
}
