/* What the language server answers besides diagnostics: hover and completion from the catalog
 * of the document's target major, code actions from the findings' verified fixes, definitions
 * (includes, the line that wins an override) and document symbols, from the last lint. */
#include "lsp/lsp.intern.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog.h"
#include "common/units.h"
#include "common/json.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf_edit.h"
#include "conf/conf_path.h"
#include "conf/conf_secrets.h"

static const Catalog *doc_catalog(const LspDoc *doc)
{
    const Catalog *cat = catalog_for_major(doc->pg_major);
    return cat ? cat : catalog_for_major(PK_MAX_MAJOR);
}

/* The parameter name a line assigns (as written), or NULL. Caller frees. */
static char *line_name(const char *text, size_t len)
{
    char *line = xstrndup(text, len);
    const char *name, *value;
    size_t name_len;
    char *out =
        conf_split_assignment(line, &name, &name_len, &value) ? xstrndup(name, name_len) : NULL;
    free(line);
    return out;
}

/* A line of the document and the parameter name it assigns (NULL if none; caller frees). */
typedef struct DocLine {
    const char *text;
    size_t len;
    char *name;
} DocLine;

static bool doc_line_at(LspDoc *doc, int line, DocLine *at)
{
    if (!lsp_doc_line(doc, line, &at->text, &at->len))
        return false;
    at->name = line_name(at->text, at->len);
    return true;
}

/* A value of the document as the server shows it: "<redacted>" when its whole value is secret,
 * else with the secrets inside masked. Caller frees. */
static char *shown_value(const LspDoc *doc, const char *name, const char *value)
{
    if (value && *value && conf_name_secret(&doc->secrets, doc->pg_major, name))
        return xstrdup(REDACTED);
    return redact_text(&doc->secrets, value ? value : "");
}

static bool is_include(const char *name)
{
    return name && (!strcasecmp(name, "include") || !strcasecmp(name, "include_if_exists") ||
                    !strcasecmp(name, "include_dir"));
}

/* ---- hover ------------------------------------------------------------------------------ */

static void describe_param(StrBuf *md, const CatalogParam *param, const Catalog *cat)
{
    sb_printf(md, "**%s** — %s\n\n", param->name, param->short_desc ? param->short_desc : "");
    sb_printf(md, "- type: %s", catalog_type_name(param->type));
    if (param->unit)
        sb_printf(md, ", unit %s", param->unit);
    sb_put(md, "\n");
    if (param->min_val && param->max_val)
        sb_printf(md, "- range: %s to %s%s%s\n", param->min_val, param->max_val,
                  param->unit ? " " : "", param->unit ? param->unit : "");
    if (param->enum_vals) {
        sb_put(md, "- values:");
        for (const char *const *val = param->enum_vals; *val; val++)
            sb_printf(md, " `%s`", *val);
        sb_put(md, "\n");
    }
    sb_printf(md, "- default: `%s`%s%s\n", param->boot_val ? param->boot_val : "",
              param->unit && param->boot_val && *param->boot_val ? " " : "",
              param->unit && param->boot_val && *param->boot_val ? param->unit : "");
    sb_printf(md, "- context: %s (%s)\n", catalog_context_name(param->context),
              catalog_context_needs_restart(param->context) ? "a change needs a restart"
                                                            : "a reload applies a change");
    if (param->since_minor)
        sb_printf(md, "- since PostgreSQL %s\n", param->since_minor);
    sb_printf(md, "- catalog: PostgreSQL %d (from %s)\n", cat->major, cat->server_version);
}

