/* The one redaction path. Every byte pgknob prints that may quote a configuration value or a
 * connection string (reports, stderr, lab summaries, `pgknob settings`) goes through these
 * functions. What to redact travels in a Redaction the command owns and hands down in its
 * options (ReportInput.redact, ...): no process-wide state, so two runs in one process (tests,
 * the fuzzer) cannot see each other's lists. */
#ifndef PK_REDACT_H
#define PK_REDACT_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"

#define REDACTED "<redacted>"

typedef struct Redaction {
    char **names; /* .pgknob.ini "redact": exact names (case-insensitive) or prefixes "x.*" */
    size_t n_names, cap_names;
    char **values; /* secret strings of the run (a given conninfo, its password, ...) */
    size_t n_values, cap_values;
} Redaction;

void redaction_add_name(Redaction *r, const char *pattern);
/* Strings shorter than 3 bytes are ignored: replacing them would blank ordinary words. */
void redaction_add_value(Redaction *r, const char *value);
/* A connection string or URI that was given: the whole string and its password (from
 * "password=" or the URI's userinfo) become secret values, even when libpq cannot parse it
 * (its parse errors quote the string). */
void redaction_add_conninfo(Redaction *r, const char *conninfo);
void redaction_free(Redaction *r);

/* Does the name say its value may hold a credential: *conninfo*, *password* (not
 * password_encryption), *passphrase*, *passwd*, compared without '_', '-' and '.' (so the
 * misspelling primary_conn_infoo counts), or a name on r's list? r may be NULL. */
bool redact_name_secret(const Redaction *r, const char *name);
/* A secret name, or a value holding "password=" or a URL with userinfo ("scheme://u:pw@h"). */
bool redact_is_secret(const Redaction *r, const char *name, const char *value);
/* `text` with every secret value of r, every "password=..." word and the userinfo of every URL
 * replaced by "<redacted>". Caller frees; NULL for NULL. r may be NULL. */
char *redact_text(const Redaction *r, const char *text);
/* Every text of a diagnostic (file, message, detail, hint) passed through redact_text, in place:
 * a command redacts what a module returned before cli/ prints it. */
void redact_diag(const Redaction *r, PkDiag *d);

#endif
