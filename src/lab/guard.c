#include "lab/guard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <ctype.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "catalog/catalog.h"
#include "common/clock.h"
#include "common/signals.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "db/ctl.h"
#include "lab/claim.h"
#include "lab/cluster.h"
#include "lab/proc.h"

/* ---- pg_settings snapshots ---- */

static int guc_row_cmp(const void *a, const void *b)
{
    return strcmp(((const GucRow *)a)->name, ((const GucRow *)b)->name);
}

bool guc_table_read(DbCtl *ctl, GucTable *out, PkDiag *diag)
{
    memset(out, 0, sizeof(*out));
    DbCtlRows rows;
    PkDiag err = PK_DIAG_INIT;
    if (!dbctl_rows(ctl,
                    "SELECT name, coalesce(setting, ''), context, source, pending_restart "
                    "FROM pg_settings",
                    &rows, &err)) {
        pk_diag_set(diag, NULL, 0, NULL, "could not read pg_settings: %s", err.message);
        pk_diag_free(&err);
        return false;
    }
    out->arena = arena_new();
    out->n = (size_t)rows.n_rows;
    out->rows = arena_array(out->arena, out->n ? out->n : 1, sizeof(GucRow));
    for (int row = 0; row < rows.n_rows; row++) {
        out->rows[row].name = arena_strdup(out->arena, dbctl_cell(&rows, row, 0));
        out->rows[row].setting = arena_strdup(out->arena, dbctl_cell(&rows, row, 1));
        out->rows[row].context = arena_strdup(out->arena, dbctl_cell(&rows, row, 2));
        out->rows[row].source = arena_strdup(out->arena, dbctl_cell(&rows, row, 3));
        out->rows[row].pending = !strcmp(dbctl_cell(&rows, row, 4), "t");
    }
    arena_free(rows.arena);
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

/* ---- ALTER SYSTEM, list parameters element by element ---- */

/* The elements of a list value as the server splits it (SplitIdentifierString /
 * SplitDirectoriesString): commas between elements, double quotes around an element with ""
 * for a quote; an unquoted element is trimmed, and downcased for identifier lists. */
static size_t split_list(const char *value, bool downcase, char ***out)
{
    size_t n = 0, cap = 0;
    *out = NULL;
    const char *p = value;
    while (*p) {
        while (isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        StrBuf elem = STRBUF_INIT;
        if (*p == '"') {
            for (p++; *p; p++) {
                if (*p == '"' && p[1] == '"')
                    p++;
                else if (*p == '"')
                    break;
                sb_putc(&elem, *p);
            }
            if (*p == '"')
                p++;
            while (*p && *p != ',')
                p++;
        } else {
            const char *start = p;
            while (*p && *p != ',')
                p++;
            const char *end = p;
            while (end > start && isspace((unsigned char)end[-1]))
                end--;
            for (const char *c = start; c < end; c++)
                sb_putc(&elem, downcase ? (char)tolower((unsigned char)*c) : *c);
        }
        PK_GROW(*out, n, cap);
        (*out)[n++] = elem.len ? sb_detach(&elem) : xstrdup("");
        sb_free(&elem);
        if (*p == ',')
            p++;
    }
    return n;
}

/* The right-hand side of ALTER SYSTEM SET: one literal, or one per element for the lists
 * the server quotes element by element (catalog_is_quoted_list). */
static char *set_value_sql(DbCtl *ctl, int major, const char *name, const char *value)
{
    if (!catalog_is_quoted_list(major, name))
        return dbctl_literal(ctl, value);
    char **elems;
    bool ident_list = !strcasecmp(name, "search_path") || !strcasecmp(name, "temp_tablespaces");
    size_t n = split_list(value, ident_list, &elems);
    if (n == 0)
        return dbctl_literal(ctl, "");
    StrBuf sb = STRBUF_INIT;
    for (size_t idx = 0; idx < n; idx++) {
        char *lit = dbctl_literal(ctl, elems[idx]);
        sb_printf(&sb, "%s%s", idx ? ", " : "", lit);
        free(lit);
        free(elems[idx]);
    }
    free(elems);
    return sb_detach(&sb);
}

/* ALTER SYSTEM SET name = value (or RESET when value is NULL). */
static bool alter_system(DbCtl *ctl, const char *name, const char *value, PkDiag *diag)
{
    char *ident = dbctl_ident(ctl, name);
    char *sql;
    if (value) {
        char *rhs = set_value_sql(ctl, dbctl_server_version(ctl) / 10000, name, value);
        sql = xasprintf("ALTER SYSTEM SET %s = %s", ident, rhs);
        free(rhs);
    } else {
        sql = xasprintf("ALTER SYSTEM RESET %s", ident);
    }
    free(ident);
    PkDiag err = PK_DIAG_INIT;
    bool ok = dbctl_exec(ctl, sql, &err);
    if (!ok) {
        pk_diag_set(diag, NULL, 0, NULL, "%s: %s", sql, err.message);
        pk_diag_free(&err);
    }
    free(sql);
    return ok;
}

/* ---- the server's identity and its postgresql.auto.conf ---- */

static bool read_auto_entries(DbCtl *ctl, LabSettings *out, PkDiag *diag)
{
    DbCtlRows rows;
    PkDiag err = PK_DIAG_INIT;
    if (!dbctl_rows(ctl,
                    "SELECT name, setting FROM pg_file_settings "
                    "WHERE sourcefile LIKE '%/postgresql.auto.conf' ORDER BY seqno",
                    &rows, &err)) {
        pk_diag_set(diag, NULL, 0, NULL, "could not read pg_file_settings: %s", err.message);
        pk_diag_free(&err);
        return false;
    }
    for (int row = 0; row < rows.n_rows; row++)
        /* Appended in file order (not merged): the SQL-only restore re-sets them in order. */
        lab_settings_append(out, dbctl_cell(&rows, row, 0), dbctl_cell(&rows, row, 1),
                            "postgresql.auto.conf", 0);
    arena_free(rows.arena);
    return true;
}

bool lab_identify(LabTarget *target, LabJournal *journal, PkDiag *diag)
{
    DbCtl *ctl = target->ctl;
    PkDiag err = PK_DIAG_INIT;
    /* pg_control_system() may be denied to a non-superuser: the data directory and port then
     * tell the server apart on their own. */
    journal->system_identifier =
        dbctl_value(ctl, "SELECT system_identifier::text FROM pg_control_system()", &err);
    pk_diag_free(&err);
    if (!journal->system_identifier)
        journal->system_identifier = xstrdup("");
    journal->data_directory = dbctl_value(ctl, "SHOW data_directory", &err);
    char *port = journal->data_directory ? dbctl_value(ctl, "SHOW port", &err) : NULL;
    if (!port) {
        pk_diag_set(diag, NULL, 0, NULL,
                    "could not identify the server (SHOW data_directory needs a superuser or "
                    "pg_read_all_settings): %s",
                    err.message ? err.message : "");
        pk_diag_free(&err);
        return false;
    }
    journal->port = atoi(port);
    free(port);
    journal->host = xstrdup(dbctl_host(ctl));
    journal->user = xstrdup(dbctl_user(ctl));
    journal->dbname = xstrdup(dbctl_dbname(ctl));
    journal->version_num = dbctl_server_version(ctl);
    free(journal->path);
    journal->path = journal_path_for(target->state_dir, journal->system_identifier,
                                     journal->data_directory, journal->port);
    return true;
}

/* Line `n` (1-based) of a file, or NULL. */
static char *file_line(const char *path, int n)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return NULL;
    char line[4096];
    char *found = NULL;
    for (int idx = 1; !found && fgets(line, sizeof(line), fp); idx++)
        if (idx == n)
            found = xstrndup(line, strcspn(line, "\n"));
    fclose(fp);
    return found;
}

bool lab_target_is_local(const LabJournal *journal)
{
    const char *remote = getenv("PGKNOB_LAB_REMOTE");
    if ((remote && *remote && strcmp(remote, "0") != 0) || !journal->data_directory)
        return false;
    /* postmaster.pid: line 2 the data directory, line 4 the port (pidfile.h). A stopped server
     * has none; then the data directory must at least be there. */
    char *pidfile = xasprintf("%s/postmaster.pid", journal->data_directory);
    char *dir = file_line(pidfile, 2), *port = file_line(pidfile, 4);
    bool local;
    if (dir && port)
        local = !strcmp(dir, journal->data_directory) && atoi(port) == journal->port;
    else {
        char *version = xasprintf("%s/PG_VERSION", journal->data_directory);
        local = access(version, R_OK) == 0 && access(pidfile, F_OK) != 0;
        free(version);
    }
    free(dir);
    free(port);
    free(pidfile);
    return local;
}

/* The file's bytes now: from the data directory when local, else pg_read_binary_file. */
static bool read_auto_bytes(DbCtl *ctl, const LabJournal *journal, bool local, char **data,
                            size_t *len, PkDiag *diag)
{
    if (local) {
        char *path = xasprintf("%s/postgresql.auto.conf", journal->data_directory);
        FILE *fp = fopen(path, "rb");
        bool ok = fp != NULL;
        StrBuf sb = STRBUF_INIT;
        char buf[4096];
        size_t got;
        while (fp && (got = fread(buf, 1, sizeof(buf), fp)) > 0)
            sb_putn(&sb, buf, got);
        if (fp && ferror(fp))
            ok = false;
        if (fp)
            fclose(fp);
        if (!ok)
            pk_diag_set(diag, NULL, 0, NULL, "could not read \"%s\": %s", path, strerror(errno));
        free(path);
        *len = sb.len;
        *data = sb_detach(&sb);
        return ok;
    }
    if (!ctl) {
        pk_diag_set(diag, NULL, 0, NULL, "not connected");
        return false;
    }
    return dbctl_bytes(ctl, "SELECT pg_read_binary_file('postgresql.auto.conf')", data, len, diag);
}

static char *now_utc(void)
{
    time_t now = time(NULL);
    struct tm tm;
    char buf[32];
    gmtime_r(&now, &tm);
    strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
    return xstrdup(buf);
}

/* What the configuration files hold now, the last entry of each parameter (the one the server
 * applies): name → value. false when pg_file_settings is not readable. */
static bool file_values(DbCtl *ctl, LabSettings *out)
{
    DbCtlRows rows;
    PkDiag err = PK_DIAG_INIT;
    bool ok = dbctl_rows(ctl,
                         "SELECT DISTINCT ON (lower(name)) lower(name), setting "
                         "FROM pg_file_settings ORDER BY lower(name), seqno DESC",
                         &rows, &err);
    pk_diag_free(&err);
    for (int row = 0; ok && row < rows.n_rows; row++)
        lab_settings_put(out, dbctl_cell(&rows, row, 0), dbctl_cell(&rows, row, 1), "", 0);
    if (ok)
        arena_free(rows.arena);
    return ok;
}

static void journal_fill_settings(LabJournal *journal, const GucTable *table, DbCtl *ctl)
{
    LabSettings files = {0};
    bool have_files = false;
    for (size_t idx = 0; idx < table->n && !have_files; idx++)
        if (table->rows[idx].pending)
            have_files = file_values(ctl, &files);
    journal->n_settings = table->n;
    journal->settings = xcalloc(table->n + 1, sizeof(JournalSetting));
    for (size_t idx = 0; idx < table->n; idx++) {
        JournalSetting *row = &journal->settings[idx];
        row->name = xstrdup(table->rows[idx].name);
        row->setting = xstrdup(table->rows[idx].setting);
        row->source = xstrdup(table->rows[idx].source);
        row->pending = table->rows[idx].pending;
        const LabSetting *pending =
            row->pending && have_files ? lab_settings_get(&files, table->rows[idx].name) : NULL;
        row->pending_value = pending ? xstrdup(pending->value) : NULL;
    }
    arena_free(files.arena);
}

/* The lock, then the marker: refused when another run holds the one or left the other. */
static bool claim_server(LabTarget *target, const LabJournal *id, PkDiag *diag)
{
    bool got;
    if (!lab_lock_try(target->ctl, &got, diag))
        return false;
    LabMarker marker;
    PkDiag err = PK_DIAG_INIT;
    if (!lab_marker_read(target->ctl, &marker, &err)) {
        pk_diag_set(diag, NULL, 0, NULL, "could not read the lab marker: %s", err.message);
        pk_diag_free(&err);
        return false;
    }
    bool free_server = got && !marker.value;
    if (free_server)
        target->hold_lock = true;
    else
        lab_claim_refusal(&marker, !got, id->port, id->data_directory, diag);
    arena_free(marker.arena);
    return free_server;
}

/* "a, b": the planned parameters (and `extra`) for which `cond`, over each as p, holds; ""
 * when none, NULL on a server error. */
static char *planned_where(DbCtl *ctl, const char *cond, const char *const *planned,
                           size_t n_planned, const char *extra, PkDiag *diag)
{
    StrBuf sb = STRBUF_INIT;
    sb_put(&sb, "SELECT coalesce(string_agg(p, ', ' ORDER BY p), '') FROM unnest(ARRAY[");
    for (size_t idx = 0; idx < n_planned; idx++) {
        char *lit = dbctl_literal(ctl, planned[idx]);
        sb_printf(&sb, "%s%s", idx ? ", " : "", lit);
        free(lit);
    }
    if (extra)
        sb_printf(&sb, "%s'%s'", n_planned ? ", " : "", extra);
    sb_printf(&sb, "]::text[]) p WHERE %s", cond);
    char *sql = sb_detach(&sb);
    char *names = dbctl_value(ctl, sql, diag);
    free(sql);
    return names;
}

/* The rights the lab needs, checked before its journal is written: a run that would fail at
 * its first ALTER SYSTEM, reload or restart must change nothing and leave nothing behind. */
static bool check_rights(LabTarget *target, const GucTable *original, const char *const *planned,
                         size_t n_planned, PkDiag *diag)
{
    DbCtl *ctl = target->ctl;
    char *super = dbctl_value(ctl, "SELECT current_setting('is_superuser')", diag);
    if (!super)
        return false;
    bool superuser = !strcmp(super, "on");
    free(super);
    const char *role = dbctl_user(ctl);
    if (!superuser && target->version_num < 150000)
        return pk_diag_set(diag, NULL, 0, "Connect as a superuser.",
                           "the role \"%s\" cannot run a lab: before PostgreSQL 15, ALTER SYSTEM "
                           "needs a superuser",
                           role);
    if (!superuser) {
        char *missing = planned_where(ctl, "NOT has_parameter_privilege(p, 'ALTER SYSTEM')",
                                      planned, n_planned, LAB_MARKER_NAME, diag);
        if (!missing)
            return false;
        if (*missing) {
            pk_diag_set(diag, NULL, 0,
                        "As a superuser: GRANT ALTER SYSTEM ON PARAMETER <each of them> TO the "
                        "role, or connect as a superuser.",
                        "the role \"%s\" cannot run this lab: it may not ALTER SYSTEM %s", role,
                        missing);
            free(missing);
            return false;
        }
        free(missing);
        char *reload =
            dbctl_value(ctl, "SELECT has_function_privilege('pg_reload_conf()', 'EXECUTE')", diag);
        if (!reload)
            return false;
        bool may_reload = !strcmp(reload, "t");
        free(reload);
        if (!may_reload)
            return pk_diag_set(diag, NULL, 0,
                               "As a superuser: GRANT EXECUTE ON FUNCTION pg_reload_conf() TO "
                               "the role, or connect as a superuser.",
                               "the role \"%s\" cannot run a lab: it may not call "
                               "pg_reload_conf()",
                               role);
    }
    StrBuf restart = STRBUF_INIT;
    for (size_t idx = 0; idx < n_planned; idx++) {
        const GucRow *row = guc_table_get(original, planned[idx]);
        if (row && !strcmp(row->context, "postmaster"))
            sb_printf(&restart, "%s%s", restart.len ? ", " : "", row->name);
    }
    if (!restart.len)
        return true;
    ProcUser owner = {0};
    PkDiag why = PK_DIAG_INIT;
    bool can = target->bindir && target->datadir ? proc_owner_of(target->datadir, &owner, &why)
                                                 : pk_diag_set(&why, NULL, 0, NULL,
                                                               "no pg_ctl of its version: give "
                                                               "--pg-bin");
    if (!can)
        pk_diag_set(diag, NULL, 0,
                    "Run pgknob on the server's host, as root or the owner of its data directory, "
                    "with --pg-bin; or choose labs that need no restart.",
                    "the lab sets %s, which only a restart applies, and pgknob cannot restart "
                    "this server (%s)",
                    sb_str(&restart), why.message);
    pk_diag_free(&why);
    sb_free(&restart);
    return can;
}

bool guard_begin(SettingsGuard *guard, LabTarget *target, const char *const *planned,
                 size_t n_planned, const char *command, PkDiag *diag)
{
    memset(guard, 0, sizeof(*guard));
    LabJournal *journal = &guard->journal;
    bool ok = lab_identify(target, journal, diag);
    bool existing = target->kind == TARGET_EXISTING;
    if (ok && existing && journal_exists(journal->path)) {
        pk_diag_set(diag, NULL, 0, NULL, "a lab journal of this server exists already (%s)",
                    journal->path);
        ok = false;
    }
    /* Claimed before the originals are read: another run must not change them under us. */
    ok = ok && (!existing || claim_server(target, journal, diag));
    ok = ok && guc_table_read(target->ctl, &guard->original, diag);
    ok = ok && (!existing || check_rights(target, &guard->original, planned, n_planned, diag));
    bool local = ok && lab_target_is_local(journal);
    PkDiag bytes_err = PK_DIAG_INIT, entries_err = PK_DIAG_INIT;
    if (ok)
        journal->have_bytes = read_auto_bytes(target->ctl, journal, local, &journal->auto_conf,
                                              &journal->auto_conf_len, &bytes_err);
    if (ok)
        journal->have_entries = read_auto_entries(target->ctl, &journal->entries, &entries_err);
    if (ok && !journal->have_bytes && !journal->have_entries) {
        pk_diag_set(diag, NULL, 0,
                    "Connect as a superuser, or as a role with pg_read_server_files and "
                    "pg_read_all_settings (see docs/labs.md).",
                    "could not record postgresql.auto.conf, so it could not be put back (%s; %s)",
                    bytes_err.message, entries_err.message);
        ok = false;
    }
    pk_diag_free(&bytes_err);
    pk_diag_free(&entries_err);
    if (!ok) {
        guard_free(guard);
        return false;
    }
    for (size_t idx = 0; idx < journal->entries.n; idx++)
        lab_settings_put(&guard->auto_before, journal->entries.items[idx].name,
                         journal->entries.items[idx].value, "postgresql.auto.conf", 0);
    journal_fill_settings(journal, &guard->original, target->ctl);
    journal->touched = xcalloc(n_planned + 1, sizeof(char *));
    for (size_t idx = 0; idx < n_planned; idx++)
        journal->touched[journal->n_touched++] = xstrdup(planned[idx]);
    journal->bindir = xstrdup(target->bindir);
    journal->pid = (long)getpid();
    journal->pid_start = proc_start_time(journal->pid);
    journal->created = now_utc();
    journal->command = xstrdup(command);
    if (existing)
        journal->marker = lab_marker_make(journal->pid, journal->pid_start, target->state_dir,
                                          journal->created, command);
    /* A throwaway cluster is removed afterwards: its restore needs no file. */
    if (existing && !journal_write(journal, diag)) {
        guard_free(guard);
        return false;
    }
    if (!existing) {
        free(journal->path);
        journal->path = NULL;
    }
    guard->active = true;
    /* After the journal, which holds postgresql.auto.conf without it: the restore removes the
     * marker by putting the file back. A failure here leaves the guard active, to restore. */
    return !existing || lab_marker_write(target->ctl, journal->marker, diag);
}

static void note_touched(SettingsGuard *guard, const char *name)
{
    for (size_t idx = 0; idx < guard->n_touched; idx++)
        if (strcasecmp(guard->touched[idx], name) == 0)
            return;
    guard->touched = xrealloc(guard->touched, (guard->n_touched + 1) * sizeof(char *));
    guard->touched[guard->n_touched++] = xstrdup(name);
}

/* The value a touched parameter goes back to between stages: its earlier ALTER SYSTEM entry,
 * or RESET. */
static bool restore_one(SettingsGuard *guard, DbCtl *ctl, const char *name, PkDiag *diag)
{
    const LabSetting *before = lab_settings_get(&guard->auto_before, name);
    return alter_system(ctl, name, before ? before->value : NULL, diag);
}

/* pg_reload_conf(), then wait until this session has processed it (pg_conf_load_time moves). */
static bool reload_and_wait(DbCtl *ctl, PkDiag *diag)
{
    char *before = dbctl_value(ctl, "SELECT pg_conf_load_time()", diag);
    if (!before)
        return false;
    bool ok = dbctl_exec(ctl, "SELECT pg_reload_conf()", diag);
    for (int attempt = 0; ok && attempt < 100; attempt++) {
        pk_clock_sleep_ms(50);
        char *now = dbctl_value(ctl, "SELECT pg_conf_load_time()", diag);
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
    pk_clock_sleep_ms(100);
    return ok;
}

static bool is_touched(const LabJournal *journal, const char *name)
{
    for (size_t idx = 0; journal && idx < journal->n_touched; idx++)
        if (strcasecmp(journal->touched[idx], name) == 0)
            return true;
    return false;
}

/* A change someone else left waiting for a restart before the lab, on a parameter the lab does
 * not set, is not the lab's: the lab neither restarts for it nor expects it gone. */
static bool strangers_pending(const LabJournal *journal, const char *name)
{
    const JournalSetting *row = journal ? journal_setting(journal, name) : NULL;
    return row && row->pending && !is_touched(journal, name);
}

/* Names of the parameters waiting for a restart that are the lab's business, comma-separated
 * ("" when none), or NULL. */
static char *pending_restart(DbCtl *ctl, const LabJournal *journal, PkDiag *diag)
{
    DbCtlRows rows;
    if (!dbctl_rows(ctl, "SELECT name FROM pg_settings WHERE pending_restart ORDER BY name", &rows,
                    diag))
        return NULL;
    StrBuf sb = STRBUF_INIT;
    for (int row = 0; row < rows.n_rows; row++)
        if (!strangers_pending(journal, dbctl_cell(&rows, row, 0)))
            sb_printf(&sb, "%s%s", sb.len ? ", " : "", dbctl_cell(&rows, row, 0));
    arena_free(rows.arena);
    return sb.len ? sb_detach(&sb) : xstrdup("");
}

bool lab_rescue_start(const LabJournal *journal, const char *bindir, PkDiag *diag)
{
    if (!journal->have_bytes || !bindir || !lab_target_is_local(journal)) {
        pk_diag_set(diag, NULL, 0, NULL,
                    "the server is not running, and pgknob cannot start it here (%s)",
                    !journal->have_bytes ? "the journal lacks postgresql.auto.conf's bytes"
                    : !bindir            ? "no pg_ctl of its version: give --pg-bin"
                                         : "its data directory is not on this host");
        return false;
    }
    return pg_rescue_start(bindir, journal->data_directory, journal->auto_conf,
                           journal->auto_conf_len, diag);
}

/* An existing server that does not come back with a stage's settings: put its
 * postgresql.auto.conf back as it was and start it, so the restore can proceed. */
static bool rescue(const SettingsGuard *guard, LabTarget *target, PkDiag *diag)
{
    if (target->kind != TARGET_EXISTING)
        return false;
    PkDiag err = PK_DIAG_INIT, conn_err = PK_DIAG_INIT;
    lab_say(target->events, LAB_EV_WARNING,
            "the server did not restart: putting "
            "postgresql.auto.conf back and starting it again");
    bool ok = lab_rescue_start(&guard->journal, target->bindir, &err);
    if (ok)
        ok = target_connect(target, &conn_err);
    if (diag && diag->message)
        pk_diag_set_detail(
            diag,
            "the lab's settings were removed from postgresql.auto.conf and "
            "the server was %s%s%s",
            ok ? "started again" : "NOT started: ", ok ? "" : (err.message ? err.message : ""),
            conn_err.message ? conn_err.message : "");
    pk_diag_free(&err);
    pk_diag_free(&conn_err);
    return ok;
}

/* Reload; restart when the server reports parameters pending a restart. */
static bool make_effective(const SettingsGuard *guard, const LabJournal *journal, LabTarget *target,
                           ApplyInfo *info, PkDiag *diag)
{
    if (!reload_and_wait(target->ctl, diag))
        return false;
    char *pending = pending_restart(target->ctl, journal, diag);
    if (!pending)
        return false;
    bool ok = true;
    if (*pending) {
        if (info) {
            info->restarted = true;
            info->restart_params = xstrdup(pending);
        }
        ok = target_restart(target, diag);
        if (!ok && guard)
            rescue(guard, target, diag);
    }
    free(pending);
    return ok;
}

bool guard_apply(SettingsGuard *guard, LabTarget *target, const LabSettings *want, ApplyInfo *info,
                 PkDiag *diag)
{
    memset(info, 0, sizeof(*info));
    if (!target_ensure_connected(target, diag))
        return false;
    for (size_t idx = 0; idx < guard->n_touched; idx++) {
        if (lab_settings_get(want, guard->touched[idx]))
            continue;
        if (!restore_one(guard, target->ctl, guard->touched[idx], diag))
            return false;
    }
    for (size_t idx = 0; idx < want->n; idx++) {
        note_touched(guard, want->items[idx].name);
        if (!alter_system(target->ctl, want->items[idx].name, want->items[idx].value, diag))
            return false;
        if (pk_stop_signal)
            return false;
    }
    return make_effective(guard, &guard->journal, target, info, diag);
}

/* ---- restoring from the journal ---- */

/* Per-session values (the client's own SET, PGOPTIONS, the connection's parameters) are not
 * the server's: another session may differ there. */
static bool is_session_source(const char *source)
{
    return !strcmp(source, "client") || !strcmp(source, "session");
}

/* How pg_settings now differs from the journal. */
typedef struct SettingsDiff {
    StrBuf lab;       /* settings the lab set: "name: before → now" lines */
    StrBuf foreign;   /* settings it never set: someone else changed them since */
    StrBuf went_live; /* names: pending a restart before, live now (a restart applied them) */
    StrBuf derived;   /* names: computed from those (wal_buffers from shared_buffers...) */
} SettingsDiff;

/* A value the server computes (an internal one, or a default it sizes from others), which a
 * pending value that went live may change too. */
static bool is_derived(const GucRow *row)
{
    return !strcmp(row->context, "internal") || !strcmp(row->source, "default") ||
           !strcmp(row->source, "override");
}

/* A setting pending a restart before the lab is as it should be while still pending with its
 * old value, or once live with the value the files held for it then (a restart, the lab's
 * too, applies it). */
static bool pending_settled(const JournalSetting *old, const GucRow *cur, const LabSettings *files,
                            SettingsDiff *out)
{
    if (cur->pending && !strcmp(old->setting, cur->setting))
        return true;
    if (cur->pending)
        return false;
    const LabSetting *file =
        files && old->pending_value ? lab_settings_get(files, old->name) : NULL;
    if (files && old->pending_value && (!file || strcmp(file->value, old->pending_value) != 0)) {
        sb_printf(&out->foreign,
                  "%s: waited for a restart to be \"%s\"; the files now hold %s%s%s\n", old->name,
                  old->pending_value, file ? "\"" : "", file ? file->value : "none",
                  file ? "\"" : "");
        return true;
    }
    sb_printf(&out->went_live, "%s%s", out->went_live.len ? ", " : "", old->name);
    return true;
}

static void settings_diff(const LabJournal *journal, const GucTable *now, const LabSettings *files,
                          SettingsDiff *out)
{
    memset(out, 0, sizeof(*out));
    /* The pending ones first: a value that went live changes the ones derived from it. */
    bool *settled = xcalloc(journal->n_settings + 1, sizeof(bool));
    for (size_t idx = 0; idx < journal->n_settings; idx++) {
        const JournalSetting *old = &journal->settings[idx];
        const GucRow *cur = guc_table_get(now, old->name);
        settled[idx] = old->pending && cur && pending_settled(old, cur, files, out);
    }
    for (size_t idx = 0; idx < journal->n_settings; idx++) {
        const JournalSetting *old = &journal->settings[idx];
        const GucRow *cur = guc_table_get(now, old->name);
        if (settled[idx] || is_session_source(old->source) ||
            (cur && is_session_source(cur->source)))
            continue;
        bool differs = !cur || strcmp(old->setting, cur->setting) != 0;
        if (!differs && strcmp(old->source, cur->source) == 0)
            continue;
        if (cur && out->went_live.len && is_derived(cur) && !is_touched(journal, old->name)) {
            sb_printf(&out->derived, "%s%s", out->derived.len ? ", " : "", old->name);
            continue;
        }
        StrBuf *into = is_touched(journal, old->name) ? &out->lab : &out->foreign;
        if (!cur)
            sb_printf(into, "%s: \"%s\" → (missing)\n", old->name, old->setting);
        else if (differs)
            sb_printf(into, "%s: \"%s\" → \"%s\"\n", old->name, old->setting, cur->setting);
        else
            sb_printf(into, "%s: source %s → %s\n", old->name, old->source, cur->source);
    }
    free(settled);
}

static void settings_diff_free(SettingsDiff *diff)
{
    sb_free(&diff->lab);
    sb_free(&diff->foreign);
    sb_free(&diff->went_live);
    sb_free(&diff->derived);
}

/* The original file back: its bytes, written as the data directory's owner. */
static bool put_bytes_back(const LabJournal *journal, PkDiag *diag)
{
    ProcUser owner;
    if (!proc_owner_of(journal->data_directory, &owner, diag))
        return false;
    char *path = xasprintf("%s/postgresql.auto.conf", journal->data_directory);
    bool ok = lab_write_durable(path, journal->auto_conf, journal->auto_conf_len, 0600,
                                owner.switch_user ? owner.uid : (uid_t)-1,
                                owner.switch_user ? owner.gid : (gid_t)-1, diag);
    free(path);
    return ok;
}

/* Without the data directory: the entries again, in their order, into an emptied file. This
 * gives the same bytes when the file was written by ALTER SYSTEM. */
static bool put_entries_back(const LabJournal *journal, DbCtl *ctl, PkDiag *diag)
{
    LabSettings parsed = {0};
    const LabSettings *entries = &journal->entries;
    if (!journal->have_entries) {
        if (!lab_settings_parse("postgresql.auto.conf", journal->auto_conf, &parsed, diag))
            return false;
        entries = &parsed;
    }
    bool ok = dbctl_exec(ctl, "ALTER SYSTEM RESET ALL", diag);
    for (size_t idx = 0; ok && idx < entries->n; idx++)
        ok = alter_system(ctl, entries->items[idx].name, entries->items[idx].value, diag);
    arena_free(parsed.arena);
    return ok;
}

static bool verify(const LabJournal *journal, LabTarget *target, bool local, bool *foreign_only,
                   PkDiag *diag)
{
    GucTable now;
    if (!guc_table_read(target->ctl, &now, diag))
        return false;
    LabSettings files = {0};
    bool have_files = false;
    for (size_t idx = 0; idx < journal->n_settings && !have_files; idx++)
        if (journal->settings[idx].pending)
            have_files = file_values(target->ctl, &files);
    SettingsDiff diff;
    settings_diff(journal, &now, have_files ? &files : NULL, &diff);
    arena_free(now.arena);
    arena_free(files.arena);
    if (diff.lab.len || diff.foreign.len) {
        if (foreign_only)
            *foreign_only = !diff.lab.len;
        pk_diag_set(diag, NULL, 0, NULL, "settings differ from before the lab:\n%s%s",
                    diff.lab.len ? sb_str(&diff.lab) : "",
                    diff.foreign.len ? sb_str(&diff.foreign) : "");
        if (!diff.lab.len)
            pk_diag_set_detail(diag, "The lab set none of them: they were changed by someone else "
                                     "since it began (postgresql.conf, or a file it includes).");
        settings_diff_free(&diff);
        return false;
    }
    if (diff.went_live.len)
        lab_say(target->events, LAB_EV_NOTE,
                "%s had a change waiting for a restart before the lab; the lab's restart applied "
                "it, as any restart would have%s%s%s",
                sb_str(&diff.went_live), diff.derived.len ? " (and with it " : "",
                diff.derived.len ? sb_str(&diff.derived) : "", diff.derived.len ? ")" : "");
    settings_diff_free(&diff);
    char *pending = pending_restart(target->ctl, journal, diag);
    if (!pending)
        return false;
    if (*pending) {
        pk_diag_set(diag, NULL, 0, NULL, "still pending a restart: %s", pending);
        free(pending);
        return false;
    }
    free(pending);
    if (!journal->have_bytes)
        return true;
    char *data = NULL;
    PkDiag err = PK_DIAG_INIT;
    size_t len = 0;
    bool ok = true;
    if (read_auto_bytes(target->ctl, journal, local, &data, &len, &err)) {
        bool same = len == journal->auto_conf_len && !memcmp(data, journal->auto_conf, len);
        if (!same && local) {
            pk_diag_set(diag, NULL, 0, NULL,
                        "postgresql.auto.conf is not byte-identical to the original");
            ok = false;
        } else if (!same) {
            /* ALTER SYSTEM writes its own layout: a file edited by hand cannot come back
             * byte for byte over SQL alone, though its entries and settings did. */
            lab_say(target->events, LAB_EV_NOTE,
                    "postgresql.auto.conf has its original entries, but not its original bytes "
                    "(it was not written by ALTER SYSTEM)");
        }
    }
    pk_diag_free(&err);
    free(data);
    return ok;
}

bool lab_restore_server(const LabJournal *journal, LabTarget *target, bool *foreign_only,
                        PkDiag *diag)
{
    if (foreign_only)
        *foreign_only = false;
    if (!target_ensure_connected(target, diag))
        return false;
    bool local = lab_target_is_local(journal);
    bool ok = local && journal->have_bytes ? put_bytes_back(journal, diag)
                                           : put_entries_back(journal, target->ctl, diag);
    ok = ok && make_effective(NULL, journal, target, NULL, diag);
    return ok && verify(journal, target, local, foreign_only, diag);
}

bool guard_restore(SettingsGuard *guard, LabTarget *target, PkDiag *diag)
{
    if (!guard->active)
        return true;
    PkDiag err = PK_DIAG_INIT;
    bool ok = lab_restore_server(&guard->journal, target, NULL, &err);
    if (ok && guard->journal.path)
        ok = lab_remove_durable(guard->journal.path, &err);
    if (!ok)
        pk_diag_set(diag, NULL, 0,
                    guard->journal.path ? "Its original settings are kept in the lab journal: "
                                          "run `pgknob lab restore --dsn CONNINFO` once the "
                                          "cause is fixed."
                                        : NULL,
                    "could not restore the server's settings: %s", err.message ? err.message : "");
    if (!ok && err.detail)
        pk_diag_set_detail(diag, "%s", err.detail);
    pk_diag_free(&err);
    if (ok)
        guard->active = false;
    return ok;
}

void guard_free(SettingsGuard *guard)
{
    arena_free(guard->original.arena);
    arena_free(guard->auto_before.arena);
    journal_free(&guard->journal);
    for (size_t idx = 0; idx < guard->n_touched; idx++)
        free(guard->touched[idx]);
    free(guard->touched);
    memset(guard, 0, sizeof(*guard));
}
