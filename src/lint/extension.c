/* Module parameters (prefix.name) checked against the module catalog (catalog/contrib.h): values
 * as the module parses them (PK0025), names the module does not define (PK0013), modules that
 * work only from shared_preload_libraries or archive_library but are not loaded there (PK0026),
 * prefixes of modules outside the PostgreSQL distribution, passed through as the server passes
 * them (PK0014), the worker slots a preloaded module needs (PK0028), and auto_explain timing every
 * statement (PK0031). None of these stops the
 * server: until a module loads, the server keeps its parameters as unchecked text placeholders;
 * what it does when the module loads is in the catalog, established per major by real starts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/contrib.h"
#include "catalog/value.h"
#include "common/majors.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf_template.h"
#include "lint/validate.intern.h"

typedef enum Loaded { LOADED_UNKNOWN, LOADED_NO, LOADED_YES } Loaded;

/* Whether the library list `list` (shared_preload_libraries' syntax) names `module`, written as
 * the server accepts it: bare, quoted, with $libdir/ or with .so. */
bool lint_library_listed(const char *list, const char *module)
{
    bool found = false;
    char *copy = xstrdup(list);
    for (char *cursor = copy, *lib; (lib = lint_library_next(&cursor)) && !found;) {
        size_t len = strlen(lib);
        if (!strncmp(lib, "$libdir/", 8)) {
            lib += 8;
            len -= 8;
        }
        if (len > 3 && !strcmp(lib + len - 3, ".so"))
            lib[len -= 3] = '\0';
        found = !strcmp(lib, module);
    }
    free(copy);
    return found;
}

static Loaded listed_in(const Snapshot *snap, const char *setting, const char *module)
{
    const SnapSetting *list = lint_usable(snap, setting);
    if (!list)
        return snapshot_get(snap, setting) ? LOADED_UNKNOWN : LOADED_NO;
    return lint_library_listed(list->value, module) ? LOADED_YES : LOADED_NO;
}

static Loaded either(Loaded a, Loaded b)
{
    return a == LOADED_YES || b == LOADED_YES           ? LOADED_YES
           : a == LOADED_UNKNOWN || b == LOADED_UNKNOWN ? LOADED_UNKNOWN
                                                        : LOADED_NO;
}

/* Whether the module is loaded where it must be for `param` to do anything. */
static Loaded loaded_where_needed(const Snapshot *snap, const ContribModule *mod,
                                  const ContribParamInfo *info)
{
    Loaded preload = listed_in(snap, "shared_preload_libraries", mod->name);
    if (!mod->loaded_by)
        return info->preload_only ? preload : LOADED_YES;
    if (!strcmp(mod->loaded_by, "archive_library"))
        return listed_in(snap, "archive_library", mod->name);
    if (strstr(mod->loaded_by, "local_preload_libraries"))
        return either(preload, listed_in(snap, "local_preload_libraries", mod->name));
    return preload;
}

static const char *where_needed(const ContribModule *mod)
{
    return mod->loaded_by ? mod->loaded_by : "shared_preload_libraries";
}

/* The default as a person would write it ("-1", "top", "5min"); caller frees. */
static char *default_text(const CatalogParam *param, int major)
{
    GucValue val;
    if (!param->boot_val || !*param->boot_val)
        return xstrdup("an empty string");
    if (param->type != GUC_STRING && guc_parse_value_for(param, major, param->boot_val, &val, NULL))
        return guc_value_pretty(param, &val);
    return xstrdup(param->boot_val);
}

static void check_module_value(const ConfEntry *entry, const CatalogParam *param,
                               const ContribParamInfo *info, const ContribCatalog *cc,
                               const Snapshot *snap, FindingList *out)
{
    GucValue val;
    PkDiag err = PK_DIAG_INIT;
    int major = cc->cat.major;
    if (guc_parse_value_as(param, major, entry->name, entry->value ? entry->value : "", &val, &err))
        return;
    const char *more = err.hint ? err.hint : err.detail; /* the server's HINT, else DETAIL */
    Finding *f = lint_entry_finding(out, "PK0025", entry);
    Loaded preload = listed_in(snap, "shared_preload_libraries", info->module);
    bool stops = preload == LOADED_YES && cc->bad_value_refuses_start;
    if (stops) {
        f->severity = SEV_ERROR;
        f->refuses_start = true;
    }
    char *dflt = default_text(param, major);
    f->message = finding_strdup(f, err.message);
    if (stops)
        f->hint =
            finding_printf(f, "PostgreSQL %d refuses to start when %s loads with this value.%s%s",
                           major, info->module, more ? " " : "", more ? more : "");
    else if (preload == LOADED_YES)
        f->hint = finding_printf(f,
                                 "PostgreSQL %d logs this as a WARNING when %s loads at startup and"
                                 " runs with the default, %s.%s%s",
                                 major, info->module, dflt, more ? " " : "", more ? more : "");
    else
        f->hint = finding_printf(f,
                                 "Each session that loads %s logs this as a WARNING and uses the"
                                 " default, %s.%s%s",
                                 info->module, dflt, more ? " " : "", more ? more : "");
    f->explanation = finding_printf(
        f,
        "A module's parameters do not exist until the module is loaded: until then the server"
        " keeps any value as a text placeholder, unchecked. When the module loads (at startup"
        " from shared_preload_libraries, or in a session by LOAD or first use) it defines the"
        " parameter and applies the placeholder; a value it rejects is %s. Established by"
        " starting PostgreSQL %d (%s) with pg_stat_statements preloaded and"
        " pg_stat_statements.track = 'al', .max = 10 in postgresql.conf.",
        cc->bad_value_refuses_start
            ? "fatal when the module is preloaded: the server does not start"
            : "logged as a WARNING and the default is used instead: the server starts, without"
              " the setting you meant",
        major, cc->cat.server_version);
    free(dflt);
    pk_diag_free(&err);
}

