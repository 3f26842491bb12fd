#include "conf/conf_secrets.h"

#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "common/xalloc.h"
#include "conf/conf_edit.h"

bool conf_name_secret(const Redaction *r, int major, const char *name)
{
    if (!name)
        return false;
    if (redact_name_secret(r, name))
        return true;
    const Catalog *cat = catalog_for_major(major ? major : 18);
    if (!cat || catalog_find(cat, name))
        return false;
    return redact_name_secret(r, catalog_suggest(cat, name));
}

/* The parameter name a line starts with ("ssl_passphrase_command" of an unquoted, rejected
 * "ssl_passphrase_command = echo x"), and where its value begins; false when none. */
static bool line_name(const char *line, char *name, size_t size, const char **value)
{
    const char *start;
    size_t len;
    if (!conf_split_assignment(line, &start, &len, value) || !size)
        return false;
    if (len + 1 > size)
        len = size - 1;
    memcpy(name, start, len);
    name[len] = '\0';
    return len > 0;
}

bool conf_entry_secret(const Redaction *r, int major, const ConfEntry *entry)
{
    if (entry->name)
        return conf_name_secret(r, major, entry->name);
    char name[128];
    const char *value;
    return entry->line_text && line_name(entry->line_text, name, sizeof(name), &value) &&
           conf_name_secret(r, major, name);
}

void conf_entry_secrets(const Redaction *r, int major, const ConfEntry *entry, Redaction *out)
{
    if (!conf_entry_secret(r, major, entry)) {
        redaction_add_secrets_in(out, entry->value);
        redaction_add_secrets_in(out, entry->line_text);
        return;
    }
    redaction_add_value(out, entry->value);
    /* A rejected line has no value: its text after '=' (whole, unquoted and the error's token)
     * is what the message, hint and snippet would quote. */
    char name[128];
    const char *value;
    if (entry->line_text && line_name(entry->line_text, name, sizeof(name), &value) && *value) {
        char *rest = xstrdup(value);
        size_t len = strlen(rest);
        while (len && (rest[len - 1] == ' ' || rest[len - 1] == '\t' || rest[len - 1] == '\r'))
            rest[--len] = '\0';
        redaction_add_value(out, rest);
        if (len >= 2 && (rest[0] == '\'' || rest[0] == '"')) {
            rest[len - 1] = '\0';
            redaction_add_value(out, rest + 1);
        }
        free(rest);
    }
    redaction_add_value(out, entry->token);
}

void conf_set_secrets(const Redaction *r, int major, const ConfSet *set, Redaction *out)
{
    for (size_t idx = 0; set && idx < set->n_entries; idx++)
        conf_entry_secrets(r, major, &set->entries[idx], out);
}
