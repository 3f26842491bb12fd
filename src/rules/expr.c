/* Lexer and recursive-descent parser of the rule expression language (grammar in
 * docs/rule-format.md). Builds the AST of expr.intern.h; types are checked by expr_check.c. */
#include "rules/expr.intern.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/units.h"
#include "common/strbuf.h"
#include "common/xalloc.h"

#define EXPR_MAX_DEPTH 64

typedef enum TokKind {
    TK_END,
    TK_NUM,
    TK_STR,
    TK_IDENT,
    TK_LET,
    TK_REGEX,
    TK_LPAREN,
    TK_RPAREN,
    TK_COMMA,
    TK_PLUS,
    TK_MINUS,
    TK_STAR,
    TK_SLASH,
    TK_PERCENT,
    TK_EQ,
    TK_NE,
    TK_LT,
    TK_LE,
    TK_GT,
    TK_GE,
} TokKind;

typedef struct Token {
    TokKind kind;
    int offset;
    char *text;  /* TK_STR / TK_IDENT / TK_LET / TK_REGEX (pattern) */
    char *flags; /* TK_REGEX */
    double num;  /* TK_NUM, converted to bytes / ms */
    ExprType num_type;
} Token;

typedef struct Parser {
    const char *src;
    size_t pos;
    Token tok;
    const ExprScope *lets;
    PkDiag *err;
    int depth;
    bool failed;
    Arena *arena; /* where the tree goes */
} Parser;

bool expr_set_error(PkDiag *err, int offset, const char *hint, const char *fmt, ...)
{
    if (!err || pk_diag_is_set(err))
        return false; /* keep the first error */
    va_list ap;
    va_start(ap, fmt);
    pk_diag_vset(err, NULL, 0, hint, fmt, ap);
    va_end(ap);
    pk_diag_set_column(err, offset + 1);
    return false;
}

static bool parse_fail(Parser *p, int offset, const char *hint, const char *msg)
{
    p->failed = true;
    return expr_set_error(p->err, offset, hint, "%s", msg);
}

static void token_clear(Token *tok)
{
    free(tok->text);
    free(tok->flags);
    memset(tok, 0, sizeof(*tok));
}

/* ---- lexer ---- */

static bool lex_unit(Parser *p, int start, const char *unit, Token *tok)
{
    if (!*unit) {
        tok->num_type = EXPR_T_NUM;
        return true;
    }
    /* the server's spellings only, as postgresql.conf takes them; durations are in ms */
    const PkUnit *known = pk_unit_find(unit, PK_UNIT_NONE, true);
    if (known) {
        bool bytes = known->kind == PK_UNIT_SIZE;
        tok->num *= bytes ? known->factor : known->factor / 1000.0;
        tok->num_type = bytes ? EXPR_T_BYTES : EXPR_T_DURATION;
        return true;
    }
    StrBuf sb = STRBUF_INIT;
    sb_printf(&sb, "invalid unit \"%s\"", unit);
    parse_fail(p, start,
               "Valid units are B, kB, MB, GB, TB (memory) and us, ms, s, min, h, d "
               "(time); they are case-sensitive, as in postgresql.conf.",
               sb_str(&sb));
    sb_free(&sb);
    return false;
}

static bool lex_number(Parser *p, Token *tok)
{
    const char *start = p->src + p->pos;
    char *end;
    tok->num = strtod(start, &end);
    if (end == start || !isfinite(tok->num))
        return parse_fail(p, tok->offset, NULL, "invalid number");
    /* strtod also accepts hex floats, "inf" and "nan": keep plain decimals only */
    for (const char *c = start; c < end; c++)
        if (!isdigit((unsigned char)*c) && *c != '.' && *c != 'e' && *c != 'E' && *c != '+' &&
            *c != '-')
            return parse_fail(p, tok->offset, NULL, "invalid number");
    const char *unit_end = end;
    while (isalpha((unsigned char)*unit_end))
        unit_end++;
    char *unit = xstrndup(end, (size_t)(unit_end - end));
    p->pos = (size_t)(unit_end - p->src);
    tok->kind = TK_NUM;
    bool ok = lex_unit(p, tok->offset, unit, tok);
    free(unit);
    return ok;
}

