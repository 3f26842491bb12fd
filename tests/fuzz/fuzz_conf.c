/* libFuzzer target: the configuration reader on arbitrary bytes. Includes resolve against a
 * directory that does not exist, so inputs read no real files unless they name an absolute
 * path. Build and seeds, for tests/fuzz/run.sh: */
// fuzz-sources: src/conf/*.c src/catalog/*.c src/common/*.c
// fuzz-libs: -linih
// fuzz-seeds: tests/conf/cases/*/postgresql.conf tests/conf/cases/*/postgresql.auto.conf
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "conf/conf.h"
#include "conf/conf_template.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ConfSet set = {0};
    conf_load_buffer("/nonexistent-pgknob-fuzz/postgresql.conf", (const char *)data, size, &set);
    /* Touch what callers read, so the sanitizers see every string. */
    size_t total = 0;
    for (size_t ent = 0; ent < set.n_entries; ent++) {
        const ConfEntry *entry = &set.entries[ent];
        for (const char *p = entry->line_text; p && *p; p++)
            total++;
        if (entry->error_hint)
            for (const char *p = entry->error_hint; *p; p++)
                total++;
        /* the placeholder scanners read every line and value (PK0003, the Snapshot) */
        total += conf_has_placeholder(entry->line_text, false) +
                 conf_placeholder_token(conf_error_line_value(entry->line_text)) +
                 conf_placeholder_value(entry->name, entry->value) +
                 conf_whole_placeholder(entry->value) + conf_envsubst_variable(entry->value);
        for (const char *p = entry->line_text; p && *p; p++)
            total += conf_marker_token(p) + conf_placeholder_token(p);
        /* a template value's literal branches (validate.c reads both forms of the value) */
        const char *values[] = {entry->value, conf_error_line_value(entry->line_text)};
        for (size_t form = 0; form < 2; form++) {
            char *lits[8];
            size_t n = conf_template_literal_branches(values[form], lits, 8);
            for (size_t idx = 0; idx < n; idx++) {
                total += strlen(lits[idx]);
                free(lits[idx]);
            }
        }
        if (entry->overridden_by >= (int)set.n_entries)
            __builtin_trap();
    }
    (void)conf_set_find_applied(&set, "work_mem");
    arena_free(set.arena);
    return total == (size_t)-1;
}
