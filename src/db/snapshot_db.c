/* Snapshot of a live server from pg_settings, with a catalog taken from the same server. */
#include "db/snapshot_db.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/xalloc.h"
#include "model/finding_ids.h"

/* Column positions of the "settings" query (db/queries.c). */
enum {
    COL_NAME,
    COL_VALUE,
    COL_UNIT,
    COL_SOURCE,
    COL_FILE,
    COL_LINE,
    COL_PENDING,
    COL_VARTYPE,
    COL_CONTEXT,
    COL_CATEGORY,
    COL_DESC,
    COL_MIN,
    COL_MAX,
    COL_ENUMVALS,
    COL_BOOT,
};

static char *lowercase(Arena *arena, const char *text)
{
    char *copy = arena_strdup(arena, text);
    for (char *p = copy; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return copy;
}

static GucType parse_vartype(const char *text)
{
    static const struct {
        const char *name;
        GucType type;
    } types[] = {
        {"bool", GUC_BOOL},
        {"integer", GUC_INTEGER},
        {"real", GUC_REAL},
        {"enum", GUC_ENUM},
    };
    for (size_t type_idx = 0; type_idx < sizeof(types) / sizeof(types[0]); type_idx++)
        if (text && !strcmp(text, types[type_idx].name))
            return types[type_idx].type;
    return GUC_STRING;
}

static GucContext parse_context(const char *text)
{
    static const struct {
        const char *name;
        GucContext ctx;
    } contexts[] = {
        {"internal", GUC_CTX_INTERNAL}, {"postmaster", GUC_CTX_POSTMASTER},
        {"sighup", GUC_CTX_SIGHUP},     {"superuser-backend", GUC_CTX_SUPERUSER_BACKEND},
        {"backend", GUC_CTX_BACKEND},   {"superuser", GUC_CTX_SUPERUSER},
    };
    for (size_t ctx_idx = 0; ctx_idx < sizeof(contexts) / sizeof(contexts[0]); ctx_idx++)
        if (text && !strcmp(text, contexts[ctx_idx].name))
            return contexts[ctx_idx].ctx;
    return GUC_CTX_USER;
}

/* "sync,worker,io_uring" → a NULL-terminated array in the arena. */
static const char *const *parse_enumvals(Arena *arena, const char *text)
{
    if (!text || !*text)
        return NULL;
    size_t n_vals = 1;
    for (const char *p = text; *p; p++)
        n_vals += *p == ',';
    char *copy = arena_strdup(arena, text);
    const char **vals = arena_array(arena, n_vals + 1, sizeof(*vals));
    size_t val_idx = 0;
    for (char *save = NULL, *tok = strtok_r(copy, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save))
        vals[val_idx++] = tok;
    return vals;
}

static void fill_param(Arena *arena, CatalogParam *param, const DbResult *res, int row)
{
    param->name = lowercase(arena, db_text(res, row, COL_NAME));
    param->type = parse_vartype(db_text(res, row, COL_VARTYPE));
    param->unit = arena_strdup(arena, db_text(res, row, COL_UNIT));
    param->boot_val = arena_strdup(arena, db_text(res, row, COL_BOOT));
    param->min_val = arena_strdup(arena, db_text(res, row, COL_MIN));
    param->max_val = arena_strdup(arena, db_text(res, row, COL_MAX));
    param->enum_vals =
        param->type == GUC_ENUM ? parse_enumvals(arena, db_text(res, row, COL_ENUMVALS)) : NULL;
    param->context = parse_context(db_text(res, row, COL_CONTEXT));
    param->category = arena_strdup(arena, db_text(res, row, COL_CATEGORY));
    param->short_desc = arena_strdup(arena, db_text(res, row, COL_DESC));
    param->since_minor = NULL;
}

/* pg_settings.setting is already canonical (base unit, lower-case enum, on/off). */
static bool parse_setting(const CatalogParam *param, const char *text, GucValue *out)
{
    memset(out, 0, sizeof(*out));
    out->type = param->type;
    char *end;
    switch (param->type) {
    case GUC_BOOL:
        out->boolval = !strcmp(text, "on");
        return !strcmp(text, "on") || !strcmp(text, "off");
    case GUC_INTEGER:
        /* base 0: pg_settings shows log_file_mode, unix_socket_permissions and
         * data_directory_mode in octal ("0777"), every other integer in decimal */
        out->num = (double)strtol(text, &end, 0);
        return end != text && *end == '\0';
    case GUC_REAL: out->num = strtod(text, &end); return end != text && *end == '\0';
    case GUC_ENUM:
        for (const char *const *val = param->enum_vals; val && *val; val++)
            if (!strcmp(*val, text))
                out->enum_val = *val;
        return out->enum_val != NULL;
    case GUC_STRING: out->str = text; return true;
    }
    return false;
}

static int param_cmp(const void *pa, const void *pb)
{
    return strcmp(((const CatalogParam *)pa)->name, ((const CatalogParam *)pb)->name);
}

static int setting_cmp(const void *pa, const void *pb)
{
    return strcmp(((const SnapSetting *)pa)->name, ((const SnapSetting *)pb)->name);
}

/* bsearch by a bare name: the key is the string, the element a SnapSetting. */
static int setting_name_cmp(const void *name, const void *elem)
{
    return strcmp(name, ((const SnapSetting *)elem)->name);
}

static const CatalogParam *find_param(const Catalog *catalog, const char *lower_name)
{
    CatalogParam key = {.name = lower_name};
    return bsearch(&key, catalog->params, catalog->n_params, sizeof(key), param_cmp);
}

static const Catalog *catalog_from_rows(Arena *arena, const DbResult *res, int version_num,
                                        const char *version)
{
    Catalog *catalog = arena_alloc(arena, sizeof(*catalog));
    CatalogParam *params = arena_array(arena, (size_t)res->n_rows + 1, sizeof(*params));
    for (int row = 0; row < res->n_rows; row++)
        fill_param(arena, &params[row], res, row);
    qsort(params, (size_t)res->n_rows, sizeof(*params), param_cmp);
    catalog->major = version_num / 10000;
    catalog->server_version = arena_strdup(arena, version);
    catalog->params = params;
    catalog->n_params = (size_t)res->n_rows;
    return catalog;
}

static void add_pending_restart(FindingList *findings, const SnapSetting *setting)
{
    Finding *f = finding_raise(
        findings, "PK0902",
        xasprintf("\"%s\" was changed but waits for a server restart", setting->name));
    char *running = setting->parsed_ok ? guc_value_pretty(setting->param, &setting->parsed)
                                       : xstrdup(setting->value);
    f->message =
        finding_printf(f,
                       "the configuration files set a new value for \"%s\", but the running "
                       "server keeps using %s until it is restarted",
                       setting->name, running);
    free(running);
    f->suggestion =
        finding_strdup(f, "restart the server in a maintenance window, or revert the change "
                          "so the files describe what is running");
    finding_add_setting(f, setting->name, setting->value, setting->file, setting->line);
}

static void fill_setting(Arena *arena, SnapSetting *setting, const Catalog *catalog,
                         const DbResult *res, int row)
{
    setting->name = lowercase(arena, db_text(res, row, COL_NAME));
    const char *value = db_text(res, row, COL_VALUE) ? db_text(res, row, COL_VALUE) : "";
    value = arena_strdup(arena, value);
    setting->value = value;
    setting->param = find_param(catalog, setting->name);
    setting->parsed_ok = setting->param && parse_setting(setting->param, value, &setting->parsed);
    /* Shown as lint shows a file's value, with its unit (128MB, not 16384); the base-unit
     * number stays in `parsed` (reports print it as "setting"). Strings keep their text:
     * parsed.str points into it. */
    if (setting->parsed_ok && setting->param->unit && *setting->param->unit &&
        (setting->param->type == GUC_INTEGER || setting->param->type == GUC_REAL)) {
        char *pretty = guc_value_pretty(setting->param, &setting->parsed);
        setting->value = arena_strdup(arena, pretty);
        free(pretty);
    }
    const char *source = db_text(res, row, COL_SOURCE);
    setting->source = source && !strcmp(source, "default") ? SRC_DEFAULT : SRC_SERVER;
    setting->from_role_db = source && (!strcmp(source, "database") || !strcmp(source, "user") ||
                                       !strcmp(source, "database user"));
    setting->file = arena_strdup(arena, db_text(res, row, COL_FILE));
    setting->line = (int)db_num(res, row, COL_LINE, 0);
    setting->line_text = NULL;
}

static const SnapSetting *find_setting(const Snapshot *snap, const char *lower_name)
{
    return bsearch(lower_name, snap->settings, snap->n_settings, sizeof(*snap->settings),
                   setting_name_cmp);
}

bool snapshot_db_read(DbConn *conn, Snapshot *snap, FindingList *findings, PkDiag *diag)
{
    DbResult res;
    if (!db_run(conn, "settings", &res)) {
        pk_diag_set(diag, NULL, 0, NULL, "could not read pg_settings: %s", res.error);
        db_result_free(&res);
        return false;
    }
    int version_num = db_server_version_num(conn);
    char version[32];
    snprintf(version, sizeof(version), "%d.%d", version_num / 10000, version_num % 10000);
    Arena *arena = arena_get(&snap->arena);
    const Catalog *catalog = catalog_from_rows(arena, &res, version_num, version);
    snap->pg_major = version_num / 10000;
    snap->pg_version_label = arena_strdup(arena, version);
    snap->catalog = catalog;
    snap->live = true;
    host_facts_init_unknown(&snap->host);
    snap->settings = arena_array(arena, (size_t)res.n_rows + 1, sizeof(*snap->settings));
    snap->n_settings = (size_t)res.n_rows;
    for (int row = 0; row < res.n_rows; row++)
        fill_setting(arena, &snap->settings[row], catalog, &res, row);
    qsort(snap->settings, snap->n_settings, sizeof(*snap->settings), setting_cmp);
    for (int row = 0; row < res.n_rows; row++)
        if (db_bool(&res, row, COL_PENDING, false)) {
            const char *name = lowercase(arena, db_text(&res, row, COL_NAME));
            add_pending_restart(findings, find_setting(snap, name));
        }
    db_result_free(&res);
    return true;
}

static Finding *pending_restart_finding(FindingList *findings, const char *name)
{
    for (size_t finding_idx = 0; finding_idx < findings->n; finding_idx++) {
        Finding *f = &findings->items[finding_idx];
        if (!strcmp(f->rule_id, "PK0902") && f->n_settings &&
            !strcasecmp(f->settings[0].name, name))
            return f;
    }
    return NULL;
}

/* Columns of "file_settings": sourcefile, sourceline, seqno, name, setting, applied, error. */
static void add_file_error(FindingList *findings, const DbResult *res, int row)
{
    const char *file = db_text(res, row, 0), *name = db_text(res, row, 3);
    const char *value = db_text(res, row, 4), *error = db_text(res, row, 6);
    Finding *f = finding_raise(
        findings, "PK0901",
        name ? xasprintf("the server cannot apply \"%s\" = '%s'", name, value ? value : "")
             : xasprintf("the configuration file has an error: %s", error));
    f->file = finding_strdup(f, file);
    f->line = (int)db_num(res, row, 1, 0);
    /* "setting could not be applied" is a postmaster value waiting for a restart, not a refusal */
    f->refuses_start = !error || strcmp(error, "setting could not be applied");
    if (name)
        finding_add_setting(f, name, value ? value : "", file, f->line);
    if (name)
        f->message = finding_printf(f,
                                    "\"%s\" = '%s' cannot be applied (pg_file_settings: %s): the "
                                    "server ignored it on reload and will refuse to start with it",
                                    name, value ? value : "", error);
    else
        f->message =
            finding_printf(f,
                           "%s (pg_file_settings): the server ignored the file on reload and "
                           "will refuse to start with it",
                           error);
    f->suggestion =
        finding_strdup(f, "fix the line (pgknob lint on the file shows why) before the next "
                          "restart");
}

bool snapshot_db_file_errors(DbConn *conn, FindingList *findings, char **why)
{
    DbResult res;
    if (!db_run(conn, "file_settings", &res)) {
        *why = xstrdup(res.error);
        db_result_free(&res);
        return false;
    }
    for (int row = 0; row < res.n_rows; row++) {
        const char *name = db_text(&res, row, 3);
        /* A postmaster parameter changed on reload shows as "could not be applied": that is
         * the pending restart already reported (now with the line that changed it). */
        Finding *pending = name ? pending_restart_finding(findings, name) : NULL;
        if (pending) {
            pending->file = finding_strdup(pending, db_text(&res, row, 0));
            pending->line = (int)db_num(&res, row, 1, 0);
            continue;
        }
        add_file_error(findings, &res, row);
    }
    db_result_free(&res);
    return true;
}
