/* Recognising an input by content and dispatching it to its reader; the DocBuilder that every
 * reader fills. */
#include "input/input.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "catalog/catalog.h"
#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf_template.h"
#include "input/input_intern.h"

#define INPUT_MAX_SIZE ((size_t)64 << 20) /* as conf/'s limit for one file */

const char *const input_initdb_defaults[] = {
    "shared_buffers",
    "128MB",
    NULL,
};

/* The timescale/timescaledb image's postgresql.conf.sample preloads its extension, so initdb's
 * file does (its Dockerfile's sed on shared_preload_libraries,
 * https://github.com/timescale/timescaledb-docker/blob/main/Dockerfile); a `-c` of the library
 * list replaces it (held-out set 58, h58c 33: pg_stat_statements advised in its place). */
/* (not shared_buffers: its timescaledb-tune sizes that by the machine's memory) */
const char *const input_timescaledb_image_defaults[] = {
    "shared_preload_libraries",
    "timescaledb",
    NULL,
};

static const char *const format_names[] = {
    [INPUT_AUTO] = "auto",
    [INPUT_CONF] = "conf",
    [INPUT_CNPG] = "cnpg",
    [INPUT_PATRONI] = "patroni",
    [INPUT_ZALANDO] = "zalando",
    [INPUT_CRUNCHY] = "crunchy",
    [INPUT_RDS] = "rds",
    [INPUT_TERRAFORM] = "terraform",
    [INPUT_ARGS] = "args",
    [INPUT_EMBEDDED] = "embedded",
    [INPUT_CNPG_CHART] = "cnpg-chart",
    [INPUT_PERCONA] = "percona",
    [INPUT_CYBERTEC] = "cybertec",
    [INPUT_STACKGRES] = "stackgres",
    [INPUT_CLOUDFORMATION] = "cloudformation",
};

const char *input_format_name(InputFormat format)
{
    return format_names[format];
}

bool input_format_parse(const char *text, InputFormat *out)
{
    for (size_t idx = 0; idx < sizeof(format_names) / sizeof(format_names[0]); idx++)
        if (!strcasecmp(text, format_names[idx])) {
            *out = (InputFormat)idx;
            return true;
        }
    if (!strcasecmp(text, "aurora")) { /* the same export format */
        *out = INPUT_RDS;
        return true;
    }
    return false;
}

const char *input_format_names(void)
{
    return "auto, conf, cnpg, patroni, zalando, crunchy, rds, terraform, args, embedded, "
           "cnpg-chart, percona, cybertec, stackgres, cloudformation";
}

static const char *const target_names[] = {
    [TARGET_NONE] = "none",   [TARGET_RDS] = "rds",           [TARGET_AURORA] = "aurora",
    [TARGET_AZURE] = "azure", [TARGET_CLOUDSQL] = "cloudsql",
};

const char *input_target_name(InputTarget target)
{
    return target_names[target];
}

bool input_target_parse(const char *text, InputTarget *out)
{
    for (size_t idx = 1; idx < sizeof(target_names) / sizeof(target_names[0]); idx++)
        if (!strcasecmp(text, target_names[idx])) {
            *out = (InputTarget)idx;
            return true;
        }
    return false;
}

const char *input_target_names(void)
{
    return "rds, aurora, azure, cloudsql";
}

const char *input_target_suggest(const char *text)
{
    return catalog_suggest_word(target_names + 1,
                                sizeof(target_names) / sizeof(target_names[0]) - 1, text);
}

/* ---- building a document ------------------------------------------------------------------ */

void builder_init(DocBuilder *b, InputDoc *doc, InputFormat format, const char *file,
                  const char *buf, size_t len)
{
    memset(b, 0, sizeof(*b));
    b->doc = doc;
    b->file = file;
    b->buf = buf;
    b->len = len;
    doc->format = format;
    size_t cap_files = 0;
    Arena *arena = arena_get(&doc->set.arena);
    ARENA_GROW(arena, doc->set.files, doc->set.n_files, cap_files);
    doc->set.files[doc->set.n_files++] = arena_strdup(arena, file);
}

/* The physical line `line` (1-based) of the input, without its newline. */
static char *line_text(DocBuilder *b, int line)
{
    const char *p = b->buf, *end = b->buf + b->len;
    int n = 1;
    if (b->last_line && b->last_line <= line) {
        p += b->last_line_offset;
        n = b->last_line;
    }
    for (; n < line && p < end; n++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
    }
    b->last_line = n;
    b->last_line_offset = (size_t)(p - b->buf);
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *stop = nl ? nl : end;
    if (stop > p && stop[-1] == '\r')
        stop--;
    return arena_strndup(b->doc->set.arena, p, (size_t)(stop - p));
}

