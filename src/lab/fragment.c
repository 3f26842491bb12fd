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
    for (size_t idx = 0; idx < set->n; idx++) {
        LabSetting *old = &set->items[idx];
        if (strcasecmp(old->name, name) != 0)
            continue;
        free(old->value);
        free(old->file);
        old->value = xstrdup(value);
        old->file = xstrdup(file);
        old->line = line;
        return;
    }
    PK_GROW(set->items, set->n, set->cap);
    LabSetting *item = &set->items[set->n++];
    item->name = xstrdup(name);
    for (char *p = item->name; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    item->value = xstrdup(value);
    item->file = xstrdup(file);
    item->line = line;
}

void lab_settings_merge(LabSettings *into, const LabSettings *from)
{
    for (size_t idx = 0; idx < from->n; idx++)
        lab_settings_put(into, from->items[idx].name, from->items[idx].value,
                         from->items[idx].file, from->items[idx].line);
}

const LabSetting *lab_settings_get(const LabSettings *set, const char *name)
{
    for (size_t idx = 0; idx < set->n; idx++)
        if (strcasecmp(set->items[idx].name, name) == 0)
            return &set->items[idx];
    return NULL;
}

void lab_settings_free(LabSettings *set)
{
    for (size_t idx = 0; idx < set->n; idx++) {
        free(set->items[idx].name);
        free(set->items[idx].value);
        free(set->items[idx].file);
    }
    free(set->items);
    memset(set, 0, sizeof(*set));
}

/* A line being read: position, and the error found (if any). */
typedef struct LineLexer {
    const char *p;
    const char *filename;
    int line;
    PkDiag *diag;
    bool failed;
} LineLexer;

static bool lex_fail(LineLexer *lex, const char *msg, const char *hint)
{
    if (!lex->failed)
        pk_diag_set(lex->diag, lex->filename, lex->line, hint, "%s", msg);
    lex->failed = true;
    return false;
}

static void lex_skip_space(LineLexer *lex)
{
    while (*lex->p == ' ' || *lex->p == '\t' || *lex->p == '\r')
        lex->p++;
}

static bool lex_name(LineLexer *lex, StrBuf *name)
{
    const char *start = lex->p;
    while (is_ident_char((unsigned char)*lex->p) || *lex->p == '.')
        lex->p++;
    sb_putn(name, start, (size_t)(lex->p - start));
    const char *text = sb_str(name);
    const char *dot = strchr(text, '.');
    if (!is_ident_start((unsigned char)text[0]) || (dot && (strchr(dot + 1, '.') ||
                                                          !is_ident_start((unsigned char)dot[1]))))
        return lex_fail(lex, "syntax error: invalid parameter name",
                        "A name is letters, digits and underscores, with at most one dot.");
    return true;
}

static bool lex_quoted(LineLexer *lex, StrBuf *value)
{
    lex->p++;
    for (;;) {
        char c = *lex->p;
        if (c == '\0' || c == '\n')
            return lex_fail(lex, "syntax error: unterminated quoted string",
                            "Close the value with a single quote on the same line.");
        lex->p++;
        if (c == '\'' && *lex->p == '\'') {
            sb_putc(value, '\'');
            lex->p++;
        } else if (c == '\'') {
            return true;
        } else if (c == '\\' && *lex->p && *lex->p != '\n') {
            sb_putc(value, *lex->p++);
        } else {
            sb_putc(value, c);
        }
    }
}

static bool lex_bare(LineLexer *lex, StrBuf *value)
{
    const char *start = lex->p;
    while (*lex->p && !strchr(" \t\r\n#", *lex->p))
        lex->p++;
    sb_putn(value, start, (size_t)(lex->p - start));
    if (value->len == 0)
        return lex_fail(lex, "syntax error near end of line", "Give the setting a value.");
    if (!is_bare_value(sb_str(value))) {
        char *msg = xasprintf("syntax error near token \"%s\"", sb_str(value));
        lex_fail(lex, msg, "The server reads this unquoted value as more than one token: "
                           "write it in single quotes (e.g. '1e300', 'stderr,jsonlog').");
        free(msg);
        return false;
    }
    return true;
}

/* One line: blank, comment, or `name [=] value [# comment]`. */
static bool lex_line(LineLexer *lex, LabSettings *out)
{
    lex_skip_space(lex);
    if (*lex->p == '\0' || *lex->p == '\n' || *lex->p == '#')
        return true;
    StrBuf name = STRBUF_INIT, value = STRBUF_INIT;
    bool ok = lex_name(lex, &name);
    if (ok) {
        lex_skip_space(lex);
        if (*lex->p == '=')
            lex->p++;
        lex_skip_space(lex);
        ok = *lex->p == '\'' ? lex_quoted(lex, &value) : lex_bare(lex, &value);
    }
    if (ok) {
        lex_skip_space(lex);
        if (*lex->p && *lex->p != '\n' && *lex->p != '#')
            ok = lex_fail(lex, "syntax error: unexpected text after the value",
                          "Write one setting per line; quote values with spaces.");
    }
    if (ok)
        lab_settings_put(out, sb_str(&name), sb_str(&value), lex->filename, lex->line);
    sb_free(&name);
    sb_free(&value);
    return ok;
}

bool lab_settings_parse(const char *filename, const char *text, LabSettings *out, PkDiag *diag)
{
    LineLexer lex = {text, filename, 1, diag, false};
    while (*lex.p) {
        if (!lex_line(&lex, out))
            break;
        lex.p += strcspn(lex.p, "\n");
        if (*lex.p == '\n')
            lex.p++;
        lex.line++;
    }
    if (lex.failed) {
        lab_settings_free(out);
        return false;
    }
    return true;
}

bool lab_settings_read(const char *path, LabSettings *out, PkDiag *diag)
{
    char *text = NULL;
    size_t len = 0;
    int err = 0;
    PkReadStatus status = pk_read_file(path, FRAGMENT_MAX_BYTES, &text, &len, &err);
    bool ok = false;
    if (status == PK_READ_ERRNO || status == PK_READ_NOT_REGULAR)
        pk_diag_set(diag, NULL, 0, NULL, "could not open settings file \"%s\": %s", path,
                    pk_read_strerror(status, err));
    else if (status == PK_READ_TOO_LARGE)
        pk_diag_set(diag, path, 0, NULL, "settings file is too large");
    else if (memchr(text, '\0', len))
        pk_diag_set(diag, path, 0, NULL, "settings file contains a NUL byte");
    else
        ok = lab_settings_parse(path, text, out, diag);
    free(text);
    return ok;
}
