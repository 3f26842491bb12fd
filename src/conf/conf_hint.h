/* pgknob's own advice for the syntax errors people make every day (an unquoted 1e300, a
 * trailing ';', double quotes, a path or list without quotes, …) and the parsing of
 * `# pgknob: ignore RULE-ID[,RULE-ID] — reason` comments. The server says only "syntax error". */
#ifndef PK_CONF_HINT_H
#define PK_CONF_HINT_H

#include <stdbool.h>
#include <stddef.h>

#include "conf/conf_lex.h"

/* Where on the line the parser stopped. */
typedef enum ConfErrPhase {
    CONF_PHASE_NAME,  /* the first token is not a name */
    CONF_PHASE_VALUE, /* a name was read; the value is missing or not a value token */
    CONF_PHASE_AFTER, /* a value was read and something other than end of line follows */
} ConfErrPhase;

typedef struct ConfErrContext {
    ConfErrPhase phase;
    ConfTok tok; /* the offending token */
    const char *tok_text;
    size_t tok_len;
    ConfTok value_tok; /* CONF_PHASE_AFTER: the value's token */
    const char *value_text;
    size_t value_len;
    const char *line; /* the physical line of the offending token, without newline */
    size_t line_len;
} ConfErrContext;

/* NULL when there is nothing useful to add. Caller frees. */
char *conf_hint_for(const ConfErrContext *ctx);

/* Parses a comment's text (after the '#'): `pgknob: ignore IDS [— reason]`, or `pgknob:
 * ignore-file IDS [— reason]` (*whole_file). Returns false when it is not a pgknob pragma;
 * otherwise sets *rule_ids and *reason (caller frees both). */
bool conf_pragma_parse(const char *text, size_t len, char **rule_ids, char **reason,
                       bool *whole_file);

#endif