void lint_check_extension_value(const ConfEntry *entry, const Snapshot *snap, FindingList *out)
{
    const ContribCatalog *cc = catalog_contrib_for_major(snap->pg_major);
    const ContribParamInfo *info = NULL;
    const CatalogParam *param =
        cc && entry->name ? catalog_contrib_find(cc, entry->name, &info) : NULL;
    if (param)
        check_module_value(entry, param, info, cc, snap, out);
}

/* One PK0026 per module, with every setting of it that does nothing. */
static void note_not_loaded(const ConfEntry *entry, const CatalogParam *param,
                            const ContribModule *mod, const ContribCatalog *cc, Finding **noticed,
                            FindingList *out)
{
    Finding *f = noticed[mod - cc->modules];
    if (f) {
        finding_add_setting(f, param->name, entry->value ? entry->value : "", entry->file,
                            entry->line);
        return;
    }
    f = noticed[mod - cc->modules] = lint_entry_finding(out, "PK0026", entry);
    const char *where = where_needed(mod);
    if (!strcmp(where, "archive_library"))
        f->message =
            finding_printf(f, "%s is set, but archive_library is not %s", param->name, mod->name);
    else
        f->message =
            finding_printf(f, "%s is set, but %s is not in %s", param->name, mod->name, where);
    if (mod->doc_page)
        f->hint = finding_printf(f,
                                 "%s works only when loaded from %s; without it the setting does"
                                 " nothing. See https://www.postgresql.org/docs/%d/%s.html",
                                 mod->name, where, cc->cat.major, mod->doc_page);
    else
        f->hint = finding_printf(f,
                                 "The server defines %s only when %s is in %s; without it the"
                                 " setting does nothing.",
                                 param->name, mod->name, where);
    f->suggestion =
        !strcmp(where, "archive_library")
            ? finding_printf(f, "archive_library = '%s'", mod->name)
            : finding_printf(f, "add %s to %s (a restart), or remove the line", mod->name,
                             strstr(where, " or ") ? "shared_preload_libraries" : where);
}

/* Modules outside the PostgreSQL distribution that refuse to load any other way than from
 * shared_preload_libraries (each one's _PG_init raises an error otherwise), so without it their
 * extension cannot be created and the settings under their prefix do nothing. */
static const struct {
    const char *prefix, *library, *refusal;
} PRELOAD_ONLY_EXTERNAL[] = {
    {"timescaledb", "timescaledb",
     "its loader raises an error when loaded any other way (timescaledb src/loader/loader.c), so "
     "CREATE EXTENSION timescaledb fails"},
    {"cron", "pg_cron",
     "_PG_init raises \"pg_cron can only be loaded via shared_preload_libraries\" (pg_cron "
     "src/pg_cron.c), so CREATE EXTENSION pg_cron fails and no job runs"},
    {"citus", "citus",
     "_PG_init raises \"Citus can only be loaded via shared_preload_libraries\", so CREATE "
     "EXTENSION citus fails"},
    {"pgaudit", "pgaudit",
     "_PG_init raises \"pgaudit must be loaded via shared_preload_libraries\" (pgaudit.c), so "
     "nothing is audited"},
};
#define N_PRELOAD_ONLY_EXTERNAL (sizeof PRELOAD_ONLY_EXTERNAL / sizeof PRELOAD_ONLY_EXTERNAL[0])

/* `entry` is under the prefix of a module PRELOAD_ONLY_EXTERNAL lists that the configuration
 * does not preload: one PK0026 per module, at warning in a whole configuration (the extension
 * cannot be created; docs/lint.md, "Severity"); true when so. */
