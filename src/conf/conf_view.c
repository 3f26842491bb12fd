/* The pg_file_settings view offline: the server's own rules (ProcessConfigFileInternal) decide
 * `applied` and the per-entry errors of a ConfSet read in view mode. Any reading error applies
 * nothing; a name that is neither known nor ext.name is "unrecognized configuration parameter"
 * and applies nothing; earlier entries of a known parameter spelled exactly alike are
 * superseded; custom names are not deduplicated (the view keeps every one applied); values are
 * parsed as set_config_option does, and one that does not parse "could not be applied".
 * Postmaster parameters are judged as at server start (the view of a running server also
 * refuses a value that differs from the running one, which no file alone can tell). */
#include "conf/conf_view.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "catalog/value.h"
#include "common/strbuf.h"
#include "common/xalloc.h"

/* The server's find_option: the variable, following the old names it maps (sort_mem). NULL
 * for names the catalog does not know. */
static const CatalogParam *view_find(const Catalog *cat, int major, const char *name)
{
    const CatalogParam *param = catalog_find(cat, name);
    if (!param) {
        const char *target = catalog_alias_target(major, name);
        if (target)
            param = catalog_find(cat, target);
    }
    return param;
}

/* The view marks earlier entries of a known variable as ignored, comparing names with strcmp
 * (so work_mem and WORK_MEM both stay applied); custom names are never deduplicated. */
typedef struct ViewCatalog {
    const Catalog *cat;
    int major;
} ViewCatalog;

static bool view_knows(const char *name, const void *arg)
{
    const ViewCatalog *vc = arg;
    return view_find(vc->cat, vc->major, name) != NULL;
}

static void view_mark_ignored(const ConfSet *set, const Catalog *cat, int major, ConfViewRow *rows)
{
    ViewCatalog vc = {cat, major};
    int *next = conf_set_next_same_name(set, true, view_knows, &vc);
    for (size_t ent = 0; ent < set->n_entries; ent++)
        if (next[ent] >= 0)
            rows[ent].ignored = true;
    free(next);
}

/* Names that are neither known nor ext.name: the view's "unrecognized configuration
 * parameter", which stops it before anything is applied. */
/* A string from malloc, moved into the arena. */
static char *keep(Arena *arena, char *heap)
{
    char *copy = arena_strdup(arena, heap);
    free(heap);
    return copy;
}

static bool view_check_names(Arena *arena, const ConfSet *set, const Catalog *cat, int major,
                             ConfViewRow *rows)
{
    bool all_known = true;
    for (size_t ent = 0; ent < set->n_entries; ent++) {
        const char *name = set->entries[ent].name;
        if (!name || rows[ent].ignored || view_find(cat, major, name) || strchr(name, '.'))
            continue;
        rows[ent].error = "unrecognized configuration parameter";
        if (strncmp(name, "\xef\xbb\xbf", 3) == 0) {
            rows[ent].hint = ("the file starts with a UTF-8 byte-order mark, which the "
                              "server reads as part of the first name: save it without");
            all_known = false;
            continue;
        }
        char *note = catalog_version_note(major, name);
        const char *suggestion = catalog_suggest(cat, name);
        rows[ent].hint = note         ? keep(arena, note)
                         : suggestion ? arena_printf(arena, "did you mean \"%s\"?", suggestion)
                                      : NULL;
        all_known = false;
    }
    return all_known;
}

/* set_config_option without changing anything: the value must parse, and internal
 * parameters cannot be set from a file. Postmaster parameters are taken as at server start. */
static void view_apply(Arena *arena, const ConfEntry *entry, const CatalogParam *param, int major,
                       ConfViewRow *row)
{
    if (!param) {
        row->applied = true; /* a custom placeholder takes any value */
        return;
    }
    GucValue val;
    PkDiag err = PK_DIAG_INIT;
    if (param->context == GUC_CTX_INTERNAL) {
        row->error = "setting could not be applied";
        row->hint = arena_printf(arena, "parameter \"%s\" cannot be changed", param->name);
    } else if (!guc_parse_value_for(param, major, entry->value, &val, &err)) {
        row->error = "setting could not be applied";
        const char *more = err.hint ? err.hint : err.detail; /* HINT, else DETAIL */
        row->hint = more ? arena_printf(arena, "%s; %s", err.message, more)
                         : arena_strdup(arena, err.message);
        pk_diag_free(&err);
    } else {
        row->applied = true;
        row->normalized = keep(arena, guc_value_to_setting(param, &val));
    }
}

static ConfViewRow *view_compute(Arena *arena, const ConfSet *set, int major)
{
    ConfViewRow *rows = arena_array(arena, set->n_entries + 1, sizeof(*rows));
    bool read_error = false;
    for (size_t ent = 0; ent < set->n_entries; ent++) {
        const ConfEntry *entry = &set->entries[ent];
        rows[ent].error = entry->error; /* the set outlives its view */
        rows[ent].hint = entry->error_hint;
        read_error |= entry->error != NULL;
    }
    const Catalog *cat = catalog_for_major(major);
    if (read_error || !cat)
        return rows; /* the view stops before applying anything */
    view_mark_ignored(set, cat, major, rows);
    if (!view_check_names(arena, set, cat, major, rows))
        return rows;
    for (size_t ent = 0; ent < set->n_entries; ent++) {
        const ConfEntry *entry = &set->entries[ent];
        if (entry->name && !rows[ent].ignored)
            view_apply(arena, entry, view_find(cat, major, entry->name), major, &rows[ent]);
    }
    return rows;
}

void conf_view_compute(const ConfSet *set, int major, ConfView *view)
{
    view->major = major ? major : set->data_dir_major;
    if (!catalog_for_major(view->major))
        view->major = PK_DEFAULT_MAJOR;
    view->arena = arena_new();
    view->rows = view_compute(view->arena, set, view->major);
    view->n = set->n_entries;
}