void builder_add_entry(DocBuilder *b, const char *name, const char *value, int line, int column,
                       bool quoted)
{
    ConfSet *set = &b->doc->set;
    Arena *arena = arena_get(&set->arena);
    ARENA_GROW(arena, set->entries, set->n_entries, b->cap_entries);
    ConfEntry *entry = &set->entries[set->n_entries];
    memset(entry, 0, sizeof(*entry));
    entry->file = arena_strdup(arena, b->file);
    entry->line = line;
    entry->column = column;
    entry->seqno = (int)set->n_entries + 1;
    entry->name = arena_strdup(arena, name);
    entry->value = arena_strdup(arena, value);
    entry->line_text = line_text(b, line);
    entry->quoted = quoted;
    entry->overridden_by = -1;
    set->n_entries++;
}

InputNote *builder_add_note(DocBuilder *b, InputNoteKind kind, const char *name, const char *value,
                            int line, int column, const char *link, const char *fmt, ...)
{
    InputDoc *doc = b->doc;
    PK_GROW(doc->notes, doc->n_notes, b->cap_notes);
    InputNote *note = &doc->notes[doc->n_notes++];
    va_list ap;
    va_start(ap, fmt);
    char *message = xvasprintf(fmt, ap);
    va_end(ap);
    *note = (InputNote){.kind = kind,
                        .name = xstrdup(name),
                        .value = xstrdup(value),
                        .line = line,
                        .column = column,
                        .message = message,
                        .link = xstrdup(link)};
    return note;
}

static void add_source_line(InputHbaLine **lines, size_t *n, size_t *cap, const char *text,
                            int line, int column)
{
    PK_GROW(*lines, *n, *cap);
    (*lines)[(*n)++] = (InputHbaLine){.text = xstrdup(text), .line = line, .column = column};
}

void builder_add_hba(DocBuilder *b, const char *text, int line, int column)
{
    add_source_line(&b->doc->hba, &b->doc->n_hba, &b->cap_hba, text, line, column);
}

void builder_add_ident(DocBuilder *b, const char *text, int line, int column)
{
    add_source_line(&b->doc->ident, &b->doc->n_ident, &b->cap_ident, text, line, column);
}

void input_doc_value_at(InputDoc *doc, size_t entry, const char *file, int line, int column)
{
    if (entry < doc->set.n_entries && doc->set.entries[entry].line == line &&
        doc->set.entries[entry].column == column && !strcmp(doc->set.entries[entry].file, file))
        return;
    doc->value_at = xrealloc(doc->value_at, (doc->n_value_at + 1) * sizeof(*doc->value_at));
    doc->value_at[doc->n_value_at++] =
        (InputValueAt){.entry = entry, .file = xstrdup(file), .line = line, .column = column};
}

void input_doc_version(InputDoc *doc, const char *key, const char *text, int line, int column)
{
    free(doc->version_text);
    doc->version_text = xstrdup(text);
    doc->version_key = key;
    doc->version_line = line;
    doc->version_column = column;
    doc->version_label[0] = '\0';
    doc->pg_major = 0;
    const char *p = text;
    while (*p && (*p < '0' || *p > '9'))
        p++;
    int major = atoi(p);
    if (major >= 10 && major < 100) {
        doc->pg_major = major;
        snprintf(doc->version_label, sizeof(doc->version_label), "%d", major);
    } else if (major >= 7 && major <= 9 && (p[1] == '.' || p[1] == '_') && p[2] >= '0' &&
               p[2] <= '9') {
        snprintf(doc->version_label, sizeof(doc->version_label), "%d.%c", major, p[2]);
    } else if (major >= 7 && major <= 9) {
        snprintf(doc->version_label, sizeof(doc->version_label), "%d", major);
    }
}

void builder_finish(DocBuilder *b)
{
    conf_set_mark_applied(&b->doc->set);
}

static void doc_free(InputDoc *doc);

void input_result_drop_last(InputResult *res)
{
    if (res->n_docs)
        doc_free(&res->docs[--res->n_docs]);
}

void input_result_drop(InputResult *res, size_t idx)
{
    if (idx >= res->n_docs)
        return;
    doc_free(&res->docs[idx]);
    memmove(&res->docs[idx], &res->docs[idx + 1], (res->n_docs - idx - 1) * sizeof(*res->docs));
    res->n_docs--;
}

InputDoc *input_result_add(InputResult *res)
{
    PK_GROW(res->docs, res->n_docs, res->cap_docs);
    InputDoc *doc = &res->docs[res->n_docs++];
    memset(doc, 0, sizeof(*doc));
    return doc;
}

