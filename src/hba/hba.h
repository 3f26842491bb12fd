/* Reading pg_hba.conf and pg_ident.conf exactly as the server does (libpq/hba.c, hbafuncs.c,
 * conffiles.c), 13–18: the tokenizer (quotes, comma lists, @file, line continuation from 14,
 * include / include_if_exists / include_dir from 16), then each line parsed and validated as
 * load_hba() and load_ident() do. The result is the offline twin of the pg_hba_file_rules and
 * pg_ident_file_mappings views, plus the start verdict (does the server load the file?).
 * Knows nothing of postgresql.conf: the caller says where the files are and what the server's
 * ssl setting and build are (HbaOpts). No printing; problems are values in the set. */
#ifndef PK_HBA_H
#define PK_HBA_H

#include <stdbool.h>
#include <stddef.h>

#include "common/arena.h"
#include "common/diag.h"

/* Optional features of the server build that change what a line may say. */
enum {
    HBA_FEAT_SSL = 1,  /* --with-openssl: hostssl, cert, clientcert */
    HBA_FEAT_GSS = 2,  /* --with-gssapi: gss, hostgssenc */
    HBA_FEAT_LDAP = 4, /* --with-ldap (OpenLDAP: ldapurl) */
    HBA_FEAT_PAM = 8,  /* --with-pam */
    HBA_FEAT_BSD = 16, /* --with-bsd-auth (OpenBSD only) */
};
/* What Debian's and the PGDG packages are built with. */
#define HBA_FEAT_DEFAULT (HBA_FEAT_SSL | HBA_FEAT_GSS | HBA_FEAT_LDAP | HBA_FEAT_PAM)

typedef struct HbaOpts {
    int major;         /* 13..18 */
    unsigned features; /* HBA_FEAT_* of the target build */
    bool ssl;          /* the server's ssl setting: a hostssl line cannot match while off */
    /* oauth_validator_libraries (18), as set, or NULL/"" when unset */
    const char *oauth_validators;
    /* the file is read without its server's postgresql.conf: oauth_validator_libraries is not
     * known, so an oauth line is not checked against it (review 2026-12zo, h60b 17: a lone
     * pg_hba.conf said to refuse start, its postgresql.conf beside it setting the library) */
    bool oauth_unknown;
    /* files read through include and @ before pgknob stops (0: 1,000); the fuzzer lowers it so
     * that a file including itself costs little */
    size_t max_files_read;
    /* linted alone, outside a data directory and not on the server (`--host local`): a line
     * of placeholders there is a template's, as in a lone postgresql.conf (lint/lint_hba.c) */
    bool lone;
    /* password_encryption where no postgresql.conf is read with the file (a manifest's, or its
     * operator's default), and who set it ("Crunchy PostgresCluster"; NULL: the manifest): NULL
     * when unknown, and then the major's default holds */
    const char *password_encryption, *password_encryption_by;
    /* `major` is pgknob's default, nothing read names it: its defaults decide nothing */
    bool major_assumed;
} HbaOpts;

/* Parses "ssl,gss,ldap,pam,bsd" (or "none") into HBA_FEAT_* bits; false on an unknown word. */
bool hba_features_parse(const char *text, unsigned *out);

typedef enum HbaConnType {
    HBA_CT_LOCAL,
    HBA_CT_HOST,
    HBA_CT_HOSTSSL,
    HBA_CT_HOSTNOSSL,
    HBA_CT_HOSTGSS,
    HBA_CT_HOSTNOGSS
} HbaConnType;

typedef enum HbaAuth {
    HBA_AUTH_REJECT,
    HBA_AUTH_TRUST,
    HBA_AUTH_IDENT,
    HBA_AUTH_PASSWORD,
    HBA_AUTH_MD5,
    HBA_AUTH_SCRAM,
    HBA_AUTH_GSS,
    HBA_AUTH_SSPI,
    HBA_AUTH_PAM,
    HBA_AUTH_BSD,
    HBA_AUTH_LDAP,
    HBA_AUTH_CERT,
    HBA_AUTH_RADIUS,
    HBA_AUTH_PEER,
    HBA_AUTH_OAUTH
} HbaAuth;