json_t *lsp_hover(LspServer *srv, LspDoc *doc, int line, int column)
{
    (void)column;
    DocLine at;
    if (!doc_line_at(doc, line, &at))
        return json_null();
    char *name = at.name;
    const Catalog *cat = doc_catalog(doc);
    StrBuf md = STRBUF_INIT;
    if (name && !is_include(name)) {
        const CatalogParam *param = catalog_find(cat, name);
        if (param) {
            describe_param(&md, param, cat);
            lsp_live_hover(srv, doc, name, &md);
        } else {
            char *note = catalog_version_note(cat->major, name);
            const char *near = note ? NULL : catalog_suggest(cat, name);
            sb_printf(&md, "**%s** is not a parameter of PostgreSQL %d", name, cat->major);
            if (note)
                sb_printf(&md, ": %s", note);
            else if (near)
                sb_printf(&md, " (did you mean `%s`?)", near);
            sb_put(&md, "\n");
            free(note);
        }
    }
    for (size_t idx = 0; doc->linted && idx < doc->res.findings.n; idx++) {
        const Finding *f = &doc->res.findings.items[idx];
        if (f->suppressed || f->line != line + 1 || (f->file && strcmp(f->file, doc->path)))
            continue;
        sb_printf(&md, "\n---\n\n**%s** %s: %s\n", f->rule_id, severity_name(f->severity),
                  f->title);
        if (f->explanation)
            sb_printf(&md, "\n%s\n", f->explanation);
        for (size_t link = 0; link < f->n_links; link++)
            sb_printf(&md, "\n%s\n", f->links[link]);
    }
    free(name);
    if (!md.len) {
        sb_free(&md);
        return json_null();
    }
    char *clean = redact_text(&doc->secrets, sb_str(&md));
    json_t *hover = json_pack("{s:{s:s,s:s}}", "contents", "kind", "markdown", "value", clean);
    free(clean);
    sb_free(&md);
    return hover;
}

/* ---- completion ------------------------------------------------------------------------- */

static void add_item(json_t *items, const char *label, int kind, const char *detail,
                     const char *doc_text)
{
    json_t *item = json_object();
    pk_json_set(item, "label", pk_json_str(label));
    pk_json_set(item, "kind", json_integer(kind));
    if (detail)
        pk_json_set(item, "detail", pk_json_str(detail));
    if (doc_text)
        pk_json_set(item, "documentation", pk_json_str(doc_text));
    json_array_append_new(items, item);
}

/* Units a value of `param` may be written with: memory or time, as the server accepts them,
 * smallest first. */
static void add_units(json_t *items, const CatalogParam *param)
{
    PkUnitKind kind;
    double base;
    if (!pk_unit_base(param->unit, &kind, &base))
        return;
    const PkUnit *units;
    for (size_t idx = pk_units_server(kind, &units); idx-- > 0;)
        add_item(items, units[idx].name, 11 /* Unit */, param->name, NULL);
}

json_t *lsp_completion(LspServer *srv, LspDoc *doc, int line, int column)
{
    (void)srv;
    const char *text;
    size_t len;
    json_t *items = json_array();
    if (!lsp_doc_line(doc, line, &text, &len))
        return items;
    size_t cursor = lsp_column_to_byte(text, len, column);
    const Catalog *cat = doc_catalog(doc);
    size_t lead = 0;
    while (lead < cursor && (text[lead] == ' ' || text[lead] == '\t'))
        lead++;
    size_t word_end = lead;
    while (word_end < cursor && (isalnum((unsigned char)text[word_end]) || text[word_end] == '_' ||
                                 text[word_end] == '.'))
        word_end++;
    if (memchr(text, '#', cursor))
        return items; /* inside a comment */
    if (word_end == cursor) {
        /* still typing the name: every parameter of the major starting with it */
        for (size_t idx = 0; idx < cat->n_params; idx++) {
            const CatalogParam *param = &cat->params[idx];
            if (param->hidden || strncasecmp(param->name, text + lead, word_end - lead))
                continue;
            char *detail =
                xasprintf("%s%s%s, %s", catalog_type_name(param->type), param->unit ? " " : "",
                          param->unit ? param->unit : "", catalog_context_name(param->context));
            add_item(items, param->name, 10 /* Property */, detail, param->short_desc);
            free(detail);
        }
        return items;
    }
    char *name = xstrndup(text + lead, word_end - lead);
    const CatalogParam *param = catalog_find(cat, name);
    free(name);
    if (!param)
        return items;
    if (param->type == GUC_ENUM && param->enum_vals)
        for (const char *const *val = param->enum_vals; *val; val++)
            add_item(items, *val, 20 /* EnumMember */, param->name, NULL);
    else if (param->type == GUC_BOOL)
        for (const char *const *val = (const char *const[]){"on", "off", NULL}; *val; val++)
            add_item(items, *val, 20, param->name, NULL);
    else
        add_units(items, param);
    return items;
}

/* ---- code actions ----------------------------------------------------------------------- */

static json_t *text_edit(int line, int start_col, int end_line, int end_col, const char *text)
{
    return json_pack("{s:{s:{s:i,s:i},s:{s:i,s:i}},s:s}", "range", "start", "line", line,
                     "character", start_col, "end", "line", end_line, "character", end_col,
                     "newText", text);
}

