/* The language server's loop and documents: initialize/shutdown/exit, full-text sync, lint of
 * the unsaved buffer with the rule packs loaded once, diagnostics published per file. */
#include "lsp/lsp.intern.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/json.h"
#include "common/strbuf.h"
#include "common/version.h"
#include "common/xalloc.h"
#include "conf/conf_secrets.h"
#include "lint/fix_check.h"
#include "project/options.h"

/* JSON-RPC error codes (LSP 3.17, "Response Message"). */
enum {
    RPC_PARSE_ERROR = -32700,
    RPC_INVALID_REQUEST = -32600,
    RPC_METHOD_NOT_FOUND = -32601,
    RPC_INVALID_PARAMS = -32602,
    RPC_SERVER_NOT_INITIALIZED = -32002,
    RPC_REQUEST_FAILED = -32803,
    RPC_INVALID_AFTER_SHUTDOWN = -32600,
};

bool lsp_doc_line(const LspDoc *doc, int line, const char **start, size_t *len)
{
    const char *pos = doc->text, *end = doc->text + doc->len;
    for (int idx = 0; idx < line; idx++) {
        const char *nl = memchr(pos, '\n', (size_t)(end - pos));
        if (!nl)
            return false;
        pos = nl + 1;
    }
    if (line < 0 || pos > end)
        return false;
    const char *nl = memchr(pos, '\n', (size_t)(end - pos));
    *start = pos;
    *len = (size_t)((nl ? nl : end) - pos);
    if (*len && pos[*len - 1] == '\r')
        (*len)--;
    return true;
}

static LspDoc *doc_find(LspServer *srv, const char *uri)
{
    for (size_t idx = 0; idx < srv->n_docs; idx++)
        if (!strcmp(srv->docs[idx].uri, uri))
            return &srv->docs[idx];
    return NULL;
}

static void doc_free(LspDoc *doc)
{
    free(doc->uri);
    free(doc->path);
    free(doc->text);
    if (doc->linted)
        lint_result_free(&doc->res);
    arena_free(doc->secrets.arena);
    for (size_t idx = 0; idx < doc->n_published; idx++)
        free(doc->published[idx]);
    free(doc->published);
    memset(doc, 0, sizeof(*doc));
}

/* ---- the target major ------------------------------------------------------------------- */

/* "# pgknob: pg=17" in the document (the first one wins). */
static bool version_pragma(const LspDoc *doc, char *out, size_t cap)
{
    for (const char *pos = doc->text; pos && *pos;) {
        const char *nl = strchr(pos, '\n');
        size_t len = nl ? (size_t)(nl - pos) : strlen(pos);
        const char *hit = memmem(pos, len, "pgknob: pg=", 11);
        if (hit && memchr(pos, '#', (size_t)(hit - pos))) {
            size_t digits = 0;
            hit += 11;
            while (hit + digits < pos + len &&
                   (isdigit((unsigned char)hit[digits]) || hit[digits] == '.') && digits + 1 < cap)
                digits++;
            if (digits) {
                memcpy(out, hit, digits);
                out[digits] = '\0';
                return true;
            }
        }
        pos = nl ? nl + 1 : NULL;
    }
    return false;
}

/* PG_VERSION beside the file: a data directory's postgresql.conf. */
static bool version_file(const char *path, char *out, size_t cap)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return false;
    char *file = xasprintf("%.*s/PG_VERSION", (int)(slash - path), path);
    FILE *fp = fopen(file, "r");
    free(file);
    if (!fp)
        return false;
    bool ok = fgets(out, (int)cap, fp) != NULL;
    fclose(fp);
    if (ok)
        out[strcspn(out, " \r\n")] = '\0';
    return ok && out[0];
}

/* ---- lint and diagnostics --------------------------------------------------------------- */

static int lsp_severity(Severity sev)
{
    return sev == SEV_ERROR ? 1 : sev == SEV_WARNING ? 2 : sev == SEV_NOTICE ? 3 : 4;
}

/* For a finding on a line another line overrides (PK0024): where the winning line is, so the
 * editor can show it beside the losing one. */
