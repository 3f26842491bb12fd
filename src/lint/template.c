/* A configuration template that was never rendered (Jinja/Helm `{{ }}`, `{% %}`, `{# #}`,
 * `${VAR}`, ERB `<% %>`, autoconf/sed `@VAR@` and `%%VAR%%`, a script's `__VAR__`, `%VAR%`,
 * `{var}` and `$VAR` where no value can be one, a sed script's bare words): one
 * finding for the one cause, with the count and the lines, instead of a syntax error or an invalid
 * value per placeholder. Not its job: placeholders in commands and connection strings the server
 * accepts as text. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/value.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf_template.h"
#include "lint/validate.h"
#include "lint/validate.intern.h"

/* A sed template's bare words (`max_connections = mc`) count only when this many numeric or
 * Boolean settings hold one: a single `work_mem = large` is a plain invalid value. */
#define BARE_WORDS_MIN 3

static bool rejected(const ConfEntry *entry, const Catalog *cat)
{
    const CatalogParam *param = entry->name ? catalog_find(cat, entry->name) : NULL;
    GucValue val;
    return param && param->type != GUC_STRING &&
           !guc_parse_value_for(param, cat->major, entry->value ? entry->value : "", &val, NULL);
}

/* in one case throughout, as a sed script's markers are: `mc` unquoted, or in capitals, quoted
 * or not, `MAX_CONNECTIONS`, `'LOG_STATEMENT'` (held-out set 41, 24: eight rejected values, eight
 * errors for one cause) */
