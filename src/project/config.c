/* Reading .pgknob.ini through the one INI reader (common/ini.h: libinih with every raw-line
 * mistake reported at its true line, keys given twice refused but for the lists), then checking
 * each key at its line. */
#include "project/config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "common/ini.h"
#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/units.h"
#include "common/xalloc.h"
#include "host/host.h"
#include "lint/lint.h"

#define CONFIG_MAX_SIZE (1024 * 1024)

typedef struct Loader {
    Arena *a; /* the INI document's, which the configuration keeps */
    ProjectConfig *cfg;
    PkDiag *diag;
    char *dir; /* the file's directory, for relative paths */
    const char *file;
    int line; /* of the key being checked */
} Loader;

static bool fail(Loader *ld, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Records the mistake at the line of the key being checked. */
static bool fail(Loader *ld, const char *hint, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pk_diag_vset(ld->diag, ld->file, ld->line, hint, fmt, ap);
    va_end(ap);
    return false;
}

/* Lists (disable, rules, redact) add up; any other key given twice is a mistake: which one
 * wins would be a guess. */
static bool is_list(const char *section, const char *key)
{
    return !strcmp(section, "pgknob") &&
           (!strcmp(key, "disable") || !strcmp(key, "rules") || !strcmp(key, "redact"));
}

/* Aliases (memory = ram, cpus = cores) count as the same key. */
static const char *key_alias(const char *section, const char *key)
{
    (void)section;
    return !strcasecmp(key, "memory") ? "ram" : !strcasecmp(key, "cpus") ? "cores" : key;
}

static void list_add(Arena *a, char ***list, size_t *n, char *item)
{
    *list = arena_realloc(a, *list, *n * sizeof(char *), (*n + 1) * sizeof(char *));
    (*list)[(*n)++] = item;
}

static char *resolve_path(const Loader *ld, const char *path)
{
    return path[0] == '/' ? arena_strdup(ld->a, path) : arena_printf(ld->a, "%s/%s", ld->dir, path);
}

/* Appends each comma- or space-separated item of `value`; paths are made absolute. */
static void add_items(Loader *ld, char ***list, size_t *n, const char *value, bool paths)
{
    char *copy = xstrdup(value), *save = NULL;
    for (char *item = strtok_r(copy, ", \t", &save); item; item = strtok_r(NULL, ", \t", &save)) {
        list_add(ld->a, list, n, paths ? resolve_path(ld, item) : arena_strdup(ld->a, item));
    }
    free(copy);
}

static bool is_number(const char *text, bool allow_fraction)
{
    char *end;
    errno = 0;
    double val = strtod(text, &end);
    if (end == text || errno || val < 0)
        return false;
    return allow_fraction || !strchr(text, '.');
}

static bool one_of(const char *value, const char *const *words)
{
    for (; *words; words++)
        if (!strcasecmp(value, *words))
            return true;
    return false;
}

/* A [host] fact: validated here so a mistake points at its line; joined into a --host spec. */
static bool host_key(Loader *ld, const char *name, const char *value)
{
    static const char *const storage[] = {"nvme", "ssd", "hdd", "network", NULL};
    static const char *const yes_no[] = {"yes", "no", "true", "false", "on", "off", NULL};
    bool ok;
    if (!strcmp(name, "ram") || !strcmp(name, "memory") || !strcmp(name, "disk") ||
        !strcmp(name, "wal_disk")) {
        double bytes;
        ok = pk_units_parse(value, PK_UNIT_SIZE, false, 1.0, &bytes, NULL);
    } else if (!strcmp(name, "cores") || !strcmp(name, "cpus"))
        ok = is_number(value, false) && atoi(value) > 0;
    else if (!strcmp(name, "storage"))
        ok = one_of(value, storage);
    else if (!strcmp(name, "kernel"))
        ok = isdigit((unsigned char)value[0]) && is_number(value, true);
    else if (!strcmp(name, "container") || !strcmp(name, "io_uring") || !strcmp(name, "local"))
        ok = one_of(value, yes_no);
    else
        return fail(ld,
                    "Keys of [host] are ram, cores, storage, kernel, container, io_uring, disk, "
                    "wal_disk and local.",
                    "unknown host fact \"%s\"", name);
    if (ok && strcmp(name, "local")) {
        /* the --host reader has the last word (absurd sizes, 0 cores): one rule for both */
        char *item = xasprintf("%s=%s", name, value);
        HostFacts facts;
        PkDiag why = PK_DIAG_INIT;
        bool valid = host_parse_spec(item, &facts, &why);
        free(item);
        if (!valid) {
            fail(ld, NULL, "%s", why.message);
            pk_diag_free(&why);
            return false;
        }
        host_facts_clear(&facts);
    }
    if (!ok)
        return fail(ld,
                    "Write ram = 16GB, cores = 8, storage = nvme|ssd|hdd|network, "
                    "kernel = 6.8, container = yes|no, io_uring = yes|no or local = yes.",
                    "invalid value for host fact \"%s\": \"%s\"", name, value);
    ProjectConfig *cfg = ld->cfg;
    char *spec;
    if (!strcmp(name, "local"))
        spec = one_of(value, (const char *const[]){"yes", "true", "on", NULL})
                   ? arena_strdup(ld->a, "local")
                   : NULL;
    else
        spec = arena_printf(ld->a, "%s%s%s=%s", cfg->host_spec ? cfg->host_spec : "",
                            cfg->host_spec ? "," : "", name, value);
    if (spec)
        cfg->host_spec = spec;
    return true;
}

static bool severity_key(Loader *ld, const char *rule, const char *value)
{
    Severity sev;
    if (!strcasecmp(value, "off") || !strcasecmp(value, "disable"))
        sev = SEV_NONE;
    else if (!severity_parse_level(value, &sev))
        return fail(ld, "Write error, warning, notice, recommendation or off.",
                    "invalid severity \"%s\" for rule \"%s\"", value, rule);
    ProjectConfig *cfg = ld->cfg;
    cfg->overrides =
        arena_realloc(ld->a, cfg->overrides, cfg->n_overrides * sizeof(SeverityOverride),
                      (cfg->n_overrides + 1) * sizeof(SeverityOverride));
    cfg->overrides[cfg->n_overrides++] =
        (SeverityOverride){.rule = arena_strdup(ld->a, rule), .severity = sev};
    return true;
}

bool purpose_parse(const char *text, Purpose *out)
{
    for (Purpose purpose = PURPOSE_PRODUCTION; purpose <= PURPOSE_BENCHMARK; purpose++)
        if (!strcmp(text, purpose_name(purpose))) {
            *out = purpose;
            return true;
        }
    return false;
}

const char *purpose_name(Purpose purpose)
{
    switch (purpose) {
    case PURPOSE_TEST: return "test";
    case PURPOSE_BENCHMARK: return "benchmark";
    case PURPOSE_PRODUCTION: break;
    }
    return "production";
}

static bool pgknob_key(Loader *ld, const char *name, const char *value)
{
    ProjectConfig *cfg = ld->cfg;
    int major, minor;
    if (!strcmp(name, "pg_version")) {
        if (!lint_parse_version(value, &major, &minor))
            return fail(ld, "pgknob knows PostgreSQL 13 to 18; write N or N.M.",
                        "unsupported PostgreSQL version \"%s\"", value);
        cfg->pg_version = arena_strdup(ld->a, value);
    } else if (!strcmp(name, "target")) {
        InputTarget target;
        if (!input_target_parse(value, &target)) {
            const char *close = input_target_suggest(value);
            char *hint = close ? xasprintf("Did you mean \"%s\"? Targets are %s.", close,
                                           input_target_names())
                               : xasprintf("Targets are %s.", input_target_names());
            bool ok = fail(ld, hint, "unknown target \"%s\"", value);
            free(hint);
            return ok;
        }
        cfg->target = arena_strdup(ld->a, input_target_name(target));
    } else if (!strcmp(name, "fail_on")) {
        if (!fail_on_parse(value, &cfg->fail_on, &cfg->fail_on_refusal))
            return fail(ld, "Use refusal, error, warning, notice or never.",
                        "invalid fail_on level \"%s\"", value);
        cfg->has_fail_on = true;
    } else if (!strcmp(name, "purpose")) {
        if (!purpose_parse(value, &cfg->purpose))
            return fail(ld, "Use production, test or benchmark.", "invalid purpose \"%s\"", value);
        cfg->has_purpose = true;
    } else if (!strcmp(name, "baseline"))
        cfg->baseline = resolve_path(ld, value);
    else
        return fail(ld,
                    "Keys of [pgknob] are pg_version, target, purpose, fail_on, disable, rules, "
                    "redact and baseline.",
                    "unknown key \"%s\" in [pgknob]", name);
    return true;
}

/* A list key: each line (the key's, its continuations, its repeats) adds its items. */
static void list_key(Loader *ld, const PkIniEntry *entry)
{
    ProjectConfig *cfg = ld->cfg;
    for (size_t idx = 0; idx < entry->n_pieces; idx++) {
        const char *text = entry->pieces[idx].text;
        if (!strcmp(entry->key, "disable"))
            add_items(ld, &cfg->disable, &cfg->n_disable, text, false);
        else if (!strcmp(entry->key, "rules"))
            add_items(ld, &cfg->rule_dirs, &cfg->n_rule_dirs, text, true);
        else
            add_items(ld, &cfg->redact, &cfg->n_redact, text, false);
    }
}

static bool load_section(Loader *ld, PkIniSection *sec)
{
    bool pgknob = !strcmp(sec->name, "pgknob"), host = !strcmp(sec->name, "host");
    if (!pgknob && !host && strcmp(sec->name, "severity")) {
        ld->line = sec->line;
        return fail(ld, "Sections are [pgknob], [host] and [severity].", "unknown section \"[%s]\"",
                    sec->name);
    }
    for (size_t idx = 0; idx < sec->n_entries; idx++) {
        PkIniEntry *entry = &sec->entries[idx];
        ld->line = entry->line;
        if (is_list(sec->name, entry->key)) {
            list_key(ld, entry);
            continue;
        }
        /* a scalar continued on indented lines reads as one value */
        char *value = pk_ini_entry_join(entry, " ");
        bool ok = pgknob ? pgknob_key(ld, entry->key, value)
                  : host ? host_key(ld, entry->key, value)
                         : severity_key(ld, entry->key, value);
        free(value);
        if (!ok)
            return false;
    }
    return true;
}

bool project_config_load_buffer(const char *filename, const char *text, size_t len,
                                ProjectConfig *cfg, PkDiag *diag)
{
    static const PkIniOptions ini_opts = {
        .what = "the project configuration",
        .duplicates = PK_INI_DUP_ERROR,
        .may_repeat = is_list,
        .canonical = key_alias,
        .section_hint = "Put keys under [pgknob], [host] or [severity].",
        .reject_hash_comments = true,
    };
    PkIniDoc doc;
    bool ok = pk_ini_parse(&doc, filename, text, len, &ini_opts, diag);
    char *slash = strrchr(filename, '/');
    Loader ld = {.a = arena_get(&doc.arena),
                 .cfg = cfg,
                 .diag = diag,
                 .file = filename,
                 .dir = slash == filename ? xstrdup("/")
                        : slash           ? xstrndup(filename, (size_t)(slash - filename))
                                          : xstrdup(".")};
    for (size_t idx = 0; ok && idx < doc.n_sections; idx++)
        ok = load_section(&ld, &doc.sections[idx]);
    free(ld.dir);
    if (ok) { /* the document's arena holds what the configuration points to */
        cfg->arena = doc.arena;
        cfg->path = arena_strdup(cfg->arena, filename);
        return true;
    }
    arena_free(doc.arena);
    memset(cfg, 0, sizeof(*cfg));
    return false;
}

bool project_config_load(const char *path, ProjectConfig *cfg, PkDiag *diag)
{
    char *data = NULL;
    size_t len = 0;
    if (!pk_read_file_diag(path, CONFIG_MAX_SIZE, "the project configuration", &data, &len, diag))
        return false;
    bool ok = project_config_load_buffer(path, data, len, cfg, diag);
    free(data);
    return ok;
}
