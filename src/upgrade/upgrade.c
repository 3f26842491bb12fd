#include "upgrade/upgrade.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog.h"
#include "catalog/value.h"
#include "common/xalloc.h"

/* Renames with a conversion, and removals the catalogs 13–18 cannot show (before 13), from the
 * release notes of each major (https://www.postgresql.org/docs/release/). gone_in is the major
 * that no longer has the name; removals from 14 on are also read from the catalogs. */
typedef enum Convert { CONV_SAME, CONV_WAL_KEEP, CONV_CHECKPOINT_SEGMENTS } Convert;

static const struct {
    const char *name;
    int gone_in;
    const char *new_name; /* NULL: removed without successor */
    Convert convert;
    /* what to do instead, when removed; NULL: the catalog's history says it, if anything */
    const char *why;
} changes[] = {
    {"unix_socket_directory", 9, "unix_socket_directories", CONV_SAME, NULL}, /* 9.3 */
    {"replication_timeout", 9, "wal_sender_timeout", CONV_SAME, NULL},        /* 9.3 */
    {"checkpoint_segments", 9, "max_wal_size", CONV_CHECKPOINT_SEGMENTS, NULL},
    {"min_parallel_relation_size", 10, "min_parallel_table_scan_size", CONV_SAME, NULL},
    {"sql_inheritance", 10, NULL, CONV_SAME, "inheritance is always on"},
    {"replacement_sort_tuples", 11, NULL, CONV_SAME, "sorts no longer use replacement selection"},
    {"standby_mode", 12, NULL, CONV_SAME, "create standby.signal in the data directory"},
    {"trigger_file", 12, "promote_trigger_file", CONV_SAME, NULL},
    {"wal_keep_segments", 13, "wal_keep_size", CONV_WAL_KEEP, NULL},
    {"operator_precedence_warning", 14, NULL, CONV_SAME, "the 9.5 precedence change is long past"},
    {"vacuum_cleanup_index_scale_factor", 14, NULL, CONV_SAME,
     "btree index cleanup no longer uses it"},
    {"stats_temp_directory", 15, NULL, CONV_SAME, NULL},
    {"force_parallel_mode", 16, "debug_parallel_query", CONV_SAME, NULL},
    {"promote_trigger_file", 16, NULL, CONV_SAME, NULL},
    {"vacuum_defer_cleanup_age", 16, NULL, CONV_SAME, NULL},
    {"db_user_namespace", 17, NULL, CONV_SAME, NULL},
    {"old_snapshot_threshold", 17, NULL, CONV_SAME, NULL},
    {"trace_recovery_messages", 17, NULL, CONV_SAME, NULL},
};

/* Values a later major no longer accepts, and what means the same there. */
static const struct {
    const char *name, *value, *replacement;
    int gone_in;
} value_changes[] = {
    {"password_encryption", "on", "md5", 14}, /* 14: only md5 and scram-sha-256 */
    {"password_encryption", "true", "md5", 14}, {"password_encryption", "yes", "md5", 14},
    {"password_encryption", "1", "md5", 14},    {"password_encryption", "off", NULL, 14},
};

/* Parameters new in a major that change behaviour for an unchanged file. */
static const struct {
    const char *name;
    int since;
    const char *note;
} new_behaviour[] = {
    {"io_method", 18,
     "18 reads asynchronously by default (io_method = worker, with io_workers = 3); set "
     "io_method = sync for the behaviour of earlier majors"},
};

/* shared_preload_libraries entries that ship with PostgreSQL (contrib). */
static const char *const contrib_libraries[] = {
    "auth_delay",     "auto_explain", "basebackup_to_shell", "basic_archive", "passwordcheck",
    "pg_overexplain", "pg_prewarm",   "pg_stat_statements",  "sepgsql",       NULL};