static bool bare_word(const ConfEntry *entry, const Catalog *cat)
{
    const char *value = entry->value;
    if (entry->error || !value || !isalpha((unsigned char)*value))
        return false;
    size_t len = strlen(value);
    return ((!entry->quoted && strspn(value, "abcdefghijklmnopqrstuvwxyz_") == len) ||
            strspn(value, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789") == len) &&
           rejected(entry, cat);
}

/* `shared_buffers = # MEM_MB * 0.25`: a comment where the value belongs, naming in capitals
 * the fact or formula a script writes over it (held-out set 55, 21: build.sh's sed replaces each
 * `# MEM_MB * 0.25` and `# NUM CORES` with a number; ten syntax errors for one cause). The
 * comment's start, or NULL. Counted from BARE_WORDS_MIN lines on, as a sed template's bare words
 * are: one such line is a plain syntax error. */
static const char *comment_value(const ConfEntry *entry)
{
    if (!entry->error || !entry->line_text)
        return NULL;
    const char *p = entry->line_text + strspn(entry->line_text, " \t");
    if (!isalpha((unsigned char)*p) && *p != '_')
        return NULL;
    p += strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.");
    p += strspn(p, " \t");
    if (*p == '=')
        p++;
    p += strspn(p, " \t");
    if (*p != '#')
        return NULL;
    /* the comment opens with the stand-in, a word of three capitals or more (MEM_MB, NUM
     * CORES): one that opens with a value is that value commented out (`# 128MB, was 64MB ON
     * OLD HOST`: the session's code review), an acronym in prose no stand-in */
    const char *at = p + 1 + strspn(p + 1, " \t");
    size_t len = strspn(at, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_");
    return len >= 3 && !isalnum((unsigned char)at[len]) && at[len] != '.' ? p : NULL;
}

/* A value the server rejects that holds a stand-in anywhere: a template's or a script's marker
 * (`{{ sb }}`, `__SB__`, `@SB@`), or a `%NAME%`, `{name}`, `$name` token
 * (conf_placeholder_token). */
static bool stand_in(const char *value)
{
    if (conf_has_placeholder(value, false))
        return true;
    for (const char *at = value; at && *at; at++)
        if (strchr("%{$", *at) && conf_placeholder_token(at))
            return true;
    return false;
}

/* The first stand-in on a template's line, for the evidence: "__SHARED_BUFFERS__". */
static bool script_marker(const ConfEntry *entry, StrBuf *why)
{
    const char *text = entry->error ? conf_error_line_value(entry->line_text) : entry->value;
    if (!text || (entry->name && conf_server_variable(text)))
        return false;
    for (const char *at = text; *at; at++) {
        size_t len = conf_marker_token(at);
        if (!len &&
            (entry->error || !entry->name || conf_whole_placeholder(text) || !strncmp(at, "${", 2)))
            len = conf_placeholder_token(at);
        if (len) {
            sb_printf(why, "line %d holds %.*s, a stand-in a script or build fills in", entry->line,
                      (int)len, at);
            return true;
        }
    }
    return false;
}

static const char *base_name(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash ? slash + 1 : path ? path : "?";
}

static bool ends_with(const char *text, const char *tail)
{
    size_t len = strlen(text), tail_len = strlen(tail);
    return len >= tail_len && !strcmp(text + len - tail_len, tail);
}

bool lint_template_path(const char *path, StrBuf *why)
{
    static const char *const exts[] = {".j2",       ".jinja", ".jinja2",   ".tmpl", ".tpl", ".erb",
                                       ".template", ".in",    ".mustache", ".hbs",  NULL};
    const char *base = base_name(path);
    for (size_t idx = 0; exts[idx]; idx++)
        if (ends_with(base, exts[idx])) {
            sb_printf(why, "its name ends in %s", exts[idx]);
            return true;
        }
    for (const char *dir = path; dir && (dir = strstr(dir, "/template")); dir++) {
        size_t len = strlen("/template") + (dir[9] == 's');
        if (dir[len] == '/' && dir + len < base) {
            sb_printf(why, "it is in a directory named %.*s/", (int)len - 1, dir + 1);
            return true;
        }
    }
    return false;
}

/* Where the server reads this file as it is: a data directory, `--host local`, or a server's
 * own configuration directory. There a placeholder is the server's refusal, not a template's
 * normal state. */
bool lint_server_home(const char *file)
{
    static const char *const homes[] = {"/etc/postgresql/", "/var/lib/postgresql/",
                                        "/var/lib/pgsql/", NULL};
    for (size_t idx = 0; homes[idx]; idx++)
        if (file && !strncmp(file, homes[idx], strlen(homes[idx])))
            return true;
    return false;
}

static bool deployed(const ConfSet *set, const char *file, bool target_here)
{
    return set->data_dir || target_here || lint_server_home(file);
}

/* Why the file is a template by design, into `why`: its path, or the first line holding a
 * template engine's own syntax, or the first redacted value. False when nothing says so (a shell
 * variable in a path, a sed script's bare words): the file then reads as deployed. */
static bool design_evidence(const ConfSet *set, const Catalog *cat, const bool *templated,
                            const ConfEntry *first, StrBuf *why)
{
    if (lint_template_path(first->file, why))
        return true;
    if (set->template_evidence) {
        sb_printf(why, "%s", set->template_evidence);
        return true;
    }
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        const char *text = entry->error ? entry->line_text : entry->value;
        if (templated[idx] && conf_template_syntax(text)) {
            sb_printf(why, "line %d holds a template engine's syntax", entry->line);
            return true;
        }
    }
    /* `$${psql_version}`: a templating tool's escape for `${` (Terraform's templatefile), which
     * no one writes for the server or a shell (held-out set 52, h52c 44: an error and envsubst
     * advice for a template PK0004 already named one). Not `$$NAME`, compose's escape for one
     * dollar, which reaches the server as text where no shell runs the command. */
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        const char *text = entry->error ? entry->line_text : entry->value;
        const char *at = templated[idx] && text ? strstr(text, "$${") : NULL;
        const char *close = at ? strchr(at, '}') : NULL;
        if (close) {
            sb_printf(why, "line %d holds %.*s, a templating tool's escaped ${", entry->line,
                      (int)(close + 1 - at), at);
            return true;
        }
    }
    /* a script's stand-in (`__NAME__`, `@NAME@`, `%NAME%`, `{name}`, `${NAME}`), except a shell
     * variable in a path, which the owner may believe the server expands */
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        char *name = entry->name ? NULL : conf_error_line_name(entry);
        bool path_var = conf_path_setting(entry->name ? entry->name : name) &&
                        conf_shell_variable(entry->error ? entry->line_text : entry->value);
        free(name);
        if (templated[idx] && !path_var && script_marker(entry, why))
            return true;
    }
    for (size_t idx = 0; idx < set->n_entries; idx++)
        if (templated[idx] && !set->entries[idx].error &&
            conf_redacted_value(set->entries[idx].value)) {
            sb_printf(why, "line %d holds a redacted or to-be-filled value (\"%s\")",
                      set->entries[idx].line, set->entries[idx].value);
            return true;
        }
    /* only counted from BARE_WORDS_MIN on: a sed script's own template */
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const char *comment = templated[idx] ? comment_value(&set->entries[idx]) : NULL;
        if (comment) {
            sb_printf(why,
                      "line %d and others write a comment where the value belongs, for a script"
                      " to fill in (\"%s\")",
                      set->entries[idx].line, comment);
            return true;
        }
    }
    for (size_t idx = 0; idx < set->n_entries; idx++)
        if (templated[idx] && bare_word(&set->entries[idx], cat)) {
            sb_printf(why,
                      "line %d and others hold words where numbers belong, as a sed"
                      " script's template does (\"%s\")",
                      set->entries[idx].line, set->entries[idx].value);
            return true;
        }
    return false;
}