static bool note_external_not_loaded(const ConfEntry *entry, const Snapshot *snap,
                                     Finding *found[N_PRELOAD_ONLY_EXTERNAL], FindingList *out)
{
    size_t len = (size_t)(strchr(entry->name, '.') - entry->name);
    for (size_t idx = 0; idx < N_PRELOAD_ONLY_EXTERNAL; idx++) {
        if (strlen(PRELOAD_ONLY_EXTERNAL[idx].prefix) != len ||
            strncasecmp(PRELOAD_ONLY_EXTERNAL[idx].prefix, entry->name, len) ||
            listed_in(snap, "shared_preload_libraries", PRELOAD_ONLY_EXTERNAL[idx].library) !=
                LOADED_NO)
            continue;
        if (found[idx]) {
            finding_add_setting(found[idx], entry->name, entry->value ? entry->value : "",
                                entry->file, entry->line);
            return true;
        }
        Finding *f = found[idx] = lint_entry_finding(out, "PK0026", entry);
        const char *lib = PRELOAD_ONLY_EXTERNAL[idx].library;
        /* a warning where the author means the extension (the README or the line names it);
         * a line alone is a leftover (timescaledb-tune's), inert, a notice (held-out set 29,
         * h29b 25) */
        bool meant =
            lint_author_names(entry->file, entry->line_text, lib) ||
            lint_author_names(entry->file, entry->line_text, PRELOAD_ONLY_EXTERNAL[idx].prefix);
        f->severity = meant ? SEV_WARNING : SEV_NOTICE;
        f->message = finding_printf(f,
                                    "%s is set, but %s is not in shared_preload_libraries: %s "
                                    "loads only from there, so its extension cannot be created "
                                    "and its settings do nothing",
                                    entry->name, lib, lib);
        f->hint = finding_printf(f,
                                 "%s: %s. Its parameter names and values are not checked "
                                 "(it is not a module of PostgreSQL).",
                                 lib, PRELOAD_ONLY_EXTERNAL[idx].refusal);
        /* adding a library the server lacks stops it: the caveat beside the advice */
        f->suggestion = finding_printf(f,
                                       "%s the %s.* lines, or add %s to shared_preload_libraries "
                                       "where %s is installed (a restart; the server refuses to "
                                       "start without the library)",
                                       meant ? "where it is not used, remove" : "remove",
                                       PRELOAD_ONLY_EXTERNAL[idx].prefix, lib, lib);
        return true;
    }
    return false;
}

/* The majors (first..last) whose module catalog has `name`; false when none. */
static bool known_in_majors(const char *name, int *first, int *last)
{
    *first = *last = 0;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        if (!catalog_contrib_find(catalog_contrib_for_major(major), name, NULL))
            continue;
        if (!*first)
            *first = major;
        *last = major;
    }
    return *first != 0;
}

/* A name under a module's prefix that the module does not define, or close to a module
 * parameter; false when it is neither (a prefix of some other module). */
static bool check_unknown_name(const ConfEntry *entry, const ContribCatalog *cc,
                               const Snapshot *snap, FindingList *out)
{
    const ContribModule *mod = catalog_contrib_module_of(cc, entry->name);
    const char *close = catalog_suggest(&cc->cat, entry->name);
    int first, last, major = cc->cat.major;
    bool other_major = known_in_majors(entry->name, &first, &last);
    if (!mod && !close && !other_major)
        return false;
    Finding *f = lint_entry_finding(out, "PK0013", entry);
    f->message = finding_printf(f, "unrecognized configuration parameter \"%s\"", entry->name);
    StrBuf hint = STRBUF_INIT;
    if (other_major && major < first)
        sb_printf(&hint, "%s was added in PostgreSQL %d. ", entry->name, first);
    else if (other_major && major > last)
        sb_printf(&hint, "%s was removed in PostgreSQL %d. ", entry->name, last + 1);
    else if (other_major) {
        char *span = pk_majors_words_n(first == PK_MIN_MAJOR ? 0 : first,
                                       last == PK_MAX_MAJOR ? 0 : last, false);
        sb_printf(&hint, "%s is in PostgreSQL %s, not in %d. ", entry->name, span, major);
        free(span);
    } else if (close)
        sb_printf(&hint, "Did you mean \"%s\"? ", close);
    if (mod && cc->misspelled_removed &&
        listed_in(snap, "shared_preload_libraries", mod->name) == LOADED_YES)
        sb_printf(&hint,
                  "PostgreSQL %d logs WARNING: invalid configuration parameter name"
                  " \"%s\", removing it, when %s loads at startup.",
                  major, entry->name, mod->name);
    else if (mod && cc->misspelled_removed)
        sb_printf(&hint,
                  "When %s loads, PostgreSQL %d removes it with a WARNING (the module"
                  " reserves the prefix \"%s\").",
                  mod->name, major, mod->name);
    else
        sb_printf(&hint, "PostgreSQL %d keeps it as a placeholder that nothing reads.", major);
    f->hint = finding_strdup(f, hint.data);
    sb_free(&hint);
    if (close && !other_major) {
        f->suggestion = finding_printf(f, "%s = '%s'", close, entry->value ? entry->value : "");
        lint_add_rename_fix(f, catalog_contrib_find(cc, close, NULL), major, entry);
    }
    return true;
}

typedef struct PrefixNote {
    char *prefix;
    Finding *finding;
    bool shipped; /* a module of PostgreSQL this build could not load (plperl) */
    int line;     /* where the prefix is first set */
} PrefixNote;

/* The managed service whose own parameters a prefix names: its control plane or its patched
 * server reads them, no module of PostgreSQL (review 2026-12zo, h54b 25 and 28: rds.force_ssl
 * and cloudsql.enable_pgaudit called "text placeholders until the module loads"); NULL for
 * any other prefix. */
