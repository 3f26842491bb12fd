/* Would the server's regcomp (Henry Spencer's ARE engine, REG_ADVANCED) accept a "/…" token of
 * pg_hba.conf or pg_ident.conf? PCRE2 compiles the pattern after a scan for what the two
 * dialects treat differently:
 *  - ARE only: \m \M \y \Y (word constraints), \Z, \B (a backslash), \e \v, \u / \U / \x with
 *    their own digit counts, "***:" and "***=" directors, embedded options such as (?q) —
 *    translated or accepted here;
 *  - PCRE2 only, refused as ARE refuses them: possessive quantifiers (a*+), atomic and named
 *    groups, (?|…), recursion, \K \Q \E \p \h \R \z and other letter escapes ARE lacks, bounds
 *    above 255 ({256}), a quantifier after a constraint (^*);
 *  - ARE accepts a lookbehind of any length; PCRE2's "not fixed length" is not an error here.
 * Errors are worded as the server's pg_regerror() (regerrs.h). What the scan does not model is
 * listed in docs/hba.md. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <ctype.h>
#include <pcre2.h>
#include <stdbool.h>
#include <string.h>

#include "common/strbuf.h"
#include "hba/hba.h"

#define RE_EESCAPE "invalid escape \\ sequence"
#define RE_EBRACK "brackets [] not balanced"
#define RE_EPAREN "parentheses () not balanced"
#define RE_EBRACE "braces {} not balanced"
#define RE_BADBR "invalid repetition count(s)"
#define RE_ERANGE "invalid character range"
#define RE_ECTYPE "invalid character class"
#define RE_BADRPT "quantifier operand invalid"
#define RE_BADOPT "invalid embedded option"
#define RE_ESUBREG "invalid backreference number"
#define RE_BADPAT "invalid regexp (reg version 0.8)"
#define RE_ECOLLATE "invalid collating element"
#define DUPMAX 255

/* One UTF-8 character's code point (a stray byte counts as itself). */
static unsigned utf8_next(const char **pp)
{
    const unsigned char *p = (const unsigned char *)*pp;
    unsigned c = *p++;
    int extra = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
    unsigned cp = extra ? c & (0x3f >> extra) : c;
    for (int idx = 0; idx < extra && (*p & 0xc0) == 0x80; idx++)
        cp = (cp << 6) | (*p++ & 0x3f);
    *pp = (const char *)p;
    return cp;
}

static bool known_class(const char *name, size_t len)
{
    static const char *const classes[] = {"alnum", "alpha", "ascii",  "blank", "cntrl",
                                          "digit", "graph", "lower",  "print", "punct",
                                          "space", "upper", "xdigit", "word"};
    for (size_t idx = 0; idx < sizeof(classes) / sizeof(classes[0]); idx++)
        if (strlen(classes[idx]) == len && !strncmp(classes[idx], name, len))
            return true;
    return false;
}

/* A bracket expression from just after "[" ; returns the position after "]" or NULL with
 * *why. Ranges are checked by code point; the expression becomes "." for PCRE2. */