const ConfEntry *lint_marked_lines(const ConfSet *set, const bool *marked, StrBuf *lines)
{
    const ConfEntry *first = NULL;
    size_t shown = 0;
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (!marked[idx])
            continue;
        if (!first)
            first = entry;
        if (++shown > 20)
            continue;
        if (strcmp(entry->file, first->file))
            sb_printf(lines, "%s%s:%d", shown > 1 ? ", " : "", base_name(entry->file), entry->line);
        else
            sb_printf(lines, "%s%d", shown > 1 ? ", " : "", entry->line);
    }
    if (shown > 20)
        sb_printf(lines, " and %zu more", shown - 20);
    return first;
}

static void add_template_finding(const ConfSet *set, const Catalog *cat, const bool *templated,
                                 size_t n, bool refused, bool target_here, const char *as_is,
                                 FindingList *out)
{
    StrBuf lines = STRBUF_INIT;
    const ConfEntry *first = lint_marked_lines(set, templated, &lines);
    Finding *f = lint_entry_finding(out, "PK0003", first);
    StrBuf why = STRBUF_INIT;
    bool by_design = design_evidence(set, cat, templated, first, &why);
    /* every such line a path the server opens, or some other value (review 2026-12q, h18b 22:
     * `max_connections = ${VAR:-200}` was called "a shell variable in a path") */
    bool paths = true;
    for (size_t idx = 0; paths && idx < set->n_entries; idx++) {
        if (!templated[idx])
            continue;
        const ConfEntry *entry = &set->entries[idx];
        char *name = entry->name ? xstrdup(entry->name) : conf_error_line_name(entry);
        paths = name && conf_path_setting(name);
        free(name);
    }
    if (deployed(set, first->file, target_here) || !by_design) {
        f->message = finding_take(
            f, by_design ? xasprintf("the file is a template that was never rendered: %zu"
                                     " line%s of template syntax where settings belong"
                                     " (line%s %s)",
                                     n, n == 1 ? "" : "s", n == 1 ? "" : "s", sb_str(&lines))
                         : xasprintf("%zu line%s hold%s placeholders the server does not"
                                     " fill in (a shell variable%s) where"
                                     " values belong (line%s %s)",
                                     n, n == 1 ? "" : "s", n == 1 ? "s" : "",
                                     paths ? " in a path" : "", n == 1 ? "" : "s", sb_str(&lines)));
        /* only strings the server takes as text ('{{ name }}'): it may well start, with them;
         * where every such line is a custom parameter's (app.env), which only the application
         * reads, the server neither refuses nor misbehaves: a warning (review 2026-12zo, h59a
         * 06) */
        f->refuses_start = refused;
        bool custom_only = !refused;
        for (size_t idx = 0; custom_only && idx < set->n_entries; idx++)
            custom_only =
                !templated[idx] || (set->entries[idx].name && strchr(set->entries[idx].name, '.'));
        if (custom_only)
            finding_set_severity(f, SEV_WARNING);
        f->hint = finding_take(
            f, by_design ? xasprintf("%s%s%s Render the template with the deployment's values (helm"
                                     " template, ansible, envsubst, the sed script) and lint the"
                                     " output.",
                                     as_is ? as_is : "", as_is ? " " : "",
                                     refused ? "The server refuses to start with it."
                                             : "The server would take the placeholders as literal"
                                               " text.")
               : paths
                   ? xstrdup("The server opens a path as written and expands no variable"
                             " in it (its own $libdir in library paths aside): where that"
                             " path does not exist it refuses to start. Write the real"
                             " path, or render the file (envsubst) before the server reads"
                             " it.")
                   : xasprintf("The server expands no shell variable in a value (only its own"
                               " $libdir in library paths and $user in search_path): %s. Write"
                               " the real value, or render the file (envsubst) before the server"
                               " reads it.",
                               refused ? "such a line is a syntax error or a value it rejects,"
                                         " and it refuses to start"
                                       : "it takes the text as written"));
    } else {
        /* a template by design: unrendered is its normal state, and the owner changes nothing in
         * it; what the server will read is the rendered file */
        f->severity = SEV_NOTICE;
        f->refuses_start = false;
        f->message = finding_printf(f,
                                    "a template (%s): lint the rendered file; %zu line%s hold"
                                    "%s placeholders (line%s %s)",
                                    sb_str(&why), n, n == 1 ? "" : "s", n == 1 ? "s" : "",
                                    n == 1 ? "" : "s", sb_str(&lines));
        f->hint = finding_printf(
            f,
            "pgknob read %s as a template because %s, and checked the rest of"
            " it. Render it with the deployment's values (ansible, salt, helm"
            " template, envsubst, the sed script) and lint the output; linted in"
            " a data directory or with --host local, where the server reads it"
            " as it is, unrendered placeholders are an error%s.",
            base_name(first->file), sb_str(&why), refused ? " (the server refuses to start)" : "");
    }
    sb_free(&why);
    f->suggestion = finding_strdup(f, "lint the rendered configuration, not the template");
    sb_free(&lines);
}

