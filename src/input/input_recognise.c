/* Recognising Terraform by content. Kept apart from input.c's recognition of manifests, which
 * other readers extend. */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "input/input_intern.h"

static bool id_start(char c)
{
    return c == '_' || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

static bool id_char(char c)
{
    return id_start(c) || c == '-' || (c >= '0' && c <= '9');
}

static const char *blanks(const char *p, const char *stop)
{
    while (p < stop && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    return p;
}

/* A top-level HCL block opener at the line's start: `type "label"… {` (resource, variable,
 * provider, module, data, output), or `terraform {` / `locals {`. The server's configuration
 * lexer refuses a double quote and a brace, and YAML takes neither for a mapping, so no valid
 * postgresql.conf or manifest is taken for Terraform. An attribute line alone is not enough: a
 * postgresql.conf with a double-quoted value (`application_name = "abc"`) must stay one and get
 * the server's syntax error. */
static bool hcl_line(const char *p, const char *stop)
{
    if (p >= stop || !id_start(*p))
        return false;
    const char *type = p;
    while (p < stop && id_char(*p))
        p++;
    size_t type_len = (size_t)(p - type);
    bool known = (type_len == 9 && !memcmp(type, "terraform", 9)) ||
                 (type_len == 6 && !memcmp(type, "locals", 6));
    size_t labels = 0;
    p = blanks(p, stop);
    while (p < stop && *p == '"') {
        const char *close = memchr(p + 1, '"', (size_t)(stop - p - 1));
        if (!close)
            return false;
        labels++;
        p = blanks(close + 1, stop);
    }
    if (p >= stop || *p != '{' || (!labels && !known))
        return false;
    p = blanks(p + 1, stop);
    return p == stop || *p == '#' || *p == '/' || *p == '}';
}

bool input_looks_like_hcl(const char *data, size_t len)
{
    const char *p = data, *end = data + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl ? nl : end;
        if (hcl_line(p, stop))
            return true;
        p = nl ? nl + 1 : end;
    }
    return false;
}

/* `terraform show -json` prints "format_version" and "terraform_version" first. */
bool input_json_is_terraform(const char *data, size_t len)
{
    return memmem(data, len, "\"terraform_version\"", 19) &&
           memmem(data, len, "\"format_version\"", 16);
}
