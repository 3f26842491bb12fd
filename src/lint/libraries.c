/* The names in shared_preload_libraries, session_preload_libraries and local_preload_libraries:
 * which ship with PostgreSQL, which are well-known extensions, and which are a misspelling of one
 * of those (PK0065). The server loads each name as a file of $libdir and, where none exists,
 * stops with FATAL "could not access file": at startup for shared_preload_libraries, at every
 * connection for the other two (load_libraries in utils/init/miscinit.c, 13-18). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog.h"
#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "lint/readme.h"
#include "lint/validate.intern.h"

/* The libraries of the PostgreSQL distribution, 13-18: the file names of every official build's
 * pkglibdir (and Debian's 15) but the encoding conversions; contrib is part of the distribution
 * (packagers may split it into a -contrib package that installs it whole). */
static const char *const bundled[] = {"_int",
                                      "adminpack",
                                      "amcheck",
                                      "auth_delay",
                                      "auto_explain",
                                      "autoinc",
                                      "basebackup_to_shell",
                                      "basic_archive",
                                      "bloom",
                                      "bool_plperl",
                                      "btree_gin",
                                      "btree_gist",
                                      "citext",
                                      "cube",
                                      "dblink",
                                      "dict_int",
                                      "dict_snowball",
                                      "dict_xsyn",
                                      "earthdistance",
                                      "file_fdw",
                                      "fuzzystrmatch",
                                      "hstore",
                                      "hstore_plperl",
                                      "hstore_plpython3",
                                      "insert_username",
                                      "isn",
                                      "jsonb_plperl",
                                      "jsonb_plpython3",
                                      "libpqwalreceiver",
                                      "llvmjit",
                                      "lo",
                                      "ltree",
                                      "ltree_plpython3",
                                      "moddatetime",
                                      "old_snapshot",
                                      "pageinspect",
                                      "passwordcheck",
                                      "pg_buffercache",
                                      "pg_freespacemap",
                                      "pg_logicalinspect",
                                      "pg_overexplain",
                                      "pg_prewarm",
                                      "pg_stat_statements",
                                      "pg_surgery",
                                      "pg_trgm",
                                      "pg_visibility",
                                      "pg_walinspect",
                                      "pgcrypto",
                                      "pgoutput",
                                      "pgrowlocks",
                                      "pgstattuple",
                                      "pgxml",
                                      "plperl",
                                      "plpgsql",
                                      "plpython3",
                                      "pltcl",
                                      "postgres_fdw",
                                      "refint",
                                      "seg",
                                      "sepgsql",
                                      "sslinfo",
                                      "tablefunc",
                                      "tcn",
                                      "test_decoding",
                                      "tsm_system_rows",
                                      "tsm_system_time",
                                      "unaccent",
                                      "uuid-ossp",
                                      NULL};

/* Library names of extensions outside the distribution that configurations preload (their
 * documentation's shared_preload_libraries line), or load as an output plugin. Known, so never
 * taken for a misspelling; their presence on the server is PK0061's notice. */
static const char *const extensions[] = {"age",
                                         "anon",
                                         "bdr",
                                         "citus",
                                         "citus_columnar",
                                         "decoderbufs",
                                         "hypopg",
                                         "orafce",
                                         "pg_auth_mon",
                                         "pg_background",
                                         "pg_bigm",
                                         "pg_cron",
                                         "pg_duckdb",
                                         "pg_failover_slots",
                                         "pg_hint_plan",
                                         "pg_ivm",
                                         "pg_net",
                                         "pg_partman_bgw",
                                         "pg_qualstats",
                                         "pg_query_state",
                                         "pg_readonly",
                                         "pg_search",
                                         "pg_show_plans",
                                         "pg_squeeze",
                                         "pg_stat_kcache",
                                         "pg_stat_monitor",
                                         "pg_store_plans",
                                         "pg_tle",
                                         "pg_wait_sampling",
                                         "pgaudit",
                                         "pgauditlogtofile",
                                         "pgextwlist",
                                         "pg_pathman",
                                         "repmgr",
                                         "repmgr_funcs",
                                         "credcheck",
                                         "shared_ispell",
                                         "pg_graphql",
                                         "pg_jsonschema",
                                         "pg_tde",
                                         "pg_documentdb",
                                         "pg_mooncake",
                                         "timescaledb_toolkit",
                                         "pglogical",
                                         "pglogical_output",
                                         "pgml",
                                         "pgroonga",
                                         "pgsentinel",
                                         "pgsodium",
                                         "plpgsql_check",
                                         "plprofiler",
                                         "plugin_debugger",
                                         "postgis-3",
                                         "powa",
                                         "set_user",
                                         "supautils",
                                         "timescaledb",
                                         "vchord",
                                         "vector",
                                         "vectors",
                                         "wal2json",
                                         NULL};