static const char *service_prefix(const char *name, size_t len)
{
    static const struct {
        const char *prefix, *service;
    } services[] = {
        {"rds", "Amazon RDS"},         {"apg", "Amazon Aurora"},
        {"aurora", "Amazon Aurora"},   {"cloudsql", "Google Cloud SQL"},
        {"alloydb", "Google AlloyDB"}, {"azure", "Azure Database for PostgreSQL"},
    };
    for (size_t idx = 0; idx < sizeof services / sizeof services[0]; idx++)
        if (strlen(services[idx].prefix) == len && !strncasecmp(name, services[idx].prefix, len))
            return services[idx].service;
    return NULL;
}

/* One PK0014 per prefix that no module of PostgreSQL has, or that is a module the build ships
 * whose parameters pgknob could not read (`cc`'s unread: plperl where libperl was missing). */
static void note_unknown_prefix(const ConfEntry *entry, const ContribCatalog *cc,
                                PrefixNote **notes, size_t *n_notes, FindingList *out)
{
    size_t len = (size_t)(strchr(entry->name, '.') - entry->name);
    for (size_t idx = 0; idx < *n_notes; idx++) {
        PrefixNote *note = &(*notes)[idx];
        if (strlen(note->prefix) == len && !strncasecmp(note->prefix, entry->name, len)) {
            finding_add_setting(note->finding, entry->name, entry->value ? entry->value : "",
                                entry->file, entry->line);
            return;
        }
    }
    /* review 2026-12i, h10b 23: plperl.on_init is PL/Perl's, shipped with every major */
    const char *service = service_prefix(entry->name, len);
    /* by some major's build (Debian packages plperl apart from 15); a service's prefix stands
     * apart too, as one of its own */
    bool shipped = service != NULL;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR && !shipped; major++) {
        const ContribCatalog *other = catalog_contrib_for_major(major);
        shipped = catalog_contrib_unread(other, entry->name) ||
                  catalog_contrib_module_of(other, entry->name);
    }
    /* the prefixes of modules PostgreSQL does not ship are one finding: one cause (modules
     * pgknob does not know), one sentence, not one per module (review 2026-12y, h26a 07) */
    Finding *group = NULL;
    for (size_t idx = 0; !shipped && idx < *n_notes && !group; idx++)
        if (!(*notes)[idx].shipped)
            group = (*notes)[idx].finding;
    *notes = xrealloc(*notes, (*n_notes + 1) * sizeof **notes);
    PrefixNote *note = &(*notes)[(*n_notes)++];
    note->prefix = xstrndup(entry->name, len);
    note->shipped = shipped;
    note->line = entry->line;
    if (group) {
        note->finding = group;
        finding_add_setting(group, entry->name, entry->value ? entry->value : "", entry->file,
                            entry->line);
        return;
    }
    note->finding = lint_entry_finding(out, "PK0014", entry);
    if (service) {
        note->finding->message = finding_printf(
            note->finding,
            "\"%s\" parameters are not checked: they are %s's own, which the service defines and "
            "reads itself, no module shipped with PostgreSQL",
            note->prefix, service);
        note->finding->hint = finding_printf(
            note->finding, "Check them against %s's documentation of its parameters.", service);
        return;
    }
    if (shipped)
        note->finding->message = finding_printf(
            note->finding,
            "\"%s\" parameters are not checked: %s is a module of PostgreSQL, but the build"
            " pgknob read PostgreSQL %d's catalog from could not load it or does not include it,"
            " so its parameter names are not known here",
            note->prefix, note->prefix, cc->cat.major);
    else
        note->finding->message =
            finding_printf(note->finding,
                           "\"%s\" parameters are not checked: no module shipped with"
                           " PostgreSQL has the prefix \"%s\"",
                           note->prefix, note->prefix);
    note->finding->hint = finding_printf(
        note->finding,
        "The server keeps %s.* settings as text placeholders until the module that defines them"
        " loads; check them against that module's documentation.",
        note->prefix);
}

/* The one PK0014 for several modules PostgreSQL does not ship names each with its first line. */
static void unknown_prefixes_said(const PrefixNote *notes, size_t n_notes)
{
    Finding *group = NULL;
    StrBuf names = STRBUF_INIT, globs = STRBUF_INIT;
    size_t count = 0;
    for (size_t idx = 0; idx < n_notes; idx++) {
        if (notes[idx].shipped)
            continue;
        group = notes[idx].finding;
        count++;
        sb_printf(&names, "%s\"%s\" (line %d)", names.len ? ", " : "", notes[idx].prefix,
                  notes[idx].line);
        sb_printf(&globs, "%s%s.*", globs.len ? ", " : "", notes[idx].prefix);
    }
    if (count > 1) {
        group->message = finding_printf(group,
                                        "the parameters of %zu modules are not checked: no module"
                                        " shipped with PostgreSQL has the prefixes %s",
                                        count, sb_str(&names));
        group->hint = finding_printf(group,
                                     "The server keeps %s settings as text placeholders until the "
                                     "module that defines them loads; check them against each "
                                     "module's documentation.",
                                     sb_str(&globs));
    }
    sb_free(&names);
    sb_free(&globs);
}

