/* libFuzzer target for the rule loader (libinih reader with the line pre-scan, sections, keys,
 * templates, examples). Built by tests/fuzz/run.sh (`make fuzz`). */
#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 16384)
        return 0;
    RuleSet set = {0};
    PkDiag err = PK_DIAG_INIT;
    rule_set_load_buffer(&set, "fuzz.ini", (const char *)data, size, &err);
    pk_diag_free(&err);
    arena_free(set.arena);
    return 0;
}
