#include "lab/claim.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/xalloc.h"
#include "lab/proc.h"

bool lab_lock_try(DbCtl *ctl, bool *got, PkDiag *diag)
{
    *got = false;
    char *held = dbctl_value(ctl, "SELECT pg_try_advisory_lock(" LAB_LOCK_KEY ")", diag);
    if (!held)
        return false;
    *got = !strcmp(held, "t");
    free(held);
    return true;
}

bool lab_lock_retake(DbCtl *ctl, PkDiag *diag)
{
    for (int attempt = 0; attempt < 40; attempt++) {
        bool got;
        if (!lab_lock_try(ctl, &got, diag))
            return false;
        if (got)
            return true;
        pk_clock_sleep_ms(250);
    }
    return pk_diag_set(diag, NULL, 0, NULL,
                       "another session holds the lab lock (pg_advisory_lock(" LAB_LOCK_KEY
                       ")) of this server");
}

char *lab_host_name(void)
{
    char name[256];
    if (gethostname(name, sizeof(name)) != 0)
        return xstrdup("?");
    name[sizeof(name) - 1] = '\0';
    return xstrdup(name);
}

char *lab_marker_make(long pid, long long pid_start, const char *state_dir, const char *created,
                      const char *command)
{
    char *host = lab_host_name();
    json_t *obj = json_pack("{s:I, s:I, s:s, s:s, s:s?, s:s?}", "pid", (json_int_t)pid, "start",
                            (json_int_t)pid_start, "host", host, "state_dir", state_dir, "created",
                            created, "command", command);
    free(host);
    char *text = obj ? json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(obj);
    char *out = xstrdup(text ? text : "{}");
    free(text);
    return out;
}

static char *obj_str(Arena *arena, json_t *obj, const char *key)
{
    json_t *val = json_object_get(obj, key);
    return json_is_string(val) ? arena_strdup(arena, json_string_value(val)) : NULL;
}

void lab_marker_parse(const char *value, LabMarker *out)
{
    memset(out, 0, sizeof(*out));
    out->arena = arena_new();
    out->value = arena_strdup(out->arena, value);
    json_t *obj = json_loads(value, 0, NULL);
    if (!json_is_object(obj)) {
        json_decref(obj);
        return;
    }
    out->pid = (long)json_integer_value(json_object_get(obj, "pid"));
    out->pid_start = json_integer_value(json_object_get(obj, "start"));
    out->host = obj_str(out->arena, obj, "host");
    out->state_dir = obj_str(out->arena, obj, "state_dir");
    out->created = obj_str(out->arena, obj, "created");
    out->command = obj_str(out->arena, obj, "command");
    json_decref(obj);
}

bool lab_marker_read(DbCtl *ctl, LabMarker *out, PkDiag *diag)
{
    memset(out, 0, sizeof(*out));
    /* The file as it is now (no reload needed); pg_file_settings is for superusers and
     * granted roles, so without it: the value this session got from the last reload. An empty
     * value is no marker: a reload after its removal leaves an empty placeholder behind. */
    PkDiag err = PK_DIAG_INIT;
    DbCtlRows rows;
    char *value = NULL;
    if (dbctl_rows(ctl,
                   "SELECT setting FROM pg_file_settings WHERE lower(name) = '" LAB_MARKER_NAME
                   "' ORDER BY seqno DESC LIMIT 1",
                   &rows, &err)) {
        value = xstrdup(rows.n_rows ? dbctl_cell(&rows, 0, 0) : "");
        arena_free(rows.arena);
    } else {
        value = dbctl_value(ctl, "SELECT current_setting('" LAB_MARKER_NAME "', true)", diag);
        if (!value) {
            pk_diag_free(&err);
            return false;
        }
    }
    pk_diag_free(&err);
    if (!*value) {
        free(value);
        return true;
    }
    lab_marker_parse(value, out);
    free(value);
    return true;
}

bool lab_marker_write(DbCtl *ctl, const char *value, PkDiag *diag)
{
    /* Before PostgreSQL 17, ALTER SYSTEM knows a custom parameter only once this session has
     * a placeholder for it. */
    bool ok = dbctl_exec(ctl, "SET " LAB_MARKER_NAME " = ''", diag);
    if (ok && value) {
        char *lit = dbctl_literal(ctl, value);
        char *sql = xasprintf("ALTER SYSTEM SET " LAB_MARKER_NAME " = %s", lit);
        ok = dbctl_exec(ctl, sql, diag);
        free(sql);
        free(lit);
    } else if (ok) {
        ok = dbctl_exec(ctl, "ALTER SYSTEM RESET " LAB_MARKER_NAME, diag);
    }
    return ok && dbctl_exec(ctl, "SELECT pg_reload_conf()", diag);
}

bool lab_marker_owner_alive(const LabMarker *marker)
{
    if (!marker->host || marker->pid <= 0 || marker->pid_start <= 0)
        return false;
    char *host = lab_host_name();
    bool here = !strcmp(host, marker->host);
    free(host);
    return here && proc_start_time(marker->pid) == marker->pid_start;
}

char *lab_marker_describe(const LabMarker *marker)
{
    if (!marker->host)
        return xasprintf("a lab marker pgknob cannot read (%s = '%s')", LAB_MARKER_NAME,
                         marker->value ? marker->value : "");
    return xasprintf("`pgknob %s` (pid %ld on host %s, since %s; state directory %s)",
                     marker->command ? marker->command : "lab run", marker->pid, marker->host,
                     marker->created ? marker->created : "?",
                     marker->state_dir ? marker->state_dir : "?");
}

void lab_claim_refusal(const LabMarker *marker, bool lock_held, int port,
                       const char *data_directory, PkDiag *diag)
{
    char *server = xasprintf("the server (port %d, data directory %s)", port, data_directory);
    char *who = marker->value ? lab_marker_describe(marker) : NULL;
    if (lock_held || lab_marker_owner_alive(marker)) {
        pk_diag_set(
            diag, NULL, 0,
            "One lab at a time on a server: wait for it, or stop it with SIGINT or "
            "SIGTERM (it restores the settings first).",
            "a lab is running on %s now: %s", server,
            who ? who : "another session holds the lab lock (pg_advisory_lock(" LAB_LOCK_KEY "))");
    } else {
        char *hint = xasprintf(
            "Run `pgknob lab restore --dsn CONNINFO --state-dir %s` on host %s, as the user who "
            "ran the lab: its journal there puts the settings back. If that journal is lost, "
            "check the settings and run `pgknob lab restore --dsn CONNINFO --forget`: it removes "
            "the marker (%s) and keeps the settings as they are.",
            marker->state_dir ? marker->state_dir : "DIR", marker->host ? marker->host : "?",
            LAB_MARKER_NAME);
        pk_diag_set(diag, NULL, 0, hint,
                    "%s still has the settings of a lab that did not finish: %s (its marker %s "
                    "is in postgresql.auto.conf)",
                    server, who, LAB_MARKER_NAME);
        free(hint);
    }
    free(who);
    free(server);
}
