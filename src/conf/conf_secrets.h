/* Which parts of what was read are secret, for the one redaction path (common/redact.h): the
 * settings whose whole value is a credential, and the secrets inside the others. Shared by the
 * reports, `pgknob settings` and the language server, so each hides the same bytes. */
#ifndef PK_CONF_SECRETS_H
#define PK_CONF_SECRETS_H

#include <stdbool.h>

#include "common/redact.h"
#include "conf/conf.h"

/* Is the whole value of `name` secret (redact_name_secret), or, for a name `major` does not
 * know, that of its closest known name (the misspelling ssl_passphrase_comand)? major 0: 18. */
bool conf_name_secret(const Redaction *r, int major, const char *name);
/* Is a configuration entry's whole value secret: by its name, or for a rejected line, by the
 * name the line starts with? */
bool conf_entry_secret(const Redaction *r, int major, const ConfEntry *entry);
/* Adds the strings of an entry that output could quote to `out`: for a secret entry its value
 * (for a rejected line the text after '=' and the error's token), for any other the secrets
 * inside its value and line. */
void conf_entry_secrets(const Redaction *r, int major, const ConfEntry *entry, Redaction *out);
/* The secrets of every entry of `set` (conf_entry_secrets) added to `out`. */
void conf_set_secrets(const Redaction *r, int major, const ConfSet *set, Redaction *out);

#endif