typedef enum HbaAddrKind {
    HBA_ADDR_NONE,
    HBA_ADDR_MASK,
    HBA_ADDR_HOSTNAME,
    HBA_ADDR_ALL,
    HBA_ADDR_SAMEHOST,
    HBA_ADDR_SAMENET
} HbaAddrKind;

typedef enum HbaClientCert { HBA_CC_OFF, HBA_CC_CA, HBA_CC_FULL } HbaClientCert;

/* One token as the tokenizer returns it: the dequoted text and whether it was quoted (a quoted
 * "all" is a name, not the keyword). */
typedef struct HbaToken {
    char *text;
    bool quoted;
} HbaToken;

typedef struct HbaTokens {
    HbaToken *items;
    size_t n;
    size_t cap;
} HbaTokens;

/* One row of the offline pg_hba_file_rules. */
typedef struct HbaRule {
    char *file;       /* absolute path, as the view's file_name (16+) */
    int line;         /* first physical line of the record */
    int column;       /* a manifest's line (hba_load_lines): where the string starts; else 0 */
    int rule_number;  /* the view's rule_number (16+); 0 when the row has an error */
    char *raw;        /* the record's text (continuations joined) */
    bool parsed;      /* the fields below hold a parsed line (the view shows them) */
    const char *type; /* "local", "host", …; static */
    HbaTokens databases, users;
    char *address; /* as the view shows it; NULL for local lines */
    char *netmask;
    const char *method; /* "trust", "md5", …; static */
    char **options;     /* the view's options, "name=value" */
    size_t n_options;
    char *error; /* the view's error column; NULL when none */
    /* what the server logs for a line it rejects without an error text in the view ("invalid
     * value for clientcert: …"), or a value it only logs (an invalid ldapscheme); NULL else */
    char *logged;
    /* The server's load fails on this line: at startup it refuses to start (FATAL "could not
     * load pg_hba.conf"), on reload it keeps the previous rules. A row may have an error that
     * does not fail the load (hostssl while ssl is off) and fail without an error text (an
     * invalid clientcert value). */
    bool rejects;
    /* the parsed meaning, for the semantics rules */
    HbaConnType conntype;
    HbaAuth auth;
    HbaAddrKind addr_kind;
    int family;             /* AF_INET / AF_INET6 for HBA_ADDR_MASK */
    unsigned char addr[16]; /* network byte order */
    unsigned char mask[16];
    int prefix_len; /* mask as a prefix length, -1 when it is not contiguous */
    char *hostname; /* HBA_ADDR_HOSTNAME */
    HbaClientCert clientcert;
    char *map; /* map=, or NULL */
} HbaRule;

/* One row of the offline pg_ident_file_mappings (15+; read the same way by 13 and 14). */
typedef struct IdentMap {
    char *file;
    int line;
    int map_number; /* 16+; 0 when the row has an error */
    char *raw;
    bool parsed;
    char *map_name;
    char *sys_name; /* with its leading "/" when a regular expression */
    char *pg_username;
    char *error;
    bool rejects; /* load_ident() fails on it: the whole pg_ident.conf is not used */
    int column;   /* a manifest's string (hba_load_ident_lines); else 0 */
} IdentMap;

/* Something the server logs while reading that is not an error of a line: a skipped
 * include_if_exists file. */
typedef struct HbaNote {
    char *file;
    int line;
    char *message;
    int column; /* a manifest's string (hba_load_lines); else 0 */
} HbaNote;

typedef struct HbaFileSet {
    char *path;        /* the top file (absolute), or NULL when not read */
    bool missing;      /* the top file could not be opened (see open_error) */
    PkDiag open_error; /* why it could not be opened, as the server says it */
    char **files;      /* every file read, top first */
    size_t n_files;
    HbaNote *notes;
    size_t n_notes;
    bool loads; /* the server's load_hba()/load_ident() succeeds */
} HbaFileSet;

