/* pg_hba.conf and pg_ident.conf in the language server: the user name maps. A map is named in
 * pg_hba.conf's `map=NAME` option and defined by the first field of pg_ident.conf lines; both
 * files sit side by side (the server's defaults, $PGDATA/pg_hba.conf and pg_ident.conf).
 * References and rename cover both, whether the other file is open in the editor or only on
 * disk. The files' records are read by the server's rules of hba.c's tokenizer for what matters
 * here: fields split on blanks, "double quotes" keep blanks, # starts a comment. */
#include "lsp/lsp.intern.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"

LspDocKind lsp_doc_kind(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (strstr(base, "pg_hba") || strstr(base, "_hba."))
        return LSP_DOC_HBA;
    if (strstr(base, "pg_ident") || strstr(base, "_ident."))
        return LSP_DOC_IDENT;
    return LSP_DOC_CONF;
}

/* One occurrence of a map name: line (0-based), the name's first and past-last byte. */
typedef struct MapRef {
    int line;
    size_t start, end;
} MapRef;

typedef struct MapRefs {
    MapRef *items;
    size_t n, cap;
} MapRefs;

/* A field starting at `pos`: its extent (quotes included) and where its text starts and ends. */
static size_t field_end(const char *line, size_t len, size_t pos)
{
    bool quoted = false;
    while (pos < len && (quoted || (line[pos] != ' ' && line[pos] != '\t' && line[pos] != '#'))) {
        if (line[pos] == '"')
            quoted = !quoted;
        pos++;
    }
    return pos;
}

static size_t skip_blanks(const char *line, size_t len, size_t pos)
{
    while (pos < len && (line[pos] == ' ' || line[pos] == '\t'))
        pos++;
    return pos;
}

/* The map name a line holds: pg_ident.conf's first field, pg_hba.conf's map= option. */
static bool line_map(LspDocKind kind, const char *line, size_t len, size_t *start, size_t *end)
{
    size_t pos = skip_blanks(line, len, 0);
    if (pos >= len || line[pos] == '#')
        return false;
    if (kind == LSP_DOC_IDENT) {
        size_t stop = field_end(line, len, pos);
        if ((stop - pos == 7 && !strncmp(line + pos, "include", 7)) ||
            !strncmp(line + pos, "include_", 8))
            return false;
        *start = pos, *end = stop;
    } else {
        bool found = false;
        while (pos < len && line[pos] != '#') {
            size_t stop = field_end(line, len, pos);
            if (stop - pos > 4 && !strncmp(line + pos, "map=", 4)) {
                *start = pos + 4, *end = stop;
                found = true;
            }
            pos = skip_blanks(line, len, stop);
        }
        if (!found)
            return false;
    }
    if (*end - *start >= 2 && line[*start] == '"' && line[*end - 1] == '"')
        (*start)++, (*end)--;
    return *end > *start;
}

static void collect(LspDocKind kind, const char *text, size_t text_len, const char *name,
                    MapRefs *out)
{
    const char *pos = text, *stop = text + text_len;
    for (int line = 0; pos <= stop; line++) {
        const char *nl = memchr(pos, '\n', (size_t)(stop - pos));
        size_t len = (size_t)((nl ? nl : stop) - pos);
        size_t start, end;
        if (line_map(kind, pos, len, &start, &end) && end - start == strlen(name) &&
            !strncmp(pos + start, name, end - start)) {
            PK_GROW(out->items, out->n, out->cap);
            out->items[out->n++] = (MapRef){line, start, end};
        }
        if (!nl)
            break;
        pos = nl + 1;
    }
}

/* The other file of the pair: pg_hba.conf's pg_ident.conf beside it, and back. */
static char *partner_path(const LspDoc *doc, LspDocKind kind)
{
    const char *slash = strrchr(doc->path, '/');
    int dir_len = slash ? (int)(slash - doc->path) : 1;
    return xasprintf("%.*s/%s", dir_len, slash ? doc->path : ".",
                     kind == LSP_DOC_HBA ? "pg_ident.conf" : "pg_hba.conf");
}

typedef struct MapSite {
    char *uri;
    char *text; /* the buffer when open, else the file on disk */
    size_t len;
    LspDocKind kind;
    MapRefs refs;
} MapSite;

/* The name under the cursor, when it is a map name; NULL otherwise. Caller frees. */
static char *map_at(const LspDoc *doc, int line, int column)
{
    const char *text;
    size_t len, start, end;
    LspDocKind kind = lsp_doc_kind(doc->path);
    if (kind == LSP_DOC_CONF || !lsp_doc_line(doc, line, &text, &len) ||
        !line_map(kind, text, len, &start, &end))
        return NULL;
    size_t at = lsp_column_to_byte(text, len, column);
    if (at < start || at > end)
        return NULL;
    return xstrndup(text + start, end - start);
}

