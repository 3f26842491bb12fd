#include "lab/guard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "common/strbuf.h"
#include "common/xalloc.h"

volatile sig_atomic_t lab_stop_flag = 0;
static volatile sig_atomic_t stop_signal = 0;

static void on_stop_signal(int signo)
{
    lab_stop_flag = 1;
    stop_signal = signo;
}

void lab_signals_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

int lab_stop_signal(void)
{
    return stop_signal;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* ---- pg_settings snapshots ---- */

static int guc_row_cmp(const void *a, const void *b)
{
    return strcmp(((const GucRow *)a)->name, ((const GucRow *)b)->name);
}

bool guc_table_read(PGconn *conn, GucTable *out, char **errmsg)
{
    memset(out, 0, sizeof(*out));
    PGresult *res = PQexec(conn, "SELECT name, coalesce(setting, ''), context FROM pg_settings");
    if (PQresultStatus(res) != PGRES_TUPLES_OK) {
        *errmsg = xasprintf("could not read pg_settings: %s", PQerrorMessage(conn));
        PQclear(res);
        return false;
    }
    out->n = (size_t)PQntuples(res);
    out->rows = xcalloc(out->n ? out->n : 1, sizeof(GucRow));
    for (size_t row = 0; row < out->n; row++) {
        out->rows[row].name = xstrdup(PQgetvalue(res, (int)row, 0));
        out->rows[row].setting = xstrdup(PQgetvalue(res, (int)row, 1));
        out->rows[row].context = xstrdup(PQgetvalue(res, (int)row, 2));
    }
    PQclear(res);
    qsort(out->rows, out->n, sizeof(GucRow), guc_row_cmp);
    return true;
}

const GucRow *guc_table_get(const GucTable *table, const char *name)
{
    for (size_t row = 0; row < table->n; row++)
        if (strcasecmp(table->rows[row].name, name) == 0)
            return &table->rows[row];
    return NULL;
}

char *guc_table_diff(const GucTable *before, const GucTable *after)
{
    StrBuf sb = STRBUF_INIT;
    for (size_t row = 0; row < before->n; row++) {
        const GucRow *old = &before->rows[row];
        const GucRow *cur = guc_table_get(after, old->name);
        if (!cur)
            sb_printf(&sb, "%s: \"%s\" → (missing)\n", old->name, old->setting);
        else if (strcmp(old->setting, cur->setting) != 0)
            sb_printf(&sb, "%s: \"%s\" → \"%s\"\n", old->name, old->setting, cur->setting);
    }
    return sb.len ? sb_detach(&sb) : NULL;
}

void guc_table_free(GucTable *table)
{
    for (size_t row = 0; row < table->n; row++) {
        free(table->rows[row].name);
        free(table->rows[row].setting);
        free(table->rows[row].context);
    }
    free(table->rows);
    memset(table, 0, sizeof(*table));
}

/* ---- postgresql.auto.conf as it was ---- */

static bool read_auto_conf(PGconn *conn, LabSettings *out, char **errmsg)
{
    PGresult *res = PQexec(conn, "SELECT name, setting FROM pg_file_settings "
                                 "WHERE sourcefile LIKE '%/postgresql.auto.conf' ORDER BY seqno");
    if (PQresultStatus(res) != PGRES_TUPLES_OK) {
        *errmsg = xasprintf("could not read pg_file_settings: %s", PQerrorMessage(conn));
        PQclear(res);
        return false;
    }
    for (int row = 0; row < PQntuples(res); row++)
        lab_settings_put(out, PQgetvalue(res, row, 0), PQgetvalue(res, row, 1),
                         "postgresql.auto.conf", 0);
    PQclear(res);
    return true;
}

bool guard_begin(SettingsGuard *guard, LabTarget *target, char **errmsg)
{
    memset(guard, 0, sizeof(*guard));
    if (!guc_table_read(target->conn, &guard->original, errmsg))
        return false;
    if (!read_auto_conf(target->conn, &guard->auto_before, errmsg)) {
        guc_table_free(&guard->original);
        return false;
    }
    if (target->kind == TARGET_EXISTING) {
        char *ignored = NULL;
        guard->auto_conf_text =
            target_query_value(target->conn, "SELECT pg_read_file('postgresql.auto.conf')",
                               &ignored);
        free(ignored);
    }
    guard->active = true;
    return true;
}

static void note_touched(SettingsGuard *guard, const char *name)
{
    for (size_t idx = 0; idx < guard->n_touched; idx++)
        if (strcasecmp(guard->touched[idx], name) == 0)
            return;
    guard->touched = xrealloc(guard->touched, (guard->n_touched + 1) * sizeof(char *));
    guard->touched[guard->n_touched++] = xstrdup(name);
}

/* ALTER SYSTEM SET name = 'value' (or RESET when value is NULL). */
static bool alter_system(PGconn *conn, const char *name, const char *value, char **errmsg)
{
    char *ident = PQescapeIdentifier(conn, name, strlen(name));
    char *sql;
    if (value) {
        char *lit = PQescapeLiteral(conn, value, strlen(value));
        sql = xasprintf("ALTER SYSTEM SET %s = %s", ident, lit ? lit : "''");
        PQfreemem(lit);
    } else {
        sql = xasprintf("ALTER SYSTEM RESET %s", ident);
    }
    PQfreemem(ident);
    char *err = NULL;
    bool ok = target_exec(conn, sql, &err);
    if (!ok) {
        *errmsg = xasprintf("%s: %s", sql, err);
        free(err);
    }
    free(sql);
    return ok;
}

/* The value a touched parameter goes back to: its earlier ALTER SYSTEM entry, or RESET. */
static bool restore_one(SettingsGuard *guard, PGconn *conn, const char *name, char **errmsg)
{
    const LabSetting *before = lab_settings_get(&guard->auto_before, name);
    return alter_system(conn, name, before ? before->value : NULL, errmsg);
}

/* pg_reload_conf(), then wait until this session has processed it (pg_conf_load_time moves). */
static bool reload_and_wait(PGconn *conn, char **errmsg)
{
    char *before = target_query_value(conn, "SELECT pg_conf_load_time()", errmsg);
    if (!before)
        return false;
    bool ok = target_exec(conn, "SELECT pg_reload_conf()", errmsg);
    for (int attempt = 0; ok && attempt < 100; attempt++) {
        sleep_ms(50);
        char *now = target_query_value(conn, "SELECT pg_conf_load_time()", errmsg);
        if (!now) {
            ok = false;
            break;
        }
        bool moved = strcmp(now, before) != 0;
        free(now);
        if (moved)
            break;
    }
    free(before);
    /* The postmaster forks new backends with the configuration it has reloaded; give it the
     * same moment our backend needed. */
    sleep_ms(100);
    return ok;
}

/* Names of parameters waiting for a restart, comma-separated, or NULL. */
static char *pending_restart(PGconn *conn, char **errmsg)
{
    return target_query_value(conn,
                              "SELECT coalesce(string_agg(name, ', ' ORDER BY name), '') "
                              "FROM pg_settings WHERE pending_restart",
                              errmsg);
}

/* An existing server that does not come back with a stage's settings: put its
 * postgresql.auto.conf back as it was and start it, so the restore can proceed. */
static bool rescue(const SettingsGuard *guard, LabTarget *target, char **errmsg)
{
    if (target->kind != TARGET_EXISTING || !guard->auto_conf_text || !target->bindir ||
        !target->datadir)
        return false;
    char *err = NULL;
    fprintf(stderr, "pgknob: the server did not restart: putting postgresql.auto.conf back and "
                    "starting it again\n");
    bool ok = pg_rescue_start(target->bindir, target->datadir, guard->auto_conf_text, &err);
    char *conn_err = NULL;
    if (ok)
        ok = target_connect(target, &conn_err);
    char *msg = xasprintf("%s\nthe lab's settings were removed from postgresql.auto.conf and the "
                          "server was %s%s%s", *errmsg, ok ? "started again" : "NOT started: ",
                          ok ? "" : (err ? err : ""), conn_err ? conn_err : "");
    free(*errmsg);
    *errmsg = msg;
    free(err);
    free(conn_err);
    return ok;
}

/* Reload; restart when the server reports parameters pending a restart. */
static bool make_effective(const SettingsGuard *guard, LabTarget *target, ApplyInfo *info,
                           char **errmsg)
{
    if (!reload_and_wait(target->conn, errmsg))
        return false;
    char *pending = pending_restart(target->conn, errmsg);
    if (!pending)
        return false;
    bool ok = true;
    if (*pending) {
        if (info) {
            info->restarted = true;
            info->restart_params = xstrdup(pending);
        }
        ok = target_restart(target, errmsg);
        if (!ok)
            rescue(guard, target, errmsg);
    }
    free(pending);
    return ok;
}

bool guard_apply(SettingsGuard *guard, LabTarget *target, const LabSettings *want,
                 ApplyInfo *info, char **errmsg)
{
    memset(info, 0, sizeof(*info));
    if (!target_ensure_connected(target, errmsg))
        return false;
    for (size_t idx = 0; idx < guard->n_touched; idx++) {
        if (lab_settings_get(want, guard->touched[idx]))
            continue;
        if (!restore_one(guard, target->conn, guard->touched[idx], errmsg))
            return false;
    }
    for (size_t idx = 0; idx < want->n; idx++) {
        note_touched(guard, want->items[idx].name);
        if (!alter_system(target->conn, want->items[idx].name, want->items[idx].value, errmsg))
            return false;
        if (lab_stop_flag)
            return false;
    }
    return make_effective(guard, target, info, errmsg);
}

static bool restore_all(SettingsGuard *guard, LabTarget *target, char **errmsg)
{
    for (size_t idx = 0; idx < guard->n_touched; idx++)
        if (!restore_one(guard, target->conn, guard->touched[idx], errmsg))
            return false;
    return make_effective(guard, target, NULL, errmsg);
}

bool guard_restore(SettingsGuard *guard, LabTarget *target, char **errmsg)
{
    if (!guard->active)
        return true;
    char *err = NULL;
    bool ok = target_ensure_connected(target, &err) && restore_all(guard, target, &err);
    GucTable now;
    if (ok && guc_table_read(target->conn, &now, &err)) {
        char *diff = guc_table_diff(&guard->original, &now);
        if (diff) {
            err = xasprintf("settings differ from before the lab:\n%s", diff);
            free(diff);
            ok = false;
        }
        guc_table_free(&now);
    } else {
        ok = false;
    }
    if (!ok)
        *errmsg = xasprintf("could not restore the server's settings: %s", err ? err : "");
    free(err);
    if (ok)
        guard->active = false;
    return ok;
}

void guard_free(SettingsGuard *guard)
{
    guc_table_free(&guard->original);
    lab_settings_free(&guard->auto_before);
    free(guard->auto_conf_text);
    for (size_t idx = 0; idx < guard->n_touched; idx++)
        free(guard->touched[idx]);
    free(guard->touched);
    memset(guard, 0, sizeof(*guard));
}

void apply_info_free(ApplyInfo *info)
{
    free(info->restart_params);
    memset(info, 0, sizeof(*info));
}
