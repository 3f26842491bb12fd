/* The language server's wire: JSON-RPC 2.0 messages framed by "Content-Length" headers (LSP
 * 3.17, "Base Protocol"), read from a file descriptor and written to a stream, through jansson. */
#include "lsp/lsp.intern.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "common/json.h"
#include "common/strbuf.h"
#include "common/xalloc.h"

#define LSP_MAX_HEADER 8192

static bool fill(LspReader *rd)
{
    if (rd->start > 0 && rd->start == rd->end)
        rd->start = rd->end = 0;
    if (rd->end == sizeof(rd->buf)) {
        memmove(rd->buf, rd->buf + rd->start, rd->end - rd->start);
        rd->end -= rd->start;
        rd->start = 0;
        if (rd->end == sizeof(rd->buf))
            return false;
    }
    for (;;) {
        ssize_t got = read(rd->fd, rd->buf + rd->end, sizeof(rd->buf) - rd->end);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false;
        rd->end += (size_t)got;
        return true;
    }
}

/* One header line without its CRLF (LF alone accepted); false at end of input. */
static bool read_line(LspReader *rd, char *line, size_t cap, bool *too_long)
{
    size_t len = 0;
    *too_long = false;
    for (;;) {
        while (rd->start < rd->end) {
            char c = rd->buf[rd->start++];
            if (c == '\n') {
                if (len && line[len - 1] == '\r')
                    len--;
                line[len] = '\0';
                return true;
            }
            if (len + 1 < cap)
                line[len++] = c;
            else
                *too_long = true;
        }
        if (!fill(rd))
            return false;
    }
}

LspReadStatus lsp_read_message(LspReader *rd, char **body, size_t *body_len)
{
    char line[LSP_MAX_HEADER];
    long long length = -1;
    bool any = false, too_long;
    for (;;) {
        if (!read_line(rd, line, sizeof(line), &too_long))
            return any ? LSP_READ_BAD_HEADER : LSP_READ_EOF;
        any = true;
        if (too_long)
            return LSP_READ_BAD_HEADER;
        if (!line[0])
            break;
        if (!strncasecmp(line, "Content-Length:", 15)) {
            char *end;
            errno = 0;
            length = strtoll(line + 15, &end, 10);
            while (*end == ' ' || *end == '\t')
                end++;
            if (errno || *end || length < 0)
                return LSP_READ_BAD_HEADER;
        }
    }
    if (length < 0)
        return LSP_READ_BAD_HEADER;
    if ((unsigned long long)length > LSP_MAX_MESSAGE)
        return LSP_READ_TOO_LARGE;
    char *data = xmalloc((size_t)length + 1);
    size_t have = 0;
    while (have < (size_t)length) {
        if (rd->start == rd->end && !fill(rd)) {
            free(data);
            return LSP_READ_EOF;
        }
        size_t take = rd->end - rd->start;
        if (take > (size_t)length - have)
            take = (size_t)length - have;
        memcpy(data + have, rd->buf + rd->start, take);
        rd->start += take;
        have += take;
    }
    data[have] = '\0';
    *body = data;
    *body_len = have;
    return LSP_READ_OK;
}

void lsp_send(FILE *out, json_t *message)
{
    char *text = json_dumps(message, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(message);
    if (!text)
        return;
    fprintf(out, "Content-Length: %zu\r\n\r\n%s", strlen(text), text);
    fflush(out);
    free(text);
}

void lsp_reply(FILE *out, json_t *id, json_t *result)
{
    json_t *msg = json_object();
    pk_json_set(msg, "jsonrpc", json_string("2.0"));
    json_object_set(msg, "id", id ? id : json_null());
    pk_json_set(msg, "result", result ? result : json_null());
    lsp_send(out, msg);
}

void lsp_reply_error(FILE *out, json_t *id, int code, const char *message)
{
    json_t *msg = json_object(), *err = json_object();
    pk_json_set(msg, "jsonrpc", json_string("2.0"));
    json_object_set(msg, "id", id ? id : json_null());
    pk_json_set(err, "code", json_integer(code));
    pk_json_set(err, "message", pk_json_str(message));
    pk_json_set(msg, "error", err);
    lsp_send(out, msg);
}

void lsp_notify(FILE *out, const char *method, json_t *params)
{
    json_t *msg = json_object();
    pk_json_set(msg, "jsonrpc", json_string("2.0"));
    pk_json_set(msg, "method", json_string(method));
    pk_json_set(msg, "params", params);
    lsp_send(out, msg);
}

/* ---- URIs and positions ------------------------------------------------------------------ */

static int hex_value(char c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

char *lsp_uri_to_path(const char *uri)
{
    if (!uri || strncmp(uri, "file://", 7))
        return NULL;
    const char *src = uri + 7;
    if (*src != '/') /* file://host/path: only local files */
        return NULL;
    StrBuf sb = STRBUF_INIT;
    for (; *src; src++) {
        int hi, lo;
        if (*src == '%' && (hi = hex_value(src[1])) >= 0 && (lo = hex_value(src[2])) >= 0) {
            char byte = (char)(hi * 16 + lo);
            if (!byte) {
                sb_free(&sb);
                return NULL;
            }
            sb_putc(&sb, byte);
            src += 2;
        } else {
            sb_putc(&sb, *src);
        }
    }
    return sb_detach(&sb);
}

char *lsp_path_to_uri(const char *path)
{
    static const char hex[] = "0123456789ABCDEF";
    StrBuf sb = STRBUF_INIT;
    sb_put(&sb, "file://");
    for (const unsigned char *src = (const unsigned char *)path; *src; src++) {
        if ((*src >= 'a' && *src <= 'z') || (*src >= 'A' && *src <= 'Z') ||
            (*src >= '0' && *src <= '9') || strchr("/-._~", *src))
            sb_putc(&sb, (char)*src);
        else {
            sb_putc(&sb, '%');
            sb_putc(&sb, hex[*src >> 4]);
            sb_putc(&sb, hex[*src & 15]);
        }
    }
    return sb_detach(&sb);
}

/* LSP columns count UTF-16 code units: a 4-byte UTF-8 sequence is two, other sequences one. */
size_t lsp_column_to_byte(const char *line, size_t line_len, int column)
{
    size_t pos = 0;
    for (int units = 0; pos < line_len && units < column;) {
        unsigned char c = (unsigned char)line[pos];
        size_t width = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
        units += width == 4 ? 2 : 1;
        pos += width;
    }
    return pos > line_len ? line_len : pos;
}

int lsp_byte_to_column(const char *line, size_t byte)
{
    int units = 0;
    for (size_t pos = 0; pos < byte;) {
        unsigned char c = (unsigned char)line[pos];
        size_t width = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
        units += width == 4 ? 2 : 1;
        pos += width;
    }
    return units;
}

json_t *lsp_range(int line, int start_col, int end_col)
{
    return json_pack("{s:{s:i,s:i},s:{s:i,s:i}}", "start", "line", line, "character", start_col,
                     "end", "line", line, "character", end_col);
}