bool upgrade_parse_major(const char *text, bool source, int *major)
{
    if (!text)
        return false;
    if (source && !strcmp(text, "9.6")) {
        *major = 9;
        return true;
    }
    char *end;
    long value = strtol(text, &end, 10);
    if (*end || end == text)
        return false;
    int low = source ? 10 : PK_MIN_MAJOR;
    if (value < low || value > PK_MAX_MAJOR)
        return false;
    *major = (int)value;
    return true;
}

const char *upgrade_kind_name(UpgradeKind kind)
{
    switch (kind) {
    case UPG_REMOVED: return "removed";
    case UPG_RENAMED: return "renamed";
    case UPG_VALUE: return "value";
    case UPG_DEFAULT_CHANGED: return "default";
    case UPG_DEPRECATED: return "deprecated";
    case UPG_PRELOAD: return "preload";
    }
    return "?";
}

static const char *major_label(int major)
{
    static const char *const labels[] = {"9.6", "10", "11", "12", "13",
                                         "14",  "15", "16", "17", "18"};
    return major >= 9 && major <= 18 ? labels[major - 9] : "?";
}

typedef struct Planner {
    UpgradePlan *plan;
    Arena *arena; /* the plan's */
    size_t cap;
    const ConfSet *set;
    double wal_segment_bytes;
} Planner;

static UpgradeItem *add_item(Planner *p, UpgradeKind kind, const ConfEntry *entry, int since)
{
    UpgradePlan *plan = p->plan;
    ARENA_GROW(p->arena, plan->items, plan->n_items, p->cap);
    UpgradeItem *item = &plan->items[plan->n_items++];
    item->kind = kind;
    item->since = since;
    if (entry) {
        item->name = arena_strdup(p->arena, entry->name);
        item->value = arena_strdup(p->arena, entry->value);
        item->file = arena_strdup(p->arena, entry->file);
        item->line = entry->line;
        item->column = entry->column;
    }
    return item;
}

/* A count of segments given as the server reads an integer ("64"), or -1. */
static double segments_of(const char *value)
{
    char *end;
    double n = strtod(value, &end);
    while (*end == ' ' || *end == '\t')
        end++;
    return *end || n < 0 ? -1 : n;
}

static char *convert_value(Planner *p, Convert convert, const char *value)
{
    double segment = p->wal_segment_bytes > 0 ? p->wal_segment_bytes : 16.0 * 1048576;
    double n;
    switch (convert) {
    case CONV_SAME: return xstrdup(value);
    case CONV_WAL_KEEP: /* wal_keep_size = wal_keep_segments × wal_segment_size (13 release notes)
                         */
        n = segments_of(value);
        return n < 0 ? NULL : xasprintf("%.0fMB", ceil(n * segment / 1048576));
    case CONV_CHECKPOINT_SEGMENTS:
        /* the 9.5 release notes: "max_wal_size = (3 * checkpoint_segments) * 16MB" */
        n = segments_of(value);
        return n < 0 ? NULL : xasprintf("%.0fMB", ceil(3 * n * segment / 1048576));
    }
    return NULL;
}

/* The 9.5 release notes add that max_wal_size's default "is much higher than the default
 * checkpoint_segments used to be, so adjusting it might no longer be necessary": a file that
 * raised checkpoint_segments above its default of 3 to an equivalent under the target's
 * max_wal_size default asked for less WAL between checkpoints than that default gives, and
 * writing the equivalent would cut it (review 2026-12t, h21b 19: 10 became 416MB, under 1GB). */
static bool default_covers(Convert convert, const char *value, const char *converted, int to)
{
    const CatalogParam *param = catalog_find(catalog_for_major(to), "max_wal_size");
    if (convert != CONV_CHECKPOINT_SEGMENTS || !param || !param->unit || strcmp(param->unit, "MB"))
        return false;
    return segments_of(value) > 3 && strtod(converted, NULL) < strtod(param->boot_val, NULL);
}