/* How many template tags `text` leaves open: each engine's openers minus its closers (Jinja's
 * `{% %}`, `{{ }}`, `{# #}`, ERB's `<% %>`), never below zero. Outside a tag, an opener in a
 * quoted value is text (`log_line_prefix = '<%t> '`), and a comment ends the line. */
static int tags_left_open(const char *text, int open)
{
    static const char *const pairs[][2] = {{"<%", "%>"}, {"{%", "%}"}, {"{{", "}}"}, {"{#", "#}"}};
    bool quoted = false;
    for (const char *at = text; at && *at; at++) {
        if (!open && *at == '\'') {
            quoted = !quoted;
            continue;
        }
        if (!open && !quoted && *at == '#')
            break;
        if (!open && quoted)
            continue;
        for (size_t idx = 0; idx < sizeof(pairs) / sizeof(pairs[0]); idx++) {
            if (!strncmp(at, pairs[idx][0], 2)) {
                open++;
                at++;
                break;
            }
            if (!strncmp(at, pairs[idx][1], 2)) {
                open = open > 0 ? open - 1 : 0;
                at++;
                break;
            }
        }
    }
    return open;
}

/* The entries on lines inside a tag that spans lines: from the line that leaves it open (`<%=
 * key %> = <%=`, or `<%` alone), through `case value`, `when String`, ..., to the line that
 * closes it. */
static void mark_lines_in_tags(const ConfSet *set, bool *in_tag)
{
    const char *file = NULL;
    int open = 0;
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (!file || strcmp(file, entry->file)) {
            file = entry->file;
            open = 0;
        }
        int before = open;
        open = tags_left_open(entry->line_text, open);
        in_tag[idx] = before > 0 || open > 0;
    }
}

