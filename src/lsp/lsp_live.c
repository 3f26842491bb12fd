/* The language server's live mode (opt-in: initializationOptions {"live": {"conninfo": ...}}):
 * what the running server does with the file being edited. It runs `pgknob live` as a child
 * process (bin/pgknob has no libpq; the connection string travels in its environment, never on
 * a command line) at most every LIVE_MAX_AGE_S, and adds to the editor: the effective value and
 * its source in hover, pending restarts and lines the server did not apply as diagnostics, and
 * a code action that shows the ALTER SYSTEM statement for a line. */
#include "lsp/lsp.intern.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/child_run.h"
#include "common/clock.h"
#include "common/json.h"
#include "common/strbuf.h"
#include "common/units.h"
#include "common/xalloc.h"
#include "conf/conf_edit.h"
#include "conf/conf_secrets.h"

#define LIVE_CONNINFO_ENV "PGKNOB_LIVE_CONNINFO"
#define LIVE_MAX_AGE_S 2.0
#define LIVE_TIMEOUT_S 10.0
#define LIVE_OUTPUT_LIMIT (8u * 1024 * 1024)
#define LIVE_COMMAND "pgknob.alterSystem"

void lsp_live_configure(LspServer *srv, json_t *init_options)
{
    const char *conninfo = pk_json_get_str(json_object_get(init_options, "live"), "conninfo");
    if (!conninfo)
        return;
    setenv(LIVE_CONNINFO_ENV, conninfo, 1);
    srv->live_enabled = true;
}

void lsp_live_free(LspServer *srv)
{
    json_decref(srv->live);
    free(srv->live_error);
}

/* The snapshot, fetched again when older than LIVE_MAX_AGE_S; NULL when live mode is off or the
 * server could not be read (srv->live_error says why, once per failure). */
static json_t *live_snapshot(LspServer *srv)
{
    if (!srv->live_enabled)
        return NULL;
    double now = pk_clock_now();
    if (srv->live_at > 0 && now - srv->live_at < LIVE_MAX_AGE_S)
        return srv->live;
    srv->live_at = now;
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (len <= 0)
        return srv->live;
    exe[len] = '\0';
    const char *argv[] = {exe, "live", NULL};
    ChildRun run;
    json_t *doc = NULL;
    if (child_run(exe, argv, NULL, LIVE_OUTPUT_LIMIT, LIVE_TIMEOUT_S, &run) && run.exit_code == 0)
        doc = json_loads(sb_str(&run.out), 0, NULL);
    free(srv->live_error);
    srv->live_error = NULL;
    if (!doc) {
        const char *err = run.err.len ? sb_str(&run.err) : "no answer";
        srv->live_error = xstrndup(err, strcspn(err, "\n"));
    }
    child_run_clear(&run);
    json_decref(srv->live);
    srv->live = doc;
    return doc;
}

/* Does a path the server names stand for the document (the same file, symlinks resolved)? */
static bool same_file(const char *server_path, const LspDoc *doc)
{
    if (!server_path || !doc->path)
        return false;
    char *a = realpath(server_path, NULL), *b = realpath(doc->path, NULL);
    bool same = a && b ? !strcmp(a, b) : !strcmp(server_path, doc->path);
    free(a);
    free(b);
    return same;
}

static json_t *setting_named(json_t *snap, const char *name)
{
    size_t idx;
    json_t *s;
    json_array_foreach(json_object_get(snap, "settings"), idx, s)
    {
        const char *n = pk_json_get_str(s, "name");
        if (n && !strcasecmp(n, name))
            return s;
    }
    return NULL;
}

/* The last line (0-based) of the document that sets `name`, or -1. */
static int last_line_setting(const LspDoc *doc, const char *name)
{
    int found = -1;
    const char *text;
    size_t len;
    for (int line = 0; lsp_doc_line(doc, line, &text, &len); line++) {
        char *copy = xstrndup(text, len);
        const char *n, *value;
        size_t n_len;
        if (conf_split_assignment(copy, &n, &n_len, &value) && n_len == strlen(name) &&
            !strncasecmp(n, name, n_len))
            found = line;
        free(copy);
    }
    return found;
}

static json_t *live_diagnostic(int line, int severity, const char *code, const char *message)
{
    return json_pack("{s:o,s:i,s:s,s:s,s:s}", "range", lsp_range(line, 0, 0), "severity", severity,
                     "code", code, "source", "pgknob live", "message", message);
}

/* The value as SHOW writes it (pg_settings gives 16384 in units of 8kB: "128MB"). */
static char *setting_text(json_t *s)
{
    const char *value = pk_json_get_str(s, "value");
    const char *unit = pk_json_get_str(s, "unit");
    PkUnitKind kind;
    double factor;
    char *end;
    double num = value ? strtod(value, &end) : 0;
    if (value && *value && !*end && unit && pk_unit_base(unit, &kind, &factor) && num >= 0)
        return pk_units_format(num * factor, kind, PK_UNITS_EXACT, NULL);
    return xstrdup(value ? value : "");
}

