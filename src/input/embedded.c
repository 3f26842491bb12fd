/* postgresql.conf and pg_hba.conf text embedded in YAML: a Kubernetes ConfigMap's data (keys
 * postgresql.conf and other *.conf keys naming postgres or starting with pg, pg_hba.conf) and
 * Bitnami's chart values (primary.extendedConfiguration, primary.pgHbaConfiguration, the same under
 * a parent chart's postgresql.primary, and the older postgresql.* spellings). The text is read by
 * conf/ and hba/ as the server reads those files; each line is mapped back to its line in the YAML
 * (a literal block scalar keeps the lines one for one), with the block's indentation as the column.
 */
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "common/xalloc.h"
#include "input/input_intern.h"

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

/* The entries of an embedded postgresql.conf, at their YAML lines. */
static void add_conf(DocBuilder *b, const char *data, size_t len, const yaml_node_t *node,
                     const char *key)
{
    Block bl = block_of(data, len, node);
    ConfSet tmp = {0};
    conf_load_buffer(key, bl.text, strlen(bl.text), &tmp);
    for (size_t idx = 0; idx < tmp.n_entries; idx++) {
        ConfEntry *e = &tmp.entries[idx];
        int line = yaml_line(&bl, e->line);
        /* the name's column in the line as the conf reader saw it */
        int column = bl.indent + 1;
        if (e->name && e->line_text) {
            const char *at = strstr(e->line_text, e->name);
            if (at)
                column += (int)(at - e->line_text);
        }
        if (e->name) {
            builder_add_entry(b, e->name, e->value ? e->value : "", line, column, e->quoted);
            continue;
        }
        /* a line the server cannot read: the error row, moved */
        builder_add_entry(b, "", "", line, column, false);
        ConfEntry *row = &b->doc->set.entries[b->doc->set.n_entries - 1];
        Arena *arena = arena_get(&b->doc->set.arena); /* copied: tmp's arena goes below */
        row->name = row->value = NULL;
        row->error = arena_strdup(arena, e->error);
        row->error_hint = arena_strdup(arena, e->error_hint);
        row->token = arena_strdup(arena, e->token);
    }
    arena_free(tmp.arena);
    free(bl.text);
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

/* A ConfigMap: keys named pg_hba.conf are pg_hba text; postgresql.conf and the *.conf keys that
 * name postgres or start with pg are configuration text. */
static size_t read_configmap(const char *file, const char *data, size_t len, yaml_document_t *doc,
                             yaml_node_t *root, InputResult *out)
{
    yaml_node_t *map = input_yaml_member(doc, root, "data");
    if (!map || map->type != YAML_MAPPING_NODE)
        return 0;
    char *name =
        scalar_text(input_yaml_member(doc, input_yaml_member(doc, root, "metadata"), "name"));
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
        /* postgresql.conf, custom-postgresql.conf, pg-tuning.conf; not nginx.conf */
        bool conf = !hba && strcmp(k, "pg_ident.conf") && has_suffix(k, ".conf") &&
                    (strstr(k, "postgres") || !strncmp(k, "pg", 2));
        if ((hba || conf) && !d)
            d = begin(out, &b, file, data, len, xasprintf("ConfigMap %s", name ? name : "?"));
        if (conf)
            add_conf(&b, data, len, value, k);
        else if (hba)
            add_hba(&b, data, len, value);
        free(key);
    }
    if (d)
        builder_finish(&b);
    free(name);
    return d ? 1 : 0;
}

/* Bitnami's postgresql chart values: a postgresql.conf block and a pg_hba.conf block. */
static size_t read_values(const char *file, const char *data, size_t len, yaml_document_t *doc,
                          yaml_node_t *root, InputResult *out)
{
    /* the chart's own values, a parent chart's `postgresql:` subchart values (harbor's,
     * any chart that depends on bitnami/postgresql), and the chart's older layout */
    static const char *const sections[] = {"primary", "postgresql.primary", "postgresql"};
    DocBuilder b;
    InputDoc *d = NULL;
    for (size_t idx = 0; idx < sizeof(sections) / sizeof(sections[0]); idx++) {
        yaml_node_t *sec =
            !strcmp(sections[idx], "postgresql.primary")
                ? input_yaml_member(doc, input_yaml_member(doc, root, "postgresql"), "primary")
                : input_yaml_member(doc, root, sections[idx]);
        yaml_node_t *conf = input_yaml_member(doc, sec, "extendedConfiguration");
        yaml_node_t *hba = input_yaml_member(doc, sec, "pgHbaConfiguration");
        if (conf && conf->type != YAML_SCALAR_NODE)
            conf = NULL;
        if (hba && hba->type != YAML_SCALAR_NODE)
            hba = NULL;
        if (!conf && !hba)
            continue;
        if (!d)
            d = begin(out, &b, file, data, len, xasprintf("chart values %s", sections[idx]));
        if (conf)
            add_conf(&b, data, len, conf, "postgresql.conf");
        if (hba)
            add_hba(&b, data, len, hba);
        input_read_resources(d, file, doc, input_yaml_member(doc, sec, "resources"));
    }
    if (d)
        builder_finish(&b);
    return d ? 1 : 0;
}

size_t embedded_load_yaml_doc(const char *file, const char *data, size_t len, yaml_document_t *doc,
                              InputResult *out)
{
    yaml_node_t *root = yaml_document_get_root_node(doc);
    if (!root || root->type != YAML_MAPPING_NODE)
        return 0;
    char *kind = scalar_text(input_yaml_member(doc, root, "kind"));
    size_t n = 0;
    if (kind && !strcmp(kind, "ConfigMap"))
        n = read_configmap(file, data, len, doc, root, out);
    else if (!kind && !input_yaml_member(doc, root, "apiVersion"))
        n = read_values(file, data, len, doc, root, out);
    free(kind);
    return n;
}