static json_t *action(const char *title, const char *uri, json_t *edits, json_t *diagnostic,
                      bool preferred)
{
    json_t *changes = json_object();
    pk_json_set(changes, uri, edits);
    json_t *act = json_object();
    pk_json_set(act, "title", pk_json_str(title));
    pk_json_set(act, "kind", json_string("quickfix"));
    if (diagnostic)
        pk_json_set(act, "diagnostics", json_pack("[O]", diagnostic));
    if (preferred)
        pk_json_set(act, "isPreferred", json_true());
    pk_json_set(act, "edit", json_pack("{s:o}", "changes", changes));
    return act;
}

/* The line (0-based) of the document that assigns `name` last, or -1. */
static int last_assignment(const LspDoc *doc, const char *name)
{
    int found = -1;
    const char *text;
    size_t len;
    for (int line = 0; lsp_doc_line(doc, line, &text, &len); line++) {
        char *here = line_name(text, len);
        if (here && !strcasecmp(here, name))
            found = line;
        free(here);
    }
    return found;
}

static json_t *fix_edit(const LspDoc *doc, const json_t *fix, int diag_line)
{
    const char *name = pk_json_get_str(fix, "name"), *value = pk_json_get_str(fix, "value");
    if (!name || !value)
        return NULL;
    const char *text;
    size_t len;
    int line = -1;
    json_t *fix_line = json_object_get(fix, "line");
    const char *fix_file = pk_json_get_str(fix, "file");
    if (fix_file && json_is_integer(fix_line) && !strcmp(fix_file, doc->path))
        line = (int)json_integer_value(fix_line) - 1;
    if (line < 0 && lsp_doc_line(doc, diag_line, &text, &len)) {
        char *here = line_name(text, len);
        if (here && !strcasecmp(here, name))
            line = diag_line;
        free(here);
    }
    if (line < 0)
        line = last_assignment(doc, name);
    if (line >= 0 && lsp_doc_line(doc, line, &text, &len)) {
        char *old = xstrndup(text, len);
        char *rewritten = json_is_true(json_object_get(fix, "remove"))
                              ? xasprintf("#%s", old)
                              : conf_rewrite_assignment(old, name, value);
        free(old);
        if (rewritten) {
            json_t *edit = text_edit(line, 0, line, lsp_byte_to_column(text, len), rewritten);
            free(rewritten);
            return edit;
        }
    }
    if (json_is_true(json_object_get(fix, "remove")))
        return NULL; /* the line to comment out is not in this document */
    /* no line assigns it: append the assignment */
    int last = 0;
    while (lsp_doc_line(doc, last + 1, &text, &len))
        last++;
    lsp_doc_line(doc, last, &text, &len);
    char *assignment = conf_format_assignment(name, value);
    char *insert = xasprintf("%s%s\n", len ? "\n" : "", assignment);
    json_t *edit =
        text_edit(last, lsp_byte_to_column(text, len), last, lsp_byte_to_column(text, len), insert);
    free(assignment);
    free(insert);
    return edit;
}

json_t *lsp_code_actions(LspServer *srv, LspDoc *doc, json_t *params)
{
    json_t *actions = json_array();
    json_int_t at_line = -1;
    if (!json_unpack(params, "{s:{s:{s:I}}}", "range", "start", "line", &at_line)) {
        json_t *live = lsp_live_action(srv, doc, (int)at_line);
        if (live)
            json_array_append_new(actions, live);
    }
    json_t *diagnostics = json_object_get(json_object_get(params, "context"), "diagnostics");
    size_t idx;
    json_t *diag;
    json_array_foreach(diagnostics, idx, diag)
    {
        json_t *data = json_object_get(diag, "data");
        const char *rule = pk_json_get_str(data, "rule");
        json_int_t line = 0;
        if (!rule || json_unpack(diag, "{s:{s:{s:I}}}", "range", "start", "line", &line))
            continue;
        json_t *fixes = json_object_get(data, "fixes");
        size_t fix_idx;
        json_t *fix;
        json_array_foreach(fixes, fix_idx, fix)
        {
            json_t *edit = fix_edit(doc, fix, (int)line);
            if (!edit)
                continue;
            const char *applies = pk_json_get_str(fix, "applies");
            const char *safety = pk_json_get_str(fix, "safety");
            bool unsafe = safety && !strcmp(safety, "unsafe");
            /* the edit holds the value to apply it; the title the user reads need not. An unsafe
             * change is offered, never preferred, and says so in its title. */
            char *shown =
                shown_value(doc, pk_json_get_str(fix, "name"), pk_json_get_str(fix, "value"));
            char *title = xasprintf("%sSet %s = %s%s%s (%s)", unsafe ? "Unsafe: " : "",
                                    pk_json_get_str(fix, "name"), shown,
                                    applies ? ", applies on " : "", applies ? applies : "", rule);
            free(shown);
            json_array_append_new(actions, action(title, doc->uri, json_pack("[o]", edit), diag,
                                                  fix_idx == 0 && !unsafe));
            free(title);
        }
        const char *text;
        size_t len;
        if (lsp_doc_line(doc, (int)line, &text, &len)) {
            size_t indent = 0;
            while (indent < len && (text[indent] == ' ' || text[indent] == '\t'))
                indent++;
            char *pragma = xasprintf("%.*s# pgknob: ignore %s — reason\n", (int)indent, text, rule);
            char *title = xasprintf("Ignore %s on this line", rule);
            json_array_append_new(
                actions, action(title, doc->uri,
                                json_pack("[o]", text_edit((int)line, 0, (int)line, 0, pragma)),
                                diag, false));
            free(title);
            free(pragma);
        }
    }
    return actions;
}