static json_t *winning_line(const Finding *f, const LspDoc *doc)
{
    const ConfSet *set = doc->linted && doc->res.n_inputs ? &doc->res.inputs[0].set : NULL;
    const char *file = f->file ? f->file : doc->path;
    for (size_t idx = 0; set && strcmp(f->rule_id, "PK0024") == 0 && idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (entry->line != f->line || !entry->file || strcmp(entry->file, file) ||
            entry->overridden_by < 0)
            continue;
        const ConfEntry *win = &set->entries[entry->overridden_by];
        char *uri = lsp_path_to_uri(win->file);
        char *msg = xasprintf("the line that wins: %s", win->line_text ? win->line_text : "");
        char *clean = redact_text(&doc->secrets, msg);
        json_t *info = json_pack("{s:{s:s,s:o},s:s}", "location", "uri", uri, "range",
                                 lsp_range(win->line - 1, 0, 0), "message", clean);
        free(clean);
        free(msg);
        free(uri);
        return info;
    }
    return NULL;
}

static json_t *finding_diagnostic(const Finding *f, const LspDoc *doc, bool own_file)
{
    int line = f->line > 0 ? f->line - 1 : 0;
    int start_col = 0, end_col = 0;
    const char *text;
    size_t len;
    if (own_file && lsp_doc_line(doc, line, &text, &len)) {
        end_col = lsp_byte_to_column(text, len);
        /* from the finding's own column (a manifest's key, a value) to the line's end */
        if (f->column > 1 && (size_t)(f->column - 1) <= len)
            start_col = lsp_byte_to_column(text, (size_t)(f->column - 1));
    }
    json_t *diag = json_object();
    pk_json_set(diag, "range", lsp_range(line, start_col, end_col));
    pk_json_set(diag, "severity", json_integer(lsp_severity(f->severity)));
    pk_json_set(diag, "code", pk_json_str(f->rule_id));
    pk_json_set(diag, "source", json_string("pgknob"));
    StrBuf msg = STRBUF_INIT;
    sb_put(&msg, f->message ? f->message : f->title);
    if (f->refuses_start)
        sb_put(&msg, " [refuses start]");
    if (f->hint) /* why, as the text output says it: "Did you mean", the purpose's reason */
        sb_printf(&msg, "\n%s", f->hint);
    if (f->suggestion)
        sb_printf(&msg, "\n%s", f->suggestion);
    char *clean = redact_text(&doc->secrets, sb_str(&msg));
    pk_json_set(diag, "message", pk_json_str(clean));
    free(clean);
    sb_free(&msg);
    json_t *data = json_object(), *fixes = json_array();
    pk_json_set(data, "rule", pk_json_str(f->rule_id));
    for (size_t idx = 0; idx < f->n_fixes; idx++) {
        const FindingFix *fix = &f->fixes[idx];
        json_t *item = json_object();
        pk_json_set(item, "name", pk_json_str(fix->name));
        pk_json_set(item, "value", pk_json_str(fix->value));
        pk_json_set(item, "applies", pk_json_str(fix->applies));
        pk_json_set(item, "safety", pk_json_str(finding_fix_safety(fix)));
        if (fix->unsafe)
            pk_json_set(item, "why", pk_json_str(fix->why));
        if (fix->remove)
            pk_json_set(item, "remove", json_true());
        if (fix->file && fix->line > 0) {
            pk_json_set(item, "file", pk_json_str(fix->file));
            pk_json_set(item, "line", json_integer(fix->line));
        }
        json_array_append_new(fixes, item);
    }
    pk_json_set(data, "fixes", fixes);
    pk_json_set(diag, "data", data);
    json_t *winner = winning_line(f, doc);
    if (winner)
        pk_json_set(diag, "relatedInformation", json_pack("[o]", winner));
    return diag;
}

static void publish(LspServer *srv, const char *uri, json_t *diagnostics, long version)
{
    json_t *params = json_object();
    pk_json_set(params, "uri", json_string(uri));
    if (version >= 0)
        pk_json_set(params, "version", json_integer(version));
    pk_json_set(params, "diagnostics", diagnostics);
    lsp_notify(srv->out, "textDocument/publishDiagnostics", params);
}

