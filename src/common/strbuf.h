/* Growable string buffer used by every renderer, so escaping (Markdown, XML) lives in one place
 * (JSON text is jansson's: common/json.h). Allocation failure is fatal (xalloc), so there is no
 * error state to check. */
#ifndef PK_STRBUF_H
#define PK_STRBUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct StrBuf {
    char *data; /* always NUL-terminated once anything was written; NULL when empty */
    size_t len;
    size_t cap;
} StrBuf;

#define STRBUF_INIT                                                                                \
    {                                                                                              \
        NULL, 0, 0                                                                                 \
    }

void sb_put(StrBuf *sb, const char *s);
void sb_putn(StrBuf *sb, const char *s, size_t n);
void sb_putc(StrBuf *sb, char c);
void sb_printf(StrBuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(StrBuf *sb, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
/* Length of the well-formed UTF-8 sequence at s (at most `avail` bytes), 0 when it is not one. */
size_t pk_utf8_seq_len(const unsigned char *s, size_t avail);
/* Appends s[0..len) with terminal control bytes made visible: C0 but newline and tab, DEL and
 * invalid UTF-8 bytes as \xNN, C1 controls (U+0080–U+009F) as \u00NN. With keep_sgr, the
 * few colour codes pgknob's text output writes itself are kept. For every human-facing output:
 * a value must not move the cursor, retitle the terminal or hide the lines after it. */
void sb_put_escaped_controls(StrBuf *sb, const char *s, size_t len, bool keep_sgr);
/* Text safe inside Markdown paragraphs and table cells, escaped only where GFM needs it, so the
 * raw file stays readable: |, `, *, <, [, ], ~, \\ and & always; _ at a word boundary (GFM
 * ignores intraword emphasis: effective_io_concurrency stays as it is); #, +, -, =, > only as the
 * text's first character (mid-line they start nothing: --pg-version stays as it is). */
void sb_put_md(StrBuf *sb, const char *s);
/* Text safe inside XML/HTML element content and attribute values. */
void sb_put_xml(StrBuf *sb, const char *s);
const char *sb_str(const StrBuf *sb); /* "" when empty; borrowed */
char *sb_detach(StrBuf *sb);          /* caller frees; buffer is reset */
void sb_reset(StrBuf *sb);            /* keeps capacity */
void sb_free(StrBuf *sb);

#endif
