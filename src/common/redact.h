/* The one redaction path. Every byte pgknob prints that may quote a configuration value or a
 * connection string (reports, stderr, lab summaries, `pgknob settings`) goes through these
 * functions. What to redact travels in a Redaction the command owns and hands down in its
 * options (ReportInput.redact, ...): no process-wide state, so two runs in one process (tests,
 * the fuzzer) cannot see each other's lists. */
#ifndef PK_REDACT_H
#define PK_REDACT_H

#include <stdbool.h>
#include <stddef.h>

#include "common/arena.h"
#include "common/diag.h"
#include "common/json.h"

#define REDACTED "<redacted>"

/* The lists live in the arena (created by the first add): free with arena_free(r.arena). */
typedef struct Redaction {
    Arena *arena;
    char **names; /* .pgknob.ini "redact": exact names (case-insensitive) or prefixes "x.*" */
    size_t n_names, cap_names;
    char **values; /* secret strings of the run (a given conninfo, its password, ...) */
    size_t n_values, cap_values;
} Redaction;

void redaction_add_name(Redaction *r, const char *pattern);
/* Strings shorter than 3 bytes are ignored: replacing them would blank ordinary words. */
void redaction_add_value(Redaction *r, const char *value);
/* The secrets inside a value (redact_value_has_secret) become secret values of r, as written
 * and with backslash escapes resolved, so a message quoting them elsewhere is masked too. */
void redaction_add_secrets_in(Redaction *r, const char *value);
/* A connection string or URI that was given: when it holds a secret, the whole string and the
 * secrets inside it become secret values, even when libpq cannot parse it (its parse errors
 * quote pieces of the string). One with no secret adds nothing: it is shown whole. */
void redaction_add_conninfo(Redaction *r, const char *conninfo);

/* Is the whole value of this name a credential: *password* (not password_encryption),
 * *passphrase*, *passwd*, *secret*, compared without '_', '-' and '.', or a name on r's list?
 * A *conninfo* is not: only the secrets inside it are (redact_value). r may be NULL. */
bool redact_name_secret(const Redaction *r, const char *name);
/* Does the value hold a secret inside:
 * - KEY=VALUE where KEY ends in password, passwd, passphrase, secret or secrets (libpq's
 *   password and sslpassword, PGPASSWORD, pg_hba's ldapbindpasswd and radiussecrets), with
 *   blanks around '=' as libpq's conninfo parser allows, the value read as libpq reads it
 *   (quoted with backslash escapes, a configuration file's '' and \' quotes, or up to a blank;
 *   after '?' or '&', a URI query parameter up to '&');
 * - a URL's password ("scheme://user:PW@host"), or the whole userinfo of a URL that is not
 *   libpq's ("https://TOKEN@host"; "postgres://user@host" holds none)? */
bool redact_value_has_secret(const char *value);
/* A secret name, or a value with a secret inside. */
bool redact_is_secret(const Redaction *r, const char *name, const char *value);
/* `text` with every secret value of r and every secret inside (redact_value_has_secret)
 * replaced by "<redacted>": "host=db user=repl password=<redacted>". Caller frees; NULL for
 * NULL. r may be NULL. */
char *redact_text(const Redaction *r, const char *text);
/* A listing of settings, one a line ("NAME: \"OLD\" → \"NEW\"", the lab's settings diffs):
 * redact_text, and a line naming a parameter whose whole value is secret shows "NAME: <redacted>"
 * instead of its values. Caller frees; NULL for NULL. */
char *redact_listing(const Redaction *r, const char *text);
/* A setting's value as shown: "<redacted>" when the name's whole value is secret
 * (redact_name_secret) and the value not empty, else redact_text. Caller frees; NULL for NULL. */
char *redact_value(const Redaction *r, const char *name, const char *value);
/* Every text of a diagnostic (file, message, detail, hint) passed through redact_text, in place:
 * a command redacts what a module returned before cli/ prints it. */
void redact_diag(const Redaction *r, PkDiag *d);
/* Every string of a JSON tree passed through redact_text, in place: the last step before a
 * command dumps a document. */
void redact_json(const Redaction *r, json_t *node);

#endif
