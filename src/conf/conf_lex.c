#include "conf/conf_lex.h"

#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

/* Character classes of guc-file.l: LETTER is [A-Za-z_\200-\377]. */
static bool is_letter(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c >= 0x80;
}

static bool is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static bool is_letter_or_digit(unsigned char c)
{
    return is_letter(c) || is_digit(c);
}

static bool is_unit_letter(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static bool is_hex(unsigned char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool is_unquoted_char(unsigned char c)
{
    return is_letter_or_digit(c) || c == '-' || c == '.' || c == '_' || c == ':' || c == '/';
}

void conf_lex_init(ConfLexer *lx, const char *buf, size_t len)
{
    memset(lx, 0, sizeof(*lx));
    lx->buf = buf;
    lx->len = len;
    lx->lineno = 1;
}

static unsigned char at(const ConfLexer *lx, size_t pos)
{
    return pos < lx->len ? (unsigned char)lx->buf[pos] : 0;
}

static size_t run(const ConfLexer *lx, size_t pos, bool (*cls)(unsigned char))
{
    while (pos < lx->len && cls((unsigned char)lx->buf[pos]))
        pos++;
    return pos;
}

/* ID, QUALIFIED_ID or UNQUOTED_STRING from a letter: the longest match, ties to the earlier rule.
 */
static ConfTok lex_word(const ConfLexer *lx, size_t start, size_t *end)
{
    size_t id_end = run(lx, start + 1, is_letter_or_digit);
    size_t unq_end = run(lx, start + 1, is_unquoted_char);
    size_t qual_end = 0;
    if (id_end < lx->len && lx->buf[id_end] == '.' && id_end + 1 < lx->len &&
        is_letter((unsigned char)lx->buf[id_end + 1]))
        qual_end = run(lx, id_end + 2, is_letter_or_digit);
    *end = unq_end;
    if (unq_end == id_end)
        return CONF_TOK_ID;
    if (qual_end && unq_end == qual_end)
        return CONF_TOK_QUALIFIED_ID;
    return CONF_TOK_UNQUOTED_STRING;
}

/* End of the longest INTEGER match at start, or 0: {SIGN}?({DIGIT}+|0x{HEXDIGIT}+){UNIT_LETTER}* */
static size_t integer_end(const ConfLexer *lx, size_t start)
{
    size_t pos = start;
    if (at(lx, pos) == '+' || at(lx, pos) == '-')
        pos++;
    if (!is_digit(at(lx, pos)))
        return 0;
    size_t best = run(lx, run(lx, pos, is_digit), is_unit_letter);
    if (at(lx, pos) == '0' && at(lx, pos + 1) == 'x' && is_hex(at(lx, pos + 2))) {
        size_t hex_end = run(lx, run(lx, pos + 2, is_hex), is_unit_letter);
        if (hex_end > best)
            best = hex_end;
    }
    return best;
}

/* End of the longest REAL match, or 0: {SIGN}?{DIGIT}*"."{DIGIT}*([Ee]{SIGN}?{DIGIT}+)? */
static size_t real_end(const ConfLexer *lx, size_t start)
{
    size_t pos = start;
    if (at(lx, pos) == '+' || at(lx, pos) == '-')
        pos++;
    pos = run(lx, pos, is_digit);
    if (pos >= lx->len || lx->buf[pos] != '.')
        return 0;
    pos = run(lx, pos + 1, is_digit);
    if (at(lx, pos) == 'e' || at(lx, pos) == 'E') {
        size_t exp = pos + 1;
        if (at(lx, exp) == '+' || at(lx, exp) == '-')
            exp++;
        if (is_digit(at(lx, exp)))
            pos = run(lx, exp, is_digit);
    }
    return pos;
}

/* End of the longest STRING match, or 0: '([^'\\\n]|\\.|'')*' (flex's "." excludes newline). */
static size_t string_end(const ConfLexer *lx, size_t start)
{
    size_t pos = start + 1, last_end = 0;
    while (pos < lx->len) {
        char c = lx->buf[pos];
        if (c == '\'') {
            last_end = pos + 1;
            if (at(lx, pos + 1) != '\'')
                break;
            pos += 2;
        } else if (c == '\\') {
            if (pos + 1 >= lx->len || lx->buf[pos + 1] == '\n')
                break;
            pos += 2;
        } else if (c == '\n') {
            break;
        } else {
            pos++;
        }
    }
    return last_end;
}

static ConfTok lex_number(const ConfLexer *lx, size_t start, size_t *end)
{
    size_t int_end = integer_end(lx, start);
    size_t re_end = real_end(lx, start);
    if (int_end == 0 && re_end == 0) {
        *end = start + 1;
        return CONF_TOK_ERROR;
    }
    if (int_end >= re_end) {
        *end = int_end;
        return CONF_TOK_INTEGER;
    }
    *end = re_end;
    return CONF_TOK_REAL;
}

static void skip_comment(ConfLexer *lx)
{
    size_t start = lx->pos + 1;
    const char *nl = memchr(lx->buf + start, '\n', lx->len - start);
    size_t end = nl ? (size_t)(nl - lx->buf) : lx->len;
    if (lx->on_comment)
        lx->on_comment(lx->comment_ctx, lx->buf + start, end - start, lx->lineno,
                       !lx->line_has_token);
    lx->pos = end;
}

static ConfTok lex_token(ConfLexer *lx, unsigned char c, size_t *end)
{
    size_t start = lx->pos;
    if (is_letter(c))
        return lex_word(lx, start, end);
    if (c == '\'') {
        size_t str_end = string_end(lx, start);
        *end = str_end ? str_end : start + 1;
        return str_end ? CONF_TOK_STRING : CONF_TOK_ERROR;
    }
    if (is_digit(c) || c == '+' || c == '-' || c == '.')
        return lex_number(lx, start, end);
    *end = start + 1;
    return c == '=' ? CONF_TOK_EQUALS : CONF_TOK_ERROR;
}

ConfTok conf_lex_next(ConfLexer *lx)
{
    while (lx->pos < lx->len) {
        unsigned char c = (unsigned char)lx->buf[lx->pos];
        if (c == ' ' || c == '\t' || c == '\r') {
            lx->pos++;
        } else if (c == '#') {
            skip_comment(lx);
        } else if (c == '\n') {
            lx->tok_start = lx->pos++;
            lx->tok_len = 1;
            lx->lineno++;
            lx->line_has_token = false;
            return CONF_TOK_EOL;
        } else {
            size_t end;
            ConfTok tok = lex_token(lx, c, &end);
            lx->tok_start = lx->pos;
            lx->tok_len = end - lx->pos;
            lx->pos = end;
            lx->line_has_token = true;
            return tok;
        }
    }
    lx->tok_start = lx->len;
    lx->tok_len = 0;
    return CONF_TOK_EOF;
}

const char *conf_lex_tok_name(ConfTok tok)
{
    static const char *const names[] = {
        [CONF_TOK_EOF] = "end of file",
        [CONF_TOK_ID] = "identifier",
        [CONF_TOK_STRING] = "quoted string",
        [CONF_TOK_INTEGER] = "integer",
        [CONF_TOK_REAL] = "real number",
        [CONF_TOK_EQUALS] = "\"=\"",
        [CONF_TOK_UNQUOTED_STRING] = "unquoted string",
        [CONF_TOK_QUALIFIED_ID] = "qualified name",
        [CONF_TOK_EOL] = "end of line",
        [CONF_TOK_ERROR] = "unexpected character",
    };
    return names[tok];
}

/* The server runs its de-escaping over yytext as a C string, so a NUL byte inside the quotes
 * ends the input early (dropping the byte before it, where it expects the closing quote). */
char *conf_lex_dequote(const char *tok, size_t len)
{
    char *s = xstrndup(tok, len);
    size_t slen = strlen(s);
    char *out = xmalloc(slen + 1);
    size_t out_len = 0;
    for (size_t idx = 1; idx + 1 < slen; idx++, out_len++) {
        if (s[idx] == '\\') {
            idx++;
            switch (s[idx]) {
            case 'b': out[out_len] = '\b'; break;
            case 'f': out[out_len] = '\f'; break;
            case 'n': out[out_len] = '\n'; break;
            case 'r': out[out_len] = '\r'; break;
            case 't': out[out_len] = '\t'; break;
            case '0':
            case '1':
            case '2':
            case '3':
            case '4':
            case '5':
            case '6':
            case '7': {
                int digits = 0;
                long oct = 0;
                for (; digits < 3 && s[idx + digits] >= '0' && s[idx + digits] <= '7'; digits++)
                    oct = (oct << 3) + (s[idx + digits] - '0');
                idx += (size_t)digits - 1;
                out[out_len] = (char)oct;
                break;
            }
            default: out[out_len] = s[idx]; break;
            }
        } else if (s[idx] == '\'' && s[idx + 1] == '\'') {
            out[out_len] = s[++idx];
        } else {
            out[out_len] = s[idx];
        }
    }
    out[out_len] = '\0';
    free(s);
    return out;
}