/* ERB's code and comment tags (`<% x %>`, `<%- x -%>`, `<%# x %>`) print nothing: as the whole
 * value of `name = <% @x %>` they render `name =`, a syntax error in every rendering. `<%=`
 * prints and `<%%` is a literal. */
static bool value_prints_nothing(const char *line_text)
{
    const char *at = line_text ? strchr(line_text, '=') : NULL;
    if (!at)
        return false;
    at += 1 + strspn(at + 1, " \t");
    if (strncmp(at, "<%", 2) || at[2] == '=' || at[2] == '%')
        return false;
    const char *close = strstr(at + 2, "%>");
    if (!close)
        return false;
    close += 2 + strspn(close + 2, " \t");
    return !*close || *close == '#';
}

static void add_empty_output_finding(const ConfSet *set, FindingList *out)
{
    StrBuf lines = STRBUF_INIT;
    const ConfEntry *first = NULL;
    size_t count = 0;
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (!value_prints_nothing(entry->line_text))
            continue;
        sb_printf(&lines, "%s%d", count ? ", " : "", entry->line);
        first = first ? first : entry;
        count++;
    }
    if (first) {
        Finding *f = lint_entry_finding(out, "PK0006", first);
        f->refuses_start = true;
        f->message = finding_printf(f,
                                    "%zu line%s set%s a value with an ERB tag that prints nothing"
                                    " (<%% %%>, not <%%= %%>): every rendering has no value there,"
                                    " a syntax error (line%s %s)",
                                    count, count == 1 ? "" : "s", count == 1 ? "s" : "",
                                    count == 1 ? "" : "s", sb_str(&lines));
        f->hint = finding_strdup(f, "A <% %> tag runs code and prints nothing; <%= %> prints its"
                                    " value. The server refuses to start with `name =` and no"
                                    " value.");
        f->suggestion = finding_strdup(f, "write <%= ... %> where the value belongs");
    }
    sb_free(&lines);
}

/* Does the line end with a tag that trims the newline after it (`-%>`, `-}}`, `~}}`, trailing
 * blanks aside)? Within the line such a tag trims nothing that matters. */
static bool ends_trimming(const char *text)
{
    size_t len = strlen(text);
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    static const char *const marks[] = {"-%>", "-}}", "~}}"};
    for (size_t idx = 0; idx < sizeof(marks) / sizeof(marks[0]); idx++)
        if (len >= 3 && !strncmp(text + len - 3, marks[idx], 3))
            return true;
    return false;
}

/* `text` with each tag that prints a value (`{{ … }}`, `<%= … %>`) in place of a word: the
 * shape of every rendering, whatever the tags print. NULL when the line has none, or has a
 * statement or comment tag (`{% if %}`, `<% x %>`, `{# #}`), whose rendering the shape cannot
 * show, or a tag left open. */
static char *rendered_shape(const char *text)
{
    /* a tag that trims the newline after it (ERB's `-%>`, Jinja's `-}}`, Handlebars' `~}}`)
     * joins the next line to this one: the line alone is no rendering's (held-out set 45, 35:
     * Zulip's primary_conninfo over four lines) */
    if (!text || strstr(text, "{%") || strstr(text, "{#") ||
        (strstr(text, "<%") && !strstr(text, "<%=")) || ends_trimming(text))
        return NULL;
    StrBuf sb = STRBUF_INIT;
    bool any = false;
    for (const char *p = text; *p;) {
        const char *close = NULL;
        if (!strncmp(p, "{{", 2))
            close = strstr(p + 2, "}}");
        else if (!strncmp(p, "<%=", 3))
            close = strstr(p + 3, "%>");
        if ((!strncmp(p, "{{", 2) || !strncmp(p, "<%=", 3)) && !close) {
            sb_free(&sb);
            return NULL;
        }
        if (close) {
            sb_printf(&sb, "x");
            p = close + 2;
            any = true;
        } else {
            sb_printf(&sb, "%c", *p++);
        }
    }
    if (!any) {
        sb_free(&sb);
        return NULL;
    }
    return sb_detach(&sb);
}