/* Names people write for an extension whose library is called otherwise: too far apart for the
 * typo measure, and never a file of $libdir. */
static const struct {
    const char *written, *library;
} aliases[] = {
    {"intarray", "_int"},     {"xml2", "pgxml"},       {"pgvector", "vector"},
    {"postgis", "postgis-3"}, {"pg_audit", "pgaudit"}, {"timescale", "timescaledb"},
};

char *lint_library_next(char **cursor)
{
    char *lib = *cursor;
    if (!lib)
        return NULL;
    char *comma = strchr(lib, ',');
    *cursor = comma ? comma + 1 : NULL;
    if (comma)
        *comma = '\0';
    while (*lib == ' ' || *lib == '\t' || *lib == '"')
        lib++;
    size_t len = strlen(lib);
    while (len && (lib[len - 1] == ' ' || lib[len - 1] == '\t' || lib[len - 1] == '"'))
        lib[--len] = '\0';
    return lib;
}

static bool in_list(const char *const *list, const char *lib)
{
    for (const char *const *name = list; *name; name++)
        if (!strcmp(*name, lib))
            return true;
    return false;
}

/* The bare name the server looks for: without $libdir/ and .so (NULL: a path elsewhere). */
static char *bare_name(const char *lib, size_t len)
{
    if (len >= 8 && !strncmp(lib, "$libdir/", 8)) {
        lib += 8;
        len -= 8;
    }
    if (len > 3 && !strncmp(lib + len - 3, ".so", 3))
        len -= 3;
    if (!len || memchr(lib, '/', len))
        return NULL;
    return xstrndup(lib, len);
}

bool lint_library_bundled(const char *lib)
{
    char *bare = bare_name(lib, strlen(lib));
    bool found = bare && in_list(bundled, bare);
    free(bare);
    return found;
}

/* The known library `lib` misspells (pg_audit: pgaudit, pg_stat_statement, PG_CRON), or NULL:
 * `lib` is known, a path, or no known name is within a typo's distance. */
static const char *lint_library_meant(const char *lib)
{
    char *bare = bare_name(lib, strlen(lib));
    const char *meant = NULL;
    if (bare && !in_list(bundled, bare) && !in_list(extensions, bare)) {
        for (size_t idx = 0; idx < sizeof aliases / sizeof aliases[0] && !meant; idx++)
            if (!strcasecmp(bare, aliases[idx].written))
                meant = aliases[idx].library;
        size_t n_bundled = sizeof bundled / sizeof bundled[0] - 1;
        size_t n_ext = sizeof extensions / sizeof extensions[0] - 1;
        if (!meant)
            meant = catalog_suggest_word(bundled, n_bundled, bare);
        if (!meant)
            meant = catalog_suggest_word(extensions, n_ext, bare);
    }
    free(bare);
    return meant;
}

/* Does the comma-separated `value` name the library `lib` (bare or as $libdir/lib.so)? */
static bool list_names(const char *value, const char *lib)
{
    char *copy = xstrdup(value);
    bool found = false;
    for (char *cursor = copy, *item; !found && (item = lint_library_next(&cursor));) {
        char *bare = bare_name(item, strlen(item));
        found = bare && !strcmp(bare, lib);
        free(bare);
    }
    free(copy);
    return found;
}

/* What a missing library does where each setting loads it (verified on 13-18 in t-libraries);
 * local_preload_libraries looks for a bare name in $libdir/plugins/. */
static const char *consequence(const char *setting)
{
    return !strcmp(setting, "shared_preload_libraries") ? "the server refuses to start"
           : !strcmp(setting, "local_preload_libraries")
               ? "the server starts, and every new connection fails (this setting looks in"
                 " $libdir/plugins/)"
               : "the server starts, and every new connection fails";
}

/* Is `c` a separator a name may be written with in prose: pg_strom as PG-Strom or "PG Strom"? */
static bool name_separator(char c)
{
    return c == '_' || c == '-' || c == ' ';
}

/* Does `text` name `lib` as a word, case-insensitive and with any separator for another
 * ("RuVector" names ruvector, "PG-Strom" pg_strom: review 2026-12ze, h32c 34)? */
static bool names_word(const char *text, const char *lib)
{
    size_t len = strlen(lib);
    for (const char *at = text; len && *at; at++) {
        if (at != text && (isalnum((unsigned char)at[-1]) || at[-1] == '_'))
            continue;
        size_t idx = 0;
        while (idx < len && at[idx] &&
               (tolower((unsigned char)at[idx]) == tolower((unsigned char)lib[idx]) ||
                (name_separator(lib[idx]) && name_separator(at[idx]))))
            idx++;
        if (idx == len && !isalnum((unsigned char)at[len]) && at[len] != '_')
            return true;
    }
    return false;
}

