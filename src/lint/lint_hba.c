#include "lint/lint_hba.h"

#include <stdint.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf_template.h"
#include "lint/validate.h"
#include "model/finding_ids.h"

#define DOCS "https://www.postgresql.org/docs/%d/%s"

Finding *lint_hba_finding(FindingList *out, const char *id, const char *file, int line, int major,
                          const char *page)
{
    Finding *f = finding_raise(out, id, NULL);
    f->file = finding_strdup(f, file);
    f->line = line;
    if (page) {
        char *url = xasprintf(DOCS, major, page);
        finding_add_link(f, url);
        free(url);
    }
    return f;
}

/* ---- the server's verdict ------------------------------------------------------------- */

static bool map_defined(const HbaSet *set, const char *map)
{
    for (size_t idx = 0; idx < set->n_maps; idx++)
        if (set->maps[idx].parsed && !strcmp(set->maps[idx].map_name, map))
            return true;
    return false;
}

static bool any_map_used(const HbaSet *set)
{
    for (size_t idx = 0; idx < set->n_rules; idx++)
        if (set->rules[idx].parsed && set->rules[idx].map)
            return true;
    return false;
}

/* Does the line hold a stand-in someone was to fill in: a template's syntax (`{{ ip }}`), or a
 * field that is a placeholder (`<patroni_ip1>/16`, `x.x.x.x/32`, CHANGEME)? */
static bool placeholder_line(const char *raw)
{
    if (!raw)
        return false;
    if (conf_has_placeholder(raw, false))
        return true;
    char *copy = xstrdup(raw);
    bool found = false;
    char *save = NULL;
    for (char *tok = strtok_r(copy, " \t", &save); tok && *tok != '#' && !found;
         tok = strtok_r(NULL, " \t", &save)) {
        char *mask = strchr(tok, '/'); /* an address's CIDR suffix */
        if (mask && mask != tok)
            *mask = '\0';
        found = conf_redacted_value(tok);
    }
    free(copy);
    return found;
}

/* Is the rule at file:line one with placeholders? */
static bool placeholder_at(const HbaSet *set, const char *file, int line)
{
    for (size_t idx = 0; idx < set->n_rules; idx++) {
        const HbaRule *r = &set->rules[idx];
        if (r->line == line && r->file && file && !strcmp(r->file, file) &&
            placeholder_line(r->raw))
            return true;
    }
    return false;
}

/* Lines with placeholders (placeholder_line): one finding for the one cause, with the count and
 * the lines, instead of a refusal per line (review 2026-12p, h17b 14: three `<patroni_ip>`
 * lines were three errors). In a manifest, a template by design, a notice; in a pg_hba.conf,
 * the file the server reads, an error that refuses start when the server rejects one. Marks
 * the lines in `marked` (n_rules). */
/* Is the line all a template's own syntax ({% if … %}, {% endif %}, <% end %>), no rule? */
static bool template_control_line(const char *raw)
{
    while (isspace((unsigned char)*raw))
        raw++;
    size_t len = strlen(raw);
    while (len && isspace((unsigned char)raw[len - 1]))
        len--;
    return len >= 4 && ((!strncmp(raw, "{%", 2) && !strncmp(raw + len - 2, "%}", 2)) ||
                        (!strncmp(raw, "<%", 2) && !strncmp(raw + len - 2, "%>", 2)));
}

/* Is the rule's file a template by design (a manifest's lines, a name or directory that says
 * template), whose lines the server reads only rendered? */
static bool rendered_by_design(const HbaRule *r)
{
    StrBuf why = STRBUF_INIT;
    bool template = r->column > 0 || (r->file && lint_template_path(r->file, &why));
    sb_free(&why);
    return template;
}

static void placeholder_finding(const HbaSet *set, bool *marked, FindingList *out)
{
    size_t n = 0, n_control = 0;
    bool rejects = false, manifest = false;
    const HbaRule *first = NULL;
    StrBuf lines = STRBUF_INIT, control = STRBUF_INIT;
    for (size_t idx = 0; idx < set->n_rules; idx++) {
        const HbaRule *r = &set->rules[idx];
        if (!placeholder_line(r->raw))
            continue;
        marked[idx] = true;
        /* `{{ ansible_managed | comment }}` renders comments in a template: no rule, nothing to
         * fill in (held-out set 52, h52a 15: called a placeholder line); in a file the server
         * reads as it is, a line it refuses */
        if (conf_renders_comment(r->raw) && rendered_by_design(r))
            continue;
        first = first ? first : r;
        rejects = rejects || r->rejects;
        manifest = manifest || r->column > 0;
        /* a block's {% if %} and {% endif %} are the template's syntax, not pg_hba lines
         * (held-out set 49, h49a 15: counted among "4 pg_hba lines") */
        if (template_control_line(r->raw)) {
            if (n_control < 20)
                sb_printf(&control, "%s%d", n_control ? ", " : "", r->line);
            n_control++;
            continue;
        }
        if (n < 20)
            sb_printf(&lines, "%s%d", n ? ", " : "", r->line);
        n++;
    }
    if (!first)
        return;
    if (n > 20)
        sb_printf(&lines, " and %zu more", n - 20);
    if (n_control > 20)
        sb_printf(&control, " and %zu more", n_control - 20);
    Finding *f = lint_hba_finding(out, "PK0003", first->file, first->line, set->opts.major,
                                  "auth-pg-hba-conf.html");
    StrBuf msg = STRBUF_INIT;
    if (n)
        sb_printf(&msg, "%zu pg_hba line%s hold%s template placeholders (line%s %s)", n,
                  n == 1 ? "" : "s", n == 1 ? "s" : "", n == 1 ? "" : "s", sb_str(&lines));
    if (n_control)
        sb_printf(&msg, "%s%zu line%s the template's own syntax (line%s %s)", n ? ", and " : "",
                  n_control, n_control == 1 ? " is" : "s are", n_control == 1 ? "" : "s",
                  sb_str(&control));
    f->message = finding_strdup(f, sb_str(&msg));
    sb_free(&msg);
    sb_free(&control);
    /* a pg_hba.conf whose name or directory says template (pg_hba.conf.j2, templates/) is one
     * by design, as a postgresql.conf template's PK0003 is (review 2026-12zg, h37c 32: an
     * Ansible role's .j2 called an error that refuses start) */
    StrBuf why = STRBUF_INIT;
    bool template = !manifest && first->file && lint_template_path(first->file, &why);
    /* a lone file's placeholders in a template engine's or a script's syntax (`{{ net }}`,
     * `${PASSWORD_AUTHENTICATION}`, which an image's entrypoint fills in) make it a template,
     * as they make a lone postgresql.conf one (held-out set 44, 15: an error that "refuses
     * start" on kartoza's file, which no compose service mounted) */
    if (!manifest && !template && set->opts.lone && conf_has_placeholder(first->raw, false)) {
        sb_printf(&why, "line %d holds a placeholder", first->line);
        template = true;
    }
    if (manifest || template) {
        f->severity = SEV_NOTICE;
        f->hint = template ? finding_printf(f,
                                            "A template (%s): the server reads what it renders; "
                                            "lint the rendered file.",
                                            sb_str(&why))
                           : finding_strdup(f, "A template: fill in the addresses and names when "
                                               "deploying, and lint the result.");
    } else {
        f->refuses_start = rejects;
        /* a placeholder the server reads as a name starts the server; the line matches nothing
         * until rendered, which is no risk to data or availability (review 2026-12zg,
         * h34b 09: `${DB_NAME}` called an error) */
        if (!rejects)
            f->severity = SEV_WARNING;
        f->hint = finding_strdup(
            f, rejects ? "PostgreSQL refuses to start with this pg_hba.conf (\"could not load "
                         "pg_hba.conf\"): fill in the placeholders, or render the template and "
                         "lint the output."
                       : "No client matches a placeholder: fill it in, or render the template "
                         "and lint the output.");
    }
    sb_free(&why);
    sb_free(&lines);
}

static void trust_placeholder_lines(const HbaSet *set, FindingList *out);