/* A template's line of `name = value` whose every rendering is a syntax error: its shape with
 * the tags as words does not read (`listen_addresses = '{{ a }}','{{ b }}'` renders two quoted
 * strings with a comma between, which the server refuses: held-out set 44, 09, checked on 15).
 * One finding for the file with the lines. */
static void add_rendered_syntax_finding(const ConfSet *set, const bool *raw, FindingList *out)
{
    StrBuf lines = STRBUF_INIT;
    const ConfEntry *first = NULL;
    char *first_shape = NULL;
    size_t count = 0;
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (!entry->error || entry->alternative || !entry->line_text || raw[idx])
            continue;
        /* the name must be written out: a tag that prints a whole line prints any shape */
        char *name = conf_error_line_name(entry);
        bool literal_name = name && !conf_has_placeholder(name, false);
        free(name);
        char *shape = literal_name ? rendered_shape(entry->line_text) : NULL;
        if (!shape)
            continue;
        ConfSet probe = {0};
        conf_load_buffer("rendered", shape, strlen(shape), &probe);
        bool broken = false;
        for (size_t at = 0; at < probe.n_entries && !broken; at++)
            broken = probe.entries[at].error != NULL;
        arena_free(probe.arena);
        if (!broken) {
            free(shape);
            continue;
        }
        sb_printf(&lines, "%s%d", count ? ", " : "", entry->line);
        if (!first) {
            first = entry;
            first_shape = shape;
        } else {
            free(shape);
        }
        count++;
    }
    if (first) {
        Finding *f = lint_entry_finding(out, "PK0007", first);
        f->refuses_start = true;
        f->message =
            finding_printf(f,
                           "%zu template line%s cannot read whatever %s placeholders "
                           "print: rendered, line %d has the shape \"%s\", a syntax "
                           "error (line%s %s)",
                           count, count == 1 ? "" : "s", count == 1 ? "its" : "their", first->line,
                           first_shape, count == 1 ? "" : "s", sb_str(&lines));
        f->hint = finding_strdup(f, "Every rendering has this shape, and the server refuses to"
                                    " start with it. A list is one quoted string with commas"
                                    " inside it (listen_addresses = '{{ a }},{{ b }}'), not"
                                    " quoted strings with commas between them.");
    }
    free(first_shape);
    sb_free(&lines);
}

/* Jinja's `{% raw %}` ... `{% endraw %}` (with `-` trims too): the tag itself. */
static bool jinja_tag_word(const char *text, const char *word)
{
    const char *at = text ? strstr(text, "{%") : NULL;
    if (!at)
        return false;
    at += 2;
    at += *at == '-' || *at == '+';
    at += strspn(at, " \t");
    size_t len = strlen(word);
    return !strncmp(at, word, len) && (at[len] == ' ' || at[len] == '-' || at[len] == '%');
}

/* The entries between `{% raw %}` and `{% endraw %}`: rendering copies them as written, so a
 * template tag there reaches the server (review 2026-12u, h22d 43: a literal `{% include %}`). */
static void mark_raw_lines(const ConfSet *set, bool *raw)
{
    const char *file = NULL;
    bool inside = false;
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (!file || strcmp(file, entry->file)) {
            file = entry->file;
            inside = false;
        }
        if (inside && jinja_tag_word(entry->line_text, "endraw")) {
            inside = false;
            continue;
        }
        raw[idx] = inside;
        if (!inside && jinja_tag_word(entry->line_text, "raw"))
            inside = true;
    }
}