void lint_check_extension_name(const ConfEntry *entry, const Snapshot *snap, FindingList *out)
{
    const ContribCatalog *cc = catalog_contrib_for_major(snap->pg_major);
    if (cc && !catalog_contrib_find(cc, entry->name, NULL))
        check_unknown_name(entry, cc, snap, out);
}

/* The last line of the configuration that sets `name`, or NULL. */
static const ConfEntry *last_entry(const ConfSet *set, const char *name)
{
    for (size_t idx = set->n_entries; idx-- > 0;)
        if (!set->entries[idx].error && set->entries[idx].name &&
            !strcasecmp(set->entries[idx].name, name))
            return &set->entries[idx];
    return NULL;
}

/* A preloaded module's number setting: its value when the file sets it, else `def`; false when
 * the value is not a number (the module reports that when it loads). */
static bool module_number(const Snapshot *snap, const char *name, double def, double *out,
                          const SnapSetting **set_at)
{
    const SnapSetting *setting = snapshot_get(snap, name);
    *out = def;
    *set_at = NULL;
    if (!setting || setting->source == SRC_DEFAULT)
        return true;
    char *end = NULL;
    double value = strtod(setting->value, &end);
    if (end == setting->value || *end || value < 0)
        return false;
    *out = value;
    *set_at = setting;
    return true;
}

/* The databases a space- or comma-separated list names (squeeze.worker_autostart). */
static double count_words(const char *text)
{
    double n = 0;
    for (const char *p = text; *p;) {
        p += strspn(p, " ,\t");
        if (!*p)
            break;
        n++;
        p += strcspn(p, " ,\t");
    }
    return n;
}

/* What one preloaded module takes from max_worker_processes. */
typedef struct ModuleWorkers {
    const char *module;
    double workers; /* its launcher and the workers its jobs run in */
    bool pool;      /* its jobs run in workers started on demand, a pool of them at once: they
                     * compete with parallel query for the same slots */
    char *what;     /* "pg_cron: 1 launcher + 5 jobs (cron.max_running_jobs)" */
    const SnapSetting *set_at;
} ModuleWorkers;

/* The worker slots of the background-worker modules pgknob knows, from their own sources:
 * TimescaleDB's docs (self-hosted configuration, "Workers": timescaledb.max_background_workers,
 * default 16, + max_parallel_workers); pg_cron's _PG_init (one launcher; with
 * cron.use_background_workers each job runs in a worker, cron.max_running_jobs of them, default
 * min(5, max_worker_processes - 1)); pg_partman_bgw (its worker and the one it starts per
 * maintenance run); pg_squeeze (per database of squeeze.worker_autostart a scheduler and
 * squeeze.workers_per_database workers, default 1); pglogical (a supervisor and a manager per
 * database) and citus (a maintenance daemon per database), counted for one database;
 * pg_prewarm with autoprewarm (autoprewarm.c: a leader that stays, and while it loads blocks at
 * start one per-database worker at a time beside it). */
static size_t module_workers(const Snapshot *snap, double mwp, ModuleWorkers *out, bool *bad)
{
    size_t n = 0;
    double v;
    const SnapSetting *at;
    *bad = false;
#define LOADED(name) (listed_in(snap, "shared_preload_libraries", name) == LOADED_YES)
    if (LOADED("timescaledb")) {
        *bad |= !module_number(snap, "timescaledb.max_background_workers", 16, &v, &at);
        out[n++] = (ModuleWorkers){
            "timescaledb", v, true,
            xasprintf("%.0f TimescaleDB background workers%s", v, at ? "" : " (its default)"), at};
    }
    if (LOADED("pg_cron")) {
        const SnapSetting *bgw = snapshot_get(snap, "cron.use_background_workers");
        bool on = false;
        bool pool = bgw && bgw->source != SRC_DEFAULT && guc_parse_bool(bgw->value, &on) && on;
        double jobs = 0;
        at = NULL;
        if (pool) {
            double def = mwp - 1 < 5 ? mwp - 1 : 5;
            *bad |= !module_number(snap, "cron.max_running_jobs", def, &jobs, &at);
            if (jobs > mwp - 1)
                jobs = mwp - 1; /* pg_cron caps it so */
            at = at ? at : bgw;
        }
        out[n++] =
            (ModuleWorkers){"pg_cron", 1 + jobs, pool,
                            pool ? xasprintf("pg_cron's launcher + %.0f jobs in background workers"
                                             " (cron.max_running_jobs)",
                                             jobs)
                                 : xstrdup("pg_cron's launcher"),
                            at};
    }
    if (LOADED("pg_partman_bgw"))
        out[n++] =
            (ModuleWorkers){"pg_partman_bgw", 2, false,
                            xstrdup("pg_partman_bgw's worker and its maintenance run"), NULL};
    if (LOADED("pg_squeeze")) {
        double per_db;
        *bad |= !module_number(snap, "squeeze.workers_per_database", 1, &per_db, &at);
        const SnapSetting *autostart = snapshot_get(snap, "squeeze.worker_autostart");
        double dbs =
            autostart && autostart->source != SRC_DEFAULT ? count_words(autostart->value) : 0;
        if (dbs < 1)
            dbs = 1;
        out[n++] =
            (ModuleWorkers){"pg_squeeze", dbs * (1 + per_db), false,
                            xasprintf("pg_squeeze's scheduler and %.0f squeeze worker%s"
                                      " for %.0f database%s",
                                      per_db, per_db < 1.5 ? "" : "s", dbs, dbs < 1.5 ? "" : "s"),
                            at};
    }
    if (LOADED("pg_prewarm")) {
        /* autoprewarm is on unless the file turns it off (its default is true) */
        const SnapSetting *apw = snapshot_get(snap, "pg_prewarm.autoprewarm");
        bool on = true;
        if (apw && apw->source != SRC_DEFAULT && !guc_parse_bool(apw->value, &on))
            *bad = true;
        if (on)
            out[n++] = (ModuleWorkers){"pg_prewarm", 2, false,
                                       xstrdup("pg_prewarm's autoprewarm leader and the"
                                               " per-database worker it starts to load blocks"),
                                       apw && apw->source != SRC_DEFAULT ? apw : NULL};
    }
    if (LOADED("pglogical"))
        out[n++] =
            (ModuleWorkers){"pglogical", 2, false,
                            xstrdup("pglogical's supervisor and one database's manager"), NULL};
    if (LOADED("citus"))
        out[n++] = (ModuleWorkers){"citus", 1, false,
                                   xstrdup("citus's maintenance daemon for one database"), NULL};
#undef LOADED
    return n;
}