/* Findings grouped by the file they point at: the document's own, and its includes'. */
static void publish_findings(LspServer *srv, LspDoc *doc)
{
    char **uris = NULL;
    json_t **lists = NULL;
    size_t n = 0;
    const FindingList *findings = &doc->res.findings;
    for (size_t idx = 0; doc->linted && idx < findings->n; idx++) {
        const Finding *f = &findings->items[idx];
        if (f->suppressed)
            continue;
        bool own = !f->file || !strcmp(f->file, doc->path);
        char *uri = own ? xstrdup(doc->uri) : lsp_path_to_uri(f->file);
        size_t slot = 0;
        while (slot < n && strcmp(uris[slot], uri))
            slot++;
        if (slot == n) {
            uris = xrealloc(uris, (n + 1) * sizeof(*uris));
            lists = xrealloc(lists, (n + 1) * sizeof(*lists));
            uris[n] = uri;
            lists[n++] = json_array();
        } else {
            free(uri);
        }
        json_array_append_new(lists[slot], finding_diagnostic(f, doc, own));
    }
    size_t own_slot = 0;
    while (own_slot < n && strcmp(uris[own_slot], doc->uri))
        own_slot++;
    if (own_slot == n) {
        uris = xrealloc(uris, (n + 1) * sizeof(*uris));
        lists = xrealloc(lists, (n + 1) * sizeof(*lists));
        uris[n] = xstrdup(doc->uri);
        lists[n++] = json_array();
    }
    lsp_live_diagnostics(srv, doc, lists[own_slot]);
    bool own_sent = false;
    for (size_t slot = 0; slot < n; slot++) {
        bool own = !strcmp(uris[slot], doc->uri);
        own_sent |= own;
        publish(srv, uris[slot], lists[slot], own ? doc->version : -1);
    }
    if (!own_sent)
        publish(srv, doc->uri, json_array(), doc->version);
    /* what was published last time and not now is cleared */
    for (size_t idx = 0; idx < doc->n_published; idx++) {
        bool still = !strcmp(doc->published[idx], doc->uri);
        for (size_t slot = 0; slot < n && !still; slot++)
            still = !strcmp(uris[slot], doc->published[idx]);
        if (!still)
            publish(srv, doc->published[idx], json_array(), -1);
        free(doc->published[idx]);
    }
    free(doc->published);
    doc->published = uris;
    doc->n_published = n;
    free(lists);
}