void lsp_live_diagnostics(LspServer *srv, LspDoc *doc, json_t *diagnostics)
{
    json_t *snap = live_snapshot(srv);
    if (!srv->live_enabled)
        return;
    if (!snap) {
        char *msg = xasprintf("live mode: the server could not be read: %s",
                              srv->live_error ? srv->live_error : "no answer");
        char *clean = redact_text(&doc->secrets, msg);
        json_array_append_new(diagnostics, live_diagnostic(0, 3, "live", clean));
        free(clean);
        free(msg);
        return;
    }
    bool ours = false;
    size_t idx;
    json_t *row;
    /* lines of this file the server read but did not apply */
    json_array_foreach(json_object_get(snap, "file_errors"), idx, row)
    {
        if (!same_file(pk_json_get_str(row, "file"), doc))
            continue;
        ours = true;
        int line = (int)json_integer_value(json_object_get(row, "line")) - 1;
        const char *name = pk_json_get_str(row, "name");
        const char *error = pk_json_get_str(row, "error");
        json_t *s = name ? setting_named(snap, name) : NULL;
        bool pending = s && json_is_true(json_object_get(s, "pending_restart"));
        char *now = s ? setting_text(s) : xstrdup("?");
        char *msg = pending ? xasprintf("pending restart: the running server still uses %s = %s; "
                                        "this line applies after a restart",
                                        name, now)
                            : xasprintf("the running server did not apply this line: %s",
                                        error ? error : "not applied");
        char *clean = redact_text(&doc->secrets, msg);
        json_array_append_new(diagnostics,
                              live_diagnostic(line < 0 ? 0 : line, pending ? 2 : 1,
                                              pending ? "pending_restart" : "not_applied", clean));
        free(clean);
        free(msg);
        free(now);
    }
    json_array_foreach(json_object_get(snap, "settings"), idx, row)
    {
        if (same_file(pk_json_get_str(row, "file"), doc))
            ours = true;
    }
    /* without pg_file_settings (superusers only by default): pending restarts by name, on the
     * line of this file that sets them, when the server reads this file */
    if (!ours || json_is_array(json_object_get(snap, "file_errors")))
        return;
    json_array_foreach(json_object_get(snap, "settings"), idx, row)
    {
        const char *name = pk_json_get_str(row, "name");
        if (!name || !json_is_true(json_object_get(row, "pending_restart")))
            continue;
        int line = last_line_setting(doc, name);
        if (line < 0)
            continue;
        char *now = setting_text(row);
        char *msg = xasprintf("pending restart: the running server still uses %s = %s", name, now);
        char *clean = redact_text(&doc->secrets, msg);
        json_array_append_new(diagnostics, live_diagnostic(line, 2, "pending_restart", clean));
        free(clean);
        free(msg);
        free(now);
    }
}

void lsp_live_hover(LspServer *srv, LspDoc *doc, const char *name, StrBuf *md)
{
    json_t *snap = live_snapshot(srv);
    json_t *s = snap && name ? setting_named(snap, name) : NULL;
    if (!s)
        return;
    char *now = setting_text(s);
    const char *source = pk_json_get_str(s, "source");
    const char *file = pk_json_get_str(s, "file");
    json_int_t line = json_integer_value(json_object_get(s, "line"));
    sb_printf(md, "\n---\n\n**Live** (the running server): `%s = %s`, from %s", name, now,
              source ? source : "?");
    if (file)
        sb_printf(md, " (%s:%lld)", file, (long long)line);
    if (json_is_true(json_object_get(s, "pending_restart")))
        sb_put(md, "; **pending restart**: a changed value waits for a restart");
    if (!same_file(file, doc) && file)
        sb_put(md, "; the running server takes it from another file");
    sb_put(md, "\n");
    free(now);
}

/* 'value' as a SQL literal. */
static char *sql_literal(const char *value)
{
    StrBuf out = STRBUF_INIT;
    sb_putc(&out, '\'');
    for (const char *p = value; *p; p++) {
        if (*p == '\'')
            sb_putc(&out, '\'');
        sb_putc(&out, *p);
    }
    sb_putc(&out, '\'');
    return sb_detach(&out);
}

json_t *lsp_live_action(LspServer *srv, LspDoc *doc, int line)
{
    const ConfSet *set = doc->linted && doc->res.n_inputs ? &doc->res.inputs[0].set : NULL;
    if (!srv->live_enabled || !set)
        return NULL;
    const ConfEntry *entry = NULL;
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *e = &set->entries[idx];
        if (e->name && e->value && e->line == line + 1 && e->file && !strcmp(e->file, doc->path))
            entry = e;
    }
    if (!entry || !strncasecmp(entry->name, "include", 7))
        return NULL;
    bool secret = conf_name_secret(&doc->secrets, doc->pg_major, entry->name);
    char *lit = secret ? xstrdup("'" REDACTED "'") : sql_literal(entry->value);
    char *stmt = xasprintf("ALTER SYSTEM SET %s = %s;", entry->name, lit);
    char *clean = redact_text(&doc->secrets, stmt);
    char *title = xasprintf("Show the ALTER SYSTEM statement for %s", entry->name);
    json_t *action =
        json_pack("{s:s,s:s,s:{s:s,s:s,s:[s]}}", "title", title, "kind", "source", "command",
                  "title", title, "command", LIVE_COMMAND, "arguments", clean);
    free(title);
    free(clean);
    free(stmt);
    free(lit);
    return action;
}

bool lsp_live_execute(LspServer *srv, json_t *params)
{
    const char *command = pk_json_get_str(params, "command");
    json_t *args = json_object_get(params, "arguments");
    if (!command || strcmp(command, LIVE_COMMAND) || !json_is_string(json_array_get(args, 0)))
        return false;
    lsp_notify(
        srv->out, "window/showMessage",
        json_pack("{s:i,s:s}", "type", 3, "message", json_string_value(json_array_get(args, 0))));
    return true;
}