static void validate_rules(const HbaSet *set, FindingList *out)
{
    int major = set->opts.major;
    bool *marked = xcalloc(set->n_rules + 1, sizeof(bool));
    size_t *reported = xcalloc(set->n_rules + 1, sizeof(size_t)); /* its PK0201's index + 1 */
    placeholder_finding(set, marked, out);
    trust_placeholder_lines(set, out);
    for (size_t idx = 0; idx < set->n_rules; idx++) {
        const HbaRule *r = &set->rules[idx];
        if (marked[idx])
            continue;
        /* a rejected line written again word for word is the same cause: one finding names
         * both (review 2026-12q, h18d 41) */
        size_t twin = 0;
        for (size_t prev = 0; r->rejects && r->raw && !twin && prev < idx; prev++)
            if (reported[prev] && set->rules[prev].raw && !strcmp(set->rules[prev].raw, r->raw) &&
                !strcmp(set->rules[prev].file, r->file))
                twin = reported[prev];
        if (twin) {
            Finding *f = &out->items[twin - 1];
            f->message =
                finding_printf(f, "%s (the same line again at line %d)", f->message, r->line);
            continue;
        }
        if (r->rejects) {
            reported[idx] = out->n + 1;
            Finding *f =
                lint_hba_finding(out, "PK0201", r->file, r->line, major, "auth-pg-hba-conf.html");
            f->refuses_start = true;
            f->message = finding_strdup(f, r->logged  ? r->logged
                                           : r->error ? r->error
                                                      : "the line is rejected");
            f->hint = finding_printf(f,
                                     "PostgreSQL %d refuses to start with this pg_hba.conf (\"could"
                                     " not load pg_hba.conf\"); a reload keeps the previous rules.",
                                     major);
        } else if (r->error) {
            Finding *f = lint_hba_finding(out, "PK0204", r->file, r->line, major,
                                          r->conntype == HBA_CT_HOSTSSL ? "ssl-tcp.html"
                                                                        : "gssapi-enc.html");
            f->message = finding_strdup(f, r->error);
            f->hint =
                finding_strdup(f, r->conntype == HBA_CT_HOSTSSL
                                      ? "Set ssl = on (with a certificate and key) or write host."
                                      : "Use a build with GSSAPI, or write host.");
        } else if (r->logged) {
            Finding *f =
                lint_hba_finding(out, "PK0208", r->file, r->line, major, "auth-pg-hba-conf.html");
            f->message = finding_strdup(f, r->logged);
        }
        if (r->parsed && !r->rejects && r->map && set->ident.path && set->ident.loads &&
            !map_defined(set, r->map)) {
            Finding *f =
                lint_hba_finding(out, "PK0207", r->file, r->line, major, "auth-username-maps.html");
            f->message =
                finding_printf(f, "map \"%s\" is not defined in %s", r->map, set->ident.path);
            f->hint =
                finding_strdup(f, "Add the map's lines to pg_ident.conf, or correct the name.");
        }
    }
    free(reported);
    free(marked);
}

static void validate_ident(const HbaSet *set, FindingList *out)
{
    int major = set->opts.major;
    if (set->ident.missing) {
        if (any_map_used(set)) {
            Finding *f = lint_hba_finding(out, "PK0206", set->ident.path, 0, major,
                                          "auth-username-maps.html");
            f->message = finding_strdup(f, set->ident.open_error.message);
            f->hint = finding_strdup(f, "The server starts, but no map= line can log anyone in.");
        }
        return;
    }
    for (size_t idx = 0; idx < set->n_maps; idx++) {
        const IdentMap *m = &set->maps[idx];
        if (!m->rejects)
            continue;
        Finding *f =
            lint_hba_finding(out, "PK0205", m->file, m->line, major, "auth-username-maps.html");
        f->message = finding_strdup(f, m->error);
        f->hint =
            finding_strdup(f, "The server starts but does not load pg_ident.conf: no map of it can"
                              " be used (on reload the previous maps stay).");
    }
}

void lint_hba_validate(const HbaSet *set, FindingList *out)
{
    int major = set->opts.major;
    if (set->hba.path && set->hba.missing) {
        Finding *f =
            lint_hba_finding(out, "PK0202", set->hba.path, 0, major, "auth-pg-hba-conf.html");
        f->refuses_start = true;
        f->message = finding_strdup(f, set->hba.open_error.message);
        f->hint = finding_strdup(f, "The server refuses to start without a readable pg_hba.conf.");
    }
    if (set->hba_no_entries) {
        Finding *f =
            lint_hba_finding(out, "PK0203", set->hba.path, 0, major, "auth-pg-hba-conf.html");
        f->refuses_start = true;
        f->message =
            finding_printf(f, "configuration file \"%s\" contains no entries", set->hba.path);
        f->hint =
            finding_strdup(f, "The server refuses to start: no line would let anyone connect.");
    }
    validate_rules(set, out);
    for (size_t idx = 0; idx < set->n_unchecked; idx++) {
        const HbaNote *note = &set->unchecked[idx];
        /* a placeholder's `@NETWORK@` is no @file: PK0003 names the line (one cause) */
        if (placeholder_at(set, note->file, note->line))
            continue;
        Finding *f = lint_hba_finding(out, "PK0209", note->file, note->line, major, NULL);
        f->column = note->column;
        f->message = finding_strdup(f, note->message);
    }
    for (size_t idx = 0; idx < set->hba.n_notes; idx++) {
        Finding *f = lint_hba_finding(out, "PK0208", set->hba.notes[idx].file,
                                      set->hba.notes[idx].line, major, NULL);
        f->message = finding_strdup(f, set->hba.notes[idx].message);
    }
    if (set->ident.path)
        validate_ident(set, out);
}

void lint_hba_locate_columns(const HbaSet *set, FindingList *out, size_t begin)
{
    for (size_t fi = begin; fi < out->n; fi++) {
        Finding *f = &out->items[fi];
        for (size_t ri = 0; !f->column && f->file && ri < set->n_rules; ri++) {
            const HbaRule *r = &set->rules[ri];
            if (r->column && r->line == f->line && !strcmp(r->file, f->file))
                f->column = r->column;
        }
        for (size_t mi = 0; !f->column && f->file && mi < set->n_maps; mi++) {
            const IdentMap *m = &set->maps[mi];
            if (m->column && m->line == f->line && !strcmp(m->file, f->file))
                f->column = m->column;
        }
    }
}

/* ---- semantics ------------------------------------------------------------------------- */

/* The kinds of connection a line matches: local, TCP in clear, with SSL, with GSSAPI. */
enum { K_LOCAL = 1, K_PLAIN = 2, K_SSL = 4, K_GSS = 8 };

static unsigned conn_kinds(HbaConnType type)
{
    switch (type) {
    case HBA_CT_LOCAL: return K_LOCAL;
    case HBA_CT_HOST: return K_PLAIN | K_SSL | K_GSS;
    case HBA_CT_HOSTSSL: return K_SSL;
    case HBA_CT_HOSTNOSSL: return K_PLAIN | K_GSS;
    case HBA_CT_HOSTGSS: return K_GSS;
    case HBA_CT_HOSTNOGSS: return K_PLAIN | K_SSL;
    }
    return 0;
}

static bool has_keyword(const HbaTokens *toks, const char *word)
{
    for (size_t idx = 0; idx < toks->n; idx++)
        if (!toks->items[idx].quoted && !strcmp(toks->items[idx].text, word))
            return true;
    return false;
}

static bool has_token(const HbaTokens *toks, const HbaToken *tok)
{
    for (size_t idx = 0; idx < toks->n; idx++)
        if (toks->items[idx].quoted == tok->quoted && !strcmp(toks->items[idx].text, tok->text))
            return true;
    return false;
}

/* Does every name of `later` match only where `earlier` matches? "all" never matches a
 * physical replication connection, which only "replication" does. */
static bool covers_names(const HbaTokens *earlier, const HbaTokens *later, bool databases)
{
    bool all = has_keyword(earlier, "all");
    for (size_t idx = 0; idx < later->n; idx++) {
        const HbaToken *tok = &later->items[idx];
        if (databases && !tok->quoted && !strcmp(tok->text, "replication")) {
            if (!has_keyword(earlier, "replication"))
                return false;
        } else if (!all && !has_token(earlier, tok)) {
            return false;
        }
    }
    return true;
}

static bool covers_address(const HbaRule *e, const HbaRule *l)
{
    if (l->conntype == HBA_CT_LOCAL || e->addr_kind == HBA_ADDR_ALL)
        return true;
    if (e->addr_kind != l->addr_kind)
        return false;
    switch (e->addr_kind) {
    case HBA_ADDR_SAMEHOST:
    case HBA_ADDR_SAMENET: return true;
    case HBA_ADDR_HOSTNAME: return !strcasecmp(e->hostname, l->hostname);
    case HBA_ADDR_MASK: {
        if (e->family != l->family)
            return false;
        size_t n = e->family == AF_INET ? 4 : 16;
        if (e->prefix_len < 0 || l->prefix_len < 0)
            return !memcmp(e->mask, l->mask, n) && !memcmp(e->addr, l->addr, n);
        if (e->prefix_len > l->prefix_len)
            return false;
        for (size_t idx = 0; idx < n; idx++)
            if ((e->addr[idx] & e->mask[idx]) != (l->addr[idx] & e->mask[idx]))
                return false;
        return true;
    }
    default: return false;
    }
}