bool upgrade_successor(const char *name, const char *value, int to, char **new_name,
                       char **new_value)
{
    Planner p = {0};
    for (size_t idx = 0; idx < sizeof(changes) / sizeof(changes[0]); idx++) {
        if (strcasecmp(changes[idx].name, name) || !changes[idx].new_name ||
            changes[idx].gone_in > to ||
            !catalog_find(catalog_for_major(to), changes[idx].new_name))
            continue;
        *new_value = convert_value(&p, changes[idx].convert, value ? value : "");
        if (!*new_value)
            return false;
        if (default_covers(changes[idx].convert, value ? value : "", *new_value, to)) {
            free(*new_value);
            *new_value = NULL;
        }
        *new_name = xstrdup(changes[idx].new_name);
        return true;
    }
    return false;
}

/* The major that no longer has `name`, after `from` and up to `to`; 0 when it stays. */
static int gone_in(const char *name, int from, int to, int *change)
{
    *change = -1;
    int from_catalog = from;
    /* a name gone before --from too: the file was already refused there, M refuses it all the
     * same (a file carried along from an older major) */
    (void)from;
    for (size_t idx = 0; idx < sizeof(changes) / sizeof(changes[0]); idx++)
        if (!strcasecmp(changes[idx].name, name)) {
            *change = (int)idx;
            if (changes[idx].gone_in <= to)
                return changes[idx].gone_in;
        }
    /* the catalogs: known to `from` (or to 13 for an older source), not to `to` */
    int first = from_catalog < PK_MIN_MAJOR ? PK_MIN_MAJOR : from_catalog;
    const Catalog *source = catalog_for_major(first);
    if (!source || !catalog_find(source, name) || catalog_find(catalog_for_major(to), name))
        return 0;
    for (int major = first + 1; major <= to; major++)
        if (!catalog_find(catalog_for_major(major), name))
            return major;
    return 0;
}

static void plan_name(Planner *p, const ConfEntry *entry, int from, int to)
{
    int change;
    int since = gone_in(entry->name, from, to, &change);
    if (!since) {
        /* an old spelling the server still maps (ssl_ecdh_curve → ssl_groups on 18) */
        const char *target = catalog_alias_target(to, entry->name);
        if (target && strcasecmp(target, entry->name) &&
            !catalog_alias_target(from < 13 ? 13 : from, entry->name)) {
            UpgradeItem *item = add_item(p, UPG_DEPRECATED, entry, to);
            item->new_name = arena_strdup(p->arena, target);
            item->new_value = arena_strdup(p->arena, entry->value);
            item->message = arena_printf(p->arena, "%s is an old name for %s in %d: rename it",
                                         entry->name, target, to);
        }
        return;
    }
    const char *new_name = change >= 0 ? changes[change].new_name : NULL;
    if (new_name && catalog_find(catalog_for_major(to), new_name)) {
        UpgradeItem *item = add_item(p, UPG_RENAMED, entry, since);
        item->new_name = arena_strdup(p->arena, new_name);
        char *converted = convert_value(p, changes[change].convert, entry->value);
        bool covered =
            converted && default_covers(changes[change].convert, entry->value, converted, to);
        item->new_value = covered ? NULL : arena_strdup(p->arena, converted);
        item->blocks_start = true;
        if (covered)
            item->message = arena_printf(
                p->arena,
                "%s was replaced by %s in PostgreSQL %s; its equivalent, %s, is under %s's"
                " default, which gives more: the line is commented out",
                entry->name, new_name, major_label(since), converted, new_name);
        else if (item->new_value)
            item->message =
                arena_printf(p->arena, "%s was replaced by %s in PostgreSQL %s: %s = %s",
                             entry->name, new_name, major_label(since), new_name, item->new_value);
        else
            item->message =
                arena_printf(p->arena,
                             "%s was replaced by %s in PostgreSQL %s; the value \"%s\" has "
                             "no conversion: the line is commented out",
                             entry->name, new_name, major_label(since), entry->value);
        free(converted);
        return;
    }
    UpgradeItem *item = add_item(p, UPG_REMOVED, entry, since);
    item->blocks_start = true;
    const char *why = change >= 0 ? changes[change].why : NULL;
    if (!why)
        why = catalog_removal_advice(entry->name);
    item->message =
        arena_printf(p->arena, "%s was removed in PostgreSQL %s%s%s: the line is commented out",
                     entry->name, major_label(since), why ? "; " : "", why ? why : "");
}

