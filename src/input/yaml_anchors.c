#include "input/yaml_anchors.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

#define YAML_ANCHORS_MAX 4096

/* An anchor (&name) or alias (*name) where libyaml reads one: after a line's start, a blank or a
 * flow indicator, outside quotes, comments and block scalars. Names are libyaml's: letters,
 * digits, '-' and '_'. */
typedef struct Token {
    size_t at, len; /* the name's place in the text */
    bool anchor;
} Token;

typedef struct Tokens {
    Token *items;
    size_t n, cap;
} Tokens;

static bool name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
}

static void push(Tokens *t, size_t at, size_t len, bool anchor)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 16;
        t->items = xrealloc(t->items, t->cap * sizeof(*t->items));
    }
    t->items[t->n++] = (Token){at, len, anchor};
}

/* Does the line's content (before any comment) end with a block scalar's indicator: `|` or `>`,
 * with its chomping and indentation indicators (`|-`, `>+`, `|2`)? */
static bool opens_block(const char *start, const char *end)
{
    while (end > start && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    while (end > start && (end[-1] == '-' || end[-1] == '+' || (end[-1] >= '0' && end[-1] <= '9')))
        end--;
    if (end == start || (end[-1] != '|' && end[-1] != '>'))
        return false;
    return end - 1 == start || end[-2] == ' ' || end[-2] == '\t';
}

static void scan(const char *data, size_t len, Tokens *out)
{
    int block_indent = -1; /* inside a block scalar: its parent line's indentation */
    for (size_t pos = 0; pos < len;) {
        size_t eol = pos;
        while (eol < len && data[eol] != '\n')
            eol++;
        size_t first = pos;
        while (first < eol && (data[first] == ' ' || data[first] == '\t'))
            first++;
        int indent = (int)(first - pos);
        bool blank = first == eol || data[first] == '\r';
        if (block_indent >= 0 && (blank || indent > block_indent)) {
            pos = eol + 1;
            continue;
        }
        block_indent = -1;
        char quote = 0;
        size_t content_end = eol;
        for (size_t at = first; at < eol; at++) {
            char c = data[at];
            if (quote) {
                if (quote == '"' && c == '\\' && at + 1 < eol)
                    at++;
                else if (c == quote)
                    quote = 0;
                continue;
            }
            bool token_start = at == first || strchr(" \t[{,", data[at - 1]);
            if (c == '#' && (at == first || data[at - 1] == ' ' || data[at - 1] == '\t')) {
                content_end = at;
                break;
            }
            if ((c == '"' || c == '\'') && token_start)
                quote = c;
            else if ((c == '&' || c == '*') && token_start) {
                size_t name = at + 1, end = name;
                while (end < eol && name_char(data[end]))
                    end++;
                if (end > name)
                    push(out, name, end - name, c == '&');
                at = end - 1;
            }
        }
        if (!quote && opens_block(data + first, data + content_end))
            block_indent = indent;
        pos = eol + 1;
    }
}

/* Names (a run of `len` bytes somewhere) to a number, open addressing: so each token's lookup
 * is constant time, and a text of many anchors costs what its length does (the fuzz target's
 * rate: comparing each token with the ones before it made a manifest 4 times slower). */
typedef struct NameSlot {
    const char *name;
    size_t len, value;
} NameSlot;

typedef struct NameMap {
    NameSlot *slots;
    size_t cap; /* a power of two, at least twice the names it holds */
} NameMap;

static size_t name_hash(const char *name, size_t len)
{
    size_t h = 1469598103934665603u;
    for (size_t idx = 0; idx < len; idx++)
        h = (h ^ (unsigned char)name[idx]) * 1099511628211u;
    return h;
}

static NameSlot *slot_of(const NameMap *map, const char *name, size_t len)
{
    for (size_t at = name_hash(name, len) & (map->cap - 1);; at = (at + 1) & (map->cap - 1)) {
        NameSlot *slot = &map->slots[at];
        if (!slot->name || (slot->len == len && !memcmp(slot->name, name, len)))
            return slot;
    }
}

/* A free name of `len` characters, not in `names`: the original with its last characters
 * replaced by a counter in base 36; NULL when none is free. */
static char *fresh_name(const NameMap *names, const char *from, size_t len)
{
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    char *name = xmalloc(len + 1);
    for (unsigned long count = 1; count < 100000; count++) {
        memcpy(name, from, len);
        name[len] = '\0';
        size_t place = len;
        for (unsigned long rest = count; rest; rest /= 36) {
            if (!place) {
                free(name);
                return NULL;
            }
            name[--place] = digits[rest % 36];
        }
        if (!slot_of(names, name, len)->name)
            return name;
    }
    free(name);
    return NULL;
}

char *yaml_rename_redefined_anchors(const char *data, size_t len)
{
    Tokens t = {0};
    scan(data, len, &t);
    if (t.n > YAML_ANCHORS_MAX) {
        free(t.items);
        return NULL;
    }
    /* every name written (to give out none of them) and every name given out; the latest
     * definition of each name written, by token */
    size_t cap = 16;
    while (cap < 4 * (t.n + 1))
        cap *= 2;
    NameMap names = {xcalloc(cap, sizeof(NameSlot)), cap};
    NameMap latest = {xcalloc(cap, sizeof(NameSlot)), cap};
    for (size_t idx = 0; idx < t.n; idx++)
        *slot_of(&names, data + t.items[idx].at, t.items[idx].len) =
            (NameSlot){data + t.items[idx].at, t.items[idx].len, 0};
    /* for each token, the name it is written with afterwards (NULL: as it is) */
    char **renamed = xcalloc(t.n + 1, sizeof(char *));
    bool any = false, failed = false;
    for (size_t idx = 0; idx < t.n && !failed; idx++) {
        const Token *tok = &t.items[idx];
        const char *name = data + tok->at;
        NameSlot *last = slot_of(&latest, name, tok->len);
        const char *current = last->name ? renamed[last->value] : NULL;
        if (!tok->anchor) {
            renamed[idx] = current ? xstrdup(current) : NULL;
            continue;
        }
        if (last->name) {
            char *fresh = fresh_name(&names, name, tok->len);
            if (!fresh) {
                failed = true;
                break;
            }
            renamed[idx] = fresh;
            *slot_of(&names, fresh, tok->len) = (NameSlot){fresh, tok->len, 0};
            any = true;
        }
        *last = (NameSlot){name, tok->len, idx};
    }
    char *out = NULL;
    if (any && !failed) {
        out = xmalloc(len + 1);
        memcpy(out, data, len);
        out[len] = '\0';
        for (size_t idx = 0; idx < t.n; idx++)
            if (renamed[idx])
                memcpy(out + t.items[idx].at, renamed[idx], t.items[idx].len);
    }
    for (size_t idx = 0; idx < t.n; idx++)
        free(renamed[idx]);
    free(renamed);
    free(names.slots);
    free(latest.slots);
    free(t.items);
    return out;
}
