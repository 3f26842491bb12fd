#include "conf/conf_edit.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "common/xalloc.h"

/* What the lexer reads as one unquoted token: identifiers and numbers with units ("4GB", "0.9",
 * "-1", "on"). Anything else is quoted. */
static bool bare_token(const char *value)
{
    const char *p = value;
    if (isalpha((unsigned char)*p) || *p == '_') {
        while (isalnum((unsigned char)*p) || *p == '_')
            p++;
        return !*p;
    }
    /* a number: [-]digits[.digits] then unit letters only ("1e300" is not one token) */
    if (*p == '-')
        p++;
    const char *digits = p;
    while (isdigit((unsigned char)*p))
        p++;
    if (*p == '.')
        for (p++; isdigit((unsigned char)*p);)
            p++;
    if (p == digits || !isdigit((unsigned char)p[-1]))
        return false;
    while (isalpha((unsigned char)*p))
        p++;
    return !*p;
}

char *conf_format_assignment(const char *name, const char *value)
{
    if (bare_token(value))
        return xasprintf("%s = %s", name, value);
    StrBuf sb = STRBUF_INIT;
    sb_printf(&sb, "%s = '", name);
    for (const char *p = value; *p; p++)
        sb_put(&sb, *p == '\'' ? "''" : (char[]){*p, '\0'});
    sb_putc(&sb, '\'');
    return sb_detach(&sb);
}

/* End of the value token starting at p: a quoted string (with '' and backslash escapes) or a
 * run up to white space or a comment. */
static const char *value_end(const char *p)
{
    if (*p != '\'') {
        while (*p && !isspace((unsigned char)*p) && *p != '#')
            p++;
        return p;
    }
    for (p++; *p; p++) {
        if (*p == '\\' && p[1])
            p++;
        else if (*p == '\'' && p[1] == '\'')
            p++;
        else if (*p == '\'')
            return p + 1;
    }
    return p;
}

bool conf_split_assignment(const char *line, const char **name_start, size_t *name_len,
                           const char **value)
{
    const char *p = line;
    while (*p == ' ' || *p == '\t')
        p++;
    *name_start = p;
    while (isalnum((unsigned char)*p) || *p == '_' || *p == '.' || *p == '-')
        p++;
    *name_len = (size_t)(p - *name_start);
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '=')
        p++;
    while (*p == ' ' || *p == '\t')
        p++;
    *value = p;
    return *name_len > 0;
}

char *conf_rewrite_assignment(const char *line, const char *name, const char *value)
{
    const char *start, *p;
    size_t name_len;
    if (!conf_split_assignment(line, &start, &name_len, &p))
        return NULL;
    const char *end = value_end(p);
    char *assignment = conf_format_assignment(name, value);
    char *out = xasprintf("%.*s%s%s", (int)(start - line), line, assignment, end);
    free(assignment);
    return out;
}