/* ---- definitions and symbols ------------------------------------------------------------ */

static json_t *location(const char *path, int line)
{
    char *uri = lsp_path_to_uri(path);
    json_t *loc = json_pack("{s:s,s:o}", "uri", uri, "range", lsp_range(line, 0, 0));
    free(uri);
    return loc;
}

/* The include's target: the path the server opens, relative to the including file. */
static json_t *include_target(const LspDoc *doc, const char *text, size_t len)
{
    char *line = xstrndup(text, len);
    const char *name, *value;
    size_t name_len;
    json_t *out = json_null();
    if (conf_split_assignment(line, &name, &name_len, &value)) {
        const char *start = value;
        char quote = *start == '\'' ? '\'' : 0;
        start += quote ? 1 : 0;
        size_t vlen = quote ? strcspn(start, "'") : strcspn(start, " \t#");
        char *target = xstrndup(start, vlen);
        char *resolved =
            conf_path_absolute(target, doc->path, doc->pg_major ? doc->pg_major : PK_MAX_MAJOR);
        if (resolved)
            out = location(resolved, 0);
        free(resolved);
        free(target);
    }
    free(line);
    return out;
}

json_t *lsp_definition(LspServer *srv, LspDoc *doc, int line, int column)
{
    (void)srv;
    (void)column;
    DocLine at;
    if (!doc_line_at(doc, line, &at) || !at.name)
        return json_null();
    if (is_include(at.name)) {
        free(at.name);
        return include_target(doc, at.text, at.len);
    }
    json_t *out = json_null();
    const ConfSet *set = doc->linted && doc->res.n_inputs ? &doc->res.inputs[0].set : NULL;
    for (size_t idx = 0; set && idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (entry->name && entry->applied && !strcasecmp(entry->name, at.name)) {
            json_decref(out);
            out = location(entry->file, entry->line - 1);
        }
    }
    free(at.name);
    return out;
}

json_t *lsp_document_symbols(LspServer *srv, LspDoc *doc)
{
    (void)srv;
    json_t *symbols = json_array();
    const char *text;
    size_t len;
    for (int line = 0; lsp_doc_line(doc, line, &text, &len); line++) {
        char *linebuf = xstrndup(text, len);
        const char *name, *value;
        size_t name_len;
        if (conf_split_assignment(linebuf, &name, &name_len, &value)) {
            char *sym = xstrndup(name, name_len);
            size_t vlen = strcspn(value, "#");
            while (vlen && (value[vlen - 1] == ' ' || value[vlen - 1] == '\t'))
                vlen--;
            char *written = xstrndup(value, vlen);
            char *detail = shown_value(doc, sym, written);
            free(written);
            int start = lsp_byte_to_column(linebuf, (size_t)(name - linebuf));
            int end = lsp_byte_to_column(linebuf, len);
            json_t *item = json_object();
            pk_json_set(item, "name", pk_json_str(sym));
            pk_json_set(item, "detail", pk_json_str(detail));
            pk_json_set(item, "kind",
                        json_integer(is_include(sym) ? 2 /* Module */
                                                     : 7 /* Property */));
            pk_json_set(item, "range", lsp_range(line, 0, end));
            pk_json_set(item, "selectionRange",
                        lsp_range(line, start, start + lsp_byte_to_column(name, name_len)));
            json_array_append_new(symbols, item);
            free(sym);
            free(detail);
        }
        free(linebuf);
    }
    return symbols;
}