static bool lex_string(Parser *p, Token *tok)
{
    char quote = p->src[p->pos++];
    StrBuf sb = STRBUF_INIT;
    for (;;) {
        char c = p->src[p->pos];
        if (!c) {
            sb_free(&sb);
            return parse_fail(p, tok->offset, NULL, "unterminated string");
        }
        p->pos++;
        if (c == quote) {
            if (p->src[p->pos] != quote)
                break;
            p->pos++; /* a doubled quote is one quote, as in SQL */
        }
        sb_putc(&sb, c);
    }
    tok->kind = TK_STR;
    tok->text = sb.data ? sb_detach(&sb) : xstrdup("");
    return true;
}

static bool lex_regex(Parser *p, Token *tok)
{
    StrBuf sb = STRBUF_INIT;
    p->pos++;
    for (;;) {
        char c = p->src[p->pos];
        if (!c) {
            sb_free(&sb);
            return parse_fail(p, tok->offset, "A regex is written /pattern/ with \\/ for a slash.",
                              "unterminated regex");
        }
        p->pos++;
        if (c == '/')
            break;
        if (c == '\\' && p->src[p->pos] == '/') {
            c = '/';
            p->pos++;
        } else if (c == '\\' && p->src[p->pos]) {
            sb_putc(&sb, c);
            c = p->src[p->pos++];
        }
        sb_putc(&sb, c);
    }
    size_t flags_start = p->pos;
    while (p->src[p->pos] == 'i' || p->src[p->pos] == 'x')
        p->pos++;
    tok->kind = TK_REGEX;
    tok->text = sb.data ? sb_detach(&sb) : xstrdup("");
    tok->flags = xstrndup(p->src + flags_start, p->pos - flags_start);
    return true;
}

static bool is_ident_char(char c, bool first)
{
    return isalpha((unsigned char)c) || c == '_' ||
           (!first && (isdigit((unsigned char)c) || c == '.'));
}

static void lex_ident(Parser *p, Token *tok, TokKind kind)
{
    size_t start = p->pos;
    while (is_ident_char(p->src[p->pos], p->pos == start))
        p->pos++;
    tok->kind = kind;
    tok->text = xstrndup(p->src + start, p->pos - start);
}

static bool lex_operator(Parser *p, Token *tok)
{
    static const struct {
        const char *text;
        TokKind kind;
    } ops[] = {
        {"==", TK_EQ},    {"!=", TK_NE},    {"<>", TK_NE},   {"<=", TK_LE},
        {">=", TK_GE},    {"=", TK_EQ},     {"<", TK_LT},    {">", TK_GT},
        {"(", TK_LPAREN}, {")", TK_RPAREN}, {",", TK_COMMA}, {"+", TK_PLUS},
        {"-", TK_MINUS},  {"*", TK_STAR},   {"/", TK_SLASH}, {"%", TK_PERCENT},
    };
    for (size_t op_idx = 0; op_idx < sizeof(ops) / sizeof(ops[0]); op_idx++) {
        size_t len = strlen(ops[op_idx].text);
        if (!strncmp(p->src + p->pos, ops[op_idx].text, len)) {
            tok->kind = ops[op_idx].kind;
            p->pos += len;
            return true;
        }
    }
    char msg[64];
    unsigned char bad = (unsigned char)p->src[p->pos];
    if (isprint(bad))
        snprintf(msg, sizeof(msg), "unexpected character \"%c\"", bad);
    else
        snprintf(msg, sizeof(msg), "unexpected byte 0x%02x", bad);
    return parse_fail(p, tok->offset, NULL, msg);
}

/* Reads the next token. `regex_ok`: a '/' here starts a regex (operand position). */
static bool lex_next(Parser *p, bool regex_ok)
{
    token_clear(&p->tok);
    while (isspace((unsigned char)p->src[p->pos]))
        p->pos++;
    Token *tok = &p->tok;
    tok->offset = (int)p->pos;
    char c = p->src[p->pos];
    if (!c) {
        tok->kind = TK_END;
        return true;
    }
    if (isdigit((unsigned char)c) || (c == '.' && isdigit((unsigned char)p->src[p->pos + 1])))
        return lex_number(p, tok);
    if (c == '\'' || c == '"')
        return lex_string(p, tok);
    if (c == '/' && regex_ok)
        return lex_regex(p, tok);
    if (c == '$') {
        p->pos++;
        if (!is_ident_char(p->src[p->pos], true))
            return parse_fail(p, tok->offset, NULL, "expected a name after \"$\"");
        lex_ident(p, tok, TK_LET);
        return true;
    }
    if (is_ident_char(c, true)) {
        lex_ident(p, tok, TK_IDENT);
        return true;
    }
    return lex_operator(p, tok);
}