void lsp_lint_and_publish(LspServer *srv, LspDoc *doc)
{
    if (lsp_doc_kind(doc->path) != LSP_DOC_CONF) { /* pg_hba/pg_ident: maps only, no lint */
        publish(srv, doc->uri, json_array(), doc->version);
        return;
    }
    if (doc->linted)
        lint_result_free(&doc->res);
    memset(&doc->res, 0, sizeof(doc->res));
    doc->linted = false;
    char version[32];
    const char *pg_version = srv->opts->pg_version;
    ProjectOptions project = {.fail_on = SEV_WARNING, .search_from = doc->path};
    PkDiag project_diag = PK_DIAG_INIT;
    bool have_project = project_options_load(&project, &project_diag);
    pk_diag_free(&project_diag); /* a broken .pgknob.ini: lint without it (lint says why) */
    if (version_pragma(doc, version, sizeof(version)) ||
        (have_project && project.pg_version &&
         snprintf(version, sizeof(version), "%s", project.pg_version) > 0) ||
        version_file(doc->path, version, sizeof(version)))
        pg_version = version;
    /* .pgknob.ini's target: the service's restrictions, as lint --target adds them */
    TargetSpec target_spec = {0};
    InputTarget target = TARGET_NONE;
    bool have_target = have_project && project.target &&
                       input_target_parse(project.target, &target) &&
                       target_spec_load(target, &target_spec, NULL);
    const char *paths[] = {"-"};
    bool fragment = lint_is_fragment(doc->path, false);
    LintOpts lopts = {.paths = paths,
                      .n_paths = 1,
                      .pg_version = pg_version,
                      .fragment = fragment,
                      .buffer = doc->text,
                      .buffer_len = doc->len,
                      .stdin_name = doc->path,
                      .target = have_target ? &target_spec : NULL};
    PkDiag diag = PK_DIAG_INIT;
    bool ok = lint_run(&lopts, &doc->res, &diag);
    /* the inputs point at the service's facts until the rules have run (lint_target_fixes) */
    if (!ok) {
        arena_free(target_spec.arena);
        /* pgknob's own input is unusable (a bad version pragma): say so on the first line */
        json_t *list = json_array(), *item = json_object();
        pk_json_set(item, "range", lsp_range(diag.line > 0 ? diag.line - 1 : 0, 0, 0));
        pk_json_set(item, "severity", json_integer(1));
        pk_json_set(item, "source", json_string("pgknob"));
        char *clean = redact_text(NULL, diag.message ? diag.message : "cannot lint this file");
        pk_json_set(item, "message", pk_json_str(clean));
        free(clean);
        json_array_append_new(list, item);
        publish(srv, doc->uri, list, doc->version);
        pk_diag_free(&diag);
        lint_result_free(&doc->res);
        if (have_project)
            project_options_free(&project);
        return;
    }
    doc->linted = true;
    lint_locate_columns(&doc->res); /* a manifest's findings at its key's column, as lint's */
    doc->pg_major = doc->res.n_inputs ? doc->res.inputs[0].pg_major : 0;
    arena_free(doc->secrets.arena);
    doc->secrets = (Redaction){0};
    for (size_t idx = 0; have_project && idx < project.redact.n_names; idx++)
        redaction_add_name(&doc->secrets, project.redact.names[idx]);
    for (size_t idx = 0; idx < doc->res.n_inputs; idx++)
        conf_set_secrets(&doc->secrets, doc->res.inputs[idx].pg_major, &doc->res.inputs[idx].set,
                         &doc->secrets);
    if (srv->rules_loaded) {
        PkDiag rules_diag = PK_DIAG_INIT;
        lint_rules_apply(&doc->res, &srv->opts->rules, &srv->rules, &rules_diag);
        pk_diag_free(&rules_diag); /* only --host can fail here, and lsp takes none */
        fix_check_run(&doc->res, &srv->rules.rules,
                      &(EngineOpts){srv->opts->rules.disable, srv->opts->rules.n_disable});
    }
    for (size_t idx = 0; idx < doc->res.n_inputs; idx++)
        if (doc->res.inputs[idx].service == &target_spec)
            doc->res.inputs[idx].service = NULL;
    arena_free(target_spec.arena);
    /* the purpose the saved file's words state, unless the project's states one (PK0090) */
    project_apply_file_purpose(have_project ? &project : &(ProjectOptions){0}, &doc->res);
    if (have_project) {
        const ConfSet *sets[] = {&doc->res.inputs[0].set};
        size_t n_known = 0;
        PkDiag apply_diag = PK_DIAG_INIT;
        project_options_apply(&project, &doc->res.findings, sets, 1, &n_known, &apply_diag);
        pk_diag_free(&apply_diag);
        project_options_free(&project);
    }
    publish_findings(srv, doc);
}

/* ---- requests --------------------------------------------------------------------------- */

static json_t *capabilities(void)
{
    return json_pack("{s:{s:b,s:i,s:{s:b}},s:b,s:{s:[s,s,s,s,s]},s:{s:[s,s]},s:b,s:b,s:{s:[s]},"
                     "s:b,s:b}",
                     "textDocumentSync", "openClose", 1, "change", 1, "save", "includeText", 0,
                     "hoverProvider", 1, "completionProvider", "triggerCharacters", "=", " ", ".",
                     "'", "_", "codeActionProvider", "codeActionKinds", "quickfix", "source",
                     "definitionProvider", 1, "documentSymbolProvider", 1, "executeCommandProvider",
                     "commands", "pgknob.alterSystem", "referencesProvider", 1, "renameProvider",
                     1);
}

static int position_of(json_t *params, int *line, int *column)
{
    return json_unpack(params, "{s:{s:i,s:i}}", "position", "line", line, "character", column);
}

static LspDoc *doc_of(LspServer *srv, json_t *params)
{
    const char *uri = NULL;
    if (json_unpack(params, "{s:{s:s}}", "textDocument", "uri", &uri))
        return NULL;
    return doc_find(srv, uri);
}