size_t lint_check_template(const ConfSet *set, const Catalog *cat, bool target_here,
                           const char *as_is, bool *templated, bool *in_tag, FindingList *out)
{
    size_t n_marked = 0, n_bare = 0, n_comment = 0;
    bool refused = false;
    mark_lines_in_tags(set, in_tag);
    bool *raw = xcalloc(set->n_entries + 1, sizeof(bool));
    mark_raw_lines(set, raw);
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (raw[idx]) {
            in_tag[idx] = false; /* literal text: the server reads it as it is */
            continue;
        }
        if (!target_here && !as_is && entry->error && conf_renders_comment(entry->line_text)) {
            in_tag[idx] = true; /* renders comments only (held-out set 52, h52a 15) */
            continue;
        }
        if (in_tag[idx]) {
            templated[idx] = true;
            n_marked++;
            refused |= true;
            continue;
        }
        /* a line that did not parse (or an include of a path with a shell variable, which the
         * server never expands), a value the server rejects, or a string holding a template's
         * own syntax (conf_placeholder_value: not a command's ${VAR}) */
        bool marked = entry->error
                          ? conf_has_placeholder(entry->line_text, false) ||
                                conf_placeholder_token(conf_error_line_value(entry->line_text)) ||
                                (!entry->token && strstr(entry->line_text, "include") &&
                                 conf_shell_variable(entry->line_text))
                          : (rejected(entry, cat) && stand_in(entry->value)) ||
                                conf_placeholder_value(entry->name, entry->value) ||
                                /* a name the template prints (`{{ key }}: {{ value }}` in a
                                 * loop over a mapping) */
                                (entry->name && conf_has_placeholder(entry->name, false));
        templated[idx] = marked;
        n_marked += marked;
        refused |= marked && (entry->error || rejected(entry, cat));
        n_bare += !marked && bare_word(entry, cat);
        n_comment += !marked && comment_value(entry);
    }
    if (n_comment >= BARE_WORDS_MIN)
        for (size_t idx = 0; idx < set->n_entries; idx++)
            if (!templated[idx] && !raw[idx] && comment_value(&set->entries[idx])) {
                templated[idx] = true;
                n_marked++;
                refused = true;
            }
    if (n_bare >= BARE_WORDS_MIN)
        for (size_t idx = 0; idx < set->n_entries; idx++)
            if (!templated[idx] && !raw[idx] && bare_word(&set->entries[idx], cat)) {
                templated[idx] = true;
                n_marked++;
                refused = true;
            }
    if (n_marked)
        add_template_finding(set, cat, templated, n_marked, refused, target_here || as_is, as_is,
                             out);
    add_empty_output_finding(set, out);
    add_rendered_syntax_finding(set, raw, out);
    free(raw);
    return n_marked;
}

/* The next setting of `first`'s name after it, when it is an alternative (an elif/else branch of
 * the same block) with another value; NULL otherwise. */
static const ConfEntry *other_branch(const ConfSet *set, size_t first)
{
    const ConfEntry *e = &set->entries[first];
    for (size_t idx = first + 1; idx < set->n_entries; idx++) {
        const ConfEntry *next = &set->entries[idx];
        if (!next->name || strcasecmp(next->name, e->name) || strcmp(next->file, e->file))
            continue;
        return next->alternative && next->value && e->value && strcmp(next->value, e->value) ? next
                                                                                             : NULL;
    }
    return NULL;
}

void lint_template_alternatives(const ConfSet *set, FindingList *out, size_t begin, size_t end)
{
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *e = &set->entries[idx];
        if (!e->name || !e->block_line || e->alternative || !e->applied)
            continue;
        const ConfEntry *other = other_branch(set, idx);
        if (!other)
            continue;
        for (size_t fi = begin; fi < end && fi < out->n; fi++) {
            Finding *f = &out->items[fi];
            if (f->severity <= SEV_NOTICE || f->line != e->line || !f->file ||
                strcmp(f->file, e->file))
                continue;
            finding_set_severity(f, SEV_NOTICE);
            f->refuses_start = false;
            f->hint = finding_printf(
                f,
                "%s%sLine %d is one branch of the template's block opened at line %d, and line %d"
                " sets %s = '%s' in another: which one renders depends on a condition pgknob"
                " cannot evaluate unrendered; render the template for each target and lint the"
                " output.",
                f->hint ? f->hint : "", f->hint ? " " : "", e->line, e->block_line, other->line,
                other->name, other->value);
            while (f->n_fixes)
                finding_drop_fix(f, 0);
        }
    }
}

