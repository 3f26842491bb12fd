/* Reading a baseline: a JSON report of an earlier run. A small strict JSON reader (objects,
 * arrays, strings with escapes, numbers, literals; depth-limited) builds a tree, from which the
 * finding keys are taken. Matching ignores line numbers so edits above a line do not make its
 * finding "new". */
#include "project/policy.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"

#define JSON_MAX_DEPTH 64
#define BASELINE_MAX_SIZE (64 * 1024 * 1024)

typedef enum JsonType { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT }
    JsonType;

typedef struct JsonNode {
    JsonType type;
    char *text;              /* string value, or the number as written */
    struct JsonNode *items;  /* array elements / object values */
    char **keys;             /* object keys */
    size_t n;
} JsonNode;

typedef struct JsonReader {
    const char *p, *start, *end;
    const char *error;       /* static message; NULL while fine */
    const char *error_at;
} JsonReader;

static void json_free(JsonNode *node)
{
    for (size_t idx = 0; idx < node->n; idx++) {
        json_free(&node->items[idx]);
        if (node->keys)
            free(node->keys[idx]);
    }
    free(node->items);
    free(node->keys);
    free(node->text);
}

static bool json_fail(JsonReader *rd, const char *message)
{
    if (!rd->error) {
        rd->error = message;
        rd->error_at = rd->p;
    }
    return false;
}

static void skip_ws(JsonReader *rd)
{
    while (rd->p < rd->end && strchr(" \t\r\n", *rd->p) && *rd->p)
        rd->p++;
}

static void put_utf8(StrBuf *sb, unsigned code)
{
    if (code < 0x80)
        sb_putc(sb, (char)code);
    else if (code < 0x800) {
        sb_putc(sb, (char)(0xC0 | (code >> 6)));
        sb_putc(sb, (char)(0x80 | (code & 0x3F)));
    } else if (code < 0x10000) {
        sb_putc(sb, (char)(0xE0 | (code >> 12)));
        sb_putc(sb, (char)(0x80 | ((code >> 6) & 0x3F)));
        sb_putc(sb, (char)(0x80 | (code & 0x3F)));
    } else {
        sb_putc(sb, (char)(0xF0 | (code >> 18)));
        sb_putc(sb, (char)(0x80 | ((code >> 12) & 0x3F)));
        sb_putc(sb, (char)(0x80 | ((code >> 6) & 0x3F)));
        sb_putc(sb, (char)(0x80 | (code & 0x3F)));
    }
}

static bool read_hex4(JsonReader *rd, unsigned *out)
{
    if (rd->end - rd->p < 4)
        return json_fail(rd, "truncated \\u escape");
    char hex[5] = {rd->p[0], rd->p[1], rd->p[2], rd->p[3], 0};
    char *stop;
    *out = (unsigned)strtoul(hex, &stop, 16);
    if (stop != hex + 4)
        return json_fail(rd, "invalid \\u escape");
    rd->p += 4;
    return true;
}

static bool read_escape(JsonReader *rd, StrBuf *sb)
{
    char c = *rd->p++;
    const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
    const char *hit = c ? strchr(from, c) : NULL;
    if (hit) {
        sb_putc(sb, to[hit - from]);
        return true;
    }
    if (c != 'u')
        return json_fail(rd, "invalid escape in a string");
    unsigned code, low;
    if (!read_hex4(rd, &code))
        return false;
    if (code >= 0xD800 && code < 0xDC00 && rd->end - rd->p >= 2 && rd->p[0] == '\\' &&
        rd->p[1] == 'u') {
        rd->p += 2;
        if (!read_hex4(rd, &low))
            return false;
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    }
    put_utf8(sb, code);
    return true;
}