static bool accepted(int major, const char *name, const char *value)
{
    const CatalogParam *param = catalog_find(catalog_for_major(major), name);
    if (!param)
        return true; /* custom or unknown: not a value question */
    GucValue val;
    return guc_parse_value(param, value, &val, NULL);
}

/* The value_changes row for a value `to` no longer accepts, or -1. The table wins over the
 * catalog: the servers accept some retired spellings only up to a major the enum lists of
 * pg_settings do not show (password_encryption = on until 13). */
static int value_change(const ConfEntry *entry, int to)
{
    for (size_t idx = 0; idx < sizeof(value_changes) / sizeof(value_changes[0]); idx++)
        if (!strcasecmp(value_changes[idx].name, entry->name) &&
            !strcasecmp(value_changes[idx].value, entry->value) && value_changes[idx].gone_in <= to)
            return (int)idx;
    return -1;
}

static void plan_value(Planner *p, const ConfEntry *entry, int from, int to)
{
    int known = value_change(entry, to);
    if (!catalog_find(catalog_for_major(to), entry->name) ||
        (known < 0 && accepted(to, entry->name, entry->value)))
        return;
    if (known < 0 && from >= PK_MIN_MAJOR && !accepted(from, entry->name, entry->value))
        return; /* already wrong for the source: lint's business, not the upgrade's */
    UpgradeItem *item = add_item(p, UPG_VALUE, entry, to);
    item->blocks_start = true;
    if (known >= 0) {
        item->since = value_changes[known].gone_in;
        item->new_value = arena_strdup(p->arena, value_changes[known].replacement);
    }
    if (item->new_value)
        item->message =
            arena_printf(p->arena,
                         "%s = %s is not accepted by PostgreSQL %d: the same setting is "
                         "%s = %s",
                         entry->name, entry->value, to, entry->name, item->new_value);
    else
        item->message =
            arena_printf(p->arena,
                         "%s = %s is not accepted by PostgreSQL %d: the line is commented "
                         "out (the default applies)",
                         entry->name, entry->value, to);
}

/* Defaults that differ between the source (13's catalog for an older one) and the target, for the
 * parameters the configuration leaves unset; and new parameters that change behaviour. */
static void plan_defaults(Planner *p, int from, int to)
{
    const Catalog *src = catalog_for_major(from < PK_MIN_MAJOR ? PK_MIN_MAJOR : from);
    const Catalog *dst = catalog_for_major(to);
    for (size_t idx = 0; idx < dst->n_params; idx++) {
        const CatalogParam *param = &dst->params[idx];
        const CatalogParam *old = catalog_find(src, param->name);
        if (!old || param->hidden || param->context == GUC_CTX_INTERNAL || !old->boot_val ||
            !param->boot_val || !strcmp(old->boot_val, param->boot_val) ||
            strchr(param->boot_val, '/') || strchr(old->boot_val, '/'))
            continue;
        if (conf_set_find_applied(p->set, param->name) >= 0)
            continue;
        UpgradeItem *item = add_item(p, UPG_DEFAULT_CHANGED, NULL, to);
        item->name = arena_strdup(p->arena, param->name);
        item->new_value = arena_strdup(p->arena, param->boot_val);
        item->value = arena_strdup(p->arena, old->boot_val);
        item->message =
            arena_printf(p->arena, "%s is not set here: its default changes from %s%s%s to %s%s%s",
                         param->name, *old->boot_val ? old->boot_val : "''", old->unit ? " " : "",
                         old->unit ? old->unit : "", *param->boot_val ? param->boot_val : "''",
                         param->unit ? " " : "", param->unit ? param->unit : "");
    }
    for (size_t idx = 0; idx < sizeof(new_behaviour) / sizeof(new_behaviour[0]); idx++)
        if (new_behaviour[idx].since > from && new_behaviour[idx].since <= to &&
            conf_set_find_applied(p->set, new_behaviour[idx].name) < 0) {
            UpgradeItem *item = add_item(p, UPG_DEFAULT_CHANGED, NULL, new_behaviour[idx].since);
            item->name = arena_strdup(p->arena, new_behaviour[idx].name);
            item->message = arena_printf(p->arena, "%s is new in %d and not set here: %s",
                                         new_behaviour[idx].name, new_behaviour[idx].since,
                                         new_behaviour[idx].note);
        }
}

