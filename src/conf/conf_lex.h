/* The tokenizer of postgresql.conf, token for token what the server's flex scanner
 * (guc-file.l) produces: the same token classes, the same longest-match and rule-order choices,
 * the same line counting. Bytes are taken as they are (no encoding checks), as the server does. */
#ifndef PK_CONF_LEX_H
#define PK_CONF_LEX_H

#include <stdbool.h>
#include <stddef.h>

typedef enum ConfTok {
    CONF_TOK_EOF = 0,
    CONF_TOK_ID,
    CONF_TOK_STRING,
    CONF_TOK_INTEGER,
    CONF_TOK_REAL,
    CONF_TOK_EQUALS,
    CONF_TOK_UNQUOTED_STRING,
    CONF_TOK_QUALIFIED_ID,
    CONF_TOK_EOL,
    CONF_TOK_ERROR,
} ConfTok;

/* Called for every `#` comment: its text after the `#`, the line it is on, and whether no token
 * came before it on that line. */
typedef void (*ConfCommentFn)(void *ctx, const char *text, size_t len, unsigned line,
                              bool own_line);

typedef struct ConfLexer {
    const char *buf;
    size_t len;
    size_t pos;
    unsigned lineno;  /* as the server's ConfigFileLineno: 1-based, bumped at each newline */
    size_t tok_start; /* the last token (yytext) */
    size_t tok_len;
    bool line_has_token;
    ConfCommentFn on_comment;
    void *comment_ctx;
} ConfLexer;

void conf_lex_init(ConfLexer *lx, const char *buf, size_t len);
ConfTok conf_lex_next(ConfLexer *lx);
const char *conf_lex_tok_name(ConfTok tok); /* "identifier", "integer", … for messages */

/* Dequotes a STRING token exactly as the server's DeescapeQuotedString: '' and backslash
 * escapes, octal, and the server's C-string handling of a NUL byte inside the quotes. */
char *conf_lex_dequote(const char *tok, size_t len);

#endif