/* ---- recognising ---------------------------------------------------------------------------- */

/* A template's own syntax at the start of a line: a Jinja expression, statement or comment
 * ({{ }}, {% %}, {# #}), ERB (<% %>) or a Terraform templatefile directive (%{ }). Such a line is
 * neither JSON nor YAML: a file that starts with `{{ ansible_managed }}` is a configuration
 * template, and PK0003 says so. */
static bool template_line(const char *p, const char *end)
{
    return end - p >= 2 && ((p[0] == '{' && strchr("{%#", p[1])) || (p[0] == '<' && p[1] == '%') ||
                            (p[0] == '%' && p[1] == '{'));
}

/* The length of an autoconf or CMake placeholder at `p` (`@VERSION@`, `@HOST_IP@`: capitals,
 * digits and underscores between two @, as configure and Debian's postgresql-common templates
 * write them), or 0. YAML cannot start a value with `@` (a reserved indicator), so a template of
 * YAML that holds them parses only with them set aside (review 2026-12zf, b02: Debian's
 * Patroni template config.yml.in). */
static size_t autoconf_var(const char *p, const char *end)
{
    /* capitals first, as configure writes them: a lowercase `@host@` in YAML is a value's
     * (conf_marker_token_n also takes a sed script's `@Mem_1_5@` in postgresql.conf) */
    return p + 1 < end && *p == '@' && (isupper((unsigned char)p[1]) || p[1] == '_')
               ? conf_marker_token_n(p, (size_t)(end - p))
               : 0;
}

/* A line that holds an autoconf placeholder (above). */
static bool autoconf_line(const char *p, const char *stop)
{
    for (; p < stop; p++)
        if (autoconf_var(p, stop))
            return true;
    return false;
}

/* Some line of the input, its indentation skipped, satisfies `test` (given the line's rest). */
static bool any_line(const char *data, size_t len, bool (*test)(const char *, const char *))
{
    const char *p = data, *end = data + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl ? nl : end;
        while (p < stop && (*p == ' ' || *p == '\t'))
            p++;
        if (test(p, stop))
            return true;
        p = nl ? nl + 1 : end;
    }
    return false;
}

/* A YAML line whose value starts with a template's tag, unquoted (`name: {{ host }}`,
 * `- {{ line }}`): YAML reads `{` as a flow mapping, so the file does not parse until it is
 * rendered (review 2026-12r, h19b 20: an Ansible Patroni template with its tags inline). */
static bool tag_value_line(const char *p, const char *stop)
{
    if (p >= stop || *p == '#')
        return false;
    const char *colon = NULL;
    if (stop - p >= 2 && p[0] == '-' && p[1] == ' ')
        colon = p;
    for (const char *q = p; !colon && q + 1 < stop && *q != '"' && *q != '\''; q++)
        if (q[0] == ':' && q[1] == ' ')
            colon = q;
    const char *value = colon ? colon + 2 : NULL;
    while (value && value < stop && *value == ' ')
        value++;
    return value && stop - value >= 2 && value[0] == '{' && strchr("{%", value[1]);
}

/* JSON starts with { or [ (after blanks), but not with a template's {{, {% or {#. */
static bool looks_like_json(const char *data, size_t len)
{
    size_t idx = 0;
    if (len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3))
        idx = 3;
    while (idx < len && strchr(" \t\r\n", data[idx]))
        idx++;
    return idx < len && (data[idx] == '{' || data[idx] == '[') &&
           !template_line(data + idx, data + len);
}

/* Is the line at `q` (not indented) a postgresql.conf assignment, `name = …`? */
static bool conf_assignment(const char *q, const char *stop)
{
    const char *name = q;
    while (q < stop && (*q == '_' || *q == '.' || (*q >= '0' && *q <= '9') ||
                        ((*q | 0x20) >= 'a' && (*q | 0x20) <= 'z')))
        q++;
    while (q < stop && (*q == ' ' || *q == '\t'))
        q++;
    return q > name && q < stop && *q == '=';
}

/* YAML rather than postgresql.conf: lines that are "---", a sequence item, or a key followed by
 * ":" and a blank or the end of the line, more of them than unindented `name = value` lines. The
 * configuration lexer refuses every such line (a name must be followed by "=" or a value), so no
 * valid postgresql.conf is taken for YAML; and a postgresql.conf with a few lines that lost their
 * "#" (" - TCP Keepalives -") is still one, broken where the server says (review 2026-12i, h11c
 * 37). A ConfigMap's embedded postgresql.conf is indented under its key. */
