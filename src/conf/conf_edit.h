/* Writing configuration text: an assignment as postgresql.conf takes it, and one line rewritten
 * in place with its indentation and trailing comment kept (pgknob fix, fix suggestions). Pure. */
#ifndef PK_CONF_EDIT_H
#define PK_CONF_EDIT_H

/* "name = value", single-quoted (quotes doubled) unless the value is a bare word or number the
 * lexer reads as one token. Caller frees. */
char *conf_format_assignment(const char *name, const char *value);
/* `line` (one physical line holding one `name [=] value` assignment, as the lexer reads it) with
 * that assignment replaced by `name = value`; indentation and what follows the value (spaces, a
 * comment) are kept. NULL when the line holds no assignment. Caller frees. */
char *conf_rewrite_assignment(const char *line, const char *name, const char *value);

#endif