static const char *scan_bracket(const char *p, const char **why)
{
    if (*p == '^')
        p++;
    if (*p == ']')
        p++;        /* a leading ] is literal */
    long prev = -1; /* code point that may start a range */
    for (;;) {
        if (!*p) {
            *why = RE_EBRACK;
            return NULL;
        }
        if (*p == ']')
            return p + 1;
        long cur;
        if (p[0] == '[' && (p[1] == ':' || p[1] == '.' || p[1] == '=')) {
            char kind = p[1];
            const char *start = p + 2;
            const char *close = start;
            while (*close && !(close[0] == kind && close[1] == ']'))
                close++;
            if (!*close) {
                *why = RE_EBRACK;
                return NULL;
            }
            size_t len = (size_t)(close - start);
            if (kind == ':' && !known_class(start, len)) {
                *why = RE_ECTYPE;
                return NULL;
            }
            if (kind != ':') {
                const char *q = start;
                if (len == 0 || (utf8_next(&q), q != close)) {
                    *why = RE_ECOLLATE;
                    return NULL;
                }
            }
            p = close + 2;
            cur = kind == ':' ? -1 : (long)(unsigned char)*start;
        } else if (*p == '\\') {
            p++;
            if (!*p) {
                *why = RE_EESCAPE;
                return NULL;
            }
            cur = strchr("dswDSW", *p) ? -1 : (long)utf8_next(&p);
            if (cur == -1)
                p++;
        } else {
            cur = (long)utf8_next(&p);
        }
        if (*p == '-' && p[1] != ']' && p[1] && cur >= 0) {
            p++;
            const char *q = p;
            long hi;
            if (*q == '\\' && q[1]) {
                q++;
                hi = (long)utf8_next(&q);
            } else {
                hi = (long)utf8_next(&q);
            }
            if (hi < cur) {
                *why = RE_ERANGE;
                return NULL;
            }
            p = q;
            prev = -1;
            continue;
        }
        prev = cur;
    }
    (void)prev;
}

/* A bound after "{" (digits known to follow); returns the position after "}" or NULL. */
static const char *scan_bound(const char *p, const char **why)
{
    long m = 0, n;
    while (isdigit((unsigned char)*p))
        m = m * 10 + (*p++ - '0'), m = m > 10000 ? 10000 : m;
    n = m;
    if (*p == ',') {
        p++;
        n = isdigit((unsigned char)*p) ? 0 : DUPMAX;
        while (isdigit((unsigned char)*p))
            n = n * 10 + (*p++ - '0'), n = n > 10000 ? 10000 : n;
    }
    if (!*p) {
        *why = RE_EBRACE;
        return NULL;
    }
    if (*p != '}' || m > DUPMAX || n > DUPMAX || m > n) {
        *why = RE_BADBR;
        return NULL;
    }
    return p + 1;
}

typedef enum { PREV_NONE, PREV_ATOM, PREV_QUANT, PREV_LAZY } Prev;