static bool looks_like_yaml_text(const char *data, size_t len)
{
    const char *p = data, *end = data + len;
    size_t yaml_lines = 0, conf_lines = 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl ? nl : end;
        const char *q = p;
        while (q < stop && (*q == ' ' || *q == '\t'))
            q++;
        if (q == p && conf_assignment(q, stop))
            conf_lines++;
        else if (q < stop && *q != '#' && !template_line(q, stop)) {
            if ((stop - q >= 3 && !memcmp(q, "---", 3)) ||
                (*q == '-' && q + 1 < stop && q[1] == ' ')) {
                yaml_lines++;
                p = nl ? nl + 1 : end;
                continue;
            }
            const char *key = q;
            while (q < stop && (strchr("_.-/", *q) || (*q >= '0' && *q <= '9') ||
                                ((*q | 0x20) >= 'a' && (*q | 0x20) <= 'z')))
                q++;
            if (*key == '"' || *key == '\'') { /* a quoted key */
                const char *close = memchr(key + 1, *key, (size_t)(stop - key - 1));
                q = close ? close + 1 : stop;
            }
            while (q < stop && (*q == ' ' || *q == '\t'))
                q++;
            if (q > key && q < stop && *q == ':' && (q + 1 == stop || strchr(" \t\r", q[1])))
                yaml_lines++;
        }
        p = nl ? nl + 1 : end;
    }
    return yaml_lines > conf_lines;
}

/* A copy of the input with the inside of every template tag ({{ }}, {% %}, {# #}, <% %>) blanked,
 * newlines kept: a Jinja `{% set d = {` whose dictionary spans lines holds `"key": value` lines
 * that are the template's code, not YAML, so they must not decide the format. */
static char *blank_template_tags(const char *data, size_t len)
{
    char *copy = xmalloc(len + 1);
    memcpy(copy, data, len);
    copy[len] = '\0';
    for (size_t idx = 0; idx + 1 < len; idx++) {
        size_t var = autoconf_var(copy + idx, copy + len);
        if (var) {
            memset(copy + idx, ' ', var);
            idx += var - 1;
            continue;
        }
        const char *close = NULL;
        if (copy[idx] == '{' && strchr("{%#", copy[idx + 1]))
            close = copy[idx + 1] == '{' ? "}}" : copy[idx + 1] == '%' ? "%}" : "#}";
        else if (copy[idx] == '<' && copy[idx + 1] == '%')
            close = "%>";
        else if (copy[idx] == '%' && copy[idx + 1] == '{')
            close = "}"; /* Terraform's templatefile directive: `%{ for e in list ~}` */
        if (!close)
            continue;
        char *stop = strstr(copy + idx + 2, close);
        size_t end = stop ? (size_t)(stop - copy) + strlen(close) : len;
        for (size_t at = idx; at < end; at++)
            if (copy[at] != '\n')
                copy[at] = ' ';
        idx = end - 1;
    }
    return copy;
}

static bool looks_like_yaml(const char *data, size_t len)
{
    char *code_blanked = blank_template_tags(data, len);
    bool yaml = looks_like_yaml_text(code_blanked, len);
    free(code_blanked);
    return yaml;
}

/* Is the line [p, stop) blank once its template tags are (a line of tags only: `{{- if x }}`)?
 * `blanked` is the line in blank_template_tags' copy. */
static bool tags_only(const char *p, const char *blanked, const char *stop)
{
    bool tag = false;
    for (const char *q = p; q < stop; q++) {
        if (blanked[q - p] != ' ' && blanked[q - p] != '\t' && blanked[q - p] != '\r')
            return false;
        tag = tag || (*q != ' ' && *q != '\t' && *q != '\r');
    }
    return tag;
}

/* Does the line end a key with a block scalar's indicator (`postgresql.conf: |`, `- >-`)? */
static bool opens_block(const char *p, const char *stop)
{
    while (stop > p && strchr(" \t\r", stop[-1]))
        stop--;
    const char *q = stop;
    while (q > p && (isdigit((unsigned char)q[-1]) || q[-1] == '-' || q[-1] == '+'))
        q--;
    if (q == p || (q[-1] != '|' && q[-1] != '>'))
        return false;
    q--;
    return q > p && (q[-1] == ' ' || q[-1] == '\t') && q - 1 > p &&
           (memchr(p, ':', (size_t)(q - p)) || *p == '-');
}

/* A copy of a Helm or Jinja template of YAML that a YAML parser can read, the same length and
 * lines, so that positions hold: outside block scalars a line of tags only is blanked and a tag
 * within a line becomes underscores (a plain scalar); a block scalar's text (an embedded
 * postgresql.conf) is kept for the configuration reader, which knows templates, but for a line
 * of tags only less indented than the block, which would end it. */
