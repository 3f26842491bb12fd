#include "audit/drift.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/value.h"
#include "common/xalloc.h"

#define DRIFT_DOC "https://www.postgresql.org/docs/current/view-pg-settings.html"

/* pg_settings.source in words: who set the live value. */
static char *source_words(const DbResult *src, const char *name)
{
    for (int row = 0; src && row < src->n_rows; row++) {
        if (strcasecmp(db_text(src, row, 0), name))
            continue;
        const char *source = db_text(src, row, 1);
        const char *file = db_text(src, row, 2);
        long line = (long)db_num(src, row, 3, 0);
        if (!strcmp(source, "configuration file")) {
            if (!file)
                return xstrdup("a configuration file (sourcefile needs pg_read_all_settings)");
            const char *base = strrchr(file, '/');
            if (!strcmp(base ? base + 1 : file, "postgresql.auto.conf"))
                return xasprintf("ALTER SYSTEM (%s:%ld)", file, line);
            return xasprintf("the configuration file %s:%ld", file, line);
        }
        if (!strcmp(source, "command line"))
            return xstrdup("the server's command line (postgres -c, pg_ctl -o)");
        if (!strcmp(source, "database"))
            return xstrdup("ALTER DATABASE ... SET (this session's database)");
        if (!strcmp(source, "user"))
            return xstrdup("ALTER ROLE ... SET (this session's role)");
        if (!strcmp(source, "database user"))
            return xstrdup("ALTER ROLE ... IN DATABASE ... SET (this session's role)");
        return xasprintf("%s (pg_settings.source)", source);
    }
    return xstrdup("the server's default (the configuration's line is not in effect)");
}

/* Both values as pg_settings.setting shows them (base unit), for an exact comparison. */
static bool same_value(const SnapSetting *live, const SnapSetting *file)
{
    if (!live->parsed_ok || !file->parsed_ok || !live->param || !file->param)
        return !strcasecmp(live->value, file->value);
    char *a = guc_value_to_setting(live->param, &live->parsed);
    char *b = guc_value_to_setting(file->param, &file->parsed);
    bool same = !strcasecmp(a, b);
    free(a);
    free(b);
    return same;
}

static void drift_values(DbConn *conn, const AuditResult *live, const Snapshot *file,
                         const char *label, FindingList *out)
{
    DbResult src;
    bool have_src = db_run(conn, "setting_sources", &src);
    for (size_t idx = 0; idx < file->n_settings; idx++) {
        const SnapSetting *want = &file->settings[idx];
        if (want->source != SRC_FILE)
            continue;
        const SnapSetting *got = snapshot_get(&live->snap, want->name);
        if (!got || same_value(got, want))
            continue;
        char *from = source_words(have_src ? &src : NULL, want->name);
        Finding *f = findings_add(out, "PK0910", "audit.drift", SEV_WARNING, "audit");
        f->title = xasprintf("\"%s\" differs from %s", want->name, label);
        f->message = xasprintf("%s runs with %s = %s, but %s:%d sets %s: the live value comes "
                               "from %s",
                               "the server", want->name, got->value, want->file, want->line,
                               want->value, from);
        f->hint = xstrdup("make the configuration say what runs, or reset the override "
                          "(ALTER SYSTEM RESET, ALTER ROLE/DATABASE ... RESET) and reload");
        finding_add_setting(f, want->name, want->value, want->file, want->line);
        finding_add_evidence(f, from);
        finding_add_link(f, DRIFT_DOC);
        free(from);
    }
    db_result_free(&src);
}

/* A per-role or per-database memory setting multiplies what the file's arithmetic assumed. */
static bool memory_parameter(const char *name)
{
    static const char *const names[] = {"work_mem",
                                        "maintenance_work_mem",
                                        "temp_buffers",
                                        "hash_mem_multiplier",
                                        "logical_decoding_work_mem",
                                        NULL};
    for (const char *const *n = names; *n; n++)
        if (!strcasecmp(*n, name))
            return true;
    return false;
}

static void drift_roles(DbConn *conn, FindingList *out)
{
    DbResult res;
    if (!db_run(conn, "role_settings", &res)) {
        db_result_free(&res);
        return;
    }
    for (int row = 0; row < res.n_rows; row++) {
        const char *role = db_text(&res, row, 0), *db = db_text(&res, row, 1);
        const char *cfg = db_text(&res, row, 2);
        const char *eq = cfg ? strchr(cfg, '=') : NULL;
        if (!eq)
            continue;
        char *name = xstrndup(cfg, (size_t)(eq - cfg));
        bool memory = memory_parameter(name);
        Finding *f = findings_add(out, "PK0911", "audit.role-override",
                                  memory ? SEV_WARNING : SEV_NOTICE, "audit");
        char *who = *role && *db ? xasprintf("ALTER ROLE %s IN DATABASE %s", role, db)
                    : *role      ? xasprintf("ALTER ROLE %s", role)
                                 : xasprintf("ALTER DATABASE %s", db);
        f->title = xasprintf("%s SET %s", who, name);
        f->message = xasprintf("%s SET %s = %s: sessions of %s run with it, whatever the "
                               "configuration file says%s",
                               who, name, eq + 1, *role ? role : db,
                               memory ? "; the memory the file's settings imply does not "
                                        "count it (each sort or hash of those sessions may use "
                                        "this much)"
                                      : "");
        f->hint = xasprintf("%s RESET %s, if the file's value is meant", who, name);
        finding_add_setting(f, name, eq + 1, NULL, 0);
        free(who);
        free(name);
    }
    db_result_free(&res);
}

void audit_drift(DbConn *conn, const AuditResult *live, const Snapshot *file, const char *label,
                 FindingList *out)
{
    drift_values(conn, live, file, label, out);
    drift_roles(conn, out);
}