/* ---- AST construction ---- */

static Expr *node_new(Parser *p, ExprKind kind, int offset)
{
    Expr *node = arena_alloc(p->arena, sizeof(*node));
    node->kind = kind;
    node->offset = offset;
    return node;
}

static void node_add_arg(Parser *p, Expr *node, Expr *arg)
{
    node->args = arena_realloc(p->arena, node->args, node->n_args * sizeof(*node->args),
                               (node->n_args + 1) * sizeof(*node->args));
    node->args[node->n_args++] = arg;
}

void expr_regex_free(void *regex)
{
    pcre2_code_free(regex);
}

size_t expr_node_count(const Expr *expr)
{
    size_t count = 1;
    for (size_t arg_idx = 0; arg_idx < expr->n_args; arg_idx++)
        count += expr_node_count(expr->args[arg_idx]);
    return count;
}

/* ---- parser ---- */

static Expr *parse_or(Parser *p);
typedef Expr *(*ParseLevelFn)(Parser *p);

static bool tok_is_word(const Parser *p, const char *word)
{
    return p->tok.kind == TK_IDENT && !strcmp(p->tok.text, word);
}

static Expr *compile_regex(Parser *p)
{
    uint32_t options = PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C;
    for (const char *flag = p->tok.flags; *flag; flag++)
        options |= *flag == 'i' ? PCRE2_CASELESS : PCRE2_EXTENDED;
    int code;
    PCRE2_SIZE err_offset;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)p->tok.text, PCRE2_ZERO_TERMINATED, options, &code,
                                   &err_offset, NULL);
    if (!re) {
        PCRE2_UCHAR text[256];
        pcre2_get_error_message(code, text, sizeof(text));
        char msg[400];
        snprintf(msg, sizeof(msg), "invalid regex at offset %zu: %s", (size_t)err_offset,
                 (const char *)text);
        parse_fail(p, p->tok.offset + 1 + (int)err_offset, NULL, msg);
        return NULL;
    }
    arena_on_free(p->arena, expr_regex_free, re);
    Expr *node = node_new(p, EK_REGEX, p->tok.offset);
    node->regex = re;
    node->str = arena_strdup(p->arena, p->tok.text);
    return node;
}

static Expr *parse_call(Parser *p, char *name, int offset)
{
    const ExprFunc *func = expr_func_find(name);
    if (!func) {
        char msg[160];
        snprintf(msg, sizeof(msg), "unknown function \"%.100s\"", name);
        parse_fail(p, offset,
                   "Functions: min, max, floor, if, is_set, is_default, default, "
                   "raw, known, off, matches, contains, one_of, evidence.",
                   msg);
        free(name);
        return NULL;
    }
    free(name);
    Expr *call = node_new(p, EK_CALL, offset);
    call->func = func;
    if (!lex_next(p, true))
        return call;
    if (p->tok.kind != TK_RPAREN) {
        for (;;) {
            Expr *arg = parse_or(p);
            if (!arg)
                return call;
            node_add_arg(p, call, arg);
            if (p->tok.kind != TK_COMMA)
                break;
            if (!lex_next(p, true))
                return call;
        }
    }
    if (p->tok.kind != TK_RPAREN) {
        parse_fail(p, p->tok.offset, NULL, "expected \")\" after the arguments");
        return call;
    }
    if (call->n_args < func->min_args || (func->max_args && call->n_args > func->max_args)) {
        char msg[160];
        snprintf(msg, sizeof(msg), "wrong number of arguments to %s(): %zu", func->name,
                 (size_t)call->n_args);
        parse_fail(p, offset, NULL, msg);
        return call;
    }
    lex_next(p, false);
    return call;
}