static char *template_tags_aside(const char *data, size_t len)
{
    char *blanked = blank_template_tags(data, len);
    char *copy = xmalloc(len + 1);
    memcpy(copy, data, len);
    copy[len] = '\0';
    long parent = -1; /* the indentation of the key whose block we are in; -1 outside */
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(data + at, '\n', len - at);
        size_t stop = nl ? (size_t)(nl - data) : len;
        size_t indent = 0;
        while (at + indent < stop && data[at + indent] == ' ')
            indent++;
        bool blank = at + indent == stop || data[at + indent] == '\r';
        bool tags = tags_only(data + at, blanked + at, data + stop);
        if (parent >= 0 && !blank && !tags && (long)indent <= parent)
            parent = -1; /* the block ended */
        if (parent >= 0) {
            if (tags && (long)indent <= parent)
                memset(copy + at, ' ', stop - at);
        } else if (tags) {
            memset(copy + at, ' ', stop - at);
        } else {
            for (size_t idx = at; idx < stop; idx++)
                if (blanked[idx] != data[idx])
                    copy[idx] = '_';
            if (opens_block(copy + at, copy + stop))
                parent = (long)indent;
        }
        at = stop + 1;
    }
    free(blanked);
    return copy;
}

/* Is line `line` (1-based) of `a` and `b`, both `len` bytes with the same newlines, the same? */
static bool same_line(const char *a, const char *b, size_t len, int line)
{
    size_t at = 0;
    for (int n = 1; n < line && at < len; n++) {
        const char *nl = memchr(a + at, '\n', len - at);
        if (!nl)
            return true; /* past the end: nothing there was set aside */
        at = (size_t)(nl - a) + 1;
    }
    const char *nl = at < len ? memchr(a + at, '\n', len - at) : NULL;
    size_t stop = nl ? (size_t)(nl - a) : len;
    return at >= len || !memcmp(a + at, b + at, stop - at);
}

/* A version key on a line whose tags were set aside (Patroni's `bin_dir:
 * /usr/lib/postgresql/{{ version }}/bin`) names no major: the message quotes the template's own
 * text, not the underscores put in the tags' place. */
static void restore_set_aside_versions(InputResult *res, const char *data, const char *aside,
                                       size_t len)
{
    for (size_t d = 0; d < res->n_docs; d++) {
        InputDoc *doc = &res->docs[d];
        if (!doc->version_text || same_line(data, aside, len, doc->version_line))
            continue;
        size_t at = 0;
        for (int n = 1; n < doc->version_line && at < len; n++) {
            const char *nl = memchr(data + at, '\n', len - at);
            at = nl ? (size_t)(nl - data) + 1 : len;
        }
        at += doc->version_column > 0 ? (size_t)doc->version_column - 1 : 0;
        size_t stop = at;
        while (stop < len && data[stop] != '\n' && data[stop] != '\r')
            stop++;
        while (stop > at && data[stop - 1] == ' ')
            stop--;
        free(doc->version_text);
        doc->version_text = xstrndup(data + (at < len ? at : len), stop > at ? stop - at : 0);
        doc->pg_major = 0;
        doc->version_label[0] = '\0';
    }
}

/* A YAML template's settings in an elif/else branch (`{% if tls %} ssl: on {% else %} ssl: off`)
 * are alternatives to the first branch's, as in a postgresql.conf template: never applied, never
 * overriding it (review 2026-12zf, b12: the else branch's archive_command called the override of
 * the if branch's). */
static void input_note_free(InputNote *note)
{
    free(note->name);
    free(note->value);
    free(note->message);
    free(note->hint);
    free(note->written);
    free(note->link);
}

