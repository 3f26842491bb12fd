#include "common/strbuf.h"

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

/* Length of the valid UTF-8 sequence starting at s, or 0 if it is not one. */
static size_t utf8_seq_len(const unsigned char *s)
{
    size_t need;
    if (s[0] < 0x80)
        return 1;
    else if (s[0] >= 0xC2 && s[0] <= 0xDF)
        need = 2;
    else if (s[0] >= 0xE0 && s[0] <= 0xEF)
        need = 3;
    else if (s[0] >= 0xF0 && s[0] <= 0xF4)
        need = 4;
    else
        return 0;
    for (size_t idx = 1; idx < need; idx++)
        if ((s[idx] & 0xC0) != 0x80)
            return 0;
    return need;
}

void sb_put_json_str(StrBuf *sb, const char *s)
{
    if (!s) {
        sb_put(sb, "null");
        return;
    }
    sb_putc(sb, '"');
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        size_t seq = utf8_seq_len(p);
        if (seq > 1) {
            sb_putn(sb, (const char *)p, seq);
            p += seq;
            continue;
        }
        unsigned char c = *p++;
        switch (c) {
        case '"': sb_put(sb, "\\\""); break;
        case '\\': sb_put(sb, "\\\\"); break;
        case '\n': sb_put(sb, "\\n"); break;
        case '\r': sb_put(sb, "\\r"); break;
        case '\t': sb_put(sb, "\\t"); break;
        default:
            if (c < 0x20 || c >= 0x7F)
                sb_printf(sb, "\\u%04x", (unsigned)c);
            else
                sb_putc(sb, (char)c);
        }
    }
    sb_putc(sb, '"');
}

void sb_put_md(StrBuf *sb, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '\n' || *s == '\r') {
            sb_putc(sb, ' ');
            continue;
        }
        if (strchr("\\`*_{}[]<>()#+-!|~", *s))
            sb_putc(sb, '\\');
        sb_putc(sb, *s);
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
        size_t seq = utf8_seq_len(p);
        if (seq > (size_t)(end - p))
            seq = 0;
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