static const struct {
    const char *name;
    HostField field;
} host_fields[] = {
    {"host.ram", HF_RAM},
    {"host.cores", HF_CORES},
    {"host.storage", HF_STORAGE},
    {"host.kernel", HF_KERNEL},
    {"host.container", HF_CONTAINER},
    {"host.io_uring", HF_IO_URING},
    {"host.source", HF_SOURCE},
    {"host.disk", HF_DISK},
    {"host.wal_disk", HF_WAL_DISK},
    {"host.ram_container", HF_RAM_CONTAINER},
};

static Expr *parse_name(Parser *p, char *name, int offset)
{
    if (!strncmp(name, "host.", 5)) {
        for (size_t field_idx = 0; field_idx < sizeof(host_fields) / sizeof(host_fields[0]);
             field_idx++)
            if (!strcmp(name, host_fields[field_idx].name)) {
                Expr *node = node_new(p, EK_HOST, offset);
                node->host = host_fields[field_idx].field;
                free(name);
                return node;
            }
        parse_fail(p, offset,
                   "Host facts: host.ram, host.cores, host.storage, host.kernel, "
                   "host.container, host.io_uring, host.disk, host.wal_disk, host.source, "
                   "host.ram_container.",
                   "unknown host fact");
        free(name);
        return NULL;
    }
    if (!strcmp(name, "pg.version")) {
        free(name);
        return node_new(p, EK_PG, offset);
    }
    if (!strcmp(name, "true") || !strcmp(name, "false")) {
        Expr *node = node_new(p, EK_BOOL, offset);
        node->boolean = name[0] == 't';
        free(name);
        return node;
    }
    Expr *node = node_new(p, EK_PARAM, offset);
    for (char *c = name; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    node->str = arena_strdup(p->arena, name);
    free(name);
    return node;
}

static Expr *parse_let(Parser *p)
{
    const ExprScope *lets = p->lets;
    for (size_t let_idx = 0; lets && let_idx < lets->n; let_idx++)
        if (!strcmp(lets->names[let_idx], p->tok.text)) {
            Expr *node = node_new(p, EK_LET, p->tok.offset);
            node->let = lets->exprs[let_idx];
            lex_next(p, false);
            return node;
        }
    parse_fail(p, p->tok.offset, "Names are defined in the [let] section, before their use.",
               "unknown name");
    return NULL;
}

static Expr *parse_primary(Parser *p)
{
    Token *tok = &p->tok;
    int offset = tok->offset;
    Expr *node = NULL;
    switch (tok->kind) {
    case TK_NUM:
        node = node_new(p, EK_NUM, offset);
        node->num = tok->num;
        node->lit_type = tok->num_type;
        break;
    case TK_STR:
        node = node_new(p, EK_STR, offset);
        node->str = arena_strdup(p->arena, tok->text);
        break;
    case TK_REGEX: node = compile_regex(p); break;
    case TK_LET: return parse_let(p);
    case TK_LPAREN:
        if (!lex_next(p, true) || !(node = parse_or(p)))
            return node;
        if (tok->kind != TK_RPAREN) {
            parse_fail(p, tok->offset, NULL, "expected \")\"");
            return node;
        }
        break;
    case TK_IDENT: {
        char *name = tok->text;
        tok->text = NULL;
        if (!lex_next(p, false))
            return (free(name), NULL);
        if (tok->kind == TK_LPAREN)
            return parse_call(p, name, offset);
        return parse_name(p, name, offset);
    }
    case TK_END: parse_fail(p, offset, NULL, "unexpected end of expression"); return NULL;
    default: parse_fail(p, offset, NULL, "syntax error: expected a value"); return NULL;
    }
    if (node)
        lex_next(p, false);
    return node;
}

static bool depth_enter(Parser *p)
{
    if (++p->depth > EXPR_MAX_DEPTH) {
        parse_fail(p, p->tok.offset, NULL, "expression nested too deeply");
        return false;
    }
    return true;
}

/* A prefix operator (`-x`, `not x`) applied to what `operand` parses. */
static Expr *parse_prefix(Parser *p, ExprKind kind, ParseLevelFn operand)
{
    Expr *node = node_new(p, kind, p->tok.offset);
    Expr *arg = lex_next(p, true) ? operand(p) : NULL;
    if (!arg)
        return NULL;
    node_add_arg(p, node, arg);
    return node;
}

static Expr *parse_unary(Parser *p)
{
    if (!depth_enter(p))
        return NULL;
    Expr *node = p->tok.kind == TK_MINUS ? parse_prefix(p, EK_NEG, parse_unary) : parse_primary(p);
    p->depth--;
    return node;
}

static Expr *binary_new(Parser *p, ExprOp op, int offset, Expr *left, Expr *right)
{
    Expr *node = node_new(p, EK_BINARY, offset);
    node->op = op;
    node_add_arg(p, node, left);
    node_add_arg(p, node, right);
    return node;
}

/* One left-associative level: `ops` maps tokens to operators. */
typedef ParseLevelFn ParseLevel;

static bool match_op(Parser *p, const TokKind *kinds, const ExprOp *ops, size_t n, ExprOp *out)
{
    for (size_t op_idx = 0; op_idx < n; op_idx++)
        if (p->tok.kind == kinds[op_idx]) {
            *out = ops[op_idx];
            return true;
        }
    return false;
}

/* The operator at the current token and its right operand (parsed by `next`) around `left`;
 * NULL when the right operand fails (what was built stays in the arena until it goes). */
static Expr *binary_right(Parser *p, ParseLevel next, ExprOp op, Expr *left)
{
    int offset = p->tok.offset;
    Expr *right = lex_next(p, true) ? next(p) : NULL;
    if (!right)
        return NULL;
    return binary_new(p, op, offset, left, right);
}

static Expr *parse_level(Parser *p, ParseLevel next, const TokKind *kinds, const ExprOp *ops,
                         size_t n, bool once)
{
    Expr *left = next(p);
    ExprOp op;
    while (left && !p->failed && match_op(p, kinds, ops, n, &op)) {
        left = binary_right(p, next, op, left);
        if (once)
            break;
    }
    return left;
}

static Expr *parse_mul(Parser *p)
{
    static const TokKind kinds[] = {TK_STAR, TK_SLASH, TK_PERCENT};
    static const ExprOp ops[] = {OP_MUL, OP_DIV, OP_MOD};
    return parse_level(p, parse_unary, kinds, ops, 3, false);
}

static Expr *parse_add(Parser *p)
{
    static const TokKind kinds[] = {TK_PLUS, TK_MINUS};
    static const ExprOp ops[] = {OP_ADD, OP_SUB};
    return parse_level(p, parse_mul, kinds, ops, 2, false);
}

static Expr *parse_cmp(Parser *p)
{
    static const TokKind kinds[] = {TK_EQ, TK_NE, TK_LT, TK_LE, TK_GT, TK_GE};
    static const ExprOp ops[] = {OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE};
    return parse_level(p, parse_add, kinds, ops, 6, true);
}

static Expr *parse_word_level(Parser *p, ParseLevel next, const char *word, ExprOp op)
{
    Expr *left = next(p);
    while (left && !p->failed && tok_is_word(p, word))
        left = binary_right(p, next, op, left);
    return left;
}

static Expr *parse_not(Parser *p)
{
    if (!depth_enter(p))
        return NULL;
    Expr *node = tok_is_word(p, "not") ? parse_prefix(p, EK_NOT, parse_not) : parse_cmp(p);
    p->depth--;
    return node;
}

static Expr *parse_and(Parser *p)
{
    return parse_word_level(p, parse_not, "and", OP_AND);
}

static Expr *parse_or(Parser *p)
{
    if (!depth_enter(p))
        return NULL;
    Expr *node = parse_word_level(p, parse_and, "or", OP_OR);
    p->depth--;
    return node;
}

Expr *expr_parse(Arena *arena, const char *text, const ExprScope *lets, PkDiag *err)
{
    Parser p = {.src = text, .lets = lets, .err = err, .arena = arena};
    Expr *root = NULL;
    if (lex_next(&p, true))
        root = parse_or(&p);
    if (root && !p.failed && p.tok.kind != TK_END)
        parse_fail(&p, p.tok.offset, "Operators: + - * / %, == != < <= > >=, and, or, not.",
                   "syntax error: unexpected text after the expression");
    token_clear(&p.tok);
    if (p.failed || !root) {
        expr_set_error(err, 0, NULL, "syntax error");
        return NULL;
    }
    return root;
}
