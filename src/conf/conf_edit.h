/* Writing configuration text: an assignment as postgresql.conf takes it, and one line rewritten
 * in place with its indentation and trailing comment kept (pgknob fix, fix suggestions). Pure. */
#ifndef PK_CONF_EDIT_H
#define PK_CONF_EDIT_H

#include <stdbool.h>
#include <stddef.h>

/* "name = value", single-quoted (quotes doubled) unless the value is a bare word or number the
 * lexer reads as one token. Caller frees. */
char *conf_format_assignment(const char *name, const char *value);
/* `line` (one physical line holding one `name [=] value` assignment, as the lexer reads it) with
 * that assignment replaced by `name = value`; indentation and what follows the value (spaces, a
 * comment) are kept. NULL when the line holds no assignment. Caller frees. */
/* Splits a "name = value" line as the lexer sees its start: *name_start and *name_len give the
 * name (after leading blanks), *value where the value begins (after the optional '=' and blanks).
 * False when the line starts with no name. */
bool conf_split_assignment(const char *line, const char **name_start, size_t *name_len,
                           const char **value);

char *conf_rewrite_assignment(const char *line, const char *name, const char *value);

#endif