/* Background-worker modules against max_worker_processes (PK0028). Their launchers start with
 * the server and keep their slots; what runs on demand does not. When the launchers and the
 * modules' own workers do not fit, some never run. When a module runs its jobs in a pool of
 * on-demand workers (TimescaleDB, pg_cron with background workers), parallel query takes from
 * the same slots, so max_parallel_workers counts too (TimescaleDB's documented minimum). The
 * logical replication launcher holds one slot whenever max_logical_replication_workers > 0
 * (ApplyLauncherRegister, launcher.c). */
static void check_module_workers(const ConfSet *set, const Snapshot *snap,
                                 const char *image_libraries, FindingList *out)
{
    const SnapSetting *mwp = lint_usable(snap, "max_worker_processes");
    const SnapSetting *mpw = lint_usable(snap, "max_parallel_workers");
    const SnapSetting *lrw = lint_usable(snap, "max_logical_replication_workers");
    if (!mwp || !mpw || !lrw || !mwp->parsed_ok || !mpw->parsed_ok || !lrw->parsed_ok)
        return;
    ModuleWorkers mods[8];
    bool bad;
    size_t n = module_workers(snap, mwp->parsed.num, mods, &bad);
    bool launcher = lrw->parsed.num > 0, pool = false;
    double need = launcher ? 1 : 0;
    for (size_t idx = 0; idx < n; idx++) {
        need += mods[idx].workers;
        pool |= mods[idx].pool;
    }
    if (pool)
        need += mpw->parsed.num;
    const ConfEntry *anchor = last_entry(set, "max_worker_processes");
    if (!anchor)
        anchor = last_entry(set, "shared_preload_libraries");
    if (bad || !n || mwp->parsed.num >= need || !anchor) {
        for (size_t idx = 0; idx < n; idx++)
            free(mods[idx].what);
        return;
    }
    /* the modules are the image's own preloads and max_worker_processes is left at its
     * default: the operator's image defaults, tuning advice like any default, at the document
     * rather than at a line the owner wrote for something else (review 2026-12zg, h37a 11:
     * Spilo's timescaledb and pg_cron, at wal_level's line) */
    /* ... the modules that need workers, that is: a library added beside them that needs none
     * (pg_stat_statements after Citus's or TimescaleDB's own) asks for no slot (held-out set
     * 61, h61c 34: its fix said to raise PK0028 on the image's timescaledb) */
    const SnapSetting *spl_now = lint_usable(snap, "shared_preload_libraries");
    bool image_only = image_libraries && mwp->source == SRC_DEFAULT && spl_now &&
                      anchor == last_entry(set, "shared_preload_libraries");
    for (size_t idx = 0; image_only && idx < n; idx++)
        image_only = lint_library_listed(image_libraries, mods[idx].module);
    Finding *f = image_only ? lint_rule_finding(out, "PK0028", anchor->file, 0)
                            : lint_entry_finding(out, "PK0028", anchor);
    if (image_only) /* the rule's own level stays on record (rule_severity) */
        finding_set_severity(f, SEV_NOTICE);
    f->hint = image_only ? finding_printf(f,
                                          "A notice: the image preloads these modules itself "
                                          "(shared_preload_libraries = '%s'), and "
                                          "max_worker_processes is at its default; nothing the "
                                          "file writes asks for them.",
                                          image_libraries)
                         : NULL;
    /* a managed service sets its own max_worker_processes (and parallel workers) where the
     * group leaves them, which pgknob does not model: no fact to warn on (held-out set 58,
     * h58b 27: an RDS group's "max_worker_processes is 8", PostgreSQL's default) */
    const SnapSetting *guessed = mwp->source == SRC_DEFAULT && !mwp->default_by           ? mwp
                                 : pool && mpw->source == SRC_DEFAULT && !mpw->default_by ? mpw
                                                                                          : NULL;
    if (!image_only && snap->managed_by && guessed) {
        finding_set_severity(f, SEV_NOTICE);
        f->hint = finding_printf(f,
                                 "A notice: it reads %s at PostgreSQL's built-in default, and %s "
                                 "sets its own defaults, which pgknob does not model for %s: "
                                 "check the value the service runs with (SHOW %s).",
                                 guessed->name, snap->managed_by, guessed->name, guessed->name);
    }
    if (anchor != last_entry(set, "shared_preload_libraries")) {
        const SnapSetting *spl = lint_usable(snap, "shared_preload_libraries");
        if (spl)
            finding_add_setting(f, spl->name, spl->value, spl->file, spl->line);
    } else
        /* the setting to change is named, and its documentation linked, even at its default
         * (review 2026-12zb, h29c 29) */
        finding_add_setting(f, mwp->name, mwp->value, mwp->file, mwp->line);
    StrBuf parts = STRBUF_INIT, names = STRBUF_INIT;
    for (size_t idx = 0; idx < n; idx++) {
        if (mods[idx].set_at)
            finding_add_setting(f, mods[idx].set_at->name, mods[idx].set_at->value,
                                mods[idx].set_at->file, mods[idx].set_at->line);
        sb_printf(&parts, "%s%s", idx ? " + " : "", mods[idx].what);
        sb_printf(&names, "%s%s", idx ? (idx + 1 == n && !pool ? " and " : ", ") : "",
                  mods[idx].module);
        free(mods[idx].what);
    }
    if (pool) {
        if (mpw->source != SRC_DEFAULT)
            finding_add_setting(f, mpw->name, mpw->value, mpw->file, mpw->line);
        sb_printf(&parts, " + %.0f parallel workers", mpw->parsed.num);
    }
    if (launcher)
        sb_put(&parts, " + 1 logical replication launcher");
    /* a pool's size is a ceiling, not a demand (review 2026-12h, h9a 03): what it and parallel
     * query can take at once */
    f->message = finding_printf(
        f, "max_worker_processes is %.0f, below the %.0f %s %s%s: %s; %s", mwp->parsed.num, need,
        pool ? "slots that the workers of" : "that", sb_str(&names),
        pool     ? " and parallel query can take at once"
        : n == 1 ? " needs"
                 : " need",
        sb_str(&parts),
        pool ? "their jobs and parallel queries take slots from each other, and a job that finds"
               " none does not run on schedule"
             : "a worker beyond the slots does not start (\"too many background workers\" in"
               " the log), and its module's work is not done");
    bool per_db = false;
    for (size_t idx = 0; idx < n; idx++)
        per_db |= !strcmp(mods[idx].module, "pglogical") || !strcmp(mods[idx].module, "citus") ||
                  (!strcmp(mods[idx].module, "pg_squeeze") && !mods[idx].set_at);
    if (per_db)
        f->hint = finding_printf(
            f,
            "%s%sWorkers per database (pglogical's managers, citus's daemons, pg_squeeze's"
            " schedulers) are counted for one database: add theirs for each more.",
            f->hint ? f->hint : "", f->hint ? " " : "");
    bool timescale = false;
    for (size_t idx = 0; idx < n; idx++)
        timescale |= !strcmp(mods[idx].module, "timescaledb");
    /* TimescaleDB's documentation has timescaledb-tune set these three together, and its
     * container image runs it at initdb: where it is used, run it again rather than edit one */
    f->suggestion = finding_printf(
        f,
        "max_worker_processes = %.0f (the %.0f above, with %d spare for"
        " PostgreSQL's and other modules' workers)%s%s",
        need + (launcher ? 2 : 3), need, launcher ? 2 : 3,
        pool ? ", or lower the modules' workers or max_parallel_workers" : "",
        timescale ? "; where timescaledb-tune sizes the server, run it again: it sets"
                    " max_worker_processes, max_parallel_workers and"
                    " timescaledb.max_background_workers together"
                  : "");
    sb_free(&parts);
    sb_free(&names);
}