static bool read_string(JsonReader *rd, char **out)
{
    StrBuf sb = STRBUF_INIT;
    rd->p++;
    while (rd->p < rd->end && *rd->p != '"') {
        if ((unsigned char)*rd->p < 0x20) {
            sb_free(&sb);
            return json_fail(rd, "control character in a string");
        }
        if (*rd->p == '\\') {
            rd->p++;
            if (rd->p >= rd->end || !read_escape(rd, &sb)) {
                sb_free(&sb);
                return json_fail(rd, "unterminated string");
            }
            continue;
        }
        sb_putc(&sb, *rd->p++);
    }
    if (rd->p >= rd->end) {
        sb_free(&sb);
        return json_fail(rd, "unterminated string");
    }
    rd->p++;
    *out = sb.data ? sb_detach(&sb) : xstrdup("");
    return true;
}

static bool read_value(JsonReader *rd, JsonNode *node, int depth);

static bool read_items(JsonReader *rd, JsonNode *node, int depth, bool object)
{
    char close = object ? '}' : ']';
    rd->p++;
    skip_ws(rd);
    if (rd->p < rd->end && *rd->p == close) {
        rd->p++;
        return true;
    }
    for (;;) {
        node->items = xrealloc(node->items, (node->n + 1) * sizeof(JsonNode));
        memset(&node->items[node->n], 0, sizeof(JsonNode));
        if (object) {
            node->keys = xrealloc(node->keys, (node->n + 1) * sizeof(char *));
            node->keys[node->n] = NULL;
            skip_ws(rd);
            if (rd->p >= rd->end || *rd->p != '"')
                return node->n++, json_fail(rd, "expected a key");
            if (!read_string(rd, &node->keys[node->n]))
                return node->n++, false;
            skip_ws(rd);
            if (rd->p >= rd->end || *rd->p++ != ':')
                return node->n++, json_fail(rd, "expected ':'");
        }
        bool ok = read_value(rd, &node->items[node->n++], depth + 1);
        if (!ok)
            return false;
        skip_ws(rd);
        if (rd->p < rd->end && *rd->p == ',') {
            rd->p++;
            continue;
        }
        if (rd->p < rd->end && *rd->p == close) {
            rd->p++;
            return true;
        }
        return json_fail(rd, object ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static bool read_literal(JsonReader *rd, JsonNode *node)
{
    static const struct { const char *word; JsonType type; } words[] = {
        {"null", JSON_NULL}, {"true", JSON_BOOL}, {"false", JSON_BOOL}};
    for (size_t idx = 0; idx < 3; idx++) {
        size_t len = strlen(words[idx].word);
        if ((size_t)(rd->end - rd->p) >= len && !strncmp(rd->p, words[idx].word, len)) {
            node->type = words[idx].type;
            node->text = xstrdup(words[idx].word);
            rd->p += len;
            return true;
        }
    }
    const char *start = rd->p;
    while (rd->p < rd->end && strchr("+-0123456789.eE", *rd->p) && *rd->p)
        rd->p++;
    if (rd->p == start)
        return json_fail(rd, "unexpected character");
    node->type = JSON_NUMBER;
    node->text = xstrndup(start, (size_t)(rd->p - start));
    return true;
}

static bool read_value(JsonReader *rd, JsonNode *node, int depth)
{
    if (depth > JSON_MAX_DEPTH)
        return json_fail(rd, "nesting too deep");
    skip_ws(rd);
    if (rd->p >= rd->end)
        return json_fail(rd, "unexpected end of input");
    switch (*rd->p) {
    case '{': node->type = JSON_OBJECT; return read_items(rd, node, depth, true);
    case '[': node->type = JSON_ARRAY; return read_items(rd, node, depth, false);
    case '"': node->type = JSON_STRING; return read_string(rd, &node->text);
    default: return read_literal(rd, node);
    }
}

static const JsonNode *json_get(const JsonNode *obj, const char *key)
{
    for (size_t idx = 0; obj && obj->type == JSON_OBJECT && idx < obj->n; idx++)
        if (!strcmp(obj->keys[idx], key))
            return &obj->items[idx];
    return NULL;
}

static const char *json_str(const JsonNode *node)
{
    return node && node->type == JSON_STRING ? node->text : "";
}

static const char *base_name(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash ? slash + 1 : path ? path : "";
}

static char *finding_key(const char *rule, const char *setting, const char *file)
{
    return xasprintf("%s\x1f%s\x1f%s", rule, setting ? setting : "", base_name(file));
}

static int line_of(const JsonReader *rd)
{
    int line = 1;
    for (const char *p = rd->start; p < rd->error_at; p++)
        line += *p == '\n';
    return line;
}

static void add_key(Baseline *out, const JsonNode *finding)
{
    const JsonNode *settings = json_get(finding, "settings");
    const char *setting = settings && settings->type == JSON_ARRAY && settings->n
                              ? json_str(json_get(&settings->items[0], "name")) : "";
    const JsonNode *file = json_get(finding, "file");
    out->keys = xrealloc(out->keys, (out->n + 1) * sizeof(char *));
    out->keys[out->n++] = finding_key(json_str(json_get(finding, "rule")), setting,
                                      file && file->type == JSON_STRING ? file->text : NULL);
}

bool baseline_load_buffer(const char *text, size_t len, Baseline *out, char **errmsg)
{
    memset(out, 0, sizeof(*out));
    JsonReader rd = {.p = text, .start = text, .end = text + len};
    JsonNode root = {0};
    bool ok = read_value(&rd, &root, 0);
    skip_ws(&rd);
    if (ok && rd.p < rd.end)
        ok = json_fail(&rd, "trailing characters after the report");
    const JsonNode *findings = ok ? json_get(&root, "findings") : NULL;
    if (!ok)
        *errmsg = xasprintf("line %d: invalid JSON: %s", line_of(&rd), rd.error);
    else if (strcmp(json_str(json_get(&root, "tool")), "pgknob") != 0 || !findings ||
             findings->type != JSON_ARRAY) {
        *errmsg = xstrdup("not a pgknob JSON report (write one with `pgknob lint --format json` "
                          "or `pgknob audit --format json`)");
        ok = false;
    }
    for (size_t idx = 0; ok && idx < findings->n; idx++)
        if (findings->items[idx].type == JSON_OBJECT)
            add_key(out, &findings->items[idx]);
    json_free(&root);
    if (!ok)
        return false; /* nothing is left allocated in `out` */
    out->used = xcalloc(out->n ? out->n : 1, sizeof(bool));
    return true;
}

bool baseline_load(const char *path, Baseline *out, char **errmsg)
{
    memset(out, 0, sizeof(*out));
    char *data = NULL, *inner = NULL;
    size_t len = 0;
    int err = 0;
    PkReadStatus status = pk_read_file(path, BASELINE_MAX_SIZE, &data, &len, &err);
    bool ok = false;
    if (status == PK_READ_ERRNO || status == PK_READ_NOT_REGULAR)
        *errmsg = xasprintf("%s: could not open the baseline: %s", path,
                            pk_read_strerror(status, err));
    else if (status == PK_READ_TOO_LARGE)
        *errmsg = xasprintf("%s: the baseline is larger than %d MB", path,
                            BASELINE_MAX_SIZE >> 20);
    else if (!(ok = baseline_load_buffer(data, len, out, &inner)))
        *errmsg = xasprintf("%s: %s", path, inner);
    free(inner);
    free(data);
    return ok;
}

static bool drop_known(Finding *f, const void *ctx)
{
    /* marks entries through baseline->used, an array the Baseline points to */
    const Baseline *baseline = ctx;
    char *key = finding_key(f->rule_id, f->n_settings ? f->settings[0].name : NULL, f->file);
    bool known = false;
    for (size_t idx = 0; idx < baseline->n && !known; idx++)
        if (!baseline->used[idx] && !strcmp(baseline->keys[idx], key))
            known = baseline->used[idx] = true;
    free(key);
    return known;
}

size_t baseline_filter(FindingList *findings, Baseline *baseline)
{
    return policy_remove_if(findings, drop_known, baseline);
}

void baseline_free(Baseline *baseline)
{
    for (size_t idx = 0; idx < baseline->n; idx++)
        free(baseline->keys[idx]);
    free(baseline->keys);
    free(baseline->used);
    memset(baseline, 0, sizeof(*baseline));
}
