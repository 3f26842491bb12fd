#include "lab/fragment.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf.h"

#define FRAGMENT_MAX_BYTES (1024 * 1024)

static bool is_ident_start(unsigned char c)
{
    return isalpha(c) || c == '_' || c >= 0x80;
}

static bool is_ident_char(unsigned char c)
{
    return is_ident_start(c) || isdigit(c);
}

/* The server's "integer" token: sign, decimal or 0x digits, then any run of letters (a unit). */
static bool is_integer_token(const char *tok)
{
    const char *p = tok;
    if (*p == '+' || *p == '-')
        p++;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && isxdigit((unsigned char)p[2])) {
        p += 2;
        while (isxdigit((unsigned char)*p))
            p++;
    } else {
        if (!isdigit((unsigned char)*p))
            return false;
        while (isdigit((unsigned char)*p))
            p++;
    }
    while (isalpha((unsigned char)*p))
        p++;
    return *p == '\0';
}

/* The server's "real" token: a '.' is mandatory, an exponent optional. */
static bool is_real_token(const char *tok)
{
    const char *p = tok;
    if (*p == '+' || *p == '-')
        p++;
    size_t int_digits = strspn(p, "0123456789");
    p += int_digits;
    if (*p != '.')
        return false;
    p++;
    size_t frac_digits = strspn(p, "0123456789");
    p += frac_digits;
    if (int_digits + frac_digits == 0)
        return false;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!isdigit((unsigned char)*p))
            return false;
        p += strspn(p, "0123456789");
    }
    return *p == '\0';
}

/* Unquoted string: a letter first, then letters, digits and - . _ : /; but exactly
 * "ident.ident" lexes as a qualified name, which the server rejects as a value. */
static bool is_unquoted_string(const char *tok)
{
    if (!is_ident_start((unsigned char)tok[0]))
        return false;
    for (const char *p = tok; *p; p++)
        if (!is_ident_char((unsigned char)*p) && !strchr("-._:/", *p))
            return false;
    const char *dot = strchr(tok, '.');
    if (!dot || strchr(dot + 1, '.'))
        return true;
    for (const char *p = tok; *p; p++)
        if (*p != '.' && !is_ident_char((unsigned char)*p))
            return true;
    return !is_ident_start((unsigned char)dot[1]);
}

static bool is_bare_value(const char *tok)
{
    return is_integer_token(tok) || is_real_token(tok) || is_unquoted_string(tok);
}

char *lab_settings_quote(const char *value)
{
    if (*value && is_bare_value(value))
        return xstrdup(value);
    StrBuf sb = STRBUF_INIT;
    sb_putc(&sb, '\'');
    for (const char *p = value; *p; p++) {
        if (*p == '\'')
            sb_putc(&sb, '\'');
        sb_putc(&sb, *p);
    }
    sb_putc(&sb, '\'');
    return sb_detach(&sb);
}

void lab_settings_put(LabSettings *set, const char *name, const char *value, const char *file,
                      int line)
{
    Arena *arena = arena_get(&set->arena);
    for (size_t idx = 0; idx < set->n; idx++) {
        LabSetting *old = &set->items[idx];
        if (strcasecmp(old->name, name) != 0)
            continue;
        old->value = arena_strdup(arena, value);
        old->file = arena_strdup(arena, file);
        old->line = line;
        return;
    }
    lab_settings_append(set, name, value, file, line);
    LabSetting *item = &set->items[set->n - 1];
    for (char *p = item->name; *p; p++)
        *p = (char)tolower((unsigned char)*p);
}

void lab_settings_append(LabSettings *set, const char *name, const char *value, const char *file,
                         int line)
{
    Arena *arena = arena_get(&set->arena);
    ARENA_GROW(arena, set->items, set->n, set->cap);
    LabSetting *item = &set->items[set->n++];
    item->name = arena_strdup(arena, name);
    item->value = arena_strdup(arena, value);
    item->file = arena_strdup(arena, file);
    item->line = line;
}

void lab_settings_merge(LabSettings *into, const LabSettings *from)
{
    for (size_t idx = 0; idx < from->n; idx++)
        lab_settings_put(into, from->items[idx].name, from->items[idx].value, from->items[idx].file,
                         from->items[idx].line);
}

const LabSetting *lab_settings_get(const LabSettings *set, const char *name)
{
    for (size_t idx = 0; idx < set->n; idx++)
        if (strcasecmp(set->items[idx].name, name) == 0)
            return &set->items[idx];
    return NULL;
}

/* The server's own token rules, as conf/ implements them (guc-file.l): a value the server's
 * lexer would reject is an error at its line, with conf/'s hint (quote '1e300'). Include
 * directives are followed as the server would. */
bool lab_settings_parse(const char *filename, const char *text, LabSettings *out, PkDiag *diag)
{
    ConfSet set;
    memset(&set, 0, sizeof(set));
    conf_load_buffer(filename, text, strlen(text), &set);
    bool ok = true;
    for (size_t idx = 0; idx < set.n_entries; idx++) {
        const ConfEntry *entry = &set.entries[idx];
        if (entry->error) {
            if (entry->token)
                pk_diag_set(diag, filename, entry->line, entry->error_hint, "%s near token \"%s\"",
                            entry->error, entry->token);
            else
                pk_diag_set(diag, filename, entry->line, entry->error_hint, "%s", entry->error);
            ok = false;
            break;
        }
        if (entry->name)
            lab_settings_put(out, entry->name, entry->value, filename, entry->line);
    }
    arena_free(set.arena);
    if (!ok) {
        arena_free(out->arena);
        memset(out, 0, sizeof(*out));
    }
    return ok;
}

bool lab_settings_read(const char *path, LabSettings *out, PkDiag *diag)
{
    char *text = NULL;
    size_t len = 0;
    bool ok = pk_read_file_diag(path, FRAGMENT_MAX_BYTES, "the settings file", &text, &len, diag);
    if (ok && memchr(text, '\0', len))
        ok = pk_diag_set(diag, path, 0, NULL, "settings file contains a NUL byte");
    else if (ok)
        ok = lab_settings_parse(path, text, out, diag);
    free(text);
    return ok;
}