/* A module parameter's value as the module reads it: the file's when it parses, else the
 * catalog's default; *set_at is the setting when the file's value is used. False when the
 * parameter is unknown to this build. */
static bool module_value(const Snapshot *snap, const ContribCatalog *cc, const char *name,
                         GucValue *val, const SnapSetting **set_at)
{
    const CatalogParam *param = catalog_contrib_find(cc, name, NULL);
    *set_at = NULL;
    if (!param)
        return false;
    const SnapSetting *setting = snapshot_get(snap, name);
    if (setting && setting->source != SRC_DEFAULT && setting->value &&
        guc_parse_value_for(param, cc->cat.major, setting->value, val, NULL)) {
        *set_at = setting;
        return true;
    }
    return guc_parse_value_for(param, cc->cat.major, param->boot_val ? param->boot_val : "", val,
                               NULL);
}

/* auto_explain.log_analyze (PK0031): auto_explain instruments every statement it may log, logged
 * or not, once log_min_duration >= 0 and the statement is sampled (auto_explain_enabled() and
 * explain_ExecutorStart in contrib/auto_explain/auto_explain.c, 13-18); with log_timing (on by
 * default) each plan node reads the clock on every row. A warning; a notice with log_timing
 * off, which keeps the row counts without the clock. */
static void check_auto_explain_analyze(const ConfSet *set, const Snapshot *snap,
                                       const ContribCatalog *cc, FindingList *out)
{
    if (listed_in(snap, "shared_preload_libraries", "auto_explain") != LOADED_YES &&
        listed_in(snap, "session_preload_libraries", "auto_explain") != LOADED_YES)
        return;
    GucValue analyze, timing, min_duration, rate;
    const SnapSetting *analyze_at, *timing_at, *duration_at, *rate_at;
    if (!module_value(snap, cc, "auto_explain.log_analyze", &analyze, &analyze_at) || !analyze_at ||
        !analyze.boolval ||
        !module_value(snap, cc, "auto_explain.log_timing", &timing, &timing_at) ||
        !module_value(snap, cc, "auto_explain.log_min_duration", &min_duration, &duration_at) ||
        min_duration.num < 0 ||
        !module_value(snap, cc, "auto_explain.sample_rate", &rate, &rate_at) || rate.num <= 0)
        return;
    const ConfEntry *anchor = last_entry(set, analyze_at->name);
    if (!anchor)
        return;
    Finding *f = lint_entry_finding(out, "PK0031", anchor);
    if (timing_at)
        finding_add_setting(f, timing_at->name, timing_at->value, timing_at->file, timing_at->line);
    if (duration_at)
        finding_add_setting(f, duration_at->name, duration_at->value, duration_at->file,
                            duration_at->line);
    if (rate_at)
        finding_add_setting(f, rate_at->name, rate_at->value, rate_at->file, rate_at->line);
    char sampled[64] = "every statement";
    if (rate.num < 1)
        snprintf(sampled, sizeof sampled, "the %g%% of statements sampled", rate.num * 100);
    if (timing.boolval) {
        f->severity = SEV_WARNING;
        f->message = finding_printf(
            f,
            "auto_explain.log_analyze is on with log_timing on (%s): auto_explain instruments"
            " %s, logged or not, and every plan node reads the clock for every row it"
            " returns; the auto_explain documentation warns this \"can have an extremely negative"
            " impact on performance\"",
            timing_at ? "as set" : "its default", sampled);
        f->suggestion =
            finding_strdup(f, "auto_explain.log_timing = off (row counts without the clock), or"
                              " auto_explain.log_analyze = off");
    } else {
        f->severity = SEV_NOTICE;
        f->message = finding_printf(
            f,
            "auto_explain.log_analyze is on: auto_explain instruments %s, logged or not, to count"
            " each plan node's rows; log_timing = off spares the clock, the costlier part",
            sampled);
        f->suggestion = finding_strdup(f, "keep it where the row counts are worth the overhead, or"
                                          " auto_explain.log_analyze = off");
    }
    f->hint = finding_printf(f, "See https://www.postgresql.org/docs/%d/auto-explain.html",
                             cc->cat.major);
}