static void plan_deprecations(Planner *p, int to)
{
    int idx = conf_set_find_applied(p->set, "password_encryption");
    const char *value = idx >= 0 ? p->set->entries[idx].value : NULL;
    for (size_t item = 0; value && item < p->plan->n_items; item++)
        if (p->plan->items[item].kind == UPG_VALUE && p->plan->items[item].new_value &&
            !strcasecmp(p->plan->items[item].name, "password_encryption"))
            value = p->plan->items[item].new_value; /* what the patched file says */
    if (to >= 18 && value && !strcasecmp(value, "md5")) {
        UpgradeItem *item = add_item(p, UPG_DEPRECATED, &p->set->entries[idx], 18);
        item->message =
            arena_strdup(p->arena, "password_encryption = md5: MD5 passwords are deprecated in "
                                   "PostgreSQL 18 (a warning each time one is set, while "
                                   "md5_password_warnings is on; support will be removed): use "
                                   "scram-sha-256 and have users set their passwords again");
    }
}

/* Each library of the preload lists needs its build for the target major. */
static void plan_preload(Planner *p, int to)
{
    static const char *const lists[] = {"shared_preload_libraries", "session_preload_libraries",
                                        "local_preload_libraries"};
    for (size_t list = 0; list < 3; list++) {
        int idx = conf_set_find_applied(p->set, lists[list]);
        if (idx < 0)
            continue;
        const ConfEntry *entry = &p->set->entries[idx];
        char *copy = xstrdup(entry->value), *save = NULL;
        for (char *lib = strtok_r(copy, ", \t\"", &save); lib;
             lib = strtok_r(NULL, ", \t\"", &save)) {
            bool contrib = false;
            for (const char *const *c = contrib_libraries; *c; c++)
                contrib = contrib || !strcmp(*c, lib);
            UpgradeItem *item = add_item(p, UPG_PRELOAD, entry, to);
            item->value = arena_strdup(p->arena, lib);
            item->message =
                contrib
                    ? arena_printf(p->arena,
                                   "%s (%s) ships with PostgreSQL: install the contrib modules of "
                                   "%d, then ALTER EXTENSION ... UPDATE where it is an extension",
                                   lib, lists[list], to)
                    : arena_printf(p->arena,
                                   "%s (%s) is not part of PostgreSQL: install its build for %d "
                                   "before starting the new server (it refuses to start without "
                                   "it), then ALTER EXTENSION ... UPDATE",
                                   lib, lists[list], to);
        }
        free(copy);
    }
}

void upgrade_plan(const ConfSet *set, int from, int to, double wal_segment_bytes, UpgradePlan *out)
{
    memset(out, 0, sizeof(*out));
    out->arena = arena_new();
    out->from = from;
    out->to = to;
    Planner p = {
        .plan = out, .arena = out->arena, .set = set, .wal_segment_bytes = wal_segment_bytes};
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (!entry->name || entry->error)
            continue;
        size_t before = out->n_items;
        plan_name(&p, entry, from, to);
        /* the server checks the value of the line it applies only */
        if (out->n_items == before && entry->applied)
            plan_value(&p, entry, from, to);
    }
    plan_deprecations(&p, to);
    plan_preload(&p, to);
    plan_defaults(&p, from, to);
}
