/* What an unrendered template leaves in a configuration: its placeholder markers, and the name a
 * line that did not parse was setting. Shared by validation (PK0003, lint/template.c), the
 * Snapshot (a placeholder value is unknown, not literal text) and input recognition. */
#ifndef PK_CONF_TEMPLATE_H
#define PK_CONF_TEMPLATE_H

#include <stdbool.h>

#include "conf/conf.h"

/* Does `text` hold a template's placeholder or statement: Jinja/Helm `{{ }}`, `{% %}`, `{# #}`,
 * ERB `<% %>` / `<%= %>`, autoconf/sed `@NAME@` and `%%NAME%%` (NAME in capitals), and, unless
 * `in_string`, a shell-style `${NAME}`? Inside a string the server accepts, `${NAME}` is left
 * alone: the server hands archive_command and its kin to /bin/sh, which expands it. */
bool conf_has_placeholder(const char *text, bool in_string);

/* Is the value of a string setting a template placeholder, so that what the rendered file holds is
 * unknown? Not in a shell command or a connection string (*_command, *_conninfo): there a
 * placeholder is text the server runs or connects with, which the rules on those parameters
 * (PK3015-PK3023) name themselves. */
bool conf_placeholder_value(const char *name, const char *value);

/* The parameter a line that failed to parse was setting: its first word, when it is a name
 * ("random_page_cost = {{ RANDOM_PAGE_COST }}"). NULL when the line is not a syntax error or does
 * not start with a name. Caller frees. */
char *conf_error_line_name(const ConfEntry *entry);

#endif
