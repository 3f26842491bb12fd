/* A configuration template that was never rendered (Jinja/Helm `{{ }}`, `{% %}`, `{# #}`,
 * `${VAR}`, ERB `<% %>`, autoconf/sed `@VAR@` and `%%VAR%%`, a sed script's bare words): one
 * finding for the one cause, with the count and the lines, instead of a syntax error or an invalid
 * value per placeholder. Not its job: placeholders in commands and connection strings the server
 * accepts as text. */
#include <stdlib.h>
#include <string.h>

#include "catalog/value.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf_template.h"
#include "lint/validate.intern.h"

/* A sed template's bare words (`max_connections = mc`) count only when this many numeric or
 * Boolean settings hold one: a single `work_mem = large` is a plain invalid value. */
#define BARE_WORDS_MIN 3

static bool rejected(const ConfEntry *entry, const Catalog *cat)
{
    const CatalogParam *param = entry->name ? catalog_find(cat, entry->name) : NULL;
    GucValue val;
    return param && param->type != GUC_STRING &&
           !guc_parse_value_for(param, cat->major, entry->value ? entry->value : "", &val, NULL);
}

static bool bare_word(const ConfEntry *entry, const Catalog *cat)
{
    const char *value = entry->value;
    return !entry->error && !entry->quoted && value && *value &&
           strspn(value, "abcdefghijklmnopqrstuvwxyz_") == strlen(value) && rejected(entry, cat);
}

static const char *base_name(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash ? slash + 1 : path ? path : "?";
}

static void add_template_finding(const ConfSet *set, const bool *templated, size_t n, bool refused,
                                 FindingList *out)
{
    const ConfEntry *first = NULL;
    StrBuf lines = STRBUF_INIT;
    size_t shown = 0;
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (!templated[idx])
            continue;
        if (!first)
            first = entry;
        if (++shown > 20)
            continue;
        if (strcmp(entry->file, first->file))
            sb_printf(&lines, "%s%s:%d", shown > 1 ? ", " : "", base_name(entry->file),
                      entry->line);
        else
            sb_printf(&lines, "%s%d", shown > 1 ? ", " : "", entry->line);
    }
    if (n > 20)
        sb_printf(&lines, " and %zu more", n - 20);
    Finding *f = lint_entry_finding(out, "PK0003", first);
    f->message = finding_printf(f,
                                "the file is a template that was never rendered: %zu line%s of"
                                " template syntax where settings belong (line%s %s)",
                                n, n == 1 ? "" : "s", n == 1 ? "" : "s", sb_str(&lines));
    /* only strings the server takes as text ('{{ name }}'): it may well start, with them */
    f->refuses_start = refused;
    f->hint = finding_printf(f,
                             "%s Render the template with the deployment's values (helm template,"
                             " ansible, envsubst, the sed script) and lint the output.",
                             refused ? "The server refuses to start with it."
                                     : "The server would take the placeholders as literal text.");
    f->suggestion = finding_strdup(f, "lint the rendered configuration, not the template");
    sb_free(&lines);
}

size_t lint_check_template(const ConfSet *set, const Catalog *cat, bool *templated,
                           FindingList *out)
{
    size_t n_marked = 0, n_bare = 0;
    bool refused = false;
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        /* a line that did not parse, a value the server rejects, or a string holding a
         * template's own syntax (conf_placeholder_value: not a command's ${VAR}) */
        bool marked = entry->error
                          ? conf_has_placeholder(entry->line_text, false)
                          : (conf_has_placeholder(entry->value, false) && rejected(entry, cat)) ||
                                conf_placeholder_value(entry->name, entry->value);
        templated[idx] = marked;
        n_marked += marked;
        refused |= marked && (entry->error || rejected(entry, cat));
        n_bare += !marked && bare_word(entry, cat);
    }
    if (n_bare >= BARE_WORDS_MIN)
        for (size_t idx = 0; idx < set->n_entries; idx++)
            if (!templated[idx] && bare_word(&set->entries[idx], cat)) {
                templated[idx] = true;
                n_marked++;
                refused = true;
            }
    if (n_marked)
        add_template_finding(set, templated, n_marked, refused, out);
    return n_marked;
}