/* A line that can match something: loaded, without a "cannot match" error. */
static bool usable(const HbaRule *r)
{
    return r->parsed && !r->rejects && !r->error;
}

static const char *display_path(const HbaRule *r)
{
    return r->file ? r->file : "pg_hba_file_rules";
}

/* The fixed words of a semantic finding of a pg_hba.conf line: the check words the message (it
 * names the line's values), the table its hint and the explanation citing the documentation. */
typedef enum HbaWords {
    HW_SHADOWED,
    HW_TRUST,
    HW_LOCAL_TRUST,
    HW_WEAK_ANY,
    HW_CLEARTEXT,
    HW_MD5_UNDER_SCRAM,
    HW_SCRAM_UNDER_MD5,
    HW_REPLICATION,
    HW_CLIENTCERT,
    HW_REJECT_ALL,
} HbaWords;

static const struct {
    const char *hint, *explanation;
} hba_words_table[] = {
    [HW_SHADOWED] =
        {"Move the more specific line above the general one, or remove it.",
         "The server uses the first line whose connection type, client address, database"
         " and user match, and there is no fall-through: if that line's authentication"
         " fails, no later line is tried (PostgreSQL documentation, \"The pg_hba.conf"
         " File\"). A later line that an earlier one covers is dead, and usually means the"
         " order is not the one intended."},
    [HW_TRUST] =
        {"Use scram-sha-256, once every role that connects through the line has a password:"
         " under trust none is needed, so some may have none.",
         "The PostgreSQL documentation (\"Trust Authentication\") says trust \"is only suitable"
         " for TCP/IP connections if you trust every user on every machine that is allowed to"
         " connect to the server by the pg_hba.conf lines that specify trust\". Nothing is"
         " checked: the client names the role it wants."},
    [HW_LOCAL_TRUST] =
        {"Use peer on local lines, which logs the operating-system user in as the role of its"
         " own name (Debian's and the PGDG packages' pg_hba.conf does), or restrict the socket:"
         " unix_socket_permissions = 0770 with unix_socket_group, or a private"
         " unix_socket_directories. Where the machine has no other user (a container running"
         " only the server), trust is the documented convenience.",
         "The PostgreSQL documentation (\"Trust Authentication\"): trust \"is appropriate and"
         " very convenient for local connections on a single-user workstation. It is usually"
         " not appropriate by itself on a multiuser machine\", unless file-system permissions"
         " restrict access to the server's Unix-domain socket. Nothing is checked: the client"
         " names the role it wants, superusers included."},
    [HW_WEAK_ANY] =
        {"Narrow the address to the clients' networks and use scram-sha-256.",
         "A line open to all addresses accepts password guesses from anywhere the server is"
         " reachable. The PostgreSQL documentation (\"Password Authentication\") calls the MD5"
         " hash \"no longer considered secure against determined attacks\", and password sends"
         " the password in clear text unless the connection uses SSL."},
    [HW_CLEARTEXT] =
        {"Write hostssl (with ssl = on), or use scram-sha-256.",
         "The PostgreSQL documentation (\"Password Authentication\"): password \"sends the"
         " password in clear-text and is therefore vulnerable to password sniffing attacks\";"
         " it \"can be used safely\" only when SSL protects the connection. pam, ldap and radius"
         " also receive the client's password in clear text. A host line matches connections"
         " with and without SSL."},
    [HW_MD5_UNDER_SCRAM] =
        {"Once every role has a SCRAM verifier, write scram-sha-256.",
         "The PostgreSQL documentation (\"Password Authentication\"): \"If md5 is specified"
         " and the password is SCRAM-encrypted, SCRAM-based authentication will automatically"
         " be chosen instead\". An md5 line therefore still accepts the weaker MD5 exchange"
         " for any role whose stored password is an MD5 hash; PostgreSQL 18 deprecates MD5"
         " passwords."},
    [HW_SCRAM_UNDER_MD5] =
        {"Set password_encryption = scram-sha-256 and reset those passwords.",
         "password_encryption decides how CREATE/ALTER ROLE … PASSWORD stores a password."
         " The scram-sha-256 method needs a SCRAM verifier (PostgreSQL documentation,"
         " \"Password Authentication\"): a role whose password was stored as MD5 cannot log"
         " in through this line."},
    [HW_REPLICATION] =
        {"Write hostssl for replication lines (it needs ssl = on: a hostssl line never"
         " matches while ssl is off), and sslmode=verify-full on the standby.",
         "A physical replication connection carries every change of the cluster. A host line"
         " accepts it with or without SSL, a hostnossl line only without (PostgreSQL"
         " documentation, \"The pg_hba.conf File\" and \"Secure TCP/IP Connections with SSL\")."},
    [HW_CLIENTCERT] =
        {"Set ssl_ca_file to the CA that signs the client certificates.",
         "The server verifies client certificates against the certificate authorities of"
         " ssl_ca_file (PostgreSQL documentation, \"Using Client Certificates\"); without it no"
         " client can present a certificate the server accepts, so cert and clientcert logins"
         " fail."},
    [HW_REJECT_ALL] =
        {"Move the lines that admit clients above the reject line, or narrow it to the"
         " addresses and roles it is meant to refuse.",
         "The server uses the first line whose connection type, client address, database and"
         " user match, and there is no fall-through (PostgreSQL documentation, \"The"
         " pg_hba.conf File\"): after a reject line for every database and user, a later line"
         " admits none of the clients it covers. `all` does not match replication connections,"
         " which such a line leaves to the lines after it."},
};

static void hba_words(Finding *f, HbaWords words)
{
    f->hint = finding_strdup(f, hba_words_table[words].hint);
    f->explanation = finding_strdup(f, hba_words_table[words].explanation);
}

static bool covers(const HbaRule *e, const HbaRule *l)
{
    return !(conn_kinds(l->conntype) & ~conn_kinds(e->conntype)) &&
           covers_names(&e->databases, &l->databases, true) &&
           covers_names(&e->users, &l->users, false) && covers_address(e, l);
}

/* The earlier lines that may shadow a later one, found by name instead of trying every one
 * (a 200,000-line file took minutes): each line is filed under every (database, user) pair it
 * names, "all" as itself; a later line asks the four pairs its first database and user can be
 * matched by. A line already shadowed is not filed: the line that shadows it shadows whatever it
 * would, and comes first. A line naming more pairs than SHADOW_MAX_PAIRS is tried always. */
#define SHADOW_MAX_PAIRS 16
#define SHADOW_MAX_TRIED 256 /* candidates tried per pair, earliest first (docs/hba.md) */
#define SHADOW_ALL "\x1e"

typedef struct ShadowList {
    char *key; /* NULL: a free slot */
    size_t *rules;
    size_t n, cap;
} ShadowList;

typedef struct ShadowIndex {
    ShadowList *slots;
    size_t n_slots, n_used;
    ShadowList wide;
} ShadowIndex;

static char *pair_key(const HbaToken *db, const HbaToken *user)
{
    bool db_all = !db || (!db->quoted && !strcmp(db->text, "all"));
    bool user_all = !user || (!user->quoted && !strcmp(user->text, "all"));
    return xasprintf("%s%s\x1f%s%s",
                     db_all       ? SHADOW_ALL
                     : db->quoted ? "q"
                                  : "u",
                     db_all ? "" : db->text,
                     user_all       ? SHADOW_ALL
                     : user->quoted ? "q"
                                    : "u",
                     user_all ? "" : user->text);
}

static size_t key_hash(const char *key)
{
    size_t hash = 1469598103934665603u;
    for (const unsigned char *p = (const unsigned char *)key; *p; p++)
        hash = (hash ^ *p) * 1099511628211u;
    return hash;
}

static ShadowList *shadow_slot(ShadowIndex *idx, const char *key, bool create);

static void shadow_grow(ShadowIndex *idx)
{
    ShadowList *old = idx->slots;
    size_t n_old = idx->n_slots;
    idx->n_slots = n_old ? n_old * 2 : 64;
    idx->slots = xcalloc(idx->n_slots, sizeof(*idx->slots));
    for (size_t at = 0; at < n_old; at++)
        if (old[at].key)
            *shadow_slot(idx, old[at].key, true) = old[at];
    free(old);
}