/* Zeroed by its owner; everything it points to (but opts.oauth_validators, the caller's) lives
 * in its arena: free it with arena_free(set.arena). */
typedef struct HbaSet {
    Arena *arena;
    HbaOpts opts;
    HbaFileSet hba, ident;
    HbaRule *rules;
    size_t n_rules;
    IdentMap *maps;
    size_t n_maps;
    bool hba_no_entries; /* the server's "contains no entries" (no valid line, no error) */
    /* hba_load_lines: lines naming what only the operator's pod has (@file, include,
     * CloudNativePG's ${podselector:…}), read but not checked; file, line, why */
    HbaNote *unchecked;
    size_t n_unchecked;
} HbaSet;

/* Reads hba_path and (when not NULL) ident_path as a server of opts->major would, at startup.
 * Never fails: a missing file is hba.missing / ident.missing with the server's message. `out`
 * must be zeroed; free with arena_free(out->arena). */
void hba_load(const char *hba_path, const char *ident_path, const HbaOpts *opts, HbaSet *out);

/* One pg_hba.conf line an operator writes for a manifest (CloudNativePG spec.postgresql.pg_hba,
 * Patroni postgresql.pg_hba): the string, and where it starts in the manifest. */
typedef struct HbaSourceLine {
    const char *file; /* where the line stands, when not in `file` (an operator's own lines) */
    const char *text;
    int line;
    int column;
} HbaSourceLine;

/* Reads `lines` as the records of a pg_hba.conf the operator writes (one record per string,
 * in order), each parsed and validated exactly as hba_load does, its rule located at the
 * string's line and column in `file` (the manifest). A line with an @file, an include
 * directive or a ${…} reference names what only the server's machine has: it is listed in
 * set->unchecked and not parsed. No pg_ident.conf is read; "contains no entries" does not apply
 * (the operator writes lines of its own). `out` must be zeroed; free with arena_free. */
void hba_load_lines(const char *file, const HbaSourceLine *lines, size_t n, const HbaOpts *opts,
                    HbaSet *out);

/* The pg_ident.conf lines an operator writes for a manifest (CloudNativePG
 * spec.postgresql.pg_ident), after hba_load_lines on the same set: parsed as load_ident() does,
 * each map at its string's line and column in `file`; `label` (ident.path) names them in
 * messages. map= options of the pg_hba lines are looked up in them (PK0207). */
void hba_load_ident_lines(const char *file, const char *label, const HbaSourceLine *lines, size_t n,
                          HbaSet *out);

/* The server's verdict at startup: false when it refuses to start (pg_hba.conf missing, any
 * rejecting line, no entries). pg_ident.conf never stops it. */
bool hba_set_starts(const HbaSet *set);

/* Does this text look like a pg_hba.conf (its records start with local/host…/include)? and a
 * pg_ident.conf (three fields, none a connection type)? Used when a file's name does not say. */
bool hba_text_looks_like_hba(const char *text, size_t len);

/* One row of a live server's pg_hba_file_rules, as text (audit reads it through db/). */
typedef struct HbaViewRow {
    const char *file; /* file_name (16+), else NULL */
    int line;
    const char *type; /* NULL when the row has an error */
    const char *const *databases;
    size_t n_databases;
    const char *const *users;
    size_t n_users;
    const char *address, *netmask, *method;
    const char *const *options;
    size_t n_options;
    const char *error;
} HbaViewRow;

/* Appends the row to set->rules with its meaning (connection type, method, address, mask,
 * map, clientcert) for the semantics rules. The view loses quoting, so every name is taken as
 * written unquoted ("all" as the keyword). */
void hba_set_add_view_row(HbaSet *set, const HbaViewRow *row);

/* Names for the view and the rules. Static. */
const char *hba_auth_name(HbaAuth auth);

/* The regular expression check the server applies to a "/…" token (ARE, regcomp), with PCRE2:
 * NULL when the server accepts `pattern`, else the server's message ("parentheses () not
 * balanced"). Static result. Differences are documented in docs/hba.md. */
const char *hba_regex_error(const char *pattern);

#endif