static void mark_template_alternatives(InputResult *res, const char *data, size_t len)
{
    int n_lines = 1;
    for (size_t at = 0; at < len; at++)
        n_lines += data[at] == '\n';
    int *open_line = xcalloc((size_t)n_lines, sizeof(*open_line));
    conf_template_line_branches(data, len, open_line, n_lines);
    /* the innermost block each line is in (its opening statement's line; an if's first branch
     * too, a for), 0 outside every block */
    int *block = xcalloc((size_t)n_lines, sizeof(*block));
    int stack[64], top = 0;
    for (size_t at = 0, line = 0; at <= len && (int)line < n_lines; line++) {
        const char *nl = at < len ? memchr(data + at, '\n', len - at) : NULL;
        size_t stop = nl ? (size_t)(nl - data) : len;
        char *text = xstrndup(data + at, stop - at);
        block[line] = top ? stack[top - 1] : 0;
        for (int step = conf_template_depth_step(text); step > 0 && top < 64; step--)
            stack[top++] = (int)line + 1;
        for (int step = conf_template_depth_step(text); step < 0 && top > 0; step++)
            top--;
        free(text);
        at = stop + 1;
    }
    for (size_t d = 0; d < res->n_docs; d++) {
        ConfSet *set = &res->docs[d].set;
        bool any = false;
        for (size_t idx = 0; idx < set->n_entries; idx++) {
            ConfEntry *e = &set->entries[idx];
            if (!e->name || e->line < 1 || e->line > n_lines || !open_line[e->line - 1])
                continue;
            e->alternative = true;
            e->block_line = open_line[e->line - 1];
            any = true;
        }
        if (any)
            conf_set_reapply(set);
        /* a note on two lists in different blocks: which renders is the template's
         * (held-out set 42, h42b 30: each pg_hba list in its own `{% if %}`) */
        InputDoc *doc = &res->docs[d];
        size_t kept = 0;
        for (size_t idx = 0; idx < doc->n_notes; idx++) {
            InputNote *note = &doc->notes[idx];
            /* the two lists in different blocks: either may be left out, or hold another
             * loop's lines; in the same block (a whole file in one if) both render or neither */
            bool conditional = note->other_line > 0 && note->line >= 1 && note->line <= n_lines &&
                               note->other_line <= n_lines &&
                               block[note->line - 1] != block[note->other_line - 1];
            if (conditional)
                input_note_free(note);
            else
                doc->notes[kept++] = *note;
        }
        doc->n_notes = kept;
    }
    free(open_line);
    free(block);
}

/* The bounds of line `line` (1-based) in a buffer of `len` bytes; false past the end. */
static bool line_bounds(const char *data, size_t len, int line, size_t *at, size_t *stop)
{
    size_t pos = 0;
    for (int n = 1; n < line; n++) {
        const char *nl = pos < len ? memchr(data + pos, '\n', len - pos) : NULL;
        if (!nl)
            return false;
        pos = (size_t)(nl - data) + 1;
    }
    const char *nl = pos < len ? memchr(data + pos, '\n', len - pos) : NULL;
    *at = pos;
    *stop = nl ? (size_t)(nl - data) : len;
    return pos <= len;
}

/* `text` with each stretch of line `line` whose tags were set aside put back as the template
 * wrote it (`__ sb __` is `{{ sb }}` again), so a value read from the set-aside copy is the
 * template's own placeholder, which the checks know (PK0003), never a stand-in; NULL when the
 * text holds none of them. A stretch runs from a set-aside byte over underscores and blanks. */
static char *unset_aside(const char *text, const char *data, const char *aside, size_t len,
                         int line)
{
    size_t at, stop;
    if (!text || !line_bounds(data, len, line, &at, &stop))
        return NULL;
    StrBuf out = STRBUF_INIT;
    sb_put(&out, text);
    bool changed = false;
    char *restored = xcalloc(out.len + 1, 1); /* bytes put back: never matched again */
    for (size_t pos = at; pos < stop;) {
        if (data[pos] == aside[pos]) {
            pos++;
            continue;
        }
        /* an underscore of the tag's own text (`{{ pg_max }}`) reads the same in both */
        size_t end = pos, scan = pos;
        for (; scan < stop && (aside[scan] == '_' || aside[scan] == ' '); scan++)
            if (aside[scan] == '_')
                end = scan + 1;
        size_t span = end - pos;
        if (!span) { /* only blanks were set aside here (a line of tags only): nothing to match */
            pos = scan > pos ? scan : pos + 1;
            continue;
        }
        /* a whole stand-in: not part of a longer run of underscores, nor of text put back */
        for (size_t off = 0; off + span <= out.len; off++) {
            if (memcmp(out.data + off, aside + pos, span) || memchr(restored + off, 1, span) ||
                (off && out.data[off - 1] == '_') ||
                (off + span < out.len && out.data[off + span] == '_'))
                continue;
            memcpy(out.data + off, data + pos, span); /* the same length: positions hold */
            memset(restored + off, 1, span);
            changed = true;
            /* one stand-in per stretch, in order: `@VERSION@-@CLUSTER@` are two stand-ins of
             * the same length, and each is its own tag */
            break;
        }
        pos = end;
    }
    free(restored);
    if (!changed) {
        sb_free(&out);
        return NULL;
    }
    return sb_detach(&out);
}

/* Puts the template's text back into what was read from lines whose tags were set aside: the
 * settings' names, values and lines, the pg_hba and pg_ident lines, and the notes. A tag in a
 * parameter's value (`wal_keep_size: "{{ keep }}"`) is then a placeholder PK0003 names once,
 * where a stand-in of underscores would be a false invalid value (review 2026-12q, h18d 45). */
