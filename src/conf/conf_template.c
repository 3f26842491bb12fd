#include "conf/conf_template.h"

#include <ctype.h>
#include <string.h>

#include "common/xalloc.h"

/* MARK NAME MARK with NAME in capitals, digits and underscores: `@PGDATA@`, `%%MAX_CONN%%`. */
static bool capital_marker(const char *text, const char *mark)
{
    size_t mark_len = strlen(mark);
    for (const char *at = strstr(text, mark); at; at = strstr(at + 1, mark)) {
        const char *name = at + mark_len;
        size_t len = strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
        if (len && (isupper((unsigned char)*name) || *name == '_') &&
            !strncmp(name + len, mark, mark_len))
            return true;
    }
    return false;
}

bool conf_has_placeholder(const char *text, bool in_string)
{
    static const char *const markers[] = {"{{", "{%", "{#", "<%"};
    if (!text)
        return false;
    for (size_t idx = 0; idx < sizeof(markers) / sizeof(markers[0]); idx++)
        if (strstr(text, markers[idx]))
            return true;
    if (!in_string && strstr(text, "${"))
        return true;
    return capital_marker(text, "@") || capital_marker(text, "%%");
}

static bool ends_with(const char *text, const char *tail)
{
    size_t len = strlen(text), tail_len = strlen(tail);
    return len >= tail_len && !strcmp(text + len - tail_len, tail);
}

bool conf_placeholder_value(const char *name, const char *value)
{
    if (!name || ends_with(name, "_command") || ends_with(name, "_conninfo"))
        return false;
    return conf_has_placeholder(value, true);
}

char *conf_error_line_name(const ConfEntry *entry)
{
    const char *p = entry->line_text;
    if (!p || !entry->error || strcmp(entry->error, "syntax error"))
        return NULL;
    while (*p == ' ' || *p == '\t')
        p++;
    size_t len = 0;
    while (isalnum((unsigned char)p[len]) || p[len] == '_' || p[len] == '.' || p[len] == '$' ||
           p[len] == '-')
        len++;
    if (!len || !(isalpha((unsigned char)*p) || *p == '_'))
        return NULL;
    return xstrndup(p, len);
}