/* The list filed under `key`; with `create`, a new empty one (its key not yet set). */
static ShadowList *shadow_slot(ShadowIndex *idx, const char *key, bool create)
{
    if (create && (idx->n_used + 1) * 2 > idx->n_slots)
        shadow_grow(idx);
    if (!idx->n_slots)
        return NULL;
    for (size_t at = key_hash(key) & (idx->n_slots - 1);; at = (at + 1) & (idx->n_slots - 1)) {
        ShadowList *list = &idx->slots[at];
        if (list->key && !strcmp(list->key, key))
            return list;
        if (!list->key)
            return create ? list : NULL;
    }
}

static void list_add(ShadowList *list, size_t rule)
{
    PK_GROW(list->rules, list->n, list->cap);
    list->rules[list->n++] = rule;
}

static void shadow_file(ShadowIndex *idx, const HbaRule *r, size_t rule)
{
    if (r->databases.n * r->users.n > SHADOW_MAX_PAIRS) {
        list_add(&idx->wide, rule);
        return;
    }
    for (size_t d = 0; d < r->databases.n; d++)
        for (size_t u = 0; u < r->users.n; u++) {
            char *key = pair_key(&r->databases.items[d], &r->users.items[u]);
            ShadowList *list = shadow_slot(idx, key, true);
            if (!list->key) {
                list->key = key;
                idx->n_used++;
            } else {
                free(key);
            }
            if (!list->n || list->rules[list->n - 1] != rule)
                list_add(list, rule);
        }
}

/* The earliest rule of `list` that covers `l`, if earlier than `best`. */
static size_t first_covering(const HbaSet *set, const ShadowList *list, const HbaRule *l,
                             size_t best)
{
    for (size_t at = 0; list && at < list->n && at < SHADOW_MAX_TRIED; at++) {
        size_t rule = list->rules[at];
        if (rule >= best)
            break;
        if (covers(&set->rules[rule], l))
            return rule;
    }
    return best;
}

static size_t shadow_find(const HbaSet *set, ShadowIndex *idx, const HbaRule *l)
{
    size_t best = first_covering(set, &idx->wide, l, SIZE_MAX);
    const HbaToken *db = l->databases.n ? &l->databases.items[0] : NULL;
    const HbaToken *user = l->users.n ? &l->users.items[0] : NULL;
    const HbaToken *dbs[2] = {NULL, db}, *users[2] = {NULL, user};
    char *keys[4];
    for (int k = 0; k < 4; k++) {
        keys[k] = pair_key(dbs[k / 2], users[k % 2]);
        bool again = false; /* "all" is its own pair: asked once */
        for (int prev = 0; prev < k; prev++)
            again = again || !strcmp(keys[prev], keys[k]);
        if (!again)
            best = first_covering(set, shadow_slot(idx, keys[k], false), l, best);
    }
    for (int k = 0; k < 4; k++)
        free(keys[k]);
    return best;
}

static void shadow_index_free(ShadowIndex *idx)
{
    for (size_t at = 0; at < idx->n_slots; at++) {
        free(idx->slots[at].key);
        free(idx->slots[at].rules);
    }
    free(idx->slots);
    free(idx->wide.rules);
}

static bool same_method_and_options(const HbaRule *a, const HbaRule *b)
{
    if (!a->method || !b->method || strcmp(a->method, b->method) || a->n_options != b->n_options)
        return false;
    for (size_t idx = 0; idx < a->n_options; idx++)
        if (strcmp(a->options[idx], b->options[idx]))
            return false;
    return true;
}

/* Marks in `shadowed` (one per rule) the lines an earlier one hides, in `by` the index + 1 of
 * the line that hides each, and in `hidden` its PK0210's finding index + 1. */
static void check_shadowed(const HbaSet *set, bool *shadowed, size_t *by, size_t *hidden,
                           FindingList *out)
{
    ShadowIndex idx = {0};
    for (size_t li = 0; li < set->n_rules; li++) {
        const HbaRule *l = &set->rules[li];
        /* a placeholder may render as anything, `replication` included, which `all` does not
         * cover: such a line neither hides nor is hidden (review 2026-12zg, h34b 09:
         * `host ${REP_USER} ...` called dead, the only line admitting the replication user) */
        if (!usable(l) || placeholder_line(l->raw))
            continue;
        size_t ei = shadow_find(set, &idx, l);
        if (ei == SIZE_MAX) {
            shadow_file(&idx, l, li);
            continue;
        }
        const HbaRule *e = &set->rules[ei];
        shadowed[li] = true;
        by[li] = ei + 1;
        Finding *f = lint_hba_finding(out, "PK0210", l->file, l->line, set->opts.major,
                                      "auth-pg-hba-conf.html");
        f->message = finding_printf(f,
                                    "every connection this line matches is matched first by line"
                                    " %d (%s:%d, %s): this line never applies",
                                    e->line, display_path(e), e->line, e->method);
        hba_words(f, HW_SHADOWED);
        hidden[li] = out->n;
        /* the earlier line asks the same (method and options): removing this one changes no
         * access, so it is tidying, not a rule the author expected to apply (review 2026-12p,
         * h17d 46) */
        if (same_method_and_options(e, l)) {
            f->severity = SEV_NOTICE;
            f->message = finding_printf(f,
                                        "%s, and that line asks the same (%s), so this one is"
                                        " redundant",
                                        f->message, e->method);
        } else if (e->auth == HBA_AUTH_REJECT && e->conntype == HBA_CT_HOST &&
                   l->conntype == HBA_CT_HOSTSSL) {
            /* `host … reject` meant for connections without SSL: host matches SSL ones too,
             * so the hostssl line after it admits nobody (review 2026-12zg, h35b 17) */
            f->message = finding_printf(f,
                                        "%s: line %d's reject matches connections with SSL too, so"
                                        " no connection it covers logs in, SSL included",
                                        f->message, e->line);
            f->hint = finding_printf(f,
                                     "To refuse only connections without SSL, write hostnossl on"
                                     " line %d instead of host.",
                                     e->line);
        }
    }
    shadow_index_free(&idx);
}

/* Only the loopback (or this host's own addresses) can match. */
static bool loopback_only(const HbaRule *r)
{
    switch (r->addr_kind) {
    case HBA_ADDR_SAMEHOST: return true;
    case HBA_ADDR_HOSTNAME: return !strcasecmp(r->hostname, "localhost");
    case HBA_ADDR_MASK:
        if (r->prefix_len < 0)
            return false;
        if (r->family == AF_INET)
            return r->prefix_len >= 8 && r->addr[0] == 127;
        if (r->prefix_len == 128) {
            static const unsigned char one[16] = {[15] = 1};
            return !memcmp(r->addr, one, 16);
        }
        return false;
    default: return false;
    }
}

static bool any_address(const HbaRule *r)
{
    return r->conntype != HBA_CT_LOCAL &&
           (r->addr_kind == HBA_ADDR_ALL || (r->addr_kind == HBA_ADDR_MASK && r->prefix_len == 0));
}

static const char *setting(const Snapshot *snap, const char *name)
{
    const SnapSetting *s = snap ? snapshot_get(snap, name) : NULL;
    return s ? s->value : NULL;
}

/* listen_addresses reaches beyond this machine: '*', 0.0.0.0, :: or any other address than
 * localhost and the loopback ones. */
static bool listens_beyond_loopback(const Snapshot *snap)
{
    const char *listen = setting(snap, "listen_addresses");
    if (!listen)
        return false;
    const char *p = listen;
    while (*p) {
        while (*p == ' ' || *p == ',')
            p++;
        size_t len = strcspn(p, " ,");
        if (len && !(len == 9 && !strncmp(p, "localhost", 9)) &&
            !(len >= 4 && !strncmp(p, "127.", 4)) && !(len == 3 && !strncmp(p, "::1", 3)))
            return true;
        p += len;
    }
    return false;
}

/* The address as written in CIDR form ("10.0.0.0/8"), for messages. */
static const char *address_text(const HbaRule *r, char *buf, size_t size)
{
    if (r->addr_kind == HBA_ADDR_MASK && r->prefix_len >= 0)
        snprintf(buf, size, "%s/%d", r->address, r->prefix_len);
    else if (r->addr_kind == HBA_ADDR_MASK)
        snprintf(buf, size, "%s mask %s", r->address, r->netmask);
    else
        snprintf(buf, size, "%s", r->address ? r->address : "all");
    return buf;
}

