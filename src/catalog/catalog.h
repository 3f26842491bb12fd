/* The parameter catalog of PostgreSQL 13–18: one record per (major, parameter), generated from the
 * real servers' pg_settings by gen_catalog.sh (`make catalog`) into catalog_data.auto.c.
 * Read-only data plus lookups; value parsing lives in catalog/value.h. */
#ifndef PK_CATALOG_H
#define PK_CATALOG_H

#include <stdbool.h>
#include <stddef.h>

#define PK_MIN_MAJOR 13
#define PK_MAX_MAJOR 18
#define PK_DEFAULT_MAJOR 18

typedef enum GucType {
    GUC_BOOL,
    GUC_INTEGER,
    GUC_REAL,
    GUC_STRING,
    GUC_ENUM,
} GucType;

/* pg_settings.context, in order of increasing freedom to change. */
typedef enum GucContext {
    GUC_CTX_INTERNAL,
    GUC_CTX_POSTMASTER,
    GUC_CTX_SIGHUP,
    GUC_CTX_SUPERUSER_BACKEND,
    GUC_CTX_BACKEND,
    GUC_CTX_SUPERUSER,
    GUC_CTX_USER,
} GucContext;

typedef struct CatalogParam {
    const char *name; /* as in pg_settings (lower case but DateStyle, IntervalStyle, TimeZone) */
    GucType type;
    const char *unit;     /* pg_settings.unit: "B", "kB", "8kB", "MB", "ms", "s", "min"…; NULL */
    const char *boot_val; /* pg_settings.boot_val, in the base unit */
    const char *min_val;  /* NULL unless integer/real */
    const char *max_val;
    const char *const *enum_vals; /* NULL-terminated; NULL unless enum */
    GucContext context;
    const char *category;
    const char *short_desc;
    const char *since_minor; /* "18.2" if it arrived in a minor release of this major, else NULL */
    bool hidden; /* accepted by the server but not listed in pg_settings (GUC_NO_SHOW_ALL:
                  * default_with_oids, ssl_renegotiation_limit, seed, role, …) */
} CatalogParam;

typedef struct Catalog {
    int major;
    const char *server_version; /* the release the data came from, e.g. "18.4" */
    const CatalogParam *params; /* sorted by name, ASCII case-insensitively (catalog_find) */
    size_t n_params;
} Catalog;

/* NULL when the major is outside 13–18. */
const Catalog *catalog_for_major(int major);

/* The catalogued majors that have `name`, as a run for pk_majors_words_n (common/majors.h):
 * *first is 0 when the oldest catalogued major has it (every parameter removed since was older
 * than 13), *last 0 when the newest has it. False when no catalogued major has it. */
bool catalog_param_span(const char *name, int *first, int *last);

/* Those majors in words ("16 and older", "16 and later"), or the catalogued majors without it
 * beside them (`absent`: "17 and later" for one removed in 17, "15 and older" for one added in
 * 16). NULL when there is no such run (no major has it, or every one does). malloc'd. */
char *catalog_param_majors(const char *name, bool absent, bool either);

/* Exact lookup, ASCII case-insensitive as guc_name_compare. NULL when unknown. Does not follow
 * aliases: see catalog_alias_target. */
const CatalogParam *catalog_find(const Catalog *cat, const char *name);

/* The name the server maps an old spelling to (sort_mem → work_mem; ssl_ecdh_curve → ssl_groups
 * on 18), or NULL. */
const char *catalog_alias_target(int major, const char *name);

/* For a name unknown to `major` that existed in another version or was renamed: a sentence such as
 * "wal_keep_segments was removed in PostgreSQL 13; use wal_keep_size" or "io_method was added in
 * PostgreSQL 18". NULL when the name is not known to any version. Caller frees. */
char *catalog_version_note(int major, const char *name);

/* The major ("9.5", "13") that removed `name` when no catalogued major (13-18) has it and the
 * history knows when it left (checkpoint_segments: "9.5"); NULL otherwise. Static. */
const char *catalog_gone_before(const char *name);
/* Every catalogued major that has `name` fixes it at build or initdb (internal: lc_collate and
 * lc_ctype until 16 removed them), so a configuration file's line for it starts no server;
 * false when no catalogued major has it. */
bool catalog_internal_wherever_known(const char *name);
/* The major ("9.5", "12", "13") a parameter a stock sample lists arrived in, for those that
 * arrived in 13 or before (the catalog, which starts at 13, cannot tell); NULL otherwise. */
const char *catalog_arrived_by_13(const char *name);
/* The major, times 100 (1000, 904 for 9.4), from which the built-in default 13 has for `name`
 * holds; 904 when no change from 9.4 to 12 is recorded (older majors are not known). */
int catalog_default_same_since(const char *name);
/* A parameter only a distribution's patched build has (extension_destdir: Debian's and Ubuntu's,
 * whose samples of every major list it): it dates nothing. */
bool catalog_distribution_only(const char *name);
/* The parameter that replaced a removed one, from the history's "use X" advice. */
bool catalog_replaced_by(const char *name, char *out, size_t size);
/* What to do instead of a removed or renamed parameter ("use max_wal_size", "promote with
 * pg_ctl promote or SELECT pg_promote()"), or NULL when the history says nothing. */
const char *catalog_removal_advice(const char *name);

/* The closest known parameter name for a misspelling ("shared_buffer" → "shared_buffers"), or
 * NULL when nothing is close. Borrowed. */
const char *catalog_suggest(const Catalog *cat, const char *name);

/* The closest of `names` to `word` within a typo's budget (the measure catalog_suggest uses), or
 * NULL: for did-you-mean over a short list of words (--target's services). Borrowed. */
const char *catalog_suggest_word(const char *const *names, size_t n_names, const char *word);

/* Enum values the server accepts only when built with an optional library (io_method = io_uring
 * needs liburing; lz4 and zstd compression need those libraries) or only on some platforms
 * (dynamic_shared_memory_type = windows). The catalog was read from builds
 * without them, yet distribution packages usually have them. Returns the build requirement, e.g.
 * "liburing (configure --with-liburing)", and the canonical spelling in *canonical; NULL when
 * `value` is not such a value of `param` in `major`. Borrowed. */
const char *catalog_build_dependent(int major, const char *param, const char *value,
                                    const char **canonical);
/* True when catalog_build_dependent's requirement for the value is a platform (the operating
 * system: dynamic_shared_memory_type = windows), not an optional library. */
bool catalog_platform_dependent(int major, const char *param, const char *value);

const char *catalog_context_name(GucContext ctx); /* "postmaster", "sighup", … */
bool catalog_context_needs_restart(GucContext ctx);
/* What a changed value in postgresql.conf takes: "restart" (postmaster) or "reload". Static. */
const char *catalog_context_applies(GucContext ctx);
const char *catalog_type_name(GucType type); /* "bool", "integer", … */

/* True for the list parameters whose elements the server quotes one by one (GUC_LIST_INPUT |
 * GUC_LIST_QUOTE: search_path, shared_preload_libraries, …). Given as one string literal,
 * ALTER SYSTEM would quote the whole list as a single element ("a, b" becomes one library);
 * each element must be its own literal. pg_settings does not show the flag: the table was
 * derived from the real servers 13–18 (an ALTER SYSTEM SET name = 'A b', 'c' per string
 * parameter: these write '"A b", c') and agrees with guc_tables.c. */
bool catalog_is_quoted_list(int major, const char *name);

#endif