/* The author names `lib` as what it is: the line's own comment ("# RuVector"), or the title and
 * first paragraph of the repository's README ("Distributed PostgreSQL Cluster with RuVector"):
 * a library the author knows by that name, not a typo of a known one (held-out set 28,
 * h28d 49). */
/* Does a comment of `file` (any line's text after '#') name `word`? */
static bool comments_name(const char *file, const char *word)
{
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (!file || pk_read_file(file, (size_t)1 << 20, &data, &len, &err) != PK_READ_OK)
        return false;
    bool named = false;
    for (char *line = data, *next; !named && line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        const char *comment = strchr(line, '#');
        named = comment && names_word(comment, word);
    }
    free(data);
    return named;
}

bool lint_author_names(const char *file, const char *line_text, const char *word)
{
    const char *comment = line_text ? strchr(line_text, '#') : NULL;
    if (comment && names_word(comment, word))
        return true;
    if (comments_name(file, word))
        return true;
    ReadmeDescription desc;
    return file && readme_description(file, &desc) && names_word(desc.text, word);
}

static bool author_names(const SnapSetting *list, const char *lib)
{
    char *bare = bare_name(lib, strlen(lib));
    bool named = bare && lint_author_names(list->file, list->line_text, bare);
    free(bare);
    return named;
}

const char *lint_library_misspelt(const SnapSetting *list, const char *lib)
{
    const char *meant = lint_library_meant(lib);
    /* the list also names the library meant: its author knows that name, so this one is
     * another library, not a typo of it (and the fix would load one twice) */
    if (meant && (list_names(list->value, meant) || author_names(list, lib)))
        return NULL;
    return meant;
}

static void check_list(const SnapSetting *list, FindingList *out)
{
    StrBuf wrong = STRBUF_INIT, fixed = STRBUF_INIT;
    char *copy = xstrdup(list->value);
    const char *first = NULL, *first_meant = NULL;
    size_t n = 0;
    for (char *cursor = copy, *lib; (lib = lint_library_next(&cursor));) {
        size_t len = strlen(lib);
        if (!len)
            continue;
        const char *meant = lint_library_misspelt(list, lib);
        sb_printf(&fixed, "%s%s", fixed.len ? "," : "", meant ? meant : lib);
        if (!meant)
            continue;
        sb_printf(&wrong, "%s\"%s\" (did you mean \"%s\"?)", wrong.len ? ", " : "", lib, meant);
        if (!n++) {
            first = lib;
            first_meant = meant;
        }
    }
    if (n) {
        bool shared = !strcmp(list->name, "shared_preload_libraries");
        Finding *f = lint_rule_finding(out, "PK0065", list->file, list->line);
        f->refuses_start = shared;
        finding_add_setting(f, list->name, list->value, list->file, list->line);
        f->message = finding_printf(f,
                                    "%s loads %s: no PostgreSQL build or known extension has a"
                                    " library of %s",
                                    list->name, wrong.data, n > 1 ? "these names" : "this name");
        f->hint = finding_printf(f,
                                 "Where no file of that name is in $libdir, %s with FATAL: could"
                                 " not access file \"%s\": No such file or directory. The library"
                                 " of the extension is named \"%s\".",
                                 consequence(list->name), first, first_meant);
        f->explanation = finding_printf(
            f,
            "The server loads each name of %s as a file of the server's `$libdir` (`%s.so`), not"
            " by its extension's name, and a name no file has is an error: %s. The name is not"
            " a library of any PostgreSQL 13-18 build nor of a well-known extension, and it is"
            " within a typo of one that is. If it is a library of its own, installed on the"
            " server, disable this check for the file.",
            list->name, first_meant, consequence(list->name));
        finding_add_fix(f, list->name, fixed.data, catalog_context_applies(list->param->context));
        finding_render_suggestion(f);
    }
    free(copy);
    sb_free(&wrong);
    sb_free(&fixed);
}

void lint_check_preload_libraries(const Snapshot *snap, FindingList *out)
{
    static const char *const settings[] = {"shared_preload_libraries", "session_preload_libraries",
                                           "local_preload_libraries"};
    for (size_t idx = 0; idx < sizeof settings / sizeof settings[0]; idx++) {
        const SnapSetting *list = lint_usable(snap, settings[idx]);
        if (list && list->source == SRC_FILE && *list->value)
            check_list(list, out);
    }
}
