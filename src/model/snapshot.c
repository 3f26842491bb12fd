/* Building the settings model from a configuration read by conf/: for every parameter of the
 * target version the entry the server would apply (aliases resolved, last one wins), else the
 * catalog's boot value. */
#include "model/snapshot.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/xalloc.h"
#include "conf/conf_template.h"

void host_facts_init_unknown(HostFacts *host)
{
    memset(host, 0, sizeof(*host));
    host->ram_bytes = -1;
    host->cores = -1;
    host->container = -1;
    host->io_uring_allowed = -1;
    host->stack_bytes = -1;
    host->disk_bytes = -1;
    host->wal_disk_bytes = -1;
}

static char *lower_dup(Arena *arena, const char *name)
{
    char *out = arena_strdup(arena, name);
    for (char *p = out; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return out;
}

/* The catalog record an entry's name means for this version (following aliases), or NULL. */
static const CatalogParam *resolve_param(const Catalog *cat, const char *name)
{
    const CatalogParam *param = catalog_find(cat, name);
    if (param)
        return param;
    const char *target = catalog_alias_target(cat->major, name);
    return target ? catalog_find(cat, target) : NULL;
}

static void setting_parse(SnapSetting *setting, int major)
{
    setting->parsed_ok =
        setting->param &&
        (setting->source == SRC_DEFAULT
             ? guc_parse_boot_value(setting->param, major, setting->value, &setting->parsed)
             : guc_parse_value_for(setting->param, major, setting->value, &setting->parsed, NULL));
    /* the string value must outlive the call: point it at our own copy */
    if (setting->parsed_ok && setting->param->type == GUC_STRING)
        setting->parsed.str = setting->value;
}

static const char *base_name(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash ? slash + 1 : path ? path : "?";
}

/* A later line for the same parameter overwrites the fields: what they pointed to stays in the
 * arena until the snapshot goes, which is cheaper than freeing field by field. */
static void setting_from_entry(Snapshot *snap, SnapSetting *setting, const ConfEntry *entry)
{
    Arena *arena = snap->arena;
    int major = snap->pg_major;
    setting->unusable = NULL;
    setting->value = arena_strdup(arena, entry->value ? entry->value : "");
    setting->file = arena_strdup(arena, entry->file);
    setting->line = entry->line;
    setting->line_text = arena_strdup(arena, entry->line_text);
    setting->source = SRC_FILE;
    setting_parse(setting, major);
    /* strings are kept as written, and so are enum values a build may lack (io_uring) */
    if (setting->param && !setting->parsed_ok && setting->param->type != GUC_STRING &&
        setting->param->type != GUC_ENUM)
        setting->unusable =
            arena_printf(arena,
                         "the value of %s (%s:%d holds \"%s\", which the server "
                         "rejects)",
                         setting->param->name, base_name(entry->file), entry->line, setting->value);
    /* a template's placeholder is no value at all: what the rendered file holds is unknown */
    else if (conf_placeholder_value(setting->name, setting->value))
        setting->unusable =
            arena_printf(arena, "the value of %s (%s:%d is the template placeholder \"%s\")",
                         setting->name, base_name(entry->file), entry->line, setting->value);
    /* one branch of a template that chooses it by the host's memory: give --host ram */
    else if (entry->by_host_memory)
        setting->unusable =
            arena_printf(arena,
                         "the value of %s (%s:%d is one branch of a template that chooses it by "
                         "the host's memory; give --host ram)",
                         setting->name, base_name(entry->file), entry->line);
}

static void mark_unparsed(Arena *arena, SnapSetting *setting, const ConfEntry *entry)
{
    /* an unquoted `{{ x }}` is a syntax error to the server, and a template's placeholder to
     * its author: there is nothing to fix in the line, only a file to render */
    if (entry->line_text && conf_has_placeholder(entry->line_text, false))
        setting->unusable = arena_printf(arena, "the value of %s (%s:%d is a template placeholder)",
                                         setting->name, base_name(entry->file), entry->line);
    else
        setting->unusable = arena_printf(arena, "the value of %s (%s:%d did not parse)",
                                         setting->name, base_name(entry->file), entry->line);
}

static void add_default(Snapshot *snap, const CatalogParam *param, int major)
{
    SnapSetting *setting = &snap->settings[snap->n_settings++];
    memset(setting, 0, sizeof(*setting));
    setting->name = param->name;
    setting->param = param;
    setting->value = param->boot_val ? param->boot_val : "";
    setting->source = SRC_DEFAULT;
    setting_parse(setting, major);
}

/* ASCII case-insensitive, as the catalog is ordered ("DateStyle" sits among the d's). */
static int setting_cmp(const void *pa, const void *pb)
{
    return strcasecmp(((const SnapSetting *)pa)->name, ((const SnapSetting *)pb)->name);
}

/* bsearch by a bare name: the key is the string, the element a SnapSetting. */
static int setting_name_cmp(const void *name, const void *elem)
{
    return strcasecmp(name, ((const SnapSetting *)elem)->name);
}

static SnapSetting *find_setting(const Snapshot *snap, const char *name)
{
    return bsearch(name, snap->settings, snap->n_settings, sizeof(SnapSetting), setting_name_cmp);
}

/* Custom ext.name entries are kept as written, one per name, the last one winning. */
static void apply_custom(Snapshot *snap, size_t *cap, const ConfEntry *entry)
{
    for (size_t idx = snap->n_settings; idx-- > 0;)
        if (!snap->settings[idx].param && !strcasecmp(snap->settings[idx].name, entry->name)) {
            setting_from_entry(snap, &snap->settings[idx], entry);
            return;
        }
    ARENA_GROW(snap->arena, snap->settings, snap->n_settings, *cap);
    SnapSetting *setting = &snap->settings[snap->n_settings++];
    memset(setting, 0, sizeof(*setting));
    setting->name = lower_dup(snap->arena, entry->name);
    setting_from_entry(snap, setting, entry);
}

void snapshot_from_conf(Snapshot *snap, const ConfSet *set, const Catalog *cat)
{
    memset(snap, 0, sizeof(*snap));
    snap->arena = arena_new();
    snap->pg_major = cat->major;
    snap->pg_version_label = arena_printf(snap->arena, "%d", cat->major);
    snap->catalog = cat;
    host_facts_init_unknown(&snap->host);
    size_t cap = cat->n_params + 8;
    snap->settings = arena_array(snap->arena, cap, sizeof(SnapSetting));
    for (size_t param_idx = 0; param_idx < cat->n_params; param_idx++)
        add_default(snap, &cat->params[param_idx], cat->major);
    size_t n_catalog = snap->n_settings;
    for (size_t entry_idx = 0; entry_idx < set->n_entries; entry_idx++) {
        const ConfEntry *entry = &set->entries[entry_idx];
        char *broken = entry->name ? NULL : conf_error_line_name(entry);
        if (broken) {
            const CatalogParam *param = resolve_param(cat, broken);
            SnapSetting *setting = bsearch(param ? param->name : broken, snap->settings, n_catalog,
                                           sizeof(SnapSetting), setting_name_cmp);
            if (setting)
                mark_unparsed(snap->arena, setting, entry);
            free(broken);
            continue;
        }
        /* a template's alternative branch: the first branch is the file's value */
        if (entry->error || !entry->name || entry->alternative)
            continue;
        const CatalogParam *param = resolve_param(cat, entry->name);
        if (param) {
            /* settings[0..n_catalog) are still sorted by name: custom ones come after */
            SnapSetting *setting = bsearch(param->name, snap->settings, n_catalog,
                                           sizeof(SnapSetting), setting_name_cmp);
            if (setting)
                setting_from_entry(snap, setting, entry);
        } else if (strchr(entry->name, '.')) {
            apply_custom(snap, &cap, entry);
        }
    }
    /* The catalog's settings are in its order already; only custom ones need placing. */
    if (snap->n_settings > n_catalog)
        qsort(snap->settings, snap->n_settings, sizeof(SnapSetting), setting_cmp);
}

void snapshot_apply_operator_defaults(Snapshot *snap, const char *const *pairs, const char *by)
{
    for (; pairs && pairs[0] && pairs[1]; pairs += 2) {
        SnapSetting *setting = find_setting(snap, pairs[0]);
        if (!setting || !setting->param || setting->source != SRC_DEFAULT || setting->unusable)
            continue;
        setting->value = pairs[1];
        setting->default_by = by;
        setting_parse(setting, snap->pg_major);
    }
}

void snapshot_inherit_defaults(Snapshot *to, const Snapshot *from)
{
    for (size_t idx = 0; idx < from->n_settings; idx++) {
        const SnapSetting *given = &from->settings[idx];
        if (given->source != SRC_DEFAULT || !given->default_by || !given->value)
            continue;
        const char *pair[] = {given->name, given->value, NULL};
        snapshot_apply_operator_defaults(to, pair, given->default_by);
    }
    to->managed_by = from->managed_by;
}

void snapshot_apply_command(Snapshot *snap, const char *settings, const char *file, int line)
{
    for (const char *at = settings, *nl; at && *at; at = nl ? nl + 1 : at + strlen(at)) {
        nl = strchr(at, '\n');
        size_t n = nl ? (size_t)(nl - at) : strlen(at);
        const char *eq = memchr(at, '=', n);
        if (!eq)
            continue;
        char *name = arena_strndup(snap->arena, at, (size_t)(eq - at));
        SnapSetting *setting = find_setting(snap, name);
        if (!setting || !setting->param)
            continue;
        /* as a file's line: a value the server rejects or a placeholder is no value */
        ConfEntry entry = {0};
        entry.value = arena_strndup(snap->arena, eq + 1, n - (size_t)(eq - at) - 1);
        entry.file = arena_strdup(snap->arena, file);
        entry.line = line;
        entry.line_text = arena_printf(snap->arena, "-c %.*s", (int)n, at);
        setting->default_by = NULL;
        setting_from_entry(snap, setting, &entry);
    }
}

const SnapSetting *snapshot_get(const Snapshot *snap, const char *name)
{
    return find_setting(snap, name);
}

static bool snap_num(const Snapshot *snap, const char *name, double *out)
{
    const SnapSetting *setting = snapshot_get(snap, name);
    if (!setting || !setting->param || !setting->parsed_ok)
        return false;
    *out = setting->parsed.num;
    return true;
}

bool snapshot_max_backends(const Snapshot *snap, double *out)
{
    double conns, av, workers, senders;
    if (!snap_num(snap, "max_connections", &conns) ||
        !snap_num(snap, snap->pg_major >= 18 ? "autovacuum_worker_slots" : "autovacuum_max_workers",
                  &av) ||
        !snap_num(snap, "max_worker_processes", &workers) ||
        !snap_num(snap, "max_wal_senders", &senders))
        return false;
    /* the autovacuum launcher, and from 17 the slot sync worker (NUM_SPECIAL_WORKER_PROCS) */
    *out = conns + av + workers + senders + (snap->pg_major >= 17 ? 2 : 1);
    return true;
}

bool snapshot_aio_concurrency(const Snapshot *snap, double *value, double *procs)
{
    double nb, conns, av, workers, senders, set;
    if (snap->pg_major < 18 || !snap_num(snap, "shared_buffers", &nb) ||
        !snap_num(snap, "max_connections", &conns) ||
        !snap_num(snap, "autovacuum_worker_slots", &av) ||
        !snap_num(snap, "max_worker_processes", &workers) ||
        !snap_num(snap, "max_wal_senders", &senders) || !snap_num(snap, "io_max_concurrency", &set))
        return false;
    /* MaxBackends (InitializeMaxBackends: the 2 are NUM_SPECIAL_WORKER_PROCS, the autovacuum
     * launcher and the slot sync worker) plus NUM_AUXILIARY_PROCS (6 and MAX_IO_WORKERS, 32);
     * checked against SHOW io_max_concurrency on a real 18 server */
    *procs = conns + av + workers + senders + 2 + 6 + 32;
    if (set >= 0) {
        *value = set;
        return true;
    }
    double pins = (double)(long long)(nb / *procs);
    *value = pins < 1 ? 1 : pins > 64 ? 64 : pins;
    return true;
}

const Evidence *snapshot_evidence(const Snapshot *snap, const char *key)
{
    for (size_t idx = 0; idx < snap->n_evidence; idx++)
        if (!strcmp(snap->evidence[idx].key, key))
            return &snap->evidence[idx];
    return NULL;
}

void snapshot_add_evidence(Snapshot *snap, const char *key, double value, const char *text)
{
    Arena *arena = arena_get(&snap->arena);
    snap->evidence = arena_realloc(arena, snap->evidence, snap->n_evidence * sizeof(Evidence),
                                   (snap->n_evidence + 1) * sizeof(Evidence));
    snap->evidence[snap->n_evidence++] = (Evidence){
        .key = arena_strdup(arena, key), .value = value, .text = arena_strdup(arena, text)};
}

void snapshot_add_override(Snapshot *snap, const char *role, const char *database, const char *name,
                           const char *value)
{
    Arena *arena = arena_get(&snap->arena);
    snap->overrides =
        arena_realloc(arena, snap->overrides, snap->n_overrides * sizeof(SnapOverride),
                      (snap->n_overrides + 1) * sizeof(SnapOverride));
    SnapOverride *o = &snap->overrides[snap->n_overrides++];
    o->role = arena_strdup(arena, role ? role : "");
    o->database = arena_strdup(arena, database ? database : "");
    o->name = lower_dup(arena, name);
    o->value = arena_strdup(arena, value);
    o->param = snap->catalog ? resolve_param(snap->catalog, o->name) : NULL;
    o->parsed_ok = o->param && o->param->type != GUC_STRING &&
                   guc_parse_value_for(o->param, snap->pg_major, o->value, &o->parsed, NULL);
}

char *snapshot_override_statement(const SnapOverride *o)
{
    if (*o->role && *o->database)
        return xasprintf("ALTER ROLE %s IN DATABASE %s SET", o->role, o->database);
    if (*o->role)
        return xasprintf("ALTER ROLE %s SET", o->role);
    if (*o->database)
        return xasprintf("ALTER DATABASE %s SET", o->database);
    return xstrdup("ALTER ROLE ALL SET");
}

char *snapshot_override_who(const SnapOverride *o)
{
    if (*o->role && *o->database)
        return xasprintf("role %s in database %s", o->role, o->database);
    if (*o->role)
        return xasprintf("role %s", o->role);
    if (*o->database)
        return xasprintf("database %s", o->database);
    return xstrdup("every role");
}

void snapshot_free(Snapshot *snap)
{
    arena_free(snap->arena);
    free(snap->host.storage);
    free(snap->host.kernel);
    free(snap->host.source);
    memset(snap, 0, sizeof(*snap));
}
