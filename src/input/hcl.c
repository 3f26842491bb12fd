/* A reader of HCL's native syntax, written from its specification (hashicorp/hcl,
 * hclsyntax/spec.md): structural elements (bodies of attributes and blocks, one-line blocks),
 * comments (hash, double slash and inline slash-star), and the expression grammar (literals,
 * templates with interpolations and directives, heredocs, tuples, objects, for expressions,
 * function calls, traversals, splats, unary, binary and conditional operators). Newlines end an
 * attribute, and inside an object constructor a member, but are ignored inside ( ), [ ] and
 * template interpolations. The tree keeps literals and plain references; other expressions are kept
 * as their text. */
#include "input/hcl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/arena.h"
#include "common/xalloc.h"

/* Deeper nesting is refused: no Terraform file comes near, and recursion must stay bounded. */
#define HCL_MAX_DEPTH 200

typedef struct Parser {
    const char *p, *end;
    int line;
    const char *line_start;
    HclError *err;
    bool failed;
    int depth;
    Arena *arena; /* the caller's: the tree lives there */
} Parser;

static int column_of(const Parser *ps)
{
    return (int)(ps->p - ps->line_start) + 1;
}

static bool fail(Parser *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool fail(Parser *ps, const char *fmt, ...)
{
    if (ps->failed)
        return false;
    ps->failed = true;
    ps->err->line = ps->line;
    ps->err->column = column_of(ps);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ps->err->message, sizeof(ps->err->message), fmt, ap);
    va_end(ap);
    return false;
}

static void step(Parser *ps)
{
    if (*ps->p == '\n') {
        ps->line++;
        ps->line_start = ps->p + 1;
    }
    ps->p++;
}

static bool at(const Parser *ps, const char *text)
{
    size_t n = strlen(text);
    return (size_t)(ps->end - ps->p) >= n && !memcmp(ps->p, text, n);
}

static bool is_id_start(unsigned char c)
{
    return c == '_' || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c >= 0x80;
}