/* A new text of the document (opened or changed): linted and its diagnostics published. */
static void doc_set_text(LspServer *srv, LspDoc *doc, const char *text, json_int_t version)
{
    doc->len = strlen(text);
    doc->text = xstrdup(text);
    doc->version = (long)version;
    lsp_lint_and_publish(srv, doc);
}

static void did_open(LspServer *srv, json_t *params)
{
    const char *uri, *text;
    json_int_t version = 0;
    if (json_unpack(params, "{s:{s:s,s:s,s?I}}", "textDocument", "uri", &uri, "text", &text,
                    "version", &version))
        return;
    char *path = lsp_uri_to_path(uri);
    if (!path)
        return;
    LspDoc *doc = doc_find(srv, uri);
    if (doc)
        doc_free(doc);
    else {
        PK_GROW(srv->docs, srv->n_docs, srv->cap_docs);
        doc = &srv->docs[srv->n_docs++];
        memset(doc, 0, sizeof(*doc));
    }
    doc->uri = xstrdup(uri);
    doc->path = path;
    doc_set_text(srv, doc, text, version);
}

static void did_change(LspServer *srv, json_t *params)
{
    LspDoc *doc = doc_of(srv, params);
    json_t *changes = json_object_get(params, "contentChanges");
    json_int_t version = 0;
    json_unpack(params, "{s:{s?I}}", "textDocument", "version", &version);
    size_t n = json_array_size(changes);
    if (!doc || !n)
        return;
    /* full sync (change = 1): the last change holds the whole text */
    const char *text = pk_json_get_str(json_array_get(changes, n - 1), "text");
    if (!text)
        return;
    free(doc->text);
    doc_set_text(srv, doc, text, version);
}

static void did_close(LspServer *srv, json_t *params)
{
    LspDoc *doc = doc_of(srv, params);
    if (!doc)
        return;
    for (size_t idx = 0; idx < doc->n_published; idx++)
        publish(srv, doc->published[idx], json_array(), -1);
    doc_free(doc);
    *doc = srv->docs[--srv->n_docs];
}

static void handle_request(LspServer *srv, const char *method, json_t *id, json_t *params)
{
    int line = 0, column = 0;
    LspDoc *doc = params ? doc_of(srv, params) : NULL;
    bool conf = doc && lsp_doc_kind(doc->path) == LSP_DOC_CONF;
    if (!strcmp(method, "shutdown")) {
        srv->shutdown = true;
        lsp_reply(srv->out, id, json_null());
    } else if (!strcmp(method, "textDocument/references") && doc &&
               !position_of(params, &line, &column)) {
        lsp_reply(srv->out, id, lsp_map_references(srv, doc, line, column));
    } else if (!strcmp(method, "textDocument/rename") && doc &&
               !position_of(params, &line, &column)) {
        const char *error;
        json_t *edit =
            lsp_map_rename(srv, doc, line, column, pk_json_get_str(params, "newName"), &error);
        if (edit)
            lsp_reply(srv->out, id, edit);
        else
            lsp_reply_error(srv->out, id, RPC_REQUEST_FAILED, error);
    } else if (doc && !conf && !strncmp(method, "textDocument/", 13)) {
        lsp_reply(srv->out, id, json_null()); /* pg_hba/pg_ident: nothing but the maps */
    } else if (!strcmp(method, "textDocument/hover") && doc &&
               !position_of(params, &line, &column)) {
        lsp_reply(srv->out, id, lsp_hover(srv, doc, line, column));
    } else if (!strcmp(method, "textDocument/completion") && doc &&
               !position_of(params, &line, &column)) {
        lsp_reply(srv->out, id, lsp_completion(srv, doc, line, column));
    } else if (!strcmp(method, "textDocument/codeAction") && doc) {
        lsp_reply(srv->out, id, lsp_code_actions(srv, doc, params));
    } else if (!strcmp(method, "textDocument/definition") && doc &&
               !position_of(params, &line, &column)) {
        lsp_reply(srv->out, id, lsp_definition(srv, doc, line, column));
    } else if (!strcmp(method, "textDocument/documentSymbol") && doc) {
        lsp_reply(srv->out, id, lsp_document_symbols(srv, doc));
    } else if (!strcmp(method, "workspace/executeCommand") && lsp_live_execute(srv, params)) {
        lsp_reply(srv->out, id, json_null());
    } else if (!strncmp(method, "textDocument/", 13) && !doc) {
        lsp_reply(srv->out, id, json_null()); /* a document that was never opened */
    } else {
        lsp_reply_error(srv->out, id, RPC_METHOD_NOT_FOUND, "method not supported by pgknob");
    }
}