void lint_check_extensions(const ConfSet *set, const Snapshot *snap, const char *image_libraries,
                           FindingList *out)
{
    check_module_workers(set, snap, image_libraries, out);
    const ContribCatalog *cc = catalog_contrib_for_major(snap->pg_major);
    if (!cc)
        return;
    check_auto_explain_analyze(set, snap, cc, out);
    Finding **noticed = xcalloc(cc->n_modules ? cc->n_modules : 1, sizeof *noticed);
    PrefixNote *notes = NULL;
    size_t n_notes = 0;
    Finding *external[N_PRELOAD_ONLY_EXTERNAL] = {0};
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (entry->error || !entry->name || !strchr(entry->name, '.') ||
            catalog_find(snap->catalog, entry->name))
            continue;
        /* a name the template prints (`${param.key}`) is no module's: PK0003 counts its line */
        if (conf_has_placeholder(entry->name, false))
            continue;
        const ContribParamInfo *info = NULL;
        const CatalogParam *param = catalog_contrib_find(cc, entry->name, &info);
        if (!param) {
            if (!check_unknown_name(entry, cc, snap, out) &&
                !note_external_not_loaded(entry, snap, external, out))
                note_unknown_prefix(entry, cc, &notes, &n_notes, out);
            continue;
        }
        if (lint_entry_ignored(set, idx))
            continue; /* the server never reads it; the later line is checked */
        check_module_value(entry, param, info, cc, snap, out);
        const ContribModule *mod = catalog_contrib_module_of(cc, param->name);
        if (mod && loaded_where_needed(snap, mod, info) == LOADED_NO)
            note_not_loaded(entry, param, mod, cc, noticed, out);
    }
    unknown_prefixes_said(notes, n_notes);
    for (size_t idx = 0; idx < n_notes; idx++)
        free(notes[idx].prefix);
    free(notes);
    free(noticed);
}