/* Returns the PK0213 finding when the line is open to every address, else NULL. */
static Finding *check_trust(const HbaSet *set, const HbaRule *r, bool listen_all, FindingList *out)
{
    char addr[128];
    int major = set->opts.major;
    Finding *f;
    if (any_address(r)) {
        f = lint_hba_finding(out, "PK0213", r->file, r->line, major, "auth-trust.html");
        f->message =
            finding_printf(f,
                           "trust for every address (%s): anyone who reaches the server logs"
                           " in as any user this line names, without a password",
                           address_text(r, addr, sizeof(addr)));
    } else if (listen_all && !loopback_only(r)) {
        f = lint_hba_finding(out, "PK0216", r->file, r->line, major, "auth-trust.html");
        f->message = finding_printf(f,
                                    "listen_addresses reaches the network and this line trusts"
                                    " clients from %s",
                                    address_text(r, addr, sizeof(addr)));
    } else {
        f = lint_hba_finding(out, "PK0211", r->file, r->line, major, "auth-trust.html");
        f->message =
            finding_printf(f, "trust on a TCP line (%s)%s", address_text(r, addr, sizeof(addr)),
                           loopback_only(r) ? ": any user of this machine can connect as"
                                              " any role the line names"
                                            : ": any client of that address range connects"
                                              " without a password");
        if (loopback_only(r))
            f->severity = SEV_NOTICE;
    }
    hba_words(f, HW_TRUST);
    /* the line's own replication without SSL is said in this finding: one cause (review
     * 2026-12s, h20d 47: trust for a /24's replication, and PK0217 beside it) */
    return f->severity >= SEV_WARNING ? f : NULL;
}

/* The address and method of a TCP line as written (`host all all {{ ip }}/32 trust`), read from
 * its text: a placeholder line does not parse, but its method may be no placeholder. False for
 * other lines. */
static bool written_tcp_line(const char *raw, char **address, char **method)
{
    char *copy = xstrdup(raw ? raw : "");
    /* a tag is one field whatever its spaces (`{{ x | default('a') }}`, ERB's `<%= owner %>`:
     * held-out set 55, h55b 18) */
    static const char *const tags[][2] = {{"{{", "}}"}, {"<%", "%>"}};
    for (size_t t = 0; t < sizeof tags / sizeof tags[0]; t++)
        for (char *open = strstr(copy, tags[t][0]); open; open = strstr(open + 1, tags[t][0])) {
            char *close = strstr(open, tags[t][1]);
            for (char *p = open; close && p < close + 2; p++)
                *p = 'X';
        }
    char *tokens[8];
    size_t n = 0;
    char *save = NULL;
    char *start = copy;
    while (*start == ' ' || *start == '\t' || *start == '-') /* a manifest list's `- ` */
        start++;
    for (char *tok = strtok_r(start, " \t", &save); tok && *tok != '#' && n < 8;
         tok = strtok_r(NULL, " \t", &save))
        tokens[n++] = tok;
    bool tcp = n >= 5 && !strncasecmp(tokens[0], "host", 4);
    if (tcp) {
        /* an address and a netmask are two fields: the method follows both */
        size_t at = strspn(tokens[4], "0123456789.") == strlen(tokens[4]) && n >= 6 ? 5 : 4;
        *method = xstrdup(tokens[at]);
        /* the address as the raw line writes it, at the same offset */
        *address = xstrndup(raw + (tokens[3] - copy), strlen(tokens[3]));
    }
    free(copy);
    return tcp;
}

static unsigned families_covered(const HbaRule *r);

/* Trust on TCP lines that hold a template's placeholders: the method is no placeholder, and
 * whichever client the line renders connects as any role it names without a password
 * (held-out set 42, h42c 37: `host all all {{ hostvars[host]...address }}/32 trust` for every
 * database and application host, missed behind the one PK0003). A literal loopback address
 * is a local user's (PK0211's notice, not repeated here); a literal address for every host is
 * PK0213's. */
static void trust_placeholder_lines(const HbaSet *set, FindingList *out)
{
    const HbaRule *first = NULL, *any = NULL;
    StrBuf lines = STRBUF_INIT, any_lines = STRBUF_INIT;
    size_t n = 0, n_any = 0;
    for (size_t idx = 0; idx < set->n_rules; idx++) {
        const HbaRule *r = &set->rules[idx];
        char *address = NULL, *method = NULL;
        /* a line the reader parsed (`${USER}` reads as a name) has the trust rules' own
         * finding */
        if ((r->parsed && !r->error) || !placeholder_line(r->raw) ||
            !written_tcp_line(r->raw, &address, &method))
            continue;
        bool trust = !strcasecmp(method, "trust");
        bool every = !strcmp(address, "0.0.0.0/0") || !strcmp(address, "::/0") ||
                     !strcasecmp(address, "all");
        /* an earlier line trusts every database and user from every address already: this one
         * never applies, and that line's finding says it (one cause) */
        /* only a literal address has a known family, and `all` never matches replication */
        unsigned family = !strcasecmp(address, "all")                          ? 1 | 2
                          : strchr(address, ':') && !placeholder_line(address) ? 2
                          : strspn(address, "0123456789./") == strlen(address) ? 1
                                                                               : 0;
        bool replication = strstr(r->raw, "replication") != NULL;
        for (size_t e = 0; trust && family && !replication && e < idx; e++) {
            const HbaRule *earlier = &set->rules[e];
            if (usable(earlier) && earlier->auth == HBA_AUTH_TRUST &&
                (families_covered(earlier) & family) == family &&
                earlier->conntype == HBA_CT_HOST && has_keyword(&earlier->databases, "all") &&
                has_keyword(&earlier->users, "all"))
                trust = false;
        }
        bool loopback = !strcasecmp(address, "localhost") || !strcasecmp(address, "samehost") ||
                        !strncmp(address, "127.", 4) || !strcmp(address, "::1/128");
        free(address);
        free(method);
        if (!trust || loopback)
            continue;
        if (every) {
            any = any ? any : r;
            sb_printf(&any_lines, "%s%d", n_any++ ? ", " : "", r->line);
        } else {
            first = first ? first : r;
            sb_printf(&lines, "%s%d", n++ ? ", " : "", r->line);
        }
    }
    if (any) {
        Finding *f = lint_hba_finding(out, "PK0213", any->file, any->line, set->opts.major,
                                      "auth-trust.html");
        f->message = finding_printf(f,
                                    "trust for every address on %s a template fills in (line%s "
                                    "%s): anyone who reaches the server logs in as whichever "
                                    "user it renders, without a password",
                                    n_any == 1 ? "a line" : "lines", n_any == 1 ? "" : "s",
                                    sb_str(&any_lines));
        hba_words(f, HW_TRUST);
    }
    if (first) {
        Finding *f = lint_hba_finding(out, "PK0211", first->file, first->line, set->opts.major,
                                      "auth-trust.html");
        f->message =
            finding_printf(f,
                           "trust on %s a template fills in (line%s %s): whichever "
                           "client it renders connects as any role the line names, "
                           "without a password",
                           n == 1 ? "a TCP line" : "TCP lines", n == 1 ? "" : "s", sb_str(&lines));
        hba_words(f, HW_TRUST);
    }
    sb_free(&lines);
    sb_free(&any_lines);
}

/* password_encryption as read with the file: the data directory's (snap), else the manifest's
 * own or its operator's default (opts); NULL when unknown. `by`: who set a default (an
 * operator's name, "PostgreSQL" for the server's own), NULL when written. */
static const char *read_encryption(const HbaSet *set, const Snapshot *snap, const char **by)
{
    const SnapSetting *at = snap ? snapshot_get(snap, "password_encryption") : NULL;
    if (at) {
        *by = at->source != SRC_DEFAULT ? NULL : at->default_by ? at->default_by : "PostgreSQL";
        return at->value;
    }
    *by = set->opts.password_encryption_by;
    return set->opts.password_encryption;
}

/* Whether a password set now is stored as a SCRAM verifier, and why, for the message: the
 * setting read with the file, else PostgreSQL's default for a major that something read names
 * (scram-sha-256 from 14), said as such; an assumed major decides nothing. */
static bool stored_as_scram(const HbaSet *set, const Snapshot *snap, char *why, size_t size)
{
    const char *by = NULL;
    const char *enc = read_encryption(set, snap, &by);
    if (enc) {
        if (strcasecmp(enc, "scram-sha-256"))
            return false;
        if (!by)
            snprintf(why, size, "as set here");
        else if (!strcmp(by, "PostgreSQL"))
            snprintf(why, size, "PostgreSQL %d's default", set->opts.major);
        else
            snprintf(why, size, "%s's default", by);
        return true;
    }
    if (set->opts.major < 14 || set->opts.major_assumed)
        return false;
    snprintf(why, size, "PostgreSQL %d's default; no postgresql.conf was read with this file",
             set->opts.major);
    return true;
}