static bool is_id_char(unsigned char c)
{
    return is_id_start(c) || c == '-' || (c >= '0' && c <= '9');
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Blanks and comments; newlines too when `nl` (inside brackets). A line comment stops before its
 * newline, which still ends an attribute. */
static void skip_space(Parser *ps, bool nl)
{
    while (ps->p < ps->end) {
        char c = *ps->p;
        if (c == ' ' || c == '\t' || c == '\r' || (nl && c == '\n')) {
            step(ps);
        } else if (c == '#' || at(ps, "//")) {
            while (ps->p < ps->end && *ps->p != '\n')
                ps->p++;
        } else if (at(ps, "/*")) {
            const char *start = ps->p, *start_line_start = ps->line_start;
            int start_line = ps->line;
            ps->p += 2;
            while (ps->p < ps->end && !at(ps, "*/"))
                step(ps);
            if (ps->p >= ps->end) {
                ps->p = start; /* reported where it opens */
                ps->line = start_line;
                ps->line_start = start_line_start;
                fail(ps, "unterminated /* comment");
                ps->p = ps->end;
                return;
            }
            ps->p += 2;
        } else {
            return;
        }
    }
}

static bool at_line_end(const Parser *ps)
{
    return ps->p >= ps->end || *ps->p == '\n';
}

static char *take_ident(Parser *ps)
{
    const char *start = ps->p;
    while (ps->p < ps->end && is_id_char((unsigned char)*ps->p))
        ps->p++;
    return arena_strndup(ps->arena, start, (size_t)(ps->p - start));
}

/* ---- values ---------------------------------------------------------------------------------- */

static void value_at(Parser *ps, HclValue *v, HclKind kind)
{
    memset(v, 0, sizeof(*v));
    v->kind = kind;
    v->line = ps->line;
    v->column = column_of(ps);
}

/* Turns `v` into an expression spanning from `start` to here (its parts are dropped). */
static void make_expr(Parser *ps, HclValue *v, const char *start)
{
    int line = v->line, column = v->column;
    memset(v, 0, sizeof(*v));
    const char *stop = ps->p;
    while (stop > start && strchr(" \t\r\n", stop[-1]))
        stop--;
    v->kind = HCL_EXPR;
    v->text = arena_strndup(ps->arena, start, (size_t)(stop - start));
    v->line = line;
    v->column = column;
}

static void add_item(Parser *ps, HclValue *parent, size_t *cap, HclValue *item)
{
    ARENA_GROW(ps->arena, parent->items, parent->n_items, *cap);
    parent->items[parent->n_items++] = *item;
}

static void path_add(Parser *ps, HclValue *v, char *part)
{
    v->path = arena_realloc(ps->arena, v->path, v->n_path * sizeof(char *),
                            (v->n_path + 1) * sizeof(char *));
    v->path[v->n_path++] = part;
}

static bool parse_expr(Parser *ps, HclValue *out, bool nl);

/* ---- templates: quoted strings and heredocs ----------------------------------------------------
 */

typedef struct Template {
    char *text; /* the literal parts, unescaped */
    size_t len, cap;
    size_t n_interp;  /* ${ } sequences */
    size_t n_literal; /* literal characters */
    bool directive;   /* a %{ } sequence */
    HclValue single;  /* the only interpolation's value, when it is alone */
} Template;

static void tpl_putc(Template *t, char c)
{
    if (t->len + 2 > t->cap) {
        t->cap = t->cap ? 2 * t->cap : 32;
        t->text = xrealloc(t->text, t->cap);
    }
    t->text[t->len++] = c;
    t->text[t->len] = 0;
    t->n_literal++;
}

static void tpl_put_utf8(Template *t, unsigned long cp)
{
    if (cp < 0x80) {
        tpl_putc(t, (char)cp);
    } else if (cp < 0x800) {
        tpl_putc(t, (char)(0xC0 | (cp >> 6)));
        tpl_putc(t, (char)(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        tpl_putc(t, (char)(0xE0 | (cp >> 12)));
        tpl_putc(t, (char)(0x80 | ((cp >> 6) & 0x3F)));
        tpl_putc(t, (char)(0x80 | (cp & 0x3F)));
    } else {
        tpl_putc(t, (char)(0xF0 | ((cp >> 18) & 0x07)));
        tpl_putc(t, (char)(0x80 | ((cp >> 12) & 0x3F)));
        tpl_putc(t, (char)(0x80 | ((cp >> 6) & 0x3F)));
        tpl_putc(t, (char)(0x80 | (cp & 0x3F)));
    }
}

static bool hex_escape(Parser *ps, Template *t, int digits)
{
    unsigned long cp = 0;
    for (int idx = 0; idx < digits; idx++) {
        char c = ps->p < ps->end ? *ps->p : 0;
        int d = is_digit(c)                              ? c - '0'
                : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10
                                                         : -1;
        if (d < 0)
            return fail(ps, "invalid \\%c escape: %d hexadecimal digits expected",
                        digits == 4 ? 'u' : 'U', digits);
        cp = cp * 16 + (unsigned long)d;
        ps->p++;
    }
    tpl_put_utf8(t, cp > 0x10FFFF ? 0xFFFD : cp);
    return true;
}

/* ${ expr } (the opening already taken): strip markers, newlines ignored inside. */
static bool template_interp(Parser *ps, Template *t)
{
    if (at(ps, "~"))
        ps->p++;
    skip_space(ps, true);
    HclValue v;
    if (!parse_expr(ps, &v, true))
        return false;
    skip_space(ps, true);
    if (at(ps, "~"))
        ps->p++;
    if (!at(ps, "}"))
        return fail(ps, "expected } to close the ${ interpolation");
    ps->p++;
    if (t->n_interp++ == 0)
        t->single = v;
    return true;
}

/* %{ if cond }, %{ for k, v in coll }, %{ else }, %{ endif }, %{ endfor }. */
static bool template_directive(Parser *ps, Template *t)
{
    t->directive = true;
    if (at(ps, "~"))
        ps->p++;
    skip_space(ps, true);
    if (ps->p >= ps->end || !is_id_start((unsigned char)*ps->p))
        return fail(ps, "expected if, for, else, endif or endfor after %%{");
    char *word = take_ident(ps);
    bool ok = true;
    skip_space(ps, true);
    if (!strcmp(word, "if")) {
        HclValue v;
        ok = parse_expr(ps, &v, true);
    } else if (!strcmp(word, "for")) {
        for (int n = 0; ok && n < 2 && ps->p < ps->end && is_id_start((unsigned char)*ps->p); n++) {
            (void)take_ident(ps);
            skip_space(ps, true);
            if (!at(ps, ","))
                break;
            ps->p++;
            skip_space(ps, true);
        }
        if (ok && !at(ps, "in "))
            ok = fail(ps, "expected \"in\" in a %%{ for directive");
        if (ok) {
            ps->p += 2;
            skip_space(ps, true);
            HclValue v;
            ok = parse_expr(ps, &v, true);
        }
    } else if (strcmp(word, "else") && strcmp(word, "endif") && strcmp(word, "endfor")) {
        ok = fail(ps, "unknown template directive %%{ %s }", word);
    }
    if (!ok)
        return false;
    skip_space(ps, true);
    if (at(ps, "~"))
        ps->p++;
    if (!at(ps, "}"))
        return fail(ps, "expected } to close the %%{ directive");
    ps->p++;
    return true;
}

/* Template characters up to `stop` ('"' for a quoted string, 0 for a heredoc's whole range);
 * escapes only in quoted strings, as the specification has them. */
static bool template_body(Parser *ps, Template *t, char stop)
{
    while (ps->p < ps->end) {
        char c = *ps->p;
        if (stop && c == stop)
            return true;
        if (stop && c == '\n')
            return fail(ps, "unterminated string: a quoted string cannot span lines");
        if (stop && c == '\\') {
            ps->p++;
            char e = ps->p < ps->end ? *ps->p : 0;
            ps->p++;
            switch (e) {
            case 'n': tpl_putc(t, '\n'); break;
            case 'r': tpl_putc(t, '\r'); break;
            case 't': tpl_putc(t, '\t'); break;
            case '"': tpl_putc(t, '"'); break;
            case '\\': tpl_putc(t, '\\'); break;
            case '/': tpl_putc(t, '/'); break; /* JSON's, for terraform show -json */
            case 'b': tpl_putc(t, '\b'); break;
            case 'f': tpl_putc(t, '\f'); break;
            case 'u':
                if (!hex_escape(ps, t, 4))
                    return false;
                break;
            case 'U':
                if (!hex_escape(ps, t, 8))
                    return false;
                break;
            default: ps->p--; return fail(ps, "invalid escape sequence \\%c", e ? e : ' ');
            }
            continue;
        }
        if (at(ps, "$${") || at(ps, "%%{")) {
            tpl_putc(t, c);
            tpl_putc(t, '{');
            ps->p += 3;
            continue;
        }
        if (at(ps, "${")) {
            ps->p += 2;
            if (!template_interp(ps, t))
                return false;
            continue;
        }
        if (at(ps, "%{")) {
            ps->p += 2;
            if (!template_directive(ps, t))
                return false;
            continue;
        }
        tpl_putc(t, c);
        step(ps);
    }
    return stop ? fail(ps, "unterminated string") : true;
}

/* A template's value: its text when it is all literal; the interpolated value when it is one
 * interpolation alone (as HCL returns it unconverted); otherwise an expression. */
static void template_result(Parser *ps, Template *t, HclValue *out, const char *start)
{
    if (!t->n_interp && !t->directive) {
        out->kind = HCL_STRING;
        out->text = arena_strdup(ps->arena, t->text ? t->text : "");
        free(t->text);
        return;
    }
    free(t->text);
    if (t->n_interp == 1 && !t->n_literal && !t->directive) {
        int line = out->line, column = out->column;
        *out = t->single;
        out->line = line;
        out->column = column;
        return;
    }
    make_expr(ps, out, start);
}

static bool parse_quoted(Parser *ps, HclValue *out)
{
    const char *start = ps->p;
    value_at(ps, out, HCL_STRING);
    ps->p++;
    Template t = {0};
    if (!template_body(ps, &t, '"')) {
        free(t.text);
        return false;
    }
    ps->p++;
    template_result(ps, &t, out, start);
    return true;
}

/* <<EOT or <<-EOT, a newline, the lines, and a line holding only the marker (blanks allowed
 * before it). The flush form drops the lines' common leading blanks. */
static bool parse_heredoc(Parser *ps, HclValue *out)
{
    const char *start = ps->p;
    value_at(ps, out, HCL_STRING);
    ps->p += 2;
    bool flush = at(ps, "-");
    if (flush)
        ps->p++;
    if (ps->p >= ps->end || !is_id_start((unsigned char)*ps->p))
        return fail(ps, "expected an identifier after <<");
    char *marker = take_ident(ps);
    size_t mlen = strlen(marker);
    if (at(ps, "\r"))
        ps->p++;
    if (!at(ps, "\n"))
        return fail(ps, "a heredoc's marker must end its line");
    step(ps);
    const char *content = ps->p, *close = NULL, *after = NULL;
    int close_line = ps->line;
    for (const char *q = content; q < ps->end;) {
        const char *nl = memchr(q, '\n', (size_t)(ps->end - q));
        const char *stop = nl ? nl : ps->end, *s = q;
        while (s < stop && (*s == ' ' || *s == '\t'))
            s++;
        const char *e = stop;
        if (e > s && e[-1] == '\r')
            e--;
        if ((size_t)(e - s) == mlen && !memcmp(s, marker, mlen)) {
            close = q;
            after = stop;
            break;
        }
        close_line++;
        q = nl ? nl + 1 : ps->end;
    }
    if (!close)
        return fail(ps, "heredoc not closed: no line holds only its marker");
    Parser sub = *ps;
    sub.end = close;
    Template t = {0};
    bool ok = template_body(&sub, &t, 0);
    if (!ok) {
        ps->failed = true;
        free(t.text);
        return false;
    }
    ps->p = after;
    ps->line = close_line;
    ps->line_start = close;
    if (flush && t.text && !t.n_interp && !t.directive) {
        /* the smallest indent of the non-blank lines, removed from each */
        size_t min = (size_t)-1;
        for (const char *q = t.text; *q;) {
            size_t n = strspn(q, " \t");
            if (q[n] != '\n' && q[n] && n < min)
                min = n;
            const char *nl = strchr(q, '\n');
            q = nl ? nl + 1 : q + strlen(q);
        }
        if (min != (size_t)-1 && min) {
            char *w = t.text;
            for (const char *q = t.text; *q;) {
                size_t n = strspn(q, " \t");
                q += n < min ? n : min;
                while (*q && *q != '\n')
                    *w++ = *q++;
                if (*q == '\n')
                    *w++ = *q++;
            }
            *w = 0;
        }
    }
    template_result(ps, &t, out, start);
    return true;
}

/* ---- expressions ------------------------------------------------------------------------------
 */

static bool parse_number(Parser *ps, HclValue *out)
{
    const char *start = ps->p;
    value_at(ps, out, HCL_NUMBER);
    while (ps->p < ps->end && is_digit(*ps->p))
        ps->p++;
    if (ps->p + 1 < ps->end && *ps->p == '.' && is_digit(ps->p[1])) {
        ps->p++;
        while (ps->p < ps->end && is_digit(*ps->p))
            ps->p++;
    }
    if (ps->p < ps->end && (*ps->p | 0x20) == 'e') {
        const char *q = ps->p + 1;
        if (q < ps->end && (*q == '+' || *q == '-'))
            q++;
        if (q < ps->end && is_digit(*q)) {
            ps->p = q;
            while (ps->p < ps->end && is_digit(*ps->p))
                ps->p++;
        }
    }
    out->text = arena_strndup(ps->arena, start, (size_t)(ps->p - start));
    return true;
}

/* `for a[, b] in coll : expr [=> expr] [...] [if cond]` up to `close`. */
static bool parse_for(Parser *ps, char close)
{
    ps->p += 3;
    skip_space(ps, true);
    for (int n = 0; n < 2; n++) {
        if (ps->p >= ps->end || !is_id_start((unsigned char)*ps->p))
            return fail(ps, "expected a variable name in a for expression");
        (void)take_ident(ps);
        skip_space(ps, true);
        if (!at(ps, ","))
            break;
        ps->p++;
        skip_space(ps, true);
    }
    if (!at(ps, "in") || (ps->p + 2 < ps->end && is_id_char((unsigned char)ps->p[2])))
        return fail(ps, "expected \"in\" in a for expression");
    ps->p += 2;
    static const char *const seps[] = {":", "=>", "if", NULL};
    for (size_t part = 0;; part++) {
        skip_space(ps, true);
        HclValue v;
        if (!parse_expr(ps, &v, true))
            return false;
        skip_space(ps, true);
        if (at(ps, "..."))
            ps->p += 3, skip_space(ps, true);
        if (ps->p < ps->end && *ps->p == close) {
            ps->p++;
            return true;
        }
        bool found = false;
        for (size_t s = 0; seps[s] && !found; s++)
            if (at(ps, seps[s])) {
                ps->p += strlen(seps[s]);
                found = true;
            }
        if (!found || part > 3)
            return fail(ps, "unexpected text in a for expression");
    }
}

static bool starts_for(const Parser *ps)
{
    return at(ps, "for") && ps->p + 3 < ps->end && strchr(" \t\r\n", ps->p[3]);
}

/* At [ or {: opens the collection; a for expression is read whole (*done). */
static bool open_collection(Parser *ps, HclValue *out, HclKind kind, char close, bool *done)
{
    const char *start = ps->p;
    value_at(ps, out, kind);
    ps->p++;
    skip_space(ps, true);
    *done = starts_for(ps);
    if (!*done)
        return true;
    if (!parse_for(ps, close))
        return false;
    make_expr(ps, out, start);
    return true;
}

static bool parse_tuple(Parser *ps, HclValue *out)
{
    bool done;
    if (!open_collection(ps, out, HCL_TUPLE, ']', &done) || done)
        return !ps->failed;
    size_t cap = 0;
    for (;;) {
        skip_space(ps, true);
        if (at(ps, "]")) {
            ps->p++;
            return true;
        }
        HclValue item;
        if (!parse_expr(ps, &item, true))
            return false;
        add_item(ps, out, &cap, &item);
        skip_space(ps, true);
        if (at(ps, ",")) {
            ps->p++;
        } else if (!at(ps, "]")) {
            return fail(ps, "expected , or ] in a tuple");
        }
    }
}

/* A member's key: an identifier or a literal stands for itself; anything else (a parenthesised
 * expression, a reference with dots) is evaluated by Terraform, so it has no text here. */
static char *object_key(const HclValue *key)
{
    if (key->kind == HCL_REF && key->n_path == 1)
        return key->path[0];
    if (key->kind == HCL_STRING || key->kind == HCL_NUMBER || key->kind == HCL_BOOL)
        return key->text;
    return NULL;
}

static bool parse_object(Parser *ps, HclValue *out)
{
    bool done;
    if (!open_collection(ps, out, HCL_OBJECT, '}', &done) || done)
        return !ps->failed;
    size_t cap = 0;
    for (;;) {
        skip_space(ps, true);
        if (at(ps, "}")) {
            ps->p++;
            return true;
        }
        HclValue key;
        bool paren = at(ps, "(");
        if (!parse_expr(ps, &key, false))
            return false;
        skip_space(ps, false);
        if (!(at(ps, ":") || (at(ps, "=") && !at(ps, "==") && !at(ps, "=>"))))
            return fail(ps, "expected = or : after an object key");
        ps->p++;
        skip_space(ps, true);
        HclValue value;
        if (!parse_expr(ps, &value, false))
            return false;
        value.key = paren ? NULL : object_key(&key);
        value.key_line = key.line;
        value.key_column = key.column;
        add_item(ps, out, &cap, &value);
        skip_space(ps, false);
        if (at(ps, ","))
            ps->p++;
        else if (!at_line_end(ps) && !at(ps, "}"))
            return fail(ps, "expected a newline or a comma after an object member");
    }
}

static bool parse_args(Parser *ps)
{
    ps->p++;
    for (;;) {
        skip_space(ps, true);
        if (at(ps, ")")) {
            ps->p++;
            return true;
        }
        HclValue v;
        if (!parse_expr(ps, &v, true))
            return false;
        skip_space(ps, true);
        if (at(ps, "..."))
            ps->p += 3, skip_space(ps, true);
        if (at(ps, ","))
            ps->p++;
        else if (!at(ps, ")"))
            return fail(ps, "expected , or ) in a function call's arguments");
    }
}

static bool parse_primary(Parser *ps, HclValue *out, bool nl)
{
    if (ps->p >= ps->end)
        return fail(ps, "expected an expression, found the end of the file");
    char c = *ps->p;
    const char *start = ps->p;
    if (is_digit(c))
        return parse_number(ps, out);
    if (c == '"')
        return parse_quoted(ps, out);
    if (at(ps, "<<"))
        return parse_heredoc(ps, out);
    if (c == '[')
        return parse_tuple(ps, out);
    if (c == '{')
        return parse_object(ps, out);
    if (c == '(') {
        ps->p++;
        skip_space(ps, true);
        if (!parse_expr(ps, out, true))
            return false;
        skip_space(ps, true);
        if (!at(ps, ")"))
            return fail(ps, "expected ) to close the parenthesis");
        ps->p++;
        return true;
    }
    if (!is_id_start((unsigned char)c))
        return fail(ps, "unexpected character '%c' where an expression belongs",
                    c >= 32 && c < 127 ? c : '?');
    value_at(ps, out, HCL_REF);
    char *word = take_ident(ps);
    while (at(ps, "::") && ps->p + 2 < ps->end && is_id_start((unsigned char)ps->p[2])) {
        ps->p += 2; /* provider::NAME::function */
        (void)take_ident(ps);
    }
    const char *after = ps->p, *after_line_start = ps->line_start;
    int after_line = ps->line;
    skip_space(ps, nl);
    if (at(ps, "(")) {
        if (!parse_args(ps))
            return false;
        make_expr(ps, out, start);
        return true;
    }
    ps->p = after; /* not a call: what follows is the caller's */
    ps->line = after_line;
    ps->line_start = after_line_start;
    if (!strcmp(word, "true") || !strcmp(word, "false")) {
        out->kind = HCL_BOOL;
        out->text = word;
    } else if (!strcmp(word, "null")) {
        out->kind = HCL_NULL;
    } else {
        path_add(ps, out, word);
    }
    return true;
}

/* .name, .0, .*, [expr], [*] after a primary. A reference stays one while each step is a name
 * or a literal index. */
static bool parse_postfix(Parser *ps, HclValue *out, bool nl)
{
    const char *start = ps->p;
    if (!parse_primary(ps, out, nl))
        return false;
    for (;;) {
        if (at(ps, ".") && !at(ps, "...")) {
            ps->p++;
            if (at(ps, "*")) {
                ps->p++;
                make_expr(ps, out, start);
                continue;
            }
            const char *ps_start = ps->p;
            if (ps->p < ps->end && is_digit(*ps->p)) {
                while (ps->p < ps->end && is_digit(*ps->p))
                    ps->p++;
            } else if (ps->p < ps->end && is_id_start((unsigned char)*ps->p)) {
                while (ps->p < ps->end && is_id_char((unsigned char)*ps->p))
                    ps->p++;
            } else {
                return fail(ps, "expected a name after .");
            }
            if (out->kind == HCL_REF)
                path_add(ps, out, arena_strndup(ps->arena, ps_start, (size_t)(ps->p - ps_start)));
            else
                make_expr(ps, out, start);
        } else if (at(ps, "[")) {
            ps->p++;
            skip_space(ps, true);
            if (at(ps, "*")) {
                ps->p++;
                skip_space(ps, true);
                if (!at(ps, "]"))
                    return fail(ps, "expected ] after [*");
                ps->p++;
                make_expr(ps, out, start);
                continue;
            }
            HclValue index;
            if (!parse_expr(ps, &index, true))
                return false;
            skip_space(ps, true);
            if (!at(ps, "]"))
                return fail(ps, "expected ] to close an index");
            ps->p++;
            bool literal = index.kind == HCL_STRING || index.kind == HCL_NUMBER;
            if (out->kind == HCL_REF && literal) {
                path_add(ps, out, index.text);
            } else {
                make_expr(ps, out, start);
            }
        } else {
            return true;
        }
    }
}

static bool parse_unary(Parser *ps, HclValue *out, bool nl)
{
    if (ps->depth > HCL_MAX_DEPTH)
        return fail(ps, "expressions nested more than %d deep", HCL_MAX_DEPTH);
    if (at(ps, "-") || at(ps, "!")) {
        const char *start = ps->p;
        int line = ps->line, column = column_of(ps);
        bool minus = *ps->p == '-';
        ps->p++;
        skip_space(ps, nl);
        ps->depth++;
        bool ok = parse_unary(ps, out, nl);
        ps->depth--;
        if (!ok)
            return false;
        if (minus && out->kind == HCL_NUMBER) {
            out->text = arena_printf(ps->arena, "-%s", out->text);
        } else {
            make_expr(ps, out, start);
        }
        out->line = line;
        out->column = column;
        return true;
    }
    return parse_postfix(ps, out, nl);
}

static bool at_binary_op(const Parser *ps)
{
    static const char *const ops[] = {"||", "&&", "==", "!=", "<=", ">=", "<",
                                      ">",  "+",  "-",  "*",  "/",  "%",  NULL};
    if (at(ps, "=>") || at(ps, "<<"))
        return false;
    for (size_t idx = 0; ops[idx]; idx++)
        if (at(ps, ops[idx]))
            return true;
    return false;
}

static bool parse_expr(Parser *ps, HclValue *out, bool nl)
{
    if (++ps->depth > HCL_MAX_DEPTH) {
        ps->depth--;
        return fail(ps, "expressions nested more than %d deep", HCL_MAX_DEPTH);
    }
    const char *start = ps->p;
    memset(out, 0, sizeof(*out));
    bool ok = parse_unary(ps, out, nl);
    bool compound = false;
    while (ok) {
        const char *before = ps->p;
        int line = ps->line;
        const char *line_start = ps->line_start;
        skip_space(ps, nl);
        if (at_binary_op(ps)) {
            ps->p += (at(ps, "||") || at(ps, "&&") || at(ps, "==") || at(ps, "!=") ||
                      at(ps, "<=") || at(ps, ">="))
                         ? 2
                         : 1;
            skip_space(ps, true);
            HclValue rhs = {0};
            ok = parse_unary(ps, &rhs, nl);
            compound = true;
        } else if (at(ps, "?")) {
            ps->p++;
            skip_space(ps, true);
            HclValue v;
            ok = parse_expr(ps, &v, nl);
            if (ok) {
                skip_space(ps, true);
                if (!at(ps, ":"))
                    ok = fail(ps, "expected : in a conditional expression");
            }
            if (ok) {
                ps->p++;
                skip_space(ps, true);
                ok = parse_expr(ps, &v, nl);
            }
            compound = true;
        } else {
            ps->p = before; /* what follows belongs to the caller, newlines included */
            ps->line = line;
            ps->line_start = line_start;
            break;
        }
    }
    ps->depth--;
    if (!ok) {
        if (!ps->failed)
            fail(ps, "invalid expression");
        return false;
    }
    if (compound)
        make_expr(ps, out, start);
    return true;
}

/* ---- bodies ---------------------------------------------------------------------------------- */

static void add_label(Parser *ps, HclBlock *block, char *label)
{
    block->labels = arena_realloc(ps->arena, block->labels, block->n_labels * sizeof(char *),
                                  (block->n_labels + 1) * sizeof(char *));
    block->labels[block->n_labels++] = label;
}

static bool parse_body(Parser *ps, HclBody *body, bool nested)
{
    size_t cap_attrs = 0, cap_blocks = 0;
    for (;;) {
        skip_space(ps, true);
        if (ps->failed)
            return false;
        if (ps->p >= ps->end) {
            if (nested)
                return fail(ps, "a block is not closed: } expected");
            return true;
        }
        if (at(ps, "}")) {
            if (!nested)
                return fail(ps, "unexpected } outside a block");
            return true;
        }
        if (!is_id_start((unsigned char)*ps->p))
            return fail(ps, "expected an attribute name or a block type");
        int line = ps->line, column = column_of(ps);
        char *name = take_ident(ps);
        skip_space(ps, false);
        if (at(ps, "=") && !at(ps, "==")) {
            ps->p++;
            skip_space(ps, false);
            ARENA_GROW(ps->arena, body->attrs, body->n_attrs, cap_attrs);
            HclAttr *attr = &body->attrs[body->n_attrs];
            attr->name = name;
            attr->line = line;
            attr->column = column;
            if (!parse_expr(ps, &attr->value, false))
                return false;
            body->n_attrs++;
        } else {
            ARENA_GROW(ps->arena, body->blocks, body->n_blocks, cap_blocks);
            HclBlock *block = &body->blocks[body->n_blocks];
            memset(block, 0, sizeof(*block));
            block->type = name;
            block->line = line;
            block->column = column;
            body->n_blocks++;
            for (;;) {
                skip_space(ps, false);
                if (at(ps, "\"")) {
                    HclValue label;
                    if (!parse_quoted(ps, &label))
                        return false;
                    if (label.kind != HCL_STRING)
                        return fail(ps, "a block label must be a literal string");
                    add_label(ps, block, label.text);
                } else if (ps->p < ps->end && is_id_start((unsigned char)*ps->p)) {
                    add_label(ps, block, take_ident(ps));
                } else {
                    break;
                }
            }
            if (!at(ps, "{"))
                return fail(ps, "expected = after the attribute name %s, or { to open a block",
                            name);
            if (++ps->depth > HCL_MAX_DEPTH)
                return fail(ps, "blocks nested more than %d deep", HCL_MAX_DEPTH);
            ps->p++;
            bool ok = parse_body(ps, &block->body, true);
            ps->depth--;
            if (!ok)
                return false;
            ps->p++; /* } */
        }
        skip_space(ps, false);
        if (!at_line_end(ps) && !(nested && at(ps, "}")))
            return fail(ps, "expected a newline after an attribute or a block");
    }
}

static void parser_init(Parser *ps, Arena *arena, const char *data, size_t len, HclError *err)
{
    memset(ps, 0, sizeof(*ps));
    ps->arena = arena;
    ps->p = data;
    ps->end = data + len;
    ps->line = 1;
    ps->line_start = data;
    ps->err = err;
    memset(err, 0, sizeof(*err));
    if (len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3)) {
        ps->p += 3;
        ps->line_start = ps->p;
    }
}

bool hcl_parse_body(Arena *arena, const char *data, size_t len, HclBody *out, HclError *err)
{
    Parser ps;
    parser_init(&ps, arena, data, len, err);
    memset(out, 0, sizeof(*out));
    if (memchr(data, 0, len)) {
        const char *nul = memchr(data, 0, len);
        while (ps.p < nul)
            step(&ps);
        return fail(&ps, "a NUL byte: not a text file");
    }
    return parse_body(&ps, out, false) && !ps.failed;
}

bool hcl_parse_value(Arena *arena, const char *data, size_t len, HclValue *out, HclError *err)
{
    Parser ps;
    parser_init(&ps, arena, data, len, err);
    memset(out, 0, sizeof(*out));
    if (memchr(data, 0, len))
        return fail(&ps, "a NUL byte: not a text file");
    skip_space(&ps, true);
    if (!parse_expr(&ps, out, true))
        return false;
    skip_space(&ps, true);
    if (ps.p < ps.end || ps.failed)
        return fail(&ps, "unexpected text after the value");
    return true;
}

const HclAttr *hcl_attr(const HclBody *body, const char *name)
{
    for (size_t idx = 0; idx < body->n_attrs; idx++)
        if (!strcmp(body->attrs[idx].name, name))
            return &body->attrs[idx];
    return NULL;
}

const HclValue *hcl_member(const HclValue *object, const char *key)
{
    if (!object || object->kind != HCL_OBJECT)
        return NULL;
    const HclValue *found = NULL;
    for (size_t idx = 0; idx < object->n_items; idx++)
        if (object->items[idx].key && !strcmp(object->items[idx].key, key))
            found = &object->items[idx];
    return found;
}
