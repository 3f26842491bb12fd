#include "common/redact.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/diag.h"
#include "common/strbuf.h"
#include "common/xalloc.h"

void redaction_add_name(Redaction *r, const char *pattern)
{
    Arena *arena = arena_get(&r->arena);
    ARENA_GROW(arena, r->names, r->n_names, r->cap_names);
    r->names[r->n_names++] = arena_strdup(arena, pattern);
}

void redaction_add_value(Redaction *r, const char *value)
{
    if (!value || strlen(value) < 3)
        return;
    for (size_t idx = 0; idx < r->n_values; idx++)
        if (!strcmp(r->values[idx], value))
            return;
    Arena *arena = arena_get(&r->arena);
    ARENA_GROW(arena, r->values, r->n_values, r->cap_values);
    r->values[r->n_values++] = arena_strdup(arena, value);
}

/* ---- where the secrets inside a text are ---- */

typedef struct Span {
    size_t start, end; /* byte offsets, [start, end) */
} Span;

typedef struct Spans {
    Span *items;
    size_t n, cap;
} Spans;

/* Is [start, end) the marker already, as written or as a report escaped it ("\\<redacted\\>" in
 * Markdown, "&lt;redacted&gt;" in HTML), with nothing but punctuation after it? Masking it again
 * would undo the escaping. */
static bool already_masked(const char *start, const char *end)
{
    static const char *const markers[] = {REDACTED, "\\<redacted\\>", "&lt;redacted&gt;"};
    for (size_t idx = 0; idx < sizeof(markers) / sizeof(markers[0]); idx++) {
        size_t len = strlen(markers[idx]);
        if ((size_t)(end - start) < len || strncmp(start, markers[idx], len))
            continue;
        for (const char *p = start + len; p < end; p++)
            if (isalnum((unsigned char)*p))
                return false;
        return true;
    }
    return false;
}

static void span_add(Spans *spans, const char *text, const char *start, const char *end)
{
    if (end <= start || already_masked(start, end))
        return;
    PK_GROW(spans->items, spans->n, spans->cap);
    spans->items[spans->n++] = (Span){(size_t)(start - text), (size_t)(end - text)};
}