/* md5 for every address. Where passwords are stored as SCRAM the line runs SCRAM for every role
 * whose password was set under that setting (PostgreSQL documentation, "Password
 * Authentication"), as a scram-sha-256 line would, which is no finding of its own: only a role
 * whose password is still an MD5 hash (set under md5, or kept by pg_upgrade from a major that
 * defaulted to it) logs in with MD5, and that is a notice (review 2026-12zo, h54c 36, 38: the
 * Crunchy operator's `hostssl all all all md5`; 26 earlier b's, among them "on 14+ an md5 line
 * performs SCRAM anyway"). */
static Finding *check_weak_any(const HbaSet *set, const HbaRule *r, const char *scram_why,
                               FindingList *out)
{
    char addr[128];
    Finding *f =
        lint_hba_finding(out, "PK0213", r->file, r->line, set->opts.major, "auth-password.html");
    f->severity = SEV_WARNING;
    f->message = finding_printf(f, "%s for every address (%s)", r->method,
                                address_text(r, addr, sizeof(addr)));
    hba_words(f, HW_WEAK_ANY);
    if (r->auth == HBA_AUTH_MD5 && scram_why) {
        f->severity = SEV_NOTICE;
        f->message = finding_printf(f,
                                    "%s: with password_encryption = scram-sha-256 (%s) it runs"
                                    " SCRAM, except for a role whose password is still an MD5"
                                    " hash (set under md5, or kept by an upgrade), which logs in"
                                    " with MD5 from anywhere",
                                    f->message, scram_why);
        hba_words(f, HW_MD5_UNDER_SCRAM);
    }
    return f;
}

static void check_cleartext(const HbaSet *set, const HbaRule *r, FindingList *out)
{
    Finding *f =
        lint_hba_finding(out, "PK0212", r->file, r->line, set->opts.major,
                         r->auth == HBA_AUTH_PASSWORD ? "auth-password.html" : "auth-methods.html");
    f->message = finding_printf(f,
                                "%s on a %s line: the password crosses the network in clear text"
                                " on connections without SSL",
                                r->method, r->type);
    hba_words(f, HW_CLEARTEXT);
}

/* Advice to use scram-sha-256 holds from PostgreSQL 10, which added it, and only for a role whose
 * password is stored as SCRAM: one stored as an MD5 hash (password_encryption = md5, 13's
 * default, and kept by pg_upgrade) cannot log in through such a line until it is set again
 * (proven on 13-18 in t-hba-audit). Where the configuration says md5 the hint says so; elsewhere
 * it says what holds on any major (review 2026-12zf, b04 PK0213; 2026-12zg, h34b: the hint,
 * written for 18, broke logins on 10-13 and named a method 9.x servers refuse). */
static void scram_needs_verifiers(Finding *f, const char *md5_because)
{
    if (!f->hint || !strstr(f->hint, "scram-sha-256"))
        return;
    if (md5_because)
        f->hint = finding_printf(f,
                                 "%s password_encryption %s, so passwords are stored as MD5"
                                 " hashes: set password_encryption = scram-sha-256 and set each"
                                 " role's password again first, since a role whose password is"
                                 " an MD5 hash cannot log in through a scram-sha-256 line.",
                                 f->hint, md5_because);
    else
        f->hint = finding_printf(f,
                                 "%s A role whose password is stored as an MD5 hash"
                                 " (password_encryption = md5, the default before PostgreSQL 14,"
                                 " and kept by upgrades) cannot log in through a scram-sha-256"
                                 " line until its password is set again under scram-sha-256;"
                                 " before PostgreSQL 10, which added scram-sha-256, md5 is the"
                                 " strongest password method.",
                                 f->hint);
}

static void check_password_encryption(const HbaSet *set, const HbaRule *r, const char *enc,
                                      FindingList *out)
{
    int major = set->opts.major;
    if (r->auth == HBA_AUTH_MD5 && !strcasecmp(enc, "scram-sha-256")) {
        Finding *f = lint_hba_finding(out, "PK0214", r->file, r->line, major, "auth-password.html");
        f->message = finding_strdup(f, "md5 while password_encryption = scram-sha-256: roles whose"
                                       " password is still an MD5 hash log in with MD5");
        hba_words(f, HW_MD5_UNDER_SCRAM);
    } else if (r->auth == HBA_AUTH_SCRAM && !strcasecmp(enc, "md5")) {
        Finding *f = lint_hba_finding(out, "PK0215", r->file, r->line, major, "auth-password.html");
        f->message =
            finding_strdup(f, "scram-sha-256 while password_encryption = md5: a password set now"
                              " is stored as an MD5 hash, which this line cannot verify");
        hba_words(f, HW_SCRAM_UNDER_MD5);
    }
}

/* `open` is the line's PK0213 (every address, a weak method): one cause, one finding, so the
 * unencrypted stream is said there. `ssl_off`: the configuration leaves ssl off (set off, or a
 * Patroni file that does not set it), so hostssl alone would refuse the standby; where ssl is
 * unknown the hint still says hostssl needs it (review 2026-12r, h19b 19). */
#define REPLICATION_CLAUSE "; and replication over "

static void check_replication(const HbaSet *set, const HbaRule *r, Finding *open, bool ssl_off,
                              bool ssl_unset, FindingList *out)
{
    char addr[128];
    if (open) {
        open->message = finding_printf(open,
                                       "%s" REPLICATION_CLAUSE "%s there lets the WAL stream "
                                       "cross the network without SSL",
                                       open->message, r->type);
        return;
    }
    Finding *f =
        lint_hba_finding(out, "PK0217", r->file, r->line, set->opts.major, "auth-pg-hba-conf.html");
    f->message = finding_printf(f,
                                "replication over %s from %s: the WAL stream may cross the network"
                                " without SSL",
                                r->type, address_text(r, addr, sizeof(addr)));
    hba_words(f, HW_REPLICATION);
    if (ssl_off)
        f->hint = finding_strdup(f, "ssl is off, so first turn it on (ssl = on with a certificate"
                                    " and key); then write hostssl for replication lines, and"
                                    " sslmode=verify-full on the standby.");
    else if (ssl_unset) /* a manifest that does not say: its ssl is the base configuration's */
        f->hint = finding_strdup(f, "nothing here turns ssl on, and it is off by default: turn it"
                                    " on (ssl = on with a certificate and key) where it is not,"
                                    " then write hostssl for replication lines, and"
                                    " sslmode=verify-full on the standby.");
}

static void check_clientcert(const HbaSet *set, const HbaRule *r, FindingList *out)
{
    Finding *f = lint_hba_finding(out, "PK0218", r->file, r->line, set->opts.major, "ssl-tcp.html");
    f->message =
        finding_printf(f,
                       "%s needs a client certificate, but ssl_ca_file is empty: the server"
                       " cannot verify any",
                       r->auth == HBA_AUTH_CERT ? "cert" : "clientcert");
    hba_words(f, HW_CLIENTCERT);
}

/* A weakness several lines share (md5 for every address on line after line, replication without
 * SSL from each standby's /32 and its IPv6 twin) is one cause: one finding at the first line
 * names the others, in place of the same warning per line (review 2026-12p, h17a 12, 13). */