/* Both files' occurrences of `name`: sites[0] the document, sites[1] its partner. */
static size_t map_sites(LspServer *srv, LspDoc *doc, const char *name, MapSite sites[2])
{
    LspDocKind kind = lsp_doc_kind(doc->path);
    sites[0] = (MapSite){xstrdup(doc->uri), xstrndup(doc->text, doc->len), doc->len, kind, {0}};
    char *other = partner_path(doc, kind);
    char *other_uri = lsp_path_to_uri(other);
    LspDoc *open = NULL;
    for (size_t idx = 0; idx < srv->n_docs; idx++)
        if (!strcmp(srv->docs[idx].uri, other_uri))
            open = &srv->docs[idx];
    size_t n = 1;
    char *text = NULL;
    size_t len = 0;
    if (open) {
        text = xstrndup(open->text, open->len);
        len = open->len;
    } else {
        int err = 0;
        if (pk_read_file(other, LSP_MAX_MESSAGE, &text, &len, &err) != PK_READ_OK)
            text = NULL;
    }
    if (text) {
        sites[1] =
            (MapSite){other_uri, text, len, kind == LSP_DOC_HBA ? LSP_DOC_IDENT : LSP_DOC_HBA, {0}};
        other_uri = NULL;
        n = 2;
    }
    free(other_uri);
    free(other);
    for (size_t idx = 0; idx < n; idx++)
        collect(sites[idx].kind, sites[idx].text, sites[idx].len, name, &sites[idx].refs);
    return n;
}

static void sites_free(MapSite *sites, size_t n)
{
    for (size_t idx = 0; idx < n; idx++) {
        free(sites[idx].uri);
        free(sites[idx].text);
        free(sites[idx].refs.items);
    }
}

/* A reference's range in LSP columns (UTF-16 units of its line). */
static json_t *ref_range(const MapSite *site, const MapRef *ref)
{
    const char *pos = site->text;
    for (int line = 0; line < ref->line; line++)
        pos = strchr(pos, '\n') + 1;
    return lsp_range(ref->line, lsp_byte_to_column(pos, ref->start),
                     lsp_byte_to_column(pos, ref->end));
}

json_t *lsp_map_references(LspServer *srv, LspDoc *doc, int line, int column)
{
    char *name = map_at(doc, line, column);
    if (!name)
        return json_null();
    MapSite sites[2];
    size_t n = map_sites(srv, doc, name, sites);
    json_t *out = json_array();
    for (size_t idx = 0; idx < n; idx++)
        for (size_t ref = 0; ref < sites[idx].refs.n; ref++)
            json_array_append_new(out,
                                  json_pack("{s:s,s:o}", "uri", sites[idx].uri, "range",
                                            ref_range(&sites[idx], &sites[idx].refs.items[ref])));
    sites_free(sites, n);
    free(name);
    return out;
}

/* A map name the server reads as one field: no blanks, quotes, commas or comment signs. */
static bool valid_map_name(const char *name)
{
    if (!*name)
        return false;
    for (const char *p = name; *p; p++)
        if (isspace((unsigned char)*p) || *p == '"' || *p == '#' || *p == ',' || *p == '=')
            return false;
    return true;
}

json_t *lsp_map_rename(LspServer *srv, LspDoc *doc, int line, int column, const char *new_name,
                       const char **error)
{
    *error = NULL;
    char *name = map_at(doc, line, column);
    if (!name) {
        *error = "not a user name map: rename a map= option of pg_hba.conf or the first field "
                 "of a pg_ident.conf line";
        return NULL;
    }
    if (!new_name || !valid_map_name(new_name)) {
        free(name);
        *error = "a map name is one field: no blanks, quotes, commas, = or #";
        return NULL;
    }
    MapSite sites[2];
    size_t n = map_sites(srv, doc, name, sites);
    json_t *changes = json_object();
    for (size_t idx = 0; idx < n; idx++) {
        if (!sites[idx].refs.n)
            continue;
        json_t *edits = json_array();
        for (size_t ref = 0; ref < sites[idx].refs.n; ref++)
            json_array_append_new(edits,
                                  json_pack("{s:o,s:s}", "range",
                                            ref_range(&sites[idx], &sites[idx].refs.items[ref]),
                                            "newText", new_name));
        json_object_set_new(changes, sites[idx].uri, edits);
    }
    sites_free(sites, n);
    free(name);
    return json_pack("{s:o}", "changes", changes);
}
