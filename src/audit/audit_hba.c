#include "audit/audit_hba.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"
#include "hba/hba.h"
#include "lint/lint_hba.h"

/* A text[] column sent as JSON: its strings (NULL elements skipped). Caller frees the array
 * (the strings belong to `json`). */
static const char **json_strings(const char *text, json_t **json, size_t *n)
{
    *n = 0;
    *json = text ? json_loads(text, 0, NULL) : NULL;
    if (!json_is_array(*json))
        return NULL;
    size_t size = json_array_size(*json);
    const char **items = xcalloc(size ? size : 1, sizeof(char *));
    for (size_t idx = 0; idx < size; idx++) {
        const char *s = json_string_value(json_array_get(*json, idx));
        if (s)
            items[(*n)++] = s;
    }
    return items;
}

void audit_hba(DbConn *conn, AuditResult *res)
{
    DbResult rows;
    if (!db_run(conn, "hba_rules", &rows)) {
        const char *why = rows.sqlstate && !strcmp(rows.sqlstate, "42501")
                              ? "readable only by superusers, or a role granted SELECT on"
                                " pg_hba_file_rules and EXECUTE on pg_hba_file_rules()"
                              : rows.error;
        audit_unavailable(res, "client authentication rules (pg_hba_file_rules)", why,
                          rows.status != DB_NOT_APPLICABLE);
        db_result_free(&rows);
        return;
    }
    HbaSet set = {.opts = {.major = res->snap.pg_major}};
    const SnapSetting *hba_file = snapshot_get(&res->snap, "hba_file");
    set.hba.path = arena_strdup(arena_get(&set.arena),
                                hba_file && hba_file->value[0] ? hba_file->value : "pg_hba.conf");
    for (int row = 0; row < rows.n_rows; row++) {
        json_t *dbs_json, *users_json, *opts_json;
        HbaViewRow v = {.line = (int)db_num(&rows, row, 0, 0),
                        .file = db_text(&rows, row, 1),
                        .type = db_text(&rows, row, 2),
                        .address = db_text(&rows, row, 5),
                        .netmask = db_text(&rows, row, 6),
                        .method = db_text(&rows, row, 7),
                        .error = db_text(&rows, row, 9)};
        const char **dbs = json_strings(db_text(&rows, row, 3), &dbs_json, &v.n_databases);
        const char **users = json_strings(db_text(&rows, row, 4), &users_json, &v.n_users);
        const char **opts = json_strings(db_text(&rows, row, 8), &opts_json, &v.n_options);
        v.databases = dbs;
        v.users = users;
        v.options = opts;
        hba_set_add_view_row(&set, &v);
        free(dbs);
        free(users);
        free(opts);
        json_decref(dbs_json);
        json_decref(users_json);
        json_decref(opts_json);
    }
    db_result_free(&rows);
    set.hba.loads = true;
    /* the file's errors: what a restart (or the next reload) would meet */
    for (size_t idx = 0; idx < set.n_rules; idx++) {
        const HbaRule *r = &set.rules[idx];
        if (!r->error)
            continue;
        Finding *f = lint_hba_finding(&res->findings, r->parsed ? "PK0204" : "PK0201", r->file,
                                      r->line, set.opts.major, "auth-pg-hba-conf.html");
        f->message = finding_strdup(f, r->error);
        f->refuses_start = !r->parsed;
        if (!r->parsed)
            f->hint =
                finding_strdup(f, "pg_hba.conf on disk has this error now: a reload keeps the old"
                                  " rules, and a restart fails.");
    }
    lint_hba_semantics(&set, &res->snap, &res->findings);
    arena_free(set.arena);
}