static void fold_same_cause(FindingList *out, size_t begin, size_t *moved)
{
    static const char *const rules[] = {"PK0211", "PK0212", "PK0213", "PK0217", "PK0219", NULL};
    size_t n = out->n - begin, kept = begin;
    StrBuf *also = xcalloc(n + 1, sizeof(*also)); /* by kept finding: the lines folded into it */
    StrBuf *repl = xcalloc(n + 1, sizeof(*repl)); /* and those of them that carry replication */
    size_t *count = xcalloc(n + 1, sizeof(*count));
    bool *own = xcalloc(n + 1, sizeof(*own)); /* a folded line names another address */
    for (size_t idx = begin; idx < out->n; idx++) {
        Finding *f = &out->items[idx];
        bool listed = false, folded = false;
        for (const char *const *rule = rules; *rule && !listed; rule++)
            listed = !strcmp(f->rule_id, *rule);
        for (size_t first = begin; listed && first < kept && !folded; first++) {
            const Finding *to = &out->items[first];
            if (strcmp(to->rule_id, f->rule_id) || to->severity != f->severity || !to->file ||
                !f->file || strcmp(to->file, f->file))
                continue;
            size_t at = first - begin;
            sb_printf(&also[at], "%s%d", count[at] ? ", " : "", f->line);
            count[at]++;
            /* the first clause names the line's address: "md5 for every address (0.0.0.0/0)" */
            size_t to_len = strcspn(to->message, ";"), f_len = strcspn(f->message, ";");
            own[at] = own[at] || to_len != f_len || strncmp(to->message, f->message, to_len);
            folded = true;
            moved[idx - begin] = first;
            /* a folded line's replication without SSL (check_replication) stays said */
            if (strstr(f->message, REPLICATION_CLAUSE) && !strstr(to->message, REPLICATION_CLAUSE))
                sb_printf(&repl[at], "%s%d", repl[at].len ? ", " : "", f->line);
        }
        if (!folded) {
            moved[idx - begin] = kept;
            out->items[kept++] = *f;
        }
    }
    for (size_t idx = begin; idx < kept; idx++) {
        size_t at = idx - begin;
        Finding *f = &out->items[idx];
        /* the folded lines share the first clause; the kept line's own replication clause
         * (check_replication) follows them, naming its line, so "the same" is not read as
         * replication on lines that carry none (review 2026-12t, h21b 20) */
        const char *own_repl = count[at] ? strstr(f->message, REPLICATION_CLAUSE) : NULL;
        const char *there = own_repl ? strstr(own_repl, " there lets") : NULL;
        const char *each = own[at] ? ", each for its own address" : "";
        if (there)
            f->message = finding_printf(f, "%.*s; the same on line%s %s%s%.*s on line %d%s",
                                        (int)(own_repl - f->message), f->message,
                                        count[at] == 1 ? "" : "s", sb_str(&also[at]), each,
                                        (int)(there - own_repl), own_repl, f->line, there + 6);
        else if (count[at])
            f->message = finding_printf(f, "%s; the same on line%s %s%s", f->message,
                                        count[at] == 1 ? "" : "s", sb_str(&also[at]), each);
        if (repl[at].len)
            f->message = finding_printf(
                f,
                "%s; and line%s %s carr%s replication, whose WAL stream may cross the network"
                " without SSL",
                f->message, strchr(sb_str(&repl[at]), ',') ? "s" : "", sb_str(&repl[at]),
                strchr(sb_str(&repl[at]), ',') ? "y" : "ies");
    }
    for (size_t at = 0; at < n; at++) {
        sb_free(&also[at]);
        sb_free(&repl[at]);
    }
    free(also);
    free(repl);
    free(count);
    free(own);
    out->n = kept;
}

/* A line hidden by one that is itself a finding at warning or above (trust or md5 for every
 * address, PK0211/PK0213) is one cause: the hiding line's finding names it, in place of a
 * PK0210 that goes away when that line is narrowed (review 2026-12q, h18d 46). Per rule:
 * `by` the hiding line's index + 1, `hidden` its PK0210's finding index + 1, `cause` its own
 * PK0211/PK0213's finding index + 1, all from before fold_same_cause, which put the finding
 * at old index `begin + k` at `moved[k]`. */
static void fold_shadow_into_cause(const HbaSet *set, const size_t *by, const size_t *hidden,
                                   const size_t *cause, const size_t *moved, FindingList *out,
                                   size_t begin)
{
    bool *drop = xcalloc(out->n + 1, sizeof(*drop));
    for (size_t li = 0; li < set->n_rules; li++) {
        if (!by[li] || !hidden[li] || !cause[by[li] - 1])
            continue;
        Finding *c = &out->items[moved[cause[by[li] - 1] - 1 - begin]];
        c->message = finding_printf(c,
                                    "%s; and line %d never applies: every connection it matches"
                                    " is matched first by line %d",
                                    c->message, set->rules[li].line, set->rules[by[li] - 1].line);
        drop[moved[hidden[li] - 1 - begin]] = true;
    }
    size_t kept = begin;
    for (size_t idx = begin; idx < out->n; idx++)
        if (!drop[idx])
            out->items[kept++] = out->items[idx];
    out->n = kept;
    free(drop);
}

/* Does unix_socket_permissions keep other users off the socket (0770, 0700)? The remedy the
 * "Trust Authentication" page names for trust on a multiuser machine. Default 0777. And
 * unix_socket_directories = '' opens no socket at all. */
static bool socket_private(const Snapshot *snap)
{
    const char *dirs = setting(snap, "unix_socket_directories");
    if (dirs && !*dirs)
        return true;
    const char *perm = setting(snap, "unix_socket_permissions");
    if (!perm)
        return false;
    char *end;
    long mode = strtol(perm, &end, 0);
    return end != perm && !*end && mode >= 0 && !(mode & 07);
}

/* The address families a line's address can match: 1 IPv4, 2 IPv6. */
static unsigned address_families(const HbaRule *r)
{
    if (r->conntype == HBA_CT_LOCAL)
        return 0;
    if (r->addr_kind == HBA_ADDR_MASK)
        return r->family == AF_INET ? 1 : 2;
    return 1 | 2; /* all, samehost, samenet, a host name */
}

/* The families a line's address covers wholly: all, 0.0.0.0/0, ::/0. */
static unsigned families_covered(const HbaRule *r)
{
    if (r->addr_kind == HBA_ADDR_ALL)
        return 1 | 2;
    if (r->addr_kind == HBA_ADDR_MASK && r->prefix_len == 0)
        return r->family == AF_INET ? 1 : 2;
    return 0;
}

static const char *family_words(unsigned families)
{
    return families == 1 ? "IPv4" : families == 2 ? "IPv6" : "IPv4 or IPv6";
}

/* A reject line for every database and user that covers a whole address family (0.0.0.0/0,
 * ::/0, all) before lines meant to admit such clients: from it on, none of them logs in
 * (held-out set 54, h54b 19: `host all all 0.0.0.0/0 reject` before the one line admitting the
 * application, whose IPv4 clients it refuses). A reject after the lines that admit is a
 * catch-all deny, no finding; a later line it hides wholly is PK0210's, so only those it hides
 * in part, or a template's, which PK0210 skips, are named; a reject line itself hidden is
 * PK0210's alone. A Unix-socket reject needs no check of its own: every later local line it
 * covers is wholly hidden (PK0210), and without one the server refuses those connections
 * anyway. */
static void check_reject_all(const HbaSet *set, const bool *shadowed, FindingList *out)
{
    for (size_t idx = 0; idx < set->n_rules; idx++) {
        const HbaRule *r = &set->rules[idx];
        unsigned covered = families_covered(r);
        if (!usable(r) || shadowed[idx] || r->auth != HBA_AUTH_REJECT || !covered ||
            !has_keyword(&r->databases, "all") || !has_keyword(&r->users, "all") ||
            placeholder_line(r->raw))
            continue;
        StrBuf lines = STRBUF_INIT;
        size_t n = 0;
        bool only_other = true;   /* every line named keeps clients of the other family */
        bool replication = false; /* a line named also admits replication, which `all` spares */
        for (size_t li = idx + 1; li < set->n_rules; li++) {
            const HbaRule *l = &set->rules[li];
            if (!l->parsed || l->error || l->auth == HBA_AUTH_REJECT || shadowed[li] ||
                l->conntype == HBA_CT_LOCAL ||
                (conn_kinds(l->conntype) & ~conn_kinds(r->conntype)) ||
                !(address_families(l) & covered))
                continue;
            bool other_database = false;
            for (size_t d = 0; d < l->databases.n; d++) {
                bool repl = !l->databases.items[d].quoted &&
                            !strcmp(l->databases.items[d].text, "replication");
                replication = replication || repl;
                other_database = other_database || !repl;
            }
            if (!other_database)
                continue;
            if (l->file && r->file && strcmp(l->file, r->file))
                sb_printf(&lines, "%s%s:%d", n++ ? ", " : "", display_path(l), l->line);
            else
                sb_printf(&lines, "%s%d", n++ ? ", " : "", l->line);
            only_other = only_other && (address_families(l) & ~covered);
        }
        if (n) {
            Finding *f = lint_hba_finding(out, "PK0220", r->file, r->line, set->opts.major,
                                          "auth-pg-hba-conf.html");
            f->message = finding_printf(
                f,
                "reject for every %s client (every database and user) before line%s %s, which"
                " would admit clients: %s %s%s",
                family_words(covered), n == 1 ? "" : "s", sb_str(&lines),
                n == 1 ? "that line admits" : "they admit",
                only_other ? (covered == 1 ? "only IPv6 clients" : "only IPv4 clients")
                           : "none of those clients",
                replication ? " (replication connections aside, which all does not match)" : "");
            hba_words(f, HW_REJECT_ALL);
        }
        sb_free(&lines);
    }
}

