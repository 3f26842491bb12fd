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
    PK_GROW(r->names, r->n_names, r->cap_names);
    r->names[r->n_names++] = xstrdup(pattern);
}

void redaction_add_value(Redaction *r, const char *value)
{
    if (!value || strlen(value) < 3)
        return;
    for (size_t idx = 0; idx < r->n_values; idx++)
        if (!strcmp(r->values[idx], value))
            return;
    PK_GROW(r->values, r->n_values, r->cap_values);
    r->values[r->n_values++] = xstrdup(value);
}

/* The password of a URI's userinfo ("postgresql://u:PW@h"): the bytes between the first ':'
 * and the last '@' of the authority. */
static void add_uri_password(Redaction *r, const char *conninfo)
{
    const char *auth = strstr(conninfo, "://");
    if (!auth)
        return;
    auth += 3;
    size_t span = strcspn(auth, "/?#");
    const char *at = NULL;
    for (const char *p = auth; p < auth + span; p++)
        if (*p == '@')
            at = p;
    const char *colon = at ? memchr(auth, ':', (size_t)(at - auth)) : NULL;
    if (colon) {
        char *pw = xstrndup(colon + 1, (size_t)(at - colon - 1));
        redaction_add_value(r, pw);
        free(pw);
    }
}

/* Every "password=VALUE" (key=value form, or a URI's query parameter). */
static void add_keyword_passwords(Redaction *r, const char *conninfo)
{
    for (const char *hit = conninfo; (hit = strcasestr(hit, "password"));) {
        const char *q = hit + 8;
        hit = q;
        while (*q == ' ' || *q == '\t')
            q++;
        if (*q++ != '=')
            continue;
        while (*q == ' ' || *q == '\t')
            q++;
        char quote = *q == '\'' ? *q++ : 0;
        size_t len = quote ? strcspn(q, "'") : strcspn(q, " \t&");
        char *pw = xstrndup(q, len);
        redaction_add_value(r, pw);
        free(pw);
    }
}

void redaction_add_conninfo(Redaction *r, const char *conninfo)
{
    if (!conninfo)
        return;
    redaction_add_value(r, conninfo);
    add_uri_password(r, conninfo);
    add_keyword_passwords(r, conninfo);
}

void redaction_free(Redaction *r)
{
    for (size_t idx = 0; idx < r->n_names; idx++)
        free(r->names[idx]);
    for (size_t idx = 0; idx < r->n_values; idx++)
        free(r->values[idx]);
    free(r->names);
    free(r->values);
    memset(r, 0, sizeof(*r));
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
     * is a boolean, passwordcheck.min_password_length a length. */
    if (!strcmp(folded, "passwordencryption") ||
        !strcmp(folded, "sslpassphrasecommandsupportsreload") ||
        !strcmp(folded, "passwordcheckminpasswordlength"))
        return name_listed(r, name);
    if (strstr(folded, "conninfo") || strstr(folded, "passphrase") || strstr(folded, "passwd") ||
        strstr(folded, "password"))
        return true;
    return name_listed(r, name);
}

/* The userinfo of the URL whose "://" is at `sep`: [start, end) before its last '@' of the
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

bool redact_is_secret(const Redaction *r, const char *name, const char *value)
{
    if (value && strcasestr(value, "password="))
        return true;
    for (const char *sep = value; sep && (sep = strstr(sep, "://")); sep += 3) {
        const char *start, *end;
        if (url_userinfo(sep, &start, &end))
            return true;
    }
    return redact_name_secret(r, name);
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

/* "password=xyz" or "password = 'x y'" inside a conninfo or a command line. */
static char *redact_password_words(char *text)
{
    if (!strcasestr(text, "password"))
        return text;
    StrBuf sb = STRBUF_INIT;
    const char *p = text;
    for (const char *hit; (hit = strcasestr(p, "password"));) {
        const char *q = hit + 8;
        while (*q == ' ' || *q == '\t')
            q++;
        if (*q != '=' || q[1] == '\0' || !strncmp(q + 1, REDACTED, strlen(REDACTED))) {
            sb_putn(&sb, p, (size_t)(q - p));
            p = q;
            continue;
        }
        q++;
        while (*q == ' ' || *q == '\t')
            q++;
        sb_putn(&sb, p, (size_t)(q - p));
        sb_put(&sb, REDACTED);
        char quote = (*q == '\'' || *q == '"') ? *q++ : 0;
        while (*q && (quote ? *q != quote : !strchr(" \t'\",&\n", *q)))
            q++;
        p = quote && *q ? q + 1 : q;
    }
    sb_put(&sb, p);
    free(text);
    return sb_detach(&sb);
}

/* "postgres://bob:pw@host" → "postgres://<redacted>@host". */
static char *redact_userinfo(char *text)
{
    if (!strstr(text, "://"))
        return text;
    StrBuf sb = STRBUF_INIT;
    const char *p = text;
    for (const char *sep = text; (sep = strstr(sep, "://"));) {
        const char *start, *end;
        if (!url_userinfo(sep, &start, &end) || (end - start == (long)strlen(REDACTED) &&
                                                 !strncmp(start, REDACTED, strlen(REDACTED)))) {
            sep += 3;
            continue;
        }
        sb_putn(&sb, p, (size_t)(start - p));
        sb_put(&sb, REDACTED);
        p = sep = end;
    }
    sb_put(&sb, p);
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
    return redact_userinfo(redact_password_words(out));
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