/* Scans the ARE syntax into a PCRE2 pattern of the same structure; NULL when fine so far. */
static const char *translate(const char *p, StrBuf *out)
{
    const char *why = NULL;
    Prev prev = PREV_NONE;
    while (*p) {
        char c = *p;
        if (c == '*' || c == '+' || c == '?' || (c == '{' && isdigit((unsigned char)p[1]))) {
            if (prev == PREV_QUANT && c == '?') {
                sb_putc(out, '?');
                p++;
                prev = PREV_LAZY;
                continue;
            }
            if (prev != PREV_ATOM)
                return RE_BADRPT;
            if (c == '{') {
                const char *end = scan_bound(p + 1, &why);
                if (!end)
                    return why;
                sb_putn(out, p, (size_t)(end - p));
                p = end;
            } else {
                sb_putc(out, c);
                p++;
            }
            prev = PREV_QUANT;
            continue;
        }
        if (c == '\\') {
            char e = p[1];
            if (!e)
                return RE_EESCAPE;
            p += 2;
            prev = PREV_ATOM;
            if (strchr("mMyYAZ", e)) {
                sb_put(out, e == 'Y' ? "\\B" : e == 'A' ? "\\A" : e == 'Z' ? "\\z" : "\\b");
                prev = PREV_NONE; /* a constraint: nothing to quantify */
            } else if (strchr("dDsSwWnrtfa", e)) {
                sb_putc(out, '\\');
                sb_putc(out, e);
            } else if (e == 'b' || e == 'B' || e == 'e' || e == 'v') {
                sb_put(out, e == 'b' ? "\\x08" : e == 'B' ? "\\\\" : e == 'e' ? "\\x1b" : "\\x0b");
            } else if (e == 'c') {
                if (!*p)
                    return RE_EESCAPE;
                sb_put(out, "\\x01");
                p++;
            } else if (e == 'u' || e == 'U' || e == 'x') {
                size_t want = e == 'u' ? 4 : e == 'U' ? 8 : 0, got = 0;
                while (isxdigit((unsigned char)p[got]) && (!want || got < want))
                    got++;
                if (got == 0 || (want && got < want))
                    return RE_EESCAPE;
                sb_put(out, "\\x{");
                sb_putn(out, p, got);
                sb_putc(out, '}');
                p += got;
            } else if (isdigit((unsigned char)e)) {
                sb_putc(out, '\\');
                sb_putc(out, e);
            } else if (isalpha((unsigned char)e)) {
                return RE_EESCAPE;
            } else {
                sb_putc(out, '\\');
                sb_putc(out, e);
            }
            continue;
        }
        if (c == '[') {
            if (!strncmp(p, "[[:<:]]", 7) || !strncmp(p, "[[:>:]]", 7)) {
                sb_put(out, "\\b");
                p += 7;
                prev = PREV_NONE;
                continue;
            }
            const char *end = scan_bracket(p + 1, &why);
            if (!end)
                return why;
            sb_putc(out, '.');
            p = end;
            prev = PREV_ATOM;
            continue;
        }
        if (c == '(' && p[1] == '?') {
            if (p[2] == ':' || p[2] == '=' || p[2] == '!') {
                sb_putn(out, p, 3);
                p += 3;
            } else if (p[2] == '<' && (p[3] == '=' || p[3] == '!')) {
                sb_putn(out, p, 4);
                p += 4;
            } else if (p[2] == '#') {
                const char *close = strchr(p, ')');
                if (!close)
                    return RE_EPAREN;
                p = close + 1;
                continue; /* a comment: prev unchanged */
            } else {
                return RE_BADRPT;
            }
            prev = PREV_NONE;
            continue;
        }
        if (c == '(' || c == '|') {
            sb_putc(out, c);
            p++;
            prev = PREV_NONE;
            continue;
        }
        if (c == '^' || c == '$') {
            sb_putc(out, c);
            p++;
            prev = PREV_NONE;
            continue;
        }
        /* ')' closes an atom; a literal character is one */
        const char *start = p;
        utf8_next(&p);
        sb_putn(out, start, (size_t)(p - start));
        prev = PREV_ATOM;
    }
    return NULL;
}

static const char *map_pcre_error(int code)
{
    switch (code) {
    case PCRE2_ERROR_MISSING_CLOSING_PARENTHESIS:
    case PCRE2_ERROR_UNMATCHED_CLOSING_PARENTHESIS: return RE_EPAREN;
    case PCRE2_ERROR_BAD_SUBPATTERN_REFERENCE: return RE_ESUBREG;
    case PCRE2_ERROR_QUANTIFIER_INVALID: return RE_BADRPT;
    case PCRE2_ERROR_LOOKBEHIND_NOT_FIXED_LENGTH: return NULL; /* ARE accepts any lookbehind */
    default: return RE_BADPAT;
    }
}

const char *hba_regex_error(const char *pattern)
{
    const char *p = pattern;
    if (!strncmp(p, "***=", 4))
        return NULL; /* the rest is a literal string */
    if (!strncmp(p, "***:", 4))
        p += 4;
    uint32_t flags = 0;
    if (p[0] == '(' && p[1] == '?' && isalpha((unsigned char)p[2])) {
        const char *q = p + 2;
        for (; *q && *q != ')'; q++) {
            if (!strchr("bceimnpqstwx", *q))
                return RE_BADOPT;
            if (*q == 'q')
                return NULL; /* the rest is literal */
            if (*q == 'x')
                flags |= PCRE2_EXTENDED;
        }
        if (!*q)
            return RE_BADOPT;
        p = q + 1;
    }
    StrBuf out = STRBUF_INIT;
    const char *why = translate(p, &out);
    if (!why) {
        int code;
        PCRE2_SIZE offset;
        pcre2_code *re =
            pcre2_compile((PCRE2_SPTR)sb_str(&out), out.len, flags, &code, &offset, NULL);
        if (re)
            pcre2_code_free(re);
        else
            why = map_pcre_error(code);
    }
    sb_free(&out);
    return why;
}
