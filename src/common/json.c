#include "common/json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/fp.h"
#include "common/xalloc.h"

/* An ill-formed byte B cannot stand in a JSON string: it is carried as the private code point
 * U+10FF00 + B through jansson and written as the escape \u00XX after the dump (pgknob's
 * invalid-byte convention, docs/json.md), so a reader can tell byte 0xFF from a real "ÿ". The
 * last 128 code points of Supplementary Private Use Area-B are given up for this. */
#define INVALID_BYTE_BASE 0x10FF00u

/* A copy of s with each ill-formed byte replaced by its marker code point. */
static char *mark_invalid_bytes(const char *s)
{
    StrBuf sb = STRBUF_INIT;
    const unsigned char *p = (const unsigned char *)s, *end = p + strlen(s);
    while (p < end) {
        size_t seq = pk_utf8_seq_len(p, (size_t)(end - p));
        if (seq) {
            sb_putn(&sb, (const char *)p, seq);
            p += seq;
            continue;
        }
        unsigned cp = INVALID_BYTE_BASE + *p++;
        sb_putc(&sb, (char)(0xF0 | (cp >> 18)));
        sb_putc(&sb, (char)(0x80 | ((cp >> 12) & 0x3F)));
        sb_putc(&sb, (char)(0x80 | ((cp >> 6) & 0x3F)));
        sb_putc(&sb, (char)(0x80 | (cp & 0x3F)));
    }
    return sb_detach(&sb);
}

json_t *pk_json_str(const char *s)
{
    if (!s)
        return json_null();
    json_t *value = json_string(s);
    if (value)
        return value;
    char *fixed = mark_invalid_bytes(s);
    value = json_string(fixed);
    free(fixed);
    return value ? value : json_null();
}

json_t *pk_json_bool(bool value)
{
    return json_boolean(value);
}

json_t *pk_json_number(double value)
{
    if (!isfinite(value))
        return json_null();
    /* 2^53: beyond it a double no longer holds every integer, so it stays a real */
    if (fabs(value) <= 9007199254740992.0 && fp_is_integral(value))
        return json_integer((json_int_t)value);
    return json_real(value);
}

void pk_json_set(json_t *obj, const char *key, json_t *value)
{
    json_object_set_new(obj, key, value);
}

static int append(const char *buffer, size_t size, void *data)
{
    sb_putn(data, buffer, size);
    return 0;
}

/* jansson escapes C0 controls but writes DEL and C1 controls (U+0080–U+009F) raw, and a report
 * shown with cat must not drive the terminal. Those bytes occur only inside strings (never in
 * JSON's own syntax), so escaping them in the text is exact. */
static void put_terminal_safe(StrBuf *out, const char *text, size_t len)
{
    const unsigned char *p = (const unsigned char *)text, *end = p + len;
    while (p < end) {
        if (*p == 0x7F) {
            sb_put(out, "\\u007f");
            p++;
        } else if (*p == 0xC2 && p + 1 < end && p[1] >= 0x80 && p[1] <= 0x9F) {
            sb_printf(out, "\\u%04x", (unsigned)p[1]);
            p += 2;
        } else if (*p == 0xF4 && end - p >= 4 && p[1] == 0x8F && (p[2] == 0xBE || p[2] == 0xBF)) {
            /* the marker of an ill-formed byte (mark_invalid_bytes) */
            unsigned byte = ((unsigned)(p[2] & 0x03) << 6) | (p[3] & 0x3F);
            sb_printf(out, "\\u00%02x", byte);
            p += 4;
        } else
            sb_putc(out, (char)*p++);
    }
}

void pk_json_dump(StrBuf *out, json_t *doc, size_t flags)
{
    StrBuf text = STRBUF_INIT;
    json_dump_callback(doc, append, &text, flags | JSON_ENCODE_ANY);
    put_terminal_safe(out, sb_str(&text), text.len);
    sb_putc(out, '\n');
    sb_free(&text);
    json_decref(doc);
}

const char *pk_json_get_str(const json_t *obj, const char *key)
{
    return json_string_value(json_object_get(obj, key));
}
