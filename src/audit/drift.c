#include "audit/drift.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/value.h"
#include "common/redact.h"
#include "common/xalloc.h"
#include "model/finding_ids.h"

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
        Finding *f =
            finding_raise(out, "PK0910", xasprintf("\"%s\" differs from %s", want->name, label));
        f->message = finding_printf(f,
                                    "%s runs with %s = %s, but %s:%d sets %s: the live value comes "
                                    "from %s",
                                    "the server", want->name, got->value, want->file, want->line,
                                    want->value, from);
        f->hint =
            finding_strdup(f, "make the configuration say what runs, or reset the override "
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

/* Every pg_db_role_setting entry the audit read (AuditResult.snap.overrides). */
static void drift_roles(const Snapshot *live, FindingList *out)
{
    for (size_t idx = 0; idx < live->n_overrides; idx++) {
        const SnapOverride *o = &live->overrides[idx];
        bool memory = memory_parameter(o->name);
        /* a custom setting may hold a credential (myapp.api_password): never quoted */
        char *value = redact_value(NULL, o->name, o->value);
        char *stmt = snapshot_override_statement(o), *who = snapshot_override_who(o);
        Finding *f = finding_raise(out, "PK0911", xasprintf("%s %s", stmt, o->name));
        /* the memory rules count the largest such value: a warning (the row's notice else) */
        if (memory)
            f->severity = SEV_WARNING;
        f->message =
            finding_printf(f,
                           "%s %s = %s: sessions of %s run with it, whatever the "
                           "configuration file says%s",
                           stmt, o->name, value, who,
                           memory ? "; the memory rules (PK2001, PK2002, PK2020) count the "
                                    "largest such value as the worst case"
                                  : "");
        char *reset = xstrdup(stmt);
        size_t len = strlen(reset);
        if (len >= 3 && !strcmp(reset + len - 3, "SET"))
            reset[len - 3] = '\0';
        f->hint = finding_printf(f, "%sRESET %s, if the file's value is meant", reset, o->name);
        finding_add_setting(f, o->name, value, NULL, 0);
        free(reset);
        free(stmt);
        free(who);
        free(value);
    }
}

void audit_drift(DbConn *conn, const AuditResult *live, const Snapshot *file, const char *label,
                 FindingList *out)
{
    drift_values(conn, live, file, label, out);
    drift_roles(&live->snap, out);
}