static bool is_word(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Does the word [start, end) name a secret in key=value form: libpq's password and
 * sslpassword, PGPASSWORD in a command, pg_hba's ldapbindpasswd and radiussecrets, and any
 * other *passphrase, *secret, *secrets. */
static bool secret_keyword(const char *start, const char *end)
{
    static const char *const suffixes[] = {"password", "passwd", "passphrase", "secret", "secrets"};
    size_t len = (size_t)(end - start);
    for (size_t idx = 0; idx < sizeof(suffixes) / sizeof(suffixes[0]); idx++) {
        size_t slen = strlen(suffixes[idx]);
        if (len >= slen && !strncasecmp(end - slen, suffixes[idx], slen))
            return true;
    }
    return false;
}

/* The end of a quoted value whose content starts at p: the first `close` not escaped by a
 * backslash (libpq's quoting, which a configuration file can also write as \' or ''), or the
 * end of the text. */
static const char *quoted_end(const char *p, const char *close)
{
    size_t len = strlen(close);
    while (*p && strncmp(p, close, len)) {
        if (*p == '\\' && p[1] && len == 1)
            p++;
        p++;
    }
    return p;
}

/* The value after "KEYWORD =" at p, as libpq reads it (quoted with escapes, or up to a blank with
 * backslash escapes), or as a URL query parameter (up to '&'). */
static void keyword_value(const char *text, const char *p, bool query, Spans *spans)
{
    if (query) {
        span_add(spans, text, p, p + strcspn(p, "&# \t\n\r'\"<>"));
        return;
    }
    static const char *const quotes[] = {"''", "\\'", "'", "\""};
    for (size_t idx = 0; idx < sizeof(quotes) / sizeof(quotes[0]); idx++) {
        size_t len = strlen(quotes[idx]);
        /* '' and \' are a configuration file's spelling of libpq's quote; '' alone is empty */
        if (!strncmp(p, quotes[idx], len) && !(idx == 0 && (!p[len] || is_blank(p[len])))) {
            const char *end = quoted_end(p + len, quotes[idx]);
            span_add(spans, text, p + len, end);
            return;
        }
    }
    /* a backslash escapes the next byte; a run of them too, as a configuration file doubles
     * libpq's (password=a\\ b in the file is "a b" for libpq) */
    const char *end = p;
    while (*end && !is_blank(*end)) {
        if (*end == '\\') {
            end += strspn(end, "\\");
            if (*end)
                end++;
        } else {
            end++;
        }
    }
    /* A quote closing the text around the value ("holds "password=x", which", a Markdown code
     * span), with the punctuation after it, is given back; no other trailing byte is, so a password
     * is never shown in part. */
    const char *back = end;
    while (back > p && strchr(",.;:)]}>", back[-1]))
        back--;
    if (back > p && (back[-1] == '\'' || back[-1] == '"' || back[-1] == '`')) {
        back--;
        if (back > p && back[-1] == '\\')
            back--;
        end = back;
    }
    span_add(spans, text, p, end);
}

static void keyword_spans(const char *text, Spans *spans)
{
    for (const char *eq = text; (eq = strchr(eq, '=')); eq++) {
        if (eq[1] == '=')
            continue;
        const char *end = eq;
        while (end > text && (end[-1] == ' ' || end[-1] == '\t'))
            end--;
        const char *start = end;
        while (start > text && is_word(start[-1]))
            start--;
        if (start == end || !secret_keyword(start, end))
            continue;
        const char *p = eq + 1;
        while (*p == ' ' || *p == '\t')
            p++;
        bool query = start > text && (start[-1] == '?' || start[-1] == '&');
        keyword_value(text, p, query, spans);
    }
}

/* The userinfo of the URL whose "://" is at `sep`: [start, end) before the last '@' of the
 * authority, or false when it has none. */
static bool url_userinfo(const char *sep, const char **start, const char **end)
{
    const char *auth = sep + 3;
    size_t span = strcspn(auth, "/?# \t\n'\"<>`;|");
    const char *at = NULL;
    for (const char *p = auth; p < auth + span; p++)
        if (*p == '@')
            at = p;
    if (!at || at == auth)
        return false;
    *start = auth;
    *end = at;
    return true;
}

/* A URL's password ("scheme://user:PW@host"). A user alone is a user name for libpq's URIs
 * (postgres://user@host is shown whole), but the usual place of a token for other schemes
 * (https://TOKEN@host). */
static void url_spans(const char *text, Spans *spans)
{
    for (const char *sep = text; (sep = strstr(sep, "://")); sep += 3) {
        const char *start, *end;
        if (!url_userinfo(sep, &start, &end))
            continue;
        const char *colon = memchr(start, ':', (size_t)(end - start));
        if (colon) {
            span_add(spans, text, colon + 1, end);
            continue;
        }
        const char *scheme = sep;
        while (scheme > text && (isalnum((unsigned char)scheme[-1]) || scheme[-1] == '+' ||
                                 scheme[-1] == '-' || scheme[-1] == '.'))
            scheme--;
        size_t len = (size_t)(sep - scheme);
        bool libpq = (len == 8 && !strncasecmp(scheme, "postgres", 8)) ||
                     (len == 10 && !strncasecmp(scheme, "postgresql", 10));
        if (!libpq)
            span_add(spans, text, start, end);
    }
}

static int span_cmp(const void *a, const void *b)
{
    const Span *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

/* The secrets inside `text`, sorted, overlaps merged. Caller frees items. */
static Spans secret_spans(const char *text)
{
    Spans spans = {0};
    if (strchr(text, '='))
        keyword_spans(text, &spans);
    if (strstr(text, "://"))
        url_spans(text, &spans);
    if (spans.n < 2)
        return spans;
    qsort(spans.items, spans.n, sizeof(Span), span_cmp);
    size_t kept = 0;
    for (size_t idx = 1; idx < spans.n; idx++) {
        if (spans.items[idx].start <= spans.items[kept].end) {
            if (spans.items[idx].end > spans.items[kept].end)
                spans.items[kept].end = spans.items[idx].end;
        } else {
            spans.items[++kept] = spans.items[idx];
        }
    }
    spans.n = kept + 1;
    return spans;
}

bool redact_value_has_secret(const char *value)
{
    if (!value)
        return false;
    Spans spans = secret_spans(value);
    free(spans.items);
    return spans.n > 0;
}

void redaction_add_secrets_in(Redaction *r, const char *value)
{
    if (!value)
        return;
    Spans spans = secret_spans(value);
    for (size_t idx = 0; idx < spans.n; idx++) {
        char *raw =
            xstrndup(value + spans.items[idx].start, spans.items[idx].end - spans.items[idx].start);
        redaction_add_value(r, raw);
        /* as libpq reads it, which a message may quote: escapes resolved */
        char *out = raw;
        for (const char *p = raw; *p; p++)
            *out++ = *p == '\\' && p[1] ? *++p : *p;
        *out = '\0';
        redaction_add_value(r, raw);
        free(raw);
    }
    free(spans.items);
}

void redaction_add_conninfo(Redaction *r, const char *conninfo)
{
    if (!conninfo || !redact_value_has_secret(conninfo))
        return;
    /* whole as well: libpq's parse errors quote pieces of a string it could not split */
    redaction_add_value(r, conninfo);
    redaction_add_secrets_in(r, conninfo);
}

static bool name_listed(const Redaction *r, const char *name)
{
    for (size_t idx = 0; r && idx < r->n_names; idx++) {
        const char *pat = r->names[idx];
        size_t len = strlen(pat);
        if (len && pat[len - 1] == '*' ? !strncasecmp(name, pat, len - 1) : !strcasecmp(name, pat))
            return true;
    }
    return false;
}

bool redact_name_secret(const Redaction *r, const char *name)
{
    if (!name)
        return false;
    char folded[256];
    size_t len = 0;
    for (const char *p = name; *p && len + 1 < sizeof(folded); p++)
        if (*p != '_' && *p != '-' && *p != '.')
            folded[len++] = (char)tolower((unsigned char)*p);
    folded[len] = '\0';
    /* Not secrets: password_encryption names an algorithm, ssl_passphrase_command_supports_reload
     * is a boolean, passwordcheck.min_password_length a length. A conninfo is shown with only
     * its secrets masked (redact_text), so its host and user stay readable. */
    if (!strcmp(folded, "passwordencryption") ||
        !strcmp(folded, "sslpassphrasecommandsupportsreload") ||
        !strcmp(folded, "passwordcheckminpasswordlength") || strstr(folded, "conninfo"))
        return name_listed(r, name);
    if (strstr(folded, "passphrase") || strstr(folded, "passwd") || strstr(folded, "password") ||
        strstr(folded, "secret"))
        return true;
    return name_listed(r, name);
}

bool redact_is_secret(const Redaction *r, const char *name, const char *value)
{
    return redact_value_has_secret(value) || redact_name_secret(r, name);
}

/* Replaces every occurrence of `secret`. */
static char *replace_all(char *text, const char *secret)
{
    size_t len = strlen(secret);
    if (len < 3 || !strstr(text, secret))
        return text;
    StrBuf sb = STRBUF_INIT;
    for (const char *p = text, *hit; *p; p = hit + len) {
        hit = strstr(p, secret);
        if (!hit) {
            sb_put(&sb, p);
            break;
        }
        sb_putn(&sb, p, (size_t)(hit - p));
        sb_put(&sb, REDACTED);
    }
    free(text);
    return sb.data ? sb_detach(&sb) : xstrdup("");
}

static char *mask_spans(char *text)
{
    Spans spans = secret_spans(text);
    if (!spans.n)
        return text;
    StrBuf sb = STRBUF_INIT;
    size_t at = 0;
    for (size_t idx = 0; idx < spans.n; idx++) {
        sb_putn(&sb, text + at, spans.items[idx].start - at);
        sb_put(&sb, REDACTED);
        at = spans.items[idx].end;
    }
    sb_put(&sb, text + at);
    free(spans.items);
    free(text);
    return sb_detach(&sb);
}

char *redact_text(const Redaction *r, const char *text)
{
    if (!text)
        return NULL;
    char *out = xstrdup(text);
    /* Longest first, so a conninfo goes whole before its password is looked for. */
    for (size_t pass = 0; r && pass < 2; pass++)
        for (size_t idx = 0; idx < r->n_values; idx++)
            if ((strlen(r->values[idx]) > 16) == (pass == 0))
                out = replace_all(out, r->values[idx]);
    return mask_spans(out);
}

char *redact_listing(const Redaction *r, const char *text)
{
    if (!text)
        return NULL;
    StrBuf sb = STRBUF_INIT;
    for (const char *line = text; *line;) {
        size_t len = strcspn(line, "\n");
        size_t blank = strspn(line, " \t");
        size_t name_len =
            strspn(line + blank, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                 "0123456789_.");
        char *name = xstrndup(line + blank, name_len);
        if (name_len && blank + name_len < len && line[blank + name_len] == ':' &&
            redact_name_secret(r, name))
            sb_printf(&sb, "%.*s: %s", (int)(blank + name_len), line, REDACTED);
        else
            sb_putn(&sb, line, len);
        free(name);
        line += len;
        if (*line == '\n')
            sb_putc(&sb, *line++);
    }
    char *clean = redact_text(r, sb.data ? sb_str(&sb) : "");
    sb_free(&sb);
    return clean;
}

char *redact_value(const Redaction *r, const char *name, const char *value)
{
    if (!value)
        return NULL;
    if (*value && redact_name_secret(r, name))
        return xstrdup(REDACTED);
    return redact_text(r, value);
}

static void redact_field(const Redaction *r, char **field)
{
    char *redacted = redact_text(r, *field);
    free(*field);
    *field = redacted;
}

void redact_diag(const Redaction *r, PkDiag *d)
{
    if (!d)
        return;
    redact_field(r, &d->file);
    redact_field(r, &d->message);
    redact_field(r, &d->detail);
    redact_field(r, &d->hint);
}

void redact_json(const Redaction *r, json_t *node)
{
    if (json_is_string(node)) {
        const char *text = json_string_value(node);
        if (!strchr(text, '=') && !strstr(text, "://") && !(r && r->n_values))
            return;
        char *clean = redact_text(r, text);
        /* a string pk_json_str made is valid UTF-8, and masking cuts only at ASCII bytes; if
         * that ever failed, nothing of the string is shown */
        if (strcmp(clean, text) && json_string_set(node, clean))
            json_string_set(node, REDACTED);
        free(clean);
    } else if (json_is_object(node)) {
        const char *key;
        json_t *child;
        json_object_foreach(node, key, child) redact_json(r, child);
    } else if (json_is_array(node)) {
        size_t idx;
        json_t *child;
        json_array_foreach(node, idx, child) redact_json(r, child);
    }
}