/* An IPv4 network written with more octets than its mask keeps (`10.10.0.0/8`): the server
 * compares only the masked bits (check_ip, hba.c), so the line admits the mask's whole range,
 * 256 times the /16 its address writes (held-out set 55, h55b 16). A host's address with its
 * subnet (`192.168.1.10/24`, its last octet written) means that subnet, and is no finding. */
static void check_mask_wider(const HbaSet *set, const HbaRule *r, FindingList *out)
{
    if (r->addr_kind != HBA_ADDR_MASK || r->family != AF_INET || r->prefix_len < 0 ||
        r->addr[3] != 0)
        return;
    /* every address with a weak method is PK0213's, which names the address (one cause) */
    if (r->prefix_len == 0 &&
        (r->auth == HBA_AUTH_TRUST || r->auth == HBA_AUTH_PASSWORD || r->auth == HBA_AUTH_MD5))
        return;
    int zeros = 0;
    for (int idx = 3; idx >= 0 && r->addr[idx] == 0; idx--)
        zeros++;
    int written = 32 - 8 * zeros; /* 10.10.0.0: the /16 network */
    if (r->prefix_len >= written)
        return;
    unsigned char net[4];
    for (int idx = 0; idx < 4; idx++)
        net[idx] = r->addr[idx] & r->mask[idx];
    if (!memcmp(net, r->addr, 4))
        return; /* no bit beyond the mask: the network is the mask's (10.0.0.0/8) */
    Finding *f =
        lint_hba_finding(out, "PK0221", r->file, r->line, set->opts.major, "auth-pg-hba-conf.html");
    double wider = ldexp(1.0, written - r->prefix_len);
    f->message = finding_printf(
        f,
        "%u.%u.%u.%u/%d admits every address of %u.%u.%u.%u/%d, %.0f"
        " times the %u.%u.%u.%u/%d its address writes: the server keeps"
        " %s",
        r->addr[0], r->addr[1], r->addr[2], r->addr[3], r->prefix_len, net[0], net[1], net[2],
        net[3], r->prefix_len, wider, r->addr[0], r->addr[1], r->addr[2], r->addr[3], written,
        r->prefix_len ? finding_printf(f, "only the first %d bits", r->prefix_len)
                      : "none of its bits");
    f->hint = finding_printf(f,
                             "Write %u.%u.%u.%u/%d if that network was meant, or %u.%u.%u.%u/%d"
                             " if the whole range was.",
                             r->addr[0], r->addr[1], r->addr[2], r->addr[3], written, net[0],
                             net[1], net[2], net[3], r->prefix_len);
    f->explanation = finding_strdup(
        f, "The PostgreSQL documentation (\"The pg_hba.conf File\"): \"The mask length indicates"
           " the number of high-order bits of the client IP address that must match. Bits to the"
           " right of this should be zero in the given IP address.\" The server compares the"
           " client's address with the line's under the mask only (check_ip in hba.c), so the bits"
           " written beyond it select nothing, and the line matches the mask's whole range.");
}

/* trust on a local line: a notice, as on the loopback (check_trust): whether other users share
 * the machine is what decides, and a container's socket has none (held-out sets 42 and 43, h42c
 * 35, h43c 31 and 35: reported at no level). */
static void check_local_trust(const HbaSet *set, const HbaRule *r, FindingList *out)
{
    Finding *f =
        lint_hba_finding(out, "PK0219", r->file, r->line, set->opts.major, "auth-trust.html");
    f->message =
        finding_printf(f, "trust on a local line: any user of this machine who can open the"
                          " server's Unix socket connects as any role the line names,"
                          " without a password");
    hba_words(f, HW_LOCAL_TRUST);
}

void lint_hba_semantics(const HbaSet *set, const Snapshot *snap, FindingList *out)
{
    size_t begin = out->n;
    bool *shadowed = xcalloc(set->n_rules ? set->n_rules : 1, sizeof(*shadowed));
    size_t n = set->n_rules ? set->n_rules : 1;
    size_t *by = xcalloc(n, sizeof(*by)), *hidden = xcalloc(n, sizeof(*hidden)),
           *cause = xcalloc(n, sizeof(*cause));
    check_shadowed(set, shadowed, by, hidden, out);
    check_reject_all(set, shadowed, out);
    const char *enc_by = NULL;
    const char *enc = read_encryption(set, snap, &enc_by);
    const char *snap_enc = setting(snap, "password_encryption"); /* PK0214/PK0215: a data dir's */
    const char *md5_because =
        enc                     ? (strcasecmp(enc, "md5")                    ? NULL
                                   : enc_by && !strcmp(enc_by, "PostgreSQL") ? "is md5 here, PostgreSQL 13's default"
                                   : enc_by                                  ? "is md5 here, its operator's default"
                                                                             : "= md5 here")
        : set->opts.major == 13 ? "is md5 here, PostgreSQL 13's default"
                                : NULL;
    const char *ssl = setting(snap, "ssl");
    const char *ca = setting(snap, "ssl_ca_file");
    bool ssl_on = ssl && (!strcasecmp(ssl, "on") || !strcasecmp(ssl, "true") ||
                          !strcasecmp(ssl, "yes") || !strcmp(ssl, "1"));
    bool listen_all = listens_beyond_loopback(snap);
    bool private_socket = socket_private(snap);
    char scram_why[160];
    bool scram = stored_as_scram(set, snap, scram_why, sizeof(scram_why));
    for (size_t idx = 0; idx < set->n_rules; idx++) {
        const HbaRule *r = &set->rules[idx];
        /* a line that never applies does nothing else: PK0210 is its one finding */
        if (!usable(r) || shadowed[idx])
            continue;
        size_t first = out->n;
        bool tcp = r->conntype != HBA_CT_LOCAL;
        bool clear = conn_kinds(r->conntype) & K_PLAIN;
        Finding *open = NULL;
        bool weak_notice = false;
        if (tcp && r->auth == HBA_AUTH_TRUST)
            open = check_trust(set, r, listen_all, out);
        else if (r->auth == HBA_AUTH_TRUST && !private_socket)
            check_local_trust(set, r, out);
        else if (tcp && any_address(r) && (r->auth == HBA_AUTH_PASSWORD || r->auth == HBA_AUTH_MD5))
            open = check_weak_any(set, r, scram ? scram_why : NULL, out);
        /* one said at notice leaves the WAL stream in clear text to PK0217's warning */
        if (open && open->severity < SEV_WARNING)
            open = NULL, weak_notice = true;
        /* a loopback connection crosses no network (review 2026-12zg, h34b 14: the
         * finding anchored on 127.0.0.1/32, not on the /28 below it) */
        if (clear && !loopback_only(r) &&
            (r->auth == HBA_AUTH_PASSWORD || r->auth == HBA_AUTH_PAM || r->auth == HBA_AUTH_LDAP ||
             r->auth == HBA_AUTH_RADIUS))
            check_cleartext(set, r, out);
        for (size_t fi = first; fi < out->n; fi++)
            scram_needs_verifiers(&out->items[fi], md5_because);
        if (snap_enc && !weak_notice)
            check_password_encryption(set, r, snap_enc, out);
        if (clear && has_keyword(&r->databases, "replication") && !loopback_only(r))
            check_replication(set, r, open, ssl && !ssl_on, !ssl && !set->opts.ssl, out);
        if (ssl_on && ca && !ca[0] && r->conntype == HBA_CT_HOSTSSL && r->clientcert != HBA_CC_OFF)
            check_clientcert(set, r, out);
        if (r->auth != HBA_AUTH_REJECT)
            check_mask_wider(set, r, out);
        for (size_t fi = first; fi < out->n && !cause[idx]; fi++)
            if ((!strcmp(out->items[fi].rule_id, "PK0211") ||
                 !strcmp(out->items[fi].rule_id, "PK0213")) &&
                out->items[fi].severity >= SEV_WARNING)
                cause[idx] = fi + 1;
    }
    free(shadowed);
    size_t *moved = xcalloc(out->n - begin + 1, sizeof(*moved));
    fold_same_cause(out, begin, moved);
    fold_shadow_into_cause(set, by, hidden, cause, moved, out, begin);
    free(moved);
    free(by);
    free(hidden);
    free(cause);
}