static void restore_set_aside_text(InputResult *res, const char *data, const char *aside,
                                   size_t len)
{
    for (size_t d = 0; d < res->n_docs; d++) {
        InputDoc *doc = &res->docs[d];
        Arena *arena = arena_get(&doc->set.arena);
        for (size_t idx = 0; idx < doc->set.n_entries; idx++) {
            ConfEntry *entry = &doc->set.entries[idx];
            if (same_line(data, aside, len, entry->line))
                continue;
            char **fields[] = {&entry->name, &entry->value, &entry->line_text};
            for (size_t field = 0; field < sizeof(fields) / sizeof(fields[0]); field++) {
                char *restored = unset_aside(*fields[field], data, aside, len, entry->line);
                if (restored) {
                    *fields[field] = arena_strdup(arena, restored);
                    free(restored);
                }
            }
        }
        InputHbaLine *lists[] = {doc->hba, doc->ident};
        size_t counts[] = {doc->n_hba, doc->n_ident};
        for (size_t list = 0; list < 2; list++)
            for (size_t idx = 0; idx < counts[list]; idx++) {
                InputHbaLine *hl = &lists[list][idx];
                char *restored = unset_aside(hl->text, data, aside, len, hl->line);
                if (restored) {
                    free(hl->text);
                    hl->text = restored;
                }
            }
        for (size_t idx = 0; idx < doc->n_notes; idx++) {
            InputNote *note = &doc->notes[idx];
            char **fields[] = {&note->name, &note->value, &note->written, &note->message,
                               &note->hint};
            for (size_t field = 0; field < sizeof(fields) / sizeof(fields[0]); field++) {
                char *restored = unset_aside(*fields[field], data, aside, len, note->line);
                if (restored) {
                    free(*fields[field]);
                    *fields[field] = restored;
                }
            }
        }
    }
}

static bool load_buffer(const char *name, const char *data, size_t len, const InputOpts *opts,
                        bool from_stdin, InputResult *out, PkDiag *diag)
{
    InputFormat format = opts ? opts->format : INPUT_AUTO;
    /* Terraform's variable values, never a postgresql.conf or YAML, whatever they look like */
    size_t name_len = strlen(name);
    bool tfvars = (name_len > 7 && !strcmp(name + name_len - 7, ".tfvars")) ||
                  (name_len > 12 && !strcmp(name + name_len - 12, ".tfvars.json"));
    if ((format == INPUT_AUTO || format == INPUT_TERRAFORM) && tfvars && !from_stdin) {
        out->format = INPUT_TERRAFORM;
        return terraform_load_tfvars(name, data, len, opts, out, diag);
    }
    if (format == INPUT_AUTO)
        format = looks_like_json(data, len)
                     ? (input_json_is_terraform(data, len)        ? INPUT_TERRAFORM
                        : input_json_is_cloudformation(data, len) ? INPUT_CLOUDFORMATION
                                                                  : INPUT_RDS)
                 : input_looks_like_hcl(data, len)  ? INPUT_TERRAFORM
                 : input_looks_like_args(data, len) ? INPUT_ARGS
                 : looks_like_yaml(data, len)       ? INPUT_AUTO
                                                    : INPUT_CONF;
    out->format = format;
    if (format == INPUT_CONF) {
        if (!from_stdin)
            return true; /* conf_load reads it by path, includes and all */
        InputDoc *doc = input_result_add(out);
        doc->format = INPUT_CONF;
        doc->label = xstrdup(name);
        conf_load_buffer(name, data, len, &doc->set);
        if (doc->set.n_entries > CONF_MAX_ENTRIES) {
            const ConfEntry *last = &doc->set.entries[doc->set.n_entries - 1];
            return pk_diag_set(diag, name, last->line, NULL, "%s", last->error);
        }
        return true;
    }
    bool ok;
    if (format == INPUT_RDS)
        ok = rds_load_json(name, data, len, opts, out, diag);
    else if (format == INPUT_ARGS && !looks_like_yaml(data, len))
        ok = args_load_text(name, data, len, out, diag);
    else if (format == INPUT_CLOUDFORMATION && looks_like_json(data, len))
        ok = cfn_load_json(name, data, len, opts, out, diag);
    else if (format == INPUT_TERRAFORM)
        ok = looks_like_json(data, len)
                 ? terraform_load_json(name, data, len, opts, out, diag)
                 : terraform_load_hcl(name, data, len, opts, from_stdin, out, diag);
    else
        ok = manifest_load_yaml(name, data, len, opts, out, diag);
    /* a template of YAML (a Helm chart's ConfigMap) read with its tags set aside: what it
     * embeds is checked, its placeholders then say it is a template (PK0003) */
    bool tagged =
        !ok && (any_line(data, len, template_line) || any_line(data, len, tag_value_line) ||
                any_line(data, len, autoconf_line));
    if (!ok && format == INPUT_AUTO && tagged) {
        char *aside = template_tags_aside(data, len);
        InputResult second = {0};
        PkDiag second_diag = PK_DIAG_INIT;
        if (manifest_load_yaml(name, aside, len, opts, &second, &second_diag) && second.n_docs) {
            restore_set_aside_versions(&second, data, aside, len);
            restore_set_aside_text(&second, data, aside, len);
            mark_template_alternatives(&second, data, len);
            input_result_free(out);
            *out = second;
            if (diag)
                pk_diag_free(diag);
            ok = true;
        } else {
            input_result_free(&second);
        }
        pk_diag_free(&second_diag);
        free(aside);
    }
    if (!ok && diag && !diag->hint && tagged)
        diag->hint = xstrdup("The file is a template (its {{ }}, {% %} or @VAR@ placeholders "
                             "are not YAML or JSON): render it (helm template, ansible, "
                             "configure) and lint the output.");
    return ok;
}

