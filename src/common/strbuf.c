#include "common/strbuf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

static void sb_reserve(StrBuf *sb, size_t extra)
{
    if (sb->len + extra + 1 <= sb->cap)
        return;
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap < sb->len + extra + 1)
        cap *= 2;
    sb->data = xrealloc(sb->data, cap);
    sb->cap = cap;
}

void sb_putn(StrBuf *sb, const char *s, size_t n)
{
    sb_reserve(sb, n);
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

void sb_put(StrBuf *sb, const char *s)
{
    sb_putn(sb, s, strlen(s));
}

void sb_putc(StrBuf *sb, char c)
{
    sb_putn(sb, &c, 1);
}

void sb_vprintf(StrBuf *sb, const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int len = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (len <= 0)
        return;
    sb_reserve(sb, (size_t)len);
    vsnprintf(sb->data + sb->len, (size_t)len + 1, fmt, ap);
    sb->len += (size_t)len;
}

void sb_printf(StrBuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(sb, fmt, ap);
    va_end(ap);
}

size_t pk_utf8_seq_len(const unsigned char *s, size_t avail)
{
    /* Unicode's table of well-formed sequences (no overlong forms, no surrogates, nothing past
     * U+10FFFF): the same test jansson applies, so what passes here a JSON string accepts. */
    static const struct {
        unsigned char lo, hi, second_lo, second_hi, need;
    } forms[] = {{0xC2, 0xDF, 0x80, 0xBF, 2}, {0xE0, 0xE0, 0xA0, 0xBF, 3},
                 {0xE1, 0xEC, 0x80, 0xBF, 3}, {0xED, 0xED, 0x80, 0x9F, 3},
                 {0xEE, 0xEF, 0x80, 0xBF, 3}, {0xF0, 0xF0, 0x90, 0xBF, 4},
                 {0xF1, 0xF3, 0x80, 0xBF, 4}, {0xF4, 0xF4, 0x80, 0x8F, 4}};
    if (!avail)
        return 0;
    if (s[0] < 0x80)
        return 1;
    for (size_t idx = 0; idx < sizeof(forms) / sizeof(forms[0]); idx++) {
        if (s[0] < forms[idx].lo || s[0] > forms[idx].hi)
            continue;
        size_t need = forms[idx].need;
        if (avail < need || s[1] < forms[idx].second_lo || s[1] > forms[idx].second_hi)
            return 0;
        for (size_t pos = 2; pos < need; pos++)
            if ((s[pos] & 0xC0) != 0x80)
                return 0;
        return need;
    }
    return 0;
}

/* Does `p` ('&') open what CommonMark reads as an entity or character reference? */
static bool entity_at(const char *p)
{
    size_t len = strspn(p + 1, "#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
    return len > 0 && p[1 + len] == ';';
}

void sb_put_md(StrBuf *sb, const char *s)
{
    for (const char *p = s; p && *p; p++) {
        bool word_before = p > s && isalnum((unsigned char)p[-1]);
        bool word_after = isalnum((unsigned char)p[1]);
        /* `&` is text unless it opens an entity (&amp; &#38;): only then escaped, so a
         * shell's `&&` reads as written in the Markdown source too */
        if (*p == '&' && entity_at(p))
            sb_put(sb, "\\&");
        else if (*p == '\n' || *p == '\r')
            sb_putc(sb, ' ');
        else if (strchr("\\`*[]<|~", *p) || (*p == '_' && !(word_before && word_after)) ||
                 (*p == '!' && p[1] == '[') || (p == s && strchr("#+-=>", *p)))
            sb_printf(sb, "\\%c", *p);
        else
            sb_putc(sb, *p);
    }
}

void sb_put_xml(StrBuf *sb, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': sb_put(sb, "&lt;"); break;
        case '>': sb_put(sb, "&gt;"); break;
        case '&': sb_put(sb, "&amp;"); break;
        case '"': sb_put(sb, "&quot;"); break;
        case '\'': sb_put(sb, "&#39;"); break;
        default: sb_putc(sb, *s);
        }
    }
}

const char *sb_str(const StrBuf *sb)
{
    return sb->data ? sb->data : "";
}

char *sb_detach(StrBuf *sb)
{
    char *out = sb->data ? sb->data : xstrdup("");
    sb->data = NULL;
    sb->len = sb->cap = 0;
    return out;
}

void sb_reset(StrBuf *sb)
{
    sb->len = 0;
    if (sb->data)
        sb->data[0] = '\0';
}

void sb_free(StrBuf *sb)
{
    free(sb->data);
    sb->data = NULL;
    sb->len = sb->cap = 0;
}

/* The colour codes pgknob's own text output uses: the only escape sequences let through. */
static size_t own_sgr(const char *p)
{
    static const char *const codes[] = {"\033[0m", "\033[1m", "\033[1;31m", "\033[1;35m",
                                        "\033[1;36m"};
    for (size_t idx = 0; idx < sizeof(codes) / sizeof(codes[0]); idx++)
        if (!strncmp(p, codes[idx], strlen(codes[idx])))
            return strlen(codes[idx]);
    return 0;
}

void sb_put_escaped_controls(StrBuf *sb, const char *s, size_t len, bool keep_sgr)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    while (p < end) {
        size_t seq = pk_utf8_seq_len(p, (size_t)(end - p));
        if (seq == 2 && p[0] == 0xC2 && p[1] < 0xA0) {
            sb_printf(sb, "\\u%04x", (unsigned)p[1]);
            p += 2;
        } else if (seq > 1) {
            sb_putn(sb, (const char *)p, seq);
            p += seq;
        } else if (*p == '\033' && keep_sgr && own_sgr((const char *)p)) {
            size_t n = own_sgr((const char *)p);
            sb_putn(sb, (const char *)p, n);
            p += n;
        } else if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p >= 0x7f) {
            sb_printf(sb, "\\x%02x", (unsigned)*p++);
        } else {
            sb_putc(sb, (char)*p++);
        }
    }
}