static void handle_notification(LspServer *srv, const char *method, json_t *params)
{
    if (!strcmp(method, "textDocument/didOpen"))
        did_open(srv, params);
    else if (!strcmp(method, "textDocument/didChange"))
        did_change(srv, params);
    else if (!strcmp(method, "textDocument/didClose"))
        did_close(srv, params);
    else if (!strcmp(method, "workspace/didChangeConfiguration") ||
             !strcmp(method, "textDocument/didSave"))
        for (size_t idx = 0; idx < srv->n_docs; idx++)
            lsp_lint_and_publish(srv, &srv->docs[idx]);
}

/* One message; false when the server must stop (exit), with *code the exit code. */
static bool dispatch(LspServer *srv, json_t *msg, bool *initialized, int *code)
{
    const char *method = pk_json_get_str(msg, "method");
    json_t *id = json_object_get(msg, "id");
    json_t *params = json_object_get(msg, "params");
    if (!method) {
        if (id) /* a response to a request of ours: we send none */
            return true;
        lsp_reply_error(srv->out, NULL, RPC_INVALID_REQUEST, "a message without a method");
        return true;
    }
    if (!strcmp(method, "exit")) {
        *code = srv->shutdown ? 0 : 1;
        return false;
    }
    if (!strcmp(method, "initialize")) {
        json_t *result = json_object();
        pk_json_set(result, "capabilities", capabilities());
        lsp_live_configure(srv, json_object_get(params, "initializationOptions"));
        pk_json_set(result, "serverInfo",
                    json_pack("{s:s,s:s}", "name", "pgknob", "version", PK_VERSION));
        *initialized = true;
        lsp_reply(srv->out, id, result);
        return true;
    }
    if (!*initialized) {
        if (id)
            lsp_reply_error(srv->out, id, RPC_SERVER_NOT_INITIALIZED, "initialize first");
        return true;
    }
    if (srv->shutdown && id) {
        lsp_reply_error(srv->out, id, RPC_INVALID_AFTER_SHUTDOWN, "the server is shutting down");
        return true;
    }
    if (id)
        handle_request(srv, method, id, params);
    else
        handle_notification(srv, method, params);
    return true;
}

int lsp_serve(int in_fd, FILE *out, const LspOpts *opts, PkDiag *diag)
{
    LspServer srv = {.out = out, .opts = opts};
    if (!opts->rules.disabled_all) {
        if (!lint_rules_load(&opts->rules, &srv.rules, diag))
            return 2;
        srv.rules_loaded = true;
    }
    LspReader *rd = xcalloc(1, sizeof(*rd));
    rd->fd = in_fd;
    bool initialized = false;
    int code = 1;
    for (;;) {
        char *body = NULL;
        size_t len = 0;
        LspReadStatus status = lsp_read_message(rd, &body, &len);
        if (status == LSP_READ_EOF)
            break;
        if (status != LSP_READ_OK) {
            /* a frame we cannot read: its end is unknown, so the stream is lost */
            lsp_reply_error(out, NULL, RPC_PARSE_ERROR,
                            status == LSP_READ_TOO_LARGE ? "message larger than 64 MB"
                                                         : "bad message header");
            break;
        }
        json_error_t err;
        json_t *msg = json_loadb(body, len, 0, &err);
        free(body);
        if (!msg || !json_is_object(msg)) {
            lsp_reply_error(out, NULL, RPC_PARSE_ERROR, msg ? "not a JSON object" : err.text);
            json_decref(msg);
            continue;
        }
        bool go_on = dispatch(&srv, msg, &initialized, &code);
        json_decref(msg);
        if (!go_on)
            break;
    }
    free(rd);
    for (size_t idx = 0; idx < srv.n_docs; idx++)
        doc_free(&srv.docs[idx]);
    free(srv.docs);
    lsp_live_free(&srv);
    if (srv.rules_loaded)
        lint_rules_state_free(&srv.rules);
    return code;
}