bool input_load_buffer(const char *name, const char *data, size_t len, const InputOpts *opts,
                       InputResult *out, PkDiag *diag)
{
    return load_buffer(name, data, len, opts, true, out, diag);
}

static bool read_stdin(char **data, size_t *len, PkDiag *diag)
{
    int err = 0;
    PkReadStatus status = pk_read_stream(STDIN_FILENO, INPUT_MAX_SIZE, data, len, &err);
    if (status == PK_READ_TOO_LARGE)
        return pk_diag_set(diag, "<stdin>", 0, NULL, "standard input is larger than %zu MB",
                           INPUT_MAX_SIZE >> 20);
    if (status != PK_READ_OK)
        return pk_diag_set(diag, "<stdin>", 0, NULL, "could not read standard input: %s",
                           pk_read_strerror(status, err));
    return true;
}

bool input_load(const char *path, const InputOpts *opts, InputResult *out, PkDiag *diag)
{
    char *data = NULL;
    size_t len = 0;
    bool from_stdin = !strcmp(path, "-");
    if (from_stdin) {
        if (!read_stdin(&data, &len, diag))
            return false;
    } else {
        struct stat st;
        InputFormat forced = opts ? opts->format : INPUT_AUTO;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
            (forced == INPUT_AUTO || forced == INPUT_CONF)) {
            out->format = INPUT_CONF; /* a data directory */
            return true;
        }
        int err = 0;
        PkReadStatus status = pk_read_file(path, INPUT_MAX_SIZE, &data, &len, &err);
        if (status == PK_READ_TOO_LARGE)
            return pk_diag_set(diag, path, 0, NULL, "larger than %zu MB: not a configuration",
                               INPUT_MAX_SIZE >> 20);
        if (status != PK_READ_OK) {
            /* conf_load words a missing or unreadable configuration as before */
            out->format = INPUT_CONF;
            return true;
        }
    }
    const char *stdin_name = opts && opts->stdin_name ? opts->stdin_name : "<stdin>";
    bool ok = load_buffer(from_stdin ? stdin_name : path, data, len, opts, from_stdin, out, diag);
    free(data);
    return ok;
}

static void doc_free(InputDoc *doc)
{
    free(doc->label);
    free(doc->version_text);
    free(doc->configmap_name);
    free(doc->volume_source);
    free(doc->ssl_by_bootstrap);
    free(doc->instance_class);
    free(doc->instance_source);
    free(doc->unused_group);
    free(doc->trust_service);
    free(doc->old_volume);
    free(doc->config_file_configmap);
    arena_free(doc->set.arena);
    for (size_t note = 0; note < doc->n_notes; note++)
        input_note_free(&doc->notes[note]);
    free(doc->notes);
    for (size_t hba = 0; hba < doc->n_hba; hba++)
        free(doc->hba[hba].text);
    free(doc->hba);
    for (size_t idx = 0; idx < doc->n_ident; idx++)
        free(doc->ident[idx].text);
    free(doc->ident);
    free(doc->image_libraries);
    for (size_t at = 0; at < doc->n_value_at; at++)
        free(doc->value_at[at].file);
    free(doc->value_at);
    free(doc->pod_source);
}

void input_result_free(InputResult *res)
{
    for (size_t idx = 0; idx < res->n_docs; idx++)
        doc_free(&res->docs[idx]);
    free(res->docs);
    memset(res, 0, sizeof(*res));
}