/* A line that is a placeholder alone (`${POSTGRES_SETTINGS}`, `{{ extra_config }}`) renders as
 * whatever settings the template is given, so a finding that reads only values the file leaves
 * at their defaults judges what may not run: suppressed, saying why (review 2026-12zg,
 * h34a 07: effective_io_concurrency and random_page_cost "at their defaults" in a kobo template
 * whose line 16 takes pgconfig.org's SSD tuning). */
/* A line whose parameter name is a placeholder (`<%= key %> = <%= value %>` in a loop over a
 * hash, `{{ item.name }} = {{ item.value }}`): it may set any parameter (review 2026-12zg, h36b
 * 25: a Chef template rendering every attribute, told it did not preload pg_stat_statements). */
/* An output tag's length at p (`{{ x }}`, `<%= x %>`, `${x}`, `%{x}`, or a bare placeholder
 * token), 0 when none: a statement (`{% if %}`, `<% if %>`) prints nothing. */
static size_t output_tag_len(const char *p)
{
    static const char *const pairs[][2] = {
        {"{{", "}}"}, {"<%=", "%>"}, {"<%-=", "%>"}, {"${", "}"}, {"%{", "}"}};
    for (size_t idx = 0; idx < sizeof(pairs) / sizeof(pairs[0]); idx++) {
        size_t open = strlen(pairs[idx][0]);
        if (strncmp(p, pairs[idx][0], open))
            continue;
        const char *close = strstr(p + open, pairs[idx][1]);
        return close ? (size_t)(close - p) + strlen(pairs[idx][1]) : 0;
    }
    return conf_placeholder_token(p);
}

/* A line that may set any parameter: one whose parameter name is an output tag (`<%= key %> =
 * <%= value %>`, the body of a loop over a hash; `{{ item.name }} = {{ item.value }}`), or a
 * whole-line placeholder (review 2026-12zg, h36b 25: a Chef template rendering every attribute,
 * told it did not preload pg_stat_statements). A loop alone says nothing: it may write comments
 * or other files' lines. */
static bool placeholder_name(const char *line_text)
{
    const char *p = line_text + strspn(line_text, " \t");
    size_t len = output_tag_len(p);
    if (!len)
        return false;
    p += len;
    p += strspn(p, " \t");
    /* name = value, or name value as postgresql.conf also reads it */
    return *p == '=' || !*p || output_tag_len(p);
}

void lint_template_expansion(const ConfSet *set, FindingList *out, size_t begin, size_t end)
{
    const ConfEntry *expansion = NULL;
    for (size_t idx = 0; idx < set->n_entries && !expansion; idx++) {
        const ConfEntry *e = &set->entries[idx];
        /* `{{ ansible_managed | comment }}` renders comment lines, no setting (held-out set
         * 61, h61a 10: both recommendations suppressed on it) */
        if (e->line_text && conf_renders_comment(e->line_text))
            continue;
        /* a manifest's parameters map keyed by a tag (`{{ key }}: "{{ value }}"` in a loop over
         * a mapping: held-out set 42, h42c 35, a Patroni role told it did not preload
         * pg_stat_statements, whose suggestion would have dropped its timescaledb) */
        if ((e->error && e->line_text &&
             (conf_whole_placeholder(e->line_text) || placeholder_name(e->line_text))) ||
            (!e->error && e->name && conf_has_placeholder(e->name, false)))
            expansion = e;
    }
    if (!expansion)
        return;
    for (size_t fi = begin; fi < end && fi < out->n; fi++) {
        Finding *f = &out->items[fi];
        bool all_default = f->n_settings > 0 && !f->suppressed;
        for (size_t s = 0; all_default && s < f->n_settings; s++)
            all_default = !f->settings[s].file;
        if (!all_default)
            continue;
        f->suppressed = true;
        f->suppress_reason = finding_printf(
            f,
            "line %d (%.60s) writes settings the template fills in, which may set %s:"
            " the default this finding reads may not be what runs; render the template and lint"
            " the output",
            expansion->line, expansion->line_text, f->settings[0].name);
    }
}
